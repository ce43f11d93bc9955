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
. scripts/callgrind.sh
callgrind_setup engine-account.sh "$binary" "$out" valgrind objdump strip
# The probe's n (RunPlan.instructions' size for these workloads): its first region's line says it.
for row in "$@"; do
  for account in "map-stage:MapDepth[depth=8],MapDepth[depth=64]" "publish-subject:PublishSubjectPumping"; do
    name="${account%%:*}"; workloads="${account#*:}"
    callgrind_probe engine-account.sh "$row-$name" "$row" "$workloads" --dump-instr=yes
    events=$(awk 'NR == 1 { print $3 }' "$work/$row-$name.regions")
    dumps=("$work/$row-$name.out".*)
    python3 scripts/rxtools instruction-account --binary "$work/rxbench" --events "$events" --row "$row" \
      --dumps $(printf '%s\n' "${dumps[@]}" | sort -V) --out "$out/$row-$name.txt"
    echo "engine-account.sh: $out/$row-$name.txt"
  done
done
