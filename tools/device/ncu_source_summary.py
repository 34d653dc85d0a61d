#!/usr/bin/env python3
"""Summarizes an Nsight Compute source view (run_all.sh --profile_source: $OUT/source_N.csv).

The source view is one row per SASS instruction with its executed count and warp-stall samples.
This prints what the GEMM sessions kept computing by hand:
  - the stall reasons over the whole kernel and over its hottest loop (the most common
    "Instructions Executed" count weighted by instructions: the loop body);
  - the executed code as contiguous regions (count of distinct instructions, share of samples,
    share of no_instruction samples): one-shot prologue/epilogue code vs the loop; with
    --region_ops each region's commonest execution count, the instructions it runs a pass of
    that count (its executions over the count) and its commonest opcodes too (what a one-shot
    region is: barrier setup, address math, loads, checks), and the instructions run once
    per warp (executed as often as the kernel's entry) in total;
  - the opcode histogram of the loop body;
  - the instructions with the most samples;
  - with --dump FIRST..LAST, every instruction of that index range (what a region of the
    region list is, instruction by instruction: session 40 read the ring kernels' fills that way).

Usage: ncu_source_summary.py source_1.csv [source_2.csv ...] [--top N] [--region_ops]
                             [--dump FIRST..LAST]
Reads plain .csv or .csv.xz (the results folders keep them compressed).
"""

import argparse
import collections
import csv
import io
import lzma
import sys


def read_rows(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt", newline="") as f:
        text = f.read()
    rows = list(csv.reader(io.StringIO(text)))
    header_at = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    title = rows[0][0] if rows and rows[0] and rows[0][0].startswith("#") else path
    header = rows[header_at]
    body = [r for r in rows[header_at + 1:] if len(r) == len(header)]
    return title, header, body


def number(text):
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return 0.0


def opcode(source):
    parts = source.split()
    if parts and parts[0].startswith("@"):
        parts = parts[1:]
    return parts[0].split(".")[0] if parts else "?"


def share(part, whole):
    return f"{100.0 * part / whole:5.1f}%" if whole else "  -  "


def summarize(path, top, region_ops=False, dump=None):
    title, header, body = read_rows(path)
    col = {name: i for i, name in enumerate(header)}
    executed = col["Instructions Executed"]
    samples = col["Warp Stall Sampling (All Samples)"]
    stalls = [h for h in header if h.startswith("stall_") and "Not Issued" not in h]

    def stall_totals(rows):
        totals = collections.Counter()
        for r in rows:
            for s in stalls:
                totals[s] += number(r[col[s]])
        return totals

    all_samples = sum(number(r[samples]) for r in body)
    print(f"== {title}")
    ran = [i for i, r in enumerate(body) if number(r[executed]) > 0]
    print(f"instructions: {len(body)} in the kernel, {len(ran)} executed; "
          f"{int(all_samples)} warp samples")

    counts = collections.Counter(number(body[i][executed]) for i in ran)
    loop_count = max(counts, key=lambda c: c * counts[c]) if counts else 0.0
    loop = [body[i] for i in ran if number(body[i][executed]) == loop_count]
    loop_samples = sum(number(r[samples]) for r in loop)
    print(f"loop body: {len(loop)} instructions executed {int(loop_count)} times each, "
          f"{share(loop_samples, all_samples).strip()} of the samples")

    for name, rows in (("all", body), ("loop", loop)):
        totals = stall_totals(rows)
        whole = sum(totals.values())
        ranked = ", ".join(f"{s[6:]} {share(v, whole).strip()}" for s, v in totals.most_common(8))
        print(f"stalls ({name}): {ranked}")

    print("executed regions (first..last index: instructions, samples, no_instruction):")
    regions = []
    if ran:
        start = prev = ran[0]
        for i in ran[1:]:
            if i > prev + 8:
                regions.append((start, prev))
                start = i
            prev = i
        regions.append((start, prev))
    no_inst = col.get("stall_no_inst")
    for first, last in regions:
        rows = body[first:last + 1]
        s = sum(number(r[samples]) for r in rows)
        n = sum(number(r[no_inst]) for r in rows) if no_inst is not None else 0.0
        print(f"  {first:6d}..{last:6d}: {last - first + 1:5d}  {share(s, all_samples)}  "
              f"{share(n, all_samples)}")
        if region_ops:
            ran_rows = [r for r in rows if number(r[executed]) > 0]
            times = collections.Counter(number(r[executed]) for r in ran_rows).most_common(1)[0][0]
            # Instructions a pass of the region's commonest count: all its
            # executions over that count (a loop whose prologue shares the
            # region is not mistaken for a longer loop body; session 25 read
            # a warp-specialized producer's 242 instructions a stage as 567).
            per_pass = sum(number(r[executed]) for r in ran_rows) / times
            region_opcodes = collections.Counter(opcode(r[1]) for r in ran_rows)
            print(f"          x{int(times)} ({per_pass:.1f} a pass): " +
                  ", ".join(f"{op} {k}" for op, k in region_opcodes.most_common(8)))
    if region_ops and ran:
        # Once per warp: the count of the kernel's entry instruction (every
        # warp runs it once); such code is fetched cold by every CTA.
        once = number(body[ran[0]][executed])
        one_shot = [body[i] for i in ran if number(body[i][executed]) == once]
        print(f"run once per warp (executed {int(once)} times): {len(one_shot)} instructions, "
              f"{share(sum(number(r[samples]) for r in one_shot), all_samples).strip()} of the samples")

    ops = collections.Counter(opcode(r[1]) for r in loop)
    print("loop opcodes: " + ", ".join(f"{op} {n}" for op, n in ops.most_common(14)))

    def line(i):
        r = body[i]
        worst = max(stalls, key=lambda s: number(r[col[s]])) if stalls else "stall_-"
        return (f"  {i:6d} {int(number(r[executed])):7d} {share(number(r[samples]), all_samples)} "
                f"{worst[6:]:>14s}  {r[1].strip()[:70]}")

    print(f"top {top} instructions by samples (index, executed, samples, top stall, source):")
    order = sorted(range(len(body)), key=lambda i: -number(body[i][samples]))[:top]
    for i in order:
        print(line(i))
    if dump is not None:
        first, last = dump
        print(f"instructions {first}..{last} (index, executed, samples, top stall, source):")
        for i in range(first, min(last, len(body) - 1) + 1):  # index_range: 0 <= first
            print(line(i))
    print()


def index_range(text):
    """FIRST..LAST (indices of the region list) as a pair of ints."""
    first, sep, last = text.partition("..")
    if not sep:
        raise argparse.ArgumentTypeError(f"not FIRST..LAST: {text!r}")
    try:
        pair = (int(first), int(last))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not FIRST..LAST: {text!r}") from None
    if pair[0] < 0 or pair[1] < pair[0]:
        raise argparse.ArgumentTypeError(f"not 0 <= FIRST <= LAST: {text!r}")
    return pair


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="+", help="source view CSV (.csv or .csv.xz)")
    parser.add_argument("--top", type=int, default=12, help="instructions to list (default 12)")
    parser.add_argument("--region_ops", action="store_true",
                        help="each region's execution count and commonest opcodes, and the code run "
                        "once per warp")
    parser.add_argument("--dump", type=index_range, metavar="FIRST..LAST",
                        help="also list every instruction of that index range")
    args = parser.parse_args()
    for path in args.csv:
        try:
            summarize(path, args.top, args.region_ops, args.dump)
        except (OSError, StopIteration, KeyError) as error:
            print(f"{path}: not a source view CSV ({error!r})", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
