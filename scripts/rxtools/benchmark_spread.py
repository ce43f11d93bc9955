"""Run-to-run spread of package-benchmark's medians, from several JMH exports of the same benchmarks (one
per run of `swift package --package-path Benchmarks benchmark --format jmh`): for each benchmark, how far
the largest p50 wall-clock time lies above the smallest, in percent of the smallest. This is the noise a
`baseline check` threshold must stay above (docs/benchmarks.md).

    python3 scripts/rxtools benchmark-spread RUN1.jmh.json RUN2.jmh.json [RUN3.jmh.json ...]

An export may be gzip-compressed (RUN1.jmh.json.gz, as results/benchmarks/spread/ keeps them); it is read
the same. Prints one line per benchmark and the quantiles of the spread; exit 2 on bad input, one line on
stderr. A standard output that cannot take it (a full disk) is one line and exit 1, a closed pipe exit 1
silently, Ctrl-C exit 130 (docs/cli.md, "Scripts").
"""
import json
import sys

from . import cli
from .rxcsv import read_text  # (plain or gzip-compressed)

PROG = "rxtools benchmark-spread"   # the name its messages begin with

WALL = "Time (wall clock)"


class InputError(Exception):
    """A bad export; str() is the one-line message."""


def medians(path):
    """{benchmark: p50 wall clock} of one export."""
    try:
        elements = json.loads(read_text(path))
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
    if not isinstance(elements, list):
        raise InputError(f"{path} is not a JMH export (a JSON list of benchmarks)")
    found = {}
    for element in elements:
        metric = element.get("secondaryMetrics", {}).get(WALL) if isinstance(element, dict) else None
        if not metric:
            continue
        try:
            found[element["benchmark"].split(".", 3)[-1]] = float(metric["scorePercentiles"]["50.0"])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise InputError(f"{path}: a '{WALL}' metric without a benchmark name or a 50.0 percentile") from None
    if not found:
        raise InputError(f"{path} holds no '{WALL}' metric")
    return found


def main(paths):
    if cli.help_asked(paths, f"usage: {PROG} RUN1.jmh.json RUN2.jmh.json [RUN3.jmh.json ...]", __doc__):
        return 0
    if len(paths) < 2:
        print(f"{PROG}: give at least two JMH exports of the same benchmarks", file=sys.stderr)
        return 2
    try:
        runs = [medians(path) for path in paths]
    except InputError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    names = sorted(set.intersection(*(set(run) for run in runs)))
    spreads = []
    print(f"{'benchmark':58} {'min p50 (us)':>13} {'max p50 (us)':>13} {'spread %':>9}")
    for name in names:
        values = [run[name] for run in runs]
        low, high = min(values), max(values)
        spread = 100.0 * (high - low) / low if low > 0 else 0.0
        spreads.append(spread)
        print(f"{name:58} {low:13.3f} {high:13.3f} {spread:9.1f}")
    spreads.sort()

    def quantile(q):
        return spreads[min(len(spreads) - 1, int(q * len(spreads)))]

    print(f"{len(names)} benchmarks, {len(runs)} runs: spread of p50 wall clock, median {quantile(0.5):.1f} %, "
          f"p90 {quantile(0.9):.1f} %, max {spreads[-1]:.1f} %")
    return 0
