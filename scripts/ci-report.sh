#!/usr/bin/env bash
# What CI runs once rxbench has written results/ci/quick-system.csv (and quick-jemalloc.csv,
# instructions.csv): the HTML report of the quick run in results/ci/report/ (a section per CSV), the
# scripts' own tests, and the report opened in headless Chromium (no console errors, nothing fetched
# from outside, a screenshot that is not blank). Then the reports of the runs kept in results/
# (scripts/reports.sh: results/*/report/, not tracked; CI's build artefacts), each opened the same way.
# Works as root on a fresh Debian machine: installs the virtual environment and Chromium when absent.
# --no-tests: leave out the scripts' tests (.ci/run runs them earlier, while the Swift tests run).
set -euo pipefail
cd "$(dirname "$0")/.."
run_tests=1
case "${1:-}" in
  --no-tests) run_tests=0 ;;
  "") ;;
  *) echo "ci-report.sh: unknown argument '$1' (the only one is --no-tests)" >&2; exit 2 ;;
esac

echo "== python environment (.venv-scripts)"
py="$(scripts/venv.sh)"

echo "== browser"
if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "ci-report.sh: chromium is not installed (Debian package \`chromium\`)" >&2
    exit 1
  fi
fi
chromium --version 2>/dev/null | tail -n 1

echo "== HTML report of the quick run"
inputs=(results/ci/quick-system.csv)
for more in results/ci/quick-jemalloc.csv results/ci/instructions.csv; do
  if [ -f "$more" ]; then
    inputs+=("$more")
  else
    echo "ci-report.sh: no $more: the report leaves it out" >&2
  fi
done
rm -rf results/ci/report
"$py" scripts/rxtools report "${inputs[@]}" --out results/ci/report

if [ "$run_tests" = 1 ]; then
  echo "== tests of the scripts"
  "$py" -m pytest -q -p no:cacheprovider scripts/tests
fi

echo "== the report in a real browser"
"$py" scripts/tests/browser_check.py results/ci/report/index.html --screenshot results/ci/report/screenshot.png

echo "== the reports of the runs kept in results/ (scripts/reports.sh), each in the browser"
scripts/reports.sh
while read -r dir _; do
  "$py" scripts/tests/browser_check.py "$dir/report/index.html"
done < <(scripts/reports.sh --list)
