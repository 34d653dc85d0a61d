#!/usr/bin/env bash
# session 33 call 2 (stage = 34d9570 + the partial loop on the k2 (not k4) ring tiles + the removal of session 32's
# K = 2880 detours; variant "old" = 34d9570): every GPU test with memcheck + racecheck; auto old vs new (two rounds,
# interleaved) on call 1's shapes (the k4 kernels' PTX is now 34d9570's); then LLM layer shapes whose K-blocks put the
# ring tiles' chunks (or a cluster's last rank) off the ring step - K = 11008, 13824, 18944, 8960, 5632, 4864, 22016,
# 17920 (18432, 14336 as whole-step controls) - auto against forced k2 / k4 clusters.
source tools/device/call_preamble.sh c2 old
OUT="$O/run" timeout 280 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=100
S=""
for s in 16x8192x8192 32x4096x4096 16x7168x4096 1x8192x8192 64x4096x4096 96x1024x4096 16x7168x2048 1x7168x2048 \
         32x8512x2048 256x3072x1536 128x4096x4096 64x7168x2048 16x2112x7168 12x1280x10240 64x512x8192 \
         1x5120x2880 8x5120x2880 16x5120x2880 24x5120x2880 32x5120x2880 64x5120x2880 128x2880x2880 \
         1x5760x2880 4x5760x2880 8x5760x2880 1x6144x2880 32x2880x2880 32x4096x1984 256x5120x2880 1x2880x2880; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
bash tools/device/only_ab.sh --reps=2 "${S#,}" old > "$O/ab.log" 2>&1
st "ab rc=$?"
L=""
for m in 1 16 64; do
  for nk in 4096x11008 5120x13824 3584x18944 1536x8960 2048x5632 896x4864 8192x22016 5120x17920 7168x18432 4096x14336; do
    L="$L,${m}x${nk}"
  done
done
R=quant_then_mma
st "off-step LLM"
bash tools/device/only_sweep.sh "${L#,}" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k2_fold:8 $R:wgmma8_n64_m64_k4_fold:1 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4" > "$O/llm.log" 2>&1
st "llm rc=$?"
finish_call
