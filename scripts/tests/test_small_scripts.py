"""rxtools benchmark-spread, rxtools profile-shares and rxtools validity on small inputs whose every figure is known: their
exact output, and their one-line refusal of a bad input (non-zero exit, nothing on stdout)."""
import json
import os
import subprocess
import sys

from conftest import RXTOOLS, row, write_csv


def run_script(script, *args):
    return subprocess.run([sys.executable, RXTOOLS, script, *map(str, args)],
                          capture_output=True, text=True)


def printed(script, *args):
    """What a run that must succeed prints on stdout (its stderr shown when it fails)."""
    result = run_script(script, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def refused(result, *words):
    """The refusal: a non-zero exit, one line on stderr holding `words`, no traceback, nothing on stdout."""
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert all(word in lines[0] for word in words), lines[0]
    assert result.stdout == ""


# ---------------------------------------------------------------------------------------------
# rxtools benchmark-spread

def jmh_export(path, p50s):
    """A package-benchmark JMH export: {benchmark: p50 wall clock}, plus one element without the metric."""
    elements = [{"benchmark": f"package.benchmark.RxBenchCatalogue.{name}",
                 "secondaryMetrics": {"Time (wall clock)": {"scorePercentiles": {"50.0": p50, "99.0": p50 * 2}}}}
                for name, p50 in p50s.items()]
    elements.append({"benchmark": "package.benchmark.RxBenchCatalogue.other", "secondaryMetrics": {}})
    path.write_text(json.dumps(elements))
    return path


def test_benchmark_spread_prints_each_benchmarks_spread_and_the_quantiles(tmp_path):
    first = jmh_export(tmp_path / "1.jmh.json", {"sink/MapFilterPumping": 100.0, "signal/MapFilterPumping": 40.0,
                                                 "only/InTheFirst": 5.0})
    second = jmh_export(tmp_path / "2.jmh.json", {"sink/MapFilterPumping": 110.0, "signal/MapFilterPumping": 40.0})
    lines = printed("benchmark-spread", first, second).splitlines()
    assert lines[0].split() == ["benchmark", "min", "p50", "(us)", "max", "p50", "(us)", "spread", "%"]
    # Sorted by name; a benchmark missing from one export is left out.
    assert [line.split() for line in lines[1:3]] == [
        ["signal/MapFilterPumping", "40.000", "40.000", "0.0"],
        ["sink/MapFilterPumping", "100.000", "110.000", "10.0"]]
    assert lines[3] == ("2 benchmarks, 2 runs: spread of p50 wall clock, median 10.0 %, p90 10.0 %, max 10.0 %")
    assert len(lines) == 4


def test_benchmark_spread_refuses_bad_input_in_one_line(tmp_path):
    good = jmh_export(tmp_path / "good.json", {"sink/W": 1.0})
    refused(run_script("benchmark-spread", good), "at least two JMH exports")
    broken = tmp_path / "broken.json"
    broken.write_text("[{")
    refused(run_script("benchmark-spread", good, broken), f"cannot read {broken}")
    refused(run_script("benchmark-spread", good, tmp_path / "absent.json"), "absent.json", "No such file")
    # JSON, but not an export: the old script died in a traceback on these.
    an_object = tmp_path / "object.json"
    an_object.write_text('{"benchmark": "x"}')
    refused(run_script("benchmark-spread", good, an_object), f"{an_object} is not a JMH export")
    no_percentile = tmp_path / "no-p50.json"
    no_percentile.write_text(json.dumps([{"benchmark": "a.b.c.d", "secondaryMetrics": {"Time (wall clock)": {"x": 1}}}]))
    refused(run_script("benchmark-spread", good, no_percentile), str(no_percentile), "50.0 percentile")
    no_metric = jmh_export(tmp_path / "none.json", {})
    refused(run_script("benchmark-spread", good, no_metric), f"{no_metric} holds no 'Time (wall clock)' metric")


# ---------------------------------------------------------------------------------------------
# rxtools profile-shares

ANNOTATION = """--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
1,000 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir           file:function
--------------------------------------------------------------------------------
300 (30.0%)  ???:swift_retain [/usr/lib/swift/linux/libswiftCore.so]
200 (20.0%)  ???:swift_beginAccess [/usr/lib/swift/linux/libswiftCore.so]
100 (10.0%)  ???:malloc [/usr/lib/x86_64-linux-gnu/libc.so.6]
 50 ( 5.0%)  ???:$s4main5EventOwcp [/tmp/rxbench]
 40 ( 4.0%)  ???:pthread_mutex_lock [/usr/lib/x86_64-linux-gnu/libc.so.6]
 10 ( 1.0%)  ???:swift_getGenericMetadata [/usr/lib/swift/linux/libswiftCore.so]
"""


def test_profile_shares_counts_each_kind_and_the_rest_as_other(tmp_path):
    annotation = tmp_path / "sink-MapFilterPumping.txt"
    annotation.write_text(ANNOTATION)
    assert printed("profile-shares", annotation).splitlines() == [
        "profile,kind,instructions,share_percent",
        "sink-MapFilterPumping,generic metadata,10,1.0",
        "sink-MapFilterPumping,value witnesses,50,5.0",
        "sink-MapFilterPumping,exclusivity checks,200,20.0",
        "sink-MapFilterPumping,pthread mutexes,40,4.0",
        "sink-MapFilterPumping,retain and release,300,30.0",
        "sink-MapFilterPumping,malloc and free,100,10.0",
        "sink-MapFilterPumping,other,300,30.0",
        "sink-MapFilterPumping,total,1000,100.0",
    ]


def test_profile_shares_refuses_bad_input_in_one_line_and_prints_nothing(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(ANNOTATION)
    not_annotation = tmp_path / "notes.txt"
    not_annotation.write_text("300 (30.0%)  ???:swift_retain\n")
    # The bad file second: the old script had printed the header and the first file's rows by then.
    refused(run_script("profile-shares", good, not_annotation),
            f"{not_annotation} is not a callgrind_annotate output (no PROGRAM TOTALS line)")
    refused(run_script("profile-shares", good, tmp_path / "absent.txt"), "cannot read", "absent.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    refused(run_script("profile-shares", binary), f"{binary} is not a callgrind_annotate output")
    refused(run_script("profile-shares"), "usage: rxtools profile-shares")


# ---------------------------------------------------------------------------------------------
# rxtools validity

def time_row(engine, role, median):
    return row(engine, role, "W", "g", "", "ns_per_event", "ns/event", median)


def validity_folder(tmp_path):
    """Three runs where sink takes 2.0, 2.2 and 2.1 times the floor; the floor alone 10% slower; sink in its
    own process 21.5 ns, inside the runs' own spread."""
    folder = tmp_path / "validity"
    folder.mkdir()
    for index, sink in ((1, 20.0), (2, 22.0), (3, 21.0)):
        write_csv(folder / f"run{index}.csv", [time_row("baseline", "reference", 10.0), time_row("sink", "engine", sink),
                                               row("sink", "engine", "W", "g", "", "mallocs_per_event",
                                                   "mallocs/event", 3.0)])
    write_csv(folder / "floor-alone.csv", [time_row("baseline", "reference", 11.0)])
    write_csv(folder / "isolated.csv", [time_row("baseline", "reference", 10.0), time_row("sink", "engine", 21.5)])
    return folder


def test_validity_prints_its_three_tables(tmp_path):
    assert printed("validity", validity_folder(tmp_path)).splitlines() == [
        "## Run-to-run agreement",
        "",
        "| row | workload | x floor, run1.csv | x floor, run2.csv | x floor, run3.csv | spread |",
        "|---|---|---|---|---|---|",
        "| sink | W | 2.00 | 2.20 | 2.10 | 9.5% |",   # (2.2 - 2.0) / 2.1
        "",
        "Spread of the ratio to the floor over 1 rows: median 9.5%, max 9.5%.",
        "",
        "## The floor alone against the floor after the engines",
        "",
        "| row | workload | median of run1.csv, run2.csv, run3.csv | spread of those | floor-alone.csv | shift | "
        "beyond the spread |",
        "|---|---|---|---|---|---|---|",
        # 1 ns off, beyond the runs' spread (0) plus three MADs (3 x 0.11)
        "| baseline | W | 10 | 0 | 11 | +10.0% | yes |",
        "",
        "Absolute shift over 1 rows: median 10.0%, max 10.0%.",
        "",
        "## Each engine x workload in its own process",
        "",
        "| row | workload | median of run1.csv, run2.csv, run3.csv | spread of those | isolated.csv | shift | "
        "beyond the spread |",
        "|---|---|---|---|---|---|---|",
        "| baseline | W | 10 | 0 | 10 | +0.0% | no |",
        "| sink | W | 21 | 2 | 21.5 | +2.4% | no |",    # 0.5 ns, within the spread of 2
        "",
        "Absolute shift over 2 rows: median 1.2%, max 2.4%.",
    ]


def test_validity_refuses_a_missing_or_bad_file_in_one_line(tmp_path):
    folder = validity_folder(tmp_path)
    os.remove(folder / "isolated.csv")
    refused(run_script("validity", folder), f"{folder / 'isolated.csv'}: no such file")
    (folder / "isolated.csv").write_text("name,value\nfoo,1\n")
    refused(run_script("validity", folder), "isolated.csv: not an rxbench CSV")
    refused(run_script("validity"), "usage: rxtools validity DIR")


# ---------------------------------------------------------------------------------------------
# rxtools instruction-shift

def test_instruction_shift_counts_moved_figures_per_row_and_kind(tmp_path):
    # (engine, workload, parameters, metric, unit): the figure before, the figure after.
    figures = {
        ("sink", "MapFilterPumping", "", "instructions_per_event", "instructions"): (200.0, 210.0),
        ("sink", "CreateMapFilter", "", "instructions_per_event", "instructions"): (100.0, 100.0),
        ("sink", "EventSweep", "events=10", "instructions_per_event", "instructions"): (50.0, 49.0),
        ("sink", "MapFilterCreating", "", "mallocs_per_lifecycle", "mallocs"): (10.0, 11.0),
        ("signal", "MapFilterPumping", "", "instructions_per_event", "instructions"): (80.0, 80.0),
        # Timed figures are not compared.
        ("sink", "MapFilterPumping", "", "ns_per_event", "ns"): (9.0, 12.0),
    }

    def run_csv(name, side):
        """The run of every figure's value on one side: 0 before, 1 after."""
        return write_csv(tmp_path / name, [
            row(engine, "engine", workload, "rxswift", parameters, metric, unit, values[side])
            for (engine, workload, parameters, metric, unit), values in figures.items()])
    before, after = run_csv("before.csv", 0), run_csv("after.csv", 1)
    assert printed("instruction-shift", before, "--after", after).splitlines() == [
        "engine,kind,compared,moved,min_percent,median_percent,max_percent",
        "signal,instructions,1,0,0.00,0.00,0.00",
        "sink,instructions,3,2,-2.00,0.00,5.00",
        "sink,mallocs,1,1,10.00,10.00,10.00",
    ]


def test_instruction_shift_refuses_a_bad_file_in_one_line(tmp_path):
    good = write_csv(tmp_path / "good.csv", [
        row("sink", "engine", "MapFilterPumping", "rxswift", "", "instructions_per_event", "instructions", 1.0)])
    refused(run_script("instruction-shift", good, "--after", tmp_path / "absent.csv"), "absent.csv", "no such file")
    output = tmp_path / "shift.csv"
    refused(run_script("instruction-shift", tmp_path / "absent.csv", "--after", good, "--output", output),
            "absent.csv")
    assert not output.exists()


# ---------------------------------------------------------------------------------------------
# rxtools instruction-account

def callgrind_dump(path, stage_runs, binary="/bin/true"):
    """A per-instruction callgrind dump (positions: instr line) of one function `stage` whose three
    instructions ran `stage_runs` times each, written with the format's compressions: a relative address, a
    repeated one ('*'), and a call whose cost line (the callee's inclusive cost) is not the caller's own. The
    function is named once as `stage'2`, callgrind's name for a recursive activation."""
    path.write_text(
        "# callgrind format\nversion: 1\npositions: instr line\nevents: Ir\n"
        f"summary: {3 * stage_runs}\n\n"
        f"ob=(1) {binary}\nfl=(1) ???\nfn=(1) stage'2\n"
        f"0x1000 0 {stage_runs}\n"
        f"+4 0 {stage_runs}\n"
        "cob=(1)\ncfi=(1)\ncfn=(2) callee\ncalls=1 0x2000 0\n"
        f"* 0 {1000 * stage_runs}\n"
        f"* 0 {stage_runs}\n")
    return path


def test_instruction_account_is_per_event_per_instruction_and_skips_the_calls_inclusive_cost(tmp_path):
    n, twice = callgrind_dump(tmp_path / "n.out", 64), callgrind_dump(tmp_path / "2n.out", 128)
    out = printed("instruction-account", "--binary", "/bin/true", "--events", 64, "--row", "toy",
                  "--dumps", n, twice)
    assert "per event: 3.00" in out            # 3 instructions per event; the call's 1000 are not its own
    assert "    3.00     0.00  [the row's own code] stage  (true)" in out   # stage'2 is stage


def test_instruction_account_map_depth_splits_stage_and_fixed(tmp_path):
    # Depth 8: 8 stages + 2 fixed = 10 runs per event; depth 64: 66. Each instruction of the toy runs that often.
    dumps = [callgrind_dump(tmp_path / f"{depth}-{size}.out", (depth + 2) * size)
             for depth in (8, 64) for size in (64, 128)]
    out = printed("instruction-account", "--binary", "/bin/true", "--events", 64, "--row", "toy",
                  "--dumps", *dumps)
    assert "per map stage: 3.00    fixed per event: 6.00" in out


def test_instruction_account_refuses_a_dump_without_instruction_positions(tmp_path):
    plain = tmp_path / "plain.out"
    plain.write_text("# callgrind format\nversion: 1\npositions: line\nevents: Ir\nfn=(1) f\n0 5\n")
    result = run_script("instruction-account", "--binary", "/bin/true", "--events", 64, "--row", "toy",
                        "--dumps", plain, plain)
    refused(result, "plain.out", "--dump-instr=yes")
    result = run_script("instruction-account", "--binary", "/bin/true", "--events", 64, "--row", "toy",
                        "--dumps", plain, plain, plain)
    refused(result, "--dumps takes 2 files")


# ---------------------------------------------------------------------------------------------
# rxtools cache-account

def cache_dump(path, ir, d1mr, bcm):
    """A callgrind dump of one region with cache and branch simulation: its events line and totals."""
    path.write_text("# callgrind format\nversion: 1\npositions: line\n"
                    "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim\n"
                    f"fn=(1) f\n0 {ir}\ntotals: {ir} 0 0 0 {d1mr} 0 0 0 0 0 {bcm} 0 0\n")
    return path


def test_cache_account_is_per_unit_for_every_event_and_workload(tmp_path):
    regions = tmp_path / "regions"
    regions.write_text("region A 10\nregion A 20\nregion B[x=1] 64\nregion B[x=1] 128\n")
    dumps = [cache_dump(tmp_path / "p.1", 1000, 50, 3), cache_dump(tmp_path / "p.2", 1500, 80, 13),
             cache_dump(tmp_path / "p.3", 640, 0, 0), cache_dump(tmp_path / "p.4", 1280, 64, 32)]
    lines = printed("cache-account", "--row", "toy", "--regions", regions, "--dumps", *dumps).splitlines()
    assert lines[0] == "row,workload,n,Ir,Dr,Dw,I1mr,D1mr,D1mw,ILmr,DLmr,DLmw,Bc,Bcm,Bi,Bim"
    assert lines[1] == "toy,A,10,50.0,0.0,0.0,0.0,3.0,0.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0"   # (2n - n) / n
    assert lines[2] == "toy,B[x=1],64,10.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,0.0,0.5,0.0,0.0"


def test_cache_account_refuses_parts_that_do_not_match_the_regions(tmp_path):
    regions = tmp_path / "regions"
    regions.write_text("region A 10\nregion A 20\n")
    one = cache_dump(tmp_path / "p.1", 1000, 50, 3)
    output = tmp_path / "out.csv"
    refused(run_script("cache-account", "--row", "toy", "--regions", regions, "--dumps", one, "--out", output),
            "2 region lines but 1 dumps")
    less = cache_dump(tmp_path / "p.2", 900, 50, 3)
    refused(run_script("cache-account", "--row", "toy", "--regions", regions, "--dumps", one, less, "--out", output),
            "A:", "fewer instructions")
    empty = tmp_path / "empty"
    empty.write_text("nothing\n")
    refused(run_script("cache-account", "--row", "toy", "--regions", empty, "--dumps", one), "no `region")
    assert not output.exists()


# ---------------------------------------------------------------------------------------------
# rxtools floor-history

def test_floor_history_lists_each_process_once_and_counts_the_ones_below(tmp_path):
    def run(name, floor, other):
        return write_csv(tmp_path / name, [
            row("baseline", "reference", "W", "g", "", "ns_per_lifecycle", "ns/lifecycle", floor),
            row("stage-loop", "reference", "W", "g", "", "ns_per_lifecycle", "ns/lifecycle", other)])
    first, slow_floor = run("a.csv", 100.0, 120.0), run("b.csv", 300.0, 120.0)
    copy = run("c.csv", 100.0, 120.0)   # the same figures as a.csv: one process kept under two names
    out = printed("floor-history", "--row", "stage-loop", "--workload", "W", first, slow_floor, copy)
    assert "### W: stage-loop below the floor in 1 of 2 processes" in out
    assert f"| {slow_floor} | quick | glibc | 300.0 (3.0) | 120.0 (1.2) | 0.40 | below |" in out
    assert copy not in out


def test_floor_history_refuses_a_file_that_is_not_a_report(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    refused(run_script("floor-history", "--row", "stage-loop", "--workload", "W", other), "other.csv")


# ---------------------------------------------------------------------------------------------
# rxtools decomposition-tables

def test_decomposition_tables_put_each_family_in_its_steps_order_with_the_checked_marker(tmp_path):
    exact = write_csv(tmp_path / "instructions.csv", [
        row(engine, "engine", workload, "g", "", "instructions_per_event", "instructions/event", value)
        for engine, workload, value in [("sink", "CreateMapFilter", 100.0), ("sink", "MapFilterPumping", 600.0),
                                        ("rxswift", "CreateMapFilter", 3000.0), ("rxswift", "MapFilterPumping", 11000.0)]])
    timed = write_csv(tmp_path / "run.csv", [
        row("sink", "engine", "MapFilterPumping", "g", "", "ns_per_event", "ns/event", 25.5)])
    out = printed("decomposition-tables", "--instructions", exact, "--run", timed)
    assert f"<!-- figures: {exact} metric=rows:instructions_per_event;instructions_per_event -->" in out
    assert "| workload | sink | rxswift |" in out                    # the steps' order; absent rows left out
    assert "| MapFilterPumping | 600 | 11000 |" in out                  # as rxtools proxies prints medians
    assert "| (MapFilterPumping - CreateMapFilter) / 10 | 50 | 800 |" in out
    assert "| MapFilterPumping | 25.50 |" in out   # ns per event


def test_decomposition_tables_refuse_a_file_that_is_not_a_report(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    refused(run_script("decomposition-tables", "--instructions", other, "--run", other), "other.csv")
