"""Every file a script writes goes through scripts/rxtools/outfile.py's writer: a symbolic link is written through (the
link stays), a replaced file keeps its permission bits, a device is written to directly, a full disk or a signal
leaves the file that was there as it was and no temporary file; an output path is refused in one line before
any work (empty, a directory, a missing directory)."""
import errno
import os
import signal
import stat
import subprocess
import sys

import pytest

from rxtools import charts, cli, outfile, report
from conftest import RXTOOLS, SCRIPTS, row, signalled_report, write_csv


def run_script(script, *args, **kwargs):
    return subprocess.run([sys.executable, RXTOOLS, script, *map(str, args)],
                          capture_output=True, text=True, **kwargs)


def one_line(text):
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


def small_csv(tmp_path):
    return write_csv(tmp_path / "small.csv", [
        row("baseline", "reference", "CreateMapFilter", "seed", "", "ns_per_event", "ns/event", 8.0),
        row("sink", "engine", "CreateMapFilter", "seed", "", "ns_per_event", "ns/event", 21.0)])


def sweep_csv(tmp_path):
    """Enough for one fit, so that rxtools costmodel --csv has something to write."""
    return write_csv(tmp_path / "sweep.csv", [
        row("sink", "engine", "MapDepth", "scaling", f"depth={depth}", "ns_per_event", "ns/event", 10.0 + 2 * depth)
        for depth in (1, 2, 4, 8)])


def private_file_behind_a_link(folder, name):
    """`folder/name` as a symbolic link to a 0600 file elsewhere: (link, target)."""
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    target = elsewhere / f"real-{name}"
    target.write_text("old")
    os.chmod(target, 0o600)
    link = folder / name
    link.symlink_to(target)
    return link, target


def assert_written_through(link, target):
    assert link.is_symlink(), f"{link} was replaced by a plain file"
    assert os.readlink(link) == str(target)
    assert target.read_text() != "old"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600, oct(os.stat(target).st_mode)
    assert not [name for name in os.listdir(target.parent) if name.endswith(".tmp")]


# ---------------------------------------------------------------------------------------------
# The writer itself

def test_write_atomically_follows_a_link_keeps_the_mode_and_gives_a_new_file_the_umasks_mode(tmp_path):
    link, target = private_file_behind_a_link(tmp_path, "out.csv")
    outfile.write_atomically(str(link), "new\n")
    assert_written_through(link, target)
    fresh = tmp_path / "fresh.csv"
    umask = os.umask(0o022)
    try:
        outfile.write_atomically(str(fresh), b"bytes")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o644 and fresh.read_bytes() == b"bytes"


def test_write_atomically_writes_a_fifo_through(tmp_path):
    """A FIFO (or a device: /dev/stdout) cannot have a file renamed over it: it is written to directly. (No test
    writes to a device of the machine's own /dev: the old writer, run as root, renamed a file over it.)"""
    import threading
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(open(fifo, "rb").read()), daemon=True)
    reader.start()
    try:
        outfile.write_atomically(str(fifo), b"through the pipe")
    finally:
        if reader.is_alive():   # the writer never opened it: let the reader go
            with open(fifo, "wb"):
                pass
        reader.join(10)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert received == [b"through the pipe"]
    assert os.listdir(tmp_path) == ["pipe"]


@pytest.mark.parametrize("name, problem", [
    ("", "--csv is empty; give a file name"),
    ("a-folder", "a-folder: is a directory; give --csv a file name"),
    ("a-folder/", "a-folder/: is a directory; give --csv a file name"),
    ("missing/out.csv", "missing/out.csv: cannot be written, no directory"),
    ("a-file/out.csv", "a-file/out.csv: cannot be written (Not a directory); give another --csv"),
])
def test_check_file_refuses_what_cannot_be_written(tmp_path, monkeypatch, name, problem):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("")
    with pytest.raises(outfile.OutputError) as error:
        outfile.check_file(name, "--csv")
    assert str(error.value).startswith(problem), str(error.value)
    assert sorted(os.listdir(tmp_path)) == ["a-file", "a-folder"]


# ---------------------------------------------------------------------------------------------
# The scripts

def test_instruction_shift_output_writes_through_a_link_and_keeps_the_mode(tmp_path):
    csv = write_csv(tmp_path / "run.csv", [row("sink", "engine", "W", "g", "", "instructions_per_event", "i", 5.0)])
    link, target = private_file_behind_a_link(tmp_path, "shift.csv")
    result = run_script("instruction-shift", csv, "--after", csv, "--output", link)
    assert result.returncode == 0, result.stderr
    assert_written_through(link, target)
    assert target.read_text().startswith("engine,kind,compared")


def test_report_and_charts_write_through_links_and_keep_modes(tmp_path, capsys):
    out = tmp_path / "report"
    out.mkdir()
    index, index_target = private_file_behind_a_link(out, "index.html")
    model, model_target = private_file_behind_a_link(out, "cost-model.csv")
    assert cli.main(["report", small_csv(tmp_path), "--out", str(out)]) == 0
    assert_written_through(index, index_target)
    assert_written_through(model, model_target)
    drawn = tmp_path / "charts"
    drawn.mkdir()
    name = charts.charts_for(report.rxcsv.load(small_csv(tmp_path)))[0].name
    svg, svg_target = private_file_behind_a_link(drawn, f"{name}.svg")
    assert cli.main(["charts", small_csv(tmp_path), "--out", str(drawn)]) == 0
    assert_written_through(svg, svg_target)
    assert svg_target.read_text().lstrip().startswith("<?xml")


def no_work(*_args, **_kwargs):
    raise AssertionError("the work was done although the output path was refused")


@pytest.mark.parametrize("script, name", [("report", "report"), ("charts", "charts")])
def test_an_empty_out_is_refused_before_any_work(tmp_path, monkeypatch, capsys, script, name):
    monkeypatch.setattr(charts, "charts_for", no_work)
    monkeypatch.chdir(tmp_path)
    csv = small_csv(tmp_path)
    assert cli.main([script, csv, "--out", ""]) == 2
    assert one_line(capsys.readouterr().err) == f"rxtools {name}: --out is empty; give a directory"
    assert sorted(os.listdir(tmp_path)) == ["small.csv"]


@pytest.mark.parametrize("target, problem", [
    ("", "rxtools costmodel: --csv is empty; give a file name"),
    ("missing/fits.csv", "rxtools costmodel: missing/fits.csv: cannot be written, no directory"),
    ("folder", "rxtools costmodel: folder: is a directory; give --csv a file name"),
])
def test_costmodel_refuses_an_unwritable_csv_in_one_line_before_fitting(tmp_path, target, problem):
    (tmp_path / "folder").mkdir()
    csv = sweep_csv(tmp_path)
    result = run_script("costmodel", csv, "--csv", target, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert one_line(result.stderr).startswith(problem)
    assert sorted(os.listdir(tmp_path)) == ["folder", "sweep.csv"]


def test_costmodel_on_a_full_device_is_one_line_and_exit_1(tmp_path):
    result = run_script("costmodel", sweep_csv(tmp_path), "--csv", "/dev/full")
    assert result.returncode == 1
    assert one_line(result.stderr) == "rxtools costmodel: /dev/full: cannot be written (No space left on device)"


def test_costmodel_on_a_full_disk_leaves_the_previous_file(tmp_path, monkeypatch, capsys):
    previous = tmp_path / "fits.csv"
    previous.write_text("the previous fits\n")

    def full(handle, data):
        handle.write(data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(outfile, "write", full)
    assert cli.main(["costmodel", sweep_csv(tmp_path), "--csv", str(previous)]) == 1
    assert one_line(capsys.readouterr().err) == f"rxtools costmodel: {previous}: cannot be written (No space left on device)"
    assert previous.read_text() == "the previous fits\n"
    assert sorted(os.listdir(tmp_path)) == ["fits.csv", "sweep.csv"]


def test_costmodel_csv_writes_through_a_link_and_keeps_the_mode(tmp_path):
    link, target = private_file_behind_a_link(tmp_path, "fits.csv")
    result = run_script("costmodel", sweep_csv(tmp_path), "--csv", link)
    assert result.returncode == 0, result.stderr
    assert_written_through(link, target)
    assert target.read_text().startswith("source,engine,role")


def test_check_benchmark_mallocs_refuses_an_out_folder_before_comparing(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    absent = tmp_path / "absent.json"
    result = run_script("benchmark-mallocs", "--rxbench-csv", absent, "--benchmark-jmh", absent, absent,
                        "--out", folder)
    assert result.returncode == 2
    assert one_line(result.stderr) == f"rxtools benchmark-mallocs: {folder}: is a directory; give --out a file name"


def test_findings_refuses_an_empty_readme(tmp_path):
    result = run_script("findings", "--csv", tmp_path / "absent.csv", "--catalogue", tmp_path / "absent.csv",
                        "--readme", "", "--out", tmp_path / "findings")
    assert result.returncode == 2
    assert "--readme is empty" in one_line(result.stderr)


# ---------------------------------------------------------------------------------------------
# SIGTERM: the temporary file is removed, one line, exit 128 + 15

def test_sigterm_as_the_temporary_file_is_made_leaves_no_temporary_file(tmp_path):
    """A SIGTERM the moment the temporary file exists: before, the process died by it and left the file."""
    program = f"""
import os, signal, sys
sys.path.insert(0, {SCRIPTS!r})
from rxtools import outfile
real = outfile.tempfile.NamedTemporaryFile
def made_then_terminated(*args, **kwargs):
    handle = real(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGTERM)
    return handle
outfile.tempfile.NamedTemporaryFile = made_then_terminated
try:
    outfile.write_atomically({str(tmp_path / "chart.svg")!r}, "<svg/>")
except outfile.Terminated as terminated:
    print("terminated by", terminated.name)
"""
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "terminated by SIGTERM\n", (result.returncode, result.stderr)
    assert os.listdir(tmp_path) == []


def test_sigterm_to_a_working_report_is_one_line_exit_143_and_no_temporary_file(tmp_path, v2_csv):
    out = tmp_path / "report"
    status, stderr = signalled_report(v2_csv, out, signal.SIGTERM)
    assert status == 143, stderr
    assert one_line(stderr) == "rxtools report: terminated (SIGTERM)"
    leftovers = [name for _, _, names in os.walk(out) for name in names if name.endswith(".tmp")]
    assert leftovers == []
