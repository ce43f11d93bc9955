#!/usr/bin/env bash
# The findings: results/findings/ (FINDINGS.md, index.html, the charts) and README's findings block, made by
# python3 scripts/rxtools findings (docs/findings.md) from one standard run of the libraries people import, the lean engines,
# the library-like variants and the floor, on the app scenarios and RxSwift's own benchmarks.
#
#   scripts/findings.sh --run      make that run (needs the libraries' sources: scripts/libraries.sh), keep its
#                                  CSV and the workload catalogue (rxbench list --format csv) in
#                                  results/findings-run/, then write the page and README's block from them
#   scripts/findings.sh            write the page and README's block again from the kept run
#   scripts/findings.sh --check    write nothing; exit 1 naming the first file that is not what the kept run makes
#   scripts/findings.sh --add FILE another machine's CSV of the same command, kept beside this one as a context of
#                                  its own (never averaged with it): results/findings-run/<its cpu and date>.csv
#
# Either way it ends with scripts/rxtools doc-figures on the page and the README.
set -euo pipefail
cd "$(dirname "$0")/.."

RUN_DIR=results/findings-run
CATALOGUE=$RUN_DIR/workloads.csv
# Every row of the decomposition (lean design -> its library's locks -> built as a dependency -> the library),
# the floor, and every library row; rows a build does not have are left out by rxbench-libraries' --engine all.
ROWS=baseline,sink,sink-locked,sink-locked-dependency,rxswift,signal,signal-locked,signal-locked-dependency,swiftsignalkit,subscriber,subscriber-direct,subscriber-dependency,subscriber-locked-dependency,reactiveswift,reactivekit,opencombine,async-stream,async-channel,observation
# The app scenarios, RxSwift's own benchmarks, and one dispose beside live siblings (an app's subscription of ten
# stages among a hundred: the dispose and memory-per-subscription verdicts read it).
WORKLOADS='app,rxswift,DisposeLatencyMixed[depth=10,siblings=100]'
TIME_LIMIT=120

mode="${1:-}"
case "$mode" in
  --check | "") ;;
  --run)
    if [ ! -d Libraries/Upstream/RxSwift ]; then
      echo "findings.sh --run: the libraries' sources are not in Libraries/Upstream; run scripts/libraries.sh first (README, \"The real libraries beside their models\")" >&2
      exit 2
    fi
    . scripts/release-build.sh  # RXBENCH_COMMIT, for a binary built outside the checkout
    scratch="${RXBENCH_LIBRARIES_SCRATCH:-/var/tmp/rxbench-libraries-release}"
    swift build -c release --package-path Libraries --product rxbench-libraries --scratch-path "$scratch"
    binary="$scratch/release/rxbench-libraries"
    mkdir -p "$RUN_DIR"
    "$binary" list --format csv > "$CATALOGUE.tmp" && mv "$CATALOGUE.tmp" "$CATALOGUE"
    # Each row x workload in a process of its own, stopped after TIME_LIMIT seconds: a library whose cost grows
    # faster than its work (ReactiveKit's flatMap keeps every inner it merged: results/2026-11-28-reactivekit-flatmap/)
    # is then a finding on the page, not a run held for hours. The limit is the wide fan-in's own.
    "$binary" --engine "$ROWS" --workload "$WORKLOADS" --profile standard --isolation process \
      --time-limit "$TIME_LIMIT" --format csv --output "$RUN_DIR/standard.csv"
    mode=""
    ;;
  --add)
    file="${2:-}"
    if [ -z "$file" ] || [ ! -f "$file" ]; then
      echo "findings.sh --add: give the CSV of another machine's run (the command in results/findings/FINDINGS.md)" >&2
      exit 2
    fi
    py="$(scripts/venv.sh)"
    name="$("$py" -c 'import csv,re,sys; r=next(csv.DictReader(open(sys.argv[1]))); print(re.sub(r"[^A-Za-z0-9]+","-",r["cpu"]+"-"+r["date"][:10]).strip("-").lower())' "$file")"
    cp "$file" "$RUN_DIR/$name.csv"
    echo "findings.sh: kept $file as $RUN_DIR/$name.csv"
    mode=""
    ;;
  *) echo "findings.sh: unknown argument '$1' (--run, --check or --add FILE)" >&2; exit 2 ;;
esac
py="$(scripts/venv.sh)"
# The standard run first: its machine is context A.
csvs=("$RUN_DIR/standard.csv")
for other in "$RUN_DIR"/*.csv; do
  case "$other" in "$RUN_DIR/standard.csv" | "$CATALOGUE") ;; *) csvs+=("$other") ;; esac
done
"$py" scripts/rxtools findings --csv "${csvs[@]}" --catalogue "$CATALOGUE" --out results/findings --readme README.md $mode
"$py" scripts/rxtools doc-figures results/findings/FINDINGS.md README.md
