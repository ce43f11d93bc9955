"""check-doc-figures.py must fail on a figure that is not in its results file, and pass on one that is."""
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "check-doc-figures.py"
HEADER = ("schema,date,commit,swift,cpu,cores,allocator,build,profile,clock_overhead_ns,engine,role,workload,group,"
          "parameters,metric,unit,n,median,min,max,mad,p90,p99,p999,flag\n")


def check_doc(doc):
    return subprocess.run([sys.executable, str(SCRIPT), str(doc)], capture_output=True, text=True)


def check_table(tmp_path, results_rows, table):
    """check-doc-figures on a document whose one table (`table`: header, separator and rows) names a
    results file of `results_rows` (CSV lines after the header)."""
    results = tmp_path / "run.csv"
    results.write_text(HEADER + "".join(line + "\n" for line in results_rows))
    doc = tmp_path / "doc.md"
    doc.write_text(f"<!-- figures: {results} -->\n\n{table}\n")
    return check_doc(doc)


def run(tmp_path, row):
    """One sink figure on CreateMapFilter, and a table with `row` in a sink column."""
    return check_table(
        tmp_path,
        ["2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,CreateMapFilter,seed,,ns_per_event,ns/event,5,21.0134,"
         "20.8,21.9,0.1,21.5,21.8,21.9,"],
        f"| workload | sink | x floor |\n|---|---|---|\n{row}")


def test_a_figure_in_the_file_passes(tmp_path):
    assert run(tmp_path, "| CreateMapFilter | 21.01 | x9.9 |").returncode == 0
    assert run(tmp_path, "| CreateMapFilter | 21.0 ns (20.8..21.9) | x9.9 |").returncode == 0


def test_a_stale_figure_fails_naming_it(tmp_path):
    result = run(tmp_path, "| CreateMapFilter | 19.50 | x9.9 |")
    assert result.returncode == 1
    assert "'19.50' is not a figure of sink on CreateMapFilter in" in result.stderr


def test_a_missing_results_file_fails(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("<!-- figures: results/none.csv -->\n\n| a | b |\n|---|---|\n| x | 1 |\n")
    result = check_doc(doc)
    assert result.returncode == 1 and "does not exist" in result.stderr


def test_a_ratio_beside_a_figure_is_that_figure_over_the_floor(tmp_path):
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,baseline,reference,W,g,,ns_per_event,ns/event,5,8.79,8,9,0.1,9,9,9,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,,ns_per_event,ns/event,5,42.07,41,43,0.1,43,43,43,"]

    def check(cell):
        return check_table(tmp_path, rows, f"| workload | baseline | sink |\n|---|---|---|\n| W | 8.79 | {cell} |")

    assert check("42.07 (4.8x)").returncode == 0
    wrong = check("42.07 (5.8x)")
    assert wrong.returncode == 1 and "'5.8x' is not 42.07 / the floor (8.79)" in wrong.stderr


def test_a_glob_marker_takes_every_file_it_matches(tmp_path):
    runs = tmp_path / "ab"
    runs.mkdir()
    for name, median in (("old-1.csv", "55.7056"), ("new-1.csv", "53.5558")):
        (runs / name).write_text(HEADER + f"2,d,c,s,cpu,2,glibc,release,standard,30,signal,engine,W,g,,ns_per_event,"
                                 f"ns/event,11,{median},50,60,0.79,58,59,60,\n")
    doc = tmp_path / "doc.md"

    def check(marker, cell):
        doc.write_text(f"<!-- figures: {marker} -->\n\n| row | nap / futex |\n|---|---|\n| signal | {cell} |\n")
        return check_doc(doc)

    assert check(f"{runs}/*.csv", "55.71 (0.79) / 53.56 (0.79)").returncode == 0
    stale = check(f"{runs}/*.csv", "55.71 / 54.00")
    assert stale.returncode == 1 and "'54.00' is not in" in stale.stderr
    assert check(f"{runs}/none-*.csv", "55.71").returncode == 1


def test_a_figure_of_another_row_or_workload_fails_where_the_table_names_both(tmp_path):
    """Laid out as workloads by rows and rows of the file by columns, a cell is pinned: a figure that is in the
    file, but of another engine or another workload, is stale there."""
    rows = ["2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,depth=1,ns_per_event,ns/event,5,42.07,41,43,0.1,43,43,43,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,signal,engine,W,g,depth=1,ns_per_event,ns/event,5,19.92,19,21,0.1,21,21,21,",
            "2,d,c,s,cpu,2,glibc,release,quick,30,sink,engine,W,g,depth=10,ns_per_event,ns/event,5,77.5,76,78,0.1,78,78,78,"]

    def check(row):
        return check_table(tmp_path, rows, f"| workload | sink | signal |\n|---|---|---|\n{row}")

    assert check("| W[depth=1] | 42.07 | 19.92 |").returncode == 0
    swapped = check("| W[depth=1] | 19.92 | 42.07 |")
    assert swapped.returncode == 1 and "'19.92' is not a figure of sink on W[depth=1]" in swapped.stderr
    other_workload = check("| W[depth=1], ns/event | 77.5 | 19.92 |")
    assert other_workload.returncode == 1 and "'77.5' is not a figure of sink on W[depth=1]" in other_workload.stderr
