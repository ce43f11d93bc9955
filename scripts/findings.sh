#!/usr/bin/env bash
# The findings page of the runs kept in results/: results/findings/ (FINDINGS.md, index.html, the charts) and
# README's findings block, made by scripts/findings.py from the CSV(s) and the workload catalogue named below
# (docs/findings.md). A new run to report: put its CSV(s) in CSVS (and its workloads in the catalogue), run this,
# commit what it rewrote. CI runs it with --check.
#
#   scripts/findings.sh            rewrite results/findings/ and README's block
#   scripts/findings.sh --check    write nothing; exit 1 naming the first file that is not what the CSVs make
#
# Either way it ends with scripts/check-doc-figures.py on the page and the README.
set -euo pipefail
cd "$(dirname "$0")/.."

CSVS=(results/2026-11-27-proxies/system.csv)
CATALOGUE=docs/workloads.csv

case "${1:-}" in
  --check | "") ;;
  *) echo "findings.sh: unknown argument '$1' (the only one is --check)" >&2; exit 2 ;;
esac
py="$(scripts/venv.sh)"
"$py" scripts/findings.py --csv "${CSVS[@]}" --catalogue "$CATALOGUE" --out results/findings --readme README.md "$@"
"$py" scripts/check-doc-figures.py results/findings/FINDINGS.md README.md
