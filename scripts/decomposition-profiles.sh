#!/usr/bin/env bash
# The callgrind profiles behind docs/decisions/decomposition.md ("Where the dependency build's instructions
# go"): for each row and workload below, callgrind's own profile of the instruction probe's measured region,
# made the way `rxbench --instructions` runs its child (a copy of the release binary without debug sections,
# which valgrind 3.19 cannot read; deterministic hashing), annotated per function. Writes the first 20,000
# characters of each annotation into results/fidelity/profiles/, and the shares of the measured region by
# kind of cost (scripts/rxtools profile-shares) into results/fidelity/profiles/shares.csv.
#
#   scripts/decomposition-profiles.sh        # needs valgrind (apt-get install valgrind) and binutils
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/release-build.sh
command -v valgrind >/dev/null || { echo "decomposition-profiles.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
command -v objcopy >/dev/null || { echo "decomposition-profiles.sh: objcopy not found (apt-get install binutils)" >&2; exit 2; }
build_release_rxbench >/dev/null

profiles=(
  "sink-locked MapFilterPumping" "sink-locked-dependency MapFilterPumping"
  "signal-locked MapFilterPumping" "signal-locked-dependency MapFilterPumping"
  "signal-locked CombineLatestPumping" "signal-locked-dependency CombineLatestPumping"
  "subscriber MapFilterPumping" "subscriber-dependency MapFilterPumping"
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$RXBENCH" "$work/rx"
out=results/fidelity/profiles
mkdir -p "$out"
annotations=()
for profile in "${profiles[@]}"; do
  read -r row workload <<<"$profile"
  (cd "$work" && env -i SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
     --toggle-collect=rxbench_measured_region --callgrind-out-file="$row.out" \
     ./rx child probe --engine "$row" --workload "$workload" >/dev/null 2>&1)
  callgrind_annotate --inclusive=no --threshold=100 "$work/$row.out" > "$work/$row-$workload.txt"
  head -c 8000 "$work/$row-$workload.txt" > "$out/$row-$workload.txt"
  annotations+=("$work/$row-$workload.txt")
  rm "$work/$row.out"
  echo "$row $workload: $out/$row-$workload.txt"
done
python3 scripts/rxtools profile-shares "${annotations[@]}" > "$out/shares.csv"
echo "wrote $out/shares.csv (commit $(git rev-parse --short HEAD))"
