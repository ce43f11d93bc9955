"""Reading rxbench CSV reports (docs/csv-schema.md), shared by rxtools charts, rxtools report and rxtools costmodel.

A file is checked whole before anything uses it, so that a bad input stops a script before it writes
anything. Every problem is an InputError whose message is one line: the scripts print
`<script>: <file>: <problem>` and exit non-zero.
"""
import csv
import functools
import gc
import gzip
import math
import os
import zlib
from dataclasses import dataclass, field

# Version 1's columns; version 2 adds `flag`, version 3 `note` (and `unsupported` records). Columns are only
# ever added at the end.
COLUMNS_V1 = [
    "schema", "date", "commit", "swift", "cpu", "cores", "allocator", "build", "profile", "clock_overhead_ns",
    "engine", "role", "workload", "group", "parameters", "metric", "unit",
    "n", "median", "min", "max", "mad", "p90", "p99", "p999",
]
COLUMNS = {"1": COLUMNS_V1, "2": COLUMNS_V1 + ["flag"], "3": COLUMNS_V1 + ["flag", "note"]}
STATISTICS = ["median", "min", "max", "mad", "p90", "p99", "p999"]
CONTEXT = ["date", "commit", "swift", "cpu", "cores", "allocator", "build", "profile", "clock_overhead_ns"]

# Flags of schema 2. `unavailable` rows have empty statistics; `below-floor` rows beat the floor row.
UNAVAILABLE = "unavailable"
BELOW_FLOOR = "below-floor"
# Schema 3: the metric and the flag of a record that says why a row did not run a workload (its reason in
# `note`). Not a figure: kept apart from the rows, in Run.unsupported.
UNSUPPORTED = "unsupported"

# Metrics that count something exactly (min = max across repetitions): shown as plain values.
EXACT_METRIC_PREFIXES = ("mallocs_", "bytes_", "instructions_")
# Metrics derived sample by sample from another one in the same file; never shown twice.
DERIVED_METRICS = {"events_per_second"}
# Metrics where a bigger number is better. Every other metric is a cost.
HIGHER_IS_BETTER = {"events_per_second"}

# Metrics whose statistics may be negative: each is the difference of two runs' counts divided by n (docs/metrics.md,
# "(count of 2n - count of n) / n"). Malloc counts: the contention group's threads race, and glibc's usable sizes
# move an array growth from one window to the other (committed runs hold -0.0039 and -0.0117 mallocs per event).
# Instruction counts: rxbench now ends a run that counts a negative figure with an error (docs/metrics.md, the
# delivery budget), but the runs kept from before that (results/gate/instructions-built-under-longer-path.csv:
# -5.5 and -9.5) are what callgrind counted, and must stay readable. The bytes those mallocs ask for move with
# them (signal-locked on SubscriberSweep[subscribers=1000] under glibc: -1.12 bytes per event), and so does the
# difference of two windows' live bytes for a slow consumer. Every other metric is a time, a rate, a latency or a
# sum of live bytes, which cannot be negative; `mad` never can.
SIGNED_METRIC_PREFIXES = ("mallocs_", "instructions_", "bytes_per_event", "bytes_per_lifecycle", "bytes_held_")
# No statistic rxbench writes exceeds what a 64-bit counter or clock holds, divided by n >= 1: a larger value is
# not a measurement, and would overflow the charts' and the cost model's arithmetic (1e308 squared).
LARGEST = 2.0 ** 64
# What to do about a cell rxbench cannot have written (a file edited, joined or damaged).
CELL_REMEDY = "rxbench never writes that: make the run again, or correct the cell"

# Rows are ordered by role: the floor first (so every chart and table starts from it), then the
# designs, then variants, then real libraries; roles this script does not know come last.
ROLE_ORDER = ["reference", "engine", "variant", "library"]
FLOOR = "baseline"


class InputError(Exception):
    """A problem with one input file; str() is the one-line message without the script's name."""

    def __init__(self, path, problem):
        super().__init__(f"{path}: {problem}")


@dataclass
class Row:
    engine: str
    role: str
    workload: str
    group: str
    parameters: dict          # name -> int, float or str, in the order of the CSV
    metric: str
    unit: str
    n: int
    stats: dict               # statistic name -> float, or None when the cell is empty
    flag: str                 # "" (also for schema 1), "below-floor", "unavailable"
    line: int                 # line number in the file, for messages
    context: dict = field(default_factory=dict)  # this record's own CONTEXT cells (allocator, profile, ...)

    @property
    def unavailable(self):
        return self.flag == UNAVAILABLE

    # Computed once per record (tables and the gate ask for them once per cell): the parameters never change.
    @functools.cached_property
    def parameters_text(self):
        return ",".join(f"{k}={v}" for k, v in self.parameters.items())

    @functools.cached_property
    def workload_id(self):
        """`DisposeLatency[depth=1,siblings=0]`, as the CLI names a workload."""
        text = self.parameters_text
        return f"{self.workload}[{text}]" if text else self.workload

    def value(self, statistic="median"):
        return None if self.unavailable else self.stats.get(statistic)


@dataclass
class Unsupported:
    """A workload a row did not run because it cannot express it, with the one-line reason."""
    engine: str
    role: str
    workload: str
    group: str
    parameters: dict
    reason: str
    line: int
    context: dict = field(default_factory=dict)  # this record's own CONTEXT cells

    # Named as on a figure, so that a record and a figure of one cell are matched by the same key.
    workload_id = Row.workload_id
    parameters_text = Row.parameters_text


@dataclass
class Run:
    """One CSV file: its context (the same on every row), its figures (`rows`) and what its rows could not
    run (`unsupported`, schema 3)."""
    path: str
    schema: str
    context: dict
    rows: list = field(default_factory=list)
    unsupported: list = field(default_factory=list)

    def unsupported_reason(self, engine, workload_id):
        """Why `engine` did not run `workload_id`, or None (it ran it, or the file does not say)."""
        index = self.__dict__.get("_reasons")
        if index is None or index[0] != len(self.unsupported):   # built once (again if records were added)
            reasons = {}
            for record in self.unsupported:
                reasons.setdefault((record.engine, record.workload_id), record.reason)
            index = self.__dict__["_reasons"] = (len(self.unsupported), reasons)
        return index[1].get((engine, workload_id))

    @property
    def name(self):
        return os.path.basename(self.path)

    def engines(self):
        """(engine id, role) pairs, the floor first, then by role, then in order of appearance; a row that
        ran nothing it was given (only `unsupported` records) is one too."""
        seen = {}
        for row in self.rows + self.unsupported:
            seen.setdefault(row.engine, row.role)
        appearance = {engine: index for index, engine in enumerate(seen)}
        return sorted(seen.items(), key=lambda item: engine_sort_key(item[0], item[1], appearance))

    def metrics(self):
        return list(dict.fromkeys(row.metric for row in self.rows))

    def groups(self):
        return list(dict.fromkeys(row.group for row in self.rows))


def engine_sort_key(engine, role, appearance):
    """`appearance`: engine -> its position in the file (a dict, so that sorting many rows stays linear), or a
    list of the engines in that order."""
    role_rank = ROLE_ORDER.index(role) if role in ROLE_ORDER else len(ROLE_ORDER)
    position = appearance[engine] if isinstance(appearance, dict) else appearance.index(engine)
    return (role_rank, engine != FLOOR, position)


def is_exact(metric):
    return metric.startswith(EXACT_METRIC_PREFIXES)


def is_latency(metric):
    return metric.endswith("_latency")


GZIP_MAGIC = b"\x1f\x8b"


def read_text(path):
    """The UTF-8 text of a file, gzip-compressed or not: told by its first two bytes, not by its name, so a
    reader takes RUN.csv.gz or Current_run.jmh.json.gz wherever it takes the plain file (results/benchmarks/
    keeps package-benchmark's exports compressed). OSError when it cannot be read; ValueError (with
    UnicodeDecodeError) when it is not UTF-8 or its gzip stream is corrupt or cut short."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:2] == GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise ValueError(f"corrupt gzip data: {error}") from None
    return data.decode("utf-8")


def load(path):
    """Read and check one rxbench CSV; raise InputError naming the file and the first problem.

    The cyclic garbage collector is off while the file is read: its records hold no cycles, and its passes over
    the growing heap of records (hundreds of thousands of lists, dicts and Rows) took over half the time of a
    large file, more the larger the file."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return read_run(path)
    finally:
        if collecting:
            gc.enable()


def read_run(path):
    if not os.path.exists(path):
        raise InputError(path, "no such file")
    if os.path.isdir(path):
        raise InputError(path, "is a directory, not a CSV file")
    try:
        text = read_text(path)
        records = list(csv.reader(text.splitlines(keepends=True)))
    except (OSError, ValueError, csv.Error) as error:
        raise InputError(path, f"cannot be read as CSV ({error})") from None
    # rxbench ends every record with a newline: a file without one was cut short mid-line, and its last
    # record may be whole in its fields but not in its text (a reason or a figure cut off).
    if text and not text.endswith("\n"):
        raise InputError(path, "ends mid-line: the file was cut short (rxbench ends every record with a newline)")
    numbered_body = list(numbered(records[1:]))
    if not records or (is_blank(records[0]) and not numbered_body):
        raise InputError(path, "empty CSV (no header, no rows)")
    header, body = records[0], [record for _, record in numbered_body]
    schema = check_header(path, header, body)
    rows, unsupported = [], []
    parse = Parser(path, header)
    seen = {}
    metric = header.index("metric")
    for number, record in numbered_body:
        if len(record) == len(header) and record[metric].strip() == UNSUPPORTED:   # is_unsupported_record
            parsed = parse_unsupported(path, header, record, number)
            unsupported.append(parsed)
        else:
            parsed = parse.row(record, number)
            rows.append(parsed)
        first = seen.setdefault(figure_key(parsed), parsed)
        if first is not parsed:
            raise InputError(path, f"line {number} repeats line {first.line}: {key_text(parsed)} is listed twice "
                                   f"({shown_value(first)} and {shown_value(parsed)}); rxbench writes each once, so "
                                   "the file was edited or joined: keep one")
    return Run(path=path, schema=schema, context=context_of(path, header, body), rows=rows,
               unsupported=unsupported)


def figure_key(record):
    """(engine, workload, parameters, metric, allocator): what names one figure, or one `unsupported` record (its
    metric `unsupported`), in a file and in the scripts that merge files (rxtools compare's gate, rxtools instruction-shift)."""
    metric = record.metric if isinstance(record, Row) else UNSUPPORTED
    return (record.engine, record.workload, record.parameters_text, metric, record.context.get("allocator", ""))


def key_text(record):
    """`sink MapDepth[depth=1] ns_per_event (glibc)`: a figure's key as the messages name it."""
    engine, _, _, metric, allocator = figure_key(record)
    return f"{engine} {record.workload_id} {metric}" + (f" ({allocator})" if allocator else "")


def shown_value(record):
    if not isinstance(record, Row):
        return f"reason {record.reason!r}"
    if record.unavailable:
        return "unavailable"
    median = record.stats.get("median")
    return f"median {median:g}" if median is not None else "no median"


def check_distinct(runs):
    """Raise InputError when two files give one figure (same engine, workload, parameters, metric and
    allocator): a script that merges the figures of several files (the gate's run files, one per allocator)
    would keep the last one silently, and a moved figure could hide behind an unchanged one. `unsupported`
    records are not figures: a quick run and an instruction run of one allocator both give a row's reason."""
    seen = {}
    for run in runs:
        for row in run.rows:
            first = seen.setdefault(figure_key(row), (run, row))
            if first[1] is not row:
                other, line = first
                raise InputError(run.path, f"line {row.line} repeats {other.path} line {line.line}: "
                                           f"{key_text(row)} is in both files ({shown_value(line)} and "
                                           f"{shown_value(row)}); give one run file per allocator")


def is_unsupported_record(header, record):
    return "metric" in header and len(record) == len(header) and \
        record[header.index("metric")].strip() == UNSUPPORTED


def numbered(records):
    """(line number, record) for each non-blank record after the header."""
    for index, record in enumerate(records, start=2):
        if not is_blank(record):
            yield index, record


def is_blank(record):
    return not "".join(record).strip()


def check_header(path, header, body):
    """The schema version the file declares, after checking that its header is that version's."""
    if "schema" not in header or "metric" not in header:
        raise InputError(path, "not an rxbench CSV report (header has no `schema` and `metric` columns)")
    column = header.index("schema")
    versions = {record[column] for record in body if len(record) > column}
    if not versions:
        raise InputError(path, "has a header but no data rows")
    if len(versions) > 1:
        raise InputError(path, f"mixes schema versions {', '.join(sorted(versions))}")
    schema = versions.pop()
    if schema not in COLUMNS:
        raise InputError(path, f"schema version {schema!r} is not supported (this tool reads 1, 2 and 3)")
    expected = COLUMNS[schema]
    if header[:len(expected)] != expected:
        missing = [c for c in expected if c not in header]
        problem = f"lacks {', '.join(missing)}" if missing else "has them in another order"
        raise InputError(path, f"header is not schema {schema}'s: it {problem}")
    return schema


class Parser:
    """Parses a file's figure records. The cells that repeat from record to record (the context, the parameters)
    are parsed once per distinct text and shared: a file of 200,000 records is read in seconds."""

    def __init__(self, path, header):
        self.path, self.header = path, header
        self.index = {name: header.index(name) for name in header}
        self.flag_index = self.index.get("flag")
        self.statistic_columns = [self.index[name] for name in STATISTICS]
        self.mad_position = STATISTICS.index("mad")
        self.context_columns = [self.index[name] for name in CONTEXT]
        self.parameters = {}
        self.contexts = {}

    def row(self, record, line):
        path, index = self.path, self.index
        if len(record) != len(self.header):
            raise InputError(path, f"line {line} has {len(record)} fields, the header has {len(self.header)}")
        flag = record[self.flag_index].strip() if self.flag_index is not None else ""
        metric = record[index["metric"]].strip()
        if not metric:
            raise InputError(path, f"line {line} has an empty `metric`")
        lowest = -LARGEST if metric.startswith(SIGNED_METRIC_PREFIXES) else 0.0
        try:
            values = list(map(float, [record[column] for column in self.statistic_columns]))
        except ValueError:   # an empty cell (an unavailable figure's), or a bad one: the careful path below
            values = None
        # The common case in a few comparisons: NaN or inf makes the sum's difference with itself non-zero.
        if values is not None and sum(values) - sum(values) == 0.0 and lowest <= min(values) and \
                max(values) <= LARGEST and values[self.mad_position] >= 0:
            stats = dict(zip(STATISTICS, values))
        else:
            stats = self.statistics_of(record, line, metric, flag, lowest)
        cell = record[index["parameters"]]
        parameters = self.parameters.get(cell)
        if parameters is None:
            parsed = parse_parameters(path, line, cell)
            parameters = self.parameters[cell] = (parsed, ",".join(f"{k}={v}" for k, v in parsed.items()))
        context_cells = tuple([record[column] for column in self.context_columns])
        context = self.contexts.get(context_cells)
        if context is None:
            context = self.contexts[context_cells] = {name: cell.strip() for name, cell in zip(CONTEXT, context_cells)}
        row = Row(
            engine=self.required(record, line, "engine"), role=self.required(record, line, "role"),
            workload=self.required(record, line, "workload"), group=record[index["group"]].strip(),
            parameters=parameters[0], metric=metric, unit=record[index["unit"]].strip(),
            n=parse_count(path, line, record[index["n"]].strip()), stats=stats, flag=flag, line=line, context=context)
        row.__dict__["parameters_text"] = parameters[1]   # the cached property, filled from the cell's cache
        return row

    def statistics_of(self, record, line, metric, flag, lowest):
        """The statistics one by one: an unavailable figure's empty cells are None; the first bad cell is an
        InputError naming its column."""
        stats = {}
        for name, column in zip(STATISTICS, self.statistic_columns):
            text = record[column].strip()
            if text == "" and flag == UNAVAILABLE:
                stats[name] = None
                continue
            value = parse_number(self.path, line, name, text)
            if value < lowest or (name == "mad" and value < 0):
                raise InputError(self.path, f"line {line}: `{name}` is {shown_cell(text)}, but {metric}'s "
                                            f"{'spread' if name == 'mad' else name} cannot be negative; {CELL_REMEDY}")
            stats[name] = value
        return stats

    def required(self, record, line, name):
        value = record[self.index[name]].strip()
        if not value:
            raise InputError(self.path, f"line {line} has an empty `{name}`")
        return value


def parse_row(path, header, record, line):
    """One figure record (a Parser reads a whole file's)."""
    return Parser(path, header).row(record, line)


def parse_unsupported(path, header, record, line):
    cells = dict(zip(header, record))
    reason = cells.get("note", "").strip()
    if not reason:
        raise InputError(path, f"line {line} is an `{UNSUPPORTED}` record without a reason in `note`")
    return Unsupported(
        engine=required(path, line, cells, "engine"), role=required(path, line, cells, "role"),
        workload=required(path, line, cells, "workload"), group=cells["group"].strip(),
        parameters=parse_parameters(path, line, cells["parameters"]), reason=reason, line=line,
        context={name: cells[name].strip() for name in CONTEXT})


def required(path, line, cells, name):
    value = cells[name].strip()
    if not value:
        raise InputError(path, f"line {line} has an empty `{name}`")
    return value


def parse_number(path, line, name, text):
    """A statistic's cell: a finite number within LARGEST (its sign is the caller's to check)."""
    try:
        value = float(text)
    except ValueError:
        raise InputError(path, f"line {line}: `{name}` is {shown_cell(text)}, not a number; {CELL_REMEDY}") from None
    if math.isnan(value):
        raise InputError(path, f"line {line}: `{name}` is NaN (an unmeasured value must be flagged unavailable)")
    if math.isinf(value) or abs(value) > LARGEST:
        shown = shown_cell(text)
        raise InputError(path, f"line {line}: `{name}` is {shown}, not a finite number within 2^64 (no count or time "
                               "rxbench measures is larger; an unmeasured value must be flagged unavailable)")
    return value


def parse_count(path, line, text):
    """The `n` cell: a whole number of samples, 0 to 2^64; empty (an unavailable figure's) is 0."""
    if text == "":
        return 0
    if not text.isascii() or not text.isdigit():
        raise InputError(path, f"line {line}: `n` is {shown_cell(text)}, not a whole number of samples (0 or more); "
                               f"{CELL_REMEDY}")
    # Counted before int(): Python refuses to convert more than 4300 digits (a ValueError traceback), and a count
    # beyond 2^64 is no sample count rxbench keeps (the median rxtools findings takes of 10^400 samples overflows a float).
    digits = text.lstrip("0")
    if len(digits) > len(str(int(LARGEST))) or int(digits or "0") > LARGEST:
        raise InputError(path, f"line {line}: `n` is {shown_cell(text)}, more samples than a 64-bit counter holds; "
                               f"{CELL_REMEDY}")
    return int(digits or "0")


def shown_cell(text):
    """A cell as a message quotes it: a cell of thousands of characters is cut, so that the message stays a line."""
    return repr(text) if len(text) <= 40 else f"{text[:24]!r}... ({len(text)} characters)"


def parse_parameters(path, line, text):
    parameters = {}
    for pair in filter(None, (part.strip() for part in text.split(","))):
        name, equals, value = pair.partition("=")
        if not equals or not name:
            raise InputError(path, f"line {line}: parameter {pair!r} is not name=value")
        parameters[name] = parse_parameter_value(value)
    return parameters


def parse_parameter_value(text):
    """Numbers become numbers (so sweeps sort and fit); anything else, e.g. order=random, stays text, as does a
    number no sweep can be fitted over (inf, nan, beyond 2^64)."""
    for kind in (int, float):
        try:
            value = kind(text)
        except ValueError:
            continue
        return value if abs(value) <= LARGEST else text   # inf and nan fail this as well
    return text


def context_of(path, header, body):
    """The run's context; a column whose value differs between rows is shown with every value."""
    columns = [header.index(name) for name in CONTEXT]
    distinct = dict.fromkeys(tuple([record[column] for column in columns]) for record in body)   # one pass
    return {name: " / ".join(dict.fromkeys(cells[index] for cells in distinct))
            for index, name in enumerate(CONTEXT)}


def load_all(paths):
    """Load every file before any output is written; the first bad file stops everything."""
    return [load(path) for path in paths]


# The sweeps: the only workload names the scripts know, used to choose what is drawn as a line and
# what is fitted. `per` names one step of the swept parameter, for units ("ns per stage").
@dataclass(frozen=True)
class Sweep:
    workload: str
    x: str
    per: str


SWEEPS = [
    Sweep("MapDepth", "depth", "stage"),
    Sweep("SubscriberSweep", "subscribers", "subscriber"),
    Sweep("EventSweep", "events", "event"),
    Sweep("NeverMapLifecycle", "depth", "stage"),
    Sweep("DisposeLatency", "depth", "stage"),
    Sweep("DisposeLatency", "siblings", "sibling"),
]


def sweep_series(run, sweep, metric):
    """The sweep's rows of one metric, split by the values of the other parameters (e.g. the depth
    sweep of DisposeLatency at siblings=0, and one per `order` if the run has that parameter):
    {fixed parameters text: {engine: [rows sorted by x]}}. Only splits where x takes at least two
    values are sweeps along x; a lone point belongs to another sweep (the depth=1 point of the
    siblings sweep, say)."""
    split = {}
    for row in run.rows:
        if row.workload != sweep.workload or row.metric != metric or sweep.x not in row.parameters:
            continue
        if not isinstance(row.parameters[sweep.x], (int, float)):
            continue
        fixed = ",".join(f"{k}={v}" for k, v in row.parameters.items() if k != sweep.x)
        split.setdefault(fixed, {}).setdefault(row.engine, []).append(row)
    result = {}
    for fixed, by_engine in split.items():
        xs = {row.parameters[sweep.x] for rows in by_engine.values() for row in rows}
        if len(xs) >= 2:
            result[fixed] = {engine: sorted(rows, key=lambda r: r.parameters[sweep.x])
                             for engine, rows in by_engine.items()}
    return result


def swept_workload_ids(run, metric):
    """Workload ids of `metric` that some sweep draws as a line: bar charts leave them out."""
    ids = set()
    for sweep in SWEEPS:
        for by_engine in sweep_series(run, sweep, metric).values():
            ids.update(row.workload_id for rows in by_engine.values() for row in rows)
    return ids


def statistic_label(metric, statistic):
    """Latency distributions call their median p50."""
    return "p50" if statistic == "median" and is_latency(metric) else statistic


def by_size(value, size, steps, smaller):
    """`value` written by the first of `steps`, (least size, write) from the largest, that `size` reaches, else by
    `smaller`: the one rule of the number formats whose precision follows a number's size (format_number, charts'
    axis ticks, the findings page's ratios, rxtools proxies' figures), each with its own steps."""
    for least, write in steps:
        if size >= least:
            return write(value)
    return smaller(value)


NUMBER_STEPS = ((100, "{:,.0f}".format), (10, "{:,.1f}".format), (1, "{:,.2f}".format))


def format_number(value):
    """Fixed notation, about three significant digits, thousands separated: never 1.5e+07."""
    if value is None:
        return "—"
    if value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    return by_size(value, abs(value), NUMBER_STEPS, three_digits_below_one)


def three_digits_below_one(value):
    decimals = 2 - math.floor(math.log10(abs(value)))
    return f"{value:.{decimals}f}"
