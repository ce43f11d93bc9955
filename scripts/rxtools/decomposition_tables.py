"""The tables of docs/decisions/decomposition.md, from one instruction run and one timed run of the decomposition's
rows (each family: its lean engine, the library's locks, fusion, the dependency build, the library):

    python3 scripts/rxtools decomposition-tables --instructions INSTRUCTIONS.csv --run RUN.csv [--out FILE]

Markdown: per family a table of exact instructions per event (pumping) and per lifecycle (creating), one map or
filter stage ((MapFilterPumping - CreateMapFilter) / 10), then the timed run's ns per event, ns per lifecycle,
mallocs per lifecycle and mallocs per event, each table preceded by the marker scripts/rxtools doc-figures reads.
`n/a`: the row cannot express the workload; a row or workload the files lack is left out of the tables.

A file that is not an rxbench CSV is one line on stderr and exit 1 before anything is written; --out is written
whole or not at all (outfile.py).
"""
import argparse

from . import outfile, proxies, rxcsv

PROG = "rxtools decomposition-tables"   # the name its messages begin with


# Each family in the order of its steps: lean, locks, fusion, dependency, library.
FAMILIES = [
    ["baseline", "sink", "sink-locked", "sink-fused", "sink-locked-dependency", "rxswift"],
    ["baseline", "signal", "signal-locked", "signal-locked-dependency", "swiftsignalkit"],
    ["baseline", "subscriber", "subscriber-dependency", "subscriber-locked-dependency"],
]
EVERY_ROW = ["baseline", "sink", "sink-locked", "sink-fused", "sink-locked-dependency", "rxswift", "signal",
             "signal-locked", "signal-locked-dependency", "swiftsignalkit", "subscriber", "subscriber-dependency",
             "subscriber-locked-dependency"]
PUMPING = ["PublishSubjectPumping", "PublishSubjectPumpingTwoSubscriptions", "CreateMapFilter", "MapFilterPumping",
           "ThrowingMapFilterPumping", "FlatMapsPumping", "FlatMapLatestPumping", "CombineLatestPumping"]
CREATING = ["PublishSubjectCreating", "MapFilterCreating", "FlatMapsCreating", "FlatMapLatestCreating",
            "CombineLatestCreating"]


def figure(value):
    """A median as rxtools proxies prints it (four significant digits at most); `n/a` where the row has none."""
    return "n/a" if value is None else proxies.figure(value)


def medians(run):
    return {(record.engine, record.workload_id, record.metric): record.value() for record in run.rows
            if record.value() is not None}


def table(path, values, rows, workloads, metric_of):
    present = [row for row in rows if any((row, workload, metric_of(workload)) in values for workload in workloads)]
    listed = [workload for workload in workloads if any((row, workload, metric_of(workload)) in values for row in present)]
    if not present or not listed:
        return []
    metrics = ";".join(metric_of(workload) for workload in listed)
    lines = [f"<!-- figures: {path} metric=rows:{metrics} -->", ""]
    lines.append("| workload | " + " | ".join(present) + " |")
    lines.append("|---|" + "---:|" * len(present))
    for workload in listed:
        cells = [figure(values.get((row, workload, metric_of(workload)))) for row in present]
        lines.append(f"| {workload} | " + " | ".join(cells) + " |")
    return lines + [""]


def instruction_metric(workload):
    return "instructions_per_lifecycle" if workload in CREATING else "instructions_per_event"


def per_stage(path, values):
    """(MapFilterPumping - CreateMapFilter) / 10 per row: ten map and filter stages more."""
    rows = [row for row in EVERY_ROW if (row, "MapFilterPumping", "instructions_per_event") in values
            and (row, "CreateMapFilter", "instructions_per_event") in values]
    if not rows:
        return []
    cells = [figure((values[(row, "MapFilterPumping", "instructions_per_event")]
                     - values[(row, "CreateMapFilter", "instructions_per_event")]) / 10) for row in rows]
    return ["| per map or filter stage, instructions | " + " | ".join(rows) + " |",
            "|---|" + "---:|" * len(rows),
            "| (MapFilterPumping - CreateMapFilter) / 10 | " + " | ".join(cells) + " |", ""]


def markdown(instructions_path, instructions, run_path, run):
    exact, timed = medians(instructions), medians(run)
    lines = ["## Instructions (exact)", ""]
    for family in FAMILIES:
        lines += table(instructions_path, exact, family, PUMPING + CREATING, instruction_metric)
    lines += ["Per map or filter stage (MapFilterPumping is create -> 6 x (map, filter), 12 stages; CreateMapFilter",
              "is create -> map -> filter, 2 stages; the difference over 10 stages):", ""]
    lines += per_stage(instructions_path, exact)
    lines += ["## Time and allocations", "", "ns per event, medians:", ""]
    lines += table(run_path, timed, EVERY_ROW, PUMPING, lambda _: "ns_per_event")
    lines += ["ns per lifecycle (build, subscribe, one value, dispose):", ""]
    lines += table(run_path, timed, EVERY_ROW, CREATING, lambda _: "ns_per_lifecycle")
    lines += ["mallocs per lifecycle (exact):", ""]
    lines += table(run_path, timed, EVERY_ROW, CREATING, lambda _: "mallocs_per_lifecycle")
    lines += ["mallocs per event (exact):", ""]
    lines += table(run_path, timed, EVERY_ROW, PUMPING, lambda _: "mallocs_per_event")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--instructions", required=True)
    parser.add_argument("--run", required=True)
    parser.add_argument("--out")
    arguments = parser.parse_args(argv)
    return outfile.read_build_write_or_print(
        PROG, arguments.out, read=lambda: (rxcsv.read_run(arguments.instructions), rxcsv.read_run(arguments.run)),
        build=lambda runs: markdown(arguments.instructions, runs[0], arguments.run, runs[1]),
        errors=(rxcsv.InputError,), status=1)
