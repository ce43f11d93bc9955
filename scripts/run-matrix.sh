#!/usr/bin/env bash
# The full matrix: every engine, every workload, standard profile, both allocators, into results/<date>/.
# Then the summary tables, and the HTML report with its charts in results/<date>/report/ (not tracked:
# .gitignore; add the dir and its CSVs to scripts/reports.sh to make the report again later).
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${1:-standard}"
out="results/$(date -u +%Y-%m-%d)-$profile"
mkdir -p "$out"
swift build -c release --product rxbench
for allocator in system jemalloc; do
  .build/release/rxbench --engine all --workload all --profile "$profile" --allocator "$allocator" \
    --format csv --output "$out/$allocator.csv"
  python3 scripts/rxtools summarize "$out/$allocator.csv" > "$out/$allocator-summary.md"
done
# The HTML report (charts, summary, cost model) in report/: index.html, charts/, cost-model.csv.
py="$(scripts/venv.sh)"
"$py" scripts/rxtools report "$out/system.csv" "$out/jemalloc.csv" --out "$out/report"
echo "wrote $out"
