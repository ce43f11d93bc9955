#!/usr/bin/env bash
# What CI runs for Examples/CustomEngine, the plug-in API used from outside the package as a user would: builds
# the example (into the release scratch path of scripts/release-build.sh, so that only its own files are compiled), runs its whole CLI
# on the toy row beside sink, and its conformance report, in which every case the toy expresses must conform
# (what it does not express is reported as unsupported, with its reason).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/release-build.sh
mkdir -p results/ci

swift build -c release --package-path Examples/CustomEngine --scratch-path "$RELEASE_SCRATCH"
example="$RELEASE_SCRATCH/release/CustomEngine"

"$example" --engine toy,sink --workload seed --profile quick --format csv --output results/ci/custom-engine.csv
# Figures only: a record of a workload the toy cannot express (metric and flag `unsupported`, empty
# statistics; docs/csv-schema.md) is no measurement.
rows=$(awk -F, '$11 == "toy" && !/,unsupported,,,,,,,,,,unsupported,/' results/ci/custom-engine.csv | wc -l)
if [ "$rows" -eq 0 ]; then
  echo "ci-example.sh: the example's run has no toy rows (results/ci/custom-engine.csv): the plug-in did not register" >&2
  exit 1
fi

"$example" conformance --engine toy > results/ci/custom-engine-conformance.txt
summary=$(head -n 1 results/ci/custom-engine-conformance.txt)
# Differences are listed 6 spaces in; anything but "unsupported: ..." is a case the toy gets wrong.
wrong=$(grep '^      ' results/ci/custom-engine-conformance.txt | grep -vc '^      unsupported: ' || true)
if [ "$wrong" -ne 0 ] || ! echo "$summary" | grep -q '^toy: [1-9][0-9]* of '; then
  echo "ci-example.sh: the toy row fails conformance cases it expresses ($summary; results/ci/custom-engine-conformance.txt)" >&2
  exit 1
fi
echo "example: $rows toy rows measured; $summary (the rest unsupported, with reasons)"
