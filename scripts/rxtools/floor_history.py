"""The floor against another row, process by process, over every timed run given (docs/decisions/
measurement-validity.md, "Why the floor read slower than stage-loop"):

    python3 scripts/rxtools floor-history --row stage-loop --workload W [--workload W...] RUN.csv... [--out FILE]

For each workload, one line per run that timed both the floor (`baseline`) and ROW on it: the run's file, profile
and allocator, each row's median and MAD, ROW / floor, and `below` where ROW beat the floor beyond both spreads
(the rule of FloorCheck: median + 3 MAD below the floor's median - 3 MAD). A run whose two figures repeat those of
a run listed before (a file kept twice under two names) is listed once. Then, per workload, how many processes
put ROW below the floor. Markdown, for the doc.

A file that is not an rxbench CSV is one line on stderr and exit 1 before anything is written; --out is written
whole or not at all (outfile.py).
"""
import argparse

from . import outfile, rxcsv

PROG = "rxtools floor-history"   # the name its messages begin with

FLOOR = "baseline"
MAD_MULTIPLE = 3.0
TIMES = ("ns_per_event", "ns_per_lifecycle")


def beats(candidate, floor):
    """FloorCheck.beats: the candidate's median plus three MADs below the floor's median minus three MADs."""
    return median(candidate) + MAD_MULTIPLE * mad(candidate) < median(floor) - MAD_MULTIPLE * mad(floor)


def median(record):
    return record.value("median")


def mad(record):
    return record.value("mad") or 0.0


def history(runs, row, workloads):
    """{workload: [(path, profile, allocator, floor row, other row)]}, each pair of figures once."""
    table = {workload: [] for workload in workloads}
    seen = {workload: set() for workload in workloads}
    for path, run in runs:
        figures = {}
        for record in run.rows:
            if record.engine in (FLOOR, row) and record.metric in TIMES and record.value() is not None:
                figures[(record.engine, record.workload_id)] = record
        for workload in workloads:
            floor, other = figures.get((FLOOR, workload)), figures.get((row, workload))
            if floor is None or other is None:
                continue
            key = (median(floor), mad(floor), median(other), mad(other))
            if key in seen[workload]:
                continue
            seen[workload].add(key)
            table[workload].append((path, run.context.get("profile", ""), run.context.get("allocator", ""), floor, other))
    return table


def markdown(table, row):
    lines = []
    for workload, entries in table.items():
        below = sum(beats(other, floor) for _, _, _, floor, other in entries)
        lines.append(f"### {workload}: {row} below the floor in {below} of {len(entries)} processes\n")
        lines.append(f"| run | profile | allocator | floor (MAD) | {row} (MAD) | {row} / floor | |")
        lines.append("|---|---|---|---:|---:|---:|---|")
        for path, profile, allocator, floor, other in entries:
            ratio = median(other) / median(floor)
            mark = "below" if beats(other, floor) else ""
            lines.append(f"| {path} | {profile} | {allocator} | {median(floor):.1f} ({mad(floor):.1f}) | "
                         f"{median(other):.1f} ({mad(other):.1f}) | {ratio:.2f} | {mark} |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+")
    parser.add_argument("--row", required=True)
    parser.add_argument("--workload", action="append", required=True)
    parser.add_argument("--out")
    arguments = parser.parse_args(argv)
    return outfile.read_build_write_or_print(
        PROG, arguments.out, read=lambda: [(path, rxcsv.read_run(path)) for path in arguments.runs],
        build=lambda runs: markdown(history(runs, arguments.row, arguments.workload), arguments.row),
        errors=(rxcsv.InputError,), status=1)
