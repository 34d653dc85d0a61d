#!/usr/bin/env bash
# File: tools/device/ncu_source_summary_test.sh
#
# ncu_source_summary.py on a synthetic source view (the CSV layout of
# `ncu -i ... --page source --print-source sass --csv`, after run_all.sh's title
# line): the loop is the executed count that weighs most, regions split at gaps
# of unexecuted code, stall shares add up per region, --region_ops names each
# region's count, its instructions a pass and opcodes and totals the code run
# once per warp, --dump lists an index range, and the .xz form reads the same. A file that
# is not a source view fails.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/ncu_source_summary.py" ]] || here="$(dirname "$0")"
py=/usr/bin/python3
[[ -x "$py" ]] || py="$(command -v python3)"
t="${TEST_TMPDIR:-$(mktemp -d)}"
fail() { echo "FAIL: $*"; cat "$t/out.txt"; exit 1; }

# 40 instructions: entry 0..3 (8 warps once each) and 4 (one warp), unexecuted
# 5..19, loop 20..29 (80 times: FFMA), unexecuted 30..37, epilogue 38..39 (8
# times).
"$py" - "$t/view.csv" <<'PY'
import csv, sys
header = ["Address", "Source", "Warp Stall Sampling (All Samples)",
          "Warp Stall Sampling (Not-issued Samples)", "Instructions Executed",
          "stall_no_inst", "stall_long_sb", "stall_no_inst (Not Issued)", "stall_long_sb (Not Issued)"]
rows = []
for i in range(40):
    if i < 4:
        src, ran, no_inst, long_sb = ("S2R R0, SR_TID.X" if i else "LDC R1, c[0x0][0x28]"), 8, 2, 0
    elif i == 4:
        src, ran, no_inst, long_sb = "@!P0 SYNCS.EXCH.64 URZ, [UR4], UR6", 1, 2, 0
    elif 20 <= i < 30:
        src, ran, no_inst, long_sb = f"FFMA R{i}, R2, R3, R{i}", 80, 0, 1
    elif i >= 38:
        src, ran, no_inst, long_sb = "@P0 STG.E.64 desc[UR4][R2.64], R4", 8, 3, 0
    else:
        src, ran, no_inst, long_sb = "NOP", 0, 0, 0
    total = no_inst + long_sb
    rows.append([f"0x{16 * i:x}", src, total, total, ran, no_inst, long_sb, no_inst, long_sb])
with open(sys.argv[1], "w", newline="") as f:
    f.write("# 8x8x64:auto:auto:0\n")
    w = csv.writer(f, quoting=csv.QUOTE_ALL)
    w.writerow(["Kernel Name", "void k()"])
    w.writerow(header)
    w.writerows(rows)
PY

"$py" "$here/ncu_source_summary.py" --region_ops "$t/view.csv" >"$t/out.txt"
grep -q '^== # 8x8x64:auto:auto:0' "$t/out.txt" || fail "title"
grep -q 'instructions: 40 in the kernel, 17 executed; 26 warp samples' "$t/out.txt" || fail "counts"
grep -q 'loop body: 10 instructions executed 80 times each, 38.5% of the samples' "$t/out.txt" ||
  fail "loop body"
grep -q 'stalls (loop): long_sb 100.0%' "$t/out.txt" || fail "loop stalls"
grep -qE '^ +0\.\. +4: +5 +38\.5% +38\.5%' "$t/out.txt" || fail "entry region"
grep -qE '^ +20\.\. +29: +10 +38\.5% +0\.0%' "$t/out.txt" || fail "loop region"
grep -qE '^ +38\.\. +39: +2 +23\.1% +23\.1%' "$t/out.txt" || fail "epilogue region"
grep -qE '^ +x80 \(10\.0 a pass\): FFMA 10$' "$t/out.txt" || fail "loop region ops"
grep -qE '^ +x8 \(4\.1 a pass\): S2R 3, LDC 1, SYNCS 1$' "$t/out.txt" || fail "entry region ops (mixed counts: 33 executions / 8)"
grep -qE '^ +x8 \(2\.0 a pass\): STG 2$' "$t/out.txt" || fail "predicated opcode"
grep -q 'run once per warp (executed 8 times): 6 instructions, 53.8% of the samples' "$t/out.txt" ||
  fail "one-shot total"
grep -q 'loop opcodes: FFMA 10' "$t/out.txt" || fail "loop opcodes"

# Without --region_ops: no per-region opcode lines; the .xz form reads the same.
"$py" -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.compress(open(sys.argv[1], "rb").read()))' \
  "$t/view.csv" "$t/view.csv.xz"
"$py" "$here/ncu_source_summary.py" "$t/view.csv.xz" >"$t/out.txt"
grep -q 'x80' "$t/out.txt" && fail "region ops without --region_ops"
grep -q 'loop body: 10 instructions executed 80 times each' "$t/out.txt" || fail "xz"

# --dump lists an index range instruction by instruction (clipped to the
# kernel); a range that is not FIRST..LAST is refused.
"$py" "$here/ncu_source_summary.py" --dump 3..5 "$t/view.csv" >"$t/out.txt"
grep -q '^instructions 3..5 (index' "$t/out.txt" || fail "dump header"
grep -qE '^ +3 +8 +7\.7% +no_inst  S2R R0, SR_TID.X$' "$t/out.txt" || fail "dump line 3"
grep -qE '^ +4 +1 +7\.7% +no_inst  @!P0 SYNCS.EXCH.64' "$t/out.txt" || fail "dump line 4"
grep -qE '^ +5 +0 +0\.0% ' "$t/out.txt" || fail "dump line 5 (unexecuted)"
grep -qE '^ +6 ' "$t/out.txt" && fail "dump past its range"
"$py" "$here/ncu_source_summary.py" --dump 38..99 "$t/view.csv" >"$t/out.txt"
grep -qE '^ +39 +8 ' "$t/out.txt" || fail "dump clipped to the kernel"
for bad in 5 7..3 a..b; do
  if "$py" "$here/ncu_source_summary.py" --dump "$bad" "$t/view.csv" >"$t/out.txt" 2>&1; then
    fail "--dump $bad accepted"
  fi
done

echo "not a view" >"$t/bad.csv"
if "$py" "$here/ncu_source_summary.py" "$t/bad.csv" >"$t/out.txt" 2>&1; then fail "bad file accepted"; fi
echo PASS
