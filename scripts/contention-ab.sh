#!/usr/bin/env bash
# A/B of two rxbench builds on the contention group, alternating runs so that a change in the machine's
# load falls on both: scripts/contention-ab.sh OLD_BINARY NEW_BINARY OUT_DIR [RUNS]. Writes
# OUT_DIR/{old,new}-K.csv (K = 1..RUNS, default 3) and prints each row's median (MAD) per run.
# Used for the spin-then-park lock decision (docs/decisions/parking-lock.md). OLD_COMMIT and NEW_COMMIT, when
# set, name the commit each binary was built from in its CSVs' context (else rxbench asks git for HEAD).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "contention-ab.sh: give OLD_BINARY NEW_BINARY OUT_DIR [RUNS]" >&2
  exit 2
fi
old=$1 new=$2 out=$3 runs=${4:-3}
for binary in "$old" "$new"; do
  if [ ! -x "$binary" ]; then echo "contention-ab.sh: $binary is not an executable" >&2; exit 2; fi
done
mkdir -p "$out"
for k in $(seq 1 "$runs"); do
  for side in old new; do
    binary=$old commit=${OLD_COMMIT:-}
    [ "$side" = new ] && binary=$new commit=${NEW_COMMIT:-}
    RXBENCH_COMMIT=${commit:-$(git rev-parse --short=12 HEAD)} "$binary" --engine sink,signal,subscriber,subscriber-direct --workload contention --profile standard \
      --format csv --output "$out/$side-$k.csv" 2>/dev/null
  done
done
python3 - "$out" "$runs" <<'PY'
import csv, sys
out, runs = sys.argv[1], int(sys.argv[2])
table = {}
for side in ("old", "new"):
    for k in range(1, runs + 1):
        for row in csv.DictReader(open(f"{out}/{side}-{k}.csv")):
            if row["metric"] == "ns_per_event":
                table.setdefault((row["engine"], row["workload"], row["parameters"]), {}).setdefault(side, []).append(
                    f"{row['median']} ({row['mad']})")
for (engine, workload, parameters), sides in sorted(table.items()):
    print(f"{engine:18} {workload}[{parameters}]  old {' / '.join(sides.get('old', []))}  new {' / '.join(sides.get('new', []))}")
PY
