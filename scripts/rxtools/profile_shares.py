"""Shares of a callgrind profile's measured region by kind of cost, from `callgrind_annotate --inclusive=no`
output (scripts/decomposition-profiles.sh writes them):

    python3 scripts/rxtools profile-shares ANNOTATION.txt [...]        # CSV on stdout: profile, kind, instructions, share

The kinds are matched on the function names of the annotation's own (exclusive) lines; a function counts in
the first kind that matches, the rest is `other`. The match lists are below, with what each stands for.
A file that cannot be read or is not an annotation is one line on stderr and exit 2, before any line is printed;
a standard output that cannot take the CSV (a full disk) one line and exit 1, a closed pipe exit 1 silently,
Ctrl-C exit 130 (docs/cli.md, "Scripts").
"""
import csv
import os
import re
import sys

from . import cli

PROG = "rxtools profile-shares"   # the name its messages begin with

KINDS = [
    # The runtime's generic metadata: what an unspecialised generic asks for on every call.
    ("generic metadata", re.compile(
        r"GenericMetadata|MetadataCache|getCanonicalSpecializedMetadata|swift_checkMetadataState|"
        r"swift_getTupleTypeMetadata|swift_getFunctionTypeMetadata|MetadataAllocator|ConcurrentReadableHashMap|"
        r"getCache\(|MetadataWaitQueue|swift_getWitnessTable")),
    # Copying, moving and destroying values through value witnesses, and multi-payload enum tags: what an
    # unspecialised generic does to pass an `Event` along (`...Owcp` is a type's initializeWithCopy witness).
    ("value witnesses", re.compile(
        r"ValueWitnesses<|swift_getEnumCaseMultiPayload|swift_storeEnumTagMultiPayload|"
        r"swift_getEnumTagSinglePayload|swift_storeEnumTagSinglePayload|\$s\S*w(cp|xx|tk|ca|ta|ug|ui|up|et|st)\s")),
    # Dynamic exclusivity checks: begin/end of an access, the per-thread access set, and the thread-local
    # lookup of that set (`SwiftTLSContext::get` and glibc's `__tls_get_addr`, which nothing else in these
    # profiles calls per event).
    ("exclusivity checks", re.compile(
        r"swift_beginAccess|swift_endAccess|AccessSet::|SwiftTLSContext::get|__tls_get_addr")),
    ("pthread mutexes", re.compile(r"pthread_mutex_")),
    ("retain and release", re.compile(r"swift_retain|swift_release|swift_bridgeObject|RefCounts<")),
    ("malloc and free", re.compile(
        r"(^|[:\s])(malloc|free|_int_malloc|_int_free|malloc_consolidate|unlink_chunk|tcache\w*|"
        r"swift_slowAlloc|swift_slowDealloc|swift_allocObject|swift_deallocObject\w*)(@|\s|$|\()")),
]
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$")
TOTAL = re.compile(r"^\s*([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS")


class InputError(Exception):
    pass


def shares(path):
    total, by_kind = None, {kind: 0 for kind, _ in KINDS}
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not a callgrind_annotate output (not UTF-8 text)") from None
    for line in lines:
        match = TOTAL.match(line)
        if match:
            total = int(match.group(1).replace(",", ""))
            continue
        match = LINE.match(line)
        if not match or total is None or "PROGRAM TOTALS" in line:
            continue
        count, function = int(match.group(1).replace(",", "")), match.group(2)
        for kind, pattern in KINDS:
            if pattern.search(function):
                by_kind[kind] += count
                break
    if not total:
        raise InputError(f"{path} is not a callgrind_annotate output (no PROGRAM TOTALS line)")
    by_kind["other"] = total - sum(by_kind.values())
    return total, by_kind


def main(argv):
    if cli.help_asked(argv, f"usage: {PROG} ANNOTATION.txt [...]", __doc__):
        return 0
    if not argv:
        print(f"usage: {PROG} ANNOTATION.txt [...]", file=sys.stderr)
        return 2
    # Every file is read before a line is printed: a bad one leaves no partial CSV on stdout.
    try:
        profiles = [(path, *shares(path)) for path in argv]
    except InputError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["profile", "kind", "instructions", "share_percent"])
    for path, total, by_kind in profiles:
        name = os.path.splitext(os.path.basename(path))[0]
        for kind, count in by_kind.items():
            writer.writerow([name, kind, count, f"{100 * count / total:.1f}"])
        writer.writerow([name, "total", total, "100.0"])
    return 0
