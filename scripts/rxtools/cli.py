"""The dispatcher: `rxtools SUBCOMMAND [OPTIONS]` runs the subcommand's module under outfile.script_main, so that
every subcommand ends the same way (one line on stderr for Ctrl-C, SIGTERM or a standard output that cannot take
the output, never a traceback). Only the subcommand's own module is loaded: `compare` and `summarize` run on a
Python without matplotlib, and a short run does not wait for modules it does not use."""
import importlib
import sys

COMMAND = "rxtools"

# Each subcommand and what it does, in the order --help lists them; its module is its name with _ for -.
SUBCOMMANDS = {
    "report": "one self-contained HTML report per run (charts, summary, cost model)",
    "charts": "the charts of one rxbench CSV, PNG and SVG",
    "summarize": "markdown summary tables of one rxbench CSV",
    "compare": "medians of two runs compared; with --gate, CI's gate on the exact figures",
    "costmodel": "each design's cost model, fitted over the sweeps of a run",
    "findings": "the findings page and README's findings block, from the kept run",
    "doc-figures": "every figure the docs quote must be in its results file",
    "proxies": "each modelled library beside its lean engine and library-like variant",
    "decomposition-tables": "the tables of docs/decisions/decomposition.md",
    "instruction-shift": "how one run's exact figures moved against another's",
    "instruction-account": "one row's instructions per event, function by function",
    "cache-account": "cache and branch costs per unit of work, from callgrind's simulation",
    "profile-shares": "a callgrind profile's shares by kind of cost",
    "floor-history": "the floor against another row, process by process, over runs",
    "validity": "the measurement-validity analysis of scripts/validity.sh's runs",
    "benchmark-spread": "run-to-run spread of package-benchmark's medians",
    "benchmark-mallocs": "package-benchmark's and rxbench's malloc counts must agree",
    "mutation-check": "rxbench's mutation check: every mutant must be caught",
    "arity": "write the sink engine's fixed-arity operators from their templates",
    "variants": "the links of Variants/, from Package.swift's variants list",
}


def module_of(subcommand):
    return subcommand.replace("-", "_")


def usage():
    width = max(map(len, SUBCOMMANDS))
    lines = [f"usage: {COMMAND} SUBCOMMAND [OPTIONS]   ({COMMAND} SUBCOMMAND --help: its options)", "",
             "rxbench's Python tools. Subcommands:"]
    lines += [f"  {name:<{width}}  {summary}" for name, summary in SUBCOMMANDS.items()]
    return "\n".join(lines)


def main(argv=None):
    """Exit status of the subcommand argv[0] run with the rest of argv (default: sys.argv[1:])."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage(), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    name, arguments = argv[0], argv[1:]
    if name not in SUBCOMMANDS:
        print(f"{COMMAND}: no subcommand {name}; {COMMAND} --help lists them", file=sys.stderr)
        return 2
    prog = f"{COMMAND} {name}"
    try:
        from . import outfile
    except KeyboardInterrupt:   # Ctrl-C before script_main can say it
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    return outfile.script_main(prog)(run)(name, arguments)


def run(name, arguments):
    """The subcommand's main, its module loaded under script_main: a Ctrl-C while matplotlib loads is one line."""
    try:
        module = importlib.import_module(f"{__package__}.{module_of(name)}")
    except ModuleNotFoundError as error:   # matplotlib, for report, charts and findings on the system's Python
        print(f"{COMMAND} {name}: needs the Python module {error.name}; run it with the python that "
              "scripts/venv.sh prints", file=sys.stderr)
        return 1
    return module.main(arguments)


def help_asked(arguments, usage_line, doc):
    """For a subcommand that reads its arguments itself: print its usage and `doc` when `arguments` is -h or
    --help (True), as argparse does for the others."""
    if arguments not in (["-h"], ["--help"]):
        return False
    print(f"{usage_line}\n\n{doc.strip()}")
    return True
