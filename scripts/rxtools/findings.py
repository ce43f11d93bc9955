"""The findings page: what rxbench found about the reactive libraries people import, every figure and every
ranking computed from rxbench CSV reports, none typed by hand.

    python3 scripts/rxtools findings --csv RUN.csv [MORE.csv ...] --catalogue WORKLOADS.csv [--out DIR] [--readme README.md]
    python3 scripts/rxtools findings --csv RUN.csv ... --catalogue WORKLOADS.csv [--out DIR] [--readme README.md] --check

Inputs: rxbench CSV reports (docs/csv-schema.md, read with rxcsv), each one run on one machine: one *context*
(its cpu, cores, allocator, swift and date). Several files are several contexts, each ranked on its own: no
figure of one is ever averaged with, or compared to, a figure of another. The catalogue is a CSV with the
columns `workload,group,shape,summary`: the workload id as rxbench names it (`FanIn[inputs=1000,operator=merge]`,
or a bare name covering every parameter set), its group (`app` first on the page, then `rxswift`), its shape
(`pumping`, `creating` or `latency`) and one line saying which app situation it stands for.

Writes DIR (default results/findings): FINDINGS.md, index.html (the same content, styles inline, nothing
fetched; the charts are the PNG files beside it) and the charts. The directory is built whole in a temporary
directory and renamed into place: a bad input, a full disk or Ctrl-C leaves the previous one as it was.
Every table of figures carries the marker scripts/rxtools doc-figures verifies.

--readme FILE rewrites the text between `<!-- findings:begin -->` and `<!-- findings:end -->` in FILE with a
compact table (the libraries on a handful of scenarios, relative to the fastest) and a line per library
saying why, from the decomposition.

--check writes nothing: it regenerates into a temporary directory and exits 1, naming the first file that
differs, unless DIR holds exactly what the generator makes from these inputs (and, with --readme, unless the
README's block is what it would write). FINDINGS.md and index.html are compared byte for byte, the set of chart
files by name, and each chart by its decoded pixels (size and RGBA values): the PNG encoder's compressed bytes
may differ between machines, what it draws does not (the pinned matplotlib, its own bundled fonts only).

Bad input (a missing or malformed CSV, a file without library rows, a catalogue that lacks a workload of a
file, an empty --out or --readme) is one line on stderr naming what is wrong and what to do, and exit 2, before
anything is written. Ctrl-C, SIGTERM, an unwritable standard output: docs/cli.md, "Scripts".
"""
import argparse
import contextlib
import csv
import html
import io
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass, field

import matplotlib
import matplotlib.pyplot as plt
from matplotlib import font_manager, ticker

from . import charts   # matplotlib with the Agg backend and the project's chart style
from . import REPOSITORY, outfile, rxcsv
from .proxies import figure
from .rxcsv import FLOOR

PROG = "rxtools findings"   # the name its messages begin with
DEFAULT_OUT = "results/findings"
PAGE = "FINDINGS.md"
HTML_PAGE = "index.html"
BEGIN, END = "<!-- findings:begin -->", "<!-- findings:end -->"

# ---------------------------------------------------------------------------------------------
# The small tables of what the script knows about rows and workloads. Which rows and workloads exist is read
# from the CSVs; these only name them and put them in families.

LIBRARY = "library"
# Rows that are lean designs, shown beside the libraries as context (never ranked with them): role `engine`,
# and these variants.
LEAN_VARIANTS = {"subscriber-direct"}

# Display names of library rows, with the version the row runs (README: scripts/libraries.sh's pins and
# Package.swift's dependencies). A library row not listed is shown by its id, its version "not recorded".
LIBRARY_NAMES = {
    "rxswift": ("RxSwift", "6.10.2"),
    "reactiveswift": ("ReactiveSwift", "7.2.1"),
    "swiftsignalkit": ("SwiftSignalKit", "Telegram's files (imsgao/SwiftSignalKit at e2d485b)"),
    "opencombine": ("OpenCombine", "0.14.0"),
    "async-stream": ("AsyncStream", "swift-async-algorithms 1.1.4"),
    "reactivekit": ("ReactiveKit", "3.21.0"),
    "observation": ("Observation", "the Swift 6.3 toolchain"),
    "async-channel": ("AsyncChannel", "swift-async-algorithms 1.1.4"),
}

# The decomposition of docs/decisions/decomposition.md: design -> the library's locks and objects -> built as a
# package dependency -> the library; (row, step) in the order the costs are added.
DESIGN, LOCKS, DEPENDENCY, THE_LIBRARY = "design", "locks", "dependency", "library"
FAMILIES = {
    "rxswift": {"model": "RxSwift", "steps": [("sink", DESIGN), ("sink-locked", LOCKS),
                                              ("sink-locked-dependency", DEPENDENCY), ("rxswift", THE_LIBRARY)]},
    "swiftsignalkit": {"model": "SwiftSignalKit", "steps": [
        ("signal", DESIGN), ("signal-locked", LOCKS), ("signal-locked-dependency", DEPENDENCY),
        ("swiftsignalkit", THE_LIBRARY)]},
    "reactiveswift": {"model": "ReactiveObjC", "steps": [
        ("subscriber", DESIGN), ("subscriber-dependency", DEPENDENCY), ("subscriber-locked-dependency", LOCKS),
        ("reactiveswift", THE_LIBRARY)],
        "note": "context only: `subscriber` models ReactiveObjC (RACSignal), which does not build on Linux; "
                "ReactiveSwift, its Swift successor, shares its vocabulary, not its mechanism"},
}
STEP_WORDS = {DESIGN: "the design", LOCKS: "its locks and objects", DEPENDENCY: "built as a package dependency",
              THE_LIBRARY: "the library"}
LARGEST_STEP_WORDS = {LOCKS: "the library's locks and extra objects per subscription",
                      DEPENDENCY: "being compiled as a separate package, so the compiler cannot specialise its generic "
                                  "code for the app's types",
                      THE_LIBRARY: "what the library does beyond its model"}
DECOMPOSITION_WORKLOADS = 3   # per library

# Shapes (the catalogue's `shape`, as Workload.Shape): the time metric that ranks a workload of the shape, and
# its exact malloc count.
SHAPES = {
    "pumping": ("ns_per_event", "mallocs_per_event"),
    "creating": ("ns_per_lifecycle", "mallocs_per_lifecycle"),
    "latency": ("dispose_latency", None),
}
TIME_METRICS = ["ns_per_event", "ns_per_lifecycle", "dispose_latency", "instructions_per_event",
                "instructions_per_lifecycle"]
MALLOC_METRICS = ["mallocs_per_event", "mallocs_per_lifecycle"]
# The bytes those mallocs ask for (heap traffic), beside their count.
TRAFFIC_METRICS = ["bytes_per_event", "bytes_per_lifecycle"]
BYTES = "bytes_per_live_subscription"
HELD = "bytes_held_per_event"
BYTE_METRICS = [BYTES, HELD]
# How the tables write each metric: words scripts/rxtools doc-figures reads back as the metric.
METRIC_LABELS = {
    "ns_per_event": "ns/event", "ns_per_lifecycle": "ns/lifecycle", "dispose_latency": "dispose ns, p50",
    "instructions_per_event": "instructions/event", "instructions_per_lifecycle": "instructions/lifecycle",
    "mallocs_per_event": "mallocs/event", "mallocs_per_lifecycle": "mallocs/lifecycle",
    "bytes_per_event": "bytes/event", "bytes_per_lifecycle": "bytes/lifecycle",
    BYTES: "bytes/live subscription", HELD: "bytes held/value",
}
GROUP_ORDER = ["app", "rxswift"]


@dataclass(frozen=True)
class Kind:
    id: str
    title: str
    what: str
    metric: str = "time"   # "time": each workload's time metric; else a metric id
    best: str = "fastest"  # how the page calls the library with the least of it


KINDS = [
    Kind("churn", "Subscription churn",
         "building, subscribing and disposing chains again and again, per lifecycle: cell reuse, opening a form, "
         "fan-in"),
    Kind("hot", "Hot streams", "values pumped through a long-lived chain, per event"),
    Kind("fanout", "Fan-out", "subjects delivering to many subscribers, or subscribers coming and going on them"),
    Kind("dispose", "Disposing a live subscription", "one dispose() beside live siblings, its median"),
    Kind("memory", "Memory per live subscription", "bytes a live subscription keeps allocated", metric=BYTES,
         best="smallest"),
    Kind("held", "Memory held for a slow consumer",
         "bytes a library keeps per value its consumer has not taken yet (the consumer's queue busy)", metric=HELD,
         best="smallest"),
]
KIND_BY_SHAPE = {"creating": "churn", "pumping": "hot", "latency": "dispose"}
# What a reader must know to read a library's standing in a kind, where the figure measures something other than
# the others' (kind id, library id): the sentence, and the decision that argues it. Said only where the library
# is ranked in that kind.
CAVEATS = {
    ("dispose", "observation"):
        "Observation's dispose is a flag its loop reads: nothing is released, and the registration with its memory "
        "stays in the model's registrar until the property next changes (docs/decisions/observation-row.md).",
    ("held", "async-channel"):
        "AsyncChannel's back pressure holds more, not less, here: each waiting value is a suspended sending task, and "
        "a producer that does not await is never held back (docs/decisions/async-channel-row.md).",
}
# Where the shape is not enough: workloads (bare names) whose kind is not their shape's.
KIND_BY_NAME = {
    "PublishSubjectPumping": "fanout", "PublishSubjectPumpingTwoSubscriptions": "fanout", "SubjectFanOut": "fanout",
    "StoreSelectors": "fanout", "SubjectChurn": "fanout",
    "FanIn": "churn", "CellReuse": "churn", "FormOpening": "churn",
}
# A note on an `unsupported` record that says the row broke rather than declined.
# rxbench's own words for a row that ran a workload in a process of its own and did not come back with a figure:
# "overflowed the stack ...", "did not finish within N s ...", both "a finding, not a figure".
FAILED_WORDS = re.compile(r"overflow|crash|trap|fatal|abort|signal \d|segfault|timed? ?out|killed|did not finish|"
                          r"not a figure", re.IGNORECASE)

# Keep the charts' pixels the same on every machine: only the fonts matplotlib ships are candidates.
_bundled = os.path.join(matplotlib.get_data_path(), "fonts")
font_manager.fontManager.ttflist = [f for f in font_manager.fontManager.ttflist if f.fname.startswith(_bundled)]
font_manager.fontManager.afmlist = [f for f in font_manager.fontManager.afmlist if f.fname.startswith(_bundled)]
with contextlib.suppress(AttributeError):
    font_manager.fontManager._findfont_cached.cache_clear()
plt.rcParams.update({"font.family": ["DejaVu Sans"], "svg.hashsalt": "rxbench", "path.simplify": True})


class Problem(Exception):
    """Bad input: str() is the one line to print after the script's name."""


# ---------------------------------------------------------------------------------------------
# The catalogue.

@dataclass
class Entry:
    workload: str      # an id or a bare name
    group: str
    shape: str
    summary: str
    index: int         # order in the file


class Catalogue:
    COLUMNS = ["workload", "group", "shape", "summary"]

    def __init__(self, path):
        self.path = path
        if not os.path.isfile(path):
            raise Problem(f"{path}: no such catalogue file; give --catalogue a CSV with the columns "
                          f"{','.join(self.COLUMNS)}")
        try:
            with open(path, newline="", encoding="utf-8") as handle:
                records = [r for r in csv.reader(handle) if any(cell.strip() for cell in r)]
        except (OSError, UnicodeDecodeError, csv.Error) as error:
            raise Problem(f"{path}: cannot be read as CSV ({error})") from None
        if not records or [c.strip() for c in records[0][:4]] != self.COLUMNS:
            raise Problem(f"{path}: is not a workload catalogue: its header must start with "
                          f"{','.join(self.COLUMNS)}")
        self.entries, by_id = [], {}
        for line, record in enumerate(records[1:], start=2):
            if len(record) < 4:
                raise Problem(f"{path}: line {line} has {len(record)} fields, not workload,group,shape,summary")
            workload, group, shape, summary = (cell.strip() for cell in record[:4])
            if not workload or not group or not summary:
                raise Problem(f"{path}: line {line} has an empty workload, group or summary")
            if shape not in SHAPES:
                raise Problem(f"{path}: line {line}: shape {shape!r} of {workload} is not one of "
                              f"{', '.join(SHAPES)} (rxbench list shows each workload's)")
            if workload in by_id:
                raise Problem(f"{path}: line {line}: {workload} is listed twice")
            entry = Entry(workload, group, shape, summary, len(self.entries))
            by_id[workload] = entry
            self.entries.append(entry)
        if not self.entries:
            raise Problem(f"{path}: lists no workload")
        self.by_id = by_id

    def entry(self, workload_id, name):
        return self.by_id.get(workload_id) or self.by_id.get(name)


# ---------------------------------------------------------------------------------------------
# One context: one CSV, one machine.

@dataclass
class Line:
    """One row of a scenario table."""
    engine: str
    role: str              # "library", "floor", "lean"
    time: object = None    # rxcsv.Row or None
    mallocs: object = None
    traffic: object = None   # the bytes the mallocs asked for
    bytes: object = None
    rank: int = None
    overlaps: bool = False
    ratio_fastest: float = None
    ratio_floor: float = None


@dataclass
class Absent:
    engine: str
    role: str
    reason: str
    failed: bool


@dataclass
class Scenario:
    workload_id: str
    name: str
    entry: Entry
    time_metric: str
    malloc_metric: str
    traffic_metric: str   # bytes asked for by those mallocs (TRAFFIC_METRICS), or None
    bytes_metric: str   # the byte count shown beside the time (BYTE_METRICS), or None
    lines: list                 # ranked libraries, then the floor, then lean engines
    absent: list                # rows without a figure, with the reason
    fastest: str = None

    def library_lines(self):
        return [line for line in self.lines if line.role == LIBRARY and line.rank]

    def kinds(self):
        return [KIND_BY_NAME.get(self.name, KIND_BY_SHAPE[self.entry.shape])]


@dataclass
class Context:
    run: rxcsv.Run
    path: str          # as the page names it (the marker's file)
    slug: str
    letter: str
    figures: dict = field(default_factory=dict)
    roles: dict = field(default_factory=dict)
    libraries: list = field(default_factory=list)
    lean: list = field(default_factory=list)
    scenarios: list = field(default_factory=list)
    hidden: list = field(default_factory=list)     # workload ids no library row has anything on

    def value(self, engine, workload_id, metric, statistic="median"):
        row = self.figures.get((engine, workload_id, metric))
        return row.value(statistic) if row else None

    @property
    def label(self):
        c = self.run.context
        return f"{c['cpu']}, {c['cores']} cores, {c['allocator']}, {c['date'][:10]}"

    def unit_of(self, metric):
        return METRIC_LABELS.get(metric, metric)


def display_path(path):
    """The path as the page and its markers name it, whatever the working directory: relative to the repository
    when inside it (scripts/rxtools doc-figures runs from its root), else absolute."""
    relative = os.path.relpath(os.path.abspath(path), REPOSITORY)
    return relative.replace(os.sep, "/") if not relative.startswith("..") else os.path.abspath(path)


def library_name(engine):
    return LIBRARY_NAMES.get(engine, (engine, None))[0]


def read_inputs(csv_paths, catalogue_path):
    """Every input read and checked before anything is computed; Problem on the first bad one."""
    try:
        runs = rxcsv.load_all(csv_paths)
    except rxcsv.InputError as error:
        raise Problem(f"{error}; give --csv rxbench CSV reports (docs/csv-schema.md)") from None
    catalogue = Catalogue(catalogue_path)
    for run in runs:
        if not any(row.role == LIBRARY for row in run.rows + run.unsupported):
            raise Problem(f"{run.path}: has no library rows (role `library`), nothing to rank; run rxbench-libraries "
                          "with library rows (e.g. --engine baseline,rxswift,swiftsignalkit,reactiveswift,opencombine,"
                          "async-stream)")
        if not any(row.role == LIBRARY and row.metric in TIME_METRICS and row.value() is not None
                   for row in run.rows):
            raise Problem(f"{run.path}: its library rows have no time figure (ns_per_event, ns_per_lifecycle, "
                          "dispose_latency or instructions), nothing to rank")
        ids = list(dict.fromkeys((r.workload_id, r.workload) for r in run.rows + run.unsupported))
        missing = [wid for wid, name in ids if catalogue.entry(wid, name) is None]
        if missing:
            shown = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
            raise Problem(f"{catalogue_path}: lacks {len(missing)} workload(s) of {run.path}: {shown}; add a line "
                          "workload,group,shape,summary for each (a bare name covers every parameter set)")
    return runs, catalogue


def build_contexts(runs, catalogue):
    contexts, used = [], set()
    for index, run in enumerate(runs):
        stem = os.path.splitext(os.path.basename(run.path))[0]
        parent = os.path.basename(os.path.dirname(os.path.abspath(run.path)))
        slug = charts.slug(f"{parent}-{stem}") or f"run-{index + 1}"
        if slug in used:
            slug = f"{index + 1}-{slug}"
        used.add(slug)
        context = Context(run=run, path=display_path(run.path), slug=slug, letter=chr(ord("A") + index % 26))
        for row in run.rows:
            context.figures[(row.engine, row.workload_id, row.metric)] = row
        for engine, role in run.engines():
            context.roles[engine] = role
            if role == LIBRARY:
                context.libraries.append(engine)
            elif role == "engine" or engine in LEAN_VARIANTS:
                context.lean.append(engine)
        context.scenarios = scenarios_of(context, catalogue)
        contexts.append(context)
    return contexts


def ordered_workloads(run, catalogue):
    """(workload id, name, entry) of the run in page order: group `app`, then `rxswift`, then the other groups
    in catalogue order; within a group, catalogue order, then the run's."""
    ids = list(dict.fromkeys((r.workload_id, r.workload) for r in run.rows + run.unsupported))
    groups = list(dict.fromkeys([g for g in GROUP_ORDER] + [e.group for e in catalogue.entries]))
    found = [(wid, name, catalogue.entry(wid, name)) for wid, name in ids]
    position = {wid: i for i, (wid, _) in enumerate(ids)}
    return sorted(found, key=lambda item: (groups.index(item[2].group), item[2].index, position[item[0]]))


def scenarios_of(context, catalogue):
    scenarios = []
    for workload_id, name, entry in ordered_workloads(context.run, catalogue):
        records = {u.engine: u for u in context.run.unsupported if u.workload_id == workload_id}
        libraries = [e for e in context.libraries
                     if any(k[0] == e and k[1] == workload_id for k in context.figures) or e in records]
        if not libraries:
            context.hidden.append(workload_id)
            continue
        scenarios.append(scenario(context, workload_id, name, entry, records))
    return scenarios


def pick_metric(context, workload_id, preferred, candidates):
    present = [m for m in candidates if any(k[1] == workload_id and k[2] == m for k in context.figures)]
    return preferred if preferred in present else (present[0] if present else None)


def scenario(context, workload_id, name, entry, records):
    time_pref, malloc_pref = SHAPES[entry.shape]
    time_metric = pick_metric(context, workload_id, time_pref, TIME_METRICS)
    malloc_metric = pick_metric(context, workload_id, malloc_pref, MALLOC_METRICS)
    traffic_metric = pick_metric(context, workload_id, malloc_pref.replace("mallocs_", "bytes_") if malloc_pref else None,
                                 TRAFFIC_METRICS)
    bytes_metric = pick_metric(context, workload_id, None, BYTE_METRICS)
    lines, absent = [], []

    def line_of(engine, role):
        get = lambda metric: context.figures.get((engine, workload_id, metric)) if metric else None  # noqa: E731
        return Line(engine, role, time=get(time_metric), mallocs=get(malloc_metric), traffic=get(traffic_metric),
                    bytes=get(bytes_metric))

    def note_absent(engine, role, line):
        if line.time is not None and line.time.value() is not None:
            return False
        if engine in records:
            reason = records[engine].reason
            absent.append(Absent(engine, role, reason, bool(FAILED_WORDS.search(reason))))
        elif line.time is not None:
            absent.append(Absent(engine, role, f"its {time_metric} is flagged unavailable in the CSV", False))
        elif any(k[0] == engine and k[1] == workload_id for k in context.figures):
            absent.append(Absent(engine, role, f"the file has no {time_metric or 'time figure'} of it here", False))
        else:
            absent.append(Absent(engine, role, "the file has no figure and no reason for it here", False))
        return True

    ranked = []
    for engine in context.libraries:
        line = line_of(engine, LIBRARY)
        if not note_absent(engine, LIBRARY, line):
            ranked.append(line)
    ranked.sort(key=lambda line: (line.time.value(), context.libraries.index(line.engine)))
    fastest = ranked[0].time.value() if ranked else None
    floor = context.value(FLOOR, workload_id, time_metric) if time_metric else None
    previous = None
    for rank, line in enumerate(ranked, start=1):
        line.rank = rank
        line.overlaps = previous is not None and not rxcsv.is_exact(time_metric) and \
            line.time.value("min") is not None and previous.time.value("max") is not None and \
            line.time.value("min") <= previous.time.value("max")
        previous = line
    others = []
    if FLOOR in context.roles:
        others.append(("floor", FLOOR))
    others += [("lean", engine) for engine in context.lean]
    shown_others = []
    for role, engine in others:
        line = line_of(engine, role)
        has_any = any(k[0] == engine and k[1] == workload_id for k in context.figures) or engine in records
        if not has_any:
            continue
        if not note_absent(engine, role, line):
            shown_others.append(line)
    for line in ranked + shown_others:
        value = line.time.value()
        line.ratio_fastest = value / fastest if fastest else None
        line.ratio_floor = value / floor if floor else None
    return Scenario(workload_id, name, entry, time_metric, malloc_metric, traffic_metric, bytes_metric,
                    ranked + shown_others, absent,
                    fastest=ranked[0].engine if ranked else None)


# ---------------------------------------------------------------------------------------------
# Decomposition: where a library's time and allocations go.

@dataclass
class Decomposition:
    library: str
    present: list          # (row, step) in the run
    missing: list          # (row, step) not in the run
    workloads: list        # scenarios picked
    note: str = None


def decompositions(context):
    result = []
    for library in context.libraries:
        family = FAMILIES.get(library)
        if not family:
            continue
        present = [(row, step) for row, step in family["steps"] if row in context.roles]
        missing = [(row, step) for row, step in family["steps"] if row not in context.roles]
        candidates = [s for s in context.scenarios if s.time_metric and
                      all(context.value(row, s.workload_id, s.time_metric) is not None for row, _ in present)]
        picked, kinds = [], set()
        for candidate in candidates:             # one of each kind of work first, then in page order
            if candidate.kinds()[0] not in kinds and len(picked) < DECOMPOSITION_WORKLOADS:
                picked.append(candidate)
                kinds.add(candidate.kinds()[0])
        for candidate in candidates:
            if candidate not in picked and len(picked) < DECOMPOSITION_WORKLOADS:
                picked.append(candidate)
        picked.sort(key=lambda s: context.scenarios.index(s))
        result.append(Decomposition(library, present, missing, picked, family.get("note")))
    return result


def largest_step(context, decomposition, scenario):
    """(steps, ratio, from value, to value) of the largest multiplication between consecutive rows of the family
    in the file; `steps` are the family's steps it spans (more than one where the file lacks a row between)."""
    family = [step for _, step in FAMILIES[decomposition.library]["steps"]]
    values = [(step, context.value(row, scenario.workload_id, scenario.time_metric))
              for row, step in decomposition.present]
    best = None
    for (before_step, before), (step, after) in zip(values, values[1:]):
        if before and after and (best is None or after / before > best[1]):
            spanned = tuple(family[family.index(before_step) + 1:family.index(step) + 1])
            best = (spanned, after / before, before, after)
    return best


def step_words(steps):
    """The words for a step of the decomposition, or for several the file could not tell apart."""
    words = [LARGEST_STEP_WORDS[step] for step in steps]
    if len(words) == 1:
        return words[0]
    between = "the row between" if len(words) == 2 else "the rows between"
    return " together with ".join(words) + f" (one step here: the file lacks {between})"


def decomposition_sentence(context, decomposition, scenario):
    """"RxSwift on W: the design (`sink`) costs X ns/event, RxSwift's locks and objects (`sink-locked`) take it to
    Y, building it as a package dependency (`sink-locked-dependency`) to Z, and RxSwift itself (`rxswift`) runs at
    W; mallocs a -> b -> c -> d." A step the file lacks is named with the row after it, which carries its cost."""
    library = decomposition.library
    name = library_name(library)
    model = FAMILIES[library]["model"]
    family = [step for _, step in FAMILIES[library]["steps"]]
    words = {LOCKS: f"{model}'s locks and objects", DEPENDENCY: "building it as a package dependency",
             THE_LIBRARY: f"{name} itself"}
    time, mallocs = scenario.time_metric, scenario.malloc_metric
    parts, previous = [], None
    for row, step in decomposition.present:
        value = figure(context.value(row, scenario.workload_id, time))
        spanned = family[family.index(previous) + 1:family.index(step) + 1] if previous else [step]
        previous = step
        if step == DESIGN:
            parts.append(f"the design (`{row}`) costs {value} {context.unit_of(time)}")
        elif spanned == [THE_LIBRARY]:
            parts.append(f"{name} itself (`{row}`) runs at {value}")
        else:
            verb = "takes" if spanned == [DEPENDENCY] else "take"
            parts.append(f"{' and '.join(words[s] for s in spanned)} (`{row}`) {verb} it to {value}")
    if len(parts) > 1:
        parts[-1] = "and " + parts[-1]
    text = f"{name} on {scenario.workload_id}: " + ", ".join(parts)
    if mallocs:
        counts = [context.value(row, scenario.workload_id, mallocs) for row, _ in decomposition.present]
        text += f"; {context.unit_of(mallocs)} " + " -> ".join(figure(c) for c in counts)
    step = largest_step(context, decomposition, scenario)
    if step:
        text += f". The largest step: {step_words(step[0])}, {times(step[1])}"
    return text + "."


# ---------------------------------------------------------------------------------------------
# Verdicts by kind of work.

@dataclass
class Standing:
    library: str
    ratios: dict           # workload id -> ratio to the fastest library there, on every workload it ran
    geomean: float = None  # over the compared workloads (those every ranked library ran)
    low: float = None
    high: float = None
    geomean_all: float = None   # over every workload of the kind it ran


@dataclass
class Verdict:
    kind: Kind
    scenarios: list        # the workloads of the kind with at least one library figure of its metric
    metric_of: dict        # workload id -> the metric ranked
    standings: list        # ranked libraries (ran at least half of the workloads), cheapest first
    others: list           # libraries that ran fewer than half of the kind's workloads
    fastest: dict          # workload id -> fastest library
    compared: list = field(default_factory=list)   # workload ids every ranked library ran
    left_out: list = field(default_factory=list)   # (workload id, ranked libraries without a figure there)
    fewest_mallocs: dict = field(default_factory=dict)   # workload id -> (libraries with the fewest, count)


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def verdicts(context):
    result = []
    for kind in KINDS:
        if kind.metric == "time":
            scenarios = [s for s in context.scenarios if kind.id in s.kinds() and s.library_lines()]
            metric_of = {s.workload_id: s.time_metric for s in scenarios}
        else:
            scenarios = [s for s in context.scenarios
                         if any(context.value(lib, s.workload_id, kind.metric) is not None
                                for lib in context.libraries)]
            metric_of = {s.workload_id: kind.metric for s in scenarios}
        ratios, fastest, fewest = {}, {}, {}
        for s in scenarios:
            metric = metric_of[s.workload_id]
            values = {lib: context.value(lib, s.workload_id, metric) for lib in context.libraries}
            values = {lib: v for lib, v in values.items() if v is not None}
            best = min(values.values())
            fastest[s.workload_id] = min(values, key=lambda lib: (values[lib], context.libraries.index(lib)))
            for lib, value in values.items():
                if best > 0:
                    ratios.setdefault(lib, {})[s.workload_id] = value / best
                elif value == 0:
                    ratios.setdefault(lib, {})[s.workload_id] = 1.0
            if s.malloc_metric:
                counts = {lib: context.value(lib, s.workload_id, s.malloc_metric) for lib in context.libraries}
                counts = {lib: v for lib, v in counts.items() if v is not None}
                if len(counts) >= 2:
                    low = min(counts.values())
                    fewest[s.workload_id] = ([lib for lib in context.libraries if counts.get(lib) == low], low)
        ranked, others = [], []
        for lib in context.libraries:
            if lib in ratios:
                standing = Standing(lib, ratios[lib], geomean_all=geometric_mean(list(ratios[lib].values())))
                (ranked if 2 * len(ratios[lib]) >= len(scenarios) else others).append(standing)
        compared = [s.workload_id for s in scenarios if all(s.workload_id in st.ratios for st in ranked)]
        # A verdict must rest on at least half of the kind's workloads: while the workloads every ranked library
        # ran are fewer, the library that ran the fewest stops being ranked (it is named with its count), so
        # that one library's gaps do not shrink everyone's comparison to a workload or two.
        while 2 * len(compared) < len(scenarios) and len(ranked) > 2:
            thinnest = min(ranked, key=lambda st: (len(st.ratios), -context.libraries.index(st.library)))
            ranked.remove(thinnest)
            others.append(thinnest)
            compared = [s.workload_id for s in scenarios if all(s.workload_id in st.ratios for st in ranked)]
        left_out = [(s.workload_id, [st.library for st in ranked if s.workload_id not in st.ratios])
                    for s in scenarios if s.workload_id not in compared]
        for standing in ranked:
            values = [standing.ratios[w] for w in compared]
            if values:
                standing.geomean, standing.low, standing.high = geometric_mean(values), min(values), max(values)
        ranked.sort(key=lambda st: (st.geomean if st.geomean is not None else math.inf,
                                    context.libraries.index(st.library)))
        result.append(Verdict(kind, scenarios, metric_of, ranked, others, fastest, compared, left_out, fewest))
    return result


def verdict_text(context, verdict):
    """The verdict's sentences (markdown)."""
    kind, standings = verdict.kind, verdict.standings
    if not verdict.scenarios:
        if kind.metric == BYTES:
            return [f"Not measured in this run: no library row has a `{BYTES}` figure (the latency-shaped "
                    "workloads measure it)."]
        if kind.metric == HELD:
            return [f"Not measured in this run: no library row has a `{HELD}` figure (`SlowConsumer` measures it)."]
        return ["No workload of this kind in this run."]
    count = len(verdict.scenarios)
    names = ", ".join(f"`{s.workload_id}`" for s in verdict.scenarios)
    noun, best = ("byte count" if kind.metric in BYTE_METRICS else "time"), kind.best
    if len(standings) < 2:
        only = standings[0].library if standings else None
        text = (f"Only {library_name(only)} (`{only}`) ran" if only else "No library ran") + \
            f" enough of the {count} workload(s) of this kind ({names}) to rank: nothing to rank it against."
        return [text]
    if not verdict.compared:
        return [f"The ranked libraries have no workload of this kind in common ({names}): no verdict. Each "
                "library's ratios are in the table and the chart."]
    winner, runner = standings[0], standings[1]
    compared = ", ".join(f"`{w}`" for w in verdict.compared)
    sentences = [
        f"**{library_name(winner.library)} (`{winner.library}`) is the cheapest** on the {len(verdict.compared)} of "
        f"{count} workload(s) every ranked library ran ({compared}): on geometric mean its {noun} is "
        f"{times(winner.geomean)} the {best} library's of each workload (from {times(winner.low)} to "
        f"{times(winner.high)}). The next, {library_name(runner.library)} (`{runner.library}`), is "
        f"{times(runner.geomean)} ({times(runner.low)} to {times(runner.high)}): on geometric mean "
        f"{times(runner.geomean / winner.geomean)} {library_name(winner.library)}'s {noun} on these workloads."]
    if verdict.left_out:
        sentences.append("Left out of that comparison, because a ranked library has no figure there: " + "; ".join(
            f"`{w}` ({', '.join(library_name(lib) for lib in missing)} without; "
            f"{library_name(verdict.fastest[w])} {best})" for w, missing in verdict.left_out) + ".")
    changes = [(w, lib) for w, lib in verdict.fastest.items() if lib != winner.library]
    if changes:
        parts = []
        for workload_id, lib in changes:
            ratio = winner.ratios.get(workload_id)
            against = (f"{library_name(winner.library)} {times(ratio)}" if ratio is not None
                       else f"{library_name(winner.library)} has no figure")
            parts.append(f"`{workload_id}` ({library_name(lib)} {best}; {against})")
        sentences.append("The winner differs on: " + "; ".join(parts) + ".")
    else:
        sentences.append(f"The winner is the same on every workload of the kind: {library_name(winner.library)} is "
                         f"the {best} library on each.")
    if verdict.others:
        sentences.append("Not ranked (ran fewer than half of these workloads, or too few of those the others ran for "
                         "a comparison on half of them): " + ", ".join(
            f"{library_name(s.library)} ({len(s.ratios)} of {count})" for s in verdict.others) + ".")
    if verdict.fewest_mallocs:
        tally = {}
        for libs, _ in verdict.fewest_mallocs.values():
            for lib in libs:
                tally[lib] = tally.get(lib, 0) + 1
        best = sorted(tally.items(), key=lambda item: (-item[1], context.libraries.index(item[0])))
        sentences.append(f"Fewest mallocs (exact; a tie counts for each) on the {len(verdict.fewest_mallocs)} "
                         "workload(s) with counts: " + ", ".join(f"{library_name(lib)} on {n}" for lib, n in best)
                         + ".")
    sentences += [CAVEATS[(kind.id, s.library)] for s in standings if (kind.id, s.library) in CAVEATS]
    return sentences


# ---------------------------------------------------------------------------------------------
# Formatting.

RATIO_STEPS = ((100, "{:.0f}x".format), (10, "{:.1f}x".format), (0.1, "{:.2f}x".format))


def times(value):
    """A ratio as the page writes it: 1.00x, 3.41x, 12.3x, 140x."""
    if value is None:
        return "—"
    return rxcsv.by_size(value, value, RATIO_STEPS, "{:.2g}x".format)   # signed: a negative ratio takes .2g


def cell(row, statistic="median"):
    if row is None:
        return "—"
    if row.unavailable:
        return "unavailable"
    return figure(row.value(statistic))


def arch_of(cpu):
    lowered = cpu.lower()
    if any(word in lowered for word in ("amd", "intel", "xeon", "epyc", "ryzen", "core(tm)")):
        return f"an x86-64 CPU ({cpu})"
    if any(word in lowered for word in ("arm", "neoverse", "apple", "graviton", "ampere", "cortex")):
        return f"an Arm CPU ({cpu})"
    return f"the CPU the file names, {cpu}"


# ---------------------------------------------------------------------------------------------
# The document: blocks rendered both as markdown and as HTML.

@dataclass
class Heading:
    level: int
    text: str


@dataclass
class Para:
    text: str


@dataclass
class Bullets:
    items: list


@dataclass
class Table:
    header: list
    rows: list
    marker: str = None       # the check-doc-figures marker's text after `figures:`
    numeric: list = None     # per column: right-aligned


@dataclass
class Image:
    file: str
    alt: str


@dataclass
class Code:
    text: str


def scenario_table(context, s):
    time_label = context.unit_of(s.time_metric) if s.time_metric else "time"
    header = ["rank", "row", time_label, "x fastest", "x floor", "MAD", "min..max"]
    marker = [context.path, "engine=col:2", f"workload={s.workload_id}"]
    if s.time_metric:
        marker += [f"metric[3]={s.time_metric}", f"metric[6]={s.time_metric}", "stat[6]=mad",
                   f"metric[7]={s.time_metric}", "stat[7]=min/max"]
    column = 8
    if s.malloc_metric:
        header.append(context.unit_of(s.malloc_metric))
        marker.append(f"metric[{column}]={s.malloc_metric}")
        column += 1
    if s.traffic_metric:
        header.append(context.unit_of(s.traffic_metric))
        marker.append(f"metric[{column}]={s.traffic_metric}")
        column += 1
    if s.bytes_metric:
        header.append(context.unit_of(s.bytes_metric))
        marker.append(f"metric[{column}]={s.bytes_metric}")
    rows = []
    for line in s.lines:
        if line.role == LIBRARY:
            rank = f"{line.rank}{' ~' if line.overlaps else ''}"
            name = f"{library_name(line.engine)} (`{line.engine}`)"
        elif line.role == "floor":
            rank, name = "floor", f"floor (`{line.engine}`)"
        else:
            rank, name = "engine", f"`{line.engine}`"
        if line.time.flag == rxcsv.BELOW_FLOOR:
            name += " below floor!"
        exact = rxcsv.is_exact(s.time_metric)
        cells = [rank, name, cell(line.time), times(line.ratio_fastest), times(line.ratio_floor),
                 "exact" if exact else cell(line.time, "mad"),
                 "exact" if exact else f"{cell(line.time, 'min')}..{cell(line.time, 'max')}"]
        if s.malloc_metric:
            cells.append(cell(line.mallocs))
        if s.traffic_metric:
            cells.append(cell(line.traffic))
        if s.bytes_metric:
            cells.append(cell(line.bytes))
        rows.append(cells)
    return Table(header, rows, " ".join(marker), [False, False] + [True] * (len(header) - 2))


def absent_items(s):
    items = []
    for absent in s.absent:
        who = (f"{library_name(absent.engine)} (`{absent.engine}`)" if absent.role == LIBRARY
               else f"`{absent.engine}` ({'the floor' if absent.role == 'floor' else 'lean engine'})")
        verb = "**failed**" if absent.failed else "declined"
        items.append(f"{who} {verb}: {absent.reason}")
    return items


def decomposition_table(context, decomposition):
    header = ["workload", "metric"] + [f"{row} ({STEP_WORDS[step]})" for row, step in decomposition.present]
    rows = []
    for s in decomposition.workloads:
        for metric in (s.time_metric, s.malloc_metric):
            if metric:
                rows.append([s.workload_id, context.unit_of(metric)] +
                            [cell(context.figures.get((row, s.workload_id, metric)))
                             for row, _ in decomposition.present])
    return Table(header, rows, context.path, [False, False] + [True] * len(decomposition.present))


def standings_table(context, verdict):
    best = verdict.kind.best
    header = ["library (workloads run)", f"geometric mean, x {best} (compared workloads)",
              f"min..max, x {best} (compared)", f"geometric mean, x {best} (every workload it ran)"]
    rows = []
    for standing in verdict.standings + verdict.others:
        compared = (times(standing.geomean), f"{times(standing.low)}..{times(standing.high)}") \
            if standing.geomean is not None else ("not ranked", "—")
        rows.append([f"{library_name(standing.library)} (`{standing.library}`), {len(standing.ratios)} of "
                     f"{len(verdict.scenarios)}", *compared, times(standing.geomean_all)])
    return Table(header, rows, context.path, [False, True, True, True])


def evidence_table(context, verdict):
    libraries = [lib for lib in context.libraries if any(
        context.value(lib, s.workload_id, verdict.metric_of[s.workload_id]) is not None for s in verdict.scenarios)]
    floor = FLOOR in context.roles
    header = ["workload", "metric"] + ([FLOOR] if floor else []) + libraries + [f"{verdict.kind.best} library"]
    rows = []
    for s in verdict.scenarios:
        metrics = [verdict.metric_of[s.workload_id]]
        if verdict.kind.metric == "time" and s.malloc_metric:
            metrics.append(s.malloc_metric)
        for metric in metrics:
            cells = [s.workload_id, context.unit_of(metric)]
            for engine in ([FLOOR] if floor else []) + libraries:
                row = context.figures.get((engine, s.workload_id, metric))
                if row is None and context.run.unsupported_reason(engine, s.workload_id):
                    cells.append("declined")
                else:
                    cells.append(cell(row))
            cells.append(f"`{verdict.fastest[s.workload_id]}`" if metric == verdict.metric_of[s.workload_id] else "")
            rows.append(cells)
    return Table(header, rows, context.path, [False, False] + [True] * (len(header) - 3) + [False])


# ---------------------------------------------------------------------------------------------
# Charts.

@dataclass
class Chart:
    file: str
    alt: str
    png: bytes


def chart_colours(context):
    return {lib: charts.PALETTE[i % len(charts.PALETTE)] for i, lib in enumerate(context.libraries)}


def bar_chart(context, verdict, values_of, title, xlabel, file, ratio):
    """Horizontal bars: a group per workload, a bar per library; log scale where the values span 20x."""
    libraries = [s.library for s in verdict.standings + verdict.others]
    libraries = [lib for lib in context.libraries if lib in libraries]
    workloads = [s for s in verdict.scenarios]
    data = {(lib, s.workload_id): values_of(lib, s) for lib in libraries for s in workloads}
    present = [v for v in data.values() if v is not None]
    if not present or not libraries:
        return None
    colours = chart_colours(context)
    height = 0.8 / len(libraries)
    fig, axis = plt.subplots(figsize=(8.5, 1.1 + 0.28 * len(workloads) * max(len(libraries), 2)))
    positive = [v for v in present if v > 0]
    wide = bool(positive) and max(positive) / min(positive) >= charts.LOG_RATIO
    scale = ("log" if len(positive) == len(present) else "symlog") if wide else "linear"
    missing = []
    for index, lib in enumerate(libraries):
        ys, widths = [], []
        for w_index, s in enumerate(workloads):
            value = data[(lib, s.workload_id)]
            y = w_index + (index - (len(libraries) - 1) / 2) * height
            if value is None:
                missing.append(y)
                continue
            ys.append(y)
            widths.append(value)
            label = times(value) if ratio else figure(value)
            axis.text(value, y, f" {label}", va="center", ha="left", fontsize=7)
        axis.barh(ys, widths, height=height * 0.9, color=colours[lib], label=f"{library_name(lib)} ({lib})")
    axis.set_yticks(range(len(workloads)))
    axis.set_yticklabels([s.workload_id if len(s.workload_id) <= 40 else s.workload_id[:38] + "…" for s in workloads])
    axis.set_ylim(len(workloads) - 0.5, -0.5)
    if scale == "log":
        axis.set_xscale("log")
        axis.set_xlim(min(positive) / 1.3, max(positive) * 2.5)
    elif scale == "symlog":
        axis.set_xscale("symlog", linthresh=1)
        axis.set_xlim(0, max(positive) * 2.5)
    else:
        axis.set_xlim(0, max(present) * 1.25 if max(present) > 0 else 1)
    if ratio:
        axis.axvline(1, color="black", linewidth=0.8, linestyle="--")
    for y in missing:
        axis.text(axis.get_xlim()[0], y, " no figure", va="center", ha="left", fontsize=7, color="#777")
    axis.xaxis.set_major_formatter(ticker.FuncFormatter(charts.format_tick))
    axis.xaxis.set_minor_formatter(ticker.NullFormatter())
    axis.set_xlabel(xlabel)
    axis.set_title(title, loc="left")
    axis.grid(axis="y", visible=False)
    axis.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    axis.annotate(f"source: {context.path} · {context.label}", xy=(0, 0), xycoords="axes fraction",
                  xytext=(0, -42), textcoords="offset points", fontsize=7, color="#555", va="top")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight", pad_inches=0.2,
                metadata={"Software": None})
    plt.close(fig)
    return Chart(file, title, buffer.getvalue())


def verdict_charts(context, verdict):
    if not verdict.scenarios or not (verdict.standings or verdict.others):
        return []
    made = []
    base = f"{context.slug}-{verdict.kind.id}"
    what = {BYTES: "bytes per live subscription", HELD: "bytes held per waiting value"}.get(verdict.kind.metric,
                                                                                           "median time")
    ratios = {st.library: st.ratios for st in verdict.standings + verdict.others}
    ratio = bar_chart(
        context, verdict, lambda lib, s: ratios.get(lib, {}).get(s.workload_id),
        f"{verdict.kind.title}: {what} over the {verdict.kind.best} library's ({context.letter})",
        f"{what}, x the {verdict.kind.best} library of the workload (1 = {verdict.kind.best})", f"{base}-ratio.png",
        True)
    if ratio:
        made.append(ratio)
    if verdict.kind.metric in BYTE_METRICS:
        metric = verdict.kind.metric
        absolute = bar_chart(context, verdict, lambda lib, s: context.value(lib, s.workload_id, metric),
                             f"{verdict.kind.title}: {what} ({context.letter})", f"{what} (exact)",
                             f"{base}-bytes.png", False)
    elif any(s.malloc_metric for s in verdict.scenarios):
        absolute = bar_chart(context, verdict,
                             lambda lib, s: s.malloc_metric and context.value(lib, s.workload_id, s.malloc_metric),
                             f"{verdict.kind.title}: mallocs ({context.letter})",
                             "mallocs per event (pumping) or per lifecycle (creating), exact", f"{base}-mallocs.png",
                             False)
    else:
        absolute = None
    if absolute:
        made.append(absolute)
    return made


# ---------------------------------------------------------------------------------------------
# The page.

# The page's sections, in the order "On this page" lists them: each title with the paragraph that opens its section
# (None: none). Headings are made from this table (section()), so the list and the headings cannot differ.
SECTIONS = {
    "What was run": "Made by:",
    "Scenarios": (
        "Per workload, the libraries ranked by median time (a rank followed by `~` has a min..max range that "
        "overlaps the one ranked above it: this run does not settle their order), each as a ratio to the fastest "
        "library and to the floor, with its spread (MAD and min..max of the repetitions) and its exact mallocs. The "
        "floor and the lean engines are listed below the libraries as context: their ratios say how far the fastest "
        "library is from plain Swift and from a lean design; they are not ranked. Rows that declined a workload are "
        "listed under its table with the reason the CSV gives."),
    "Where each library's time goes": (
        "Each modelled library against the rows that rebuild it step by step (docs/decisions/decomposition.md): the "
        "lean design, then the library's own locks and objects, then the same code built as an app gets a library (a "
        "package dependency: no cross-module optimisation, exclusivity checked), then the library itself. On the "
        "workloads where every step in the file has a figure; a step the file lacks is skipped and said so."),
    "Verdicts by kind of work": (
        "Each kind gathers workloads by the catalogue's shape (creating: churn; pumping: hot streams; latency: "
        "disposal), except the workloads the script names as fan-out or churn. Libraries that ran at least half of "
        "a kind's workloads are ranked by the geometric mean of their ratios to the fastest library of each workload "
        "they all ran (a workload one of them declined would favour it, so it is left out of the comparison and "
        "named); the range is the smallest and largest of those ratios. The last column of each table is the same "
        "mean over every workload of the kind the library ran."),
    "What this does not tell": None,
}


def section(title):
    """The heading of one of SECTIONS and the paragraph that opens it."""
    opening = SECTIONS[title]
    return [Heading(2, title)] + ([Para(opening)] if opening else [])


def equivalent_command(context):
    run = context.run
    engines = ",".join(engine for engine, _ in run.engines())
    workloads = ",".join(dict.fromkeys(r.workload_id for r in run.rows + run.unsupported))
    parts = ["rxbench-libraries", f"--engine {engines}", f"--workload '{workloads}'"]
    metrics = run.metrics()
    if metrics and all(m.startswith("instructions_") for m in metrics):
        parts.append("--instructions")
    else:
        parts.append(f"--profile {run.context['profile']}")
    if run.context["allocator"] == "jemalloc":
        parts.append("--allocator jemalloc")
    # A row stopped by the time limit on a workload measured in rxbench's own process by default: the run was
    # made with --isolation process --time-limit N (the wide fan-in's own limit needs neither).
    limits = {int(m.group(1)) for u in run.unsupported if u.workload != "FanIn"
              for m in [re.search(r"did not finish within (\d+) s", u.reason)] if m}
    if limits:
        parts.append(f"--isolation process --time-limit {max(limits)}")
    parts.append(f"--format csv --output {context.path}")
    return " \\\n    ".join(parts)


def repetitions(context):
    counts = [row.n for row in context.run.rows if row.metric in ("ns_per_event", "ns_per_lifecycle") and row.n]
    return int(statistics.median(counts)) if counts else None


def generator_command(args):
    csvs = " ".join(display_path(p) for p in args.csv)
    return (f"python3 scripts/rxtools findings --csv {csvs} --catalogue {display_path(args.catalogue)} "
            f"--out {display_path(args.out)}")


def page_blocks(contexts, args, charts_by_context, verdicts_by_context, decompositions_by_context):
    blocks = [Heading(1, "What rxbench found")]
    several = len(contexts) > 1
    blocks.append(Para(
        "This page ranks the reactive libraries people import (the rows of role `library`) on workloads that stand "
        "for app situations, says where each library's time goes, and gives a verdict per kind of work. Every figure "
        "and every ranking on it is computed by `python3 scripts/rxtools findings` from the CSV file(s) below; nothing is typed by "
        "hand, and CI checks that this page is what the generator makes of them. Figures are compared only within one "
        "context (one run on one machine)" + (": each context below is ranked on its own, and no figure of one is "
                                               "compared with a figure of another." if several else ".")))
    blocks.append(Para("Words used here (floor, lean engine, lifecycle, MAD, ...) are defined in "
                       f"[docs/glossary.md]({link_to('docs/glossary.md', args.out)}); the metrics in "
                       f"[docs/metrics.md]({link_to('docs/metrics.md', args.out)})."))
    blocks.append(Para("On this page: " + ", ".join(f"[{title}](#{anchor(title)})" for title in SECTIONS) + "."))
    blocks += section("What was run")
    blocks.append(Code(generator_command(args)))
    for context in contexts:
        c = context.run.context
        reps = repetitions(context)
        variants = [e for e, role in context.roles.items()
                    if e not in context.libraries and e not in context.lean and e != FLOOR]
        blocks.append(Heading(3, f"Context {context.letter}: {context.label}"))
        blocks.append(Bullets([
            f"file: `{context.path}`",
            f"cpu: {c['cpu']}; cores: {c['cores']}; allocator: {c['allocator']}; swift: {c['swift']}; "
            f"build: {c['build']}; profile: {c['profile']}" + (f" ({reps} timed repetitions per figure)" if reps else ""),
            f"date: {c['date']}; commit: {c['commit']}",
            "libraries ranked: " + ", ".join(f"{library_name(e)} (`{e}`)" for e in context.libraries),
            ("floor: `baseline`" if FLOOR in context.roles else "floor: none in this file (no x floor column)"),
            "lean engines (context, not ranked): " + (", ".join(f"`{e}`" for e in context.lean) or "none"),
            "other rows (used in the decomposition only): " + (", ".join(f"`{e}`" for e in variants) or "none"),
        ]))
        blocks.append(Para("An equivalent command for this file (reconstructed from its rows and workloads; the exact "
                           "one is with the file's run):"))
        blocks.append(Code(equivalent_command(context)))
        if context.run.context["build"] != "release":
            blocks.append(Para("**This file is of a debug build: its figures mean nothing.**"))

    # Scenarios.
    blocks += section("Scenarios")
    order = []
    for context in contexts:
        for s in context.scenarios:
            if (s.entry.group, s.workload_id) not in [(g, w) for g, w, _ in order]:
                order.append((s.entry.group, s.workload_id, s.entry))
    group = None
    for group_name, workload_id, entry in order:
        if group_name != group:
            group = group_name
            blocks.append(Heading(3, f"Group `{group}`"))
        blocks.append(Heading(4, workload_id))
        blocks.append(Para(f"{entry.summary[0].upper()}{entry.summary[1:]} (shape: {entry.shape})."))
        for context in contexts:
            s = next((x for x in context.scenarios if x.workload_id == workload_id), None)
            if s is None:
                if several:
                    blocks.append(Para(f"Context {context.letter}: not in this file."))
                continue
            if several:
                blocks.append(Para(f"Context {context.letter} ({context.label}):"))
            if s.lines:
                blocks.append(scenario_table(context, s))
            if s.absent:
                blocks.append(Bullets(absent_items(s)))
    for context in contexts:
        if context.hidden:
            blocks.append(Para(f"Not shown{' for context ' + context.letter if several else ''}: "
                               f"{len(context.hidden)} workload(s) of the file that no library row ran or declined ("
                               + ", ".join(f"`{w}`" for w in context.hidden) + ")."))

    # Decomposition.
    blocks += section("Where each library's time goes")
    any_decomposition = False
    for context in contexts:
        for decomposition in decompositions_by_context[context.slug]:
            any_decomposition = True
            name = library_name(decomposition.library)
            blocks.append(Heading(3, f"{name}" + (f" (context {context.letter})" if several else "")))
            notes = []
            if decomposition.note:
                notes.append(decomposition.note[0].upper() + decomposition.note[1:] + ".")
            if decomposition.missing:
                notes.append("Not in this file, so skipped: " + ", ".join(
                    f"`{row}` ({STEP_WORDS[step]})" for row, step in decomposition.missing) +
                    "; the step after it carries its cost.")
            if notes:
                blocks.append(Para(" ".join(notes)))
            if not decomposition.workloads:
                blocks.append(Para("No workload of the file has a figure for every step present."))
                continue
            blocks.append(Bullets([decomposition_sentence(context, decomposition, s) for s in decomposition.workloads]))
            blocks.append(decomposition_table(context, decomposition))
    others = [f"{library_name(lib)} (`{lib}`)" for context in contexts for lib in context.libraries
              if lib not in FAMILIES]
    if others:
        blocks.append(Para("Not decomposed (rxbench has no model of them): " + ", ".join(dict.fromkeys(others)) + "."))
    if not any_decomposition and not others:
        blocks.append(Para("No library of a modelled family in these files."))

    # Verdicts.
    blocks += section("Verdicts by kind of work")
    for kind in KINDS:
        blocks.append(Heading(3, kind.title))
        blocks.append(Para(f"{kind.what[0].upper()}{kind.what[1:]}."))
        for context in contexts:
            verdict = next(v for v in verdicts_by_context[context.slug] if v.kind.id == kind.id)
            if several:
                blocks.append(Para(f"Context {context.letter} ({context.label}):"))
            for sentence in verdict_text(context, verdict):
                blocks.append(Para(sentence))
            if verdict.standings or verdict.others:
                if len(verdict.standings) + len(verdict.others) >= 2:
                    blocks.append(standings_table(context, verdict))
                blocks.append(Para("The figures it rests on (medians; mallocs exact):"))
                blocks.append(evidence_table(context, verdict))
            for chart in charts_by_context[context.slug].get(kind.id, []):
                blocks.append(Image(chart.file, chart.alt))

    # Limits.
    blocks += section("What this does not tell")
    for context in contexts:
        if several:
            blocks.append(Heading(3, f"Context {context.letter}"))
        blocks.append(Bullets(limits(context, len(contexts))))
    return blocks


def limits(context, count):
    c = context.run.context
    malloc_rows = [r for r in context.run.rows if rxcsv.is_exact(r.metric) and r.metric.startswith("mallocs_")]
    counted = any(not r.unavailable for r in malloc_rows)
    items = [
        "Linux only: rxbench counts mallocs by defining malloc in its own executable, which works on Linux "
        + ("(and did in this run)" if counted else "(no malloc count in this file)")
        + ". Apple platforms, where most of these libraries ship, are not measured: their runtime, allocator and "
        "Combine (OpenCombine's row would be Apple's Combine there) may rank the libraries otherwise.",
        f"One CPU: {arch_of(c['cpu'])}, {c['cores']} cores. Another processor (an Arm phone, say) has other caches, "
        "atomics and branch costs; the ratios here are this machine's.",
        f"One allocator: {c['allocator']}. The malloc counts carry to any allocator; what each malloc costs in time "
        "does not.",
        f"One compiler: {c['swift']}, {c['build']} build.",
        "These library versions only: " + "; ".join(
            f"{library_name(e)} {LIBRARY_NAMES.get(e, (e, None))[1] or '(version not recorded)'}"
            for e in context.libraries) + ". Another release may change any figure.",
        ("One machine, one run" + (f" ({repetitions(context)} timed repetitions per figure)" if repetitions(context)
                                   else "") + ". Wall times are not comparable across machines (ranks flipped between "
         "two machines of the same kind): compare the ratios within a context, never a time of this page with one "
         "measured elsewhere." + (f" This page holds {count} contexts, each ranked on its own." if count > 1 else "")),
        "Workloads, not apps: each scenario reproduces one pattern of app code (its summary says which), with "
        "rxbench's closures; an app's own work between events is not in these figures.",
    ]
    flagged = sorted({(r.engine, r.workload_id) for r in context.run.rows if r.flag == rxcsv.BELOW_FLOOR})
    if flagged:
        items.append("Figures flagged below the floor (the floor is wrong there, or the run was disturbed): "
                     + ", ".join(f"`{e}` on `{w}`" for e, w in flagged) + ".")
    return items


def link_to(target, out):
    """A path of the repository (`docs/glossary.md`) as a link from DIR."""
    return os.path.relpath(os.path.join(REPOSITORY, target), os.path.abspath(out)).replace(os.sep, "/")


# ---------------------------------------------------------------------------------------------
# The README block.

def readme_scenarios(context):
    by_group = {}
    for s in context.scenarios:
        if len(s.library_lines()) >= 2:
            by_group.setdefault(s.entry.group, []).append(s)
    if not by_group:
        return []
    groups = [g for g in GROUP_ORDER if g in by_group] + [g for g in by_group if g not in GROUP_ORDER]
    pool = by_group[groups[0]]
    chosen = sorted(pool, key=lambda s: (-len(s.library_lines()), context.scenarios.index(s)))[:6]
    return sorted(chosen, key=lambda s: context.scenarios.index(s))


def why_line(context, decomposition):
    """One line: which step of the decomposition is the largest, on how many of its workloads, with figures."""
    name = library_name(decomposition.library)
    if not decomposition.workloads:
        return f"{name}: no workload of the file has every step of its decomposition."
    steps = [(s, largest_step(context, decomposition, s)) for s in decomposition.workloads]
    steps = [(s, step) for s, step in steps if step]
    if not steps:
        return f"{name}: no step of its decomposition can be compared (a zero figure)."
    tally = {}
    for _, step in steps:
        tally[step[0]] = tally.get(step[0], 0) + 1
    order = list(tally)
    common = max(tally, key=lambda k: (tally[k], -order.index(k)))
    s, step = next((s, step) for s, step in steps if step[0] == common)
    chain = " -> ".join(f"`{row}` {figure(context.value(row, s.workload_id, s.time_metric))}"
                        for row, _ in decomposition.present)
    return (f"{name}: the largest step from its design to the library is {step_words(common)} on "
            f"{tally[common]} of {len(decomposition.workloads)} workloads; on `{s.workload_id}` that step is "
            f"{times(step[1])} ({chain} {context.unit_of(s.time_metric)}).")


def verdict_line(context, verdict):
    """One line of a verdict for the README: the kind, each ranked library's geometric mean, or None."""
    if len(verdict.standings) < 2 or not verdict.compared:
        return None
    ranked = ", ".join(f"{library_name(st.library)} {times(st.geomean)}" for st in verdict.standings)
    caveats = [CAVEATS[(verdict.kind.id, st.library)] for st in verdict.standings
               if (verdict.kind.id, st.library) in CAVEATS]
    return " ".join([f"{verdict.kind.title} ({len(verdict.compared)} workloads): {ranked}."] + caveats)


def readme_block(contexts, decompositions_by_context, args):
    lines = [BEGIN, "",
             f"Made by `python3 scripts/rxtools findings` from {', '.join(f'`{c.path}`' for c in contexts)}; do not edit between the "
             "markers (run it with `--readme` again). Each cell is the library's median time over the fastest "
             "library's on that scenario (1.00x = the fastest; — = no figure), within one run:", ""]
    for context in contexts:
        chosen = readme_scenarios(context)
        if len(contexts) > 1:
            lines += [f"Context {context.letter} ({context.label}):", ""]
        if not chosen:
            lines += ["No scenario with two or more libraries in this file.", ""]
            continue
        libraries = [lib for lib in context.libraries if any(
            line.engine == lib for s in chosen for line in s.library_lines())]
        lines.append(f"<!-- figures: {context.path} -->")
        lines.append("")
        lines.append("| library | " + " | ".join(f"{s.workload_id} ×" for s in chosen) + " |")
        lines.append("|---|" + "---:|" * len(chosen))
        for lib in libraries:
            cells = []
            for s in chosen:
                line = next((x for x in s.library_lines() if x.engine == lib), None)
                cells.append(times(line.ratio_fastest) if line else "—")
            lines.append(f"| {library_name(lib)} (`{lib}`) | " + " | ".join(cells) + " |")
        lines.append("")
        lines += ["The scenarios:", ""] + [f"- `{s.workload_id}`: {s.entry.summary}." for s in chosen] + [""]
        short = [verdict_line(context, v) for v in verdicts(context)]
        short = [line for line in short if line]
        if short:
            lines += ["Verdicts by kind of work (geometric mean of each library's ratio to the fastest, over the "
                      "workloads of the kind every ranked library ran):", ""] + [f"- {line}" for line in short] + [""]
        whys = [why_line(context, d) for d in decompositions_by_context[context.slug]]
        others = [lib for lib in libraries if lib not in FAMILIES]
        whys += [f"{library_name(lib)}: not decomposed (rxbench has no model of it)." for lib in others]
        if whys:
            lines += ["Why, from the decomposition:", ""] + [f"- {w}" for w in whys] + [""]
    findings = os.path.relpath(os.path.join(args.out, PAGE), os.path.dirname(os.path.abspath(args.readme)) or ".")
    findings = findings.replace(os.sep, "/")
    lines += [f"Every scenario, the decomposition and the verdicts by kind of work: [{findings}]({findings}).", "", END]
    return "\n".join(lines)


def replace_block(path, text, block):
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < 0 or end < begin or text.count(BEGIN) > 1 or text.count(END) > 1:
        raise Problem(f"{path}: needs one `{BEGIN}` line and, after it, one `{END}` line where the findings block "
                      "goes; add them")
    return text[:begin] + block + text[end + len(END):]


def read_readme(path):
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise Problem(f"{path}: no such file; give --readme the README that holds the findings markers") from None
    except (OSError, UnicodeDecodeError) as error:
        raise Problem(f"{path}: cannot be read ({error})") from None
    replace_block(path, text, "")   # checks the markers
    return text


# ---------------------------------------------------------------------------------------------
# Rendering.

INLINE = re.compile(r"`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*")


def inline_html(text):
    out, position = [], 0
    for match in INLINE.finditer(text):
        out.append(html.escape(text[position:match.start()], quote=False))
        if match.group(1) is not None:
            out.append(f"<code>{html.escape(match.group(1), quote=False)}</code>")
        elif match.group(2) is not None:
            out.append(f'<a href="{html.escape(match.group(3))}">{inline_html(match.group(2))}</a>')
        else:
            out.append(f"<strong>{inline_html(match.group(4))}</strong>")
        position = match.end()
    out.append(html.escape(text[position:], quote=False))
    return "".join(out)


def anchor(text):
    """The id GitHub gives a markdown heading, so that the same links work in FINDINGS.md and index.html."""
    return re.sub(r"[^a-z0-9 _-]", "", text.lower()).replace(" ", "-")


def markdown(blocks):
    out = ["<!-- Generated by scripts/rxtools findings from the CSV(s) it names; do not edit: run it again. -->", ""]
    for block in blocks:
        if isinstance(block, Heading):
            out += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Para):
            out += [block.text, ""]
        elif isinstance(block, Bullets):
            out += [f"- {item}" for item in block.items] + [""]
        elif isinstance(block, Code):
            out += ["```sh", block.text, "```", ""]
        elif isinstance(block, Image):
            out += [f"![{block.alt}]({block.file})", ""]
        elif isinstance(block, Table):
            if block.marker:
                out += [f"<!-- figures: {block.marker} -->", ""]
            out.append("| " + " | ".join(block.header) + " |")
            out.append("|" + "".join("---:|" if right else "---|" for right in block.numeric))
            out += ["| " + " | ".join(row) + " |" for row in block.rows]
            out.append("")
    return "\n".join(out)


STYLE = """
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #222;
       margin: 0 auto; padding: 1.5em 2em 4em; max-width: 1100px; }
h1 { margin-bottom: 0.3em; } h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2em; margin-top: 2.2em; }
h3 { margin-top: 1.8em; } h4 { margin: 1.6em 0 0.3em; font-size: 1.05em; }
a { color: #1f5fa8; }
code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; background: #f3f3f3; padding: 0 3px; border-radius: 3px; }
pre { background: #f6f6f6; padding: 0.7em 1em; overflow-x: auto; border-radius: 4px; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 0.6em 0 1em; }
th, td { padding: 3px 9px; border: 1px solid #e2e2e2; vertical-align: top; }
th { background: #f4f4f4; text-align: left; font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; }
img { max-width: 100%; height: auto; display: block; margin: 0.8em 0 1.4em; }
"""


def html_page(blocks):
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>What rxbench found</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
           "<!-- Generated by scripts/rxtools findings from the CSV(s) it names; do not edit: run it again. -->"]
    for block in blocks:
        if isinstance(block, Heading):
            out.append(f'<h{block.level} id="{anchor(block.text)}">{inline_html(block.text)}</h{block.level}>')
        elif isinstance(block, Para):
            out.append(f"<p>{inline_html(block.text)}</p>")
        elif isinstance(block, Bullets):
            out.append("<ul>" + "".join(f"<li>{inline_html(item)}</li>" for item in block.items) + "</ul>")
        elif isinstance(block, Code):
            out.append(f"<pre><code>{html.escape(block.text, quote=False)}</code></pre>")
        elif isinstance(block, Image):
            out.append(f'<img src="{html.escape(block.file)}" alt="{html.escape(block.alt)}">')
        elif isinstance(block, Table):
            if block.marker:
                out.append(f"<!-- figures: {html.escape(block.marker, quote=False)} -->")
            head = "".join(f'<th{" class=num" if right else ""}>{inline_html(name)}</th>'
                           for name, right in zip(block.header, block.numeric))
            body = "".join("<tr>" + "".join(f'<td{" class=num" if right else ""}>{inline_html(value)}</td>'
                                            for value, right in zip(row, block.numeric)) + "</tr>"
                           for row in block.rows)
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# Build, write, check.

def read(args):
    """Every input, checked: (runs, catalogue, the README's text or None). Problem on the first bad one."""
    runs, catalogue = read_inputs(args.csv, args.catalogue)
    return runs, catalogue, (read_readme(args.readme) if args.readme else None)


def build(inputs, args):
    """Everything the generator writes, in memory: ({file name: bytes}, the README's new bytes or None)."""
    runs, catalogue, readme_text = inputs
    contexts = build_contexts(runs, catalogue)
    verdicts_by, decompositions_by, charts_by, all_charts = {}, {}, {}, []
    for context in contexts:
        verdicts_by[context.slug] = verdicts(context)
        decompositions_by[context.slug] = decompositions(context)
        charts_by[context.slug] = {}
        for verdict in verdicts_by[context.slug]:
            made = verdict_charts(context, verdict)
            charts_by[context.slug][verdict.kind.id] = made
            all_charts += made
    blocks = page_blocks(contexts, args, charts_by, verdicts_by, decompositions_by)
    block = readme_block(contexts, decompositions_by, args) if args.readme else None
    files = {PAGE: markdown(blocks).encode("utf-8"), HTML_PAGE: html_page(blocks).encode("utf-8")}
    for chart in all_charts:
        files[chart.file] = chart.png
    readme = replace_block(args.readme, readme_text, block).encode("utf-8") if args.readme else None
    return files, readme


def is_previous_output(path):
    return not os.listdir(path) or os.path.isfile(os.path.join(path, PAGE))


def write_directory(files, out):
    """Every file into a temporary directory beside `out`, then renamed into place; the old `out` is removed
    only once the new one is complete. OutputError on a failure, which leaves `out` as it was."""
    out = os.path.abspath(out)
    if os.path.isdir(out) and not is_previous_output(out):
        raise outfile.OutputError(f"{out}: exists and is not a findings directory (no {PAGE} in it); give a new or "
                                  "empty directory for --out")
    parent = os.path.dirname(out)
    outfile.make_directory(parent)
    staging = None
    try:
        with outfile.interrupts_held_back():
            staging = tempfile.mkdtemp(prefix=f".{os.path.basename(out)}.", dir=parent)
        for name, data in files.items():
            outfile.write_atomically(os.path.join(staging, name), data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(staging, 0o777 & ~umask)
        with outfile.interrupts_held_back():
            if os.path.isdir(out):
                old = tempfile.mkdtemp(prefix=f".{os.path.basename(out)}.old.", dir=parent)
                os.rename(out, os.path.join(old, "previous"))
                os.rename(staging, out)
                staging = None
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.rename(staging, out)
                staging = None
    except OSError as error:
        raise outfile.OutputError(f"{out}: cannot be written ({outfile.problem(error)})") from None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def pixels(data):
    import matplotlib.image
    return matplotlib.image.imread(io.BytesIO(data), format="png")


def same_file(name, made, committed):
    if made == committed:
        return True
    if name.endswith(".png"):
        try:
            a, b = pixels(made), pixels(committed)
        except Exception:   # a committed file that is not a PNG any more
            return False
        return a.shape == b.shape and bool((a == b).all())
    return False


def first_difference(files, out):
    """The one line naming the first file of `out` that is not what the generator makes, or None."""
    shown = display_path(out)
    if not os.path.isdir(out):
        return f"{shown}: missing; run rxtools findings without --check to make it"
    existing = {name for name in os.listdir(out) if not name.startswith(".")}
    names = [PAGE, HTML_PAGE] + sorted(set(files) - {PAGE, HTML_PAGE})
    for name in names:
        if name not in existing:
            return f"{shown}/{name}: missing (the generator makes it); run rxtools findings without --check"
        with open(os.path.join(out, name), "rb") as handle:
            committed = handle.read()
        if not same_file(name, files[name], committed):
            return f"{shown}/{name}: differs from what rxtools findings makes from these inputs; run it without --check"
    extra = sorted(existing - set(files))
    if extra:
        return f"{shown}/{extra[0]}: not made by rxtools findings from these inputs; run it without --check"
    return None


def check(files, readme, args):
    """--check: regenerate into a temporary directory and compare with --out and the README block."""
    with tempfile.TemporaryDirectory(prefix="findings-check-") as scratch:
        fresh = os.path.join(scratch, "out")
        write_directory(files, fresh)
        regenerated = {}
        for name in os.listdir(fresh):
            with open(os.path.join(fresh, name), "rb") as handle:
                regenerated[name] = handle.read()
    difference = first_difference(regenerated, args.out)
    if difference is None and readme is not None:
        with open(args.readme, "rb") as handle:
            if handle.read() != readme:
                difference = (f"{display_path(args.readme)}: its findings block differs from what rxtools findings makes "
                              "from these inputs; run it with --readme and without --check")
    return difference


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--csv", nargs="+", required=True, metavar="RUN.csv", help="rxbench CSV reports, one per context")
    parser.add_argument("--catalogue", required=True, metavar="WORKLOADS.csv",
                        help="workload,group,shape,summary per workload")
    parser.add_argument("--out", default=DEFAULT_OUT, metavar="DIR", help=f"output directory (default {DEFAULT_OUT})")
    parser.add_argument("--readme", metavar="README.md", help="rewrite the block between the findings markers")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 unless --out (and the README block) are what this would make")
    args = parser.parse_args(argv)
    try:
        if args.readme == "":
            raise Problem("--readme is empty; give the README that holds the findings markers")
        inputs = read(args)
        if not args.check:
            outfile.check_directory(args.out)
            if args.readme is not None:
                outfile.check_file(args.readme, "--readme")
            if os.path.isdir(args.out) and not is_previous_output(args.out):
                raise outfile.OutputError(f"{args.out}: exists and is not a findings directory (no {PAGE} in it); "
                                          "give a new or empty directory for --out")
    except (Problem, outfile.OutputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    files, readme = build(inputs, args)
    try:
        if args.check:
            difference = check(files, readme, args)
            if difference:
                print(f"{PROG}: {difference}", file=sys.stderr)
                return 1
            print(f"{PROG}: {display_path(args.out)} is what these inputs make ({len(files)} files"
                  f"{', and the README block' if readme is not None else ''})")
            return 0
        write_directory(files, args.out)
        if readme is not None:
            outfile.write_atomically(args.readme, readme)
    except outfile.OutputError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    charts_count = sum(1 for name in files if name.endswith(".png"))
    print(f"wrote {os.path.join(display_path(args.out), PAGE)}, {HTML_PAGE} and {charts_count} charts"
          + (f"; rewrote the findings block of {display_path(args.readme)}" if readme is not None else ""))
    return 0
