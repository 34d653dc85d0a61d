#!/usr/bin/python3
# File: tools/device/compare_contest.py
#
# Side-by-side table of gemm_benchmark contest JSONs (A/B runs of one device
# call): µs per call of one row (default mxfp4_auto) per shape and timing
# mode, one column per file, and the geomean.
#
# Usage: tools/device/compare_contest.py [--row=mxfp4_auto] a.json b.json ...
import json
import math
import sys

row = "mxfp4_auto"
files = []
for a in sys.argv[1:]:
    if a.startswith("--row="):
        row = a[len("--row="):]
    else:
        files.append(a)
tables = []
for f in files:
    t = {}
    for b in json.load(open(f))["benchmarks"]:
        parts = b["name"].split("/")
        if len(parts) >= 4 and parts[2] == row and b.get("error_occurred") is not True:
            t[(parts[3], parts[1])] = b["us"]
    tables.append(t)
for mode in ("graph", "l2flush"):
    shapes = [s for (m, s) in tables[0] if m == mode]
    print(f"{row}, {mode}: " + " | ".join(f.split("/")[-1] for f in files))
    logs = [[] for _ in files]
    for s in shapes:
        vals = [t.get((mode, s)) for t in tables]
        for i, v in enumerate(vals):
            if v: logs[i].append(math.log(v))
        print(f"  {s:>18} " + " ".join(f"{v:7.2f}" if v else "    n/a" for v in vals))
    print(f"  {'geomean':>18} " + " ".join(f"{math.exp(sum(l) / len(l)):7.2f}" for l in logs))
