#!/usr/bin/env bash
# Builds the probe (swift-async-algorithms 1.1.4 only) and runs it RUNS times, LIFECYCLES lifecycles each, each
# run given SECONDS seconds; writes one line per run to outcomes.txt: completed, crashed (the backtrace's first
# line), or still running when its time was up.
#
#   results/2026-11-28-async-channel/flatmaplatest-probe/run.sh [RUNS] [LIFECYCLES] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-10} lifecycles=${2:-1000} seconds=${3:-20}
scratch=${TMPDIR:-/tmp}/flatmaplatest-probe
swift build -c release --scratch-path "$scratch" >/dev/null
probe="$scratch/release/flml"
{
  echo "# $runs runs of $lifecycles lifecycles each, $seconds s each, swift-async-algorithms 1.1.4, $(swift --version 2>/dev/null | head -1)"
  for run in $(seq 1 "$runs"); do
    start=$(date +%s%N)
    status=0
    output=$(timeout "$seconds" "$probe" "$lifecycles" 2>&1) || status=$?
    elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    elapsed="$((elapsed_ms / 1000)).$(printf '%03d' $((elapsed_ms % 1000)))"
    if [ "$status" -eq 0 ]; then
      echo "run $run: completed in $elapsed s ($output)"
    elif [ "$status" -eq 124 ]; then
      echo "run $run: still running after $seconds s: hung"
    else
      echo "run $run: exit $status after $elapsed s: $(echo "$output" | grep -m1 'crashed' || echo "$output" | tail -1)"
    fi
  done
} > outcomes.txt
cat outcomes.txt
