"""Every figure README.md and docs/ quote from a results file must still be in that file, as the figure of
the very (row, workload, metric, statistic) its table cell stands for.

A markdown table whose figures come from a results file is preceded by a marker line that names the file
and says where each of the four coordinates of a figure comes from:

    <!-- figures: results/2026-11-23-standard/system.csv metric=ns_per_event -->
    <!-- figures: results/fidelity/standard.csv workload=col:5 metric=col:5|ns_per_event engine[6]=col:1
         engine[7]=rows:sink-fused;sink-locked;... -->    (on one line)

Keys, each `KEY=VALUE` (no spaces); `KEY[N]=VALUE` applies to column N only (columns count from 1):
- engine:   the row of the results file (`sink`, `baseline`). Default `header`: the figure's column header
            names it (`sink (target 3x)` names sink).
- workload: the workload with its parameters (`DisposeLatency[depth=10,siblings=0]`; parameters the file
            has and the text leaves out may be left out when only one workload fits). Default `col:1`.
- metric:   the metric id (`ns_per_event`, `mallocs_per_lifecycle`, `dispose_latency`). Default: the column
            headed `metric` if the table has one (as scripts/rxtools proxies writes it), else the figure's column
            header if it names a metric; a table that names it nowhere fails. A text names a metric by its id,
            or by its unit as the tables write it (`ns/event`, `mallocs/lifecycle`, `bytes/live subscription`,
            `dispose ns`).
- stat:     the statistic (median, min, max, mad, p90, p99, p999; `p50` is the median), or `any` (any
            statistic of the pinned row: for a table that mixes them without a pattern). Default `median`.
Each VALUE is one of, or several separated by `|` and tried in order until one names something:
- `header`: the text of the figure's column header;  `col:N`: the text of column N in the figure's row;
- `rows:A;B;...`: one value per body row of the table, in order (`-` for a row without figures);
- a literal: the id itself. A literal may list values separated by `/`, taken by the cell's figures in order
  (`stat=median/mad` for cells written `55.71 (0.794)`, `workload=W[depth=1]/W[depth=10]` for `3 / 11`), the
  list starting again when the cell has more figures.
A text names an engine or a workload when it contains exactly one id of the file's, as a whole word
(`sink: fusion` names sink; `NeverMapLifecycle[depth=10], mallocs/lifecycle` names that workload and metric).

Figure columns are every column but the first, the columns a `col:N` reads, and those whose header names a
ratio ('x', 'ratio', '%', '×'). A cell's figures are its numbers (units and SI prefixes understood: ns, µs,
ms, k, M, B, kB); `42.07 (41..48) (4.8x)` is three figures and a ratio, which must be the cell's first figure
over the floor's (`baseline` column) figure in the same row. A figure must equal, at the precision it is
written with, the pinned statistic of the pinned (row, workload, metric) of the file; a figure of another row,
workload, metric or statistic fails. A figure whose coordinates cannot all be pinned fails with one line saying
which key to add: there is no fallback to "some row of the file".

Files: an rxbench CSV report (docs/csv-schema.md, read with rxcsv), or the CSV of rxtools profile-shares, whose
`profile` (`sink-locked-MapFilterPumping`) is a row and a workload, whose `kind` is the metric, and whose
statistics are `share_percent` and `instructions`. A marker may name a glob instead (`results/contention/DIR/
*.csv`, for an A/B whose runs are one file each): a figure must then be that of its pinned coordinates in one
of the files it matches. A marker naming a missing file, a glob matching none or a file that cannot be read
fails with one line naming the document, the line and the file. Exit 1 on any failure.

    python3 scripts/rxtools doc-figures [FILES...]      (default: README.md and docs/**/*.md)
    python3 scripts/rxtools doc-figures --rewrite [FILES...]

--rewrite: after the results file of a table was regenerated, writes into each stale cell the figure it stands
for (four significant digits at most, as scripts/rxtools proxies prints them), where the cell's stale figure is a
plain number and its pinned statistic is one value; what it cannot rewrite (a figure with a unit, a ratio, a
figure with no value or several) is still reported, and the exit status is that of a check after the rewrite.
Review the diff: the text around a table may quote the old figures. Every document to rewrite is checked to be
writable before any is rewritten, and each is written as scripts/rxtools/outfile.py writes (a temporary file renamed when
complete, through a symbolic link, keeping the file's mode): one that cannot be written is one line naming it,
exit 1, and the documents are left as they were. `--help` prints the usage; any other argument is a document.
"""
import argparse
import csv
import glob
import os
import re
import sys
from dataclasses import dataclass

from . import outfile, rxcsv
from .proxies import figure as printed_figure

PROG = "rxtools doc-figures"   # the name its messages begin with

MARKER = re.compile(r"<!--\s*figures:\s*(\S+)(.*?)-->")
OPTION = re.compile(r"^(engine|workload|metric|stat)(?:\[(\d+)\])?=(\S+)$")
KEYS = ("engine", "workload", "metric", "stat")
DEFAULTS = {"engine": "header", "workload": "col:1", "metric": None, "stat": "median"}
SHARES_HEADER = ["profile", "kind", "instructions", "share_percent"]
STAT_WORDS = {"p50": "median", "median": "median", "p90": "p90", "p99": "p99", "p999": "p999"}
# How the tables write a metric: its unit, or words for it; the longest phrase is tried first.
METRIC_PHRASES = {
    "ns/event": "ns_per_event", "ns per event": "ns_per_event", "ns/lifecycle": "ns_per_lifecycle",
    "mallocs/event": "mallocs_per_event", "mallocs per event": "mallocs_per_event",
    "mallocs/lifecycle": "mallocs_per_lifecycle", "mallocs per lifecycle": "mallocs_per_lifecycle",
    "bytes/event": "bytes_per_event", "bytes per event": "bytes_per_event",
    "bytes/lifecycle": "bytes_per_lifecycle", "bytes per lifecycle": "bytes_per_lifecycle",
    "instructions/event": "instructions_per_event", "instructions per event": "instructions_per_event",
    "instructions/lifecycle": "instructions_per_lifecycle", "instructions per lifecycle": "instructions_per_lifecycle",
    "bytes/live subscription": "bytes_per_live_subscription", "bytes per live subscription": "bytes_per_live_subscription",
    "bytes/subscription": "bytes_per_live_subscription",
    "bytes held/value": "bytes_held_per_event", "bytes held per value": "bytes_held_per_event",
    "dispose ns": "dispose_latency", "dispose p50": "dispose_latency", "dispose p99": "dispose_latency",
    "dispose()": "dispose_latency", "subscribe ns": "subscribe_latency", "subscribe()": "subscribe_latency",
}
NUMBER = re.compile(r"^[~≈]?\s*(-?\d+(?:\.\d+)?)\s*(ns|µs|us|ms|s|k|M|G|B|kB|MB|mallocs?|instr(?:uctions)?)?\b.*$")
SCALE = {"ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "k": 1e3, "M": 1e6, "G": 1e9, "kB": 1e3, "MB": 1e6}
FLOOR = "baseline"
RATIO = re.compile(r"^(\d+(?:\.\d+)?)x$")
# A cell's parts: `a / b`, `a (mad)`, `a (min..max)`.
PARTS = re.compile(r"\s*[|/;]\s*|\s+\(|\)|\.\.")


REWRITES = []  # with --rewrite: (path, line number, column, stale text, figure), collected by check_table
CHECKED = []   # every figure compared with its pinned statistic, so that the summary can say how many


class Unpinned(Exception):
    """A coordinate of a figure that the marker does not let the check find: the one-line remedy."""


@dataclass
class Record:
    engine: str
    workload: str
    parameters: dict
    metric: str
    stats: dict

    @property
    def workload_id(self):
        text = ",".join(f"{k}={v}" for k, v in self.parameters.items())
        return f"{self.workload}[{text}]" if text else self.workload


def load_source(source):
    """The records of the file(s) `source` names; OSError (one line) when it names none or one is unreadable."""
    paths = sorted(glob.glob(source)) if any(char in source for char in "*?[") else [source]
    if not paths:
        raise OSError(f"names {source}, which matches no file")
    records = []
    for path in paths:
        if not os.path.isfile(path):
            raise OSError(f"names {path}, which does not exist")
        with open(path, newline="", encoding="utf-8") as handle:
            first = next(csv.reader(handle), [])
        if first == SHARES_HEADER:
            records += shares_records(path)
            continue
        try:
            run = rxcsv.load(path)
        except rxcsv.InputError as error:
            raise OSError(f"names {error}") from None
        records += [Record(row.engine, row.workload, row.parameters, row.metric,
                           {name: value for name, value in row.stats.items() if value is not None})
                    for row in run.rows]
    return records


def shares_records(path):
    """The CSV of rxtools profile-shares: `profile` is ROW-WORKLOAD (the workload is the part after the last
    hyphen that starts a capitalised word), `kind` the metric."""
    records = []
    with open(path, newline="", encoding="utf-8") as handle:
        for line, row in enumerate(csv.DictReader(handle), start=2):
            match = re.match(r"^(.+)-([A-Z][A-Za-z0-9]*)$", row["profile"])
            try:
                stats = {"share_percent": float(row["share_percent"]), "instructions": float(row["instructions"])}
            except (TypeError, ValueError):
                raise OSError(f"names {path}, whose line {line} is not profile,kind,instructions,share_percent") from None
            engine, workload = (match.group(1), match.group(2)) if match else (row["profile"], "")
            records.append(Record(engine, workload, {}, row["kind"], stats))
    return records


def parse_marker(text):
    """{key: {column or None: value}} of a marker's options; ValueError names a malformed one."""
    options = {key: {None: DEFAULTS[key]} for key in KEYS}
    for token in text.split():
        match = OPTION.match(token)
        if not match:
            raise ValueError(f"'{token}' is not KEY=VALUE or KEY[N]=VALUE with KEY one of {', '.join(KEYS)}")
        key, column, value = match.groups()
        options[key][int(column) if column else None] = value
    return options


def words(text):
    return text.replace("`", "").replace("*", "").strip()


def named_ids(text, ids):
    """The ids of `ids` that occur in `text` as whole words (an id's own hyphens are part of it)."""
    found = []
    for name in sorted(ids, key=len, reverse=True):
        for match in re.finditer(r"(?<![A-Za-z0-9_-])" + re.escape(name) + r"(?![A-Za-z0-9_-])", text):
            if not any(start <= match.start() < end for _, start, end in found):
                found.append((name, match.start(), match.end()))
    return list(dict.fromkeys(name for name, _, _ in found))


class Pins:
    """Where each coordinate of each figure of one table comes from, and the resolution of texts to ids."""

    def __init__(self, options, records, header, body):
        self.options, self.records, self.header, self.body = options, records, header, body
        self.engines = {r.engine for r in records}
        self.workloads = {r.workload for r in records}
        self.metrics = {r.metric for r in records}
        self.read_columns = {int(alt[4:]) for per_column in options.values() for value in per_column.values()
                             if value for alt in value.split("|") if re.fullmatch(r"col:\d+", alt)}
        self.read_columns |= {index for index, name in enumerate(header, start=1) if name.lower() == "metric"}

    def source(self, key, column):
        value = self.options[key].get(column, self.options[key][None])
        if value is None and key == "metric":
            # The table names it itself: a column headed `metric` (as scripts/rxtools proxies writes), or the
            # figure's own column header (`ns/event`).
            headed = [index for index, name in enumerate(self.header, start=1) if name.lower() == "metric"]
            if headed:
                return f"col:{headed[0]}"
            if self.metrics_in(words(self.header_text(column))):
                return "header"
        return value

    def resolve(self, key, row_index, column, part_index):
        """The id of `key` for a figure (row of the body, 1-based column, index among the cell's figures)."""
        value = self.source(key, column)
        if value is None:
            raise Unpinned(f"names no {key} for column {column} ('{self.header_text(column)}'): add {key}=ID, "
                           f"{key}=col:N or {key}=header to the marker")
        for alternative in value.split("|"):
            if alternative == "header":
                found = self.from_text(key, self.header_text(column))
            elif re.fullmatch(r"col:\d+", alternative):
                cells = self.body[row_index]
                index = int(alternative[4:]) - 1
                found = self.from_text(key, cells[index] if index < len(cells) else "")
            elif alternative.startswith("rows:"):
                values = alternative[5:].split(";")
                if len(values) != len(self.body):
                    raise Unpinned(f"{key}[{column}]={alternative} lists {len(values)} rows, the table has "
                                   f"{len(self.body)}: give one value per body row ('-' for none)")
                found = self.literal(key, values[row_index], part_index)
            else:
                found = self.literal(key, alternative, part_index)
            if found is not None:
                return found
        raise Unpinned(f"cannot pin the {key} of row {row_index + 1}, column {column} ('{self.header_text(column)}') "
                       f"with {key}={value}: name it in that text, or add {key}=ID or {key}[{column}]=rows:... "
                       "to the marker")

    def header_text(self, column):
        return self.header[column - 1] if column - 1 < len(self.header) else ""

    def literal(self, key, value, part_index):
        if value == "-":
            return None
        choices = value.split("/")
        chosen = choices[part_index % len(choices)]
        if key == "stat":
            chosen = STAT_WORDS.get(chosen, chosen)
            if chosen != "any" and chosen not in rxcsv.STATISTICS + ["share_percent", "instructions"]:
                raise Unpinned(f"stat={value}: '{chosen}' is not a statistic (median, min, max, mad, p90, p99, "
                               "p999, share_percent, instructions) nor 'any'")
        return chosen

    def from_text(self, key, text):
        text = words(text)
        if key == "engine":
            found = named_ids(text, self.engines)
        elif key == "workload":
            found = [self.workload_in(text)] if self.workload_in(text) else []
        elif key == "metric":
            found = self.metrics_in(text)
        else:
            found = list(dict.fromkeys(STAT_WORDS[w] for w in re.findall(r"\b(p50|p90|p99|p999|median)\b", text)))
        if len(found) > 1:
            raise Unpinned(f"'{text}' names more than one {key} ({', '.join(found)}): pin it in the marker")
        return found[0] if found else None

    def workload_in(self, text):
        names = named_ids(re.sub(r"\[[^\]]*\]", "", text), self.workloads)
        if len(names) > 1:
            raise Unpinned(f"'{text}' names more than one workload ({', '.join(names)}): pin it in the marker")
        if not names:
            return None
        match = re.search(re.escape(names[0]) + r"(\[[^\]]*\])?", text)
        return names[0] + (match.group(1) or "")

    def metrics_in(self, text):
        if text in self.metrics:
            return [text]
        found, lowered = [], text.lower()
        for phrase in sorted(METRIC_PHRASES, key=len, reverse=True):
            if phrase in lowered:
                found.append(METRIC_PHRASES[phrase])
                lowered = lowered.replace(phrase, " ")
        found += named_ids(lowered, self.metrics)
        return list(dict.fromkeys(found))

    def candidates(self, engine, workload, metric):
        """The records of (engine, workload, metric); a workload written without some of its parameters
        fits when only one workload id of the file has those it names."""
        name, _, given = workload.partition("[")
        try:
            wanted = {k: str(v) for k, v in rxcsv.parse_parameters("doc", 0, given.rstrip("]")).items()}
        except rxcsv.InputError:
            raise Unpinned(f"'{workload}' is not a workload id: NAME or NAME[k=v,...]") from None
        fitting = [r for r in self.records if r.engine == engine and r.metric == metric and r.workload == name
                   and all(str(r.parameters.get(k)) == v for k, v in wanted.items())]
        exact = [r for r in fitting if r.workload_id == workload or (not given and not r.parameters)]
        if exact:
            return exact
        if len({r.workload_id for r in fitting}) > 1:
            raise Unpinned(f"{workload} fits {len({r.workload_id for r in fitting})} workloads of {engine} "
                           f"({', '.join(sorted({r.workload_id for r in fitting})[:3])}, ...): write its parameters")
        return fitting


def first_number(cell):
    match = NUMBER.match(cell.strip().strip("*"))
    return float(match.group(1)) if match else None


def ratio_matches(text, value):
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(round(value, decimals) - float(text)) <= 0.5 * 10 ** (-decimals) + 1e-9


def matches(cell, values):
    """True or False when `cell` is a figure (is it one of `values` at its precision?); None when it is not."""
    match = NUMBER.match(cell.strip().strip("*"))
    if not match:
        return None
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


def is_ratio_column(name):
    name = name.lower()
    return "ratio" in name or "%" in name or bool(re.search(r"(^|\s)x(\s|$)|×", name))


def split_row(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def check_table(path, line, source, records, options, header, body, first_body_line):
    """The failures of one table; an unpinnable figure stops its table at the first, in one line."""
    failures = []
    pins = Pins(options, records, header, body)
    floor_column = header.index(FLOOR) if FLOOR in header else None
    for row_index, cells in enumerate(body):
        where = f"{path}:{first_body_line + row_index}"
        floor = first_number(cells[floor_column]) if floor_column is not None and floor_column < len(cells) else None
        for column, cell in enumerate(cells[1:], start=2):
            if column in pins.read_columns or is_ratio_column(pins.header_text(column)):
                continue
            figure, part_index = None, 0
            for part in PARTS.split(cell):
                ratio = RATIO.match(part)
                if ratio:
                    # "42.07 (41..48) (4.8x)": the cell's figure over the floor's figure in the same row.
                    if figure is None or not floor or not ratio_matches(ratio.group(1), figure / floor):
                        failures.append(f"{where}: '{part}' is not {figure} / the floor ({floor})")
                    continue
                if not part or first_number(part) is None:
                    continue
                try:
                    engine, workload, metric, stat = (pins.resolve(key, row_index, column, part_index) for key in KEYS)
                    rows = pins.candidates(engine, workload, metric)
                except Unpinned as problem:
                    return failures + [f"{path}:{line}: table of {source}: {problem}"]
                part_index += 1
                CHECKED.append(part)
                if figure is None:
                    figure = first_number(part)   # a ratio refers to the cell's first figure
                if not rows:
                    failures.append(f"{where}: '{part}': {source} has no {metric} of {engine} on {workload}")
                    continue
                values = [v for r in rows for s, v in r.stats.items() if stat == "any" or s == stat]
                if not matches(part, values):
                    if REWRITING and len(set(values)) == 1 and PLAIN_NUMBER.match(part):
                        REWRITES.append((path, first_body_line + row_index, column, part, printed_figure(values[0])))
                        continue
                    failures.append(f"{where}: '{part}' is not the {stat} {metric} of {engine} on {workload} "
                                    f"in {source}")
    return failures


def check(path):
    failures = []
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        marker = MARKER.search(lines[index])
        index += 1
        if not marker:
            if re.search(r"<!--\s*figures:", lines[index - 1]):
                failures.append(f"{path}:{index}: a figures marker must be one line: "
                                "<!-- figures: FILE KEY=VALUE ... -->")
            continue
        marker_line, source = index, marker.group(1)
        try:
            options = parse_marker(marker.group(2))
            records = load_source(source)
        except (ValueError, OSError) as error:
            failures.append(f"{path}:{marker_line}: {error}")
            continue
        while index < len(lines) and not lines[index].lstrip().startswith("|"):
            index += 1
        header = split_row(lines[index]) if index < len(lines) else []
        index += 2  # header and separator
        first_body_line, body = index + 1, []
        while index < len(lines) and lines[index].lstrip().startswith("|"):
            body.append(split_row(lines[index]))
            index += 1
        failures += check_table(path, marker_line, source, records, options, header, body, first_body_line)
    return failures


REWRITING = False
PLAIN_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")


def rewrite(rewrites):
    """Writes each figure into its cell: `column` (1-based) of the table row at `line` (1-based). Every document is
    checked to be writable first, so that a refusal leaves them all as they were; OutputError names the first
    that cannot be."""
    by_path = {}
    for path, line, column, stale, value in rewrites:
        by_path.setdefault(path, []).append((line, column, stale, value))
    for path in by_path:
        outfile.check_file(path, "--rewrite", remedy="make it writable, or check without --rewrite")
    for path, edits in by_path.items():
        lines = open(path, encoding="utf-8").read().split("\n")
        for line, column, stale, value in edits:
            cells = lines[line - 1].split("|")   # cells[0] is the text before the first bar
            cells[column] = re.sub(rf"(?<![\d.]){re.escape(stale)}(?![\d.])", value, cells[column], count=1)
            lines[line - 1] = "|".join(cells)
        outfile.write_atomically(path, "\n".join(lines))
        print(f"{PROG}: rewrote {len(edits)} figure(s) in {path}")


def main(argv=None):
    global REWRITING
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Every figure README.md and docs/ quote from a results file is that file's figure of the row, "
                    "workload, metric and statistic its table's marker pins (the marker's keys: this script's "
                    "docstring).")
    parser.add_argument("files", nargs="*", metavar="FILE", help="documents to check (default: README.md and docs/**/*.md)")
    parser.add_argument("--rewrite", action="store_true",
                        help="write into each stale cell the figure it stands for, then check")
    args = parser.parse_args(argv)
    REWRITING = args.rewrite
    files = args.files or ["README.md"] + sorted(glob.glob("docs/**/*.md", recursive=True))
    if REWRITING:
        for path in files:
            try:
                check(path)
            except (OSError, UnicodeDecodeError):
                pass   # reported by the check below
        try:
            rewrite(REWRITES)
        except (outfile.OutputError, OSError, UnicodeDecodeError) as error:
            print(f"{PROG}: {error if isinstance(error, outfile.OutputError) else f'cannot rewrite: {error}'}",
                  file=sys.stderr)
            return 1
        finally:
            REWRITING = False
            REWRITES.clear()
            CHECKED.clear()
    failures = []
    for path in files:
        try:
            failures += check(path)
        except (OSError, UnicodeDecodeError) as error:
            failures.append(f"{path}: cannot be read ({getattr(error, 'strerror', None) or error})")
    for failure in failures:
        print(f"{PROG}: {failure}", file=sys.stderr)
    print(f"{PROG}: {len(files)} documents, {len(CHECKED)} figures pinned and compared, "
          f"{len(failures)} stale figure(s)")
    return 1 if failures else 0
