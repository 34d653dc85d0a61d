#!/usr/bin/env bash
# session 34 call 4 (slim stage = call 1's tree, b16cb7e: the decode forms' narrow A copies): M <= 32 shapes auto runs
# on the streaming / split-K tiles, auto against forced ring configurations (k2 / k4, clusters 1 / 2 / 4): do the
# narrower copies move the ring-vs-streaming boundary?
source tools/device/call_preamble.sh c4
export MXFP4_ONLY_TIMEOUT=300
L="1x4096x4096,1x2048x4096,1x4096x2048,1x2112x7168,1x2048x8192,1x3072x1536,1x1536x8960,8x4096x4096,8x2112x7168"
L="$L,8x1536x8960,8x2048x8192,16x2112x7168,16x2048x8192,16x4096x2048,16x3072x1536,16x2048x2048,16x1536x8960"
R=quant_then_mma
st "stream vs ring"
timeout 500 bash tools/device/only_sweep.sh "$L" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k4_fold:1 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4" > "$O/sweep.log" 2>&1
st "sweep rc=$?"
finish_call
