"""Compare rxbench CSV reports.

Two modes:

    python3 scripts/rxtools compare OLD.csv NEW.csv [--threshold 0.10]
        Medians of every (engine, workload, metric) in both files; a change is flagged only when it exceeds
        both the threshold (a finite fraction, 0 or more: 0.10 is 10%) and the runs' spread (3 x the larger
        MAD). A figure the new run has no more, or flags unavailable, is listed. Exit 1 on a regression.

    python3 scripts/rxtools compare --gate REFERENCE.csv [REFERENCE2.csv ...] --run RUN.csv [RUN2.csv ...]
        CI's gate. Exact metrics (mallocs, bytes per live subscription, instructions) must equal the
        committed reference within the tolerance below: any change, up or down, fails, as does a row that
        appeared or disappeared, an exact metric whose repetitions disagree, and a row flagged below-floor in
        every timed run file that measured it (one process per allocator; in one only, a warning). A
        reference figure whose row declares the workload `unsupported` in the run (schema 3) fails as a
        missing one does, with the reason; such a record is never taken for a figure. Any figure of the
        reference, timed ones included, that the run flags `unavailable` fails, named. Wall times
        are compared as ratios to the floor row (baseline) of the same run, and only warn: they are noise on
        a shared machine. Prints one table of what moved. Exit 1 when the gate fails.

Bad input is one line on stderr and exit 2, before anything is compared: a file rxcsv refuses (docs/cli.md,
"Scripts": a figure listed twice, a statistic that is not a finite number, a negative time, an `n` that is not
a whole number, ...), one figure given by two files of --gate or of --run (two run files of one allocator), a
--threshold that is not a finite number of 0 or more. Standard output that cannot take the report (a full disk)
is one line and exit 1; a closed pipe exit 1 silently; Ctrl-C exit 130 (scripts/rxtools/outfile.py, script_main).

Tolerances (docs/metrics.md, docs/decisions/measurement-validity.md): none, but for malloc counts under
glibc, two allocations per window of 256 units (GLIBC_GROWTH_SLACK: Swift's array capacities follow glibc's
history-dependent usable sizes; under jemalloc none). Instruction runs of the same binary from two clones
agreed on all 588 figures (results/gate/instructions-from-another-clone.csv); rxbench makes no instruction
figure for workloads that deliver on another thread, where the count depends on how valgrind schedules
threads, nor for a fan-out too wide for two runs' difference to outweigh their setup (docs/metrics.md).
"""
import argparse
import math
import sys

from . import rxcsv

PROG = "rxtools compare"   # the name its messages begin with

EXACT = {"mallocs_per_event", "mallocs_per_lifecycle", "bytes_per_event", "bytes_per_lifecycle",
         "bytes_per_live_subscription", "bytes_held_per_event", "instructions_per_event", "instructions_per_lifecycle"}
WALL = {"ns_per_event", "ns_per_lifecycle"}
FLOOR = "baseline"
# Schema 3's record of a workload a row did not run, its reason in `note` (docs/csv-schema.md).
UNSUPPORTED = rxcsv.UNSUPPORTED


def fail(message):
    print(f"{PROG}: {message}", file=sys.stderr)
    sys.exit(2)


def load_runs(paths):
    """The files read and checked whole by rxcsv first: a renamed column, a non-numeric cell, a line cut short,
    a file that is not UTF-8, or one figure given twice (in one file, or by two of `paths`) is one line and
    exit 2."""
    try:
        runs = rxcsv.load_all(paths)
        rxcsv.check_distinct(runs)
    except rxcsv.InputError as error:
        fail(str(error))
    return runs


def records_of(run):
    """The run's records as dicts of the fields compared here. Each record carries its file's allocator and
    profile (an instruction run's profile is `instructions`)."""
    def context(record):
        return {"allocator": record.context["allocator"], "profile": record.context["profile"], "file": run.path}

    records = [dict(context(row), engine=row.engine, workload=row.workload, parameters=row.parameters_text,
                    metric=row.metric, flag=row.flag, note="", **row.stats) for row in run.rows]
    records += [dict(context(record), engine=record.engine, workload=record.workload,
                     parameters=record.parameters_text, metric=UNSUPPORTED, flag=UNSUPPORTED, note=record.reason,
                     **{name: None for name in rxcsv.STATISTICS}) for record in run.unsupported]
    return records


def load(*paths):
    """The records of every file of `paths`, checked as load_runs checks them."""
    return [record for run in load_runs(paths) for record in records_of(run)]


def key(row):
    return (row["engine"], row["workload"], row["parameters"], row["metric"], row.get("allocator", ""))


def label(k):
    workload = f"{k[1]}[{k[2]}]" if k[2] else k[1]
    return f"{k[0]:18} {workload:44} {k[3]:28} {k[4]:8}"


def workload_key(row):
    """(engine, workload, parameters, allocator): a row and its workload, whatever the metric."""
    return (row["engine"], row["workload"], row["parameters"], row.get("allocator", ""))


def unsupported_reasons(rows):
    return {workload_key(r): r.get("note", "") for r in rows if r["metric"] == UNSUPPORTED}


def value(row, column="median"):
    return row.get(column)


def shown(number):
    return "" if number is None else f"{number:.10g}"


def compare_medians(args):
    old = {key(r): r for r in load(args.old)}
    new = {key(r): r for r in load(args.new)}
    regressions = 0
    print(f"{'engine':18} {'workload':44} {'metric':28} {'alloc':8} {'before':>12} {'after':>12} {'change':>8}")
    for k in sorted(old.keys() & new.keys()):
        before, after = value(old[k]), value(new[k])
        if before is None or after is None or (before == 0 and after == 0):
            continue
        change = (after - before) / before if before else float("inf")
        noise = 3 * max(value(old[k], "mad") or 0, value(new[k], "mad") or 0)
        higher_is_worse = k[3] != "events_per_second"
        worse = (after - before) if higher_is_worse else (before - after)
        flag = ""
        if worse > noise and abs(change) > args.threshold:
            flag, regressions = "  REGRESSION", regressions + 1
        elif -worse > noise and abs(change) > args.threshold:
            flag = "  improved"
        print(f"{label(k)} {before:12.4g} {after:12.4g} {change:+8.1%}{flag}")
    # A figure the new run flags unavailable (it cannot be measured there any more): said, not dropped.
    lost = [k for k in sorted(old.keys() & new.keys())
            if new[k].get("flag") == rxcsv.UNAVAILABLE and old[k].get("flag") != rxcsv.UNAVAILABLE]
    if lost:
        print(f"\nunavailable in {args.new}, measured in {args.old} ({len(lost)})")
        for k in lost:
            print(f"  {label(k)} {shown(old[k]['median'])}")
    # A figure the new run has no more because its row now declines the workload: said, not dropped.
    declined = unsupported_reasons(new.values())
    gone = [(k, declined[(k[0], k[1], k[2], k[4])]) for k in sorted(old.keys() - new.keys())
            if (k[0], k[1], k[2], k[4]) in declined and old[k]["metric"] != UNSUPPORTED]
    if gone:
        print("\nno figure in the new run: the row cannot express the workload there")
        for k, reason in gone:
            print(f"  {label(k)} {reason}")
    # Figures in one file only, beyond those the new run declines: said, so that a lost or a new row is seen.
    only_old = [k for k in sorted(old.keys() - new.keys())
                if old[k]["metric"] != UNSUPPORTED and (k[0], k[1], k[2], k[4]) not in declined]
    only_new = [k for k in sorted(new.keys() - old.keys()) if new[k]["metric"] != UNSUPPORTED]
    if only_old:
        print(f"\nin {args.old} only ({len(only_old)})")
        for k in only_old:
            print(f"  {label(k)}")
    if only_new:
        print(f"\nin {args.new} only ({len(only_new)})")
        for k in only_new:
            print(f"  {label(k)}")
    print(f"\n{regressions} regression(s) beyond threshold {args.threshold:.0%} and 3x MAD")
    return 1 if regressions else 0


# rxbench counts allocations as (count of 2n units - count of n units) / n with n = 256 (MeasureOptions).
ALLOCATION_WINDOW = 256
# Under glibc, Swift sizes an array's capacity from malloc_usable_size, which depends on the heap's history
# (a chunk may be larger than asked when the rest of a split would be too small): one window may then need
# one growth more or less than another. Two allocations per window cover it; a real change of cost adds or
# removes at least one allocation per unit, n per window. jemalloc's size classes are fixed: no slack.
GLIBC_GROWTH_SLACK = 2 / ALLOCATION_WINDOW


# The bytes the mallocs of a unit ask for (bytes_per_event, bytes_per_lifecycle): under glibc, the growth that
# GLIBC_GROWTH_SLACK allows for asks for as many bytes as the array holds, which no fixed slack bounds. The bytes
# a slow consumer's values hold likewise where a row keeps them in a growing buffer (async-stream: 6 per value
# under jemalloc in every run; under glibc 10.97 in results/reference/quick-system.csv and 11.06 in the run made
# just before it). They are gated under jemalloc only, exactly; under glibc they are reported, not gated.
GLIBC_UNGATED = {"bytes_per_event", "bytes_per_lifecycle", "bytes_held_per_event"}


# Rows whose adapter says its allocation counts depend on what ran before (`allocationCountsDependOnHistory`):
# Swift's Observation keeps a disposed observer registered until the property next changes, so its counts are
# exact in one run and not in the next (docs/decisions/observation-row.md). Their exact figures are reported and
# listed where they moved, never gated. Tests/ConformanceTests/HistoryRowsTests.swift keeps this set equal to the rows
# that say so.
HISTORY_DEPENDENT_ROWS = {"observation"}


def gated(row):
    """Whether the gate holds this row to the reference: an exact metric, except GLIBC_UNGATED under glibc."""
    return row["metric"] in EXACT and not (row["metric"] in GLIBC_UNGATED and row.get("allocator") == "glibc")


def exact_tolerance(row):
    """The absolute difference an exact metric may show. Malloc counts under glibc: GLIBC_GROWTH_SLACK per
    unit. Everything else none: two full instruction runs of the same binary agreed on every figure
    (rxbench makes none for workloads that deliver on another thread), bytes are requested sizes, and
    jemalloc's counts never differed."""
    if row["metric"].startswith("mallocs_") and row.get("allocator") == "glibc":
        return GLIBC_GROWTH_SLACK + 1e-9
    return 0.0


def floor_ratios(rows):
    """(engine, workload, parameters, metric, allocator) -> median / the floor's median, wall metrics only."""
    floors = {(r["workload"], r["parameters"], r["metric"], r.get("allocator", "")): value(r)
              for r in rows if r["engine"] == FLOOR and r["metric"] in WALL}
    ratios = {}
    for r in rows:
        floor = floors.get((r["workload"], r["parameters"], r["metric"], r.get("allocator", "")))
        if r["metric"] in WALL and r["engine"] != FLOOR and floor and value(r) is not None:
            ratios[key(r)] = (value(r) / floor, (value(r, "mad") or 0) / value(r) if value(r) else 0)
    return ratios


def gate(args):
    reference_rows = load(*args.gate)
    run_rows = load(*args.run)
    reference = {key(r): r for r in reference_rows if gated(r)}
    run = {key(r): r for r in run_rows if gated(r)}
    declined = unsupported_reasons(run_rows)
    # A reference file is held against the run files of its kind (profile and allocator: the quick profile
    # under glibc, under jemalloc, the instruction counts): every exact figure of a kind the run has must be
    # in it. Kinds come from the files' context, not from the figures present, so a run that lost a whole
    # workload or metric fails instead of shrinking what is checked.
    kinds = {(r["profile"], r["allocator"]) for r in run_rows}
    unmatched = sorted({r["file"] for r in reference_rows if (r["profile"], r["allocator"]) not in kinds})
    if unmatched:
        fail(f"no run file of the kind of {', '.join(unmatched)} (profile and allocator); "
             "give the run of each reference file to --run")
    reference = {k: r for k, r in reference.items() if (r["profile"], r["allocator"]) in kinds}
    failures = []
    history = []
    for k in sorted(reference.keys() | run.keys()):
        if k not in run:
            reason = declined.get((k[0], k[1], k[2], k[4]))
            why = "missing from the run" if reason is None else f"unsupported in the run: {reason}"
            failures.append((k, why, shown(reference[k]["median"]), ""))
            continue
        if k[0] in HISTORY_DEPENDENT_ROWS:
            before_row, row = reference.get(k), run[k]
            if before_row is None or [before_row.get(c) for c in ("median", "min", "max", "flag")] != [
                    row.get(c) for c in ("median", "min", "max", "flag")]:
                history.append((k, shown(before_row["median"]) if before_row else "", shown(row["median"])))
            continue
        row = run[k]
        if row.get("flag") == "unavailable":
            # A row that cannot count (async delivery) is unavailable in the reference too: that is no
            # change. A figure the reference had and the run lost is one.
            if k not in reference or reference[k].get("flag") != "unavailable":
                failures.append((k, "unavailable in the run", shown(reference.get(k, {}).get("median")), ""))
            continue
        tolerance = exact_tolerance(row)
        low, high = value(row, "min"), value(row, "max")
        if low != high and (low is None or high is None or high - low > tolerance):
            failures.append((k, "not exact: repetitions disagree", shown(row["min"]), shown(row["max"])))
        if k not in reference:
            failures.append((k, "new row: update the reference", "", shown(row["median"])))
            continue
        before, after = value(reference[k]), value(row)
        if before is None or after is None:
            if before != after:
                failures.append((k, "unavailable in one file", shown(reference[k]["median"]), shown(row["median"])))
        elif abs(after - before) > tolerance:
            failures.append((k, f"moved {after - before:+.4g}", shown(reference[k]["median"]), shown(row["median"])))
    # Any other figure of the reference (a time, a latency) that the run flags unavailable: such a figure is only
    # warned about when it moves, but one that can no longer be measured is lost, not noise.
    # A row that depends on history is listed instead, as its gated figures are: its ungated ones (glibc's bytes)
    # come and go with its counts.
    run_flags = {key(r): r.get("flag") for r in run_rows if not gated(r) and r["metric"] != UNSUPPORTED}
    for r in reference_rows:
        k = key(r)
        if gated(r) or r["metric"] == UNSUPPORTED or (r["profile"], r["allocator"]) not in kinds:
            continue
        if run_flags.get(k) == rxcsv.UNAVAILABLE and r.get("flag") != rxcsv.UNAVAILABLE:
            if k[0] in HISTORY_DEPENDENT_ROWS:
                history.append((k, shown(r["median"]), "unavailable"))
            else:
                failures.append((k, "unavailable in the run", shown(r["median"]), ""))
    # A row below the floor fails when every timed process of the run that measured it (one per allocator in
    # CI) puts it there. The floor's median moves between processes by more than its spread within one
    # (baseline's SingleCreating: 150.9 to 213.7 ns in eight processes of one binary, each MAD under 5;
    # docs/decisions/measurement-validity.md). A flag in one process only is printed as a warning.
    processes = {}
    for row in run_rows:
        processes.setdefault((row["engine"], row["workload"], row["parameters"], row["metric"]), []).append(row)
    one_process = []
    for rows in processes.values():
        flagged = [r for r in rows if r.get("flag") == "below-floor"]
        for row in flagged:
            if len(flagged) == len(rows):
                failures.append((key(row), "beats the floor beyond the spread", "", shown(row["median"])))
            else:
                one_process.append((key(row), f"{shown(row['median'])}; {len(rows) - len(flagged)} other process(es) not below"))

    warnings = []

    before_ratios, after_ratios = floor_ratios(reference_rows), floor_ratios(run_rows)
    for k in sorted(before_ratios.keys() & after_ratios.keys()):
        (old, old_spread), (new, new_spread) = before_ratios[k], after_ratios[k]
        noise = max(0.25, 3 * (old_spread + new_spread))
        if abs(new - old) > noise * old:
            warnings.append((k, f"x floor {old:.2f} -> {new:.2f}"))

    print(f"gate: {len(run)} exact figures checked against {len(reference)} in the reference")
    # Warnings first and failures last: CI shows the tail of its output, and the failing figures must be in it.
    if one_process:
        print("\nbelow the floor in one timed process only (warning only; docs/decisions/measurement-validity.md):")
        for k, why in sorted(one_process):
            print(f"  {label(k)} {why}")
    if history:
        print("\ncounts of rows that depend on what ran before, moved or unavailable in one file (reported, not gated):")
        for k, before, after in history:
            print(f"  {label(k)} {before or 'unavailable':>12} {after or 'unavailable':>12}")
    if warnings:
        print("\nwall time against the floor moved beyond the noise (warning only):")
        for k, why in warnings:
            print(f"  {label(k)} {why}")
    if failures:
        print(f"\n{'engine':18} {'workload':44} {'metric':28} {'alloc':8} {'reference':>12} {'run':>12}  why")
        for k, why, before, after in failures:
            print(f"{label(k)} {before:>12} {after:>12}  {why}")
    missing = sum(1 for _, why, _, _ in failures if why == "missing from the run")
    if missing:
        print(f"\n{missing} of the reference's {len(reference)} exact figures are missing from the run: a run file "
              "cut short, or workloads the run no longer measures")
    if failures:
        print(f"\nFAILED: {len(failures)} figure(s) moved or lost. If the change is intended, run "
              "scripts/update-reference.sh and commit results/reference/ with it.")
        return 1
    print("gate passed")
    return 0


def threshold(text):
    """--threshold: a finite fraction, 0 or more; nan or inf would hide every regression."""
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or value < 0:
        fail(f"--threshold is {text!r}; give a finite fraction of 0 or more (0.10 is 10%)")
    return value


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="?")
    parser.add_argument("new", nargs="?")
    parser.add_argument("--threshold", default="0.10", help="relative change that matters (0.10 = 10%%)")
    parser.add_argument("--gate", nargs="+", metavar="REFERENCE", help="reference CSVs (gate mode)")
    parser.add_argument("--run", nargs="+", metavar="RUN", help="the run's CSVs (gate mode)")
    args = parser.parse_args(argv)
    args.threshold = threshold(args.threshold)
    if args.gate:
        if not args.run:
            fail("--gate needs --run RUN.csv")
        return gate(args)
    if not args.old or not args.new:
        fail("give OLD.csv NEW.csv, or --gate REFERENCE.csv --run RUN.csv")
    return compare_medians(args)
