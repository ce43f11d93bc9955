"""Bad input: one line on stderr naming the file and the problem, a non-zero exit, nothing written."""
import os
import subprocess
import sys

import pytest

from conftest import RXTOOLS, row, synthetic_rows, synthetic_rows_v3, unsupported_record, write_csv

HEADER_V1 = ",".join(["schema", "date", "commit", "swift", "cpu", "cores", "allocator", "build", "profile",
                      "clock_overhead_ns", "engine", "role", "workload", "group", "parameters", "metric", "unit",
                      "n", "median", "min", "max", "mad", "p90", "p99", "p999"])


def run_script(script, *args):
    return subprocess.run([sys.executable, RXTOOLS, script, *map(str, args)],
                          capture_output=True, text=True)


def bad_files(tmp_path):
    """(file, what its one-line message must say) for every kind of bad input."""
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    header_only = tmp_path / "header-only.csv"
    header_only.write_text(HEADER_V1 + ",flag\n")
    schema4 = write_csv(tmp_path / "schema4.csv", [dict(r, schema="4") for r in synthetic_rows()[:5]])
    # Declared version 3 but without its `note` column.
    v3_without_note = write_csv(tmp_path / "no-note.csv", [dict(r, schema="3") for r in synthetic_rows()[:5]])
    reasonless = write_csv(tmp_path / "reasonless.csv", synthetic_rows_v3()[:3] + [
        unsupported_record("baseline", "reference", "MergeMany", "fanout", "sources=100", "")])
    foreign = tmp_path / "foreign.csv"
    foreign.write_text("name,value\nfoo,1\n")
    v2_without_flag = write_csv(tmp_path / "no-flag.csv", [row("sink", "engine", "W", "g", "", "ns_per_event",
                                                                "ns/event", 1.0, schema="1")],
                                header=None)
    # Declared version 2 but written with version 1's columns.
    with open(v2_without_flag) as handle:
        text = handle.read().replace("\n1,", "\n2,")
    with open(v2_without_flag, "w") as handle:
        handle.write(text)
    not_a_number = tmp_path / "nan.csv"
    rows = synthetic_rows()[:3]
    rows[1]["median"] = "fast"
    write_csv(not_a_number, rows)
    mixed = write_csv(tmp_path / "mixed.csv", [row("sink", "engine", "W", "g", "", "ns_per_event", "ns/event", 1.0),
                                                dict(row("sink", "engine", "V", "g", "", "ns_per_event", "ns/event",
                                                         1.0), schema="1")])
    return [
        (tmp_path / "missing.csv", "no such file"),
        (empty, "empty CSV"),
        (header_only, "no data rows"),
        (schema4, "schema version '4' is not supported"),
        (v3_without_note, "header is not schema 3's: it lacks note"),
        (reasonless, "`unsupported` record without a reason"),
        (foreign, "not an rxbench CSV"),
        (v2_without_flag, "header is not schema 2's"),
        (not_a_number, "'fast', not a number"),
        (mixed, "mixes schema versions"),
    ]


@pytest.mark.parametrize("script", ["report", "charts", "costmodel"])
def test_each_bad_input_gets_one_line_and_no_output(tmp_path, script):
    cases = bad_files(tmp_path)
    if script == "charts":
        cases = cases[:1] + cases[3:4]   # it shares the loader; each run imports matplotlib, which is slow
    for path, problem in cases:
        out = tmp_path / f"out-{script}-{os.path.basename(path)}"
        option = ["--csv", out] if script == "costmodel" else ["--out", out]
        result = run_script(script, path, *option)
        lines = result.stderr.strip().splitlines()
        assert result.returncode != 0, (script, path)
        assert len(lines) == 1, (script, path, result.stderr)
        assert str(path) in lines[0] and problem in lines[0], (script, lines[0])
        assert not os.path.exists(out), f"{script} wrote {out} for {path}"


def test_a_bad_second_file_stops_the_report_before_it_writes(tmp_path, v2_csv):
    out = tmp_path / "report"
    result = run_script("report", v2_csv, tmp_path / "missing.csv", "--out", out)
    assert result.returncode != 0
    assert "missing.csv: no such file" in result.stderr
    assert not out.exists()


def test_an_existing_output_folder_is_left_untouched_on_bad_input(tmp_path):
    out = tmp_path / "report"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    result = run_script("report", tmp_path / "missing.csv", "--out", out)
    assert result.returncode != 0
    assert sorted(os.listdir(out)) == ["keep.txt"]
