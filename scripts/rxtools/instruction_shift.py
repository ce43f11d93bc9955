"""How the exact figures of one run moved against another's, row by row: a CSV to read a change by.

For each row, over the exact figures both runs have (instructions, mallocs, bytes per live subscription),
how many moved (beyond the tolerance of the gate, scripts/rxtools compare), and the smallest, median and largest
relative change. A change that should move no
figure shows as zero moved mallocs and bytes, and instruction medians of 0.0%; a change that moves a row's
own code shows in that row's median, apart from the rows that share no code with it.

    python3 scripts/rxtools instruction-shift BEFORE.csv... --after AFTER.csv... [--output FILE]

A bad input (docs/cli.md, "Scripts"; also one figure given by two files of one side) or an --output that cannot
be written is one line on stderr and exit 2, before anything is computed. --output is written as
scripts/rxtools/outfile.py writes (a temporary file renamed when complete, through a symbolic link, keeping the file's
mode); a failed write is one line and exit 1. Standard output: see scripts/rxtools/outfile.py, script_main.
"""
import argparse
import statistics
import sys

from . import outfile, rxcsv
from .compare import GLIBC_GROWTH_SLACK

PROG = "rxtools instruction-shift"   # the name its messages begin with

EXACT = ("instructions_per_event", "instructions_per_lifecycle", "mallocs_per_event", "mallocs_per_lifecycle",
         "bytes_per_event", "bytes_per_lifecycle", "bytes_per_live_subscription", "bytes_held_per_event")


def figures(runs):
    """(row, workload, parameters, metric, allocator) -> median, for the exact metrics of `runs`."""
    found = {}
    for run in runs:
        for row in run.rows:
            median = row.value("median")
            if row.metric in EXACT and median is not None:
                found[(row.engine, row.workload_id, row.metric, row.context.get("allocator", ""))] = median
    return found


def shifts(before, after):
    """Rows of (row, kind, compared, moved, min %, median %, max %), kind being instructions, mallocs or bytes."""
    grouped = {}
    for key, old in before.items():
        new = after.get(key)
        if new is None:
            continue
        kind = key[2].split("_")[0]
        # The gate's tolerance (scripts/rxtools compare): under glibc a malloc count may move by a growth or two
        # per window with the heap's history; everything else is exact.
        tolerance = GLIBC_GROWTH_SLACK if kind == "mallocs" and key[3] == "glibc" else 0.0
        if abs(new - old) <= tolerance:
            change = 0.0
        else:
            change = (new - old) / old * 100 if old else float("inf")
        grouped.setdefault((key[0], kind), []).append(change)
    rows = []
    for (engine, kind), changes in sorted(grouped.items()):
        rows.append((engine, kind, len(changes), sum(1 for c in changes if c != 0),
                     min(changes), statistics.median(changes), max(changes)))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("before", nargs="+", metavar="BEFORE.csv")
    parser.add_argument("--after", nargs="+", required=True, metavar="AFTER.csv")
    parser.add_argument("--output", metavar="FILE", help="write the CSV here instead of stdout")
    args = parser.parse_args(argv)
    try:
        before_runs, after_runs = rxcsv.load_all(args.before), rxcsv.load_all(args.after)
        rxcsv.check_distinct(before_runs)   # else the last file's figure would stand for both
        rxcsv.check_distinct(after_runs)
        if args.output is not None:
            outfile.check_file(args.output, "--output")
    except (rxcsv.InputError, outfile.OutputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    before, after = figures(before_runs), figures(after_runs)
    lines = ["engine,kind,compared,moved,min_percent,median_percent,max_percent"]
    for engine, kind, compared, moved, low, middle, high in shifts(before, after):
        lines.append(f"{engine},{kind},{compared},{moved},{low:.2f},{middle:.2f},{high:.2f}")
    text = "\n".join(lines) + "\n"
    if args.output is not None:
        try:
            outfile.write_atomically(args.output, text)
        except outfile.OutputError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0
