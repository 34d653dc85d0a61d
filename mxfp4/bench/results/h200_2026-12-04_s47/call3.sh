#!/usr/bin/env bash
# Session 47 call 3: is the ws tile's math phase bound by the activations' L2 -> SM traffic? (256x3072x1536: 96
# CTAs each read their 128 rows' 196 KB of activations, 18.9 MB in ~4.3 us of math, ~4.4 TB/s; call 2's hr2, no
# promotion, 6.1K cycles: ~5.7 TB/s.) Variants (wrong results, timing only): ha = each activation bulk copy of
# a ring stage (ring and ws tiles, FillRingActivationStage) moves half its bytes (expect_tx halved), the
# traffic an N-pair cluster multicast would leave; ha2 = ha + hr2 (call 2: no promotion). Base: slim stage of main.
source tools/device/call_preamble.sh c3 ha ha2
export MXFP4_REQUIRE_GPU=1
W=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
W64=quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1
WN=quant_then_mma:wgmma8_n128_m128_ws_fold:1
L="256x3072x1536:$W,64x7168x2048:$W64,64x7168x2048:auto:auto:0,512x3072x1536:$WN,1024x4096x4096:$WN,128x2048x2048:$W"
export MXFP4_ONLY_TIMEOUT=100
timeout 560 bash tools/device/only_ab.sh --reps=2 "$L" ha ha2 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log"
xz -9 "$O/ab.log"
finish_call
