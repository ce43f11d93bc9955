"""The analysis behind docs/decisions/measurement-validity.md, from the files scripts/validity.sh writes.

    python3 scripts/rxtools validity results/validity

Prints three markdown tables:
1. run-to-run agreement: each row's time as a ratio to the floor in run1..run3, and the spread of that
   ratio ((max - min) / median, in percent) per row and workload;
2. subset against full selection: the floor measured alone against the floor measured after the engines
   (the median of the three runs), the difference in percent and whether it exceeds the three runs' own
   spread plus three MADs;
3. isolation: each row in its own process against the same row in the three runs, same test.
Exit 1 with one line on stderr if a file is missing or malformed (docs/cli.md, "Scripts"); a standard output
that cannot take the tables is one line and exit 1, a closed pipe exit 1 silently, Ctrl-C exit 130.
"""
import os
import statistics
import sys

from . import cli, rxcsv

PROG = "rxtools validity"   # the name its messages begin with

TIME_METRICS = ("ns_per_event", "ns_per_lifecycle")


def times(run):
    """{(engine, workload id, metric): row} for the wall-time metrics of one run."""
    return {(r.engine, r.workload_id, r.metric): r for r in run.rows
            if r.metric in TIME_METRICS and not r.unavailable}


def percent(value):
    return f"{value:+.1f}%" if value is not None else "n/a"


def agreement(runs):
    tables = [times(run) for run in runs]
    keys = [k for k in tables[0] if k[0] != rxcsv.FLOOR and all(k in t for t in tables)]
    lines = ["| row | workload | " + " | ".join(f"x floor, {run.name}" for run in runs) + " | spread |",
             "|---|---|" + "---|" * (len(runs) + 1)]
    spreads = []
    for engine, workload, metric in keys:
        ratios = []
        for table in tables:
            floor = table.get((rxcsv.FLOOR, workload, metric))
            if floor is None:
                break
            ratios.append(table[(engine, workload, metric)].value() / floor.value())
        if len(ratios) != len(tables):
            continue
        spread = (max(ratios) - min(ratios)) / statistics.median(ratios) * 100
        spreads.append(spread)
        cells = " | ".join(f"{ratio:.2f}" for ratio in ratios)
        lines.append(f"| {engine} | {workload} | {cells} | {spread:.1f}% |")
    if spreads:
        lines.append("")
        lines.append(f"Spread of the ratio to the floor over {len(spreads)} rows: median {statistics.median(spreads):.1f}%, "
                     f"max {max(spreads):.1f}%.")
    return lines


def shift(runs, other, label, engines=None):
    """Each row of `other` against the same row in `runs`: the shift from the median of the runs' medians,
    and whether it exceeds what the runs themselves spread over (max - min of their medians) plus three
    MADs of `other`. One disturbed run cannot move the median of three."""
    tables = [times(run) for run in runs]
    moved = times(other)
    lines = [f"| row | workload | median of {', '.join(run.name for run in runs)} | spread of those | {label} | shift | "
             "beyond the spread |", "|---|---|---|---|---|---|---|"]
    shifts = []
    for key, row in moved.items():
        if engines and key[0] not in engines:
            continue
        medians = [table[key].value() for table in tables if key in table]
        if len(medians) != len(tables):
            continue
        centre, spread = statistics.median(medians), max(medians) - min(medians)
        delta = (row.value() - centre) / centre * 100
        beyond = abs(row.value() - centre) > spread + 3 * row.value("mad")
        shifts.append(abs(delta))
        lines.append(f"| {key[0]} | {key[1]} | {centre:.4g} | {spread:.3g} | {row.value():.4g} | {percent(delta)} | "
                     f"{'yes' if beyond else 'no'} |")
    if shifts:
        lines.append("")
        lines.append(f"Absolute shift over {len(shifts)} rows: median {statistics.median(shifts):.1f}%, max {max(shifts):.1f}%.")
    return lines


def main(argv):
    if cli.help_asked(argv, f"usage: {PROG} DIR", __doc__):
        return 0
    if len(argv) != 1:
        print(f"usage: {PROG} DIR (the folder scripts/validity.sh wrote)", file=sys.stderr)
        return 2
    folder = argv[0]
    try:
        runs = [rxcsv.load(os.path.join(folder, f"run{i}.csv")) for i in (1, 2, 3)]
        alone = rxcsv.load(os.path.join(folder, "floor-alone.csv"))
        isolated = rxcsv.load(os.path.join(folder, "isolated.csv"))
    except rxcsv.InputError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    out = ["## Run-to-run agreement", ""] + agreement(runs)
    out += ["", "## The floor alone against the floor after the engines", ""]
    out += shift(runs, alone, alone.name, engines={rxcsv.FLOOR})
    out += ["", "## Each engine x workload in its own process", ""] + shift(runs, isolated, isolated.name)
    print("\n".join(out))
    return 0
