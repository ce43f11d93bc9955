"""scripts/rxtools benchmark-mallocs on files whose every count is known: agreement passes; a count that
differs, a count that varies between iterations, one beyond the histogram's exact range, a creating
workload whose intercept is not the tool's offset, and a row only one tool ran each fail."""
import json
import os
import re
import subprocess
import sys

import pytest

from conftest import RXTOOLS, row, write_csv

SIZE = 2
CALIBRATION = "calibration/EscapingObjects[count=64]"


def rx_rows(figures):
    """rxbench CSV rows: {(engine, workload, metric): per-unit figure}."""
    return [row(engine, "engine", workload, "rxswift", "", metric,
                "mallocs/event" if metric == "mallocs_per_event" else "mallocs/lifecycle", value)
            for (engine, workload, metric), value in figures.items()]


def jmh(path, counts):
    """A package-benchmark JMH export: {benchmark name: [malloc count per iteration]}."""
    elements = [{"benchmark": f"package.benchmark.RxBenchCatalogue.{name}",
                 "secondaryMetrics": {"Malloc (total)": {"rawData": [samples]}}}
                for name, samples in counts.items()]
    path.write_text(json.dumps(elements))
    return str(path)


def run_checker(*args):
    return subprocess.run([sys.executable, RXTOOLS, "benchmark-mallocs", *args],
                          capture_output=True, text=True)


def check_csv(tmp_path, rx, small, large):
    """The script on the rxbench CSV `rx` and the two JMH exports of `small` and `large`."""
    return run_checker("--size", str(SIZE), "--rxbench-csv", rx,
                       "--benchmark-jmh", jmh(tmp_path / "n.json", small), jmh(tmp_path / "2n.json", large))


def check(tmp_path, figures, small, large):
    return check_csv(tmp_path, write_csv(tmp_path / "rx.csv", rx_rows(figures)), small, large)


# sink: 15 mallocs per event plus 20 per run (pumping); 49 per lifecycle (creating); tool offset 0.
FIGURES = {("sink", "FlatMapsPumping", "mallocs_per_event"): 15.0,
           ("sink", "FlatMapsCreating", "mallocs_per_lifecycle"): 49.0}
SMALL = {CALIBRATION: [64] * 5, "sink/FlatMapsPumping": [50] * 5, "sink/FlatMapsCreating": [98] * 5}
LARGE = {CALIBRATION: [64] * 5, "sink/FlatMapsPumping": [80] * 5, "sink/FlatMapsCreating": [196] * 5}


def test_agreement_passes(tmp_path):
    result = check(tmp_path, FIGURES, SMALL, LARGE)
    assert result.returncode == 0, result.stderr
    assert "2 passed, 0 failed" in result.stdout


def test_first_iterations_that_differ_are_reported_and_the_settled_count_compared(tmp_path):
    # glibc: the first iterations of a benchmark may need a growth fewer (seen in CI on sink CombineLatestPumping).
    settling = dict(SMALL, **{"sink/FlatMapsPumping": [48, 49, 50, 50, 50, 50, 50]})
    result = check(tmp_path, FIGURES, settling, LARGE)
    assert result.returncode == 0, result.stderr
    assert "settled after 2 iteration(s)" in result.stdout
    # The settled count gets no slack: one allocation more per window fails, whatever came before.
    one_off = check(tmp_path, FIGURES, SMALL, dict(LARGE, **{"sink/FlatMapsPumping": [80, 81, 81, 81, 81, 81]}))
    assert one_off.returncode == 1
    assert "sink/FlatMapsPumping: package-benchmark counts 15.5" in one_off.stderr


@pytest.mark.parametrize("figures, small, large, message", [
    pytest.param({**FIGURES, ("sink", "FlatMapsPumping", "mallocs_per_event"): 16.0}, SMALL, LARGE,
                 "sink/FlatMapsPumping: package-benchmark counts 15", id="a_different_count"),
    pytest.param(FIGURES, dict(SMALL, **{"sink/FlatMapsPumping": [50, 50, 50, 51, 50]}), LARGE,
                 "differs between the last 5 iterations", id="a_count_that_varies_in_the_last_iterations"),
    pytest.param(FIGURES, dict(SMALL, **{"sink/FlatMapsPumping": [50] * 4}), LARGE,
                 "fewer than the 5 that show a settled count", id="too_few_iterations_to_show_a_settled_count"),
    # The calibration allocates no array: it must read 64 in every iteration, also the first.
    pytest.param(FIGURES, dict(SMALL, **{CALIBRATION: [65, 64, 64, 64, 64, 64]}), LARGE,
                 "calibration/EscapingObjects[count=64]: package-benchmark's count differs between iterations",
                 id="a_calibration_that_is_not_exact"),
    pytest.param(FIGURES, SMALL, dict(LARGE, **{"sink/FlatMapsPumping": [2048] * 5}),
                 "beyond the histogram's exact range", id="a_count_beyond_the_histograms_exact_range"),
    pytest.param(FIGURES, dict(SMALL, **{"sink/FlatMapsCreating": [99] * 5}),
                 dict(LARGE, **{"sink/FlatMapsCreating": [197] * 5}),
                 "the tool's own offset is 0", id="a_creating_intercept_other_than_the_tool_offset"),
    pytest.param(FIGURES, dict(SMALL, **{"signal/FlatMapsPumping": [40] * 5}),
                 dict(LARGE, **{"signal/FlatMapsPumping": [70] * 5}),
                 "signal/FlatMapsPumping: package-benchmark ran it", id="a_row_only_one_tool_ran"),
])
def test_a_disagreement_fails_naming_it(tmp_path, figures, small, large, message):
    result = check(tmp_path, figures, small, large)
    assert result.returncode == 1
    assert message in result.stderr


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    missing = tmp_path / "absent.csv"
    result = run_checker("--rxbench-csv", str(missing), "--benchmark-jmh", str(missing), str(missing))
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "cannot read rxbench CSV" in result.stderr


def test_asynchronous_delivery_may_differ_by_one_buffer_growth_and_no_more(tmp_path):
    figures = {("async-stream", "MapFilterPumping", "mallocs_per_event"): 0.0}
    small = {CALIBRATION: [64] * 5, "async-stream/MapFilterPumping": [67] * 5}
    within = check(tmp_path, figures, small, {CALIBRATION: [64] * 5, "async-stream/MapFilterPumping": [68] * 5})
    assert within.returncode == 0, within.stderr
    assert "within one buffer growth" in within.stdout
    beyond = check(tmp_path, figures, small, {CALIBRATION: [64] * 5, "async-stream/MapFilterPumping": [69] * 5})
    assert beyond.returncode == 1
    assert "async-stream/MapFilterPumping: package-benchmark counts 1" in beyond.stderr


def test_a_synchronous_row_gets_no_slack(tmp_path):
    figures = {("sink", "MapFilterPumping", "mallocs_per_event"): 0.0}
    small = {CALIBRATION: [64] * 5, "sink/MapFilterPumping": [67] * 5}
    result = check(tmp_path, figures, small, {CALIBRATION: [64] * 5, "sink/MapFilterPumping": [68] * 5})
    assert result.returncode == 1


def load_checker():
    """The subcommand's module."""
    from rxtools import benchmark_mallocs
    return benchmark_mallocs


def fake_swift_package(checker, outcomes, monkeypatch):
    """Replaces the script's subprocess call: each call takes the next outcome, a return code; 0 writes one
    JMH export where the command's --path names. Returns the list of --path directories used."""
    paths = []

    class Result:
        def __init__(self, code, output=""):
            self.returncode, self.stdout, self.stderr = code, output, ""

    def fake_run(command, **_):
        path = command[command.index("--path") + 1]
        paths.append(path)
        code, output = outcomes.pop(0) if isinstance(outcomes[0], tuple) else (outcomes.pop(0), "")
        if code == 0:
            with open(os.path.join(path, "export.jmh.json"), "w") as handle:
                handle.write("[]")
        else:
            # A crashed attempt may leave a partial export behind; it must never be read.
            with open(os.path.join(path, "partial.jmh.json"), "w") as handle:
                handle.write("[")
        return Result(code, output)

    # The script's own name for the subprocess module, so that nothing else sees the fake.
    monkeypatch.setattr(checker, "subprocess", type("FakeSubprocess", (), {
        "run": staticmethod(fake_run), "PIPE": subprocess.PIPE, "STDOUT": subprocess.STDOUT}))
    return paths


def test_a_host_crash_is_run_once_more_in_a_fresh_directory(tmp_path, capsys, monkeypatch):
    checker = load_checker()
    paths = fake_swift_package(checker, [-11, 0], monkeypatch)
    export = checker.run_benchmarks(["MapFilterPumping"], SIZE, 5, str(tmp_path))
    assert len(paths) == 2 and paths[0] != paths[1]
    assert export == os.path.join(paths[1], "export.jmh.json")
    assert "died of signal 11; running it once more" in capsys.readouterr().err


INTERPOSER_BACKTRACE = (
    "*** Program crashed: Bad pointer dereference at 0x00007f78e597cffc ***\n"
    'Thread 1 "oot.default-qos" crashed:\n\n'
    "  0 [inlined]               0x00007f78ed602710 malloc_interposer_is_ours in libMallocInterposerSwift.so\n"
    "  1                         0x00007f78ed602710 replacement_free + 16 in libMallocInterposerSwift.so\n"
    "error: benchmarkCrashed\n")
ENGINE_BACKTRACE = INTERPOSER_BACKTRACE.replace(
    "malloc_interposer_is_ours in libMallocInterposerSwift.so", "CombineLatestSink.on in RxBenchCatalogue")


def test_a_crash_in_the_malloc_interposer_is_run_once_more(tmp_path, capsys, monkeypatch):
    checker = load_checker()
    paths = fake_swift_package(checker, [(1, INTERPOSER_BACKTRACE), 0], monkeypatch)
    export = checker.run_benchmarks(["MapFilterPumping"], SIZE, 5, str(tmp_path))
    assert len(paths) == 2 and export == os.path.join(paths[1], "export.jmh.json")
    assert "crashed in package-benchmark's malloc interposer; running it once more" in capsys.readouterr().err


# swift-package's outcomes, one per run; the words of the InputError; how many runs it took.
@pytest.mark.parametrize("outcomes, message, runs", [
    pytest.param([-11, -11], "died of signal 11", 2, id="a_second_host_crash_fails"),
    pytest.param([1, 0], "exited 1", 1, id="a_failing_benchmark_is_not_rerun"),
    pytest.param([(1, ENGINE_BACKTRACE), 0], "exited 1", 1, id="a_benchmark_crash_elsewhere_is_not_rerun"),
])
def test_a_failed_run_is_an_input_error(tmp_path, monkeypatch, outcomes, message, runs):
    checker = load_checker()
    paths = fake_swift_package(checker, outcomes, monkeypatch)
    with pytest.raises(checker.InputError, match=re.escape(message)):
        checker.run_benchmarks(["MapFilterPumping"], SIZE, 5, str(tmp_path))
    assert len(paths) == runs


def test_the_rxbench_csv_is_read_through_rxcsv(tmp_path):
    """A report cut short mid-line is refused as rxcsv refuses it (the old csv.DictReader took its last,
    truncated figure as whole), in one line, before anything is compared."""
    rx = write_csv(tmp_path / "rx.csv", rx_rows(FIGURES))
    with open(rx) as handle:
        text = handle.read()
    with open(rx, "w") as handle:
        handle.write(text[:-10])
    result = check_csv(tmp_path, rx, SMALL, LARGE)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert f"cannot read rxbench CSV {rx}: ends mid-line" in result.stderr


def test_engine_ids_narrow_the_benchmark_filter_to_those_rows(tmp_path, monkeypatch):
    checker = load_checker()
    filters = []
    fake_swift_package(checker, [0, 0], monkeypatch)
    faked = checker.subprocess.run

    def recording(command, **kwargs):
        filters.append(command[command.index("--filter") + 1])
        return faked(command, **kwargs)

    monkeypatch.setattr(checker.subprocess, "run", staticmethod(recording))
    (tmp_path / "narrow").mkdir()
    (tmp_path / "every").mkdir()
    checker.run_benchmarks(["MapFilterPumping"], SIZE, 5, str(tmp_path / "narrow"), engines=["sink", "stage-loop"])
    checker.run_benchmarks(["MapFilterPumping"], SIZE, 5, str(tmp_path / "every"))
    narrow, every = (re.compile(f) for f in filters)
    assert narrow.match("sink/MapFilterPumping") and narrow.match("stage-loop/MapFilterPumping")
    assert narrow.match(CALIBRATION), "the calibration benchmark is always run: it is the tool's offset"
    assert not narrow.match("signal/MapFilterPumping") and not narrow.match("sink-fused/MapFilterPumping")
    assert every.match("signal/MapFilterPumping")


@pytest.mark.parametrize("engines", ["", "sink,", "Sink", "sink;signal", "../x"])
def test_an_engine_list_that_is_not_row_ids_is_refused_before_anything_runs(engines):
    result = run_checker("--engine", engines, "--rxbench", "/nonexistent/rxbench")
    assert result.returncode == 2
    last = result.stderr.strip().splitlines()[-1]
    assert "--engine" in last and "row ids" in last, "argparse's usage, then one line naming the option"
