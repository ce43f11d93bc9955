"""Charts of an rxbench CSV with matplotlib: one figure of grouped bars per workload group (a panel per
metric), and a line plot for every sweep (cost against depth, subscribers, events, siblings).

    python3 scripts/rxtools charts RUN.csv --out DIR

writes DIR/<name>.png and DIR/<name>.svg (each through a temporary file renamed when complete, a symbolic link
written through, a replaced file's mode kept: a full disk, Ctrl-C or SIGTERM leaves no partial file, and is one
line on stderr with a non-zero exit). A bad input or an --out that cannot be made (empty, under a file) is one
line and exit 2 before anything is drawn (docs/cli.md, "Scripts"). Every chart names the CSV it came from in its footer, and
draws the floor row (`baseline`) as a dashed black bar or line wherever the floor has data.
"""
import argparse
import io
import math
import os
import textwrap
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")  # headless: CI has no display
import matplotlib.pyplot as plt  # noqa: E402  (must follow the backend choice)
from matplotlib import ticker  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from . import outfile, rxcsv
from .rxcsv import FLOOR

PROG = "rxtools charts"   # the name its messages begin with

# Tableau 20 without its greys, which would read as reference rows: the nine strong colours first, then
# their light partners, so that up to 18 rows (every row of today's registry is 12 besides the references)
# each get a colour of their own; bars carry no marker, so a repeated colour would make a legend ambiguous.
PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#17becf",
           "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2", "#dbdb8d", "#9edae5"]
FLOOR_STYLE = {"color": "black", "linestyle": "--", "marker": "s"}
OTHER_REFERENCE_STYLE = {"color": "#666666", "linestyle": ":", "marker": "D"}
MARKERS = ["o", "^", "v", "P", "X", "*", "h", "<", ">"]

# A log axis once the data spans this ratio: below it a linear axis from zero reads better.
LOG_RATIO = 20

# Words for titles; a metric not listed here is shown by its name.
METRIC_LABELS = {
    "ns_per_event": "time per source event",
    "events_per_second": "events per second",
    "ns_per_lifecycle": "time per lifecycle (build + subscribe + dispose)",
    "mallocs_per_event": "mallocs per event (steady state)",
    "mallocs_per_lifecycle": "mallocs per lifecycle",
    "bytes_per_event": "bytes allocated per event (requested, steady state)",
    "bytes_per_lifecycle": "bytes allocated per lifecycle (requested)",
    "bytes_per_live_subscription": "bytes per live subscription",
    "bytes_held_per_event": "bytes held per value waiting for a slow consumer",
    "subscribe_latency": "subscribe() latency",
    "dispose_latency": "dispose() latency",
    "instructions_per_event": "instructions per event",
    "instructions_per_lifecycle": "instructions per lifecycle",
}

plt.rcParams.update({
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
    "legend.fontsize": 8,
    "svg.fonttype": "path",       # the SVG looks the same without the fonts installed
    "svg.hashsalt": "rxbench",    # stable ids: the same data gives the same SVG
})


@dataclass
class Chart:
    name: str       # file name without extension, unique within a run
    title: str
    png: bytes
    svg: bytes
    drawn: list     # the engine ids it draws, in legend order (tests check that the floor is there)


def metric_label(metric):
    return METRIC_LABELS.get(metric, metric.replace("_", " "))


def styles(run):
    """A fixed look per engine id for every chart of the run: the floor dashed black, other reference
    rows dotted grey, every other id its own colour and marker in the run's engine order."""
    result, index = {}, 0
    for engine, role in run.engines():
        if engine == FLOOR:
            result[engine] = dict(FLOOR_STYLE)
        elif role == "reference":
            result[engine] = dict(OTHER_REFERENCE_STYLE)
        else:
            result[engine] = {"color": PALETTE[index % len(PALETTE)], "linestyle": "-",
                              "marker": MARKERS[index % len(MARKERS)]}
            index += 1
    return result


def footer(run):
    context = run.context
    return (f"source: {run.path} · commit {context['commit']} · {context['date']} · allocator "
            f"{context['allocator']} · {context['build']} build · {context['profile']} profile")


TICK_STEPS = ((1e6, lambda value: f"{value / 1e6:g}M"), (1e4, lambda value: f"{value / 1e3:g}k"),
              (1, lambda value: f"{value:,.0f}" if value == int(value) else f"{value:g}"))


def format_tick(value, _position=None):
    """Plain numbers on axes: 0.5, 20, 1,000, 20k, 1M. Never 1e+04."""
    if value == 0:
        return "0"
    return rxcsv.by_size(value, abs(value), TICK_STEPS, "{:.3g}".format)


def wants_log(values):
    positive = [v for v in values if v is not None and v > 0]
    return bool(positive) and len(positive) == len([v for v in values if v is not None]) \
        and max(positive) / min(positive) >= LOG_RATIO


def set_value_axis(axis, values):
    """Log scale with labelled 1-2-5 ticks when the data spans a wide range, else linear from zero."""
    values = [v for v in values if v is not None]
    positive = [v for v in values if v > 0]
    if positive and min(values) == 0 and max(positive) / min(positive) >= LOG_RATIO:
        # Exact counts that are 0 for some rows and thousands for others: linear up to 1, then
        # logarithmic, so that 0, 3 and 30,000 can all be read.
        axis.set_yscale("symlog", linthresh=1, linscale=0.5)
        axis.yaxis.set_major_locator(ticker.SymmetricalLogLocator(base=10, linthresh=1))
        axis.yaxis.set_minor_locator(ticker.NullLocator())
        axis.set_ylim(0, max(values) * 6)
    elif wants_log(values):
        axis.set_yscale("log")
        # 1-2-5 labels over a few decades; over more, one label per decade stays readable.
        decades = math.log10(max(values) / min(values))
        axis.yaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0) if decades <= 3 else (1.0,)))
        # Minor ticks only where there are few decades: over many they cost time and add nothing.
        axis.yaxis.set_minor_locator(ticker.LogLocator(base=10, subs=tuple(range(1, 10)))
                                     if decades <= 3 else ticker.NullLocator())
        axis.yaxis.set_minor_formatter(ticker.NullFormatter())
        # Both limits set, since bars drawn later must not rescale the axis: the bottom a 1-2-5 step
        # below the smallest value (so bars start from a labelled tick), some room above the tallest.
        axis.set_ylim(step_below(min(values)), max(values) * 1.6)
    else:
        axis.yaxis.set_major_locator(ticker.MaxNLocator(nbins=6))
        top = max(values, default=0)
        axis.set_ylim(bottom=0, top=top * 1.2 if top > 0 else 1)
    axis.yaxis.set_major_formatter(ticker.FuncFormatter(format_tick))


def step_below(value):
    """The largest of 1, 2, 5 x 10^k that is below `value` by a margin: 90 -> 50, 300 -> 200."""
    decade = 10 ** math.floor(math.log10(value * 0.85))
    return max(step * decade for step in (1, 2, 5) if step * decade <= value * 0.85)


def set_sweep_axis(axis, xs):
    """Ticks at exactly the swept values; log spacing for a sweep over decades (symlog when it has 0)."""
    xs = sorted(set(xs))
    positive = [x for x in xs if x > 0]
    if positive and max(positive) / min(positive) >= LOG_RATIO:
        if xs[0] <= 0:
            # A sweep from 0 (no siblings) over decades: linear up to 1, logarithmic above.
            axis.set_xscale("symlog", linthresh=1, linscale=0.6)
            axis.set_xlim(-0.25, xs[-1] * 1.4)
        else:
            axis.set_xscale("log")
            axis.set_xlim(xs[0] / 1.25, xs[-1] * 1.25)
    axis.xaxis.set_major_locator(ticker.FixedLocator(xs))
    axis.xaxis.set_minor_locator(ticker.NullLocator())
    axis.xaxis.set_major_formatter(ticker.FuncFormatter(format_tick))


def render(fig, name, title, drawn):
    """PNG and SVG of a figure, cropped to what it draws (so nothing is clipped), then closed."""
    outputs = {}
    for kind in ("png", "svg"):
        buffer = io.BytesIO()
        fig.savefig(buffer, format=kind, dpi=110, bbox_inches="tight", pad_inches=0.2,
                    metadata={"Date": None} if kind == "svg" else None)
        outputs[kind] = buffer.getvalue()
    plt.close(fig)
    return Chart(name=name, title=title, png=outputs["png"], svg=outputs["svg"], drawn=drawn)


def add_footer(fig, run, extra=""):
    # Below the figure's lower edge: the tight crop at save time grows the image to include it, so it
    # never overlaps the tick labels whatever their length.
    text = footer(run) + ("\n" + textwrap.fill(extra, 150) if extra else "")
    fig.text(0.0, -0.01, text, ha="left", va="top", fontsize=7.5, color="#555555")


def legend_outside(fig, axis, engines, style, flagged=False, bars=False):
    handles = [bar_handle(e, style[e]) if bars else
               plt.Line2D([], [], color=style[e]["color"], linestyle=style[e]["linestyle"],
                          marker=style[e]["marker"], label=e) for e in engines]
    if flagged:
        handles.append(plt.Line2D([], [], color="#d62728", linestyle="none", marker="v",
                                  label="below the floor"))
    axis.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
                title="engine", alignment="left")


# ---------------------------------------------------------------------------------------------
# Grouped bars: one figure per workload group, one panel per metric.

def bar_statistics(metric):
    """Bars show the median and a whisker from min to max; a latency bar shows p50 with a whisker to
    p99, since a latency's max is one outlier among thousands of samples; an exact count has no spread,
    so its bar carries its value instead."""
    if rxcsv.is_latency(metric):
        return "median", None, "p99", "bar p50, whisker to p99"
    if rxcsv.is_exact(metric):
        return "median", "min", "max", "exact count"
    return "median", "min", "max", "bar median, whisker min to max"


def bar_panels(run, group):
    """(metric, rows) for each metric of the group that has rows no sweep chart draws."""
    panels = []
    for metric in run.metrics():
        if metric in rxcsv.DERIVED_METRICS:
            continue
        swept = rxcsv.swept_workload_ids(run, metric)
        rows = [r for r in run.rows if r.group == group and r.metric == metric and r.workload_id not in swept]
        if rows:
            panels.append((metric, rows))
    # Time first, then the exact counts.
    return sorted(panels, key=lambda panel: rxcsv.is_exact(panel[0]))


def draw_bars(axis, rows, engines, style, metric):
    center, low_stat, high_stat, how = bar_statistics(metric)
    workloads = list(dict.fromkeys(r.workload_id for r in rows))
    cell = {(r.workload_id, r.engine): r for r in rows}
    present = [e for e in engines if any(r.engine == e for r in rows)]
    width = 0.8 / max(len(present), 1)
    values = [r.value(center) for r in rows] + [r.value(high_stat) for r in rows]
    set_value_axis(axis, values)
    bottom = axis.get_ylim()[0]
    flagged = False
    for j, engine in enumerate(present):
        for i, workload in enumerate(workloads):
            row = cell.get((workload, engine))
            if row is None:
                continue
            x = i - 0.4 + width * (j + 0.5)
            value = row.value(center)
            if value is None:
                axis.text(x, bottom, " n/a", rotation=90, ha="center", va="bottom", fontsize=6.5, color="#555")
                continue
            draw_bar(axis, x, value, width, style[engine], engine == FLOOR)
            if rxcsv.is_exact(metric):
                # Exact counts are read as numbers: the value stands on its bar.
                axis.text(x, value if value > 0 else bottom, rxcsv.format_number(value), ha="center",
                          va="bottom", fontsize=6, color="#333333", rotation=90 if value >= 1000 else 0)
            low = row.value(low_stat) if low_stat else value
            high = row.value(high_stat)
            if high is not None and low is not None and high > low:
                axis.errorbar([x], [value], yerr=[[max(value - low, 0)], [max(high - value, 0)]], fmt="none",
                              ecolor="#333333", elinewidth=0.7, capsize=1.5)
            if row.flag == rxcsv.BELOW_FLOOR:
                flagged = True
                axis.plot([x], [max(high or value, value) * (1.15 if axis.get_yscale() == "log" else 1.03)],
                          marker="v", color="#d62728", markersize=5)
    axis.set_xticks(range(len(workloads)))
    axis.set_xticklabels(workloads, rotation=25, ha="right", rotation_mode="anchor")
    axis.set_xlim(-0.6, len(workloads) - 0.4)
    axis.grid(axis="x", visible=False)
    axis.set_ylabel(rows[0].unit)
    axis.set_title(f"{metric_label(metric)} ({how})", loc="left")
    return present, flagged


def missing_floor(run, panels):
    """Workloads where the floor has no row although it has rows elsewhere in the run: said in the
    footer, so that a missing dashed bar reads as "the floor does not express this", not as a bug."""
    if not any(row.engine == FLOOR for row in run.rows):
        return []
    missing = []
    for _, rows in panels:
        with_floor = {r.workload_id for r in rows if r.engine == FLOOR}
        missing += [r.workload_id for r in rows if r.workload_id not in with_floor]
    return list(dict.fromkeys(missing))


def bar_handle(engine, look):
    if engine == FLOOR:
        return Patch(facecolor="white", edgecolor="black", linestyle="--", hatch="////", label=engine)
    return Patch(facecolor=look["color"], label=engine)


def draw_bar(axis, x, value, width, look, is_floor):
    if is_floor:
        # The floor stands out as an outline, so that it reads as a line to compare against.
        axis.bar(x, value, width, facecolor="white", edgecolor="black", linestyle="--", linewidth=1.0,
                 hatch="////")
    else:
        axis.bar(x, value, width, color=look["color"], edgecolor="white", linewidth=0.3)


def group_chart(run, group, style):
    panels = bar_panels(run, group)
    if not panels:
        return None
    engines = [e for e, _ in run.engines()]
    widest = max(len({r.workload_id for r in rows}) * len({r.engine for r in rows}) for _, rows in panels)
    fig, axes = plt.subplots(len(panels), 1, figsize=(max(7.0, 2.5 + 0.2 * widest), 3.3 * len(panels)),
                             layout="constrained", squeeze=False)
    shown, any_flag = [], False
    for axis, (metric, rows) in zip(axes[:, 0], panels):
        present, flagged = draw_bars(axis, rows, engines, style, metric)
        shown += [e for e in present if e not in shown]
        any_flag |= flagged
    drawn = [e for e in engines if e in shown]
    legend_outside(fig, axes[0, 0], drawn, style, any_flag, bars=True)
    fig.suptitle(f"Workload group “{group}”", x=0.0, ha="left", fontsize=11, fontweight="bold")
    missing = missing_floor(run, panels)
    add_footer(fig, run, f"no {FLOOR} row in the CSV for: {', '.join(missing)}" if missing else "")
    return render(fig, f"group-{slug(group)}", f"Workload group {group}", drawn)


# ---------------------------------------------------------------------------------------------
# Sweeps: a line per engine, cost against the swept parameter.

def sweep_charts(run, style):
    charts = []
    for sweep in rxcsv.SWEEPS:
        for metric in run.metrics():
            if metric in rxcsv.DERIVED_METRICS:
                continue
            for fixed, by_engine in rxcsv.sweep_series(run, sweep, metric).items():
                charts.append(sweep_chart(run, sweep, metric, fixed, by_engine, style))
    return charts


def sweep_chart(run, sweep, metric, fixed, by_engine, style):
    engines = [e for e, _ in run.engines() if e in by_engine]
    statistics = ["median", "p99"] if rxcsv.is_latency(metric) else ["median"]
    fig, axes = plt.subplots(1, len(statistics), figsize=(5.2 * len(statistics) + 1.6, 3.8),
                             layout="constrained", squeeze=False)
    unavailable = sorted({f"{r.engine} at {sweep.x}={r.parameters[sweep.x]}"
                          for rows in by_engine.values() for r in rows if r.unavailable})
    drawn = []
    for axis, statistic in zip(axes[0], statistics):
        drawn += draw_sweep(axis, sweep, metric, statistic, engines, by_engine, style)
    drawn = [e for e in engines if e in drawn]
    legend_outside(fig, axes[0, -1], drawn, style)
    where = f" ({fixed})" if fixed else ""
    title = f"{sweep.workload}{where}: {metric_label(metric)} against {sweep.x}"
    fig.suptitle(title, x=0.0, ha="left", fontsize=11, fontweight="bold")
    notes = []
    same = coinciding(engines, by_engine)
    if same:
        notes.append("same values, lines on top of each other: " + "; ".join(" = ".join(group) for group in same))
    if unavailable:
        notes.append("unavailable, not drawn: " + ", ".join(unavailable))
    add_footer(fig, run, "; ".join(notes))
    name = f"sweep-{slug(sweep.workload)}-{slug(sweep.x)}-{slug(metric)}" + (f"-{slug(fixed)}" if fixed else "")
    return render(fig, name, title, drawn)


def coinciding(engines, by_engine):
    """Groups of engines whose sweeps have the very same values: only the last one drawn would show."""
    groups = {}
    for engine in engines:
        key = tuple((r.parameters_text, r.value("median"), r.value("p99")) for r in by_engine[engine])
        groups.setdefault(key, []).append(engine)
    return [same for same in groups.values() if len(same) > 1]


def draw_sweep(axis, sweep, metric, statistic, engines, by_engine, style):
    """One panel; returns the engines it drew a line for."""
    all_x, all_y, drawn = [], [], []
    for engine in engines:
        points = [(r.parameters[sweep.x], r.value(statistic), r) for r in by_engine[engine]]
        points = [(x, y, r) for x, y, r in points if y is not None]
        if not points:
            continue
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        look = style[engine]
        axis.plot(xs, ys, color=look["color"], linestyle=look["linestyle"], marker=look["marker"],
                  markersize=4, linewidth=1.6 if engine == FLOOR else 1.3, label=engine,
                  zorder=3 if engine == FLOOR else 2)
        if statistic == "median" and not rxcsv.is_latency(metric):
            lows, highs = [r.value("min") for _, _, r in points], [r.value("max") for _, _, r in points]
            if None not in lows and None not in highs:
                axis.fill_between(xs, lows, highs, color=look["color"], alpha=0.12, linewidth=0)
        all_x += xs
        all_y += ys
        drawn.append(engine)
    if all_y:
        set_value_axis(axis, all_y)
        set_sweep_axis(axis, all_x)
    axis.set_xlabel(sweep.x)
    unit = next(r.unit for rows in by_engine.values() for r in rows)
    axis.set_ylabel(unit)
    label = rxcsv.statistic_label(metric, statistic)
    if rxcsv.is_exact(metric):
        label += ", exact count"
    elif not rxcsv.is_latency(metric):
        label += ", band min to max"
    axis.set_title(label, loc="left")
    return drawn


# ---------------------------------------------------------------------------------------------

def slug(text):
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text).strip("-").lower()


def charts_for(run):
    """Every chart of one run: the group figures, then the sweeps."""
    style = styles(run)
    charts = [chart for chart in (group_chart(run, group, style) for group in run.groups()) if chart]
    return charts + sweep_charts(run, style)


def write_charts(charts, directory):
    """Every file through outfile.write_atomically; raises outfile.OutputError on the first that fails."""
    outfile.make_directory(directory)
    for chart in charts:
        for kind in ("png", "svg"):
            outfile.write_atomically(os.path.join(directory, f"{chart.name}.{kind}"), getattr(chart, kind))


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("report", metavar="RUN.csv")
    parser.add_argument("--out", required=True, metavar="DIR")
    args = parser.parse_args(argv)
    return outfile.read_build_write(
        PROG, read=lambda: rxcsv.load(args.report), out=args.out, build=charts_for, write=write_charts,
        summary=lambda charts: f"wrote {len(charts)} charts (PNG and SVG) to {args.out}")
