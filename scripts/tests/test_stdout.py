"""Standard output that cannot take a script's output, and Ctrl-C, under scripts/outfile.py's script_main: a full
disk is one line and exit 1, a closed pipe (`| head -1`) exit 1 without a word, a standard output closed from the
start one line and exit 1 before any work, Ctrl-C one line and exit 130; never a traceback, never exit 0 with the
output lost."""
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys

import pytest

import rxcsv
from conftest import SCRIPTS, row, write_csv


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
        "summarize.py": [run],
        "compare.py": [run, run],
        "compare.py --gate": ["--gate", run, "--run", run],
        "costmodel.py": [run],
        "instruction-shift.py": [run, "--after", run],
        "profile-shares.py": [annotation],
        "benchmark-spread.py": exports,
    }


CASES = ["summarize.py", "compare.py", "compare.py --gate", "costmodel.py", "instruction-shift.py",
         "profile-shares.py", "benchmark-spread.py"]


def run_script(case, arguments, **kwargs):
    script = case.split()[0]
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, script), *map(str, arguments)],
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


@pytest.mark.parametrize("case", ["summarize.py", "compare.py --gate", "costmodel.py"])
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
    result = subprocess.run(f"'{sys.executable}' '{os.path.join(SCRIPTS, 'summarize.py')}' '{path}' | head -1; "
                            "echo status ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", capture_output=True,
                            text=True)
    assert result.stdout.splitlines()[0].startswith("Source: ")
    assert result.stdout.splitlines()[-1] == "status 1"
    assert result.stderr == ""


def module(script):
    spec = importlib.util.spec_from_file_location(script.replace("-", "_")[:-3], os.path.join(SCRIPTS, script))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def interrupted(*_args, **_kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("script, prefix, argv", [
    ("summarize.py", "summarize.py", lambda run: [run]),
    ("compare.py", "compare", lambda run: ["--gate", run, "--run", run]),
    ("costmodel.py", "costmodel.py", lambda run: [run]),
])
def test_ctrl_c_is_one_line_and_exit_130(tmp_path, monkeypatch, capsys, script, prefix, argv):
    loaded = module(script)
    monkeypatch.setattr(rxcsv, "load", interrupted)
    monkeypatch.setattr(sys, "argv", [script] + list(map(str, argv(tmp_path / "run.csv"))))
    try:
        status = loaded.main()   # its arguments from sys.argv
    except SystemExit as exit:   # the old mains called sys.exit themselves
        status = exit.code
    except KeyboardInterrupt:
        pytest.fail(f"KeyboardInterrupt escaped {script}'s main: a traceback")
    assert status == 130
    captured = capsys.readouterr()
    assert captured.err == f"{prefix}: interrupted\n" and captured.out == ""


def test_every_script_main_runs_under_script_main():
    """Each script's main is wrapped by outfile.script_main (functools.wraps leaves __wrapped__)."""
    names = sorted(os.path.basename(path) for path in glob.glob(os.path.join(SCRIPTS, "*.py")))
    unwrapped = [name for name in names
                 if name not in ("outfile.py", "rxcsv.py") and not hasattr(module(name).main, "__wrapped__")]
    assert unwrapped == []


def script_name(script):
    """The name a script's messages begin with: script_main's argument (or the SCRIPT it names)."""
    with open(os.path.join(SCRIPTS, script), encoding="utf-8") as handle:
        source = handle.read()
    name = re.search(r'script_main\((?:"([^"]+)"|SCRIPT)\)', source)
    return name.group(1) or re.search(r'^SCRIPT = "([^"]+)"', source, re.MULTILINE).group(1)


# A meta path finder that interrupts the import of outfile (the import every script makes) as Ctrl-C would while
# the modules load, then runs the script as `python script.py` runs it.
INTERRUPTED_IMPORT = """
import runpy, sys
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "outfile":
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupt())
sys.argv = [{script!r}]
sys.path.insert(0, {scripts!r})
runpy.run_path({script!r}, run_name="__main__")
"""


@pytest.mark.parametrize("script", sorted(os.path.basename(path) for path in glob.glob(os.path.join(SCRIPTS, "*.py"))
                                          if os.path.basename(path) not in ("outfile.py", "rxcsv.py")))
def test_ctrl_c_while_the_modules_load_is_one_line_and_exit_130(tmp_path, script):
    """Loading the modules is most of a short run (summarize.py, compare.py, costmodel.py on a small file): a Ctrl-C
    then was a KeyboardInterrupt traceback in every script but those that load matplotlib."""
    code = INTERRUPTED_IMPORT.format(script=os.path.join(SCRIPTS, script), scripts=SCRIPTS)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (130, f"{script_name(script)}: interrupted\n")
    assert result.stdout == ""
