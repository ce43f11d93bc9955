"""rxtools doc-figures must fail on a figure that is not the pinned statistic of its pinned row, workload and
metric in its results file, fail on a table it cannot pin, and pass on figures that are."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import RXTOOLS

COMMAND = [sys.executable, RXTOOLS, "doc-figures"]
ROOT = Path(__file__).resolve().parents[2]
HEADER = ("schema,date,commit,swift,cpu,cores,allocator,build,profile,clock_overhead_ns,engine,role,workload,group,"
          "parameters,metric,unit,n,median,min,max,mad,p90,p99,p999,flag\n")


def check_doc(doc, cwd=None):
    return subprocess.run([*COMMAND, str(doc)], capture_output=True, text=True, cwd=cwd)


def check_table(tmp_path, results_rows, table, options="metric=ns_per_event"):
    """check-doc-figures on a document whose one table (`table`: header, separator and rows) names a
    results file of `results_rows` (CSV lines after the header), with the marker's `options`."""
    results = tmp_path / "run.csv"
    results.write_text(HEADER + "".join(line + "\n" for line in results_rows))
    doc = tmp_path / "doc.md"
    doc.write_text(f"<!-- figures: {results} {options} -->\n\n{table}\n")
    return check_doc(doc)


def one_row_tables(tmp_path, results_rows, header, options="metric=ns_per_event"):
    """check(row): check_table on `results_rows` and a table of `header` (its line of column names) whose one
    row is `row`."""
    separator = "|---" * (header.count("|") - 1) + "|"
    return lambda row: check_table(tmp_path, results_rows, f"{header}\n{separator}\n{row}", options)


# A results line: sink's ns_per_event on CreateMapFilter, median 21.0134 (min 20.8, max 21.9).
SINK_ON_CREATE_MAP_FILTER = ("2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,CreateMapFilter,seed,,ns_per_event,"
                             "ns/event,5,21.0134,20.8,21.9,0.1,21.5,21.8,21.9,")


def run(tmp_path, row, options="metric=ns_per_event"):
    """One sink figure on CreateMapFilter, and a table with `row` in a sink column."""
    return one_row_tables(tmp_path, [SINK_ON_CREATE_MAP_FILTER], "| workload | sink | x floor |", options)(row)


def test_a_figure_in_the_file_passes(tmp_path):
    assert run(tmp_path, "| CreateMapFilter | 21.01 | x9.9 |").returncode == 0
    # A median with its range: the marker says which statistic each figure of the cell is.
    assert run(tmp_path, "| CreateMapFilter | 21.0 ns (20.8..21.9) | x9.9 |",
               "metric=ns_per_event stat=median/min/max").returncode == 0
    assert run(tmp_path, "| CreateMapFilter | 21.0 ns (21.9..20.8) | x9.9 |",
               "metric=ns_per_event stat=median/min/max").returncode == 1


def test_a_stale_figure_fails_naming_it(tmp_path):
    result = run(tmp_path, "| CreateMapFilter | 19.50 | x9.9 |")
    assert result.returncode == 1
    assert "'19.50' is not the median ns_per_event of sink on CreateMapFilter in" in result.stderr


def test_a_missing_results_file_fails(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("<!-- figures: results/none.csv metric=ns_per_event -->\n\n| a | b |\n|---|---|\n| x | 1 |\n")
    result = check_doc(doc)
    assert result.returncode == 1 and "does not exist" in result.stderr


def test_a_ratio_beside_a_figure_is_that_figure_over_the_floor(tmp_path):
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,baseline,reference,W,g,,ns_per_event,ns/event,5,8.79,8,9,0.1,9,9,9,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,,ns_per_event,ns/event,5,42.07,41,43,0.1,43,43,43,"]
    check = one_row_tables(tmp_path, rows, "| workload | baseline | sink |")
    assert check("| W | 8.79 | 42.07 (4.8x) |").returncode == 0
    wrong = check("| W | 8.79 | 42.07 (5.8x) |")
    assert wrong.returncode == 1 and "'5.8x' is not 42.07 / the floor (8.79)" in wrong.stderr


def test_a_glob_marker_takes_every_file_it_matches(tmp_path):
    runs = tmp_path / "ab"
    runs.mkdir()
    for name, median in (("old-1.csv", "55.7056"), ("new-1.csv", "53.5558")):
        (runs / name).write_text(HEADER + f"2,d,c,s,cpu,2,glibc,release,standard,30,signal,engine,W,g,,ns_per_event,"
                                 f"ns/event,11,{median},50,60,0.79,58,59,60,\n")
    doc = tmp_path / "doc.md"

    def check(marker, cell, stat="median/mad"):
        doc.write_text(f"<!-- figures: {marker} engine=col:1 workload=W metric=ns_per_event stat={stat} -->\n\n"
                       f"| row | nap / futex |\n|---|---|\n| signal | {cell} |\n")
        return check_doc(doc)

    assert check(f"{runs}/*.csv", "55.71 (0.79) / 53.56 (0.79)").returncode == 0
    stale = check(f"{runs}/*.csv", "55.71 / 54.00", stat="median")
    assert stale.returncode == 1 and "'54.00' is not the median ns_per_event of signal on W in" in stale.stderr
    # The MAD where the median belongs: a figure of the file, but not of its place in the cell.
    assert check(f"{runs}/*.csv", "0.79 (55.71)").returncode == 1
    missing = check(f"{runs}/none-*.csv", "55.71")
    assert missing.returncode == 1 and "matches no file" in missing.stderr


def test_a_figure_of_another_row_or_workload_fails_where_the_table_names_both(tmp_path):
    """Laid out as workloads by rows and rows of the file by columns, a cell is pinned: a figure that is in the
    file, but of another engine or another workload, is stale there."""
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,depth=1,ns_per_event,ns/event,5,42.07,41,43,0.1,43,43,43,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,signal,engine,W,g,depth=1,ns_per_event,ns/event,5,19.92,19,21,0.1,21,21,21,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,depth=10,ns_per_event,ns/event,5,77.5,76,78,0.1,78,78,78,"]
    check = one_row_tables(tmp_path, rows, "| workload | sink | signal |")
    assert check("| W[depth=1] | 42.07 | 19.92 |").returncode == 0
    swapped = check("| W[depth=1] | 19.92 | 42.07 |")
    assert swapped.returncode == 1 and "'19.92' is not the median ns_per_event of sink on W[depth=1]" in swapped.stderr
    other_workload = check("| W[depth=1], ns/event | 77.5 | 19.92 |")
    assert other_workload.returncode == 1
    assert "'77.5' is not the median ns_per_event of sink on W[depth=1]" in other_workload.stderr


def readme_fidelity_table():
    """README's Fidelity table with its marker, as README has them (the test follows README)."""
    text = (ROOT / "README.md").read_text()
    match = re.search(r"(<!-- figures: results/fidelity/standard.csv[^\n]*-->\n\n(?:\|[^\n]*\n)+)", text)
    assert match, "README has no Fidelity table under a marker naming results/fidelity/standard.csv"
    return match.group(1)


def check_fidelity_copy(tmp_path, edit=lambda table: table):
    doc = tmp_path / "fidelity.md"
    table = readme_fidelity_table()
    edited = edit(table)
    assert edited != table or edit.__name__ == "<lambda>", "the edit changed nothing"
    doc.write_text(edited)
    return check_doc(doc, cwd=ROOT)


def test_readmes_fidelity_table_passes(tmp_path):
    result = check_fidelity_copy(tmp_path)
    assert result.returncode == 0, result.stderr


def test_swapped_figures_in_readmes_fidelity_table_fail(tmp_path):
    """Lean and library-like swapped on the fusion row: each figure is in the file, but of the other row."""
    def swap(table):
        return table.replace("| 41 | 32 |", "| 32 | 41 |")
    result = check_fidelity_copy(tmp_path, swap)
    assert result.returncode == 1
    assert "'32' is not the median mallocs_per_lifecycle of sink on NeverMapLifecycle[depth=10]" in result.stderr
    assert "'41' is not the median mallocs_per_lifecycle of sink-fused on NeverMapLifecycle[depth=10]" in result.stderr


def test_a_number_that_is_another_rows_statistic_fails(tmp_path):
    """sink's median on PublishSubjectPumping, a figure of the same file, written as sink-locked's on
    CreateMapFilter (the atomics row): stale (the old check took any statistic of any row). Both figures are
    read from the file and the table, so the test follows a regenerated file."""
    import csv
    with open(ROOT / "results/fidelity/standard.csv") as results:
        other = next(float(row["median"]) for row in csv.DictReader(results)
                     if row["engine"] == "sink" and row["workload"] == "PublishSubjectPumping"
                     and row["metric"] == "ns_per_event")
    shown = f"{other:.2f}"

    def arbitrary(table):
        line = next(line for line in table.split("\n") if line.startswith("| sink: atomics |"))
        cells = line.split("|")
        cells[-2] = f" {shown} "   # the library-like column, the last one
        return table.replace(line, "|".join(cells))
    result = check_fidelity_copy(tmp_path, arbitrary)
    assert result.returncode == 1
    assert f"'{shown}' is not the median ns_per_event of sink-locked on CreateMapFilter" in result.stderr


def test_another_statistic_of_the_pinned_row_fails(tmp_path):
    """sink's min on CreateMapFilter where its median is quoted."""
    rows = [SINK_ON_CREATE_MAP_FILTER]
    table = "| workload | sink |\n|---|---|\n| CreateMapFilter | {} |"
    assert check_table(tmp_path, rows, table.format("20.8")).returncode == 1
    assert check_table(tmp_path, rows, table.format("20.8"), "metric=ns_per_event stat=min").returncode == 0
    assert check_table(tmp_path, rows, table.format("20.8"), "metric=ns_per_event stat=any").returncode == 0


def test_a_table_that_cannot_be_pinned_fails_in_one_line(tmp_path):
    rows = [SINK_ON_CREATE_MAP_FILTER]
    table = "| workload | sink |\n|---|---|\n| CreateMapFilter | 21.01 |\n| CreateMapFilter | 21.01 |"
    no_metric = check_table(tmp_path, rows, table, options="")
    assert no_metric.returncode == 1
    assert no_metric.stderr.count("\n") == 1, no_metric.stderr
    assert "names no metric for column 2 ('sink'): add metric=ID, metric=col:N or metric=header" in no_metric.stderr
    # Rows by engine with no workload anywhere: the old check took a figure of any workload.
    no_workload = check_table(tmp_path, rows, "| row | time |\n|---|---|\n| sink | 21.01 |")
    assert no_workload.returncode == 1 and no_workload.stderr.count("\n") == 1
    assert "cannot pin the engine of row 1, column 2 ('time') with engine=header" in no_workload.stderr
    pinned = check_table(tmp_path, rows, "| row | time |\n|---|---|\n| sink | 21.01 |",
                         options="engine=col:1 workload=CreateMapFilter metric=ns_per_event")
    assert pinned.returncode == 0, pinned.stderr
    bad_option = check_table(tmp_path, rows, table, options="metric=ns_per_event colour=red")
    assert bad_option.returncode == 1 and "'colour=red' is not KEY=VALUE" in bad_option.stderr


def test_a_rows_list_of_another_length_than_the_table_fails(tmp_path):
    """`rows:` gives one value per body row: a list longer than the table is refused as a shorter one is (one
    longer was accepted in the mutation check's docfig-rows-fewer-accepted, docs/mutation.md)."""
    table = "| row | time |\n|---|---|\n| a | 21.01 |"
    options = "engine=rows:{} workload=CreateMapFilter metric=ns_per_event"
    assert check_table(tmp_path, [SINK_ON_CREATE_MAP_FILTER], table, options.format("sink")).returncode == 0
    for values, count in (("sink;sink", 2), ("sink;-;sink", 3)):
        result = check_table(tmp_path, [SINK_ON_CREATE_MAP_FILTER], table, options.format(values))
        assert result.returncode == 1
        assert f"engine[2]=rows:{values} lists {count} rows, the table has 1: give one value per body row" in result.stderr


def test_a_figure_with_a_time_unit_is_scaled_from_nanoseconds(tmp_path):
    """2,500,000 ns written in ms, µs and ns; a figure scaled by the wrong unit is stale (ms was read as µs in the
    mutation check's docfig-ms-scale)."""
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,,ns_per_lifecycle,ns/lifecycle,5,2500000,2400000,"
            "2600000,1000,2600000,2600000,2600000,"]
    check = one_row_tables(tmp_path, rows, "| workload | sink |", "metric=ns_per_lifecycle")
    for cell in ("2.5 ms", "2500 µs", "2500000 ns", "2.50 ms"):
        assert check(f"| W | {cell} |").returncode == 0, cell
    for cell in ("2.5 µs", "2500 ms", "2.6 ms"):
        result = check(f"| W | {cell} |")
        assert result.returncode == 1 and "is not the median ns_per_lifecycle of sink on W" in result.stderr, cell


def test_a_workload_without_parameters_that_fits_several_ids_is_unpinned(tmp_path):
    """`W` where the file has W[depth=1] and W[depth=10] of the row: the figure cannot be pinned, whichever of them
    it equals (taken as either in the mutation check's docfig-ambiguous-workload); `W[depth=1]` pins it."""
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,depth=1,ns_per_event,ns/event,5,42.07,41,43,0.1,43,43,43,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,depth=10,ns_per_event,ns/event,5,77.5,76,78,0.1,78,78,78,"]
    check = one_row_tables(tmp_path, rows, "| workload | sink |")
    ambiguous = check("| W | 42.07 |")
    assert ambiguous.returncode == 1
    assert "W fits 2 workloads of sink (W[depth=10], W[depth=1], ...): write its parameters" in ambiguous.stderr
    assert check("| W[depth=1] | 42.07 |").returncode == 0


def test_the_repository_passes():
    """Every marker of README and docs/ pins its figures, and they are the files' (CI runs the same)."""
    result = subprocess.run([*COMMAND], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert " 0 stale figure(s)" in result.stdout


def test_a_metric_column_pins_each_rows_metric(tmp_path):
    """A table with a column headed `metric` (scripts/rxtools proxies writes one) needs no metric= in its marker;
    the figure is that metric's, not another one's of the same row and workload."""
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,,ns_per_event,ns/event,5,42.07,41,43,0.1,43,43,43,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,,mallocs_per_event,mallocs/event,5,15,15,15,0,15,15,15,"]
    check = one_row_tables(tmp_path, rows, "| workload | metric | sink |", options="")
    assert check("| W | ns/event | 42.07 |").returncode == 0
    assert check("| W | mallocs/event | 15 |").returncode == 0
    wrong = check("| W | mallocs/event | 42.07 |")
    assert wrong.returncode == 1 and "'42.07' is not the median mallocs_per_event of sink on W" in wrong.stderr


def test_rewrite_writes_the_pinned_figure_into_a_stale_cell_and_leaves_what_it_cannot(tmp_path):
    results = tmp_path / "run.csv"
    results.write_text(HEADER + SINK_ON_CREATE_MAP_FILTER + "\n"
                       "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,MapFilterPumping,seed,,ns_per_event,"
                       "ns/event,5,1234.5,1200,1300,2,1250,1290,1299,\n")
    doc = tmp_path / "doc.md"
    doc.write_text(f"<!-- figures: {results} metric=ns_per_event -->\n\n| workload | sink |\n|---|---|\n"
                   "| CreateMapFilter | 19.50 |\n| MapFilterPumping | 1.1 µs |\n")
    result = subprocess.run([*COMMAND, "--rewrite", str(doc)], capture_output=True, text=True)
    text = doc.read_text()
    assert "| CreateMapFilter | 21.01 |" in text
    # A figure with a unit is left for a person, and still fails the check that follows the rewrite.
    assert "| MapFilterPumping | 1.1 µs |" in text
    assert result.returncode == 1 and "'1.1 µs' is not the median" in result.stderr
    assert check_doc(doc).returncode == 1


def test_help_prints_the_usage_and_is_no_document():
    result = subprocess.run([*COMMAND, "--help"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: rxtools doc-figures [-h] [--rewrite] [FILE ...]")
    assert "--help" not in result.stderr and result.stderr == ""


def test_rewrite_of_a_document_it_cannot_write_is_one_line_and_leaves_it(tmp_path, monkeypatch, capsys):
    """The file system refuses to write in the document's folder (as it would for a user without write permission;
    root may write anywhere, so the refusal is made here, for every way of writing: open for writing and a
    temporary file beside it)."""
    import builtins
    import tempfile

    from rxtools import cli, doc_figures  # noqa: F401  (loaded before open is guarded)
    results = tmp_path / "run.csv"
    results.write_text(HEADER + SINK_ON_CREATE_MAP_FILTER + "\n")
    locked = tmp_path / "locked"
    locked.mkdir()
    doc = locked / "doc.md"
    text = f"<!-- figures: {results} metric=ns_per_event -->\n\n| workload | sink |\n|---|---|\n| CreateMapFilter | 19.50 |\n"
    doc.write_text(text)

    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")
    real_open = builtins.open

    def guarded_open(file, mode="r", *args, **kwargs):
        if str(file).startswith(str(locked)) and any(flag in mode for flag in "wax+"):
            refused()
        return real_open(file, mode, *args, **kwargs)
    real_mkstemp, real_temporary = tempfile.mkstemp, tempfile.NamedTemporaryFile

    def guarded_mkstemp(*args, dir=None, **kwargs):
        if dir is not None and str(dir).startswith(str(locked)):
            refused()
        return real_mkstemp(*args, dir=dir, **kwargs)

    def guarded_temporary(*args, dir=None, **kwargs):
        if dir is not None and str(dir).startswith(str(locked)):
            refused()
        return real_temporary(*args, dir=dir, **kwargs)
    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(tempfile, "mkstemp", guarded_mkstemp)
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", guarded_temporary)
    try:
        status = cli.main(["doc-figures", "--rewrite", str(doc)])
    except SystemExit as exit:
        status = exit.code
    except PermissionError as error:
        pytest.fail(f"a traceback: {error!r}")
    captured = capsys.readouterr()
    assert status == 1
    lines = captured.err.strip().splitlines()
    assert lines == [f"rxtools doc-figures: {doc}: cannot write in {locked} (Permission denied); make it writable, or check without --rewrite"]
    assert doc.read_text() == text
    assert sorted(os.listdir(locked)) == ["doc.md"]
