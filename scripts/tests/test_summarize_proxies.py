"""rxtools summarize and rxtools proxies: read through rxcsv, right on files with unavailable and unsupported records,
one line and exit 1 on a bad file."""
import subprocess
import sys

from conftest import RXTOOLS, row, unsupported_record, write_csv


def run_script(script, *args):
    return subprocess.run([sys.executable, RXTOOLS, script, *map(str, args)],
                          capture_output=True, text=True)


def sample(tmp_path):
    """The shape of README's sample: an unavailable count and a declined workload beside figures."""
    rows = [
        row("baseline", "reference", "CombineLatestPumping", "rxswift", "", "ns_per_event", "ns/event", 10.0, schema="3"),
        row("sink", "engine", "CombineLatestPumping", "rxswift", "", "ns_per_event", "ns/event", 40.0, schema="3"),
        row("async-stream", "library", "CombineLatestPumping", "rxswift", "", "mallocs_per_event", "mallocs/event", 0,
            flag="unavailable", schema="3"),
        row("sink", "engine", "CombineLatestPumping", "rxswift", "", "mallocs_per_event", "mallocs/event", 0, schema="3"),
        unsupported_record("baseline", "reference", "FlatMapsPumping", "rxswift", "", "flatMap: no such operator"),
    ]
    return write_csv(tmp_path / "sample.csv", [dict(r, schema="3") for r in rows])


def test_summarize_reads_unavailable_and_unsupported_records(tmp_path):
    result = run_script("summarize", sample(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "| CombineLatestPumping | 10 ±0.100 (×1.00) | 40 ±0.400 (×4.00) |" in result.stdout
    assert "unavailable" in result.stdout
    assert "- baseline FlatMapsPumping: flatMap: no such operator" in result.stdout


def test_summarize_refuses_a_bad_file_in_one_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("name,value\nfoo,1\n")
    result = run_script("summarize", bad)
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and str(bad) in result.stderr
    assert result.stdout == ""


def proxy_run(tmp_path):
    rows = []
    for engine, role, ns, mallocs in [("baseline", "reference", 10.0, 3), ("rxswift", "library", 300.0, 21),
                                      ("sink", "engine", 100.0, 5), ("sink-locked-dependency", "variant", 250.0, 20)]:
        rows.append(row(engine, role, "NeverMapLifecycle", "seed", "depth=1", "ns_per_lifecycle", "ns/lifecycle", ns,
                        schema="3"))
        rows.append(row(engine, role, "NeverMapLifecycle", "seed", "depth=1", "mallocs_per_lifecycle",
                        "mallocs/lifecycle", mallocs, schema="3"))
    return write_csv(tmp_path / "proxies.csv", [dict(r, schema="3") for r in rows])


def test_proxies_table_has_ratios_and_marks_missed_targets(tmp_path):
    path = proxy_run(tmp_path)
    result = run_script("proxies", path, "--family", "rxswift")
    assert result.returncode == 0, result.stderr
    assert f"<!-- figures: {path} -->" in result.stdout
    # library / lean 3.00, library / variant 1.20 (within 1.5x) in time; mallocs 21/5 and 21/20 = 1.05 (within 10%)
    assert "| NeverMapLifecycle[depth=1] | ns/lifecycle | 10 | 300 | 100 | 250 | 3.00 ! | 1.20 |" in result.stdout
    assert "| NeverMapLifecycle[depth=1] | mallocs/lifecycle | 3 | 21 | 5 | 20 | 4.20 ! | 1.05 |" in result.stdout


def test_proxies_refuses_a_run_without_the_family(tmp_path):
    result = run_script("proxies", proxy_run(tmp_path), "--family", "swiftsignalkit")
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "swiftsignalkit" in result.stderr


def test_proxies_figures_pass_check_doc_figures(tmp_path):
    path = proxy_run(tmp_path)
    document = tmp_path / "doc.md"
    document.write_text(run_script("proxies", path, "--family", "rxswift").stdout)
    result = run_script("doc-figures", document)
    assert result.returncode == 0, result.stderr


def test_summarize_is_linear_in_the_files_size(tmp_path):
    """200,000 figures: 20,000 workloads of 10 rows. The old table looked every workload's cells up by a pass over
    all of the metric's rows, 20,000 x 200,000 visits (a 112 MB file did not finish in 120 s); it is one pass now,
    and the whole file takes seconds. The timeout only keeps a regression from hanging the suite."""
    from rxtools import rxcsv
    workloads, engines = 20_000, 10
    context = "2,2026-11-23T08:00:00Z,abcdef123456,swift-6.3,Test CPU,2,glibc,release,quick,30"
    lines = [",".join(rxcsv.COLUMNS["2"])]
    for workload in range(workloads):
        for engine in range(engines):
            value = 10 + engine + workload % 7
            lines.append(f"{context},e{engine},engine,EventSweep,scaling,events={workload},ns_per_event,ns/event,5,"
                         f"{value},{value},{value},0,{value},{value},{value},")
    path = tmp_path / "large.csv"
    path.write_text("\n".join(lines) + "\n")
    result = subprocess.run([sys.executable, RXTOOLS, "summarize", str(path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    table = [line for line in result.stdout.splitlines() if line.startswith("| EventSweep[")]
    assert len(table) == workloads
    assert table[0] == "| EventSweep[events=0] | " + " | ".join(
        f"{10 + engine} ±0 (×{(10 + engine) / 10:.2f})" for engine in range(engines)) + " |"
    assert table[12_345] == "| EventSweep[events=12345] | " + " | ".join(   # 12345 % 7 == 4
        f"{14 + engine} ±0 (×{(14 + engine) / 14:.2f})" for engine in range(engines)) + " |"
    assert "| workload | " + " | ".join(f"e{engine}" for engine in range(engines)) + " |" in result.stdout
