#!/usr/bin/env bash
# session 36 call 1 (stage = 879f13c; later commits change host plans only, so "auto" below is 879f13c's plan):
# the plan gaps of docs/paths.md "What to do next (after session 35)" item 2.
# G1: off-step K (4864, 5376) and K = 4096 at M <= 8, N = 2560..4096: ring k2 / k4 with 2 CTAs a cluster against
#     split-K (auto at 879f13c below K = 5632).
# G2: M <= 8 at N = 1952..2112 with a long K (auto: split-K with clusters of 2): the ring with clusters of 4 / 2.
# G3: M = 9..16 at N = 2240..2880 (auto: streamq bulk to K = 4096, ring k4 c2 at 8192): the ring tiles.
# G4: K = 2048 decode at N = 5120/7168 (auto k2 c1) against k4 c1; K = 1536 at M = 48..128 (auto k2 / ws) against
#     k4 c1 and k2 c2.
source tools/device/call_preamble.sh c1
R=quant_then_mma
export MXFP4_ONLY_TIMEOUT=150
G1=""
for m in 1 4 6 8; do for n in 2560 3072 4096; do for k in 4096 4864 5376; do G1="$G1 ${m}x${n}x${k}"; done; done; done
st "G1"
timeout 150 bash tools/device/only_sweep.sh --reps=2 "$G1" \
  "$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k4_fold:2" > "$O/g1.log" 2>&1
st "G1 rc=$?"
G2=""
for m in 1 8; do for n in 1952 2048 2112; do for k in 8192 11008; do G2="$G2 ${m}x${n}x${k}"; done; done; done
st "G2"
timeout 120 bash tools/device/only_sweep.sh --reps=2 "$G2" \
  "$R:wgmma8_n64_m64_k4_fold:4,$R:wgmma8_n64_m64_k2_fold:4,$R:wgmma8_n64_m64_k4_fold:2" > "$O/g2.log" 2>&1
st "G2 rc=$?"
G3=""
for m in 9 12 16; do for n in 2240 2560 2880; do for k in 2048 4096 8192; do G3="$G3 ${m}x${n}x${k}"; done; done; done
st "G3"
timeout 150 bash tools/device/only_sweep.sh --reps=2 "$G3" \
  "$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k4_fold:1" > "$O/g3.log" 2>&1
st "G3 rc=$?"
G4="1x5120x2048 8x5120x2048 1x7168x2048 8x7168x2048 16x7168x2048"
for m in 48 64 96 128; do for n in 3072 4096 7168; do G4="$G4 ${m}x${n}x1536"; done; done
st "G4"
timeout 120 bash tools/device/only_sweep.sh --reps=2 "$G4" \
  "$R:wgmma8_n64_m64_k4_fold:1,$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k2_ws_fold:1" > "$O/g4.log" 2>&1
st "G4 rc=$?"
finish_call
