#!/usr/bin/env bash
# The per-instruction accounts of docs/decisions/engine-limits.md: for each ROW, callgrind's per-instruction
# dumps of the probe's measured regions on the MapDepth workloads (one map stage, the fixed part of an event)
# and on PublishSubjectPumping, read by scripts/rxtools instruction-account into OUT/ROW-map-stage.txt and
# OUT/ROW-publish-subject.txt.
#
#   scripts/engine-account.sh RXBENCH OUT ROW [ROW...]
#
# RXBENCH is a release rxbench (scripts/release-build.sh). valgrind 3.19 does not read the DWARF that Swift
# writes, so callgrind runs a copy with the debug sections stripped (the symbols stay, and the accounts name
# functions by them). Needs valgrind, objdump (binutils) and swift-demangle (the toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -lt 3 ]; then
  echo "engine-account.sh: give a release rxbench, an output folder and at least one row (engine-account.sh RXBENCH OUT ROW...)" >&2
  exit 2
fi
binary="$1"; out="$2"; shift 2
for tool in valgrind objdump strip; do
  command -v "$tool" >/dev/null || { echo "engine-account.sh: $tool is not installed (apt-get install valgrind binutils)" >&2; exit 2; }
done
[ -x "$binary" ] || { echo "engine-account.sh: $binary is not an executable rxbench; build one (README, \"Building\")" >&2; exit 2; }
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug "$binary" -o "$work/rxbench"
# The probe's n (RunPlan.instructions' size for these workloads): its first region's line says it.
for row in "$@"; do
  for account in "map-stage:MapDepth[depth=8],MapDepth[depth=64]" "publish-subject:PublishSubjectPumping"; do
    name="${account%%:*}"; workloads="${account#*:}"
    (cd "$work" && SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
      --toggle-collect=rxbench_measured_region --dump-after=rxbench_measured_region --dump-instr=yes \
      --callgrind-out-file="$row-$name.out" ./rxbench child probe --engine "$row" \
      --workload "$workloads" > "$row-$name.regions" 2> "$row-$name.log") || {
      cat "$work/$row-$name.log" >&2; echo "engine-account.sh: $row on $workloads failed under callgrind" >&2; exit 1; }
    events=$(awk 'NR == 1 { print $3 }' "$work/$row-$name.regions")
    dumps=("$work/$row-$name.out".*)
    python3 scripts/rxtools instruction-account --binary "$work/rxbench" --events "$events" --row "$row" \
      --dumps $(printf '%s\n' "${dumps[@]}" | sort -V) --out "$out/$row-$name.txt"
    echo "engine-account.sh: $out/$row-$name.txt"
  done
done
