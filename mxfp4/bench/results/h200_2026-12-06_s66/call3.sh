#!/usr/bin/env bash
# Session 66 call 3: call2.sh with variant pl3 (branch pl3: main + the index assumptions alone) in place of pl2.
# Ran as `sed -i 3,7d call3.sh; bash call3.sh` (the device copy still held call2.sh's comment lines, deleted here).
set -u
source tools/device/call_preamble.sh c3 pl3
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
for v in pl3; do
  for t in fused_quant_test splitk_small_m_test; do
    timeout 120 /tmp/v/$v/mxfp4.gpu.gemm.$t > "$O/${v}_$t.log" 2>&1
    st "$v $t rc=$? $(grep -E '^\[  (PASSED|FAILED) ' "$O/${v}_$t.log" | tr '\n' ' ')"
  done
done
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,8x1024x1024:auto:auto:0,8x2112x7168:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=3 "$C" pl3 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
cat "$O/steps.log"
finish_call
