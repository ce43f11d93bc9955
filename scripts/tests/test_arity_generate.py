"""rxtools arity: the committed arity files are what their templates make, and --check says so
when one is not."""
import os
import shutil
import subprocess
import sys

from conftest import SCRIPTS

ROOT = os.path.dirname(SCRIPTS)
GENERATED = ["Sources/Engines/SinkEngine/Observables/CombineLatest/CombineLatest+arity.swift",
             "Sources/Engines/SinkEngine/Observables/Zip/Zip+arity.swift"]


def generate(root, *args):
    return subprocess.run([sys.executable, os.path.join(root, "scripts/rxtools"), "arity", *args],
                          capture_output=True, text=True)


def copy_of_the_tree(tmp_path):
    """The command, the templates and the files they make, copied under tmp_path, which the copied command takes
    for the repository's root."""
    for folder in ("scripts/rxtools", "scripts/arity"):
        shutil.copytree(os.path.join(ROOT, folder), tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for generated in GENERATED:
        (tmp_path / generated).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(os.path.join(ROOT, generated), tmp_path / generated)
    return tmp_path


def test_the_committed_files_are_what_the_templates_make():
    result = generate(ROOT, "--check")
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and result.stdout == ""


def test_check_names_the_edited_file_and_generating_restores_it(tmp_path):
    root = copy_of_the_tree(tmp_path)
    assert generate(root, "--check").returncode == 0
    edited = root / GENERATED[1]
    original = edited.read_text()
    edited.write_text(original.replace("queue2.enqueue($0)", "queue1.enqueue($0)"))

    result = generate(root, "--check")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert GENERATED[1] in lines[0] and "python3 scripts/rxtools arity" in lines[0], lines[0]
    assert edited.read_text() != original, "--check must write nothing"

    result = generate(root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"wrote {GENERATED[1]}"
    assert edited.read_text() == original
    assert generate(root, "--check").returncode == 0


def test_check_names_a_missing_file(tmp_path):
    root = copy_of_the_tree(tmp_path)
    (root / GENERATED[0]).unlink()
    result = generate(root, "--check")
    assert result.returncode == 1
    assert [GENERATED[0] in line for line in result.stderr.strip().splitlines()] == [True]


def test_a_template_error_is_one_line_naming_the_template_and_its_line(tmp_path):
    root = copy_of_the_tree(tmp_path)
    template = root / "scripts/arity/Zip+arity.swift.template"
    template.write_text(template.read_text().replace("${types}>(", "${typez}>(", 1))
    result = generate(root, "--check")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "scripts/arity/Zip+arity.swift.template:6: unknown name ${typez}" in lines[0], lines[0]
