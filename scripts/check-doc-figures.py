#!/usr/bin/env python3
"""Every figure README.md and docs/ quote from a results file must still be in that file.

A markdown table whose figures come from a results file is preceded by a marker line:

    <!-- figures: results/2026-11-23-standard/system.csv -->

Every numeric cell of that table (outside the first column, and outside columns whose header names a
ratio: 'x', 'ratio', '%') must equal, at the precision it is written with, a statistic (median, min,
max, mad, p90, p99, p999; share_percent in scripts/profile-shares.py's CSV) of some row of the named CSV; units and SI prefixes (ns, µs, ms, k, M, B, kB)
are understood. Where the table is laid out as workloads by rows (its first cell starts with a workload id)
and rows of the file by columns (the header names an engine), the figure must be a statistic of that
engine on that workload, not of any row: a figure moved to the wrong cell fails. A marker may name a glob instead (`results/contention/DIR/*.csv`, for an A/B whose runs
are one file each): then every cell must be in one of the files it matches. A marker naming a missing
file or a glob matching none, or a table cell no row matches, fails the check with one line naming the
document, the line and the figure. Exit 1 on any failure.

    scripts/check-doc-figures.py [FILES...]      (default: README.md and docs/**/*.md)
"""
import csv
import glob
import math
import re
import sys

MARKER = re.compile(r"<!--\s*figures:\s*(\S+)\s*-->")
# rxbench's statistics, and the one figure of scripts/profile-shares.py's CSV (a share of a profile, in %).
STATISTICS = ("median", "min", "max", "mad", "p90", "p99", "p999", "share_percent")
NUMBER = re.compile(r"^[~≈]?\s*(-?\d+(?:\.\d+)?)\s*(ns|µs|us|ms|s|k|M|G|B|kB|MB|mallocs?|instr(?:uctions)?)?\b.*$")
SCALE = {"ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "k": 1e3, "M": 1e6, "G": 1e9, "kB": 1e3, "MB": 1e6}


def rows_of(source):
    """[(engine, workload id, [statistics])] of every row of the file(s) `source` names; the workload id is
    the name with its parameters, as the CLI and the tables write it (`DisposeLatency[depth=10,siblings=0]`)."""
    paths = sorted(glob.glob(source)) if any(char in source for char in "*?[") else [source]
    if not paths:
        raise OSError(f"{source} matches no file")
    rows = []
    for path in paths:
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                workload = row.get("workload") or ""
                if row.get("parameters"):
                    workload += f"[{row['parameters']}]"
                values = [float(row[column]) for column in STATISTICS if row.get(column) not in ("", None)]
                rows.append((row.get("engine") or "", workload, values))
    return rows


# A table's first cell names a workload when it starts with a workload id (`NeverMapLifecycle[depth=10],
# mallocs/lifecycle` names NeverMapLifecycle[depth=10]).
WORKLOAD_ID = re.compile(r"^`?([A-Za-z][A-Za-z0-9]*(?:\[[^\]]*\])?)")


def pinned_values(rows, engine, first_cell):
    """The statistics of the rows of `engine` on the workload the row's first cell names, or None when the
    table is not laid out as workloads by rows (no such engine or workload in the file)."""
    match = WORKLOAD_ID.match(first_cell.strip())
    if not match:
        return None
    engine = engine.strip("` ")
    values = [value for row_engine, workload, stats in rows
              if row_engine == engine and workload == match.group(1) for value in stats]
    return values or None


FLOOR = "baseline"
RATIO = re.compile(r"^(\d+(?:\.\d+)?)x$")


def first_number(cell):
    match = NUMBER.match(cell.strip().strip("*"))
    return float(match.group(1)) if match else None


def ratio_matches(text, value):
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(round(value, decimals) - float(text)) <= 0.5 * 10 ** (-decimals) + 1e-9


def matches(cell, values):
    match = NUMBER.match(cell.strip().strip("*"))
    if not match:
        return None  # not a figure
    text, unit = match.group(1), match.group(2)
    decimals = len(text.split(".")[1]) if "." in text else 0
    shown = float(text)
    scale = SCALE.get(unit, 1)
    for value in values:
        scaled = value / scale
        if round(scaled, decimals) == shown:
            return True
        # Three significant digits, as the tables print them (e.g. 1725 shown as 1725, 3.941 µs as 3941 ns).
        if scaled and abs(scaled - shown) <= 0.5 * 10 ** (-decimals) + 1e-9:
            return True
    return False


def check(path):
    failures = []
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        marker = MARKER.search(lines[index])
        index += 1
        if not marker:
            continue
        source = marker.group(1)
        try:
            rows = rows_of(source)
            values = [value for _, _, stats in rows for value in stats]
        except OSError:
            failures.append(f"{path}:{index}: names {source}, which does not exist")
            continue
        while index < len(lines) and not lines[index].lstrip().startswith("|"):
            index += 1
        header = [cell.strip() for cell in lines[index].strip().strip("|").split("|")] if index < len(lines) else []
        index += 2  # header and separator
        floor_column = header.index(FLOOR) if FLOOR in header else None
        while index < len(lines) and lines[index].lstrip().startswith("|"):
            cells = [cell.strip() for cell in lines[index].strip().strip("|").split("|")]
            floor = first_number(cells[floor_column]) if floor_column is not None and floor_column < len(cells) else None
            for column, cell in enumerate(cells[1:], start=1):
                name = header[column].lower() if column < len(header) else ""
                if "ratio" in name or "%" in name or re.search(r"(^|\s)x(\s|$)|×", name):
                    continue
                figure = None
                for part in re.split(r"\s*[|/;]\s*|\s+\(|\)", cell):
                    ratio = RATIO.match(part)
                    if ratio:
                        # "42.07 (41..48) (4.8x)": the cell's figure over the floor's figure in the same row.
                        if figure is None or not floor or not ratio_matches(ratio.group(1), figure / floor):
                            failures.append(f"{path}:{index + 1}: '{part}' is not {figure} / the floor ({floor})")
                        continue
                    # Pinned to its row and column where the table is laid out as workloads by rows and rows
                    # of the file by columns: the figure must be a statistic of that engine on that workload.
                    pinned = pinned_values(rows, header[column] if column < len(header) else "", cells[0])
                    if part and pinned is not None and matches(part, pinned) is False:
                        failures.append(
                            f"{path}:{index + 1}: '{part}' is not a figure of {header[column]} on "
                            f"{WORKLOAD_ID.match(cells[0].strip()).group(1)} in {source}")
                    elif part and pinned is None and matches(part, values) is False:
                        failures.append(f"{path}:{index + 1}: '{part}' is not in {source}")
                    if figure is None and part:
                        figure = first_number(part)  # a ratio refers to the cell's first figure
            index += 1
    return failures


def main():
    files = sys.argv[1:] or ["README.md"] + sorted(glob.glob("docs/**/*.md", recursive=True))
    failures = [failure for path in files for failure in check(path)]
    for failure in failures:
        print(f"check-doc-figures: {failure}", file=sys.stderr)
    print(f"check-doc-figures: {len(files)} documents, {len(failures)} stale figure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
