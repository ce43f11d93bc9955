"""What a unit of work (an event or a lifecycle) costs the memory system and the branch predictor, per row and
workload, from callgrind's cache and branch simulation of the probe's measured regions
(docs/decisions/measurement-validity.md, "Why the floor reads slower than stage-loop"):

    python3 scripts/rxtools cache-account --row ROW --regions REGIONS --dumps PART... [--out FILE]

REGIONS is the probe's stdout (`rxbench child probe --engine ROW --workload W`: one `region WORKLOAD SIZE` line
per measured region, n then 2n for each workload), and the PARTs are the dumps callgrind wrote for those regions
in order (`valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --dump-after=rxbench_measured_region`;
scripts/cache-account.sh makes both). Per unit is (part at 2n - part at n) / n for every event callgrind counted:
Ir (instructions), Dr and Dw (data reads and writes), I1mr, D1mr, D1mw (first-level misses), ILmr, DLmr, DLmw
(last-level misses), Bc and Bcm (conditional branches and their mispredictions), Bi and Bim (indirect branches,
calls through a closure or a witness table among them, and their mispredictions). The CSV has one line per
row and workload; the simulation is of the cache sizes cache-account.sh gives, not of the machine's timing.

A region line without its part, a part without a `totals:` line, or a twice-the-work region that cost less is
one line on stderr and exit 2 before anything is written; --out is written whole or not at all (outfile.py).
"""
import csv
import io
import re

from . import outfile

PROG = "rxtools cache-account"   # the name its messages begin with

REGION = re.compile(r"^region (\S+) (\d+)$")


class AccountError(Exception):
    pass


def read_part(path):
    """{event: count} of one callgrind dump: its `events:` names paired with its `totals:` (or `summary:`) line."""
    names = None
    totals = None
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            for line in file:
                if line.startswith("events:"):
                    names = line.split()[1:]
                elif line.startswith(("totals:", "summary:")):
                    totals = [int(value) for value in line.split()[1:]]
    except OSError as error:
        raise AccountError(f"cannot read {path} ({outfile.problem(error)})")
    if names is None or totals is None:
        raise AccountError(f"{path} is not a callgrind dump (no events: or totals: line)")
    return dict(zip(names, totals + [0] * (len(names) - len(totals))))


def account(row, regions, parts):
    """One dict per workload: the row, the workload, n, and per unit of each event."""
    if len(regions) != len(parts):
        raise AccountError(f"{len(regions)} region lines but {len(parts)} dumps: give every part of the probe's run")
    by_workload = {}
    for (workload, size), part in zip(regions, parts):
        by_workload.setdefault(workload, {})[size] = read_part(part)
    rows = []
    for workload, by_size in by_workload.items():
        sizes = sorted(by_size)
        if len(sizes) != 2 or sizes[1] != 2 * sizes[0]:
            raise AccountError(f"{workload}: the probe ran sizes {sizes}, not n and 2n")
        small, large = by_size[sizes[0]], by_size[sizes[1]]
        line = {"row": row, "workload": workload, "n": sizes[0]}
        for event in small:
            difference = large.get(event, 0) - small[event]
            if event == "Ir" and difference < 0:
                raise AccountError(f"{workload}: twice the work took fewer instructions; the setups differ")
            line[event] = round(difference / sizes[0], 3)
        rows.append(line)
    return rows


def read_regions(path):
    regions = []
    try:
        with open(path, encoding="utf-8") as file:
            for text in file:
                match = REGION.match(text.strip())
                if match:
                    regions.append((match.group(1), int(match.group(2))))
    except OSError as error:
        raise AccountError(f"cannot read {path} ({outfile.problem(error)})")
    if not regions:
        raise AccountError(f"{path} has no `region WORKLOAD SIZE` line: give the probe's standard output")
    return regions


def as_csv(rows):
    events = [key for key in rows[0] if key not in ("row", "workload", "n")]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=["row", "workload", "n", *events], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue()


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--row", required=True)
    parser.add_argument("--regions", required=True)
    parser.add_argument("--dumps", nargs="+", required=True)
    parser.add_argument("--out")
    arguments = parser.parse_args(argv)
    return outfile.read_build_write_or_print(
        PROG, arguments.out, read=lambda: account(arguments.row, read_regions(arguments.regions), arguments.dumps),
        build=as_csv, errors=(AccountError,), status=2)
