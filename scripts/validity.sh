#!/usr/bin/env bash
# The runs behind docs/decisions/measurement-validity.md: three identical standard runs (run-to-run
# agreement), the floor measured alone (subset against full selection), the same selection with every
# engine x workload in its own process (isolation), all into results/validity/. Then prints the analysis.
# Takes about 15 minutes on 2 cores with the default selection. Usage: scripts/validity.sh [ENGINES] [WORKLOADS]
set -euo pipefail
cd "$(dirname "$0")/.."
engines=${1:-sink,signal,subscriber-direct,opencombine}
workloads=${2:-CreateMapFilter,MapFilterPumping,MapFilterCreating,PublishSubjectPumping,CombineLatestPumping,NeverMapLifecycle,JustMap}
out=results/validity
swift build -c release --product rxbench >&2
mkdir -p "$out"
run() { .build/release/rxbench --profile standard --format csv "$@"; }
for i in 1 2 3; do
  run --engine "$engines" --workload "$workloads" --output "$out/run$i.csv"
done
run --engine baseline --workload "$workloads" --output "$out/floor-alone.csv"
run --engine "$engines" --workload "$workloads" --isolation process --output "$out/isolated.csv"
python3 scripts/rxtools validity "$out"
