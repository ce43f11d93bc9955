"""The proxy table: each modelled library's row beside its lean engine and its library-like variant, per
workload both express, in time, exact mallocs and (from a second file) instructions, as markdown tables
for docs/decisions/proxies.md and README.

    python3 scripts/rxtools proxies RUN.csv [--instructions INSTRUCTIONS.csv] [--family rxswift|swiftsignalkit|signals-fork|reactiveswift]
    python3 scripts/rxtools proxies RUN.csv --headline      README's table: the headline workloads, every family

RUN.csv is a timed run of rxbench-libraries (Libraries/) with the rows of the families below; INSTRUCTIONS.csv
its `--instructions` run. Each table is preceded by the marker scripts/rxtools doc-figures reads, so every
figure is checked against the file it came from. Ratios (library / model) are computed from the medians;
where a variant misses the targets (1.5x in time, 10% in exact mallocs) the ratio is marked with `!`.
A bad file (docs/cli.md, "Scripts") or a run without the family's rows is one line on stderr and exit 1; a
standard output that cannot take the tables one line and exit 1, a closed pipe exit 1 silently, Ctrl-C exit 130.
"""
import argparse
import sys

from . import rxcsv

PROG = "rxtools proxies"   # the name its messages begin with

# library row, lean engine, library-like variant(s)
FAMILIES = {
    "rxswift": ("rxswift", "sink", ["sink-locked-dependency"]),
    "swiftsignalkit": ("swiftsignalkit", "signal", ["signal-locked-dependency"]),
    # The standalone fork, whose lock objects the model does not follow: its table says what they cost.
    "signals-fork": ("signals-fork", "signal", ["signal-locked-dependency"]),
    "reactiveswift": ("reactiveswift", "subscriber", ["subscriber-dependency"]),
}
# The families README's one table puts side by side: each modelled library once.
HEADLINE_FAMILIES = ["rxswift", "swiftsignalkit", "reactiveswift"]
# The metrics a proxy is judged on, per workload, in this order.
METRICS = [
    ("ns_per_event", "ns/event"),
    ("ns_per_lifecycle", "ns/lifecycle"),
    ("dispose_latency", "dispose ns, p50"),
    ("mallocs_per_event", "mallocs/event"),
    ("mallocs_per_lifecycle", "mallocs/lifecycle"),
    ("bytes_per_live_subscription", "bytes/live subscription"),
    ("bytes_held_per_event", "bytes held/value"),
    ("instructions_per_event", "instructions/event"),
    ("instructions_per_lifecycle", "instructions/lifecycle"),
]
TIME_TARGET = 1.5
MALLOC_TARGET = 0.10


FIGURE_STEPS = ((1000, "{:.0f}".format), (100, "{:.1f}".format), (10, "{:.2f}".format), (1, "{:.3f}".format))


def figure(value):
    """Four significant digits at most, no thousands separator (check-doc-figures reads the cell back)."""
    if value is None:
        return "—"
    if value == int(value):
        return str(int(value))
    return rxcsv.by_size(value, abs(value), FIGURE_STEPS, "{:.4f}".format)


def ratio(library, model, exact):
    """library / model, marked `!` where the model misses the target (1.5x in time either way; 10% in exact
    counts either way)."""
    if library is None or model is None:
        return "—"
    if model == 0:
        return "=" if library == 0 else "∞ !"
    value = library / model
    if exact:
        miss = abs(value - 1) > MALLOC_TARGET
    else:
        miss = value > TIME_TARGET or value < 1 / TIME_TARGET
    return f"{value:.2f}{' !' if miss else ''}"


def table(runs, family):
    library, lean, variants = FAMILIES[family]
    columns = ["baseline", library, lean] + variants
    lines = []
    for run in runs:
        index = {}
        for row in run.rows:
            index[(row.engine, row.workload_id, row.metric)] = row
        workloads = list(dict.fromkeys(row.workload_id for row in run.rows if row.engine == library))
        body = []
        for workload in workloads:
            for metric, label in METRICS:
                library_row = index.get((library, workload, metric))
                if library_row is None or library_row.unavailable:
                    continue
                model_rows = [index.get((column, workload, metric)) for column in columns]
                if all(model is None for model in model_rows[2:]):
                    continue
                values = [model.value() if model else None for model in model_rows]
                exact = rxcsv.is_exact(metric)
                cells = [f"{workload}", label] + [figure(value) for value in values]
                cells += [ratio(values[1], values[2], exact)] + [ratio(values[1], value, exact) for value in values[3:]]
                body.append("| " + " | ".join(cells) + " |")
        if not body:
            continue
        header = ["workload", "metric"] + columns + [f"ratio {library}/{lean}"] + [
            f"ratio {library}/{variant}" for variant in variants]
        lines.append(f"<!-- figures: {run.path} -->")
        lines.append("")
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "|".join(["---", "---"] + ["---:"] * (len(header) - 2)) + "|")
        lines += body
        lines.append("")
    return "\n".join(lines)


# README's table: the headline workloads, every family side by side.
HEADLINE = [
    ("MapFilterPumping", "ns_per_event"), ("PublishSubjectPumping", "ns_per_event"), ("CreateMapFilter", "ns_per_event"),
    ("FlatMapLatestPumping", "ns_per_event"), ("CombineLatestPumping", "ns_per_event"),
    ("FlatMapLatestPumping", "mallocs_per_event"), ("CombineLatestPumping", "mallocs_per_event"),
    ("NeverMapLifecycle[depth=1]", "ns_per_lifecycle"), ("NeverMapLifecycle[depth=1]", "mallocs_per_lifecycle"),
    ("NeverMapLifecycle[depth=10]", "mallocs_per_lifecycle"), ("SingleCreating", "mallocs_per_lifecycle"),
]


def headline(run):
    """One table: the floor, then each family's library row, lean engine and library-like variant."""
    columns = ["baseline"] + [
        row for family in HEADLINE_FAMILIES for row in [FAMILIES[family][0], FAMILIES[family][1]] + FAMILIES[family][2]]
    index = {(row.engine, row.workload_id, row.metric): row for row in run.rows}
    labels = dict(METRICS)
    lines = [f"<!-- figures: {run.path} -->", "", "| workload | metric | " + " | ".join(columns) + " |",
             "|---|---|" + "---:|" * len(columns)]
    for workload, metric in HEADLINE:
        rows = [index.get((column, workload, metric)) for column in columns]
        if all(row is None for row in rows):
            continue
        cells = [figure(row.value()) if row and not row.unavailable else "—" for row in rows]
        lines.append(f"| {workload} | {labels[metric]} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("run")
    parser.add_argument("--instructions")
    parser.add_argument("--family", choices=sorted(FAMILIES), action="append")
    parser.add_argument("--headline", action="store_true", help="README's one table of the headline workloads")
    arguments = parser.parse_args(argv)
    try:
        runs = [rxcsv.load(arguments.run)]
        if arguments.instructions:
            runs.append(rxcsv.load(arguments.instructions))
    except rxcsv.InputError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        sys.exit(1)
    if arguments.headline:
        print(headline(runs[0]))
        return
    for family in arguments.family or list(FAMILIES):
        engines = {engine for run in runs for engine, _ in run.engines()}
        missing = [row for row in [FAMILIES[family][0], FAMILIES[family][1]] if row not in engines]
        if missing:
            print(f"{PROG}: {arguments.run}: no rows of {', '.join(missing)}; run rxbench-libraries with them",
                  file=sys.stderr)
            sys.exit(1)
        print(f"### {family}\n")
        print(table(runs, family))
