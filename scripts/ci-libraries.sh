#!/usr/bin/env bash
# What CI runs for Libraries/ (the real RxSwift, ReactiveSwift, SwiftSignalKit as Telegram ships it and its
# standalone fork, and ReactiveKit as rows), where their sources can be had: gets them at the pinned revisions
# (scripts/libraries.sh), builds the rows in release, checks each row's conformance report against the committed
# one, and runs every workload once on the five rows (the quick profile at one repetition,
# results/ci/libraries-quick.csv: each run checks its checksum; nothing reads the times).
#
# Where the sources are found: RXBENCH_LIBRARY_SOURCES (one git clone per library, named after its repository),
# else the folder where this project's machines keep the git snapshots the fetch tool brought
# (RXBENCH_LIBRARY_MIRROR, by default /work/.mirror/<owner>+<name>/repo). Neither: one line says this step was
# not checked, and CI goes on (the root package never needs the libraries). With --build-only: the sources and
# the release build only, which .ci/run runs beside the tests, before the timed runs. With --run-only: the
# checks on the binary that --build-only made, with no SwiftPM call (.ci/run runs them beside the instruction
# counts, while other packages build in the same scratch path).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-all}"
if [ "$#" -gt 1 ] || { [ "$#" = 1 ] && [ "$1" != --build-only ] && [ "$1" != --run-only ]; }; then
  echo "ci-libraries.sh: unknown arguments '$*'; the options are --build-only and --run-only" >&2
  exit 2
fi
mkdir -p results/ci

sources="${RXBENCH_LIBRARY_SOURCES:-}"
if [ -z "$sources" ]; then
  mirror="${RXBENCH_LIBRARY_MIRROR:-/work/.mirror}"
  declare -A snapshots=(
    [RxSwift]="$mirror/ReactiveX+RxSwift/repo"
    [ReactiveSwift]="$mirror/ReactiveCocoa+ReactiveSwift/repo"
    [SwiftSignalKit]="$mirror/imsgao+SwiftSignalKit/repo"
    [Signals]="$mirror/cntrump+Signals/repo"
    [ReactiveKit]="$mirror/DeclarativeHub+ReactiveKit/repo"
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

. scripts/release-build.sh  # RXBENCH_COMMIT, for a binary built outside the checkout
# Into rxbench's own release scratch path (where .ci/run has built rxbench), as scripts/ci-example.sh and
# scripts/ci-benchmarks.sh build: rxbench's modules are compiled with the same flags for both packages, so only
# the libraries and their rows are compiled here (a scratch path of its own compiled all of rxbench again).
scratch="${RXBENCH_LIBRARIES_SCRATCH:-$RELEASE_SCRATCH}"
binary="$scratch/release/rxbench-libraries"
if [ "$mode" = --run-only ]; then
  if [ ! -x "$binary" ]; then
    echo "ci-libraries.sh: no $binary to run; build it first with scripts/ci-libraries.sh --build-only" >&2
    exit 1
  fi
else
  RXBENCH_LIBRARY_SOURCES="$sources" scripts/libraries.sh
  echo "-- the five rows, release build"
  swift build -c release --package-path Libraries --product rxbench-libraries --scratch-path "$scratch"
fi
if [ "$mode" = --build-only ]; then exit 0; fi

# What Libraries/Tests/LibraryRowTests checks under `swift test --package-path Libraries`, through the release
# binary's own conformance report: CI spares the second (debug) build of the libraries.
echo "-- each row's conformance report is the committed one (Libraries/Tests/LibraryRowTests/Expected/)"
for row in rxswift reactiveswift swiftsignalkit signals-fork reactivekit; do
  expected="Libraries/Tests/LibraryRowTests/Expected/$row.txt"
  if ! "$binary" conformance --engine "$row" > "results/ci/libraries-conformance-$row.txt"; then
    echo "ci-libraries.sh: rxbench-libraries conformance --engine $row failed" >&2
    exit 1
  fi
  if ! diff -u "$expected" "results/ci/libraries-conformance-$row.txt" > "results/ci/libraries-conformance-$row.diff"; then
    head -n 40 "results/ci/libraries-conformance-$row.diff"
    echo "ci-libraries.sh: $row's conformance report differs from $expected (above); if the change is intended," \
      "regenerate it as Libraries/Tests/LibraryRowTests/LibraryRowConformanceTests.swift says" >&2
    exit 1
  fi
  echo "libraries: $row conforms as committed ($(grep -c . "$expected") lines)"
done

echo "-- the five rows, quick profile, one repetition: every workload's checksum on every row (times not read)"
"$binary" --engine rxswift,reactiveswift,swiftsignalkit,signals-fork,reactivekit --workload all --profile quick \
  --repetitions 1 --warmup 0 \
  --format csv --output results/ci/libraries-quick.csv
rows=$(grep -cE ',(rxswift|reactiveswift|swiftsignalkit|signals-fork|reactivekit),' results/ci/libraries-quick.csv || true)
echo "libraries: $rows records of the five rows in results/ci/libraries-quick.csv"
