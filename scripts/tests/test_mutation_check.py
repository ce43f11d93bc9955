"""rxtools mutation-check's own logic, without Swift: mutants applied or refused (missing or ambiguous text, malformed
entries, unknown ids), results classified (caught, survived, hung, invalid) with the commands stubbed, a command
killed at its time limit with everything it started, and a whole run on a small git repository whose tests are
pytest files: its results file and summary, and its refusals of bad input (one line, exit 2, nothing written)."""
import csv
import json
import os
import subprocess
import sys
import time

import pytest

from conftest import RXTOOLS, SCRIPTS
from rxtools import mutation_check as mc

COMMAND = [sys.executable, RXTOOLS, "mutation-check"]

SWIFT = "swift test --skip-build --filter 'SinkEngineTests\\.'"
PYTEST = "python -m pytest -q scripts/tests/test_thing.py"


def entry(**fields):
    base = {"id": "m", "file": "Sources/A.swift", "original": "a < b", "replacement": "a <= b",
            "description": "an off-by-one", "test": SWIFT}
    base.update(fields)
    return base


def mutants_file(tmp_path, entries):
    path = tmp_path / "mutants.json"
    path.write_text(json.dumps({"mutants": entries}))
    return str(path)


def refusal(tmp_path, entries_or_text):
    path = tmp_path / "mutants.json"
    path.write_text(entries_or_text if isinstance(entries_or_text, str) else json.dumps({"mutants": entries_or_text}))
    with pytest.raises(mc.BadInput) as refused:
        mc.read_mutants(str(path))
    return str(refused.value)


# ---------------------------------------------------------------------------------------------
# Applying and refusing mutants

def test_a_mutant_replaces_its_one_occurrence():
    mutant = mc.Mutant(entry(original="if a < b {", replacement="if a <= b {"))
    assert mutant.apply("x\nif a < b {\ny\n") == "x\nif a <= b {\ny\n"


def test_a_missing_or_ambiguous_original_is_refused_naming_the_mutant():
    mutant = mc.Mutant(entry(id="take-off-by-one", original="a < b"))
    with pytest.raises(mc.BadInput) as missing:
        mutant.apply("nothing here\n")
    assert str(missing.value) == ("mutant take-off-by-one: its original text is not in Sources/A.swift; give text of "
                                  "one line that occurs there exactly once")
    with pytest.raises(mc.BadInput) as twice:
        mutant.apply("a < b\na < b\n")
    assert "mutant take-off-by-one: its original text occurs 2 times in Sources/A.swift" in str(twice.value)


def test_texts_are_checked_against_every_file_before_anything_runs():
    texts = {"Sources/A.swift": "a < b\n", "Sources/B.swift": "x\n"}
    good = mc.Mutant(entry(id="good"))
    absent = mc.Mutant(entry(id="absent", file="Sources/B.swift"))
    nowhere = mc.Mutant(entry(id="nowhere", file="Sources/C.swift"))
    mc.check_texts([good], texts.get)
    with pytest.raises(mc.BadInput, match="^mutant absent: its original text is not in Sources/B.swift"):
        mc.check_texts([good, absent], texts.get)
    with pytest.raises(mc.BadInput, match="^mutant nowhere: its file Sources/C.swift is not in the repository at HEAD"):
        mc.check_texts([nowhere], texts.get)


def test_a_good_mutants_file_is_read(tmp_path):
    mutants = mc.read_mutants(mutants_file(tmp_path, [
        entry(id="one"), entry(id="two", test=PYTEST, replacement="", timeout=30, equivalent="argued")]))
    assert [m.id for m in mutants] == ["one", "two"]
    assert mutants[0].is_swift and not mutants[1].is_swift
    assert (mutants[1].timeout, mutants[1].equivalent, mutants[1].replacement) == (30, "argued", "")


@pytest.mark.parametrize("entries, words", [
    ("{", "not JSON (line 1"),
    ('{"other": []}', "has no `mutants` list"),
    ([], "has no `mutants` list"),
    (["text"], "mutant #1 is not an object"),
    ([entry(description="")], "mutant m lacks description"),
    ([{"id": "x"}], "mutant x lacks file, original, replacement, description, test"),
    ([entry(colour="red")], "mutant m has unknown field(s) colour"),
    ([entry(id="Bad Id")], "an id is lower-case letters, digits and hyphens"),
    ([entry(id="same"), entry(id="same")], "mutant same is listed twice"),
    ([entry(original="a < b", replacement="a < b")], "its replacement must differ from its original in one line"),
    ([entry(original="a\nb", replacement="c\nd")], "its replacement must differ from its original in one line"),
    ([entry(original="a\nb", replacement="a")], "its replacement must differ from its original in one line"),
    ([entry(file="../outside.swift")], "its file must be a path inside the repository"),
    ([entry(file="/etc/passwd")], "its file must be a path inside the repository"),
    ([entry(timeout=0)], "its timeout must be a number of seconds above 0"),
    ([entry(timeout=True)], "its timeout must be a number of seconds above 0"),
    ([entry(equivalent=" ")], "`equivalent` is the argument, a non-empty string"),
    ([entry(test="swift test --filter X")], "give `swift test --skip-build --filter REGEX`"),
    ([entry(test="swift test --skip-build --filter '('")], "is not a regular expression"),
    ([entry(test="rm -rf /")], "its test is 'rm -rf /'"),
    ([entry(test="python -m pytest -q tests/x.py")], "give `swift test --skip-build --filter REGEX`"),
    ([entry(test="python -m pytest -q scripts/tests/../../x.py")], "give `swift test"),
    ([entry(test="python -m pytest -q -k gate")], "give `swift test"),
    ([entry(test="swift test --skip-build --filter 'unclosed")], "cannot be read as a command"),
])
def test_a_malformed_mutants_file_is_refused_in_one_line(tmp_path, entries, words):
    message = refusal(tmp_path, entries)
    assert words in message and "\n" not in message


def test_a_one_line_change_may_carry_context_lines(tmp_path):
    mutants = mc.read_mutants(mutants_file(tmp_path, [entry(original="a\nb < c\nd", replacement="a\nb <= c\nd")]))
    assert mutants[0].apply("x\na\nb < c\nd\n") == "x\na\nb <= c\nd\n"


def test_only_selects_known_ids_in_file_order():
    mutants = [mc.Mutant(entry(id=name)) for name in ("a", "b", "c")]
    assert [m.id for m in mc.select(mutants, "c, a")] == ["a", "c"]
    assert mc.select(mutants, None) == mutants
    with pytest.raises(mc.BadInput, match="^--only: no mutant x, y; --list shows the ids$"):
        mc.select(mutants, "a,x,y")
    with pytest.raises(mc.BadInput, match="^--only is empty"):
        mc.select(mutants, " , ")


def test_a_pytest_command_runs_with_the_venvs_python():
    assert mc.test_argv(PYTEST, "/venv/bin/python") == [
        "/venv/bin/python", "-m", "pytest", "-q", "scripts/tests/test_thing.py"]
    assert mc.test_argv(SWIFT, "/venv/bin/python") == ["swift", "test", "--skip-build", "--filter", "SinkEngineTests\\."]


# ---------------------------------------------------------------------------------------------
# Classifying results, with the commands stubbed

def test_the_status_of_a_test_command_classifies_the_mutant():
    assert mc.classify(mc.Outcome(0, 1.0, "")) == "survived"
    assert mc.classify(mc.Outcome(1, 1.0, "")) == "caught"
    assert mc.classify(mc.Outcome(-11, 1.0, "")) == "caught"   # a crash fails the tests
    assert mc.classify(mc.Outcome("hung", 1.0, "")) == "hung"


def test_tests_run_reads_both_frameworks_counts():
    assert mc.tests_run("\t Executed 0 tests, with 0 failures\n✔ Test run with 31 tests in 6 suites passed") == 31
    assert mc.tests_run("\t Executed 4 tests, with 0 failures (0 unexpected)\n") == 4
    assert mc.tests_run("\t Executed 0 tests, with 0 failures\n✔ Test run with 0 tests passed") == 0
    assert mc.tests_run("error: no tests found") is None


class Stub:
    """Commands stubbed: a build fails when the tree holds `breaks_build`; a test command fails when it holds
    `caught_by` (its test fails), hangs when it holds `hangs_on`, and fails everywhere when `broken`. Each call is
    recorded with the text of the mutated file at that moment."""

    def __init__(self, tree, file, caught_by=(), breaks_build=(), hangs_on=(), broken=(), no_tests=()):
        self.tree, self.file = tree, file
        self.caught_by, self.breaks_build, self.hangs_on = caught_by, breaks_build, hangs_on
        self.broken, self.no_tests = broken, no_tests
        self.calls = []

    def __call__(self, argv, cwd, timeout):
        text = (self.tree / self.file).read_text()
        self.calls.append((argv, timeout, text))
        if argv[:2] == ["swift", "build"]:
            failed = any(marker in text for marker in self.breaks_build)
            return mc.Outcome(1 if failed else 0, 2.0, "error: cannot compile" if failed else "Build complete!")
        command = " ".join(argv)
        if any(marker in text for marker in self.hangs_on):
            return mc.Outcome("hung", timeout, "")
        if any(name in command for name in self.broken) or any(marker in text for marker in self.caught_by):
            return mc.Outcome(1, 3.0, "Test Case 'T.testIt' failed (0.1 seconds)\n")
        if any(name in command for name in self.no_tests):
            return mc.Outcome(0, 3.0, "\t Executed 0 tests, with 0 failures\n✔ Test run with 0 tests passed")
        return mc.Outcome(0, 3.0, "\t Executed 3 tests, with 0 failures\n")


def tree_with(tmp_path, text):
    tree = tmp_path / "tree"
    (tree / "Sources").mkdir(parents=True)
    (tree / "Sources" / "A.swift").write_text(text)
    return tree


def test_each_mutant_is_applied_built_tested_and_restored(tmp_path):
    original = "let a = 1\nif a < b {}\nlet c = 2\n"
    tree = tree_with(tmp_path, original)
    mutants = [mc.Mutant(entry(id="caught", original="if a < b", replacement="if a <= b")),
               mc.Mutant(entry(id="survives", original="let c = 2", replacement="let c = 3")),
               mc.Mutant(entry(id="argued", original="let a = 1", replacement="let a = 9",
                               equivalent="a is never read")),
               mc.Mutant(entry(id="does-not-compile", original="let a = 1", replacement="let a = ")),
               mc.Mutant(entry(id="hangs", original="let c = 2", replacement="while true {}", timeout=7))]
    stub = Stub(tree, "Sources/A.swift", caught_by=["a <= b"], breaks_build=["let a = \n"], hangs_on=["while true"])
    check = mc.Check(str(tree), mutants, "/venv/bin/python", timeout=60, build_timeout=600, run=stub)
    results = check.all()
    assert [(r.mutant.id, r.status) for r in results] == [
        ("caught", "caught"), ("survives", "survived"), ("argued", "survived"), ("does-not-compile", "invalid"),
        ("hangs", "hung")]
    assert results[0].note == "Test Case 'T.testIt' failed (0.1 seconds)"
    assert results[2].note == "argued equivalent: a is never read"
    assert results[3].note.startswith("does not compile: error: cannot compile")
    assert results[4].note == "killed after 7 s"
    assert (results[0].build_seconds, results[0].test_seconds, results[0].seconds) == (2.0, 3.0, 5.0)
    # The file is restored after every mutant, and each command saw its mutant's text and only its.
    assert (tree / "Sources" / "A.swift").read_text() == original
    builds = [text for argv, _, text in stub.calls if argv[:2] == ["swift", "build"]]
    assert builds[0] == original   # the unmutated build first
    assert builds[1] == original.replace("if a < b", "if a <= b")
    tests = [(timeout, text) for argv, timeout, text in stub.calls if argv[:2] == ["swift", "test"]]
    assert tests[0] == (60, original)   # the test command once without any mutant
    assert tests[-1] == (7, original.replace("let c = 2", "while true {}"))   # its own time limit
    assert not mc.passed(results)
    assert mc.passed([r for r in results if r.mutant.id in ("caught", "argued", "hangs")])


def test_a_test_command_that_fails_or_runs_nothing_unmutated_makes_its_mutants_invalid(tmp_path):
    tree = tree_with(tmp_path, "a < b\n")
    mutants = [mc.Mutant(entry(id="broken-tests", test="swift test --skip-build --filter 'Broken'")),
               mc.Mutant(entry(id="no-tests", test="swift test --skip-build --filter 'Nothing'")),
               mc.Mutant(entry(id="fine", test="swift test --skip-build --filter 'Fine'"))]
    stub = Stub(tree, "Sources/A.swift", caught_by=["a <= b"], broken=["Broken"], no_tests=["Nothing"])
    results = mc.Check(str(tree), mutants, "python", 60, 600, run=stub).all()
    assert [(r.mutant.id, r.status) for r in results] == [
        ("broken-tests", "invalid"), ("no-tests", "invalid"), ("fine", "caught")]
    assert results[0].note.startswith("its test command fails without any mutant: Test Case 'T.testIt' failed")
    assert results[1].note == "its test command's filter runs no test"
    # Neither invalid mutant was built or tested: three unmutated test runs, one build each for the rest.
    assert sum(argv[:2] == ["swift", "build"] for argv, _, _ in stub.calls) == 2


def test_a_tree_that_does_not_build_unmutated_stops_the_run(tmp_path):
    tree = tree_with(tmp_path, "broken\n")
    stub = Stub(tree, "Sources/A.swift", breaks_build=["broken"])
    with pytest.raises(RuntimeError, match="^the unmutated copy does not build: error: cannot compile"):
        mc.Check(str(tree), [mc.Mutant(entry(original="broken", replacement="fixed"))], "python", 60, 600,
                 run=stub).all()


def test_script_mutants_are_not_built(tmp_path):
    tree = tmp_path / "tree"
    (tree / "scripts").mkdir(parents=True)
    (tree / "scripts" / "x.py").write_text("a < b\n")
    stub = Stub(tree, "scripts/x.py", caught_by=["a <= b"])
    results = mc.Check(str(tree), [mc.Mutant(entry(file="scripts/x.py", test=PYTEST))], "/venv/python", 60, 600,
                       run=stub).all()
    assert results[0].status == "caught" and results[0].build_seconds == 0
    assert [argv[0] for argv, _, _ in stub.calls] == ["/venv/python", "/venv/python"]


def test_the_file_is_restored_when_the_run_is_interrupted(tmp_path):
    tree = tree_with(tmp_path, "a < b\n")

    def interrupted(argv, cwd, timeout):
        if argv[:2] == ["swift", "test"] and "<=" in (tree / "Sources" / "A.swift").read_text():
            raise KeyboardInterrupt
        return mc.Outcome(0, 1.0, "Executed 1 test, with 0 failures")

    with pytest.raises(KeyboardInterrupt):
        mc.Check(str(tree), [mc.Mutant(entry())], "python", 60, 600, run=interrupted).all()
    assert (tree / "Sources" / "A.swift").read_text() == "a < b\n"


def test_results_csv_and_summary(tmp_path):
    caught = mc.Result(mc.Mutant(entry(id="one", description="a | b")), "caught", 10.0, 5.5, "failed")
    argued = mc.Result(mc.Mutant(entry(id="two", equivalent="it cannot be seen")), "survived", 0, 2.0,
                       "argued equivalent: it cannot be seen")
    text = mc.results_csv([caught, argued])
    rows = list(csv.DictReader(text.splitlines()))
    assert list(rows[0]) == mc.COLUMNS
    assert [(r["id"], r["status"], r["seconds"], r["build_seconds"], r["test_seconds"]) for r in rows] == [
        ("one", "caught", "15.5", "10.0", "5.5"), ("two", "survived", "2.0", "0.0", "2.0")]
    summary = mc.summary_markdown([caught, argued], {"command": "scripts/rxtools mutation-check", "commit": "abc",
                                                     "date": "2026-11-28T00:00:00Z", "seconds": 120})
    assert "- mutants: 2: 1 caught, 1 survived, 0 hung, 0 invalid" in summary
    assert "- `two` (Sources/A.swift): an off-by-one. Argued equivalent: it cannot be seen" in summary
    assert "| `one` | Sources/A.swift | caught | 16 | a \\| b |" in summary
    assert mc.summary_path("results/mutation/latest.csv") == "results/mutation/latest.md"
    assert mc.summary_path("out.txt") == "out.txt.md"


# ---------------------------------------------------------------------------------------------
# Commands killed at their time limit

def test_a_command_past_its_limit_is_hung_and_everything_it_started_is_killed(tmp_path):
    pids = tmp_path / "pids"
    child = f"import os, time; open({str(pids)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    parent = f"import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', {child!r}]); time.sleep(60)"
    started = time.monotonic()
    outcome = mc.execute([sys.executable, "-c", parent], str(tmp_path), 2)
    assert outcome.status == "hung"
    assert time.monotonic() - started < 30
    for _ in range(50):
        if pids.exists() and pids.read_text():
            break
        time.sleep(0.1)
    grandchild = int(pids.read_text())
    for _ in range(50):   # killed with its parent: its whole session
        try:
            os.kill(grandchild, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"process {grandchild} outlived the limit")


def test_a_command_within_its_limit_gives_its_status_and_output(tmp_path):
    outcome = mc.execute([sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"],
                         str(tmp_path), 30)
    assert outcome.status == 3 and "out" in outcome.output and "err" in outcome.output
    assert mc.execute(["/no/such/program"], str(tmp_path), 30).status == 127


# ---------------------------------------------------------------------------------------------
# A whole run on a small repository

THING = "def smaller(a, b):\n    return a < b\n\n\ndef double(x):\n    return x * 2\n"
THING_TEST = ("import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))\nimport thing\n\n\n"
              "def test_smaller():\n    assert thing.smaller(1, 2) and not thing.smaller(2, 2)\n")


def git(repository, *args):
    subprocess.run(["git", "-C", str(repository), *args], check=True, capture_output=True)


@pytest.fixture
def repository(tmp_path):
    repository = tmp_path / "repo"
    (repository / "scripts" / "tests").mkdir(parents=True)
    (repository / "scripts" / "thing.py").write_text(THING)
    (repository / "scripts" / "tests" / "test_thing.py").write_text(THING_TEST)
    (repository / "results").mkdir()
    (repository / "results" / ".keep").write_text("")
    git(repository, "init", "-q")
    git(repository, "add", ".")
    git(repository, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "thing")
    return repository


def mutation_check(repository, mutants, *args):
    path = repository.parent / "mutants.json"
    path.write_text(json.dumps({"mutants": mutants}))
    return subprocess.run([*COMMAND, "--repository", str(repository), "--mutants", str(path),
                           "--python", sys.executable, *map(str, args)], capture_output=True, text=True)


THING_MUTANTS = [
    entry(id="smaller-or-equal", file="scripts/thing.py", original="    return a < b", replacement="    return a <= b",
          description="< for <=", test="python -m pytest -q scripts/tests/test_thing.py"),
    entry(id="double-untested", file="scripts/thing.py", original="    return x * 2", replacement="    return x + 2",
          description="+ for *", test="python -m pytest -q scripts/tests/test_thing.py"),
]


def test_a_run_on_a_repository_writes_its_results_and_leaves_the_checkout_alone(repository):
    output = repository.parent / "out" / "latest.csv"
    output.parent.mkdir()
    result = mutation_check(repository, THING_MUTANTS, "--output", output, "--timeout", 120)
    assert result.returncode == 1, result.stderr   # a survivor
    assert result.stdout == f"rxtools mutation-check: 2 mutants: 1 caught, 1 survived, 0 hung, 0 invalid; {output}\n"
    rows = list(csv.DictReader(output.read_text().splitlines()))
    assert [(r["id"], r["status"]) for r in rows] == [("smaller-or-equal", "caught"), ("double-untested", "survived")]
    summary = (output.parent / "latest.md").read_text()
    assert "- mutants: 2: 1 caught, 1 survived, 0 hung, 0 invalid" in summary
    # The checkout is as it was: its file unmutated, no worktree left registered, nothing untracked.
    assert (repository / "scripts" / "thing.py").read_text() == THING
    worktrees = subprocess.run(["git", "-C", str(repository), "worktree", "list"], capture_output=True, text=True)
    assert len(worktrees.stdout.strip().splitlines()) == 1
    status = subprocess.run(["git", "-C", str(repository), "status", "--porcelain"], capture_output=True, text=True)
    assert status.stdout == ""


def test_only_and_list(repository):
    output = repository.parent / "only.csv"
    result = mutation_check(repository, THING_MUTANTS, "--only", "smaller-or-equal", "--output", output)
    assert result.returncode == 0, result.stderr
    assert [r["id"] for r in csv.DictReader(output.read_text().splitlines())] == ["smaller-or-equal"]
    listed = mutation_check(repository, THING_MUTANTS, "--list")
    assert listed.returncode == 0
    assert listed.stdout.splitlines() == ["smaller-or-equal  scripts/thing.py: < for <=",
                                          "double-untested   scripts/thing.py: + for *"]


@pytest.mark.parametrize("change, words", [
    ({"original": "    return a > b"}, "mutant smaller-or-equal: its original text is not in scripts/thing.py"),
    ({"original": "    return "}, "mutant smaller-or-equal: its original text occurs 2 times in scripts/thing.py"),
    ({"file": "scripts/absent.py"}, "mutant smaller-or-equal: its file scripts/absent.py is not in the repository"),
])
def test_bad_mutants_are_refused_before_anything_runs(repository, change, words):
    output = repository.parent / "refused.csv"
    result = mutation_check(repository, [dict(THING_MUTANTS[0], **change)] + THING_MUTANTS[1:], "--output", output)
    assert result.returncode == 2
    assert result.stderr == f"rxtools mutation-check: {words}" + result.stderr[len(f"rxtools mutation-check: {words}"):]
    assert len(result.stderr.splitlines()) == 1 and result.stdout == ""
    assert not output.exists() and not (repository.parent / "refused.md").exists()


@pytest.mark.parametrize("args, words", [
    (["--only", "nope"], "--only: no mutant nope"),
    (["--output", "/no/such/dir/x.csv"], "/no/such/dir/x.csv: cannot be written, no directory /no/such/dir"),
    (["--timeout", "0"], "--timeout is '0'; give a number of seconds above 0"),
    (["--timeout", "nan"], "--timeout is 'nan'"),
    (["--python", "/no/python"], "/no/python: no such python; make the scripts' venv with scripts/venv.sh"),
])
def test_bad_options_are_one_line_and_exit_2(repository, args, words):
    path = repository.parent / "mutants.json"
    path.write_text(json.dumps({"mutants": THING_MUTANTS}))
    result = subprocess.run([*COMMAND, "--repository", str(repository), "--mutants", str(path),
                             *([] if "--python" in args else ["--python", sys.executable]), *args],
                            capture_output=True, text=True)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in result.stderr, result.stderr
    assert result.stdout == ""


def test_a_kept_copy_is_reused_and_a_foreign_folder_refused(repository, tmp_path):
    keep = tmp_path / "keep"
    output = tmp_path / "kept.csv"
    for _ in range(2):
        result = mutation_check(repository, THING_MUTANTS[:1], "--keep", keep, "--output", output)
        assert result.returncode == 0, result.stderr
    assert (keep / mc.KEEP_MARK).exists() and (keep / "tree" / "scripts" / "thing.py").read_text() == THING
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "precious.txt").write_text("mine")
    refused = mutation_check(repository, THING_MUTANTS[:1], "--keep", foreign, "--output", output)
    assert refused.returncode == 2 and "a folder this script did not make" in refused.stderr
    assert (foreign / "precious.txt").read_text() == "mine"
    git(repository, "worktree", "remove", "--force", str(keep / "tree"))


def test_every_mutant_of_the_repository_applies_to_the_tree_as_it_is():
    """A mutant whose original text the code no longer holds refuses the whole check (BadInput) when it is run on
    demand, long after the change that moved the text: two Harness mutants stood so for a while. The tree here is
    the checkout's own, as rxtools mutation-check reads HEAD."""
    root = os.path.dirname(SCRIPTS)
    mutants = mc.read_mutants(os.path.join(SCRIPTS, "mutation", "mutants.json"))

    def text(path):
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            return handle.read()
    mc.check_texts(mutants, text)
