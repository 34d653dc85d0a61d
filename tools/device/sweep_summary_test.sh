#!/usr/bin/env bash
# File: tools/device/sweep_summary_test.sh
#
# sweep_summary.py on a synthetic `gemm_paths_benchmark --sweep` log: the auto plan forced is not
# "another plan" (only a second timing of it), the fastest other plan and the ratios per shape, a
# shape where another plan beats auto by more than the margin is marked '!', a shape without
# cuBLAS or without forced lines reads '-', the geomean line is kept, the .xz form reads the same,
# and a file without a shape line fails.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/sweep_summary.py" ]] || here="$(dirname "$0")"
py=/usr/bin/python3
[[ -x "$py" ]] || py="$(command -v python3)"
t="${TEST_TMPDIR:-$(mktemp -d)}"
fail() { echo "FAIL: $*"; cat "$t/out.txt"; exit 1; }

P1="path=fused_quant tile=stream_n32_m8_k4 (block_n=32 block_m=8) splits=4 (cluster 1) blocks_per_split=4 launches=1 ctas=90"
P2="path=fused_quant tile=stream_n32_m8_k8 (block_n=32 block_m=8) splits=8 (cluster 1) blocks_per_split=2 launches=1 ctas=90"
Q1="path=quant_then_mma tile=wgmma8_n64_m64_k2_fold (block_n=64 block_m=64) splits=2 (cluster 1) blocks_per_split=32 launches=2 ctas=112"
Q2="path=quant_then_mma tile=wgmma8_n64_m64_k4_fold (block_n=64 block_m=64) splits=32 (cluster 8, splits summed in runs of 4) blocks_per_split=16 launches=2 ctas=112"
cat >"$t/sweep.log" <<LOG
device: NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)
per call, CUDA-graph replay (20 calls/graph x 20 replays, median of 5): hot = same buffers, cold = rotating > 120 MB of inputs
shape    4 x  2880 x   512  auto  hot    2.29 us  cold    2.29 us | cublas bf16 hot    2.89 us  cold    3.76 us | $P1
  sweep    4 x  2880 x   512  hot    2.20  cold    2.27  $P1
  sweep    4 x  2880 x   512  hot    2.64  cold    2.61  $P2
shape   64 x  7168 x  2048  auto  hot    8.00 us  cold    9.61 us | cublas bf16 hot    8.16 us  cold   13.43 us | $Q1
  sweep   64 x  7168 x  2048  hot    8.02  cold    9.47  $Q1
  sweep   64 x  7168 x  2048  hot    7.50  cold    8.64  $Q2
shape    8 x   512 x   512  auto  hot    2.00 us  cold    2.10 us | $P1
geomean over 6 benchmark shapes (auto): hot 4.97 us, cold 5.36 us; cublas bf16 cold 6.69 us
LOG

"$py" "$here/sweep_summary.py" "$t/sweep.log" >"$t/out.txt"
grep -qE '^ 4x2880x512 +2\.29 +fused_quant stream_n32_m8_k8 s8 c1 +2\.64 +0\.867 +2\.89 +1\.262$' "$t/out.txt" ||
  fail "4x2880x512: the auto plan forced (2.20) is not the other plan"
grep -qE '^!64x7168x2048 +8\.00 +quant_then_mma wgmma8_n64_m64_k4_fold s32 c8 +7\.50 +1\.067 +8\.16 +1\.020$' \
  "$t/out.txt" || fail "64x7168x2048: another plan faster by > 2% is marked"
grep -qE '^ 8x512x512 +2\.00 +- +- +- +- +-$' "$t/out.txt" || fail "no forced lines, no cuBLAS"
grep -q 'auto plan: quant_then_mma wgmma8_n64_m64_k2_fold s2 c1' "$t/out.txt" || fail "auto plan line"
grep -q '^geomean over 6 benchmark shapes' "$t/out.txt" || fail "geomean line"

"$py" "$here/sweep_summary.py" --margin 0.10 "$t/sweep.log" >"$t/out.txt"
grep -qE '^ 64x7168x2048 ' "$t/out.txt" || fail "--margin 0.10: 6.7% is not marked"

"$py" -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.compress(open(sys.argv[1], "rb").read()))' \
  "$t/sweep.log" "$t/sweep.log.xz"
"$py" "$here/sweep_summary.py" "$t/sweep.log" >"$t/plain.txt"
"$py" "$here/sweep_summary.py" "$t/sweep.log.xz" >"$t/out.txt"
cmp -s "$t/plain.txt" "$t/out.txt" || fail ".xz reads as the plain log"

echo "not a sweep" >"$t/other.log"
if "$py" "$here/sweep_summary.py" "$t/other.log" >"$t/out.txt" 2>&1; then fail "a log without shapes passes"; fi
grep -q 'not a --sweep log' "$t/out.txt" || fail "the error names the file's problem"
echo PASS
