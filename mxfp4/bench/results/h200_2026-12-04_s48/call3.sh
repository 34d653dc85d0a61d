#!/usr/bin/env bash
# Session 48 call 3: call 2's timing ran with gemm_paths_benchmark's weights, whose scale bytes 120..134 give every
# row a spread above 3 (every CTA fell back to converting). Now :prepared_int8 weights have 125..127 (an
# EVEN-quantized normal weight's); the int8 CTA count per shape; phase clocks; the path tests again (layouts fixed).
source tools/device/call_preamble.sh c3
export MXFP4_REQUIRE_GPU=1
T=.device/tests
timeout 150 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/int8_path.log" 2>&1
st "int8 path tests rc=$?"; grep -E "OK \]|FAILED|PASSED" "$O/int8_path.log" | head; grep -B2 -A12 "Failure" "$O/int8_path.log" | head -40
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 256x3072x1536 512x3072x1536 1024x4096x4096 4096x4096x4096 64x7168x2048 128x2048x2048 512x4096x1536; do
  C="$C,$s:auto:auto:0:prepared,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
for r in 1 2; do
  timeout 100 $B --only="$C" > "$O/ab$r.log" 2>&1
  st "ab round $r rc=$?"; grep -E "^only|int8 acc" "$O/ab$r.log" | awk '{print $2,$3,$4,$5,$6,$7,$8,$NF}' | cut -c1-150
done
P="256x3072x1536:auto:auto:0:prepared,256x3072x1536:auto:auto:0:prepared_int8,1024x4096x4096:auto:auto:0:prepared,1024x4096x4096:auto:auto:0:prepared_int8"
timeout 100 $B --only="$P" --phase_clock > "$O/phase.log" 2>&1
st "phase rc=$?"; cat "$O/phase.log" | grep -v "^#" | tail -40 | cut -c1-200
xz -9 "$O"/*.log
finish_call
