#!/usr/bin/python3
# File: mxfp4/bench/plot_performance.py
#
# Turns the JSON of //mxfp4/bench:gemm_benchmark (--benchmark_out=...json)
# into what docs/performance.md shows: a roofline-style PNG (TFLOP/s against
# FLOPs per MXFP4 byte, under the measured copy-bandwidth and FP8 roofs) and
# Markdown tables (µs per call for every row on the contest shapes and the
# sweep, the floor, the speedup over cuBLAS bf16, geometric means).
#
# Usage (Debian's python3 has matplotlib: /usr/bin/python3, or
# apt-get install python3-matplotlib):
#   /usr/bin/python3 mxfp4/bench/plot_performance.py gemm.json \
#       --png docs/images/gemm_roofline.png --markdown /tmp/tables.md
#
# Benchmark names are <set>/<M>x<N>x<K>/<row>/<mode>; counters as in
# mxfp4/bench/metrics.h. Rows that failed or were unavailable show as "n/a".

import argparse
import json
import math
import sys
from collections import OrderedDict

# Column order of the tables; rows not listed here follow in name order.
ROW_ORDER = [
    "copy", "cublas_bf16", "cublaslt_bf16", "cublaslt_fp8", "quantize_a",
    "mxfp4_fused_quant", "mxfp4_splitk_small_m", "mxfp4_quant_then_mma", "mxfp4_auto",
    "mxfp4_auto_prepared",
]
MODES = ["l2flush", "graph"]
MODE_TITLES = {
    "l2flush": "L2 flushed before each call (the contest's method)",
    "graph": "back-to-back CUDA-graph replay (warm L2)",
}


def load(paths):
    """Returns (context, entries) merged over the JSON files."""
    context = {}
    entries = []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        context.update(data.get("context", {}))
        for b in data.get("benchmarks", []):
            if b.get("run_type", "iteration") != "iteration":
                continue
            parts = b["name"].split("/")
            if len(parts) < 4:
                continue
            set_name, shape, row, mode = parts[0], parts[1], parts[2], parts[3]
            try:
                m, n, k = (int(x) for x in shape.split("x"))
            except ValueError:
                continue
            entries.append({
                "set": set_name, "shape": shape, "m": m, "n": n, "k": k,
                "row": row, "mode": mode,
                "error": b.get("error_message") if b.get("error_occurred") else None,
                "us": b.get("us"), "tflops": b.get("TFLOPs"), "gbps": b.get("GBps"),
                "floor_us": b.get("floor_us"), "pct_copy_bw": b.get("pct_copy_bw"),
                "pct_fp8_peak": b.get("pct_fp8_peak"),
                "speedup": b.get("speedup_vs_cublas_bf16"), "bytes": b.get("bytes"),
                "label": b.get("label", ""),
            })
    return context, entries


def references(context, entries):
    """(copy bytes/s, FP8 FLOP/s, bf16 FLOP/s, note) for floors and percentages.

    The copy bandwidth is the best one seen in the run: the reference copy of
    the context, or a `copy` row (whose GBps counts read + written bytes) that
    copies at least the L2 flush size (so it streams from HBM even in graph
    mode), whichever is faster. (On 2026-11-29 a 1 GiB reference copy
    understated it.)
    """
    ref = float(context.get("mxfp4_copy_GBps", "0") or 0) * 1e9
    min_copied = float(context.get("mxfp4_l2_flush_bytes", "134217728") or 134217728)
    rows = [(e["gbps"] * 1e9, e["shape"], e["mode"]) for e in entries
            if e["row"] == "copy" and not e["error"] and e["gbps"] and e["bytes"]
            and e["bytes"] / 2 >= min_copied]
    best_row = max(rows) if rows else (0, "", "")
    copy_bw = max(ref, best_row[0])
    note = (f"Copy bandwidth used: {copy_bw / 1e9:.0f} GB/s (read + write), the best of the reference "
            f"copy ({ref / 1e9:.0f} GB/s)")
    if rows:
        note += f" and the copy rows ({best_row[0] / 1e9:.0f} GB/s, {best_row[1]} {best_row[2]})"
    fp8 = float(context.get("mxfp4_fp8_peak_TFLOPs", "0") or 0) * 1e12
    bf16 = float(context.get("mxfp4_bf16_peak_TFLOPs", "0") or 0) * 1e12
    note += f"; FP8 peak {fp8 / 1e12:.0f} TFLOP/s; bf16 {bf16 / 1e12:.0f} TFLOP/s (8192^3, same run)"
    return copy_bw, fp8, bf16, note


def floor_us(e, copy_bw, fp8):
    """max(MXFP4 bytes / copy bandwidth, FLOPs / FP8 peak) in µs, or None."""
    if copy_bw <= 0 or fp8 <= 0:
        return None
    return max(mxfp4_bytes(e) / copy_bw, 2.0 * e["m"] * e["n"] * e["k"] / fp8) * 1e6


def row_order(rows):
    known = [r for r in ROW_ORDER if r in rows]
    return known + sorted(r for r in rows if r not in ROW_ORDER)


def fmt(x, digits=1):
    if x is None or (isinstance(x, float) and (math.isnan(x) or math.isinf(x))):
        return "n/a"
    if abs(x) >= 100:
        return f"{x:.0f}"
    return f"{x:.{digits}f}"


def mxfp4_bytes(e):
    m, n, k = e["m"], e["n"], e["k"]
    return m * k * 2 + n * (k // 2) + n * (k // 32) + m * n * 2


def geomean(values):
    values = [v for v in values if v is not None and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def table(entries, set_name, mode, copy_bw, fp8):
    """Markdown table: one line per shape, µs per row, floor, speedup of auto."""
    sel = [e for e in entries if e["set"] == set_name and e["mode"] == mode]
    if not sel:
        return ""
    shapes = list(OrderedDict.fromkeys(e["shape"] for e in sel))
    rows = row_order({e["row"] for e in sel})
    by = {(e["shape"], e["row"]): e for e in sel}
    head = ["M x N x K", "floor µs"] + [f"{r} µs" for r in rows]
    has_auto = "mxfp4_auto" in rows
    if has_auto:
        head += ["auto vs cuBLAS bf16", "auto % copy bw"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for shape in shapes:
        any_entry = next(e for e in sel if e["shape"] == shape)
        line = [shape.replace("x", " x "), fmt(floor_us(any_entry, copy_bw, fp8), 2)]
        for r in rows:
            e = by.get((shape, r))
            line.append(fmt(e["us"], 2) if e and not e["error"] else "n/a")
        if has_auto:
            e = by.get((shape, "mxfp4_auto"))
            ok = e and not e["error"]
            line.append(fmt(e["speedup"], 2) + "x" if ok and e["speedup"] is not None else "n/a")
            pct = 100.0 * mxfp4_bytes(e) / (e["us"] * 1e-6) / copy_bw if ok and copy_bw else None
            line.append(fmt(pct) + "%" if pct is not None else "n/a")
        out.append("| " + " | ".join(line) + " |")
    # The contest's score is a geometric mean over its shapes.
    line = ["geomean", ""]
    for r in rows:
        vals = [by[(s, r)]["us"] for s in shapes if (s, r) in by and not by[(s, r)]["error"]]
        line.append(fmt(geomean(vals), 2) if len(vals) == len(shapes) else "n/a")
    if has_auto:
        line += ["", ""]
    out.append("| " + " | ".join(line) + " |")
    return "\n".join(out) + "\n"


def markdown(context, entries):
    parts = []
    keys = ["date", "mxfp4_gpu", "mxfp4_cublas", "mxfp4_copy_GBps", "mxfp4_fp8_peak_TFLOPs",
            "mxfp4_fp8_default_TFLOPs", "mxfp4_fp8_fast_accum_TFLOPs", "mxfp4_bf16_peak_TFLOPs",
            "mxfp4_l2_flush_bytes", "commit", "command"]
    parts.append("| context | value |\n|---|---|")
    for k in keys:
        if k in context:
            parts.append(f"| {k} | {context[k]} |")
    parts.append("")
    copy_bw, fp8, _, note = references(context, entries)
    parts.append(note + ".\n")
    for set_name in ["contest", "sweep"]:
        for mode in MODES:
            t = table(entries, set_name, mode, copy_bw, fp8)
            if t:
                parts.append(f"#### {set_name}: {MODE_TITLES.get(mode, mode)}\n")
                parts.append(t)
    errors = sorted({(e["row"], e["error"]) for e in entries if e["error"]})
    if errors:
        parts.append("Rows reported n/a:\n")
        for row, msg in errors:
            parts.append(f"- {row}: {msg}")
        parts.append("")
    return "\n".join(parts)


def plot(context, entries, png):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    copy_bw, fp8, bf16, _ = references(context, entries)
    gemm_rows = row_order({e["row"] for e in entries
                           if e["row"] not in ("copy", "quantize_a") and not e["error"]})
    colors = plt.get_cmap("tab10")
    fig, axes = plt.subplots(1, 2, figsize=(15, 6.2), sharey=True)
    for ax, mode in zip(axes, MODES):
        sel = [e for e in entries if e["mode"] == mode and not e["error"]
               and e["row"] in gemm_rows and e["us"]]
        if not sel:
            ax.set_title(f"{mode}: no data")
            continue
        intensities = [2.0 * e["m"] * e["n"] * e["k"] / mxfp4_bytes(e) for e in sel]
        lo, hi = min(intensities) / 2, max(intensities) * 2
        xs = [lo * (hi / lo) ** (i / 200) for i in range(201)]
        if copy_bw > 0 and fp8 > 0:
            ax.plot(xs, [min(copy_bw * x, fp8) / 1e12 for x in xs], "k-", lw=1.5,
                    label=f"roof: copy {copy_bw / 1e12:.2f} TB/s, FP8 {fp8 / 1e12:.0f} TFLOP/s")
        if bf16 > 0:
            ax.axhline(bf16 / 1e12, color="gray", ls=":", lw=1,
                       label=f"bf16 peak {bf16 / 1e12:.0f} TFLOP/s")
        for i, row in enumerate(gemm_rows):
            for set_name, marker, size in (("contest", "*", 110), ("sweep", "o", 28)):
                pts = [(2.0 * e["m"] * e["n"] * e["k"] / mxfp4_bytes(e), e["tflops"])
                       for e in sel if e["row"] == row and e["set"] == set_name]
                if pts:
                    ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=marker, s=size,
                               color=colors(i % 10), alpha=0.85, edgecolors="none",
                               label=row if set_name == "contest" or not any(
                                   e["set"] == "contest" and e["row"] == row for e in sel)
                               else None)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("FLOPs per MXFP4 byte (2MNK / (A bf16 + B fp4 + scales + C bf16))")
        ax.set_title(MODE_TITLES.get(mode, mode), fontsize=10)
        ax.grid(True, which="both", alpha=0.25)
    axes[0].set_ylabel("TFLOP/s (2MNK / time per call)")
    handles, labels = axes[0].get_legend_handles_labels()
    if not handles:
        handles, labels = axes[1].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8, frameon=False)
    title = "MXFP4 GEMM vs. roofline"
    if "mxfp4_gpu" in context:
        title += " on " + context["mxfp4_gpu"].split(" (")[0]
    if "date" in context:
        title += f" ({context['date'][:10]})"
    fig.suptitle(title + "; stars: contest shapes, dots: sweep")
    fig.tight_layout(rect=(0, 0.1, 1, 0.95))
    fig.savefig(png, dpi=110)
    plt.close(fig)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    p.add_argument("json", nargs="+", help="gemm_benchmark JSON output(s)")
    p.add_argument("--png", help="write the roofline plot here")
    p.add_argument("--markdown", help="write the tables here (default: stdout)")
    args = p.parse_args(argv)
    context, entries = load(args.json)
    if not entries:
        print("plot_performance: no gemm_benchmark entries in the input", file=sys.stderr)
        return 1
    md = markdown(context, entries)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(md)
    else:
        sys.stdout.write(md)
    if args.png:
        plot(context, entries, args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
