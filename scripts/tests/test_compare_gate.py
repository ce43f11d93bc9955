"""compare.py --gate: exact figures must match the reference (glibc malloc counts within two allocations per
window of 256), a moved, missing or non-exact figure and a row below the floor fail."""
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "compare.py"
HEADER = ("schema,date,commit,swift,cpu,cores,allocator,build,profile,clock_overhead_ns,engine,role,workload,group,"
          "parameters,metric,unit,n,median,min,max,mad,p90,p99,p999,flag\n")


def row(engine, metric, median, allocator="glibc", low=None, high=None, flag=""):
    low = median if low is None else low
    high = median if high is None else high
    return (f"2,d,c,s,cpu,2,{allocator},release,quick,30,{engine},engine,W,g,,{metric},u,2,"
            f"{median},{low},{high},0,{median},{median},{median},{flag}\n")


def gate(tmp_path, reference_rows, run_rows):
    reference, run = tmp_path / "reference.csv", tmp_path / "run.csv"
    reference.write_text(HEADER + "".join(reference_rows))
    run.write_text(HEADER + "".join(run_rows))
    return subprocess.run([sys.executable, str(SCRIPT), "--gate", str(reference), "--run", str(run)],
                          capture_output=True, text=True)


def test_equal_figures_pass(tmp_path):
    rows = [row("sink", "mallocs_per_event", 1), row("sink", "instructions_per_event", 215)]
    assert gate(tmp_path, rows, rows).returncode == 0


def test_glibc_growth_slack_passes_and_jemalloc_has_none(tmp_path):
    assert gate(tmp_path, [row("sink", "mallocs_per_event", 1.0039)], [row("sink", "mallocs_per_event", 1.0078)]).returncode == 0
    assert gate(tmp_path, [row("sink", "mallocs_per_event", 1.0039, "glibc")],
                [row("sink", "mallocs_per_event", 1.0039, "glibc", low=1.0, high=1.0078)]).returncode == 0
    moved = gate(tmp_path, [row("sink", "mallocs_per_event", 1.0039, "jemalloc")],
                 [row("sink", "mallocs_per_event", 1.0078, "jemalloc")])
    assert moved.returncode == 1 and "moved" in moved.stdout


def test_a_real_change_fails(tmp_path):
    one_more = gate(tmp_path, [row("sink", "mallocs_per_event", 1)], [row("sink", "mallocs_per_event", 2)])
    assert one_more.returncode == 1 and "moved +1" in one_more.stdout
    fewer = gate(tmp_path, [row("sink", "instructions_per_event", 215)], [row("sink", "instructions_per_event", 214)])
    assert fewer.returncode == 1


def test_missing_new_inexact_and_below_floor_fail(tmp_path):
    base = row("sink", "mallocs_per_event", 1)
    other = row("signal", "mallocs_per_event", 0)
    assert "missing from the run" in gate(tmp_path, [base, other], [other]).stdout
    assert "new row" in gate(tmp_path, [other], [base, other]).stdout
    inexact = gate(tmp_path, [base], [row("sink", "mallocs_per_event", 1, "jemalloc", low=1, high=1.0039)])
    assert inexact.returncode == 1
    below = gate(tmp_path, [base], [base, row("sink", "ns_per_event", 5, flag="below-floor")])
    assert below.returncode == 1 and "beats the floor" in below.stdout


def test_below_the_floor_in_every_process_fails_and_in_one_only_warns(tmp_path):
    base = row("sink", "mallocs_per_event", 1)
    glibc_below = row("sink", "ns_per_event", 5, "glibc", flag="below-floor")
    jemalloc_below = row("sink", "ns_per_event", 5, "jemalloc", flag="below-floor")
    jemalloc_above = row("sink", "ns_per_event", 9, "jemalloc")
    both = gate(tmp_path, [base], [base, glibc_below, jemalloc_below])
    assert both.returncode == 1 and both.stdout.count("beats the floor") == 2
    one = gate(tmp_path, [base], [base, glibc_below, jemalloc_above])
    assert one.returncode == 0, one.stdout
    assert "below the floor in one timed process only" in one.stdout
    assert "5; 1 other process(es) not below" in one.stdout
