#!/usr/bin/env python3
"""Summary table of an rxbench CSV: rows are workloads, columns engines, each cell relative to the best
engine of its row (1.00 = best), with the median and its spread (MAD). Markdown on stdout.

    scripts/summarize.py results/ci/quick-system.csv [--metric ns_per_event ...]
"""
import argparse
import csv
import sys

LOWER_IS_BETTER = {"events_per_second": False}
# Schema 3's record of a workload a row did not run (docs/csv-schema.md): a reason, not a figure.
UNSUPPORTED = "unsupported"


def load(path):
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    if not rows or "metric" not in rows[0]:
        sys.exit(f"summarize: {path} is not an rxbench CSV report")
    return rows


def table(rows, metric):
    selected = [r for r in rows if r["metric"] == metric]
    if not selected:
        return ""
    engines = list(dict.fromkeys(r["engine"] for r in selected))
    workloads = list(dict.fromkeys(workload_id(r) for r in selected))
    unit = selected[0]["unit"]
    statistic = "p99" if metric.endswith("latency") else "median"
    lines = [f"### {metric} ({unit}; {statistic}, ±MAD; ×best in row)", "",
             "| workload | " + " | ".join(engines) + " |", "|---" * (len(engines) + 1) + "|"]
    lower = LOWER_IS_BETTER.get(metric, True)
    for workload in workloads:
        cells = {r["engine"]: r for r in selected if workload_id(r) == workload}
        values = {e: float(c[statistic]) for e, c in cells.items()}
        best = (min if lower else max)(values.values())
        out = []
        for engine in engines:
            if engine not in cells:
                out.append("n/a")
                continue
            value = values[engine]
            ratio = (value / best if lower else best / value) if best > 0 and value > 0 else 1.0
            out.append(f"{value:.4g} ±{float(cells[engine]['mad']):.2g} (×{ratio:.2f})")
        lines.append(f"| {workload} | " + " | ".join(out) + " |")
    return "\n".join(lines) + "\n"


def workload_id(row):
    return f"{row['workload']}[{row['parameters']}]" if row["parameters"] else row["workload"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report")
    parser.add_argument("--metric", action="append", help="metric(s) to show (default: all)")
    args = parser.parse_args()
    rows = load(args.report)
    context = rows[0]
    print(f"Source: `{args.report}` (commit {context['commit']}, {context['date']}, {context['cpu']} "
          f"x{context['cores']}, allocator {context['allocator']}, {context['build']} build, "
          f"profile {context['profile']})\n")
    metrics = args.metric or list(dict.fromkeys(r["metric"] for r in rows if r["metric"] != UNSUPPORTED))
    for metric in metrics:
        print(table(rows, metric))
    declined = [r for r in rows if r["metric"] == UNSUPPORTED]
    if declined:
        print("n/a where the row cannot express the workload:\n")
        for row in declined:
            print(f"- {row['engine']} {workload_id(row)}: {row.get('note', '')}")


if __name__ == "__main__":
    main()
