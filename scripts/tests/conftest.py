"""Shared test data: rxbench CSVs written on the fly, so that the tests know every figure in them."""
import csv
import os
import subprocess
import sys
import time

import pytest

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RXTOOLS = os.path.join(SCRIPTS, "rxtools")   # the command: `python3 scripts/rxtools SUBCOMMAND ...`
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rxtools import rxcsv  # noqa: E402

CONTEXT = {"date": "2026-11-23T08:00:00Z", "commit": "abcdef123456", "swift": "swift-6.3", "cpu": "Test CPU",
           "cores": "2", "allocator": "glibc", "build": "release", "profile": "quick", "clock_overhead_ns": "30"}

# Row ids of every role the v2 schema knows, the new ones included.
ENGINES = [("sink", "engine"), ("signal", "engine"), ("subscriber-direct", "variant"),
           ("opencombine", "library"), ("async-stream", "library"), ("baseline", "reference"),
           ("stage-loop", "reference")]

# Known lines: MapDepth ns/event = FIXED + SLOPE * depth per engine, recovered exactly by the fit.
MAP_DEPTH_LINES = {"sink": (20.0, 9.5), "signal": (18.0, 8.25), "subscriber-direct": (27.0, 11.0),
                   "opencombine": (60.0, 30.0), "async-stream": (900.0, 120.0), "baseline": (12.0, 2.0),
                   "stage-loop": (10.0, 1.5)}


def row(engine, role, workload, group, parameters, metric, unit, median, flag="", spread=0.02, schema="2"):
    """One CSV record as a dict; an `unavailable` row has empty statistics."""
    record = {"schema": schema, **CONTEXT, "engine": engine, "role": role, "workload": workload, "group": group,
              "parameters": parameters, "metric": metric, "unit": unit, "n": "5"}
    if flag == rxcsv.UNAVAILABLE:
        record.update({name: "" for name in rxcsv.STATISTICS})
    else:
        exact = rxcsv.is_exact(metric)
        low, high = (median, median) if exact else (median * (1 - spread), median * (1 + 2 * spread))
        record.update({"median": f"{median:.6f}", "min": f"{low:.6f}", "max": f"{high:.6f}",
                       "mad": "0" if exact else f"{median * spread / 2:.6f}",
                       "p90": f"{high:.6f}", "p99": f"{median * 1.3 if not exact else median:.6f}",
                       "p999": f"{median * 1.6 if not exact else median:.6f}"})
    if schema in ("2", "3"):
        record["flag"] = flag
    if schema == "3":
        record["note"] = ""
    return record


def unsupported_record(engine, role, workload, group, parameters, reason):
    """Schema 3's record of a workload `engine` did not run, as rxbench writes it: no unit, no statistics."""
    record = {"schema": "3", **CONTEXT, "engine": engine, "role": role, "workload": workload, "group": group,
              "parameters": parameters, "metric": rxcsv.UNSUPPORTED, "unit": "", "n": ""}
    record.update({name: "" for name in rxcsv.STATISTICS})
    record.update({"flag": rxcsv.UNSUPPORTED, "note": reason})
    return record


def synthetic_rows():
    rows = []
    for index, (engine, role) in enumerate(ENGINES):
        # A plain workload with a time metric, an exact one and an instruction count.
        rows.append(row(engine, role, "PublishSubjectPumping", "rxswift", "", "ns_per_event", "ns/event",
                        30.0 + 7 * index, flag=rxcsv.BELOW_FLOOR if engine == "signal" else ""))
        rows.append(row(engine, role, "PublishSubjectPumping", "rxswift", "", "events_per_second", "events/s",
                        1e9 / (30.0 + 7 * index)))
        rows.append(row(engine, role, "PublishSubjectPumping", "rxswift", "", "mallocs_per_event",
                        "mallocs/event", float(index % 3)))
        # Libraries run outside the callgrind harness here: their instruction count is unavailable.
        if role == "library":
            rows.append(row(engine, role, "PublishSubjectPumping", "rxswift", "", "instructions_per_event",
                            "instructions/event", 0.0, flag=rxcsv.UNAVAILABLE))
        else:
            rows.append(row(engine, role, "PublishSubjectPumping", "rxswift", "", "instructions_per_event",
                            "instructions/event", 120.0 + 10 * index))
        fixed, slope = MAP_DEPTH_LINES[engine]
        for depth in (1, 2, 4, 8, 16, 32, 64):
            rows.append(row(engine, role, "MapDepth", "scaling", f"depth={depth}", "ns_per_event", "ns/event",
                            fixed + slope * depth))
        # Two points only: the cost model must refuse to fit and say so.
        for depth in (1, 10):
            rows.append(row(engine, role, "NeverMapLifecycle", "seed", f"depth={depth}", "mallocs_per_lifecycle",
                            "mallocs/lifecycle", 3.0 + 2 * depth))
        # Depth and sibling sweeps, one sibling sweep per disposal order; both lines meet at depth 1,
        # siblings 0 (100 ns), which belongs to both sweeps.
        for depth in (1, 10, 64):
            flag = rxcsv.UNAVAILABLE if engine == "async-stream" and depth == 64 else ""
            rows.append(row(engine, role, "DisposeLatency", "dispose", f"depth={depth},siblings=0,order=newest",
                            "dispose_latency", "ns", 95.0 + 5 * depth, flag=flag))
            rows.append(row(engine, role, "DisposeLatency", "dispose", f"depth={depth},siblings=0,order=newest",
                            "bytes_per_live_subscription", "bytes/subscription", 64.0 + 48 * depth))
        for order in ("newest", "oldest", "random"):
            for siblings in (1, 100, 10000):
                rows.append(row(engine, role, "DisposeLatency", "dispose",
                                f"depth=1,siblings={siblings},order={order}", "dispose_latency", "ns",
                                100.0 + 0.25 * siblings))
    return rows


def write_csv(path, rows, header=None):
    header = header or list(rows[0].keys())
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return str(path)


@pytest.fixture
def v2_csv(tmp_path):
    return write_csv(tmp_path / "synthetic.csv", synthetic_rows())


@pytest.fixture
def v1_csv(tmp_path):
    rows = [row(e, r, "CreateScan", "seed", "", "ns_per_event", "ns/event", 10.0 + i, schema="1")
            for i, (e, r) in enumerate(ENGINES[:3] + ENGINES[5:6])]
    return write_csv(tmp_path / "schema1.csv", rows)


def made_report(tmp_path_factory, name, rows):
    """The HTML report of `rows` written as a CSV in a folder of its own: (csv, folder, page)."""
    from rxtools import report
    folder = tmp_path_factory.mktemp(name)
    path = write_csv(folder / f"{name}.csv", rows)
    out = folder / "report"
    assert report.main([path, "--out", str(out)]) == 0
    return path, out, (out / "index.html").read_text()


@pytest.fixture(scope="session")
def v2_report(tmp_path_factory):
    """A report of the synthetic v2 CSV, made once for every test that reads it: (csv, folder, page)."""
    return made_report(tmp_path_factory, "synthetic", synthetic_rows())


# Schema 3: MergeMany ran on the engines only; the floor lacks the operator and async-stream's checksum
# order is declined; ObserveOnSerialQueue ran on no row at all.
MERGE_REASON = "merge"
ASYNC_REASON = ("this checksum delivered asynchronously: the checksum's order is each source run to its end "
                "in turn; asynchronous inputs interleave")
OBSERVE_ON_REASON = "observeOn(serial queue): no scheduler operator; the consuming task's executor decides"


def synthetic_rows_v3():
    rows = [dict(r, schema="3", note="") for r in synthetic_rows()]
    for index, (engine, role) in enumerate(ENGINES):
        if engine not in ("baseline", "async-stream"):
            rows.append(row(engine, role, "MergeMany", "fanout", "sources=100", "ns_per_event", "ns/event",
                            40.0 + index, schema="3"))
    rows += [unsupported_record("baseline", "reference", "MergeMany", "fanout", "sources=100", MERGE_REASON),
             unsupported_record("async-stream", "library", "MergeMany", "fanout", "sources=100", ASYNC_REASON),
             unsupported_record("async-stream", "library", "ObserveOnSerialQueue", "rxswift", "", OBSERVE_ON_REASON)]
    return rows


@pytest.fixture(scope="session")
def v3_report(tmp_path_factory):
    """A report of the synthetic v3 CSV, with its `unsupported` records: (csv, folder, page)."""
    return made_report(tmp_path_factory, "synthetic-v3", synthetic_rows_v3())


def signalled_report(csv_path, out, signum, **popen):
    """`rxtools report CSV --out OUT` sent `signum` once it has made its output folder (after its imports, while it
    draws): (exit status, stderr)."""
    process = subprocess.Popen([sys.executable, RXTOOLS, "report", csv_path, "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)
    # Until the output folder exists, however loaded the machine: a CI run beside builds took over 60 s to get here.
    deadline = time.monotonic() + 600
    while not out.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert out.exists(), "the report never made its output folder"
    assert process.poll() is None, "the report finished before the signal could be sent"
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=60)
    return process.returncode, stderr
