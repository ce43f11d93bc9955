"""Summary table of an rxbench CSV: rows are workloads, columns engines, each cell relative to the best
engine of its row (×1.00 = best), with the median and its spread (MAD). Markdown on stdout.

    python3 scripts/rxtools summarize results/ci/quick-system.csv [--metric ns_per_event ...]

The file is read and checked whole through rxcsv first: a bad file (docs/cli.md, "Scripts") is one line on
stderr and exit 1, before anything is printed. Standard output that cannot take the summary (a full disk) is one
line and exit 1; a closed pipe (`| head`) exit 1 silently; Ctrl-C exit 130 (scripts/rxtools/outfile.py, script_main).
`n/a`: the row cannot express the workload (its reason is listed below the tables); `unavailable`: no exact
count exists for it (docs/metrics.md). Linear in the file's size: a file of 200,000 figures takes seconds.
"""
import argparse
import sys

from . import rxcsv

PROG = "rxtools summarize"   # the name its messages begin with


def cell(row, statistic, best, higher_is_better):
    if row.unavailable:
        return "unavailable"
    value = row.value(statistic)
    if value is None:
        return "—"
    mad = row.value("mad")
    spread = f" ±{rxcsv.format_number(mad)}" if mad is not None else ""
    if best and value > 0:
        ratio = best / value if higher_is_better else value / best
    else:
        ratio = 1.0
    return f"{rxcsv.format_number(value)}{spread} (×{ratio:.2f})"


def table(run, metric, selected=None):
    """The markdown table of one metric. `selected`: the run's rows of that metric, when the caller has them.
    Every row is visited a fixed number of times: grouped by workload once, not searched once per workload."""
    if selected is None:
        selected = [row for row in run.rows if row.metric == metric]
    if not selected:
        return ""
    present = {row.engine for row in selected}
    engines = [engine for engine, _ in run.engines() if engine in present]
    by_workload = {}
    for row in selected:
        by_workload.setdefault(row.workload_id, {})[row.engine] = row
    statistic = "p99" if rxcsv.is_latency(metric) else "median"
    higher_is_better = metric in rxcsv.HIGHER_IS_BETTER
    lines = [f"### {metric} ({selected[0].unit}; {rxcsv.statistic_label(metric, statistic)}, ±MAD; ×best in row)", "",
             "| workload | " + " | ".join(engines) + " |", "|---" * (len(engines) + 1) + "|"]
    for workload, cells in by_workload.items():
        values = [row.value(statistic) for row in cells.values() if row.value(statistic) is not None]
        best = (max if higher_is_better else min)(values) if values else None
        out = [cell(cells[engine], statistic, best, higher_is_better) if engine in cells else "n/a"
               for engine in engines]
        lines.append(f"| {workload} | " + " | ".join(out) + " |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("report")
    parser.add_argument("--metric", action="append", help="metric(s) to show (default: all)")
    args = parser.parse_args(argv)
    try:
        run = rxcsv.load(args.report)
    except rxcsv.InputError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    by_metric = {}
    for row in run.rows:
        by_metric.setdefault(row.metric, []).append(row)
    metrics = args.metric or [metric for metric in by_metric if metric not in rxcsv.DERIVED_METRICS]
    unknown = [metric for metric in metrics if metric not in by_metric]
    if unknown:
        print(f"{PROG}: {args.report}: no metric {', '.join(unknown)}; it has {', '.join(by_metric)}",
              file=sys.stderr)
        return 1
    context = run.context
    print(f"Source: `{args.report}` (commit {context['commit']}, {context['date']}, {context['cpu']} "
          f"x{context['cores']}, allocator {context['allocator']}, {context['build']} build, "
          f"profile {context['profile']})\n")
    for metric in metrics:
        print(table(run, metric, by_metric[metric]))
    if run.unsupported:
        print("n/a where the row cannot express the workload:\n")
        for record in run.unsupported:
            print(f"- {record.engine} {record.workload_id}: {record.reason}")
    return 0
