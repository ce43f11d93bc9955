"""What rxcsv refuses beyond a file's shape, found by feeding the scripts bad figures: one figure listed twice
(in one file, or by two run files of the gate), a statistic that is not a finite number within 2^64, a negative
time, an `n` that is not a whole number; and rxtools compare's --threshold that would hide every regression, and a
reference figure the run flags unavailable. Each refusal is one line naming the file, the line and the column
(or the key and both lines), a non-zero exit, no traceback and nothing written."""
import os
import subprocess
import sys

import pytest

from rxtools import rxcsv
from conftest import RXTOOLS, SCRIPTS, row, write_csv


def run_script(script, *args):
    return subprocess.run([sys.executable, RXTOOLS, script, *map(str, args)],
                          capture_output=True, text=True)


def refused_in_one_line(result, *words):
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert all(word in lines[0] for word in words), lines[0]
    return lines[0]


def figure(engine="sink", metric="ns_per_event", median=10.0, workload="MapDepth", parameters="depth=1", **cells):
    """One figure record of MapDepth, with any cell replaced (`n="inf"`, `median="-1"`)."""
    record = row(engine, "engine", workload, "scaling", parameters, metric, "u", median)
    record.update(cells)
    return record


def sweep(**cells):
    """A small run the cost model fits, whose first figure has `cells` replaced."""
    records = [figure(median=10.0 + depth, parameters=f"depth={depth}") for depth in (1, 2, 4, 8)]
    records += [figure("baseline", median=5.0 + depth, parameters=f"depth={depth}") for depth in (1, 2, 4, 8)]
    records[0].update(cells)
    return records


# ---------------------------------------------------------------------------------------------
# Numbers: a cell, its line (the header is line 1) and the column in the message.

def refusals(column, problem, *cells):
    """A case for each of `cells` in `column`, whose message says "`column` is 'cell', problem"."""
    return [({column: cell}, f"`{column}` is '{cell}', {problem}") for cell in cells]


BAD_CELLS = [
    *refusals("n", "not a whole number", "inf", "1e400", "-3", "2.5",
              # Unicode digits: str.isdigit takes them; int() takes '٣' as 3 and fails on '²' with a traceback (the
              # mutation check's rxcsv-n-unicode-digits, docs/mutation.md).
              "٣", "²"),
    # Digits beyond 2^64: no count rxbench keeps. Over 4300 of them were a ValueError traceback from int().
    *refusals("n", "more samples than a 64-bit counter holds", "18446744073709551617"),
    ({"n": "1" * 5000}, "`n` is '111111111111111111111111'... (5000 characters), more samples than a 64-bit"),
    *refusals("median", "not a finite number", "inf", "-inf", "1e400"),
    *refusals("median", "not a finite number within 2^64", "1e308"),
    *refusals("p99", "not a finite number", "Infinity"),
    *refusals("median", "but ns_per_event's median cannot be negative", "-2.5"),
    *refusals("min", "but ns_per_event's min cannot be negative", "-1"),
    *refusals("mad", "but ns_per_event's spread cannot be negative", "-0.5"),
]


@pytest.mark.parametrize("cells, problem", BAD_CELLS, ids=[str(c)[:48] for c, _ in BAD_CELLS])
def test_a_bad_number_is_refused_naming_file_line_and_column(tmp_path, cells, problem):
    path = write_csv(tmp_path / "run.csv", sweep(**cells))
    with pytest.raises(rxcsv.InputError) as error:
        rxcsv.load(path)
    assert str(error.value).startswith(f"{path}: line 2: ")
    assert problem in str(error.value)


def test_a_bad_cell_says_what_to_do():
    """Each refusal of a cell ends with what to do about it, not only what is wrong."""
    for cells in ({"n": "2.5"}, {"n": "1" * 30}, {"median": "-2.5"}, {"mad": "-0.5"}, {"median": "fast"}):
        record = figure()
        record.update(cells)
        with pytest.raises(rxcsv.InputError) as error:
            rxcsv.parse_row("f.csv", list(record), list(record.values()), 2)
        assert str(error.value).endswith("; rxbench never writes that: make the run again, or correct the cell"), cells


def test_an_n_up_to_2_64_is_read_whatever_its_leading_zeros():
    for text, n in (("18446744073709551616", 2 ** 64), ("0" * 5000 + "5", 5), ("0", 0), ("", 0)):
        record = figure(n=text)
        assert rxcsv.parse_row("f.csv", list(record), list(record.values()), 2).n == n


def test_differences_of_two_counts_may_be_negative_and_nothing_else():
    """mallocs_ and instructions_ figures are (count of 2n - count of n) / n (docs/metrics.md): committed runs hold
    -0.0039 mallocs per event (the contention group) and -5.5 instructions per event (results/gate/); so are the bytes
    those mallocs ask for, and the bytes a slow consumer's values hold (-1.12 bytes per event under glibc). A time, a
    latency, a rate or the bytes of live subscriptions never are; nor is any metric's spread."""
    for metric in ("mallocs_per_event", "mallocs_per_lifecycle", "instructions_per_event",
                   "instructions_per_lifecycle", "bytes_per_event", "bytes_per_lifecycle", "bytes_held_per_event"):
        record = figure(metric=metric, median=-5.5)
        record.update(min="-6", max="-5", p90="-5", p99="-5", p999="-5", mad="0")
        header = list(record)
        assert rxcsv.parse_row("f.csv", header, list(record.values()), 2).value() == -5.5
    for metric in ("ns_per_event", "ns_per_lifecycle", "events_per_second", "dispose_latency",
                   "bytes_per_live_subscription", "dispose_until_stopped"):
        record = figure(metric=metric, median=-1.0)
        with pytest.raises(rxcsv.InputError, match=f"{metric}'s median cannot be negative"):
            rxcsv.parse_row("f.csv", list(record), list(record.values()), 2)


def test_docs_cli_names_every_metric_that_may_be_negative():
    """docs/cli.md's row on negative figures lists what rxcsv lets be negative (it said mallocs and instructions only
    after bytes had joined them)."""
    with open(os.path.join(os.path.dirname(SCRIPTS), "docs", "cli.md"), encoding="utf-8") as handle:
        row = next(line for line in handle if line.startswith("| a negative statistic"))
    for prefix in rxcsv.SIGNED_METRIC_PREFIXES:
        assert f"`{prefix.rstrip('_')}" in row, prefix


def test_a_negative_spread_is_refused_also_where_the_figure_may_be_negative():
    """A count difference may be negative, its MAD never: a mallocs_ or instructions_ figure whose other statistics
    are fine and whose mad is negative is refused (the check of the common case's short path was dropped in the
    mutation check's rxcsv-negative-mad-fast-path, docs/mutation.md: the figures of a time refuse it anyway)."""
    for metric in ("mallocs_per_event", "instructions_per_lifecycle"):
        for median in ("-5.5", "3"):
            record = figure(metric=metric, median=float(median))
            record.update(min=median, max=median, p90=median, p99=median, p999=median, mad="-0.5")
            with pytest.raises(rxcsv.InputError, match=f"`mad` is '-0.5', but {metric}'s spread cannot be negative"):
                rxcsv.parse_row("f.csv", list(record), list(record.values()), 2)


def test_a_parameter_beyond_2_64_stays_text():
    """Numbers become numbers, so that sweeps sort and fit; inf, nan and a number beyond 2^64 stay the text they
    are, no sweep is fitted over them (they became floats in the mutation check's rxcsv-huge-parameter)."""
    assert [rxcsv.parse_parameter_value(text) for text in ("5", "2.5", "-3", "18446744073709551616")] == [
        5, 2.5, -3, 18446744073709551616]
    for text in ("inf", "-inf", "nan", "1e400", "1e20", "18446744073709551617", "random"):
        assert rxcsv.parse_parameter_value(text) == text, text
    record = figure(parameters="depth=inf,order=random")
    row = rxcsv.parse_row("f.csv", list(record), list(record.values()), 2)
    assert row.parameters == {"depth": "inf", "order": "random"}


def test_committed_results_still_read():
    """Every rxbench CSV under results/ passes the new checks (what the figures check and the tests read)."""
    import glob
    root = os.path.dirname(SCRIPTS)
    read = 0
    for path in glob.glob(os.path.join(root, "results", "**", "*.csv*"), recursive=True):
        try:
            rxcsv.load(path)
            read += 1
        except rxcsv.InputError as error:
            assert "not an rxbench CSV report" in str(error), str(error)   # instruction-shift's own CSVs
    assert read > 50


# Every script that reads rxbench CSVs: the arguments that make it read `path`, writing into `out`.
READERS = {
    "summarize": lambda path, out: [path],
    "costmodel": lambda path, out: [path, "--csv", out],
    "compare": lambda path, out: [path, path],
    "instruction-shift": lambda path, out: [path, "--after", path, "--output", out],
    "proxies": lambda path, out: [path],
    "report": lambda path, out: [path, "--out", out],
}


@pytest.mark.parametrize("script", sorted(READERS))
def test_every_reader_refuses_an_overflowing_n_and_an_infinite_median_in_one_line(tmp_path, script):
    """An n of inf or 1e400 was an OverflowError traceback in each of them; an inf median or one of 1e308 crashed
    rxtools summarize, rxtools report and rxtools costmodel."""
    cases = [({"n": "inf"}, "`n` is 'inf'"), ({"n": "1e400"}, "`n` is '1e400'"),
             ({"n": "9" * 5000}, "`n` is '999999999999999999999999'... (5000 characters)"),   # int()'s ValueError
             ({"median": "inf"}, "`median` is 'inf'")]
    if script in ("report", "costmodel"):
        cases.append(({"median": "1e308"}, "`median` is '1e308'"))
    for index, (cells, problem) in enumerate(cases):
        path = write_csv(tmp_path / f"bad-{index}.csv", sweep(**cells))
        out = tmp_path / f"out-{index}"
        line = refused_in_one_line(run_script(script, *READERS[script](path, out)), problem)
        assert path in line and "line 2" in line, line
        assert not out.exists()


# ---------------------------------------------------------------------------------------------
# One figure listed twice.

def test_a_figure_listed_twice_in_one_file_is_refused_naming_the_key_and_both_lines(tmp_path):
    records = sweep()
    records.append(dict(records[1], median="99.000000"))   # depth=2 again, another value: line 10 repeats line 3
    path = write_csv(tmp_path / "run.csv", records)
    with pytest.raises(rxcsv.InputError) as error:
        rxcsv.load(path)
    assert str(error.value) == (f"{path}: line 10 repeats line 3: sink MapDepth[depth=2] ns_per_event (glibc) is "
                                "listed twice (median 12 and median 99); rxbench writes each once, so the file was "
                                "edited or joined: keep one")


def test_the_same_key_under_another_allocator_or_parameter_is_no_repeat(tmp_path):
    records = sweep()
    records.append(dict(records[0], allocator="jemalloc"))
    records.append(dict(records[0], parameters="depth=3"))
    assert len(rxcsv.load(write_csv(tmp_path / "run.csv", records)).rows) == 10


def test_an_unsupported_record_listed_twice_is_refused(tmp_path):
    from conftest import unsupported_record
    records = [dict(r, schema="3", note="") for r in sweep()]
    record = unsupported_record("baseline", "reference", "MergeMany", "fanout", "sources=100", "merge")
    path = write_csv(tmp_path / "run.csv", records + [record, record])
    with pytest.raises(rxcsv.InputError, match="line 11 repeats line 10: baseline MergeMany.sources=100. unsupported"):
        rxcsv.load(path)


HEADER = ("schema,date,commit,swift,cpu,cores,allocator,build,profile,clock_overhead_ns,engine,role,workload,group,"
          "parameters,metric,unit,n,median,min,max,mad,p90,p99,p999,flag\n")


def gate_line(engine, metric, median, allocator="glibc", flag="", n="2"):
    stats = "" if flag == "unavailable" else median
    mad = "" if flag == "unavailable" else 0
    return (f"2,d,c,s,cpu,2,{allocator},release,quick,30,{engine},engine,W,g,,{metric},u,{n},"
            f"{stats},{stats},{stats},{mad},{stats},{stats},{stats},{flag}\n")


def gate(tmp_path, reference, *runs):
    reference_path = tmp_path / "reference.csv"
    reference_path.write_text(HEADER + "".join(reference))
    paths = []
    for index, lines in enumerate(runs):
        paths.append(tmp_path / f"run-{index}.csv")
        paths[-1].write_text(HEADER + "".join(lines))
    return subprocess.run([sys.executable, RXTOOLS, "compare", "--gate", str(reference_path),
                           "--run", *map(str, paths)], capture_output=True, text=True)


def test_a_run_file_that_lists_a_moved_figure_twice_fails_the_gate_before_comparing(tmp_path):
    """The moved figure (1 -> 5) first, the reference's value after it: the last one used to win, and the gate
    passed."""
    reference = [gate_line("sink", "mallocs_per_event", 1)]
    result = gate(tmp_path, reference, [gate_line("sink", "mallocs_per_event", 5), gate_line("sink", "mallocs_per_event", 1)])
    line = refused_in_one_line(result, "run-0.csv: line 3 repeats line 2: sink W mallocs_per_event (glibc)",
                               "median 5 and median 1")
    assert result.returncode == 2 and "gate passed" not in result.stdout, line


def test_two_run_files_of_one_allocator_that_share_a_figure_fail_the_gate(tmp_path):
    reference = [gate_line("sink", "mallocs_per_event", 1)]
    result = gate(tmp_path, reference, [gate_line("sink", "mallocs_per_event", 5)],
                  [gate_line("sink", "mallocs_per_event", 1)])
    refused_in_one_line(result, "run-1.csv: line 2 repeats", "run-0.csv line 2: sink W mallocs_per_event (glibc) is "
                                "in both files (median 5 and median 1); give one run file per allocator")
    assert result.returncode == 2
    # One file per allocator is what CI gives: no repeat.
    both = [gate_line("sink", "mallocs_per_event", 1), gate_line("sink", "mallocs_per_event", 1, "jemalloc")]
    result = gate(tmp_path, both, [gate_line("sink", "mallocs_per_event", 1)],
                  [gate_line("sink", "mallocs_per_event", 1, "jemalloc")])
    assert result.returncode == 0, result.stdout + result.stderr


def test_instruction_shift_refuses_one_figure_in_two_files_of_a_side(tmp_path):
    first = write_csv(tmp_path / "a.csv", [figure(metric="instructions_per_event", median=100.0)])
    second = write_csv(tmp_path / "b.csv", [figure(metric="instructions_per_event", median=200.0)])
    refused_in_one_line(run_script("instruction-shift", first, second, "--after", first), "b.csv: line 2 repeats",
                        "a.csv line 2")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-0.1", "ten", "1e400"])
def test_a_threshold_that_would_hide_regressions_is_refused(tmp_path, value):
    old = write_csv(tmp_path / "old.csv", [figure(median=10.0)])
    new = write_csv(tmp_path / "new.csv", [figure(median=50.0)])
    assert run_script("compare", old, new).returncode == 1   # the regression the threshold would hide
    result = run_script("compare", old, new, f"--threshold={value}")
    assert result.returncode == 2 and result.stdout == ""
    refused_in_one_line(result, f"--threshold is '{value}'; give a finite fraction of 0 or more (0.10 is 10%)")
    assert run_script("compare", old, new, "--threshold", "0").returncode == 1


def test_a_timed_reference_figure_that_becomes_unavailable_fails_the_gate_naming_it(tmp_path):
    """Exact figures that become unavailable always failed; a time or a latency was only compared as a warning,
    and one flagged unavailable in the run disappeared from the check: the gate passed."""
    reference = [gate_line("sink", "mallocs_per_event", 1), gate_line("sink", "ns_per_event", 10),
                 gate_line("baseline", "ns_per_event", 5)]
    run = [gate_line("sink", "mallocs_per_event", 1), gate_line("sink", "ns_per_event", 0, flag="unavailable", n=""),
           gate_line("baseline", "ns_per_event", 5)]
    result = gate(tmp_path, reference, run)
    assert result.returncode == 1, result.stdout
    failed = [line for line in result.stdout.splitlines() if "unavailable in the run" in line]
    assert len(failed) == 1 and failed[0].split()[:3] == ["sink", "W", "ns_per_event"], result.stdout
    # Unavailable in both: nothing was lost.
    reference[1] = gate_line("sink", "ns_per_event", 0, flag="unavailable", n="")
    assert gate(tmp_path, reference, run).returncode == 0


def test_compare_lists_a_figure_that_became_unavailable(tmp_path):
    old = tmp_path / "old.csv"
    new = tmp_path / "new.csv"
    old.write_text(HEADER + gate_line("sink", "ns_per_event", 10))
    new.write_text(HEADER + gate_line("sink", "ns_per_event", 0, flag="unavailable", n=""))
    result = run_script("compare", old, new)
    assert f"unavailable in {new}, measured in {old} (1)" in result.stdout, result.stdout
