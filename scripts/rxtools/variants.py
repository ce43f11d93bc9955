"""What Package.swift's `variants` list makes outside the manifest (Variants/README.md): the links of Variants/
and the registry's variant rows (Sources/Rows/EngineRegistry/EngineVariants.swift).

    python3 scripts/rxtools variants            writes both as the package declares them (and removes links it
                                                does not declare)
    python3 scripts/rxtools variants --check    exit 1, one line per difference, where either is not what the
                                                package declares (CI)
    [--package DESCRIPTION.json]                the package as `swift package dump-package` prints it (default:
                                                runs it in the repository)

A variant's target has the folder Variants/<target>, a link to the folder it compiles again: an engine variant to
its engine's folder, a variant's adapter to the engine's adapter's folder, a variant's tests to the engine's
Tests/<engine>Tests/Lifecycle. Which engine is the variant's `-module-alias <Engine>=<Variant>` flag, the one place
Package.swift names it. Each variant adapter module names its adapter type after itself (its file of the adapter
folder's Identity/), and the registry lists each engine's variants after the engine, in the list's order. A package
description without variants, or one whose variant names no engine, is one line on stderr and exit 1 before
anything is touched.
"""
import argparse
import json
import os
import subprocess
import sys

from . import REPOSITORY

PROG = "rxtools variants"
FOLDER = "Variants"
# The engine tests a variant runs again (Package.swift, EngineVariant.lifecycleTests).
LIFECYCLE = "Lifecycle"
REGISTRY = "Sources/Rows/EngineRegistry/EngineVariants.swift"


class BadPackage(Exception):
    pass


def module_aliases(target):
    """{engine: variant} from the target's `-module-alias` flags."""
    aliases = {}
    for setting in target.get("settings", []):
        flags = setting.get("kind", {}).get("unsafeFlags", {}).get("_0", [])
        for flag, value in zip(flags, flags[1:]):
            if flag == "-module-alias" and "=" in value:
                engine, variant = value.split("=", 1)
                aliases[engine] = variant
    return aliases


def dependency_names(target):
    return [next(iter(dependency.values()))[0] for dependency in target.get("dependencies", [])]


def expected_links(package):
    """{link name in Variants/: the relative path it points to}, from the package description."""
    targets = {target["name"]: target for target in package.get("targets", [])}
    variants = [t for t in targets.values() if (t.get("path") or "").startswith(FOLDER + "/")]
    if not variants:
        raise BadPackage(f"the package declares no target under {FOLDER}/: is this rxbench's Package.swift?")
    engine_of = {}   # variant engine module -> the engine it compiles again
    for target in variants:
        for engine, variant in module_aliases(target).items():
            engine_of[variant] = engine
    links = {}
    for target in variants:
        name = target["name"]
        aliases = module_aliases(target)
        if target.get("type") == "test":
            engine = next(iter(aliases), None)
            source = targets.get(f"{engine}Tests")
            destination = source and f"{source.get('path') or 'Tests/' + source['name']}/{LIFECYCLE}"
        elif name in engine_of:
            engine = engine_of[name]
            source = targets.get(engine)
            destination = source and source.get("path")
        else:
            engine = next(iter(aliases), None)
            adapters = [t for t in targets.values() if t not in variants and engine in dependency_names(t)
                        and t["name"].endswith("Adapter")]
            destination = adapters[0].get("path") if len(adapters) == 1 else None
        if not engine or not destination:
            raise BadPackage(f"the variant target {name} names no engine whose folder it compiles again "
                             "(a -module-alias <Engine>=<Variant> flag, Package.swift's EngineVariant)")
        links[os.path.basename(target["path"])] = os.path.join("..", destination)
    return links


def variant_adapters(package):
    """[(engine, adapter module)] in the package's order: the variant targets that are adapters."""
    targets = package.get("targets", [])
    variants = [t for t in targets if (t.get("path") or "").startswith(FOLDER + "/")]
    engines = {variant for t in variants for variant in module_aliases(t).values()}
    return [(next(iter(module_aliases(t))), t["name"]) for t in variants
            if t.get("type") != "test" and t["name"] not in engines and module_aliases(t)]


def registry_source(package):
    """EngineVariants.swift: each engine's variant rows, for EngineRegistry.builtIn."""
    adapters = variant_adapters(package)
    lines = ["// Made by `python3 scripts/rxtools variants` from Package.swift's variants list; "
             "CI checks it (--check).",
             "// Each engine's variant rows, in the list's order, for EngineRegistry.builtIn."]
    lines += [f"import {adapter}" for adapter in sorted(adapter for _, adapter in adapters)]
    lines += ["", "extension EngineRegistry {"]
    engines = list(dict.fromkeys(engine for engine, _ in adapters))
    for engine in engines:
        name = engine[0].lower() + engine[1:] + "Variants"
        lines.append(f"    static let {name}: [RegisteredEngine] = [")
        lines += [f"        RegisteredEngine({adapter}())," for e, adapter in adapters if e == engine]
        lines.append("    ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def present_links(folder):
    if not os.path.isdir(folder):
        return {}
    return {entry: os.readlink(os.path.join(folder, entry)) for entry in sorted(os.listdir(folder))
            if os.path.islink(os.path.join(folder, entry))}


def differences(expected, present):
    lines = []
    for name in sorted(set(expected) | set(present)):
        if name not in present:
            lines.append(f"{FOLDER}/{name} is missing (-> {expected[name]})")
        elif name not in expected:
            lines.append(f"{FOLDER}/{name} -> {present[name]} belongs to no variant target")
        elif expected[name] != present[name]:
            lines.append(f"{FOLDER}/{name} -> {present[name]}, where the package declares {expected[name]}")
    return lines


def read_package(path):
    if path:
        try:
            with open(path) as file:
                return json.load(file)
        except (OSError, ValueError) as error:
            raise BadPackage(f"cannot read the package description {path}: {error}")
    try:
        output = subprocess.run(["swift", "package", "dump-package"], cwd=REPOSITORY, check=True,
                                capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise BadPackage(f"`swift package dump-package` failed in {REPOSITORY} ({error}); "
                         "give the description with --package")
    return json.loads(output)


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG,
                                     description="Variants/ and the registry's variant rows, from Package.swift.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 where Variants/ or the registry's rows differ")
    parser.add_argument("--package", metavar="DESCRIPTION.json", help="`swift package dump-package`'s output")
    parser.add_argument("--repository", default=REPOSITORY, help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    try:
        package = read_package(arguments.package)
        expected = expected_links(package)
    except BadPackage as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    folder = os.path.join(arguments.repository, FOLDER)
    blocking = [name for name in expected if os.path.lexists(os.path.join(folder, name))
                and not os.path.islink(os.path.join(folder, name))]
    if blocking:
        print(f"{PROG}: {FOLDER}/{blocking[0]} is a file or folder where the package declares a link; "
              "move it away and run again", file=sys.stderr)
        return 1
    lines = differences(expected, present_links(folder))
    registry = os.path.join(arguments.repository, REGISTRY)
    try:
        with open(registry) as file:
            registry_present = file.read()
    except OSError:
        registry_present = None
    registry_expected = registry_source(package)
    if registry_present != registry_expected:
        lines.append(f"{REGISTRY} is not what the variants list makes")
    if arguments.check:
        for line in lines:
            print(f"{PROG}: {line}; run `python3 scripts/rxtools variants` to write them", file=sys.stderr)
        return 1 if lines else 0
    os.makedirs(folder, exist_ok=True)
    for name, destination in present_links(folder).items():
        if expected.get(name) != destination:
            os.remove(os.path.join(folder, name))
    for name, destination in expected.items():
        link = os.path.join(folder, name)
        if not os.path.islink(link):
            os.symlink(destination, link)
    if registry_present != registry_expected:
        os.makedirs(os.path.dirname(registry), exist_ok=True)
        with open(registry, "w") as file:
            file.write(registry_expected)
    for line in lines:
        print(f"{PROG}: fixed: {line}")
    return 0
