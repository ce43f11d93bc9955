"""Write the sink engine's fixed-arity operators (combineLatest and zip of each arity in ARITIES) from one
template per operator, as RxSwift generates its own arity files from templates: the arities differ only in
counted names, so they are written once and cannot drift apart.

    python3 scripts/rxtools arity           rewrites each generated file that is not what its template makes
    python3 scripts/rxtools arity --check   writes nothing; exit 1 and one line on stderr per such file

A template (scripts/arity/*.swift.template) is the Swift file with these additions:
- `%for arity` ... `%end`: the lines between, once per arity in ARITIES, a blank line between repetitions;
- `%for input` ... `%end` (inside `%for arity`): the lines between, once per input of the arity;
- `{{for input: TEXT}}` within a line: TEXT once per input, joined with ", ";
- `%#` starts a line of comment, left out of the output;
- `${NAME}`: a name's value. Per arity (N = 3 here): `${N}` 3, `${types}` `A, B, C`, `${inputs}` `a, b, c`,
  `${all}` `the three` (`both` for 2). Per input (the second here): `${T}` `B`, `${input}` `b`, `${n}` 2 (the
  ordinal in on2, latest2), `${index}` 1. A `$` not followed by `{` is Swift's (`$0`).
A line longer than MAX_WIDTH is wrapped at its first parenthesis, as the files were wrapped by hand before they
were generated: see wrap().
"""
import argparse
import re
import string
import sys
from pathlib import Path

from . import REPOSITORY

ROOT = Path(REPOSITORY)
PROG = "rxtools arity"   # the name its messages begin with
COMMAND = "python3 scripts/rxtools arity"   # what the generated files' headers say to run

# The arities generated: 2...4.
ARITIES = range(2, 4 + 1)

# Each template and the file it makes, relative to the repository's root.
GENERATED = {
    "scripts/arity/CombineLatest+arity.swift.template":
        "Sources/Engines/SinkEngine/Observables/CombineLatest/CombineLatest+arity.swift",
    "scripts/arity/Zip+arity.swift.template": "Sources/Engines/SinkEngine/Observables/Zip/Zip+arity.swift",
}

# The doc comments' words for "all N inputs".
ALL_INPUTS = {2: "both", 3: "the three", 4: "the four", 5: "the five", 6: "the six", 7: "the seven",
              8: "the eight"}

# The hand-written files' layout: their widest line had 116 columns, and a line of 118 was wrapped.
MAX_WIDTH = 116
INDENT = "    "

NAME = re.compile(r"\$\{(\w+)\}")
# The inline loop's text may hold ${...} names, but no other closing brace.
INLINE_LOOP = re.compile(r"\{\{for input: ((?:\$\{\w+\}|[^}])*)\}\}")


class TemplateError(Exception):
    """A template that cannot be expanded; str() is one line naming the template and its line."""


def arity_names(arity):
    return {"N": str(arity), "types": ", ".join(string.ascii_uppercase[:arity]),
            "inputs": ", ".join(string.ascii_lowercase[:arity]), "all": ALL_INPUTS[arity]}


def input_names(arity):
    """The names of each input of `arity`, in order."""
    return [{"T": string.ascii_uppercase[index], "input": string.ascii_lowercase[index], "n": str(index + 1),
             "index": str(index)} for index in range(arity)]


def substitute(text, names, where):
    def value(match):
        if match.group(1) not in names:
            raise TemplateError(f"{where}: unknown name ${{{match.group(1)}}}")
        return names[match.group(1)]
    return NAME.sub(value, text)


def expand_line(text, names, where):
    if INLINE_LOOP.search(text) and "N" not in names:
        raise TemplateError(f"{where}: {{{{for input: ...}}}} outside %for arity")

    def each_input(match):
        return ", ".join(substitute(match.group(1), names | one, where) for one in input_names(int(names["N"])))
    return substitute(INLINE_LOOP.sub(each_input, text), names, where)


def split_top_level(text):
    """`text` split at its commas outside (), <> and []: a parameter or argument list's items."""
    items, depth, start = [], 0, 0
    for position, character in enumerate(text):
        if character in "(<[":
            depth += 1
        elif character in ")>]" and text[position - 1] != "-":  # the > of -> closes nothing
            depth -= 1
        elif character == "," and depth == 0:
            items.append(text[start:position].strip())
            start = position + 1
    return items + [text[start:].strip()]


def wrap(line, where):
    """`line` as it fits in MAX_WIDTH: unchanged if it fits, else broken after its first `(`, the items of the
    list filled into lines one indent deeper. A call's `)` stays on its last argument's line; a declaration's
    `)` and what follows (`) {`, `) -> Observable<Element> {`) get a line of their own."""
    if len(line) <= MAX_WIDTH:
        return [line]
    indent = line[:len(line) - len(line.lstrip())]
    open_paren = line.find("(")
    close_paren, depth = open_paren, 0
    for close_paren in range(open_paren, len(line)):
        depth += {"(": 1, ")": -1}.get(line[close_paren], 0)
        if depth == 0:
            break
    if open_paren < 0 or depth != 0:
        raise TemplateError(f"{where}: {len(line)} columns, more than {MAX_WIDTH}, and no (...) to wrap")
    items = split_top_level(line[open_paren + 1:close_paren])
    tail = line[close_paren:]
    is_call = tail == ")"
    if is_call:
        items[-1] += ")"
    lines, current = [line[:open_paren + 1]], indent + INDENT + items[0]
    for position, item in enumerate(items[1:], start=1):
        is_last = position == len(items) - 1
        if len(current) + len(", ") + len(item) + (0 if is_last else len(",")) <= MAX_WIDTH:
            current += ", " + item
        else:
            lines.append(current + ",")
            current = indent + INDENT + item
    lines.append(current)
    if not is_call:
        lines.append(indent + tail)
    if any(len(wrapped) > MAX_WIDTH for wrapped in lines):
        raise TemplateError(f"{where}: still wider than {MAX_WIDTH} columns once wrapped")
    return lines


def block_end(lines, start, template):
    """The index of the `%end` closing the `%for` at `start`."""
    depth = 0
    for index in range(start, len(lines)):
        directive = lines[index][1].strip()
        if directive.startswith("%for "):
            depth += 1
        elif directive == "%end":
            depth -= 1
        if depth == 0:
            return index
    raise TemplateError(f"{template}:{lines[start][0]}: %for without %end")


def render(lines, names, template):
    """The output lines of `lines`, each a (line number, text) of `template`, with `names` in scope."""
    output, index = [], 0
    while index < len(lines):
        number, text = lines[index]
        where = f"{template}:{number}"
        directive = text.strip()
        if directive.startswith("%#"):
            index += 1
        elif directive in ("%for arity", "%for input"):
            end = block_end(lines, index, template)
            body = lines[index + 1:end]
            if directive == "%for arity":
                for arity in ARITIES:
                    if arity != ARITIES[0]:
                        output.append("")
                    output += render(body, names | arity_names(arity), template)
            elif "N" not in names:
                raise TemplateError(f"{where}: %for input outside %for arity")
            else:
                for one in input_names(int(names["N"])):
                    output += render(body, names | one, template)
            index = end + 1
        elif directive == "%end":
            raise TemplateError(f"{where}: %end without %for")
        elif directive.startswith("%"):
            raise TemplateError(f"{where}: unknown directive {directive!r}")
        else:
            output += wrap(expand_line(text, names, where), where)
            index += 1
    return output


def generate(template):
    """The text of the file `template` (a path relative to the root) makes: a header, then the expansion."""
    source = (ROOT / template).read_text()
    lines = list(enumerate(source.splitlines(), start=1))
    header = [f"// Generated by `{COMMAND}` from {template}.",
              f"// Do not edit: edit the template and run `{COMMAND}`.", ""]
    return "\n".join(header + render(lines, {}, template)) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a generated file differs from what its template makes")
    args = parser.parse_args(argv)
    stale = []
    for template, generated in GENERATED.items():
        try:
            text = generate(template)
        except (TemplateError, OSError) as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
        path = ROOT / generated
        if path.exists() and path.read_text() == text:
            continue
        if args.check:
            stale.append(generated)
            print(f"{PROG}: {generated} is not what {template} makes: run {COMMAND}", file=sys.stderr)
        else:
            path.write_text(text)
            print(f"wrote {generated}")
    return 1 if stale else 0
