"""rxbench's own mutation check: each mutant of scripts/mutation/mutants.json (a realistic one-line bug in an
engine, a variant, the floor, the harness, the workloads, the CLI or a script) is applied in turn to a copy of
the repository, built, and held against the tests that should catch it. Run on demand, not in CI's time.

    python3 scripts/rxtools mutation-check                every mutant; results/mutation/latest.csv and latest.md
    python3 scripts/rxtools mutation-check --only ID,ID   those mutants only (with --output elsewhere, to keep latest)
    python3 scripts/rxtools mutation-check --list         the mutants, one per line; nothing is run

The copy is a git worktree of HEAD in a temporary folder, with its own .build (nothing is written into the
checkout, and uncommitted changes are not in it; Package.resolved is copied into it when the checkout has one,
so that it builds the same dependencies). It is built once as it is, and each distinct test command is run once
on it: a command that fails without any mutant, or whose filter runs no test, makes its mutants `invalid`. Then
for each mutant: the edit is applied, Swift mutants are built (`swift build --build-tests`; a mutant that does
not compile is `invalid`), the mutant's test command runs under a time limit, and the file is restored. The
mutant is `caught` when the command fails, `survived` when it passes, `hung` when it was killed at the limit.
A survivor argued equivalent in mutants.json (`equivalent`: the argument) is reported with its argument.

A mutant is an object of mutants.json's `mutants` list: `id`, `file`, `original` (text that occurs exactly
once in the file at HEAD: one line, or a few lines of which the replacement changes one), `replacement`,
`description` (the bug, in one line), `test` (`swift test --skip-build --filter REGEX`, or `python -m pytest -q
scripts/tests/FILE ...`, run with the checkout's .venv-scripts python, which scripts/venv.sh makes), and
optionally `timeout` (seconds, instead of --timeout) and `equivalent` (why a survivor cannot be caught).

Bad input is one line on stderr and exit 2 before anything runs or is written (docs/cli.md, "Scripts"): a
mutants file that cannot be read or is malformed, a mutant whose original text is missing from its file or
occurs more than once, an unknown --only id, an --output that cannot be written, no .venv-scripts for a script
mutant. The results (a CSV, and a markdown summary beside it: FILE with .md for .csv) are written whole at the
end, as scripts/rxtools/outfile.py writes. Exit 0 when every mutant was caught or hung (or survived and is argued
equivalent), 1 otherwise. Ctrl-C stops the run (exit 130), kills the running command and removes the copy;
nothing is written. docs/mutation.md says more.
"""
import argparse
import csv
import datetime
import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from . import REPOSITORY, outfile

PROG = "rxtools mutation-check"   # the name its messages begin with
ROOT = REPOSITORY
DEFAULT_MUTANTS = os.path.join("scripts", "mutation", "mutants.json")
DEFAULT_OUTPUT = os.path.join("results", "mutation", "latest.csv")
FIELDS = ("id", "file", "original", "replacement", "description", "test")
OPTIONAL = ("timeout", "equivalent")
STATUSES = ("caught", "survived", "hung", "invalid")
COLUMNS = ["id", "file", "status", "seconds", "build_seconds", "test_seconds", "description", "test", "note"]
SWIFT_TEST = ["swift", "test", "--skip-build", "--filter"]
PYTEST = ["python", "-m", "pytest", "-q"]
BUILD = ["swift", "build", "--build-tests"]
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# Marks a folder this script made to keep its worktree between runs (--keep): only such a folder is reused.
KEEP_MARK = ".mutation-check-worktree"


class BadInput(Exception):
    """A refusal before any work: str() is the one line."""


# ---------------------------------------------------------------------------------------------
# The mutants

class Mutant:
    def __init__(self, entry):
        self.id = entry["id"]
        self.file = entry["file"]
        self.original = entry["original"]
        self.replacement = entry["replacement"]
        self.description = entry["description"]
        self.test = entry["test"]
        self.timeout = entry.get("timeout")
        self.equivalent = entry.get("equivalent")

    @property
    def is_swift(self):
        return self.test.startswith("swift ")

    def apply(self, text):
        """The file's text with this mutant's edit; BadInput unless the original occurs exactly once."""
        count = text.count(self.original)
        if count != 1:
            where = "is not in" if count == 0 else f"occurs {count} times in"
            raise BadInput(f"mutant {self.id}: its original text {where} {self.file}; "
                           "give text of one line that occurs there exactly once")
        return text.replace(self.original, self.replacement, 1)


def test_argv(test, python):
    """The argv of a mutant's test command, its `python` the venv's."""
    words = shlex.split(test)
    if words[:len(PYTEST)] == PYTEST:
        return [python] + words[1:]
    return words


def check_test(mutant_id, test):
    """BadInput unless `test` is `swift test --skip-build --filter REGEX` or `python -m pytest -q` with paths
    under scripts/tests/ (and optionally `-k EXPRESSION`)."""
    try:
        words = shlex.split(test)
    except ValueError as error:
        raise BadInput(f"mutant {mutant_id}: its test cannot be read as a command ({error})") from None
    if words[:len(SWIFT_TEST)] == SWIFT_TEST and len(words) == len(SWIFT_TEST) + 1:
        try:
            re.compile(words[-1])
        except re.error as error:
            raise BadInput(f"mutant {mutant_id}: its --filter {words[-1]!r} is not a regular expression ({error})") from None
        return
    if words[:len(PYTEST)] == PYTEST and len(words) > len(PYTEST):
        rest, paths = words[len(PYTEST):], 0
        while rest:
            if rest[0] == "-k" and len(rest) > 1:
                rest = rest[2:]
            elif rest[0].startswith("scripts/tests/") and ".." not in rest[0]:
                rest, paths = rest[1:], paths + 1
            else:
                break
        if not rest and paths:
            return
    raise BadInput(f"mutant {mutant_id}: its test is {test!r}; give `swift test --skip-build --filter REGEX` or "
                   "`python -m pytest -q scripts/tests/FILE ...`")


def read_mutants(path):
    """The mutants of `path`, each checked for its fields; BadInput names the first problem."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"{path}: cannot be read ({getattr(error, 'strerror', None) or error})") from None
    except json.JSONDecodeError as error:
        raise BadInput(f"{path}: not JSON (line {error.lineno}: {error.msg})") from None
    entries = data.get("mutants") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise BadInput(f"{path}: has no `mutants` list; give {{\"mutants\": [{{...}}, ...]}}")
    mutants, seen = [], set()
    for number, entry in enumerate(entries, start=1):
        name = entry.get("id") if isinstance(entry, dict) else None
        label = f"mutant {name}" if isinstance(name, str) and name else f"mutant #{number}"
        if not isinstance(entry, dict):
            raise BadInput(f"{path}: {label} is not an object")
        missing = [field for field in FIELDS if not isinstance(entry.get(field), str)
                   or (field != "replacement" and not entry[field])]
        if missing:
            raise BadInput(f"{path}: {label} lacks {', '.join(missing)} (each a string)")
        unknown = sorted(set(entry) - set(FIELDS) - set(OPTIONAL))
        if unknown:
            raise BadInput(f"{path}: {label} has unknown field(s) {', '.join(unknown)}")
        if not ID.match(entry["id"]):
            raise BadInput(f"{path}: {label}: an id is lower-case letters, digits and hyphens")
        if entry["id"] in seen:
            raise BadInput(f"{path}: {label} is listed twice; give each mutant its own id")
        seen.add(entry["id"])
        before, after = entry["original"].split("\n"), entry["replacement"].split("\n")
        if len(before) != len(after) or sum(old != new for old, new in zip(before, after)) != 1:
            raise BadInput(f"{path}: {label}: a mutant changes one line; its replacement must differ from its "
                           "original in one line (the others are context that makes the original unique)")
        if os.path.isabs(entry["file"]) or ".." in entry["file"].split("/"):
            raise BadInput(f"{path}: {label}: its file must be a path inside the repository")
        timeout = entry.get("timeout")
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0):
            raise BadInput(f"{path}: {label}: its timeout must be a number of seconds above 0")
        if "equivalent" in entry and (not isinstance(entry["equivalent"], str) or not entry["equivalent"].strip()):
            raise BadInput(f"{path}: {label}: `equivalent` is the argument, a non-empty string")
        check_test(entry["id"], entry["test"])
        mutants.append(Mutant(entry))
    return mutants


def select(mutants, only):
    """The mutants `--only` names (comma-separated ids), in the file's order; all without it."""
    if only is None:
        return mutants
    wanted = [name.strip() for name in only.split(",") if name.strip()]
    if not wanted:
        raise BadInput("--only is empty; give mutant ids separated by commas (--list shows them)")
    known = {mutant.id for mutant in mutants}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise BadInput(f"--only: no mutant {', '.join(unknown)}; --list shows the ids")
    return [mutant for mutant in mutants if mutant.id in wanted]


def check_texts(mutants, read):
    """Each mutant's original against its file's text (`read(file)`: the text, or None when there is no such
    file): BadInput names the first mutant whose text is missing or occurs more than once."""
    texts = {}
    for mutant in mutants:
        if mutant.file not in texts:
            texts[mutant.file] = read(mutant.file)
        if texts[mutant.file] is None:
            raise BadInput(f"mutant {mutant.id}: its file {mutant.file} is not in the repository at HEAD")
        mutant.apply(texts[mutant.file])


# ---------------------------------------------------------------------------------------------
# Running commands

class Outcome:
    def __init__(self, status, seconds, output):
        self.status, self.seconds, self.output = status, seconds, output   # status: an exit status or "hung"


def stop(process):
    """Ends `process` and everything it started (its own session): SIGTERM, then SIGKILL after 5 s."""
    for signum, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 30)):
        try:
            os.killpg(process.pid, signum)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def execute(argv, cwd, timeout):
    """Runs `argv` in `cwd` in a session of its own, its output (stdout and stderr) captured; killed with all
    it started when `timeout` seconds have passed (status "hung"), or when this script is interrupted."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as log:
        try:
            process = subprocess.Popen(argv, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as error:
            return Outcome(127, 0.0, f"{argv[0]}: {outfile.problem(error)}")
        try:
            process.wait(timeout=timeout)
            status = process.returncode
        except subprocess.TimeoutExpired:
            status = "hung"
        finally:
            stop(process)
        log.seek(0)
        output = log.read().decode("utf-8", "replace")
    return Outcome(status, time.monotonic() - started, output)


def tests_run(output):
    """How many tests a `swift test` output says ran (XCTest's and Swift Testing's counts), None when it says
    neither."""
    counts = [int(n) for n in re.findall(r"Executed (\d+) tests?,", output)]
    counts += [int(n) for n in re.findall(r"Test run with (\d+) tests?", output)]
    return sum(counts) if counts else None


FAILURE_LINE = re.compile(r"(error:|failed|FAILED|✘|Error|assert)")


def first_failure(output):
    """The first line of `output` that reads as a failure, shortened: what the results note says."""
    for line in output.splitlines():
        if FAILURE_LINE.search(line) and not line.startswith("Test Suite"):
            line = " ".join(line.split())
            return line[:200]
    lines = [line for line in output.splitlines() if line.strip()]
    return " ".join(lines[-1].split())[:200] if lines else ""


def classify(outcome):
    """A mutant's status from its test command's outcome: hung (killed at the limit), caught (it failed),
    survived (it passed)."""
    if outcome.status == "hung":
        return "hung"
    return "survived" if outcome.status == 0 else "caught"


# ---------------------------------------------------------------------------------------------
# The copy

class Copy:
    """The git worktree of HEAD the mutants are applied to: made in a temporary folder and removed at the end,
    or kept at --keep DIR (reused by the next run with --keep DIR, so that its build is incremental)."""

    def __init__(self, root, commit, keep=None, run=execute):
        self.root, self.commit, self.keep, self.run = root, commit, keep, run
        self.parent = None
        self.path = None

    def git(self, *args, cwd=None):
        outcome = self.run(["git", *args], cwd or self.root, 600)
        if outcome.status != 0:
            raise RuntimeError(f"git {' '.join(args)}: {first_failure(outcome.output) or outcome.status}")
        return outcome.output

    def make(self):
        if self.keep and os.path.exists(os.path.join(self.keep, KEEP_MARK)):
            self.path = os.path.join(self.keep, "tree")
            self.git("checkout", "--quiet", "--force", "--detach", self.commit, cwd=self.path)
            self.git("clean", "--quiet", "-d", "--force", cwd=self.path)   # untracked, never ignored (.build)
        else:
            self.parent = self.keep or tempfile.mkdtemp(prefix="rxbench-mutants-")
            os.makedirs(self.parent, exist_ok=True)
            self.path = os.path.join(self.parent, "tree")
            self.git("worktree", "add", "--quiet", "--detach", self.path, self.commit)
            if self.keep:
                open(os.path.join(self.keep, KEEP_MARK), "w").close()
        resolved = os.path.join(self.root, "Package.resolved")
        if os.path.isfile(resolved):
            shutil.copyfile(resolved, os.path.join(self.path, "Package.resolved"))
        return self.path

    def remove(self):
        if self.keep or self.path is None:
            return
        self.run(["git", "worktree", "remove", "--force", self.path], self.root, 600)
        shutil.rmtree(self.parent, ignore_errors=True)
        self.run(["git", "worktree", "prune"], self.root, 600)


# ---------------------------------------------------------------------------------------------
# The run

class Result:
    def __init__(self, mutant, status, build_seconds=0.0, test_seconds=0.0, note=""):
        self.mutant, self.status, self.note = mutant, status, note
        self.build_seconds, self.test_seconds = build_seconds, test_seconds

    @property
    def seconds(self):
        return self.build_seconds + self.test_seconds


def progress(line):
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


class Check:
    """One run of the mutants on a copy: `run(argv, cwd, timeout)` executes commands (a seam for the tests)."""

    def __init__(self, tree, mutants, python, timeout, build_timeout, run=execute, logs=None):
        self.tree, self.mutants, self.python = tree, mutants, python
        self.timeout, self.build_timeout, self.run, self.logs = timeout, build_timeout, run, logs
        self.built = False

    def log(self, name, outcome):
        if self.logs:
            with open(os.path.join(self.logs, f"{name}.log"), "w", encoding="utf-8") as handle:
                handle.write(outcome.output)

    def build(self, name):
        outcome = self.run(BUILD, self.tree, self.build_timeout)
        self.log(f"{name}.build", outcome)
        return outcome

    def limit(self, mutant):
        return mutant.timeout or self.timeout

    def unmutated(self):
        """Builds the copy as it is (when a Swift mutant is selected) and runs each distinct test command once:
        {command: why its mutants are invalid}, for a command that fails or runs no test. RuntimeError when the
        copy does not build."""
        if any(mutant.is_swift for mutant in self.mutants):
            progress("building the unmutated copy")
            outcome = self.build("unmutated")
            if outcome.status != 0:
                raise RuntimeError(f"the unmutated copy does not build: {first_failure(outcome.output)}")
            self.built = True
        broken = {}
        commands = list(dict.fromkeys(mutant.test for mutant in self.mutants))
        for number, command in enumerate(commands, start=1):
            progress(f"[{number}/{len(commands)}] unmutated: {command}")
            limit = max(self.limit(mutant) for mutant in self.mutants if mutant.test == command)
            outcome = self.run(test_argv(command, self.python), self.tree, limit)
            self.log(f"unmutated-{number}", outcome)
            if outcome.status == "hung":
                broken[command] = f"its test command was killed after {limit:g} s without any mutant"
            elif outcome.status != 0:
                broken[command] = f"its test command fails without any mutant: {first_failure(outcome.output)}"
            elif command.startswith("swift ") and not tests_run(outcome.output):
                broken[command] = "its test command's filter runs no test"
        return broken

    def one(self, mutant, broken):
        """Applies `mutant`, builds, tests, restores: its Result."""
        if mutant.test in broken:
            return Result(mutant, "invalid", note=broken[mutant.test])
        path = os.path.join(self.tree, mutant.file)
        with open(path, encoding="utf-8", newline="") as handle:
            original = handle.read()
        mutated = mutant.apply(original)
        build_seconds = 0.0
        try:
            with open(path, "w", encoding="utf-8", newline="") as handle:
                handle.write(mutated)
            if mutant.is_swift:
                outcome = self.build(mutant.id)
                build_seconds = outcome.seconds
                if outcome.status != 0:
                    why = "build killed at its time limit" if outcome.status == "hung" else "does not compile"
                    return Result(mutant, "invalid", build_seconds, note=f"{why}: {first_failure(outcome.output)}")
            outcome = self.run(test_argv(mutant.test, self.python), self.tree, self.limit(mutant))
            self.log(mutant.id, outcome)
            status = classify(outcome)
            if status == "caught":
                note = first_failure(outcome.output)
            elif status == "hung":
                note = f"killed after {self.limit(mutant):g} s"
            else:
                note = f"argued equivalent: {mutant.equivalent}" if mutant.equivalent else ""
            return Result(mutant, status, build_seconds, outcome.seconds, note)
        finally:
            with open(path, "w", encoding="utf-8", newline="") as handle:
                handle.write(original)

    def all(self):
        broken = self.unmutated()
        results = []
        for number, mutant in enumerate(self.mutants, start=1):
            result = self.one(mutant, broken)
            progress(f"[{number}/{len(self.mutants)}] {mutant.id}: {result.status} ({result.seconds:.0f} s)"
                     + (f" {result.note}" if result.status != "caught" and result.note else ""))
            results.append(result)
        return results


# ---------------------------------------------------------------------------------------------
# The results

def counts(results):
    tally = {status: 0 for status in STATUSES}
    for result in results:
        tally[result.status] += 1
    return tally


def passed(results):
    """Every mutant caught or hung, or survived and argued equivalent."""
    return all(result.status in ("caught", "hung") or (result.status == "survived" and result.mutant.equivalent)
               for result in results)


def results_csv(results):
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for result in results:
        mutant = result.mutant
        writer.writerow([mutant.id, mutant.file, result.status, f"{result.seconds:.1f}", f"{result.build_seconds:.1f}",
                         f"{result.test_seconds:.1f}", mutant.description, mutant.test, result.note])
    return buffer.getvalue()


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def summary_markdown(results, context):
    tally = counts(results)
    lines = [
        "# Mutation check: the last run",
        "",
        f"Written by `python3 scripts/rxtools mutation-check`; do not edit (results/mutation/README.md discusses the run).",
        "",
        f"- command: `{context['command']}`",
        f"- commit: {context['commit']}",
        f"- date: {context['date']}, {context['seconds'] / 60:.0f} minutes",
        f"- mutants: {len(results)}: " + ", ".join(f"{tally[status]} {status}" for status in STATUSES),
        "",
    ]
    survivors = [result for result in results if result.status == "survived"]
    if survivors:
        lines += ["Survivors:", ""]
        for result in survivors:
            why = f" Argued equivalent: {result.mutant.equivalent}" if result.mutant.equivalent else " Not argued equivalent."
            lines.append(f"- `{result.mutant.id}` ({result.mutant.file}): {result.mutant.description}.{why}")
        lines.append("")
    lines += ["| mutant | file | status | seconds | the bug | test | note |", "|---|---|---|---:|---|---|---|"]
    for result in results:
        mutant = result.mutant
        lines.append(f"| `{mutant.id}` | {mutant.file} | {result.status} | {result.seconds:.0f} | "
                     f"{cell(mutant.description)} | `{cell(mutant.test)}` | {cell(result.note)} |")
    return "\n".join(lines) + "\n"


def summary_path(output):
    base, extension = os.path.splitext(output)
    return (base if extension.lower() == ".csv" else output) + ".md"


# ---------------------------------------------------------------------------------------------

def positive(option):
    def parse(text):
        try:
            value = float(text)
        except ValueError:
            value = None
        if value is None or not value > 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{option} is {text!r}; give a number of seconds above 0")
        return value
    return parse


class Parser(argparse.ArgumentParser):
    """argparse's errors as the one line the scripts give (docs/cli.md, "Scripts"), exit 2."""

    def error(self, message):
        outfile.say(PROG, message)
        sys.exit(2)


def head_text(root, commit):
    """read(file) for check_texts: the file's text at `commit`, None when it has none."""
    def read(file):
        result = subprocess.run(["git", "-C", root, "show", f"{commit}:{file}"], capture_output=True)
        if result.returncode != 0:
            return None
        return result.stdout.decode("utf-8", "replace")
    return read


def head_commit(root):
    result = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True, text=True)
    if result.returncode != 0:
        raise BadInput(f"{root}: not a git checkout with a commit; the copy is a worktree of HEAD")
    return result.stdout.strip()


def prepare(args):
    """Everything checked before any work: (mutants selected, commit, python). BadInput on a problem."""
    if not os.path.isdir(args.repository):
        raise BadInput(f"--repository {args.repository}: no such directory")
    args.mutants = args.mutants or os.path.join(args.repository, DEFAULT_MUTANTS)
    args.output = args.output or os.path.join(args.repository, DEFAULT_OUTPUT)
    mutants = select(read_mutants(args.mutants), args.only)
    commit = head_commit(args.repository)
    check_texts(mutants, head_text(args.repository, commit))
    if args.list:
        return mutants, commit, None
    python = args.python or os.path.join(args.repository, ".venv-scripts", "bin", "python")
    if any(not mutant.is_swift for mutant in mutants) and not os.access(python, os.X_OK):
        raise BadInput(f"{python}: no such python; make the scripts' venv with scripts/venv.sh, or give --python")
    try:
        outfile.check_file(args.output, "--output")
        outfile.check_file(summary_path(args.output), "--output", remedy="give another --output")
        if args.logs:
            outfile.check_directory(args.logs, "--logs")
        if args.keep:
            outfile.check_directory(args.keep, "--keep")
    except outfile.OutputError as error:
        raise BadInput(str(error)) from None
    if args.keep and os.path.isdir(args.keep) and os.listdir(args.keep) and \
            not os.path.exists(os.path.join(args.keep, KEEP_MARK)):
        raise BadInput(f"--keep {args.keep}: a folder this script did not make; give a new or empty folder")
    return mutants, commit, python


def main(argv=None):
    parser = Parser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--repository", default=ROOT, metavar="DIR",
                        help="the checkout whose HEAD is mutated (default: the one this script is in)")
    parser.add_argument("--mutants", help="the mutants (default: scripts/mutation/mutants.json of the repository)")
    parser.add_argument("--only", metavar="ID,ID", help="run these mutants only")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--output", help="results CSV (default: results/mutation/latest.csv of the repository); "
                                          "a markdown summary beside it (.md for .csv)")
    parser.add_argument("--timeout", type=positive("--timeout"), default=900.0,
                        help="seconds a test command may take before it counts as hung (default 900)")
    parser.add_argument("--build-timeout", type=positive("--build-timeout"), default=3600.0,
                        help="seconds a build may take (default 3600)")
    parser.add_argument("--python", help="python for the script mutants' tests (default: .venv-scripts/bin/python)")
    parser.add_argument("--logs", metavar="DIR", help="keep each command's output in DIR")
    parser.add_argument("--keep", metavar="DIR",
                        help="keep the copy (and its build) in DIR, and reuse it on the next run with --keep DIR")
    args = parser.parse_args(argv)
    try:
        mutants, commit, python = prepare(args)
    except BadInput as error:
        outfile.say(PROG, str(error))
        return 2
    if args.list:
        width = max(len(mutant.id) for mutant in mutants)
        for mutant in mutants:
            print(f"{mutant.id:{width}}  {mutant.file}: {mutant.description}")
        return 0
    started = time.monotonic()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if args.logs:
        outfile.make_directory(args.logs)
    copy = Copy(args.repository, commit, keep=args.keep)
    try:
        progress(f"copy of {commit[:12]} in {copy.make()}")
        check = Check(copy.path, mutants, python, args.timeout, args.build_timeout, logs=args.logs)
        results = check.all()
    except RuntimeError as error:
        outfile.say(PROG, str(error))
        return 1
    finally:
        copy.remove()
    shown = ["python3", "scripts/rxtools", "mutation-check"] + [shlex.quote(word) for word in (argv if argv is not None else sys.argv[1:])]
    context = {"command": " ".join(shown), "commit": commit, "date": date, "seconds": time.monotonic() - started}
    try:
        outfile.write_atomically(args.output, results_csv(results))
        outfile.write_atomically(summary_path(args.output), summary_markdown(results, context))
    except outfile.OutputError as error:
        outfile.say(PROG, str(error))
        return 1
    tally = counts(results)
    print(f"{PROG}: {len(results)} mutants: " + ", ".join(f"{tally[status]} {status}" for status in STATUSES)
          + f"; {args.output}")
    return 0 if passed(results) else 1
