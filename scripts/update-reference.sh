#!/usr/bin/env bash
# Rewrites results/reference/: the exact figures CI's gate compares every run with (mallocs and bytes of
# the quick profile under glibc and jemalloc, instruction counts of every row). Run it in the commit that
# changes an engine's cost, review the diff, and commit results/reference/ with the change.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/release-build.sh
build_release_rxbench
mkdir -p results/reference
for allocator in system jemalloc; do
  "$RXBENCH" --engine all --workload all --profile quick --allocator "$allocator" \
    --format csv --output "results/reference/quick-$allocator.csv"
done
"$RXBENCH" --engine all --workload all --instructions --format csv \
  --output results/reference/instructions.csv
echo "wrote results/reference/; review with: git diff --stat results/reference"
