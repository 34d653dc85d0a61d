#!/usr/bin/python3
# File: tools/device/compare_contest.py
#
# Side-by-side table of gemm_benchmark contest JSONs (A/B runs of one device
# call): µs per call of one row (default mxfp4_auto) per shape and timing
# mode, one column per file, and the geomean. The JSON is read by
# mxfp4/bench/plot_performance.py's load().
#
# Usage: tools/device/compare_contest.py [--row=mxfp4_auto] a.json b.json ...
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "mxfp4", "bench"))
from plot_performance import load  # noqa: E402

row = "mxfp4_auto"
files = []
for a in sys.argv[1:]:
    if a.startswith("--row="):
        row = a[len("--row="):]
    else:
        files.append(a)
if not files:
    sys.exit("usage: compare_contest.py [--row=mxfp4_auto] a.json [b.json ...]")
tables = []
for f in files:
    _, entries = load([f])
    tables.append({(e["mode"], e["shape"]): e["us"] for e in entries
                   if e["row"] == row and not e["error"] and e["us"]})
for mode in ("graph", "l2flush"):
    shapes = [s for (m, s) in tables[0] if m == mode]
    print(f"{row}, {mode}: " + " | ".join(f.split("/")[-1] for f in files))
    logs = [[] for _ in files]
    for s in shapes:
        vals = [t.get((mode, s)) for t in tables]
        for i, v in enumerate(vals):
            if v: logs[i].append(math.log(v))
        print(f"  {s:>18} " + " ".join(f"{v:7.2f}" if v else "    n/a" for v in vals))
    print(f"  {'geomean':>18} " + " ".join(f"{math.exp(sum(l) / len(l)):7.2f}" if l else "    n/a"
                                           for l in logs))
