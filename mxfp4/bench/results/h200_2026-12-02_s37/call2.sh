#!/usr/bin/env bash
# session 37 call 2 (stage = session 36's 2e5b553 kernels and plans): the plan gaps of docs/paths.md "What to do
# next (after session 36)" item 3.
# G1: M = 5..8 at N = 2560..4096 with K = 2560..3584 (auto: split-K / streamq bulk): the ring k2 / k4 with 2-CTA
#     clusters against them.
# G2: M <= 4 with an off-step K from 5632 (5888, 6400; auto: the ring k2 c2): split-K's 8-row tile against it.
# G3: M = 12 / 16 at N = 2240..2880 with K = 5120..7168 (auto: ring k4 c2): k2 c2, k4 c1, the streamq bulk tile.
source tools/device/call_preamble.sh c2
R=quant_then_mma
export MXFP4_ONLY_TIMEOUT=150
G1=""
for m in 5 8; do for n in 2560 3072 4096; do for k in 2560 3072 3584; do G1="$G1 ${m}x${n}x${k}"; done; done; done
st "G1"
timeout 160 bash tools/device/only_sweep.sh --reps=2 "$G1" \
  "$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k4_fold:2,splitk_small_m:stream_n32_m8_k8_bulk:8,$R:streamq_n32_m16_k8_bulk:8" \
  > "$O/g1.log" 2>&1
st "G1 rc=$?"
G2=""
for m in 1 4; do for n in 2560 3072 4096; do for k in 5888 6400; do G2="$G2 ${m}x${n}x${k}"; done; done; done
st "G2"
timeout 120 bash tools/device/only_sweep.sh --reps=2 "$G2" \
  "splitk_small_m:stream_n32_m8_k8_bulk:8,$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k2_fold:4" > "$O/g2.log" 2>&1
st "G2 rc=$?"
G3=""
for m in 12 16; do for n in 2240 2560 2880; do for k in 5120 6144 7168; do G3="$G3 ${m}x${n}x${k}"; done; done; done
st "G3"
timeout 150 bash tools/device/only_sweep.sh --reps=2 "$G3" \
  "$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k4_fold:1,$R:streamq_n32_m16_k8_bulk:8,$R:streamq_n32_m16_k8_bulk:16" \
  > "$O/g3.log" 2>&1
st "G3 rc=$?"
finish_call
