"""Cost model of each design, fitted by least squares over the sweeps of an rxbench CSV:
cost = fixed + per_x * x, where x is chain depth (stages), live siblings or subscribers.

    python3 scripts/rxtools costmodel RUN.csv [MORE.csv] [--csv OUT.csv | --markdown]

Prints the fits as a table (or writes them as CSV, or prints them as Markdown). Every fit keeps the points it used; a point left
out is named with the reason, and a sweep with fewer than three usable points gets no fit at all.

A bad input (docs/cli.md, "Scripts") or a --csv that cannot be written (empty, a directory, a missing directory,
an unwritable file) is one line on stderr and exit 2, before any fit. --csv is written as scripts/rxtools/outfile.py
writes (a temporary file renamed when complete, through a symbolic link, keeping the file's mode): a full disk is
one line and exit 1, and the file that was there is left as it was. Ctrl-C: exit 130, no partial file.
"""
import argparse
import csv
import io
import sys
from dataclasses import dataclass, field

from . import outfile, rxcsv
from .rxcsv import Sweep, format_number

PROG = "rxtools costmodel"   # the name its messages begin with

MIN_POINTS = 3


@dataclass(frozen=True)
class Model:
    sweep: Sweep
    metric: str
    statistic: str


def _models():
    """Each sweep's models: its (workload, x) once, then the metrics fitted along it, each `metric` (its median) or
    `(metric, statistic)`."""
    by_name = {(s.workload, s.x): s for s in rxcsv.SWEEPS}
    fitted = {
        # What one more operator costs per event, in time and in instructions.
        ("MapDepth", "depth"): ["ns_per_event", "mallocs_per_event", "instructions_per_event"],
        # What one more operator costs per subscription: build + subscribe + dispose.
        ("NeverMapLifecycle", "depth"): ["mallocs_per_lifecycle", "ns_per_lifecycle", "instructions_per_lifecycle"],
        # What a live subscription holds, and what disposing it costs, per stage and per sibling.
        ("DisposeLatency", "depth"): ["bytes_per_live_subscription", ("dispose_latency", "median"),
                                      ("dispose_latency", "p99")],
        ("DisposeLatency", "siblings"): [("dispose_latency", "median"), ("dispose_latency", "p99")],
        # What one more subscriber costs each source event (fan-out).
        ("SubscriberSweep", "subscribers"): ["ns_per_event"],
    }
    return [Model(by_name[sweep], *((metric, "median") if isinstance(metric, str) else metric))
            for sweep, metrics in fitted.items() for metric in metrics]


MODELS = _models()


@dataclass
class Fit:
    source: str
    engine: str
    role: str
    model: Model
    unit: str
    fixed_parameters: str                            # the sweep's other parameters, e.g. "siblings=0"
    points: list = field(default_factory=list)       # (x, y) used by the fit
    left_out: list = field(default_factory=list)     # (x, reason)
    fixed: float = None
    slope: float = None
    r2: float = None
    note: str = ""

    @property
    def statistic(self):
        return rxcsv.statistic_label(self.model.metric, self.model.statistic)

    @property
    def title(self):
        """`dispose_latency p99 ~ siblings (DisposeLatency, depth=1)`."""
        where = ", ".join(filter(None, [self.model.sweep.workload, self.fixed_parameters]))
        return f"{self.model.metric} {self.statistic} ~ {self.model.sweep.x} ({where})"

    @property
    def slope_unit(self):
        return f"{self.unit} per {self.model.sweep.per}"


def least_squares(points):
    """Ordinary least squares of y = fixed + slope * x: (fixed, slope, R^2).

    R^2 is None when every y is equal: the line fits exactly but explains no variation, so the
    ratio has no meaning (the fixed cost and a zero slope still do)."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    if sxx == 0:
        raise ValueError("every point has the same x: no slope can be fitted")
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    slope = sxy / sxx
    fixed = mean_y - slope * mean_x
    ss_res = sum((y - (fixed + slope * x)) ** 2 for x, y in points)
    ss_tot = sum((y - mean_y) ** 2 for _, y in points)
    r2 = None if ss_tot == 0 else 1 - ss_res / ss_tot
    return fixed, slope, r2


def fit_rows(source, engine, model, fixed_parameters, rows):
    """One engine's fit over one sweep: usable points, the ones left out and why, the line."""
    first = rows[0]
    fit = Fit(source=source, engine=engine, role=first.role, model=model, unit=first.unit,
              fixed_parameters=fixed_parameters)
    for row in rows:
        x = row.parameters[model.sweep.x]
        y = row.value(model.statistic)
        if row.unavailable:
            fit.left_out.append((x, "unavailable on this platform"))
        elif y is None:
            fit.left_out.append((x, f"no {fit.statistic} in the CSV"))
        else:
            fit.points.append((x, y))
    distinct = len({x for x, _ in fit.points})
    if len(fit.points) < MIN_POINTS or distinct < 2:
        fit.note = f"{len(fit.points)} usable point(s), fewer than {MIN_POINTS}: no fit"
        fit.left_out += [(x, f"fewer than {MIN_POINTS} points: no fit") for x, _ in fit.points]
        fit.points = []
        return fit
    fit.fixed, fit.slope, fit.r2 = least_squares(fit.points)
    # Rounding leaves 1e-14 where the line goes through 0: call it 0 at the data's own scale.
    scale = max(abs(y) for _, y in fit.points) or 1.0
    fit.fixed, fit.slope = (0.0 if abs(v) < 1e-12 * scale else v for v in (fit.fixed, fit.slope))
    if fit.r2 is None:
        fit.note = "every point equal: R² undefined, the cost does not grow"
    return fit


def fit_run(run):
    """Every model's fit for every engine the run has data for, in the run's engine order."""
    order = [engine for engine, _ in run.engines()]
    fits = []
    for model in MODELS:
        for fixed_parameters, by_engine in rxcsv.sweep_series(run, model.sweep, model.metric).items():
            for engine in sorted(by_engine, key=order.index):
                fits.append(fit_rows(run.path, engine, model, fixed_parameters, by_engine[engine]))
    return fits


CSV_COLUMNS = ["source", "engine", "role", "workload", "x", "fixed_parameters", "metric", "statistic", "unit",
               "fixed", "per_x", "per_x_unit", "r2", "n_points", "points", "left_out", "note"]


def to_csv(fits):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for fit in fits:
        writer.writerow([
            fit.source, fit.engine, fit.role, fit.model.sweep.workload, fit.model.sweep.x, fit.fixed_parameters,
            fit.model.metric, fit.statistic, fit.unit,
            plain(fit.fixed), plain(fit.slope), fit.slope_unit, plain(fit.r2), len(fit.points),
            points_text(fit.points), left_out_text(fit.left_out), fit.note])
    return out.getvalue()


def plain(value):
    """Full precision for the CSV (a reader recomputes from it); empty when there is no value."""
    return "" if value is None else f"{value:.6g}"


def points_text(points):
    return "; ".join(f"{x}: {format_number(y)}" for x, y in points)


def left_out_text(left_out):
    return "; ".join(f"{x}: {reason}" for x, reason in left_out)


def text_table(fits):
    lines = []
    title = None
    for fit in fits:
        if fit.title != title:
            title = fit.title
            lines += ["", f"{title} [{fit.unit}]",
                      f"  {'engine':22} {'fixed':>12} {'per ' + fit.model.sweep.per:>14} {'R²':>6}  points"]
        if fit.slope is None:
            lines.append(f"  {fit.engine:22} {'':>12} {'':>14} {'':>6}  {fit.note}")
            continue
        r2 = "—" if fit.r2 is None else f"{fit.r2:.3f}"
        lines.append(f"  {fit.engine:22} {format_number(fit.fixed):>12} {format_number(fit.slope):>14} "
                     f"{r2:>6}  {len(fit.points)}" + (f"; left out {left_out_text(fit.left_out)}" if fit.left_out else ""))
    return "\n".join(lines).lstrip("\n") + "\n"


def markdown_table(fits):
    """Per source CSV, one row per model and one column per row id: the slope, then fixed cost and R².
    What docs/decisions/cost-model.md pastes between its figure markers."""
    lines = []
    for source in dict.fromkeys(f.source for f in fits):
        mine = [f for f in fits if f.source == source]
        engines = list(dict.fromkeys(f.engine for f in mine))
        lines += [f"From `{source}`: per step of x, then (fixed cost; R²).", "",
                  "| model | unit | " + " | ".join(engines) + " |", "|---|---|" + "---:|" * len(engines)]
        by_title = {}
        for fit in mine:
            by_title.setdefault(fit.title, {})[fit.engine] = fit
        for title, row in by_title.items():
            first = next(iter(row.values()))
            cells = [markdown_cell(row.get(engine)) for engine in engines]
            lines.append(f"| {title} | {first.unit} per {first.model.sweep.per} | " + " | ".join(cells) + " |")
        # The same points left out for the same reason in several rows are said once.
        left_out = {}
        for fit in mine:
            if fit.left_out:
                left_out.setdefault((fit.title, left_out_text(fit.left_out)), []).append(fit.engine)
        for (title, text), engines_left in left_out.items():
            lines.append(f"\nLeft out of {title} for {', '.join(engines_left)}: {text}.")
        lines.append("")
    return "\n".join(lines)


def markdown_cell(fit):
    if fit is None:
        return "—"
    if fit.slope is None:
        return "no fit"
    r2 = "—" if fit.r2 is None else f"{fit.r2:.3f}"
    return f"**{format_number(fit.slope)}** ({format_number(fit.fixed)}; {r2})"


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", metavar="RUN.csv")
    parser.add_argument("--csv", metavar="OUT.csv", help="write the fits as CSV instead of printing a table")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables (one column per row id)")
    args = parser.parse_args(argv)
    try:
        runs = rxcsv.load_all(args.reports)
        if args.csv is not None:
            outfile.check_file(args.csv, "--csv")
    except (rxcsv.InputError, outfile.OutputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    fits = [fit for run in runs for fit in fit_run(run)]
    if args.csv is not None:
        try:
            outfile.write_atomically(args.csv, to_csv(fits))
        except outfile.OutputError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
    elif args.markdown:
        sys.stdout.write(markdown_table(fits))
    else:
        sys.stdout.write(text_table(fits))
    return 0
