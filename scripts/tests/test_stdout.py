"""Standard output that cannot take a script's output, and Ctrl-C, under scripts/rxtools/outfile.py's script_main: a full
disk is one line and exit 1, a closed pipe (`| head -1`) exit 1 without a word, a standard output closed from the
start one line and exit 1 before any work, Ctrl-C one line and exit 130; never a traceback, never exit 0 with the
output lost."""
import glob
import importlib
import json
import os
import subprocess
import sys

import pytest

from rxtools import cli, rxcsv
from conftest import RXTOOLS, row, write_csv


def inputs(tmp_path):
    """{script: its arguments} for every script that prints its result on stdout, on inputs it accepts."""
    run = write_csv(tmp_path / "run.csv", [
        row(engine, role, "MapDepth", "scaling", f"depth={depth}", metric, "u", value + depth)
        for engine, role, value in (("baseline", "reference", 5.0), ("sink", "engine", 10.0))
        for depth in (1, 2, 4, 8)
        for metric in ("ns_per_event", "instructions_per_event")])
    annotation = tmp_path / "sink-W.txt"
    annotation.write_text("1,000 (100.0%)  PROGRAM TOTALS\n300 (30.0%)  ???:swift_retain [lib]\n")
    exports = []
    for index in (1, 2):
        exports.append(tmp_path / f"{index}.jmh.json")
        exports[-1].write_text(json.dumps([{"benchmark": "a.b.c.sink/W", "secondaryMetrics": {
            "Time (wall clock)": {"scorePercentiles": {"50.0": 10.0 * index}}}}]))
    return {
        "summarize": [run],
        "compare": [run, run],
        "compare --gate": ["--gate", run, "--run", run],
        "costmodel": [run],
        "instruction-shift": [run, "--after", run],
        "profile-shares": [annotation],
        "benchmark-spread": exports,
    }


CASES = ["summarize", "compare", "compare --gate", "costmodel", "instruction-shift",
         "profile-shares", "benchmark-spread"]


def run_script(case, arguments, **kwargs):
    script = case.split()[0]
    return subprocess.run([sys.executable, RXTOOLS, script, *map(str, arguments)],
                          stderr=subprocess.PIPE, text=True, **kwargs)


@pytest.mark.parametrize("case", CASES)
def test_a_full_stdout_is_one_line_and_exit_1(tmp_path, case):
    with open("/dev/full", "w") as full:
        result = run_script(case, inputs(tmp_path)[case], stdout=full)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("cannot write to standard output (No space left on device)"), lines


@pytest.mark.parametrize("case", CASES)
def test_a_closed_pipe_is_exit_1_without_a_word(tmp_path, case):
    """The reader is gone before the first write (`| head -1` that has read its line): EPIPE, deterministic."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = run_script(case, inputs(tmp_path)[case], stdout=writer)
    finally:
        os.close(writer)
    assert result.returncode == 1
    assert result.stderr == ""


@pytest.mark.parametrize("case", ["summarize", "compare --gate", "costmodel"])
def test_a_closed_stdout_is_refused_before_any_work(tmp_path, case):
    """`script >&-`: Python's print writes nowhere and the script exited 0 with its output lost."""
    result = run_script(case, inputs(tmp_path)[case], preexec_fn=lambda: os.close(1))
    assert result.returncode == 1
    assert result.stderr.strip().endswith("standard output is closed; give it a file or /dev/null (> FILE)")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_long_summary_into_head_is_cut_without_a_traceback(tmp_path):
    records = [row(f"e{index % 10}", "engine", "EventSweep", "scaling", f"events={index // 10}", "ns_per_event", "u", 1.0)
               for index in range(20_000)]
    path = write_csv(tmp_path / "long.csv", records)
    result = subprocess.run(f"'{sys.executable}' '{RXTOOLS}' summarize '{path}' | head -1; "
                            "echo status ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", capture_output=True,
                            text=True)
    assert result.stdout.splitlines()[0].startswith("Source: ")
    assert result.stdout.splitlines()[-1] == "status 1"
    assert result.stderr == ""


def interrupted(*_args, **_kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("subcommand, argv", [
    ("summarize", lambda run: [run]),
    ("compare", lambda run: ["--gate", run, "--run", run]),
    ("costmodel", lambda run: [run]),
])
def test_ctrl_c_is_one_line_and_exit_130(tmp_path, monkeypatch, capsys, subcommand, argv):
    monkeypatch.setattr(rxcsv, "load", interrupted)
    try:
        status = cli.main([subcommand] + list(map(str, argv(tmp_path / "run.csv"))))
    except KeyboardInterrupt:
        pytest.fail(f"KeyboardInterrupt escaped rxtools {subcommand}: a traceback")
    assert status == 130
    captured = capsys.readouterr()
    assert captured.err == f"rxtools {subcommand}: interrupted\n" and captured.out == ""


SHARED = {"__init__", "__main__", "cli", "outfile", "rxcsv"}


def test_every_module_but_the_shared_ones_is_a_subcommand_with_a_main():
    """The dispatcher runs each subcommand's main under outfile.script_main; a module it does not list would be a
    tool no command reaches."""
    modules = sorted(os.path.basename(path)[:-3] for path in glob.glob(os.path.join(RXTOOLS, "*.py")))
    assert sorted(map(cli.module_of, cli.SUBCOMMANDS)) == [m for m in modules if m not in SHARED]
    for name in cli.SUBCOMMANDS:
        assert callable(importlib.import_module(f"rxtools.{cli.module_of(name)}").main), name


def test_help_lists_every_subcommand_and_each_has_its_own_help():
    listed = subprocess.run([sys.executable, RXTOOLS, "--help"], capture_output=True, text=True)
    assert listed.returncode == 0 and listed.stderr == ""
    for name in cli.SUBCOMMANDS:
        assert f"\n  {name} " in listed.stdout, name
    for name in cli.SUBCOMMANDS:
        own = subprocess.run([sys.executable, RXTOOLS, name, "--help"], capture_output=True, text=True)
        assert (own.returncode, own.stderr) == (0, ""), name
        assert own.stdout.startswith(f"usage: rxtools {name}"), (name, own.stdout[:80])


def test_no_subcommand_or_an_unknown_one_is_one_line_and_exit_2():
    bare = subprocess.run([sys.executable, RXTOOLS], capture_output=True, text=True)
    assert bare.returncode == 2 and bare.stdout == "" and bare.stderr.startswith("usage: rxtools SUBCOMMAND")
    unknown = subprocess.run([sys.executable, RXTOOLS, "reports"], capture_output=True, text=True)
    assert (unknown.returncode, unknown.stdout) == (2, "")
    assert unknown.stderr == "rxtools: no subcommand reports; rxtools --help lists them\n"


# A meta path finder that interrupts the import of `module` as Ctrl-C would while the modules load, then runs the
# command as `python3 scripts/rxtools SUBCOMMAND` runs it.
INTERRUPTED_IMPORT = """
import runpy, sys
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupt())
sys.argv = [{command!r}, {subcommand!r}]
runpy.run_path({command!r}, run_name="__main__")
"""


@pytest.mark.parametrize("subcommand", sorted(cli.SUBCOMMANDS))
@pytest.mark.parametrize("interrupted_module", ["outfile", "subcommand"])
def test_ctrl_c_while_the_modules_load_is_one_line_and_exit_130(tmp_path, subcommand, interrupted_module):
    """Loading the modules is most of a short run (summarize, compare, costmodel on a small file): a Ctrl-C then is
    one line, whether it comes while the shared modules load or the subcommand's own (matplotlib for some)."""
    module = "outfile" if interrupted_module == "outfile" else cli.module_of(subcommand)
    code = INTERRUPTED_IMPORT.format(module=f"rxtools.{module}", command=RXTOOLS, subcommand=subcommand)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (130, f"rxtools {subcommand}: interrupted\n")
    assert result.stdout == ""


def test_a_missing_module_is_one_line_naming_it(tmp_path):
    """matplotlib absent (the system's Python runs `report`): one line saying which Python to use, not a traceback."""
    code = ("import runpy, sys\n"
            "class Absent:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'matplotlib':\n"
            "            raise ModuleNotFoundError(\"No module named 'matplotlib'\", name='matplotlib')\n"
            f"sys.meta_path.insert(0, Absent())\nsys.argv = [{RXTOOLS!r}, 'charts', 'run.csv', '--out', 'out']\n"
            f"runpy.run_path({RXTOOLS!r}, run_name='__main__')\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("rxtools charts: needs the Python module matplotlib; run it with the python that "
                             "scripts/venv.sh prints\n")
