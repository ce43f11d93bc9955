#!/usr/bin/env python3
"""Render SVG bar charts from an rxbench CSV (no dependencies): one chart per metric of interest,
a group of bars per workload, one bar per engine, a whisker from min to max.

    scripts/render-charts.py results/X/system.csv --out results/X
"""
import argparse
import csv
import html
import math
import os
import sys

COLORS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#9c755f"]
METRICS = {
    "ns_per_event": ("median", "ns per event (log scale)"),
    "mallocs_per_event": ("median", "mallocs per event"),
    "mallocs_per_lifecycle": ("median", "mallocs per build + subscribe + dispose"),
    "ns_per_lifecycle": ("median", "ns per lifecycle (log scale)"),
    "dispose_latency": ("p99", "dispose() p99, ns (log scale)"),
}


def workload_id(row):
    return f"{row['workload']}[{row['parameters']}]" if row["parameters"] else row["workload"]


def chart(rows, metric, statistic, title, source):
    rows = [r for r in rows if r["metric"] == metric]
    if not rows:
        return None
    engines = list(dict.fromkeys(r["engine"] for r in rows))
    workloads = list(dict.fromkeys(workload_id(r) for r in rows))
    log = "log" in title
    values = [float(r[statistic]) for r in rows] + [float(r["max"]) for r in rows if statistic == "median"]
    top = max(values) or 1
    low = min([v for v in values if v > 0] or [1])
    height, bar, gap, left, label_space = 320, 9, 14, 60, 150

    def scale(v):
        if v <= 0:
            return 0
        if log:
            floor = 10 ** math.floor(math.log10(low))
            return height * (math.log10(v) - math.log10(floor)) / (math.log10(top) - math.log10(floor) + 1e-9)
        return height * v / top

    group = len(engines) * bar + gap
    width = left + len(workloads) * group + 20
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + label_space + 60}" '
           f'font-family="sans-serif" font-size="10">',
           f'<text x="{left}" y="16" font-size="13">{html.escape(title)}</text>',
           f'<text x="{left}" y="30" fill="#666">source: {html.escape(source)}</text>']
    base = height + 40
    for i, workload in enumerate(workloads):
        x0 = left + i * group
        for j, engine in enumerate(engines):
            cell = next((r for r in rows if workload_id(r) == workload and r["engine"] == engine), None)
            if not cell:
                continue
            v = float(cell[statistic])
            h = scale(v)
            x = x0 + j * bar
            svg.append(f'<rect x="{x}" y="{base - h:.1f}" width="{bar - 1}" height="{h:.1f}" '
                       f'fill="{COLORS[j % len(COLORS)]}"><title>{html.escape(engine)} {html.escape(workload)}: '
                       f'{v:.4g}</title></rect>')
            if statistic == "median":
                y1, y2 = base - scale(float(cell["min"])), base - scale(float(cell["max"]))
                svg.append(f'<line x1="{x + bar / 2 - 0.5}" x2="{x + bar / 2 - 0.5}" y1="{y1:.1f}" y2="{y2:.1f}" '
                           f'stroke="#333"/>')
        svg.append(f'<text transform="translate({x0 + 4},{base + 6}) rotate(60)">{html.escape(workload)}</text>')
    svg.append(f'<line x1="{left}" x2="{width}" y1="{base}" y2="{base}" stroke="#000"/>')
    for j, engine in enumerate(engines):
        svg.append(f'<rect x="{left + j * 110}" y="{height + label_space + 40}" width="10" height="10" '
                   f'fill="{COLORS[j % len(COLORS)]}"/><text x="{left + j * 110 + 14}" '
                   f'y="{height + label_space + 49}">{html.escape(engine)}</text>')
    svg.append("</svg>")
    return "\n".join(svg)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with open(args.report, newline="") as handle:
        rows = list(csv.DictReader(handle))
    if not rows or "metric" not in rows[0]:
        sys.exit(f"render-charts: {args.report} is not an rxbench CSV report")
    os.makedirs(args.out, exist_ok=True)
    for metric, (statistic, title) in METRICS.items():
        svg = chart(rows, metric, statistic, title, args.report)
        if svg:
            path = os.path.join(args.out, f"{metric}.svg")
            with open(path, "w") as handle:
                handle.write(svg)
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
