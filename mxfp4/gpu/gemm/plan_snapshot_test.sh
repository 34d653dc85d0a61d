#!/usr/bin/env bash
# File: mxfp4/gpu/gemm/plan_snapshot_test.sh
#
# plan_snapshot prints one line a plan over its whole grid (every line a plan
# or the planner's error, with its workspace), the contest shapes' auto plans
# among them, and the same bytes twice (tools/plan_diff.sh diffs two builds'
# output, so it must be deterministic).
set -euo pipefail
bin="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/mxfp4/gpu/gemm/plan_snapshot"
[[ -x "$bin" ]] || bin="$(dirname "$0")/plan_snapshot"
t="${TEST_TMPDIR:-$(mktemp -d)}"
fail() { echo "FAIL: $*"; exit 1; }
"$bin" >"$t/a.txt"
"$bin" >"$t/b.txt"
cmp -s "$t/a.txt" "$t/b.txt" || fail "two runs differ"
lines=$(wc -l <"$t/a.txt")
# 23 N x 20 K x 38 M: 23 lines a natural-layout shape, 1 a preshuffled one,
# then the forced tiles.
(( lines > 23 * 20 * 38 * 24 )) || fail "only $lines lines"
(( $(grep -c ' | ws ' "$t/a.txt") == lines )) || fail "a line without its workspace"
for s in 4x2880x512 16x2112x7168 32x4096x512 32x2880x512 64x7168x2048 256x3072x1536; do
  grep -q "^auto/preshuffled $s: path=" "$t/a.txt" || fail "no auto plan for $s"
done
# The planner's errors are lines too (K = 32 is not a preshuffled shape).
grep -q "^auto/preshuffled 1x16x32: Gemm: preshuffled16x16 weights need" "$t/a.txt" ||
  fail "the preshuffled K = 32 error"
grep -q "^copy_int8 4096x4096x4096: .*prepared_weight (int8)" "$t/a.txt" || fail "int8 copy plan"
echo "PASS: $lines plan lines"
