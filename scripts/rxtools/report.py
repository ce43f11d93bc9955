"""One self-contained HTML report per run of rxbench.

    python3 scripts/rxtools report RUN.csv [MORE.csv ...] --out DIR

writes DIR/index.html (context, summary table, charts, cost model; charts embedded, no external
resources), DIR/cost-model.csv, DIR/charts/<run>/*.png|svg, and a copy of each CSV. Several CSVs (the
glibc and the jemalloc run, say) become separate sections of the one page. A bad input (missing file,
empty CSV, unknown schema version, wrong header, a figure that is not a finite number or is listed twice:
docs/cli.md, "Scripts") or an --out that cannot be made (empty, under a file, unwritable) stops it with one
line on stderr and exit 2 before any work. Every file is written to a temporary file and renamed when
complete (a symbolic link is written through, a replaced file keeps its mode): a failure to write (a full
disk), Ctrl-C or SIGTERM removes it, prints one line and exits non-zero (1; 130 for Ctrl-C, 143 for
SIGTERM), never leaving a partial or empty file.
"""
import argparse
import base64
import html
import math
import os
from dataclasses import dataclass

from . import charts   # loads matplotlib: a second or two, long enough to be interrupted
from . import costmodel, outfile, rxcsv
from .rxcsv import FLOOR, format_number

PROG = "rxtools report"   # the name its messages begin with


@dataclass
class Section:
    """One CSV's part of the page, everything computed before anything is written."""
    run: rxcsv.Run
    slug: str          # folder name for its charts, anchor on the page
    csv_name: str      # the copy's name in DIR
    charts: list
    fits: list


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", metavar="RUN.csv")
    parser.add_argument("--out", required=True, metavar="DIR")
    args = parser.parse_args(argv)
    return outfile.read_build_write(
        PROG, read=lambda: rxcsv.load_all(args.reports), out=args.out, build=build_sections,
        write=write_report, summary=lambda sections: written_line(sections, args.out))


def written_line(sections, out):
    """What rxtools report prints once every file is written."""
    return (f"wrote {os.path.join(out, 'index.html')} ({len(sections)} section(s), "
            f"{sum(len(s.charts) for s in sections)} charts, {sum(len(s.fits) for s in sections)} fits)")


def build_sections(runs):
    sections, used = [], set()
    for index, run in enumerate(runs, start=1):
        stem = os.path.splitext(run.name)[0]
        slug = charts.slug(stem) or f"run-{index}"
        csv_name = run.name
        if slug in used:   # two inputs with one file name (a/system.csv, b/system.csv)
            slug, csv_name = f"{index}-{slug}", f"{index}-{run.name}"
        used.add(slug)
        sections.append(Section(run=run, slug=slug, csv_name=csv_name, charts=charts.charts_for(run),
                                fits=costmodel.fit_run(run)))
    return sections


# ---------------------------------------------------------------------------------------------
# Writing: only after every input was read and every chart drawn.

def write_report(sections, out):
    """Every file through outfile.write_atomically; raises outfile.OutputError on the first that fails."""
    outfile.make_directory(out)
    for section in sections:
        charts.write_charts(section.charts, os.path.join(out, "charts", section.slug))
        copy_csv(section.run.path, os.path.join(out, section.csv_name))
    fits = [fit for section in sections for fit in section.fits]
    outfile.write_atomically(os.path.join(out, "cost-model.csv"), costmodel.to_csv(fits))
    outfile.write_atomically(os.path.join(out, "index.html"), page(sections))


def copy_csv(source, destination):
    if os.path.exists(destination) and os.path.samefile(source, destination):
        return   # the report is written beside its CSV
    outfile.copy_atomically(source, destination)


# ---------------------------------------------------------------------------------------------
# The page.

STYLE = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #222;
       margin: 0 auto; padding: 1.5em 2em 4em; max-width: 1320px; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2em; margin-top: 2.5em; }
h3 { margin-top: 2em; } h4 { margin: 1.6em 0 0.4em; }
a { color: #1f5fa8; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 8px; border: 1px solid #e2e2e2; vertical-align: top; }
th { background: #f4f4f4; text-align: left; font-weight: 600; }
table.context th { width: 11em; }
table.summary td.cell { text-align: right; min-width: 6.5em; }
table.summary th.engine { text-align: center; }
table.summary .role { display: block; font-weight: normal; font-size: 11px; color: #666; }
table.summary td.workload { white-space: nowrap; }
table.summary tr.group th { background: #fafafa; color: #555; font-weight: normal; font-style: italic; }
.ratio { font-weight: 600; font-size: 15px; display: block; }
.value { display: block; font-size: 11.5px; color: #333; }
.spread { color: #555; }
td.unavailable { background: repeating-linear-gradient(45deg, #eee, #eee 4px, #f8f8f8 4px, #f8f8f8 8px);
                 color: #555; font-style: italic; text-align: center; }
td.missing { color: #aaa; text-align: center; }
td.unsupported { color: #555; text-align: center; font-style: italic; background: #f6f6f6; }
td.unsupported sup { font-style: normal; }
ol.reasons, ul.reasons { font-size: 12.5px; color: #333; margin: 0.4em 0 1.2em; padding-left: 2.2em; max-width: 60em; }
td.below-floor { outline: 2px solid #c00; outline-offset: -2px; }
.badge { display: inline-block; font-size: 10.5px; font-weight: 600; color: #fff; background: #c00;
         border-radius: 3px; padding: 0 4px; margin-top: 2px; }
.note { color: #555; max-width: 60em; }
.legend span { display: inline-block; padding: 1px 8px; margin-right: 2px; border: 1px solid #ddd; font-size: 12px; }
figure { margin: 1.5em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 12px; color: #555; }
table.costmodel td.num { text-align: right; white-space: nowrap; }
table.costmodel td.points { font-size: 12px; color: #444; max-width: 34em; }
table.costmodel tr.model th { background: #eef3f9; }
details { margin-top: 1em; } summary { cursor: pointer; color: #1f5fa8; }
nav ul { padding-left: 1.2em; }
"""


def page(sections):
    names = ", ".join(f'<a href="{attr(s.csv_name)}">{esc(s.csv_name)}</a>' for s in sections)
    nav = "".join(f'<li><a href="#{s.slug}">{esc(s.run.name)}</a> ({esc(s.run.context["allocator"])}, '
                  f'{esc(s.run.context["profile"])} profile)</li>' for s in sections)
    body = "\n".join(section_html(s) for s in sections)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rxbench report: {esc(", ".join(s.run.name for s in sections))}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>rxbench report</h1>
<p class="note">Made by <code>scripts/rxtools report</code> from {names}
(every figure on this page comes from the CSV named in its section). Cost model of every section:
<a href="cost-model.csv">cost-model.csv</a>.</p>
<nav><ul>{nav}</ul></nav>
{body}
</body>
</html>
"""


def section_html(section):
    run = section.run
    return f"""
<section id="{section.slug}">
<h2>{esc(run.name)}</h2>
{context_html(section)}
<h3>Summary</h3>
{how_to_read_html()}
{summary_html(run)}
<h3>Charts</h3>
{charts_html(section)}
<h3>Cost model</h3>
{costmodel_html(section)}
</section>"""


def context_html(section):
    run, context = section.run, section.run.context
    engines = ", ".join(f"{esc(engine)} <small>({esc(role)})</small>" for engine, role in run.engines())
    rows = [
        ("source", f'<a href="{attr(section.csv_name)}">{esc(section.csv_name)}</a> '
                   f'<small>(from {esc(run.path)}; CSV schema {esc(run.schema)}; {len(run.rows)} rows'
                   f'{unsupported_count(run)})</small>'),
        ("date", esc(context["date"])),
        ("commit", f"<code>{esc(context['commit'])}</code>"),
        ("Swift", esc(context["swift"])),
        ("CPU", esc(context["cpu"])),
        ("cores", esc(context["cores"])),
        ("allocator", esc(context["allocator"])),
        ("build", esc(context["build"])),
        ("profile", esc(context["profile"])),
        ("clock overhead", f"{esc(context['clock_overhead_ns'])} ns <small>(in every latency sample)</small>"),
        ("rows", engines),
    ]
    return '<table class="context">' + "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows) + "</table>"


def how_to_read_html():
    swatches = "".join(f'<span style="background:{ratio_colour(r)}">×{r:g}</span>' for r in (1, 1.25, 1.5, 2, 3, 5, 8))
    return f"""<p class="note">One table per metric; a row per workload, a column per row id of the run.
Time cells: the median relative to the fastest in the row (×1.00 = fastest), then the median and its
spread (MAD / median). Exact counts (mallocs, bytes, instructions) are shown as plain values; their colour
compares with the fewest in the row. <span class="badge">below floor</span> marks a median that beat the
<code>{FLOOR}</code> floor row beyond the spread; <i>unavailable</i> means the metric cannot be measured on
this platform; <i>n/a</i> with a number means the row cannot express the workload, and the numbered note
under the table gives the reason; — means the row did not run that workload.</p>
<p class="legend">{swatches}</p>"""


def summary_html(run):
    engines = run.engines()
    reasons = Reasons(run)
    parts = []
    for metric in run.metrics():
        if metric in rxcsv.DERIVED_METRICS:
            continue
        rows = [r for r in run.rows if r.metric == metric]
        unit = rows[0].unit
        statistic = "p50" if rxcsv.is_latency(metric) else "median"
        kind = "exact count" if rxcsv.is_exact(metric) else f"{statistic}, ×fastest, ±spread"
        header = "".join(f'<th class="engine">{esc(e)}<span class="role">{esc(role)}</span></th>'
                         for e, role in engines)
        body, group = [], None
        for workload_id in dict.fromkeys(r.workload_id for r in rows):
            cells = {r.engine: r for r in rows if r.workload_id == workload_id}
            row_group = next(iter(cells.values())).group
            if row_group != group:
                group = row_group
                body.append(f'<tr class="group"><th colspan="{len(engines) + 1}">{esc(group)}</th></tr>')
            body.append(f'<tr><td class="workload">{esc(workload_id)}</td>'
                        + "".join(summary_cell(cells[e], cells, metric) if e in cells
                                  else absent_cell(e, workload_id, reasons) for e, _ in engines) + "</tr>")
        parts.append(f"""<h4>{esc(charts.metric_label(metric))} <small>({esc(metric)}, {esc(unit)};
{esc(kind)})</small></h4>
<table class="summary"><tr><th>workload</th>{header}</tr>
{"".join(body)}</table>
{reasons.notes_html()}""")
    parts.append(not_run_anywhere_html(run))
    return "\n".join(parts)


class Reasons:
    """The numbered notes that say why a cell is n/a. Numbers run through the section, one per (row,
    reason), so a reason shared by several workloads or tables keeps its number; each table lists, right
    under it, the notes its cells cite, so a printed page carries the reason beside the table."""

    def __init__(self, run):
        self.run = run
        self.numbers = {}
        self.cited = []

    def cite(self, engine, workload_id):
        """The note number for why `engine` did not run `workload_id`, or None if the file does not say."""
        reason = self.run.unsupported_reason(engine, workload_id)
        if reason is None:
            return None, None
        number = self.numbers.setdefault((engine, reason), len(self.numbers) + 1)
        if number not in self.cited:
            self.cited.append(number)
        return number, reason

    def notes_html(self):
        """The notes cited since the last call, in number order; empty when none was."""
        by_number = {number: key for key, number in self.numbers.items()}
        items = "".join(f'<li value="{n}"><b>{esc(by_number[n][0])}</b> cannot express this workload: '
                        f'{esc(by_number[n][1])}</li>' for n in sorted(self.cited))
        self.cited = []
        return f'<ol class="reasons">{items}</ol>' if items else ""


def absent_cell(engine, workload_id, reasons):
    number, reason = reasons.cite(engine, workload_id)
    if number is None:
        return '<td class="cell missing" title="not run">—</td>'
    title = f"{engine} cannot express {workload_id}: {reason}"
    return f'<td class="cell unsupported" title="{attr(title)}">n/a<sup>{number}</sup></td>'


def not_run_anywhere_html(run):
    """Workloads every row of the file declined or left out: no table has a line for them, so they are listed."""
    measured = {row.workload_id for row in run.rows}
    declined = [record for record in run.unsupported if record.workload_id not in measured]
    if not declined:
        return ""
    items = "".join(f"<li>{esc(record.workload_id)}: <b>{esc(record.engine)}</b> cannot express it: "
                    f"{esc(record.reason)}</li>" for record in declined)
    return f'<h4>Workloads with no figure in this file</h4>\n<ul class="reasons">{items}</ul>'


def unsupported_count(run):
    if not run.unsupported:
        return ""
    return f"; {len(run.unsupported)} (row, workload) pairs not run: the row cannot express the workload"


def summary_cell(row, cells, metric):
    if row.unavailable:
        return '<td class="cell unavailable" title="cannot be measured on this platform">unavailable</td>'
    value = row.value("median")
    values = [r.value("median") for r in cells.values() if r.value("median") is not None]
    best = min(values)
    badge, extra_class = "", ""
    if row.flag == rxcsv.BELOW_FLOOR:
        badge, extra_class = '<span class="badge" title="median below the floor row beyond the spread">below floor</span>', " below-floor"
    elif row.flag:
        badge = f'<span class="badge">{esc(row.flag)}</span>'
    if rxcsv.is_exact(metric):
        colour = ratio_colour((value + 1) / (best + 1))
        content = f'<span class="ratio">{format_number(value)}</span>'
    else:
        ratio = value / best if best > 0 else 1.0
        colour = ratio_colour(ratio)
        content = f'<span class="ratio">×{ratio:.2f}</span><span class="value">{format_number(value)}' \
                  f'{spread_text(row)}</span>'
        if rxcsv.is_latency(metric) and row.value("p99") is not None:
            content += f'<span class="value">p99 {format_number(row.value("p99"))}</span>'
    title = f'{row.engine}, {row.workload_id}: median {format_number(value)} {row.unit}, n={row.n}'
    return f'<td class="cell{extra_class}" style="background:{colour}" title="{attr(title)}">{content}{badge}</td>'


def spread_text(row):
    median, mad = row.value("median"), row.value("mad")
    if mad is None or not median:
        return ""
    return f' <span class="spread">±{100 * mad / median:.1f}%</span>'


def ratio_colour(ratio):
    """Green at the fastest, through yellow, to red at 8x and beyond, on a log scale (as
    js-framework-benchmark colours its table): equal steps for equal factors."""
    t = min(max(math.log(max(ratio, 1.0)) / math.log(8), 0.0), 1.0)
    hue = 120 * (1 - t)
    return f"hsl({hue:.0f}, 65%, 78%)"


def charts_html(section):
    if not section.charts:
        return '<p class="note">No chart: the CSV has no workload group or sweep to draw.</p>'
    figures = []
    for chart in section.charts:
        base = f"charts/{section.slug}/{chart.name}"
        data = base64.b64encode(chart.svg).decode("ascii")
        figures.append(f"""<figure id="{section.slug}-{chart.name}">
<img src="data:image/svg+xml;base64,{data}" alt="{attr(chart.title)}" width="{png_width(chart.png)}">
<figcaption>{esc(chart.title)} · <a href="{attr(base)}.svg">SVG</a> · <a href="{attr(base)}.png">PNG</a>
· data: <a href="{attr(section.csv_name)}">{esc(section.csv_name)}</a></figcaption>
</figure>""")
    return "\n".join(figures)


def costmodel_html(section):
    fits = section.fits
    intro = f"""<p class="note">Least squares of cost = fixed + per&nbsp;x × x over each sweep of each row id
(x = chain depth in stages, live siblings or subscribers). Each cell: what one more step of x costs, then
the fixed cost and R² (how much of the variation the line explains; — when every point is equal). A sweep
with fewer than {costmodel.MIN_POINTS} usable points gets no fit; every point left out is named, with its
reason, in the table of every fit below. As CSV: <a href="cost-model.csv">cost-model.csv</a>.</p>"""
    if not fits:
        return intro + '<p class="note">No sweep in this CSV: nothing to fit.</p>'
    return intro + costmodel_overview(section) + costmodel_details(fits)


def costmodel_overview(section):
    """One row per model, one column per row id: the slopes side by side, to compare designs."""
    engines = [e for e, _ in section.run.engines() if any(f.engine == e for f in section.fits)]
    by_title = {}
    for fit in section.fits:
        by_title.setdefault(fit.title, {})[fit.engine] = fit
    header = "".join(f"<th>{esc(e)}</th>" for e in engines)
    rows = []
    for title, fits in by_title.items():
        first = next(iter(fits.values()))
        cells = "".join(overview_cell(fits.get(e)) for e in engines)
        rows.append(f'<tr><td>{esc(title)}<br><small>{esc(first.unit)}</small></td>{cells}</tr>')
    return f'<table class="costmodel"><tr><th>model</th>{header}</tr>{"".join(rows)}</table>'


def overview_cell(fit):
    if fit is None:
        return '<td class="missing">—</td>'
    if fit.slope is None:
        usable = sum(1 for _, reason in fit.left_out if reason.startswith("fewer than"))
        return (f'<td class="note" title="{attr(fit.note)}">no fit<br>'
                f'<small>{usable} usable point(s)</small></td>')
    r2 = "—" if fit.r2 is None else f"{fit.r2:.3f}"
    return (f'<td class="num" title="{attr(costmodel.points_text(fit.points))}">'
            f'<b>{signed(fit.slope)}</b> <small>per {esc(fit.model.sweep.per)}</small><br>'
            f'<small>fixed {format_number(fit.fixed)} · R² {r2}</small></td>')


def signed(value):
    return ("+" if value >= 0 else "") + format_number(value)


def costmodel_details(fits):
    rows, title = [], None
    for fit in fits:
        if fit.title != title:
            title = fit.title
            rows.append(f'<tr class="model"><th colspan="6">{esc(title)} <small>[{esc(fit.unit)}]</small></th></tr>'
                        f'<tr><th>row</th><th>fixed</th><th>per {esc(fit.model.sweep.per)}</th><th>R²</th>'
                        f'<th>points used ({esc(fit.model.sweep.x)}: value)</th><th>left out</th></tr>')
        left_out = esc(costmodel.left_out_text(fit.left_out)) or "none"
        if fit.slope is None:
            rows.append(f'<tr><td>{esc(fit.engine)}</td><td colspan="3" class="note">{esc(fit.note)}</td>'
                        f'<td class="points">—</td><td class="points">{left_out}</td></tr>')
            continue
        r2 = "—" if fit.r2 is None else f"{fit.r2:.3f}"
        rows.append(f'<tr><td>{esc(fit.engine)}</td><td class="num">{format_number(fit.fixed)}</td>'
                    f'<td class="num">{format_number(fit.slope)}</td><td class="num" title="{attr(fit.note)}">{r2}</td>'
                    f'<td class="points">{esc(costmodel.points_text(fit.points))}</td>'
                    f'<td class="points">{left_out}</td></tr>')
    return ('<details><summary>Every fit: the points it used and the points it left out</summary>'
            '<table class="costmodel">' + "".join(rows) + "</table></details>")


def png_width(png):
    """The PNG's width in pixels (bytes 16-19 of its IHDR chunk): the SVG is shown at that width, a bit
    larger than its natural size in points, so that its 9-point text reads well on screen."""
    return int.from_bytes(png[16:20], "big")


def esc(text):
    return html.escape(str(text), quote=False)


def attr(text):
    return html.escape(str(text), quote=True)
