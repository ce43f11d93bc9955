"""Two independent malloc counters must agree: package-benchmark's (ordo-one/malloc-interposer, preloaded
by the benchmark plugin) and rxbench's own (Sources/Harness/CAllocationCounter), on the same engines and workloads.

    python3 scripts/rxtools benchmark-mallocs [--group rxswift] [--engine IDS] [--size 2] [--iterations 5] [--out FILE.csv]
    python3 scripts/rxtools benchmark-mallocs --rxbench-csv RX.csv --benchmark-jmh SMALL.json LARGE.json --size N
    (each file may be gzip-compressed: results/benchmarks/glibc-history/ keeps them so)

The first form runs everything: `rxbench --workload GROUP --profile quick --size N --format csv` (whose
exact counts are (mallocs of a run of 2N units - of a run of N) / N), and the Benchmarks/ package twice under
package-benchmark, with N and then 2N units per iteration (RXBENCH_BENCHMARK_SIZE). The second form only
compares files written that way (the tests use it).

Checks, for every row x workload of the group, per allocation metric rxbench reports:
- package-benchmark's count has settled: its last SETTLED iterations are identical (earlier ones may be
  fewer while glibc's heap settles, see SETTLED), and it is below 2,048: its histogram keeps 3 significant
  digits, so a larger count would be rounded (docs/benchmarks.md);
- (package-benchmark's settled count per iteration at 2N - at N) == N x rxbench's figure, exactly (within
  one allocation, a buffer growth, for rows that consume on another thread, async-stream, see
  ASYNCHRONOUS_DELIVERY);
- rxbench and package-benchmark cover the same rows (what one skips, the other skips);
- the tool's own offset per iteration, package-benchmark's count of `calibration/EscapingObjects[count=64]`
  minus 64, is the intercept of every creating workload (a creating run is lifecycles and nothing else).
Exit 0 when all agree, 1 on a disagreement, 2 on bad input or a tool that failed. An --out that cannot be
written (empty, a directory, a missing directory) is refused before anything runs (exit 2); it is written as
scripts/rxtools/outfile.py writes (a temporary file renamed when complete, through a symbolic link, keeping the file's
mode), and a failed write is one line and exit 1.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from . import REPOSITORY, outfile, rxcsv

PROG = "rxtools benchmark-mallocs"   # the name its messages begin with

ROOT = REPOSITORY
TARGET = "RxBenchCatalogue"
CALIBRATION = "calibration/EscapingObjects[count=64]"
CALIBRATION_OBJECTS = 64
# HdrHistogram with 3 significant digits records every value below 2 x 1024 exactly.
HISTOGRAM_EXACT_BELOW = 2048
MALLOC_METRIC = "Malloc (total)"
# Rows whose events are consumed on another thread (async-stream: `for await` in a Task). How far the producer
# runs ahead of the consumer decides whether the stream's buffer grows within a run, so each tool's count is
# exact in its own run (the same in every iteration or repetition) yet the two may differ by a buffer growth:
# package-benchmark counts every iteration from a new subscription, rxbench keeps the fewest of three
# attempts. Seen: async-stream MapFilterPumping, (68 - 67) / 2 against rxbench's 0. For these rows the
# window of N units may differ by at most one allocation; any other difference fails as for every row.
ASYNCHRONOUS_DELIVERY = {"async-stream"}
BUFFER_GROWTH_SLACK = 1
# Both tools run under jemalloc by default (package-benchmark's own jemalloc trait does not build with Swift
# 6.3, so Debian's libjemalloc2 is preloaded into its run, as rxbench's `--allocator jemalloc` does). A Swift
# array's capacity follows the usable size of the block malloc returns. jemalloc's is the request's size
# class; glibc's depends on the heap's history (a block from a free chunk a little larger than asked is
# handed out whole). Under glibc, seen in CI: sink/CombineLatestPumping at N = 2 counted [86, 88, 88, 88, 88],
# the first iteration a growth short after the previous benchmark's frees; and sink-locked-dependency's settled
# count was 164 at N but 163 at 2N, in two processes (docs/benchmarks.md). So the count compared is the settled
# one, the last SETTLED iterations identical, and it must equal rxbench's exactly; under jemalloc no iteration
# has differed. The calibration allocates no array and must be identical in every iteration.
SETTLED = 5
METRICS = ("mallocs_per_event", "mallocs_per_lifecycle")
# Where rxbench's `--allocator jemalloc` finds Debian's libjemalloc2 (Sources/Command/RxBenchCLI/AllocatorSwitch.swift).
JEMALLOC_PATHS = ("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
                  "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2")


class InputError(Exception):
    """Bad input or a tool that failed: exit 2 with one line."""


def read_rxbench(path):
    """{(engine, workload id): (metric, figure)} from an rxbench CSV, allocation rows only. Read through
    rxcsv, the one reader of rxbench's reports, so that a file it refuses is refused here in the same words."""
    try:
        run = rxcsv.load(path)
    except rxcsv.InputError as error:
        raise InputError(f"cannot read rxbench CSV {error}") from None
    figures = {}
    unavailable = []
    for row in run.rows:
        if row.metric not in METRICS:
            continue
        if row.unavailable:
            # A row delivered on pool threads has no exact count (rxbench says so per row) and no benchmark
            # in Benchmarks/ either; a process that cannot count at all has every row unavailable.
            unavailable.append(f"{row.engine} {row.workload}")
            continue
        if row.value("min") != row.value("max"):
            raise InputError(f"{path}: rxbench's count of {row.engine} {row.workload} differs between repetitions")
        figures[(row.engine, row.workload_id)] = (row.metric, row.value("median"))
    if not figures and unavailable:
        raise InputError(f"{path}: rxbench could not count allocations ({unavailable[0]} and every other row)")
    return figures


def read_jmh(path):
    """{benchmark name: [malloc count of each iteration]} from package-benchmark's JMH export."""
    try:
        elements = json.loads(rxcsv.read_text(path))  # plain or gzip-compressed (results/benchmarks/)
    except OSError as error:
        raise InputError(f"cannot read package-benchmark export {path}: {error.strerror or error}")
    except json.JSONDecodeError as error:
        raise InputError(f"{path} is not JSON: {error}")
    except ValueError as error:
        raise InputError(f"cannot read package-benchmark export {path}: {error}")
    prefix = f"package.benchmark.{TARGET}."
    counts = {}
    for element in elements:
        name = element.get("benchmark", "")
        if not name.startswith(prefix):
            continue
        metric = element.get("secondaryMetrics", {}).get(MALLOC_METRIC)
        if metric is None:
            raise InputError(f"{path}: {name} has no '{MALLOC_METRIC}' metric")
        counts[name[len(prefix):]] = [int(value) for value in metric["rawData"][0]]
    if not counts:
        raise InputError(f"{path} holds no {TARGET} benchmark")
    return counts


def exact_count(name, samples, failures, settle=True):
    """The count per iteration once it has settled (the last SETTLED iterations identical; with
    settle=False, every iteration identical), or None (with a failure) when it has not or is not exactly
    recorded."""
    compared = samples[-SETTLED:] if settle else samples
    if settle and len(samples) < SETTLED:
        failures.append(f"{name}: {len(samples)} iterations, fewer than the {SETTLED} that show a settled count")
        return None
    if max(compared) != min(compared):
        which = f"the last {SETTLED} iterations" if settle else "iterations"
        failures.append(f"{name}: package-benchmark's count differs between {which}: {samples}")
        return None
    if compared[-1] >= HISTOGRAM_EXACT_BELOW:
        failures.append(
            f"{name}: {compared[-1]} mallocs per iteration is beyond the histogram's exact range "
            f"(< {HISTOGRAM_EXACT_BELOW}); use a smaller --size")
        return None
    return compared[-1]


def settling(samples):
    """How many first iterations came before the count settled (0 when every iteration agrees)."""
    differing = [index for index, count in enumerate(samples) if count != samples[-1]]
    return differing[-1] + 1 if differing else 0


def compare(rxbench, small, large, size):
    """Returns (lines of the comparison table, failures, passed count, tool offset)."""
    failures = []
    lines = []
    passed = 0
    offset = None
    if CALIBRATION not in small:
        failures.append(f"{CALIBRATION} is missing from the package-benchmark run")
    else:
        count = exact_count(CALIBRATION, small[CALIBRATION], failures, settle=False)
        if count is not None:
            offset = count - CALIBRATION_OBJECTS
            lines.append(f"tool offset per iteration ({CALIBRATION}): {count} - {CALIBRATION_OBJECTS} = {offset}")

    benchmarks = {name for name in small if name != CALIBRATION}
    pairs = {f"{engine}/{workload}" for engine, workload in rxbench}
    for name in sorted(pairs - benchmarks):
        failures.append(f"{name}: rxbench counted it, package-benchmark has no such benchmark")
    for name in sorted(benchmarks - pairs):
        failures.append(f"{name}: package-benchmark ran it, rxbench reports no allocation figure for it")

    lines.append(f"{'benchmark':58} {'metric':22} {'rxbench':>9} {'pb N':>6} {'pb 2N':>6} {'pb/unit':>9} {'intercept':>9}")
    for (engine, workload), (metric, figure) in sorted(rxbench.items()):
        name = f"{engine}/{workload}"
        if name not in small or name not in large:
            if name in small or name in large:
                failures.append(f"{name}: missing from one of the two package-benchmark runs")
            continue
        at_n = exact_count(f"{name} (N={size})", small[name], failures)
        at_2n = exact_count(f"{name} (2N={2 * size})", large[name], failures)
        if at_n is None or at_2n is None:
            continue
        difference = at_2n - at_n
        expected = figure * size
        settled_after = max(settling(small[name]), settling(large[name]))
        # rxbench prints 4 decimals: figure x N is a whole number up to that rounding.
        slack = BUFFER_GROWTH_SLACK if engine in ASYNCHRONOUS_DELIVERY else 0
        ok = abs(expected - round(expected)) <= 0.5e-4 * size + 1e-9 and abs(difference - round(expected)) <= slack
        within_slack = ok and difference != round(expected)
        intercept = at_n - difference
        if not ok:
            failures.append(
                f"{name}: package-benchmark counts {difference / size:g} {metric} "
                f"(({at_2n} - {at_n}) / {size}), rxbench {figure:g}")
        elif metric == "mallocs_per_lifecycle" and offset is not None and intercept != offset:
            failures.append(
                f"{name}: a run of {size} lifecycles counts {at_n} = {size} x {difference / size:g} + {intercept}, "
                f"but the tool's own offset is {offset}")
            ok = False
        passed += ok
        lines.append(
            f"{name:58} {metric:22} {figure:9g} {at_n:6d} {at_2n:6d} {difference / size:9g} {intercept:9d}"
            + ("" if ok else "  DISAGREE")
            + (f"  (settled after {settled_after} iteration(s): glibc's heap)" if settled_after else "")
            + ("  (within one buffer growth: asynchronous delivery)" if within_slack else ""))
    return lines, failures, passed, offset


def workloads_of(rxbench_binary, group):
    """The workload names of `group`, from `rxbench list` (the catalogue's own listing)."""
    listing = run([rxbench_binary, "list"], capture=True)
    names = []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] == group and line.startswith("  ") and not line.startswith("    "):
            names.append(fields[0])
    if not names:
        raise InputError(f"rxbench list shows no workload in group '{group}'")
    return names


# swift-package itself (the plugin host, not the benchmark it runs) can die of a signal in libdispatch's event
# loop while it reads the plugin's messages (docs/benchmarks.md). A run whose host died of a signal leaves
# nothing that is read, so it is run once more, whole, and the output says so. A second crash, or any failure that is not a signal (the benchmark's own crash included: the
# host reports that as an exit status), fails the check.
HOST_CRASH_RETRIES = 1


class HostCrash(Exception):
    """swift-package died of a signal, or the benchmark died inside package-benchmark's malloc interposer."""


# The benchmark process can crash inside package-benchmark's malloc interposer, not in rxbench's code:
# `replacement_free` reads the header it expects in front of a block the Swift runtime allocated itself
# (generic metadata), at a page boundary (malloc-interposer's interposer-unix.c, `malloc_interposer_is_ours`;
# docs/benchmarks.md). A crash whose first frame is in the interposer is run once more, whole, like a crashed
# host; a crash anywhere else fails.
INTERPOSER_CRASH = re.compile(r"crashed:\s*\n\s*0 [^\n]* in libMallocInterposer")


def run(command, env=None, capture=False):
    try:
        result = subprocess.run(
            command, cwd=ROOT, env=env, text=True,
            stdout=subprocess.PIPE if capture else None, stderr=subprocess.PIPE if capture else None)
    except OSError as error:
        raise InputError(f"cannot run {command[0]}: {error.strerror}")
    if result.returncode < 0 and command[:2] == ["swift", "package"]:
        raise HostCrash(f"{' '.join(command[:4])} ... died of signal {-result.returncode}")
    if result.returncode != 0:
        detail = (result.stderr or "").strip().splitlines()[-1:] if capture else []
        raise InputError(f"{' '.join(command[:4])} ... exited {result.returncode} {' '.join(detail)}".strip())
    return result.stdout


# A run of the group takes about 90 s on the project's 2-core machine. One that hangs is a failure with its
# output, not a CI job killed at its own limit with nothing printed.
BENCHMARK_TIME_LIMIT = 900


def run_benchmark(command, env):
    """`run` for package-benchmark: its output passes through (after the run), and a benchmark that crashed
    in the malloc interposer is a `HostCrash`."""
    try:
        result = subprocess.run(command, cwd=ROOT, env=env, text=True, errors="replace",
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=BENCHMARK_TIME_LIMIT)
    except OSError as error:
        raise InputError(f"cannot run {command[0]}: {error.strerror}")
    except subprocess.TimeoutExpired as expired:
        output = expired.output or ""
        sys.stdout.write(output.decode(errors="replace") if isinstance(output, bytes) else output)
        raise InputError(f"{' '.join(command[:4])} ... did not finish in {BENCHMARK_TIME_LIMIT} s; "
                         "its output so far is above")
    sys.stdout.write(result.stdout)
    sys.stdout.flush()
    if result.returncode < 0:
        raise HostCrash(f"{' '.join(command[:4])} ... died of signal {-result.returncode}")
    if result.returncode != 0 and INTERPOSER_CRASH.search(result.stdout):
        raise HostCrash(f"{' '.join(command[:4])} ... the benchmark crashed in package-benchmark's malloc interposer")
    if result.returncode != 0:
        raise InputError(f"{' '.join(command[:4])} ... exited {result.returncode}")


def jemalloc_library():
    """Debian's libjemalloc2, where rxbench's `--allocator jemalloc` looks for it."""
    for path in JEMALLOC_PATHS:
        if os.path.exists(path):
            return path
    raise InputError("--allocator jemalloc: libjemalloc.so.2 not found (apt-get install libjemalloc2), "
                     "or pass --allocator system")


def run_benchmarks(names, size, iterations, directory, scratch_path=None, preload=None, group=None, engines=None):
    """package-benchmark's JMH export of the group at `size` units per iteration; `preload`: a malloc
    library preloaded into every process of the run, the benchmark executable's included."""
    env = dict(os.environ, RXBENCH_BENCHMARK_SIZE=str(size), RXBENCH_BENCHMARK_ITERATIONS=str(iterations))
    if group:
        # Each benchmark's process registers only the group's benchmarks, not the whole catalogue's (docs/benchmarks.md).
        env["RXBENCH_BENCHMARK_GROUP"] = group
    if preload:
        env["LD_PRELOAD"] = preload
    rows = "(" + "|".join(re.escape(e) for e in engines) + ")" if engines else "[^/]+"
    pattern = "^(" + re.escape(CALIBRATION) + "|" + rows + "/(" + "|".join(re.escape(n) for n in names) + ")(\\[.*\\])?)$"
    scratch = ["--scratch-path", scratch_path] if scratch_path else []
    for attempt in range(HOST_CRASH_RETRIES + 1):
        # A fresh directory per attempt: a crashed attempt's partial export is never read.
        out = os.path.join(directory, f"size-{size}-attempt-{attempt + 1}")
        os.makedirs(out)
        command = ["swift", "package", "--package-path", "Benchmarks", *scratch, "benchmark", "run",
                   "--target", TARGET, "--filter", pattern, "--format", "jmh", "--path", out, "--no-progress",
                   "--quiet"]
        try:
            run_benchmark(command, env)
            break
        except HostCrash as crash:
            if attempt == HOST_CRASH_RETRIES:
                raise InputError(str(crash))
            print(f"{PROG}: {crash}; running it once more, whole", file=sys.stderr)
    exports = [f for f in os.listdir(out) if f.endswith(".jmh.json")]
    if len(exports) != 1:
        raise InputError(f"package-benchmark wrote {len(exports)} JMH files to {out}, expected 1")
    return os.path.join(out, exports[0])


def positive(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got '{text}'")
    return value


def engine_ids(text):
    ids = text.split(",")
    if not all(re.fullmatch(r"[a-z0-9][a-z0-9-]*", i) for i in ids):
        raise argparse.ArgumentTypeError(f"must be comma-separated row ids (rxbench list), got '{text}'")
    return ids


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", default="rxswift", help="workload group (default rxswift)")
    parser.add_argument("--engine", type=engine_ids, default=None,
                        help="comma-separated row ids to check (default: every row rxbench lists); the floor "
                             "is checked only when named")
    parser.add_argument("--size", type=positive, default=2,
                        help="N: units per iteration (package-benchmark runs N and 2N; rxbench --size N); default 2")
    parser.add_argument("--iterations", type=positive, default=10,
                        help=f"package-benchmark iterations per benchmark (at least {SETTLED}); default 10")
    parser.add_argument("--rxbench", default=os.path.join(ROOT, ".build/release/rxbench"), help="rxbench binary")
    parser.add_argument("--rxbench-csv", help="compare this rxbench CSV instead of running rxbench")
    parser.add_argument("--benchmark-jmh", nargs=2, metavar=("SMALL", "LARGE"),
                        help="compare these package-benchmark JMH exports (at N and 2N) instead of running it")
    parser.add_argument("--allocator", choices=("jemalloc", "system"), default="jemalloc",
                        help="the allocator of both tools' runs (default jemalloc: its usable sizes are size "
                             "classes, so a count does not depend on the heap's history; docs/benchmarks.md)")
    parser.add_argument("--out", help="also write the comparison table to this file")
    parser.add_argument("--scratch-path", help="build folder for Benchmarks/ (CI: the root's .build, to reuse its objects)")
    args = parser.parse_args(argv)
    if bool(args.rxbench_csv) != bool(args.benchmark_jmh):
        parser.error("--rxbench-csv and --benchmark-jmh go together")
    if args.size * 2 * 1e-4 >= 0.5:
        parser.error("--size must stay below 2500 (rxbench prints 4 decimals)")
    if args.iterations < SETTLED:
        parser.error(f"--iterations must be at least {SETTLED}: the last {SETTLED} show whether a count has settled")

    try:
        if args.out is not None:
            outfile.check_file(args.out, "--out")
        if args.rxbench_csv:
            rx_csv, (small_json, large_json) = args.rxbench_csv, args.benchmark_jmh
        else:
            if not os.access(args.rxbench, os.X_OK):
                raise InputError(f"no rxbench binary at {args.rxbench} (swift build -c release --product rxbench)")
            names = workloads_of(args.rxbench, args.group)
            work = tempfile.mkdtemp(prefix="check-benchmark-mallocs-")
            rx_csv = os.path.join(work, "rxbench.csv")
            preload = jemalloc_library() if args.allocator == "jemalloc" else None
            # With --engine, exactly the rows named: the floor that rxbench otherwise adds is left out unless named.
            rows = ["--engine", ",".join(args.engine), "--no-floor"] if args.engine else ["--engine", "all"]
            run([args.rxbench, *rows, "--workload", args.group, "--profile", "quick",
                 "--size", str(args.size), "--allocator", args.allocator, "--format", "csv", "--output", rx_csv])
            small_json = run_benchmarks(names, args.size, args.iterations, work, args.scratch_path, preload, args.group,
                                        args.engine)
            large_json = run_benchmarks(names, 2 * args.size, args.iterations, work, args.scratch_path, preload,
                                        args.group, args.engine)
            print(f"inputs: {rx_csv} {small_json} {large_json}")
        rxbench = read_rxbench(rx_csv)
        small, large = read_jmh(small_json), read_jmh(large_json)
    except (InputError, outfile.OutputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2

    lines, failures, passed, _ = compare(rxbench, small, large, args.size)
    report = "\n".join(lines)
    print(report)
    if args.out is not None:
        try:
            outfile.write_atomically(args.out, report + "\n")
        except outfile.OutputError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    failed = max(len(rxbench) - passed, 1) if failures else 0
    print(f"{PROG}: {passed} passed, {failed} failed")
    return 1 if failures else 0
