# Sourced by .ci/run and the scripts that measure: the release build whose figures results/reference/ holds.
# Its scratch path is one fixed folder, not the clone's .build: the dependencies compiled in Swift 5 mode
# (OpenCombine, swift-collections, swift-argument-parser, swift-async-algorithms) embed their source paths
# (#file) in the binary, a clone under a path of another length builds another binary, and under it
# OpenCombine's instruction counts move (docs/metrics.md). One path, one binary, one set of exact figures.
# RXBENCH_RELEASE_SCRATCH moves it; the gate then compares a binary the reference was not made with.
RELEASE_SCRATCH="${RXBENCH_RELEASE_SCRATCH:-/var/tmp/rxbench-release}"
RXBENCH="$RELEASE_SCRATCH/release/rxbench"
# A binary outside the checkout cannot find the commit it was built from: the runs of this one record the
# commit of the checkout that sourced this file (the CSV's `commit` column, docs/csv-schema.md).
# A tracked file that differs from HEAD marks it `-dirty`, as the binary's own fallback does (docs/csv-schema.md).
if [ -z "${RXBENCH_COMMIT:-}" ]; then
  rxbench_checkout="$(dirname "${BASH_SOURCE[0]}")/.."
  RXBENCH_COMMIT="$(git -C "$rxbench_checkout" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
  if [ "$RXBENCH_COMMIT" != unknown ] && [ -n "$(git -C "$rxbench_checkout" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    RXBENCH_COMMIT="$RXBENCH_COMMIT-dirty"
  fi
fi
export RXBENCH_COMMIT

build_release_rxbench() {
  swift build -c release --product rxbench --scratch-path "$RELEASE_SCRATCH"
}
