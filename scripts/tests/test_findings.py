"""scripts/rxtools findings: the findings page is computed from the CSVs (ranks, ratios, verdicts, decomposition), keeps
machines apart, lists declined rows with their reasons, passes the figures check, and --check, --readme and bad
inputs behave as the script says."""
import contextlib
import csv
import io
import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import RXTOOLS, SCRIPTS, row, unsupported_record, write_csv

from rxtools import findings  # noqa: E402

UNITS = {"ns_per_event": "ns/event", "ns_per_lifecycle": "ns/lifecycle", "mallocs_per_event": "mallocs/event",
         "mallocs_per_lifecycle": "mallocs/lifecycle", "dispose_latency": "ns",
         "bytes_per_live_subscription": "bytes/subscription"}
ROLES = {"rxswift": "library", "swiftsignalkit": "library", "opencombine": "library", "async-stream": "library",
         "baseline": "reference", "sink": "engine", "signal": "engine", "subscriber-direct": "variant",
         "sink-locked": "variant", "sink-locked-dependency": "variant"}
MACHINE_B = {"cpu": "Neoverse-N1", "cores": "4", "date": "2026-12-01T10:00:00Z", "commit": "fedcba654321"}

CATALOGUE = [
    ("CellReuse", "app", "creating", "a table cell reused: its bindings torn down and made again"),
    ("FormOpening", "app", "creating", "opening a form: its fields' pipelines built and subscribed"),
    ("FanIn", "app", "creating", "many inputs merged into one stream"),
    ("FormTyping", "app", "pumping", "typing into a form: each keystroke through its validation pipeline"),
    ("SubjectChurn[live=1000]", "app", "pumping", "subscribers coming and going on a subject with 1000 live ones"),
    ("MapFilterPumping", "rxswift", "pumping", "6 map/filter pairs fed a stream of values"),
]

# (workload id, group, time metric, {row: median}, malloc metric, {row: count})
FIGURES = [
    ("CellReuse", "app", "ns_per_lifecycle",
     {"rxswift": 300, "swiftsignalkit": 200, "opencombine": 600, "async-stream": 1200, "baseline": 50, "sink": 80,
      "signal": 70, "subscriber-direct": 90, "sink-locked": 150, "sink-locked-dependency": 250},
     "mallocs_per_lifecycle",
     {"rxswift": 20, "swiftsignalkit": 15, "opencombine": 30, "async-stream": 40, "baseline": 2, "sink": 5,
      "signal": 6, "subscriber-direct": 7, "sink-locked": 12, "sink-locked-dependency": 18}),
    ("FormOpening[fields=4]", "app", "ns_per_lifecycle",
     {"rxswift": 1000, "swiftsignalkit": 2000, "opencombine": 1500, "async-stream": 3000, "baseline": 100,
      "sink": 400},
     "mallocs_per_lifecycle", {"rxswift": 50, "swiftsignalkit": 60, "opencombine": 55, "async-stream": 90,
                               "baseline": 4, "sink": 20}),
    ("FanIn[inputs=1000,operator=merge]", "app", "ns_per_lifecycle",
     {"rxswift": 5000, "swiftsignalkit": 4000, "opencombine": 8000, "sink": 2000}, "mallocs_per_lifecycle",
     {"rxswift": 3000, "swiftsignalkit": 2500, "opencombine": 4000, "sink": 1000}),
    ("FormTyping[fields=4]", "app", "ns_per_event",
     {"rxswift": 100, "swiftsignalkit": 80, "opencombine": 90, "async-stream": 2000, "baseline": 10, "sink": 20},
     "mallocs_per_event", {"rxswift": 0, "swiftsignalkit": 1, "opencombine": 0, "async-stream": 3, "baseline": 0,
                           "sink": 0}),
    ("SubjectChurn[live=1000]", "app", "ns_per_event",
     {"rxswift": 50, "swiftsignalkit": 70, "opencombine": 60, "baseline": 5}, "mallocs_per_event",
     {"rxswift": 2, "swiftsignalkit": 3, "opencombine": 2, "baseline": 1}),
    ("MapFilterPumping", "rxswift", "ns_per_event",
     {"rxswift": 1000, "swiftsignalkit": 700, "async-stream": 5000, "baseline": 24, "sink": 100,
      "signal": 52, "sink-locked": 185, "sink-locked-dependency": 830},
     "mallocs_per_event", {"rxswift": 0, "swiftsignalkit": 0, "async-stream": 0, "baseline": 0,
                           "sink": 0, "signal": 0, "sink-locked": 0, "sink-locked-dependency": 0}),
]
UNSUPPORTED = [
    ("async-stream", "FanIn", "app", "inputs=1000,operator=merge",
     "this checksum delivered asynchronously: asynchronous inputs interleave"),
    ("baseline", "FanIn", "app", "inputs=1000,operator=merge", "merge"),
    ("async-stream", "SubjectChurn", "app", "live=1000", "stack overflow in the subject's subscriber list"),
    ("opencombine", "MapFilterPumping", "rxswift", "", "did not finish within 60 s in a process of its own: a finding, "
     "not a figure"),
]


def split_id(workload_id):
    name, _, parameters = workload_id.partition("[")
    return name, parameters.rstrip("]")


def run_rows(figures=FIGURES, unsupported=UNSUPPORTED, context=None, change=None):
    """Schema 3 records of `figures`; `change` = {(row, workload id, metric): median} overrides a figure."""
    rows = []
    for workload_id, group, time_metric, times, malloc_metric, mallocs in figures:
        name, parameters = split_id(workload_id)
        for metric, values in ((time_metric, times), (malloc_metric, mallocs)):
            for engine, value in values.items():
                value = (change or {}).get((engine, workload_id, metric), value)
                rows.append(row(engine, ROLES[engine], name, group, parameters, metric, UNITS[metric], float(value),
                                schema="3"))
    for engine, name, group, parameters, reason in unsupported:
        rows.append(unsupported_record(engine, ROLES[engine], name, group, parameters, reason))
    return [dict(r, **(context or {})) for r in rows]


def write_catalogue(path, entries=CATALOGUE):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["workload", "group", "shape", "summary"])
        writer.writerows(entries)
    return str(path)


def generate(tmp_path, csvs, *extra, out=None):
    out = out or tmp_path / "findings"
    catalogue = write_catalogue(tmp_path / "catalogue.csv")
    code = findings.main(["--csv", *map(str, csvs), "--catalogue", catalogue, "--out", str(out), *map(str, extra)])
    return code, out


def table_after(text, heading, occurrence=0):
    """The rows (lists of cells) of the `occurrence`-th table after the line `heading`."""
    lines = text.splitlines()
    start = lines.index(heading)
    tables, current = [], []
    for line in lines[start + 1:]:
        if line.startswith("#") and tables:
            break
        if line.startswith("|"):
            current.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif current:
            tables.append(current)
            current = []
        if len(tables) > occurrence:
            break
    if current:
        tables.append(current)
    header, _, *body = tables[occurrence]
    return [dict(zip(header, cells)) for cells in body]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """One machine's page: (csv, out folder, FINDINGS.md text)."""
    tmp_path = tmp_path_factory.mktemp("one")
    path = write_csv(tmp_path / "app.csv", run_rows())
    code, out = generate(tmp_path, [path])
    assert code == 0
    return path, out, (out / "FINDINGS.md").read_text()


@pytest.fixture(scope="module")
def two_machines(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("two")
    a = write_csv(tmp_path / "machine-a.csv", run_rows())
    # Machine B: RxSwift is the fastest on CellReuse there, and its times are ten times machine A's.
    b_rows = run_rows(context=MACHINE_B, change={("rxswift", "CellReuse", "ns_per_lifecycle"): 100})
    b_rows = [dict(r, median=str(float(r["median"]) * 10)) if r["metric"].startswith("ns_") else r for r in b_rows]
    b = write_csv(tmp_path / "machine-b.csv", b_rows)
    code, out = generate(tmp_path, [a, b])
    assert code == 0
    return a, b, out, (out / "FINDINGS.md").read_text()


# ---------------------------------------------------------------------------------------------
# Ranking and ratios.

def test_libraries_are_ranked_by_median_with_ratios_to_the_fastest_and_the_floor(page):
    _, _, text = page
    table = table_after(text, "#### CellReuse")
    ranked = [(r["rank"], r["row"]) for r in table if r["rank"] not in ("floor", "engine")]
    assert ranked == [("1", "SwiftSignalKit (`swiftsignalkit`)"), ("2", "RxSwift (`rxswift`)"),
                      ("3", "OpenCombine (`opencombine`)"), ("4", "AsyncStream (`async-stream`)")]
    by_row = {r["row"]: r for r in table}
    assert by_row["RxSwift (`rxswift`)"]["x fastest"] == "1.50x"
    assert by_row["RxSwift (`rxswift`)"]["x floor"] == "6.00x"
    assert by_row["AsyncStream (`async-stream`)"]["x fastest"] == "6.00x"
    assert by_row["SwiftSignalKit (`swiftsignalkit`)"]["ns/lifecycle"] == "200"
    # conftest's spread: MAD = 1% of the median, min..max = -2%..+4%.
    assert by_row["RxSwift (`rxswift`)"]["MAD"] == "3"
    assert by_row["RxSwift (`rxswift`)"]["min..max"] == "294..312"
    assert by_row["RxSwift (`rxswift`)"]["mallocs/lifecycle"] == "20"


def test_the_floor_and_the_lean_engines_are_context_not_ranked(page):
    _, _, text = page
    table = table_after(text, "#### CellReuse")
    context_rows = [(r["rank"], r["row"]) for r in table if r["rank"] in ("floor", "engine")]
    assert context_rows == [("floor", "floor (`baseline`)"), ("engine", "`sink`"), ("engine", "`signal`"),
                            ("engine", "`subscriber-direct`")]
    by_row = {r["row"]: r for r in table}
    assert by_row["`sink`"]["x fastest"] == "0.40x" and by_row["`sink`"]["x floor"] == "1.60x"
    # The decomposition's variants are not scenario rows.
    assert not any("sink-locked" in r["row"] for r in table)


def test_app_workloads_come_before_the_rxswift_group(page):
    _, _, text = page
    assert text.index("### Group `app`") < text.index("### Group `rxswift`")
    assert text.index("#### CellReuse") < text.index("#### FormOpening[fields=4]") < text.index("#### MapFilterPumping")


def test_declined_and_failed_rows_are_listed_with_their_reasons(page):
    _, _, text = page
    fan_in = text[text.index("#### FanIn[inputs=1000,operator=merge]"):text.index("#### FormTyping[fields=4]")]
    assert ("- AsyncStream (`async-stream`) declined: this checksum delivered asynchronously: asynchronous inputs "
            "interleave") in fan_in
    assert "- `baseline` (the floor) declined: merge" in fan_in
    assert [r["row"] for r in table_after(text, "#### FanIn[inputs=1000,operator=merge]") if r["rank"] == "3"] == \
        ["OpenCombine (`opencombine`)"]
    churn = text[text.index("#### SubjectChurn[live=1000]"):text.index("### Group `rxswift`")]
    assert "- AsyncStream (`async-stream`) **failed**: stack overflow in the subject's subscriber list" in churn
    assert "- OpenCombine (`opencombine`) **failed**: did not finish within 60 s in a process of its own" in text
    # A row stopped outside the wide fan-in was stopped by the run's --time-limit: the command says so.
    assert "--isolation process --time-limit 60" in text


def test_every_quoted_figure_passes_the_figures_check(page):
    _, out, _ = page
    result = subprocess.run([sys.executable, RXTOOLS, "doc-figures", str(out / "FINDINGS.md")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    checked = int(re.search(r"(\d+) figures pinned", result.stdout).group(1))
    assert checked > 100


def test_the_figures_check_catches_a_changed_figure_of_the_page(page, tmp_path):
    _, out, text = page
    changed = text.replace("| 2 | RxSwift (`rxswift`) | 300 |", "| 2 | RxSwift (`rxswift`) | 301 |", 1)
    assert changed != text
    (tmp_path / "FINDINGS.md").write_text(changed)
    result = subprocess.run([sys.executable, RXTOOLS, "doc-figures", str(tmp_path / "FINDINGS.md")],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "'301' is not the median ns_per_lifecycle of rxswift on CellReuse" in result.stderr


# ---------------------------------------------------------------------------------------------
# Verdicts, decomposition, limits.

def verdict_section(text, title, until):
    return text[text.index(f"### {title}\n"):text.index(f"### {until}\n")]


def test_churn_verdict_is_the_geometric_mean_over_the_workloads_every_ranked_library_ran(page):
    _, _, text = page
    churn = verdict_section(text, "Subscription churn", "Hot streams")
    # CellReuse: rxswift 1.5x, swiftsignalkit 1x; FormOpening: rxswift 1x, swiftsignalkit 2x. FanIn is left out:
    # async-stream (ranked: 2 of 3 workloads) declined it.
    assert "**RxSwift (`rxswift`) is the cheapest** on the 2 of 3 workload(s) every ranked library ran" in churn
    assert "its time is 1.22x the fastest library's of each workload (from 1.00x to 1.50x)" in churn
    assert "The next, SwiftSignalKit (`swiftsignalkit`), is 1.41x (1.00x to 2.00x): on geometric mean 1.15x " \
           "RxSwift's time" in churn
    assert "`FanIn[inputs=1000,operator=merge]` (AsyncStream without; SwiftSignalKit fastest)" in churn
    assert "The winner differs on: `CellReuse` (SwiftSignalKit fastest; RxSwift 1.50x); " \
           "`FanIn[inputs=1000,operator=merge]` (SwiftSignalKit fastest; RxSwift 1.25x)." in churn
    standings = table_after(churn, "### Subscription churn")
    assert standings[0]["library (workloads run)"] == "RxSwift (`rxswift`), 3 of 3"
    assert standings[-1]["geometric mean, x fastest (compared workloads)"] == "4.24x"   # sqrt(6 * 3)


def test_kinds_follow_the_shape_except_the_named_fan_out_workloads(page):
    _, _, text = page
    hot = verdict_section(text, "Hot streams", "Fan-out")
    fan_out = verdict_section(text, "Fan-out", "Disposing a live subscription")
    assert "`FormTyping[fields=4]`" in hot and "`MapFilterPumping`" in hot and "SubjectChurn" not in hot
    assert "`SubjectChurn[live=1000]`" in fan_out and "FormTyping" not in fan_out
    assert "**RxSwift (`rxswift`) is the cheapest** on the 1 of 1 workload(s)" in fan_out
    assert "Not measured in this run" in text[text.index("### Memory per live subscription"):]


def test_charts_per_kind_are_drawn_and_named_on_the_page(page):
    _, out, text = page
    pngs = sorted(p for p in os.listdir(out) if p.endswith(".png"))
    kinds = sorted(re.match(r".*-(churn|hot|fanout)-(ratio|mallocs)\.png$", p).groups() for p in pngs)
    assert kinds == [(k, c) for k in ("churn", "fanout", "hot") for c in ("mallocs", "ratio")]
    for png in pngs:
        assert f"]({png})" in text
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = (out / "index.html").read_text()
    assert sorted(re.findall(r'<img src="([^"]+)"', html)) == pngs
    assert "<script" not in html and "<link" not in html


def test_decomposition_follows_the_family_with_a_figure_for_every_step(page):
    _, _, text = page
    rxswift = text[text.index("### RxSwift\n"):text.index("## Verdicts by kind of work")]
    assert ("- RxSwift on CellReuse: the design (`sink`) costs 80 ns/lifecycle, RxSwift's locks and objects "
            "(`sink-locked`) take it to 150, building it as a package dependency (`sink-locked-dependency`) takes it "
            "to 250, and RxSwift itself (`rxswift`) runs at 300; mallocs/lifecycle 5 -> 12 -> 18 -> 20. The largest "
            "step: the library's locks and extra objects per subscription, 1.88x.") in rxswift
    # Only the workloads where every step has a figure: CellReuse and MapFilterPumping.
    assert "RxSwift on FormOpening" not in rxswift and "RxSwift on MapFilterPumping" in rxswift
    # swiftsignalkit's variants are not in the file: skipped with a word, the design alone remains.
    ssk = text[text.index("### SwiftSignalKit\n"):]
    assert "Not in this file, so skipped: `signal-locked` (its locks and objects), `signal-locked-dependency`" in ssk
    assert "Not decomposed (rxbench has no model of them): OpenCombine (`opencombine`), AsyncStream (`async-stream`)" \
        in text


def test_limits_name_the_runs_own_context(page):
    _, _, text = page
    limits = text[text.index("## What this does not tell"):]
    assert "One CPU: the CPU the file names, Test CPU, 2 cores." in limits   # neither x86 nor Arm by its name
    assert "One allocator: glibc" in limits and "swift-6.3" in limits
    assert "RxSwift 6.10.2" in limits and "Apple platforms" in limits
    assert "Wall times are not comparable across machines" in limits


def test_the_output_is_the_same_bytes_every_time(tmp_path):
    path = write_csv(tmp_path / "app.csv", run_rows())
    code, out = generate(tmp_path, [path])
    first = {name: (out / name).read_bytes() for name in os.listdir(out)}
    code, out = generate(tmp_path, [path])   # into the same --out, which it replaces whole
    assert code == 0
    assert {name: (out / name).read_bytes() for name in os.listdir(out)} == first
    assert not any(re.search(rb"20\d\d-\d\d-\d\dT(?!08:00:00Z)", data) for data in first.values())  # no clock


# ---------------------------------------------------------------------------------------------
# Two machines.

def test_two_machines_are_ranked_apart_and_never_compared(two_machines):
    a, b, _, text = two_machines
    assert "### Context A: Test CPU, 2 cores, glibc, 2026-11-23" in text
    assert "### Context B: Neoverse-N1, 4 cores, glibc, 2026-12-01" in text
    first = table_after(text, "#### CellReuse", 0)
    second = table_after(text, "#### CellReuse", 1)
    assert [r["row"] for r in first if r["rank"] == "1"] == ["SwiftSignalKit (`swiftsignalkit`)"]
    assert [r["row"] for r in second if r["rank"] == "1"] == ["RxSwift (`rxswift`)"]
    # Machine B's times are ten times A's; within B the ratios are B's own.
    assert {r["row"]: r["ns/lifecycle"] for r in second}["RxSwift (`rxswift`)"] == "1000"
    assert {r["row"]: r["x fastest"] for r in second}["SwiftSignalKit (`swiftsignalkit`)"] == "2.00x"
    # Each table's marker names its own file.
    cell_reuse = text[text.index("#### CellReuse"):text.index("#### FormOpening")]
    markers = re.findall(r"<!-- figures: (\S+) ", cell_reuse)
    assert markers == [findings.display_path(a), findings.display_path(b)]
    verdicts = text[text.index("### Subscription churn"):text.index("### Hot streams")]
    assert verdicts.count("is the cheapest**") == 2
    assert "an Arm CPU (Neoverse-N1), 4 cores" in text and "This page holds 2 contexts" in text


def test_two_machines_page_passes_the_figures_check(two_machines):
    _, _, out, _ = two_machines
    result = subprocess.run([sys.executable, RXTOOLS, "doc-figures", str(out / "FINDINGS.md")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------------------------------------
# --check.

class Result:
    def __init__(self, returncode, stderr):
        self.returncode, self.stderr = returncode, stderr


def run_main(*arguments):
    """findings.main in this process (matplotlib loaded once): its exit code and stderr."""
    error = io.StringIO()
    with contextlib.redirect_stderr(error), contextlib.redirect_stdout(io.StringIO()):
        code = findings.main([str(a) for a in arguments])
    return Result(code, error.getvalue())


def check(tmp_path, csvs, out, *extra):
    catalogue = write_catalogue(tmp_path / "catalogue.csv")
    return run_main("--csv", *csvs, "--catalogue", catalogue, "--out", out, "--check", *extra)


def test_check_passes_on_what_it_made_and_fails_naming_the_file_when_a_figure_changes(tmp_path):
    path = write_csv(tmp_path / "app.csv", run_rows())
    code, out = generate(tmp_path, [path])
    assert code == 0
    before = {name: (out / name).read_bytes() for name in os.listdir(out)}
    assert check(tmp_path, [path], out).returncode == 0
    write_csv(path, run_rows(change={("rxswift", "CellReuse", "ns_per_lifecycle"): 310}))
    # As CI runs it: a process of its own, exit 1, one line.
    result = subprocess.run([sys.executable, RXTOOLS, "findings", "--csv", path, "--catalogue",
                             str(tmp_path / "catalogue.csv"), "--out", str(out), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "findings/FINDINGS.md: differs from what rxtools findings makes" in lines[0]
    # --check writes nothing.
    assert {name: (out / name).read_bytes() for name in os.listdir(out)} == before


def test_check_compares_chart_pixels_not_png_bytes(tmp_path):
    from PIL import Image
    path = write_csv(tmp_path / "app.csv", run_rows())
    _, out = generate(tmp_path, [path])
    charts = sorted(name for name in os.listdir(out) if name.endswith(".png"))
    # The same pixels compressed otherwise: still the same chart.
    image = Image.open(out / charts[0])
    image.load()
    image.save(out / charts[0], compress_level=1)
    assert check(tmp_path, [path], out).returncode == 0
    # Another chart's pixels: named.
    shutil.copy(out / charts[1], out / charts[0])
    result = check(tmp_path, [path], out)
    assert result.returncode == 1 and f"{charts[0]}: differs" in result.stderr
    # A file the generator does not make, and one it makes that is missing.
    shutil.copy(out / charts[1], out / charts[0])
    _, out = generate(tmp_path, [path])
    (out / "stale-chart.png").write_bytes((out / charts[1]).read_bytes())
    assert "stale-chart.png: not made by rxtools findings" in check(tmp_path, [path], out).stderr
    (out / "stale-chart.png").unlink()
    (out / charts[1]).unlink()
    assert f"{charts[1]}: missing" in check(tmp_path, [path], out).stderr


# ---------------------------------------------------------------------------------------------
# --readme.

README = "# A project\n\nIntro.\n\n<!-- findings:begin -->\nold text\n<!-- findings:end -->\n\n## After\n\nKept.\n"


def test_readme_block_is_rewritten_between_the_markers_and_checked(tmp_path):
    path = write_csv(tmp_path / "app.csv", run_rows())
    readme = tmp_path / "README.md"
    readme.write_text(README)
    code, out = generate(tmp_path, [path], "--readme", readme)
    assert code == 0
    text = readme.read_text()
    assert text.startswith("# A project\n\nIntro.\n\n<!-- findings:begin -->") and "old text" not in text
    assert text.endswith("<!-- findings:end -->\n\n## After\n\nKept.\n")
    block = text[text.index("<!-- findings:begin -->"):text.index("<!-- findings:end -->")]
    header = next(line for line in block.splitlines() if line.startswith("| library"))
    # The app workloads with two or more libraries, in page order; no rxswift-group workload.
    assert header == ("| library | CellReuse × | FormOpening[fields=4] × | FanIn[inputs=1000,operator=merge] × | "
                      "FormTyping[fields=4] × | SubjectChurn[live=1000] × |")
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.strip().strip("|").split("|")[1:]]
            for line in block.splitlines() if line.startswith("| ") and "`" in line}
    assert rows["RxSwift (`rxswift`)"] == ["1.50x", "1.00x", "1.25x", "1.25x", "1.00x"]
    assert rows["AsyncStream (`async-stream`)"] == ["6.00x", "3.00x", "—", "25.0x", "—"]
    assert "- RxSwift: the largest step from its design to the library is the library's locks and extra objects per subscription" in block
    assert f"[findings/FINDINGS.md](findings/FINDINGS.md)" in block
    assert re.search(r"<!-- figures: \S+app\.csv -->", block)
    # The README's figures check passes on the block (every column is a ratio column).
    result = subprocess.run([sys.executable, RXTOOLS, "doc-figures", str(readme)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert check(tmp_path, [path], out, "--readme", readme).returncode == 0
    readme.write_text(text.replace("| 1.50x |", "| 1.40x |", 1))
    result = check(tmp_path, [path], out, "--readme", readme)
    assert result.returncode == 1 and "README.md: its findings block differs" in result.stderr


def test_readme_without_markers_is_refused_before_anything_is_written(tmp_path, capsys):
    path = write_csv(tmp_path / "app.csv", run_rows())
    readme = tmp_path / "README.md"
    readme.write_text("# No markers\n")
    code, out = generate(tmp_path, [path], "--readme", readme)
    assert code == 2 and not out.exists()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "README.md: needs one `<!-- findings:begin -->` line" in err[0]


# ---------------------------------------------------------------------------------------------
# Bad input.

def bad_inputs(tmp_path):
    """(csv paths, catalogue entries, what the one line must say)."""
    good = write_csv(tmp_path / "good.csv", run_rows())
    foreign = tmp_path / "foreign.csv"
    foreign.write_text("name,value\nfoo,1\n")
    engines_only = write_csv(tmp_path / "engines.csv", [r for r in run_rows() if r["role"] != "library"])
    cut = tmp_path / "cut.csv"
    cut.write_text((tmp_path / "good.csv").read_text()[:-40])
    return [
        ([tmp_path / "missing.csv"], CATALOGUE, "missing.csv: no such file"),
        ([foreign], CATALOGUE, "not an rxbench CSV report"),
        ([cut], CATALOGUE, "cut short"),
        ([engines_only], CATALOGUE, "has no library rows (role `library`)"),
        ([good], CATALOGUE[:2] + CATALOGUE[3:], "lacks 1 workload(s) of"),
        ([good], CATALOGUE + [("Extra", "app", "bouncing", "x")], "shape 'bouncing' of Extra is not one of"),
        ([good, tmp_path / "missing.csv"], CATALOGUE, "missing.csv: no such file"),
    ]


def test_each_bad_input_is_one_line_a_non_zero_exit_and_no_output(tmp_path):
    for index, (csvs, entries, problem) in enumerate(bad_inputs(tmp_path)):
        catalogue = write_catalogue(tmp_path / f"catalogue-{index}.csv", entries)
        out = tmp_path / f"out-{index}"
        if index == 0:   # once as a process of its own: its exit code
            result = subprocess.run([sys.executable, RXTOOLS, "findings", "--csv", *map(str, csvs),
                                     "--catalogue", catalogue, "--out", str(out)], capture_output=True, text=True)
        else:
            result = run_main("--csv", *csvs, "--catalogue", catalogue, "--out", out)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2, (problem, result.stderr)
        assert len(lines) == 1 and lines[0].startswith("rxtools findings: ") and problem in lines[0], (problem, lines)
        assert not out.exists()
        assert not [name for name in os.listdir(tmp_path) if name.startswith(f".out-{index}")]


def test_a_missing_catalogue_says_what_to_give(tmp_path, capsys):
    path = write_csv(tmp_path / "app.csv", run_rows())
    code = findings.main(["--csv", path, "--catalogue", str(tmp_path / "none.csv"), "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and "none.csv: no such catalogue file; give --catalogue a CSV with the columns" in err


def test_a_bad_input_leaves_the_previous_output_as_it_was(tmp_path):
    path = write_csv(tmp_path / "app.csv", run_rows())
    code, out = generate(tmp_path, [path])
    before = {name: (out / name).read_bytes() for name in os.listdir(out)}
    code, _ = generate(tmp_path, [tmp_path / "missing.csv"], out=out)
    assert code == 2
    assert {name: (out / name).read_bytes() for name in os.listdir(out)} == before


def test_an_out_directory_that_is_not_a_findings_directory_is_refused(tmp_path, capsys):
    path = write_csv(tmp_path / "app.csv", run_rows())
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep")
    code, _ = generate(tmp_path, [path], out=out)
    assert code == 2 and "is not a findings directory" in capsys.readouterr().err
    assert os.listdir(out) == ["notes.txt"]


def test_a_failed_write_leaves_no_partial_directory(tmp_path, monkeypatch, capsys):
    path = write_csv(tmp_path / "app.csv", run_rows())
    calls = []

    def full_disk(handle, data):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        handle.write(data)
    monkeypatch.setattr(findings.outfile, "write", full_disk)
    code, out = generate(tmp_path, [path])
    assert code == 1 and "No space left on device" in capsys.readouterr().err
    assert not out.exists()
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".findings")]


# ---------------------------------------------------------------------------------------------
# The page in a browser.

def test_the_page_opens_in_a_browser_without_errors(page, tmp_path):
    import browser_check
    if browser_check.find_browser() is None:
        pytest.skip("no chromium on this machine")
    _, out, _ = page
    problems, facts = browser_check.check_page(str(out / "index.html"), str(tmp_path / "shot.png"))
    assert problems == []
    assert facts["images"] == 6 and facts["tables"] > 10


def test_a_library_whose_gaps_would_leave_fewer_than_half_of_the_workloads_compared_is_not_ranked(tmp_path):
    """Four pumping workloads; async-stream ran two (at least half, so it would be ranked), but only one of them is
    one every other library ran too. Ranking it would shrink the comparison to one of four workloads: it is named
    as not ranked instead, and the others are compared on the three they all ran."""
    figures = [
        (f"Pump{i}", "app", "ns_per_event",
         dict({"rxswift": 100 + i, "swiftsignalkit": 200, "opencombine": 150},
              **({"async-stream": 900} if i in (0, 3) else {})),
         "mallocs_per_event", {"rxswift": 0, "swiftsignalkit": 0, "opencombine": 0})
        for i in range(4)
    ]
    # One workload the others lack, so that async-stream's two are not both shared: Pump3 lacks opencombine.
    figures[3][3].pop("opencombine")
    catalogue = [(f"Pump{i}", "app", "pumping", f"pump {i}") for i in range(4)]
    path = tmp_path / "run.csv"
    write_csv(path, run_rows(figures, unsupported=[]))
    out = tmp_path / "findings"
    code = findings.main(["--csv", str(path), "--catalogue", write_catalogue(tmp_path / "c.csv", catalogue),
                          "--out", str(out)])
    assert code == 0
    hot = (out / "FINDINGS.md").read_text()
    hot = hot[hot.index("### Hot streams\n"):]
    assert "on the 3 of 4 workload(s) every ranked library ran" in hot
    assert "Not ranked" in hot and "AsyncStream (2 of 4)" in hot


# ---------------------------------------------------------------------------------------------
# Bytes: the heap traffic beside the malloc count, and the memory a slow consumer's backlog holds.

def test_bytes_asked_for_sit_beside_the_mallocs_and_a_backlog_gets_its_verdict(tmp_path):
    rows = run_rows()
    for engine, value in {"rxswift": 960, "swiftsignalkit": 720, "sink": 240}.items():
        rows.append(row(engine, ROLES[engine], "CellReuse", "app", "", "bytes_per_lifecycle", "bytes/lifecycle",
                        float(value), schema="3"))
    for engine, value in {"rxswift": 208, "swiftsignalkit": 144, "opencombine": 192, "sink": 194}.items():
        for metric, unit, median in (("ns_per_event", "ns/event", 1000.0), ("mallocs_per_event", "mallocs/event", 3.0),
                                     ("bytes_held_per_event", "bytes/event", float(value))):
            rows.append(row(engine, ROLES[engine], "SlowConsumer", "app", "", metric, unit, median, schema="3"))
    catalogue = CATALOGUE + [("SlowConsumer", "app", "pumping", "values waiting for a busy consumer")]
    out = tmp_path / "findings"
    code = findings.main(["--csv", str(write_csv(tmp_path / "bytes.csv", rows)),
                          "--catalogue", write_catalogue(tmp_path / "catalogue.csv", catalogue), "--out", str(out)])
    assert code == 0
    text = (out / "FINDINGS.md").read_text()
    cell = {r["row"]: r for r in table_after(text, "#### CellReuse")}
    assert cell["RxSwift (`rxswift`)"]["bytes/lifecycle"] == "960"
    assert cell["SwiftSignalKit (`swiftsignalkit`)"]["bytes/lifecycle"] == "720"
    slow = {r["row"]: r for r in table_after(text, "#### SlowConsumer")}
    assert slow["SwiftSignalKit (`swiftsignalkit`)"]["bytes held/value"] == "144"
    verdict = text.split("### Memory held for a slow consumer", 1)[1].split("\n### ", 1)[0]
    # The smallest backlog wins, and the ratio is computed from the figures: 192 / 144 for OpenCombine.
    assert "**SwiftSignalKit (`swiftsignalkit`) is the cheapest**" in verdict
    assert "1.33x" in verdict


def test_a_ranked_library_whose_figure_measures_something_else_carries_its_caveat():
    """Observation's dispose releases nothing (the registrar keeps the registration until the next change): its
    standing among the disposes, on the page and in README's line, says so; where it is not ranked, nothing does."""
    from types import SimpleNamespace
    sys.path.insert(0, SCRIPTS)
    from rxtools import findings
    dispose = next(kind for kind in findings.KINDS if kind.id == "dispose")
    standing = lambda library, geomean: SimpleNamespace(library=library, geomean=geomean)   # noqa: E731
    ranked = SimpleNamespace(kind=dispose, compared=["DisposeLatencyMixed"],
                             standings=[standing("observation", 1.0), standing("opencombine", 64.4)])
    line = findings.verdict_line(None, ranked)
    assert line.startswith("Disposing a live subscription (1 workloads): Observation 1.00x, OpenCombine 64.4x. ")
    assert line.endswith(findings.CAVEATS[("dispose", "observation")])
    without = SimpleNamespace(kind=dispose, compared=["DisposeLatencyMixed"],
                              standings=[standing("opencombine", 1.0), standing("rxswift", 1.5)])
    assert findings.verdict_line(None, without) == \
        "Disposing a live subscription (1 workloads): OpenCombine 1.00x, RxSwift 1.50x."
