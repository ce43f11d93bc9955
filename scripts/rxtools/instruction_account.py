"""Instructions per event of one row, instruction by instruction, from callgrind's per-instruction dumps of
the probe's measured regions (docs/decisions/engine-limits.md reads them):

    python3 scripts/rxtools instruction-account --binary RXBENCH --events N --row ROW --dumps DN D2N [--out FILE]
    python3 scripts/rxtools instruction-account --binary RXBENCH --events N --row ROW --dumps D8N D8_2N D64N D64_2N [--out FILE]

The dumps are the measured regions of `rxbench child probe --engine ROW --workload W` under
`valgrind --tool=callgrind --dump-instr=yes --dump-after=rxbench_measured_region` (scripts/engine-account.sh
makes them): n events then 2n, in the probe's order. Per event is (dump at 2n - dump at n) / n, per instruction
address. With two dumps that is the account (columns: per event, and 0). With four (MapDepth at depth 8, then
at depth 64), one map stage is (per event at 64 - per event at 8) / 56 and the fixed part per event at 8 less
eight stages (columns: per stage, fixed).

Each function's share is listed with its demangled name and its kind (the kinds of rxtools profile-shares); each
function that costs at least half an instruction in either column is disassembled (objdump, on the binary the
dumps were made from) with both columns beside every instruction that ran.

A dump that cannot be read or is not a per-instruction callgrind dump, or a binary that is not there, is one
line on stderr and exit 2 before anything is written; --out is written whole or not at all (outfile.py).
"""
import collections
import os
import re
import shutil
import subprocess
import sys

from . import outfile

from .profile_shares import KINDS

PROG = "rxtools instruction-account"   # the name its messages begin with
NAME = re.compile(r"^(c?(?:ob|fn|fl|fi|fe))=\((\d+)\)(?: (.*))?$")
POSITION = re.compile(r"^(0x[0-9a-fA-F]+|[+-]\d+|\*)$")


class DumpError(Exception):
    pass


def read_dump(path):
    """{(object, function, address): self instructions} of one callgrind dump written with --dump-instr=yes
    (positions: instr line). A call's cost line is the callee's inclusive cost: skipped, but its position
    still moves the last position, as the format's compression requires."""
    names = {}
    costs = collections.Counter()
    current = {"ob": None, "fn": None}
    last = [0, 0]
    skip_next = False
    saw_positions = False
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            for raw in file:
                line = raw.rstrip("\n")
                if line.startswith("positions:"):
                    if line.split(":", 1)[1].split() != ["instr", "line"]:
                        raise DumpError(f"{path}: positions are '{line}', not 'instr line'; "
                                        "make the dump with --dump-instr=yes")
                    saw_positions = True
                    continue
                match = NAME.match(line)
                if match:
                    kind, number, name = match.groups()
                    table = kind.lstrip("c")
                    table = "fl" if table in ("fi", "fe") else table
                    if name is not None:
                        names[(table, number)] = name
                    if kind in ("ob", "fn"):
                        # callgrind names a function's recursive activations NAME'2, NAME'3: one function.
                        current[kind] = re.sub(r"'\d+$", "", names.get((table, number), "?"))
                    continue
                if line.startswith("calls="):
                    skip_next = True
                    continue
                fields = line.split()
                if len(fields) < 3 or not POSITION.match(fields[0]):
                    continue
                for index in (0, 1):
                    field = fields[index]
                    if field == "*":
                        pass
                    elif field[0] in "+-":
                        last[index] += int(field)
                    else:
                        last[index] = int(field, 16) if index == 0 else int(field)
                if skip_next:
                    skip_next = False
                    continue
                costs[(current["ob"], current["fn"], last[0])] += int(fields[2])
    except OSError as error:
        raise DumpError(f"{path}: cannot read ({outfile.problem(error)})") from None
    if not saw_positions:
        raise DumpError(f"{path}: not a callgrind dump made with --dump-instr=yes")
    return costs


def demangle(names):
    tool = shutil.which("swift-demangle")
    if not tool or not names:
        return {name: name for name in names}
    output = subprocess.run([tool, "--simplified"], input="\n".join(names), capture_output=True, text=True).stdout
    lines = output.split("\n")
    return {name: (lines[i] if i < len(lines) and lines[i] else name) for i, name in enumerate(names)}


def kind_of(name):
    if re.match(r"^(unlink_chunk|alloc_perturb|malloc_consolidate)", name):   # glibc malloc's own helpers
        return "malloc and free"
    for kind, pattern in KINDS:
        if pattern.search(" " + name + " "):
            return kind
    return "the row's own code"


def disassembly(binary, symbol):
    """{address: text} of `symbol` in `binary`; a function without a symbol (callgrind names it by its
    address) is read from its address up to the next symbol."""
    if re.match(r"^0x[0-9a-fA-F]+$", symbol):
        start = int(symbol, 16)
        arguments = [f"--start-address={start}", f"--stop-address={start + 4096}"]
    elif symbol.startswith("$s") or symbol.startswith("_"):
        arguments = [f"--disassemble={symbol}"]
    else:
        return {}
    output = subprocess.run(["objdump", "-d", "--no-show-raw-insn", *arguments, binary],
                            capture_output=True, text=True).stdout
    if arguments[0].startswith("--start"):   # up to the next symbol's label
        kept, labels = [], 0
        for line in output.split("\n"):
            if re.match(r"^[0-9a-f]+ <", line):
                labels += 1
                if labels > 1:
                    break
            kept.append(line)
        output = "\n".join(kept)
    lines = {}
    for line in output.split("\n"):
        match = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if match:
            lines[int(match.group(1), 16)] = match.group(2).strip()
    return lines


def write_account(argv):
    import argparse
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the rxbench binary the dumps were made from")
    parser.add_argument("--dumps", nargs="+", required=True, metavar="DUMP",
                        help="n, 2n (one workload); or depth 8 at n, at 2n, depth 64 at n, at 2n (MapDepth)")
    parser.add_argument("--events", type=int, required=True, help="n, the smaller run's events")
    parser.add_argument("--row", required=True, help="the row's id, for the heading")
    parser.add_argument("--out", help="write here instead of standard output")
    options = parser.parse_args(argv)
    if options.events <= 0:
        raise DumpError("--events must be a positive number of events (the probe's n)")
    if not os.path.isfile(options.binary):
        raise DumpError(f"{options.binary}: no such binary; give the rxbench the dumps were made from")
    if options.out:
        outfile.check_file(options.out, "--out")
    if len(options.dumps) not in (2, 4):
        raise DumpError(f"--dumps takes 2 files (n, 2n) or 4 (MapDepth 8 and 64, each at n and 2n), not "
                        f"{len(options.dumps)}")
    dumps = [read_dump(path) for path in options.dumps]
    n = options.events
    keys = set().union(*dumps)
    stage, fixed = {}, {}
    for key in keys:
        if len(dumps) == 2:
            stage[key], fixed[key] = (dumps[1][key] - dumps[0][key]) / n, 0.0
            continue
        at8 = (dumps[1][key] - dumps[0][key]) / n
        at64 = (dumps[3][key] - dumps[2][key]) / n
        per_stage = (at64 - at8) / 56
        stage[key] = per_stage
        fixed[key] = at8 - 8 * per_stage
    by_function = collections.defaultdict(lambda: [0.0, 0.0])
    for (obj, function, _), value in stage.items():
        by_function[(obj, function)][0] += value
    for (obj, function, _), value in fixed.items():
        by_function[(obj, function)][1] += value
    names = demangle(sorted({function for _, function in by_function}))
    total_stage = sum(stage.values())
    total_fixed = sum(fixed.values())
    if len(dumps) == 2:
        columns = "per event, 0"
        out = [f"# {options.row}: instructions per event", "", f"per event: {total_stage:.2f}", ""]
    else:
        columns = "per map stage, fixed per event"
        out = [f"# {options.row}: one map stage and the fixed part of an event, in instructions", "",
               f"per map stage: {total_stage:.2f}    fixed per event: {total_fixed:.2f}", ""]
    out += [f"## By function (columns: {columns}; kind)", ""]
    kinds = collections.defaultdict(lambda: [0.0, 0.0])
    ordered = sorted(by_function.items(), key=lambda item: -(abs(item[1][0]) * 8 + abs(item[1][1])))
    for (obj, function), (s, f) in ordered:
        if abs(s) < 0.005 and abs(f) < 0.005:
            continue
        kind = kind_of(function)
        kinds[kind][0] += s
        kinds[kind][1] += f
        out.append(f"{s:8.2f} {f:8.2f}  [{kind}] {names.get(function, function)}  ({os.path.basename(obj or '?')})")
    out += ["", "## By kind", ""]
    for kind, (s, f) in sorted(kinds.items(), key=lambda item: -item[1][0]):
        out.append(f"{s:8.2f} {f:8.2f}  {kind}")
    out += ["", "## Instructions of the functions that cost at least half an instruction", ""]
    binary_name = os.path.basename(options.binary)
    for (obj, function), (s, f) in ordered:
        if abs(s) < 0.5 and abs(f) < 0.5:
            continue
        out.append(f"### {names.get(function, function)}")
        out.append(f"{function}: {s:.2f}, {f:.2f}")
        lines = disassembly(options.binary, function) if os.path.basename(obj or "") == binary_name else {}
        if not lines:
            out.append("(not disassembled: outside the binary or without a symbol)")
        for address in sorted(lines):
            key = (obj, function, address)
            cost_s, cost_f = stage.get(key, 0.0), fixed.get(key, 0.0)
            ran = key in keys
            marker = f"{cost_s:7.2f} {cost_f:7.2f}" if ran else " " * 15
            out.append(f"{marker}  {address:x}: {lines[address]}")
        out.append("")
    text = "\n".join(out) + "\n"
    outfile.write_or_print(options.out, text)


def main(argv):
    try:
        return write_account(argv)
    except (DumpError, outfile.OutputError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
