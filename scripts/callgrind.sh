# Sourced by the scripts that run rxbench's probe under callgrind (cache-account.sh, engine-account.sh), after
# their cd to the checkout: the checks before a run and the run itself, each message naming the script.

# callgrind_setup SCRIPT RXBENCH OUT TOOL...: refuses (exit 2) a TOOL that is not installed or an RXBENCH that is
# not executable, makes OUT, and sets `work`, a temporary folder removed on exit, holding $work/rxbench, the
# binary with its debug sections stripped: valgrind 3.19 does not read the DWARF that Swift writes (the symbols
# stay, and the accounts name functions by them).
callgrind_setup() {
  local script="$1" binary="$2" out="$3" tool
  shift 3
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$script: $tool is not installed (apt-get install valgrind binutils)" >&2; exit 2; }
  done
  [ -x "$binary" ] || { echo "$script: $binary is not an executable rxbench; build one (README, \"Building\")" >&2; exit 2; }
  mkdir -p "$out"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  strip --strip-debug "$binary" -o "$work/rxbench"
}

# callgrind_probe SCRIPT NAME ROW WORKLOADS [VALGRIND-OPTION...]: in $work, the probe of ROW on WORKLOADS under
# callgrind with the options, a dump after each measured region: the dumps $work/NAME.out.*, the probe's regions
# $work/NAME.regions. A failure prints callgrind's log and exits 1.
callgrind_probe() {
  local script="$1" name="$2" row="$3" workloads="$4"
  shift 4
  (cd "$work" && SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect=rxbench_measured_region --dump-after=rxbench_measured_region "$@" \
    --callgrind-out-file="$name.out" ./rxbench child probe --engine "$row" --workload "$workloads" \
    > "$name.regions" 2> "$name.log") || {
    cat "$work/$name.log" >&2; echo "$script: $row on $workloads failed under callgrind" >&2; exit 1; }
}
