#!/usr/bin/env bash
# Makes the HTML reports of the runs kept in results/, from their tracked CSVs: DIR/report/index.html,
# charts/*/*.png|svg, cost-model.csv and a copy of each CSV (scripts/rxtools report). Reports are generated,
# not kept in git (.gitignore: results/**/report/); the CSVs are the record.
#
#     scripts/reports.sh            every report below
#     scripts/reports.sh DIR ...    only these (e.g. results/2026-11-24-every-row)
#     scripts/reports.sh --list     the results dirs and their inputs, one line each
#
# Each DIR's report/ is removed and written again. Inputs are listed in the order of the page's sections
# (the order the report was first made with). A missing input stops it with one line, before anything is
# written. A new run whose report should be kept reproducible gets its line in REPORTS.
set -euo pipefail
cd "$(dirname "$0")/.."

# DIR, then its CSVs in section order.
REPORTS=(
  "results/2026-11-22-standard system.csv jemalloc.csv"
  "results/2026-11-23-standard system.csv scaling-quick.csv instructions.csv"
  "results/2026-11-23-every-row system.csv"
  "results/2026-11-24-every-row system.csv"
)

fail() { echo "reports.sh: $*" >&2; exit 2; }

list=0
wanted=()
for arg in "$@"; do
  case "$arg" in
    --list) list=1 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) fail "unknown option '$arg' (options: --list, --help)" ;;
    *)
      dir="${arg%/}"
      found=0
      for entry in "${REPORTS[@]}"; do
        [ "${entry%% *}" = "$dir" ] && found=1
      done
      [ "$found" = 1 ] || fail "no report is made for '$arg' (scripts/reports.sh --list names them)"
      wanted+=("$dir")
      ;;
  esac
done

selected=()
for entry in "${REPORTS[@]}"; do
  dir="${entry%% *}"
  if [ "${#wanted[@]}" = 0 ] || [[ " ${wanted[*]} " == *" $dir "* ]]; then
    selected+=("$entry")
  fi
done

if [ "$list" = 1 ]; then
  printf '%s\n' "${selected[@]}"
  exit 0
fi

# Every input first: a missing one stops the whole command before any report is touched.
for entry in "${selected[@]}"; do
  read -r dir files <<< "$entry"
  for file in $files; do
    [ -f "$dir/$file" ] || fail "missing input $dir/$file (a tracked CSV: git checkout -- $dir/$file)"
  done
done

py="$(scripts/venv.sh)"
for entry in "${selected[@]}"; do
  read -r dir files <<< "$entry"
  inputs=()
  for file in $files; do
    inputs+=("$dir/$file")
  done
  rm -rf "$dir/report"
  "$py" scripts/rxtools report "${inputs[@]}" --out "$dir/report"
done
