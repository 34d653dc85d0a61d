#!/usr/bin/env python3
"""Summarizes `gemm_paths_benchmark --sweep` output (run_all.sh --gemm_sweep, or a call's sweep.log).

The sweep prints, per shape, the auto plan's line (hot / cold µs, cuBLAS bf16 hot / cold, the plan)
and one line per forced path / tile / split. What a session wants from it is whether the dispatcher
still picks the fastest configuration on the card at hand: this prints one row per shape with auto's
hot µs, the fastest *other* plan (a forced configuration that differs from auto's plan; the auto plan
forced is only a second timing of it) with its hot µs and auto / best, cuBLAS bf16 hot and cuBLAS /
auto, and marks with '!' the shapes where another plan is faster than auto by more than --margin
(default 2%). The geomean line of the sweep follows. Session 62 did this by hand (its call 2).

Usage: sweep_summary.py sweep.log [--margin 0.02]
Reads plain text or .xz. Exit status 1 if the file has no shape line (not a sweep log).
"""

import argparse
import lzma
import re
import sys

_AUTO = re.compile(
    r"^shape\s+(\d+) x\s+(\d+) x\s+(\d+)\s+auto\s+hot\s+([\d.]+) us\s+cold\s+([\d.]+) us"
    r"(?:\s*\|\s*cublas bf16 hot\s+([\d.]+) us\s+cold\s+([\d.]+) us)?.*?\|\s*(path=.*)$")
_SWEEP = re.compile(r"^\s+sweep\s+(\d+) x\s+(\d+) x\s+(\d+)\s+hot\s+([\d.]+)\s+cold\s+([\d.]+)\s+(path=.*)$")
_PLAN = re.compile(r"path=(\S+) tile=(\S+) .*?splits=(\d+) \(cluster (\d+)[,)]")


def _plan_key(plan_text):
    """(path, tile, splits, cluster) of a plan description, or the text itself."""
    m = _PLAN.search(plan_text)
    return m.groups() if m else (plan_text.strip(),)


def _short(key):
    return "{} {} s{} c{}".format(*key) if len(key) == 4 else key[0]


def _open(path):
    opener = lzma.open if path.endswith(".xz") else open
    return opener(path, "rt", encoding="utf-8", errors="replace")


def summarize(lines, margin):
    shapes = []  # [shape, auto_hot, auto_key, cublas_hot or None, [(hot, key), ...]]
    geomean = None
    for line in lines:
        line = line.rstrip("\n")
        m = _AUTO.match(line)
        if m:
            shape = "x".join(m.group(1, 2, 3))
            cublas = float(m.group(6)) if m.group(6) else None
            shapes.append([shape, float(m.group(4)), _plan_key(m.group(8)), cublas, []])
            continue
        m = _SWEEP.match(line)
        if m and shapes and shapes[-1][0] == "x".join(m.group(1, 2, 3)):
            shapes[-1][4].append((float(m.group(4)), _plan_key(m.group(6))))
            continue
        if line.startswith("geomean"):
            geomean = line
    if not shapes:
        return None
    out = ["{:<16} {:>8}  {:<52} {:>8} {:>10} {:>8} {:>10}".format(
        "shape", "auto us", "fastest other plan", "its us", "auto/best", "cuBLAS", "cuBLAS/auto")]
    for shape, auto_hot, auto_key, cublas, forced in shapes:
        others = [f for f in forced if f[1] != auto_key]
        best = min(others) if others else None
        ratio = auto_hot / best[0] if best else None
        mark = "!" if ratio is not None and ratio > 1.0 + margin else " "
        out.append("{}{:<15} {:>8.2f}  {:<52} {:>8} {:>10} {:>8} {:>10}".format(
            mark, shape, auto_hot, _short(best[1]) if best else "-",
            "{:.2f}".format(best[0]) if best else "-",
            "{:.3f}".format(ratio) if ratio is not None else "-",
            "{:.2f}".format(cublas) if cublas is not None else "-",
            "{:.3f}".format(cublas / auto_hot) if cublas is not None else "-"))
        out.append("{:<16} auto plan: {}".format("", _short(auto_key)))
    if geomean:
        out.append(geomean)
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--margin", type=float, default=0.02,
                        help="mark shapes where another plan beats auto by more than this")
    args = parser.parse_args(argv)
    with _open(args.log) as f:
        out = summarize(f, args.margin)
    if out is None:
        print("sweep_summary: no 'shape ... auto' line in {}: not a --sweep log".format(args.log),
              file=sys.stderr)
        return 1
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
