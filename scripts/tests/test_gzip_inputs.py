"""Gzip-compressed inputs, as results/benchmarks/ and two archived runs keep them: rxtools benchmark-spread,
rxtools benchmark-mallocs and rxcsv (every script that reads rxbench CSVs) read FILE.gz exactly as the
plain file; a corrupt or cut-short .gz is refused in one line, never a traceback. The committed exports
themselves reproduce results/benchmarks/spread.txt."""
import glob
import gzip
import os
import subprocess
import sys

import pytest

from rxtools import rxcsv
from conftest import RXTOOLS, SCRIPTS, synthetic_rows, write_csv
from test_check_benchmark_mallocs import FIGURES, LARGE, SIZE, SMALL, jmh, rx_rows
from test_small_scripts import jmh_export, refused, run_script

ROOT = os.path.dirname(SCRIPTS)
P50S = {"sink/MapFilterPumping": 100.0, "signal/MapFilterPumping": 40.0}


def compress(path):
    """PATH.gz beside PATH, as `gzip -9n` writes it (no name, no time stamp); the plain file stays."""
    target = f"{path}.gz"
    with open(path, "rb") as source:
        data = source.read()
    with open(target, "wb") as handle:
        handle.write(gzip.compress(data, compresslevel=9, mtime=0))
    return target


def test_benchmark_spread_reads_gzip_exports_as_the_plain_ones(tmp_path):
    first = jmh_export(tmp_path / "1.jmh.json", P50S)
    second = jmh_export(tmp_path / "2.jmh.json", {"sink/MapFilterPumping": 110.0, "signal/MapFilterPumping": 40.0})
    plain = run_script("benchmark-spread", first, second)
    assert plain.returncode == 0, plain.stderr
    # Both compressed, and one of each: the same output, byte for byte.
    for pair in ((compress(first), compress(second)), (first, f"{second}.gz")):
        result = run_script("benchmark-spread", *pair)
        assert result.returncode == 0, result.stderr
        assert result.stdout == plain.stdout


def test_a_gzip_file_is_told_by_its_bytes_not_its_name(tmp_path):
    """A compressed export under a plain name is still read: the first two bytes decide."""
    first = jmh_export(tmp_path / "1.jmh.json", P50S)
    disguised = tmp_path / "2.jmh.json"
    disguised.write_bytes(gzip.compress(first.read_bytes()))
    result = run_script("benchmark-spread", first, disguised)
    assert result.returncode == 0, result.stderr
    assert "2 benchmarks, 2 runs" in result.stdout


def test_a_corrupt_or_cut_short_gzip_export_is_refused_in_one_line(tmp_path):
    good = jmh_export(tmp_path / "good.json", P50S)
    packed = gzip.compress(good.read_bytes())
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(packed[: len(packed) // 2])
    refused(run_script("benchmark-spread", good, cut), f"cannot read {cut}")
    garbled = tmp_path / "garbled.json.gz"
    garbled.write_bytes(packed[:10] + b"\x00" * 40 + packed[50:])
    refused(run_script("benchmark-spread", good, garbled), f"cannot read {garbled}")


def test_rxcsv_loads_a_gzip_csv_as_the_plain_one(tmp_path):
    path = write_csv(tmp_path / "run.csv", synthetic_rows())
    plain, packed = rxcsv.load(path), rxcsv.load(compress(path))
    assert packed.schema == plain.schema and packed.context == plain.context
    assert [(r.engine, r.workload_id, r.metric, r.stats) for r in packed.rows] == \
        [(r.engine, r.workload_id, r.metric, r.stats) for r in plain.rows]


def test_rxcsv_refuses_a_cut_short_gzip_csv_in_one_line(tmp_path):
    path = write_csv(tmp_path / "run.csv", synthetic_rows())
    packed = gzip.compress(open(path, "rb").read())
    cut = tmp_path / "cut.csv.gz"
    cut.write_bytes(packed[:-20])
    with pytest.raises(rxcsv.InputError) as error:
        rxcsv.load(str(cut))
    assert str(error.value).startswith(f"{cut}: cannot be read as CSV (corrupt gzip data")
    assert "\n" not in str(error.value)


def test_check_benchmark_mallocs_reads_gzip_files(tmp_path):
    rx = compress(write_csv(tmp_path / "rx.csv", rx_rows(FIGURES)))
    small = compress(jmh(tmp_path / "n.json", SMALL))
    large = compress(jmh(tmp_path / "2n.json", LARGE))
    result = subprocess.run(
        [sys.executable, RXTOOLS, "benchmark-mallocs", "--size", str(SIZE),
         "--rxbench-csv", rx, "--benchmark-jmh", small, large], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "2 passed, 0 failed" in result.stdout
    broken = tmp_path / "broken.json.gz"
    broken.write_bytes(open(small, "rb").read()[:30])
    result = subprocess.run(
        [sys.executable, RXTOOLS, "benchmark-mallocs", "--size", str(SIZE),
         "--rxbench-csv", rx, "--benchmark-jmh", str(broken), large], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and f"cannot read package-benchmark export {broken}" in result.stderr


def test_the_committed_spread_exports_still_give_spread_txt():
    """docs/benchmarks.md quotes results/benchmarks/spread.txt; it must stay what the compressed exports give."""
    exports = sorted(glob.glob(os.path.join(ROOT, "results/benchmarks/spread/run-*/Current_run.jmh.json.gz")))
    assert len(exports) == 3
    result = run_script("benchmark-spread", *exports)
    assert result.returncode == 0, result.stderr
    with open(os.path.join(ROOT, "results/benchmarks/spread.txt"), encoding="utf-8") as handle:
        assert result.stdout == handle.read()
