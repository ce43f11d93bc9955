#!/usr/bin/env python3
"""Compare two rxbench CSV reports: for each (engine, workload, metric) present in both, the change of
the median, flagged only when it exceeds both the threshold and the two runs' spread (max of MADs x 3),
so that noise on a shared machine is not called a regression. Exit code 1 when a regression is flagged.

    scripts/compare.py baseline.csv candidate.csv [--threshold 0.10]
"""
import argparse
import csv
import sys


def load(path):
    try:
        with open(path, newline="") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as error:
        sys.exit(f"compare: cannot read {path}: {error.strerror}")
    if not rows or "metric" not in rows[0]:
        sys.exit(f"compare: {path} is not an rxbench CSV report")
    return {(r["engine"], r["workload"], r["parameters"], r["metric"]): r for r in rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline")
    parser.add_argument("candidate")
    parser.add_argument("--threshold", type=float, default=0.10, help="relative change that matters")
    args = parser.parse_args()
    old, new = load(args.baseline), load(args.candidate)
    regressions = 0
    print(f"{'engine':18} {'workload':44} {'metric':28} {'before':>12} {'after':>12} {'change':>8}")
    for key in sorted(old.keys() & new.keys()):
        before, after = float(old[key]["median"]), float(new[key]["median"])
        if before == 0 and after == 0:
            continue
        change = (after - before) / before if before else float("inf")
        noise = 3 * max(float(old[key]["mad"]), float(new[key]["mad"]))
        higher_is_worse = key[3] != "events_per_second"
        worse = (after - before) if higher_is_worse else (before - after)
        flag = ""
        if worse > noise and abs(change) > args.threshold:
            flag = "  REGRESSION"
            regressions += 1
        elif -worse > noise and abs(change) > args.threshold:
            flag = "  improved"
        workload = f"{key[1]}[{key[2]}]" if key[2] else key[1]
        print(f"{key[0]:18} {workload:44} {key[3]:28} {before:12.4g} {after:12.4g} {change:+8.1%}{flag}")
    print(f"\n{regressions} regression(s) beyond threshold {args.threshold:.0%} and 3x MAD")
    sys.exit(1 if regressions else 0)


if __name__ == "__main__":
    main()
