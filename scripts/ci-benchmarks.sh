#!/usr/bin/env bash
# What CI runs for Benchmarks/ (package-benchmark): builds the one benchmark target (and the tool it needs),
# lists the benchmarks, and checks that package-benchmark's malloc counts agree with rxbench's on the rxswift
# group at quick settings (scripts/rxtools benchmark-mallocs). Needs the release rxbench of
# scripts/release-build.sh, which .ci/run builds before; builds it if absent. Builds into that same scratch
# path, so that the engines, adapters and harness compiled for rxbench are reused and only package-benchmark
# is compiled (docs/benchmarks.md). .ci/run runs all of it beside the tests, before the timed runs: the check
# reads exact counts, which other work on the machine cannot move. With --build-only: the build and the list.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -gt 1 ] || { [ "$#" = 1 ] && [ "$1" != --build-only ]; }; then
  echo "ci-benchmarks.sh: unknown arguments '$*'; the one option is --build-only" >&2
  exit 2
fi
. scripts/release-build.sh
start=$(date +%s)

mkdir -p results/ci
CHECKED_ROWS="sink,signal,subscriber,baseline,opencombine,signal-locked-dependency"
if [ ! -x "$RXBENCH" ]; then
  build_release_rxbench
fi

echo "== Benchmarks/: build and list (release; the plugin builds BenchmarkTool and RxBenchCatalogue only)"
scratch="$RELEASE_SCRATCH"
swift package --package-path Benchmarks --scratch-path "$scratch" benchmark list --target RxBenchCatalogue > results/ci/benchmark-list.txt
# Names are engine/Workload[params]; every row rxbench lists must have benchmarks.
count=$(grep -c '^[a-z0-9-]*/[A-Za-z]' results/ci/benchmark-list.txt || true)
echo "$count benchmarks listed (results/ci/benchmark-list.txt)"
for id in $("$RXBENCH" list | awk '$2 ~ /^(engine|variant|reference|library)$/ && /^  [^ ]/ {print $1}'); do
  if ! grep -q "^$id/" results/ci/benchmark-list.txt; then
    echo "ci-benchmarks.sh: benchmark list has no benchmark for row '$id'; the registration loop is broken" >&2
    exit 1
  fi
done
if [ "$count" -lt 100 ]; then
  echo "ci-benchmarks.sh: benchmark list shows only $count benchmarks; the registration loop is broken" >&2
  exit 1
fi
echo "   build and list took $(( $(date +%s) - start )) s"
if [ "${1:-}" = --build-only ]; then exit 0; fi

echo "== malloc counts: package-benchmark against rxbench, rxswift group, six rows"
# --size 1: package-benchmark's histogram is exact below 2048 per iteration, and signal-locked-dependency's
# CombineLatestCreating makes 601 mallocs per lifecycle (SwiftSignalKit's combineLatest), 2404 at 2N = 4.
# Six rows, not all: the check is of the two counters, not of the rows, and package-benchmark starts a process
# per benchmark (every row took 400 s of CI's time). The three engines, the floor, a library and the row with
# the largest counts (docs/decisions/ci-budget.md); the whole check is the script without --engine.
python3 scripts/rxtools benchmark-mallocs --scratch-path "$scratch" --rxbench "$RXBENCH" --group rxswift --size 1 \
  --engine "$CHECKED_ROWS" --iterations 5 --out results/ci/benchmark-mallocs.txt
echo "== Benchmarks/ done in $(( $(date +%s) - start )) s"
