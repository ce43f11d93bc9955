"""The report and its charts, end to end on known data."""
import csv
import os
import re

import matplotlib
import pytest

from rxtools import charts, report, rxcsv
from conftest import ENGINES, SCRIPTS

COMMITTED = os.path.join(SCRIPTS, "..", "results", "2026-11-22-standard")


@pytest.fixture(scope="module")
def made_charts(tmp_path_factory):
    """The synthetic run's charts with their text kept as SVG text, so that tests can read it."""
    from conftest import synthetic_rows, write_csv
    path = write_csv(tmp_path_factory.mktemp("charts") / "synthetic.csv", synthetic_rows())
    matplotlib.rcParams["svg.fonttype"] = "none"
    try:
        return path, charts.charts_for(rxcsv.load(path))
    finally:
        matplotlib.rcParams["svg.fonttype"] = "path"


def test_every_row_id_of_every_role_is_a_column(v2_report):
    _, _, page = v2_report
    for engine, role in ENGINES:
        assert f'<th class="engine">{engine}<span class="role">{role}</span></th>' in page


def test_unavailable_is_shown_as_such_never_as_zero(v2_report):
    _, _, page = v2_report
    table = page[page.index("(instructions_per_event"):]
    table = table[:table.index("</table>")]
    cells = re.findall(r"<td class=\"cell[^\"]*\"[^>]*>(.*?)</td>", table)
    assert cells.count("unavailable") == 2          # the two libraries
    assert all("unavailable" in c or "×" not in c for c in cells)


def test_below_floor_is_visible(v2_report):
    _, _, page = v2_report
    assert 'class="cell below-floor"' in page and ">below floor</span>" in page


def test_derived_events_per_second_is_not_a_second_table(v2_report):
    _, _, page = v2_report
    assert "(events_per_second" not in page


def test_the_page_is_self_contained(v2_report):
    _, out, page = v2_report
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "external URL in the page"
    assert "<script" not in page
    assert page.count("data:image/svg+xml;base64,") >= 5
    for link in re.findall(r'href="([^"#]+)"', page):
        assert (out / link).exists(), f"broken link {link}"


def test_outputs_are_written(v2_report):
    path, out, _ = v2_report
    assert (out / "synthetic.csv").read_bytes() == open(path, "rb").read()
    fits = list(csv.DictReader(open(out / "cost-model.csv")))
    assert {f["engine"] for f in fits} >= {"opencombine", "async-stream", "stage-loop"}
    pngs = sorted(p.name for p in (out / "charts" / "synthetic").iterdir() if p.suffix == ".png")
    svgs = sorted(p.name for p in (out / "charts" / "synthetic").iterdir() if p.suffix == ".svg")
    assert pngs and [p[:-4] for p in pngs] == [s[:-4] for s in svgs]


def test_context_comes_first_in_each_section(v2_report):
    _, _, page = v2_report
    section = page[page.index("<section"):]
    assert section.index('class="context"') < section.index("<h3>Summary")
    for value in ("2026-11-23T08:00:00Z", "abcdef123456", "swift-6.3", "Test CPU", "glibc", "release", "quick"):
        assert value in section[:section.index("<h3>Summary")]


def test_floor_is_in_every_chart_where_it_has_data(made_charts):
    _, made = made_charts
    names = [c.name for c in made]
    assert any(n.startswith("group-") for n in names)
    for sweep in ("mapdepth-depth", "disposelatency-depth", "disposelatency-siblings"):
        assert any(sweep in n for n in names), sweep
    for chart in made:
        assert rxcsv.FLOOR in chart.drawn, chart.name
        assert chart.drawn[0] == rxcsv.FLOOR        # legend starts from the floor


def test_every_chart_names_its_csv(made_charts):
    path, made = made_charts
    for chart in made:
        assert f"source: {path}".encode() in chart.svg, chart.name


def test_a_report_beside_its_csv_leaves_the_csv_alone(tmp_path, v1_csv):
    # Written into the folder that holds the CSV (as run-matrix.sh does): the copy is the file itself.
    before = open(v1_csv, "rb").read()
    assert report.main([v1_csv, "--out", str(tmp_path)]) == 0
    page = (tmp_path / "index.html").read_text()
    assert "Test CPU" in page and "CSV schema 1" in page
    assert open(v1_csv, "rb").read() == before


def test_the_committed_schema1_results_load():
    run = rxcsv.load(os.path.join(COMMITTED, "system.csv"))
    assert run.schema == "1" and len(run.rows) > 300
    assert run.engines()[0] == ("baseline", "reference")


def test_two_csvs_of_one_name_get_two_sections(tmp_path, v1_csv):
    other = tmp_path / "b"
    other.mkdir()
    second = other / os.path.basename(v1_csv)
    second.write_bytes(open(v1_csv, "rb").read())
    out = tmp_path / "report"
    assert report.main([v1_csv, str(second), "--out", str(out)]) == 0
    page = (out / "index.html").read_text()
    assert page.count("<section") == 2
    assert (out / "schema1.csv").exists() and (out / "2-schema1.csv").exists()


def test_numbers_are_fixed_notation():
    assert rxcsv.format_number(15034567.2) == "15,034,567"
    assert rxcsv.format_number(40.3641) == "40.4"
    assert rxcsv.format_number(0.000123) == "0.000123"
    assert rxcsv.format_number(0.0) == "0"
    assert charts.format_tick(20000) == "20k" and charts.format_tick(5e6) == "5M"


def test_every_row_of_the_committed_every_row_run_has_its_own_colour():
    # Bars carry no marker: two rows in one colour would make a legend ambiguous (14 rows, 12 coloured).
    run = rxcsv.load(os.path.join(SCRIPTS, "..", "results", "2026-11-23-every-row", "system.csv"))
    coloured = [style["color"] for engine, style in charts.styles(run).items()
                if style["color"] not in ("black", charts.OTHER_REFERENCE_STYLE["color"])]
    assert len(coloured) >= 12
    assert len(set(coloured)) == len(coloured)


# Schema 3: what a row cannot express is in the report with its reason, beside the table, never only in a
# tooltip (a printed page has none).

def visible_text(html_text):
    """The page's text as a reader sees it: tags and attributes (tooltips) removed, entities decoded."""
    import html as html_module
    without_attributes = re.sub(r"<[^>]*>", " ", html_text)
    return re.sub(r"\s+", " ", html_module.unescape(without_attributes))


def test_v3_records_are_kept_apart_from_the_figures():
    from conftest import ASYNC_REASON, MERGE_REASON, synthetic_rows_v3, write_csv
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        run = rxcsv.load(write_csv(os.path.join(folder, "v3.csv"), synthetic_rows_v3()))
    assert run.schema == "3"
    assert all(row.metric != rxcsv.UNSUPPORTED for row in run.rows)
    assert run.unsupported_reason("baseline", "MergeMany[sources=100]") == MERGE_REASON
    assert run.unsupported_reason("async-stream", "MergeMany[sources=100]") == ASYNC_REASON
    assert run.unsupported_reason("sink", "MergeMany[sources=100]") is None
    assert rxcsv.UNSUPPORTED not in run.metrics()


def test_an_unsupported_cell_shows_n_a_and_its_reason_under_the_table(v3_report):
    from conftest import ASYNC_REASON, MERGE_REASON
    _, _, page = v3_report
    table = page[page.index("(ns_per_event"):]
    table = table[:table.index("<h4>", 1)]   # the table and its notes, up to the next metric's heading
    merge_line = re.search(r"<tr><td class=\"workload\">MergeMany\[sources=100\]</td>(.*?)</tr>", table).group(1)
    cells = re.findall(r"<td class=\"cell[^\"]*\"[^>]*>(.*?)</td>", merge_line)
    # Columns: baseline first (the floor), then engines and variant, references, libraries (async-stream last).
    assert cells[0] == "n/a<sup>1</sup>" and cells[-1] == "n/a<sup>2</sup>", cells
    notes = visible_text(table[table.index("</table>"):])
    assert f"baseline cannot express this workload: {MERGE_REASON}" in notes
    assert f"async-stream cannot express this workload: {ASYNC_REASON}" in notes


def test_every_reason_of_the_csv_is_in_the_page_text(v3_report):
    from conftest import ASYNC_REASON, MERGE_REASON, OBSERVE_ON_REASON
    _, _, page = v3_report
    text = visible_text(page)
    for reason in (MERGE_REASON, ASYNC_REASON, OBSERVE_ON_REASON):
        assert reason in text, reason
    # ObserveOnSerialQueue has no figure on any row, so no table has a line for it: it is listed.
    assert f"ObserveOnSerialQueue: async-stream cannot express it: {OBSERVE_ON_REASON}" in text



def test_time_ratios_are_against_the_fastest_cell_of_the_row(v2_report):
    """PublishSubjectPumping's synthetic medians are 30 + 7 * index ns (index in ENGINES): the first row is the
    fastest (×1.00) and every other cell reads its own median over 30, to two decimals, whatever the column."""
    from conftest import ENGINES
    _, _, page = v2_report
    table = page[page.index("(ns_per_event"):]
    table = table[:table.index("</table>")]
    line = table[table.index('<td class="workload">PublishSubjectPumping</td>'):]
    line = line[:line.index("</tr>")]
    cells = re.findall(r'title="([a-z0-9-]+), PublishSubjectPumping: median [^"]*"><span class="ratio">×([0-9.]+)</span>', line)
    assert sorted(engine for engine, _ in cells) == sorted(engine for engine, _ in ENGINES)
    expected = {engine: f"{(30.0 + 7 * index) / 30.0:.2f}" for index, (engine, _) in enumerate(ENGINES)}
    assert {engine: ratio for engine, ratio in cells} == expected
    assert [ratio for _, ratio in cells].count("1.00") == 1
