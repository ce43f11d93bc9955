#!/usr/bin/env bash
# What CI runs for Libraries/ (the real RxSwift, ReactiveSwift and SwiftSignalKit as rows), where their sources
# can be had: gets them at the pinned revisions (scripts/libraries.sh), runs the Libraries package's tests (each
# row's conformance report against the committed one), builds the rows in release and runs the quick profile
# of the three rows (results/ci/libraries-quick.csv).
#
# Where the sources are found: RXBENCH_LIBRARY_SOURCES (one git clone per library, named after its repository),
# else the folder where this project's machines keep the git snapshots the fetch tool brought
# (RXBENCH_LIBRARY_MIRROR, by default /work/.mirror/<owner>+<name>/repo). Neither: one line says this step was
# not checked, and CI goes on (the root package never needs the libraries).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p results/ci

sources="${RXBENCH_LIBRARY_SOURCES:-}"
if [ -z "$sources" ]; then
  mirror="${RXBENCH_LIBRARY_MIRROR:-/work/.mirror}"
  declare -A snapshots=(
    [RxSwift]="$mirror/ReactiveX+RxSwift/repo"
    [ReactiveSwift]="$mirror/ReactiveCocoa+ReactiveSwift/repo"
    [Signals]="$mirror/cntrump+Signals/repo"
  )
  found=1
  for name in "${!snapshots[@]}"; do
    git -C "${snapshots[$name]}" rev-parse --git-dir >/dev/null 2>&1 || found=0
  done
  if [ "$found" = 1 ]; then
    sources="$(mktemp -d)"
    trap 'rm -rf "$sources"' EXIT
    for name in "${!snapshots[@]}"; do ln -s "${snapshots[$name]}" "$sources/$name"; done
  fi
fi
if [ -z "$sources" ]; then
  echo "libraries: not checked: library sources not present (set RXBENCH_LIBRARY_SOURCES; README, \"The real libraries beside their models\")"
  exit 0
fi

RXBENCH_LIBRARY_SOURCES="$sources" scripts/libraries.sh

echo "-- Libraries/ tests: each row's conformance report is the committed one"
if ! swift test --package-path Libraries > results/ci/libraries-test.log 2>&1; then
  tail -n 40 results/ci/libraries-test.log
  echo "ci-libraries.sh: the Libraries/ tests failed (results/ci/libraries-test.log, above)" >&2
  exit 1
fi
grep -E "^(✔|✘|➜).*(Test run|skipped)|conform" results/ci/libraries-test.log || true

echo "-- the three rows, release build, quick profile"
scratch="${RXBENCH_LIBRARIES_SCRATCH:-/var/tmp/rxbench-libraries-release}"
swift build -c release --package-path Libraries --product rxbench-libraries --scratch-path "$scratch"
"$scratch/release/rxbench-libraries" --engine rxswift,reactiveswift,swiftsignalkit --workload all --profile quick \
  --format csv --output results/ci/libraries-quick.csv
rows=$(grep -cE ',(rxswift|reactiveswift|swiftsignalkit),' results/ci/libraries-quick.csv || true)
echo "libraries: $rows records of the three rows in results/ci/libraries-quick.csv"
