#!/usr/bin/env bash
# Per event or lifecycle, what each ROW costs the memory system and the branch predictor on WORKLOADS:
# callgrind's cache and branch simulation of the probe's measured regions, read by scripts/rxtools cache-account into
# OUT/ROW.csv (docs/decisions/measurement-validity.md, "Why the floor reads slower than stage-loop").
#
#   scripts/cache-account.sh RXBENCH OUT WORKLOADS ROW [ROW...]
#
# The simulated caches are one core's of this project's machine (lscpu): L1d 48 KiB 12-way, L1i 32 KiB 8-way,
# and as the last level its own 2 MiB L2, not the L3 that every tenant of the host shares. Like the instruction
# counts, the figures are exact for a binary and carry across machines; the time a miss costs does not.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -lt 4 ]; then
  echo "cache-account.sh: give a release rxbench, an output folder, the workloads and at least one row (cache-account.sh RXBENCH OUT WORKLOADS ROW...)" >&2
  exit 2
fi
binary="$1"; out="$2"; workloads="$3"; shift 3
. scripts/callgrind.sh
callgrind_setup cache-account.sh "$binary" "$out" valgrind strip
for row in "$@"; do
  callgrind_probe cache-account.sh "$row" "$row" "$workloads" \
    --cache-sim=yes --branch-sim=yes --D1=49152,12,64 --I1=32768,8,64 --LL=2097152,16,64
  python3 scripts/rxtools cache-account --row "$row" --regions "$work/$row.regions" \
    --dumps $(printf '%s\n' "$work/$row.out".* | sort -V) --out "$out/$row.csv"
  echo "cache-account.sh: $out/$row.csv"
done
