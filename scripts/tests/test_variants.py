"""rxtools variants: the links of Variants/ from a package description."""
import json
import os
import subprocess
import sys

from conftest import RXTOOLS


def alias(engine, variant):
    return {"kind": {"unsafeFlags": {"_0": ["-module-alias", f"{engine}={variant}"]}}, "tool": "swift"}


def package():
    """One engine, its adapter and tests, and one locked variant of each, as `swift package dump-package` prints."""
    return {"targets": [
        {"name": "SinkEngine", "path": "Sources/Engines/SinkEngine", "type": "regular", "dependencies": []},
        {"name": "SinkAdapter", "path": "Sources/Rows/SinkAdapter", "type": "regular",
         "dependencies": [{"byName": ["RxBenchCore", None]}, {"byName": ["SinkEngine", None]}]},
        {"name": "SinkEngineTests", "path": "Tests/SinkEngineTests", "type": "test",
         "dependencies": [{"byName": ["SinkEngine", None]}]},
        {"name": "SinkEngineLocked", "path": "Variants/SinkEngineLocked", "type": "regular", "dependencies": []},
        {"name": "SinkLockedAdapter", "path": "Variants/SinkLockedAdapter", "type": "regular",
         "dependencies": [{"target": ["SinkEngineLocked", None]}], "settings": [alias("SinkEngine", "SinkEngineLocked")]},
        {"name": "SinkEngineLockedTests", "path": "Variants/SinkEngineLockedTests", "type": "test",
         "dependencies": [{"target": ["SinkEngineLocked", None]}], "settings": [alias("SinkEngine", "SinkEngineLocked")]},
    ]}


EXPECTED = {"SinkEngineLocked": "../Sources/Engines/SinkEngine", "SinkLockedAdapter": "../Sources/Rows/SinkAdapter",
            "SinkEngineLockedTests": "../Tests/SinkEngineTests/Lifecycle"}


def run(tmp_path, description, *args):
    path = tmp_path / "package.json"
    path.write_text(json.dumps(description))
    return subprocess.run([sys.executable, RXTOOLS, "variants", "--package", str(path), "--repository", str(tmp_path),
                           *args], capture_output=True, text=True)


def links(tmp_path):
    folder = tmp_path / "Variants"
    return {entry: os.readlink(folder / entry) for entry in os.listdir(folder) if os.path.islink(folder / entry)}


REGISTRY = "Sources/Rows/EngineRegistry/EngineVariants.swift"


def test_writes_each_variant_targets_link_to_the_folder_it_compiles_again(tmp_path):
    result = run(tmp_path, package())
    assert result.returncode == 0, result.stderr
    assert links(tmp_path) == EXPECTED
    assert run(tmp_path, package(), "--check").returncode == 0


def test_writes_the_registrys_variant_rows_and_check_finds_them_changed(tmp_path):
    assert run(tmp_path, package()).returncode == 0
    source = (tmp_path / REGISTRY).read_text()
    assert "import SinkLockedAdapter\n" in source
    assert "    static let sinkEngineVariants: [RegisteredEngine] = [\n        RegisteredEngine(SinkLockedAdapter()),\n    ]" in source
    (tmp_path / REGISTRY).write_text(source.replace("SinkLockedAdapter()", "SinkFusedAdapter()"))
    result = run(tmp_path, package(), "--check")
    assert result.returncode == 1 and "EngineVariants.swift is not what the variants list makes" in result.stderr
    assert run(tmp_path, package()).returncode == 0
    assert (tmp_path / REGISTRY).read_text() == source


def test_check_names_each_missing_wrong_or_stray_link_and_changes_nothing(tmp_path):
    folder = tmp_path / "Variants"
    folder.mkdir()
    os.symlink("../Sources/Engines/SinkEngine", folder / "SinkLockedAdapter")   # wrong
    os.symlink("../Sources/Engines/SinkEngine", folder / "SinkEngineLocked")    # right
    os.symlink("../elsewhere", folder / "Stray")                                # no target
    result = run(tmp_path, package(), "--check")
    assert result.returncode == 1
    lines = [line for line in result.stderr.strip().splitlines() if "EngineVariants.swift" not in line]
    assert len(lines) == 3, result.stderr
    assert "SinkEngineLockedTests is missing" in lines[0]
    assert "SinkLockedAdapter -> ../Sources/Engines/SinkEngine, where the package declares ../Sources/Rows/SinkAdapter" in lines[1]
    assert "Stray -> ../elsewhere belongs to no variant target" in lines[2]
    assert links(tmp_path)["SinkLockedAdapter"] == "../Sources/Engines/SinkEngine"
    # Written, the links are the package's and the stray one is gone.
    assert run(tmp_path, package()).returncode == 0
    assert links(tmp_path) == EXPECTED


def test_a_package_without_variants_or_a_variant_without_an_engine_is_refused_in_one_line(tmp_path):
    description = package()
    description["targets"] = [target for target in description["targets"] if not target["path"].startswith("Variants")]
    result = run(tmp_path, description)
    assert result.returncode == 1 and "declares no target under Variants/" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "Variants").exists()

    description = package()
    del description["targets"][4]["settings"]   # the adapter variant without its -module-alias
    result = run(tmp_path, description)
    assert result.returncode == 1 and "SinkLockedAdapter names no engine" in result.stderr
    assert not (tmp_path / "Variants").exists()


def test_a_real_folder_where_a_link_belongs_is_refused_in_one_line_and_nothing_is_written(tmp_path):
    (tmp_path / "Variants" / "SinkEngineLocked").mkdir(parents=True)
    result = run(tmp_path, package())
    assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "Variants/SinkEngineLocked is a file or folder" in result.stderr and "Traceback" not in result.stderr
    assert links(tmp_path) == {} and not (tmp_path / REGISTRY).exists()
