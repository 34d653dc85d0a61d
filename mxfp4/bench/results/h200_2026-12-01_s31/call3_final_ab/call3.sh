#!/usr/bin/env bash
# session 31 call 3 (stage of 0d33512; variant "final" = the working tree with call 1-2's rules: resident streaming
# clusters preferring the bulk twin, 8 < M <= 16 at 256 <= N < 512 and beyond 66 N tiles with K > 4096, N < 64,
# 16 < M <= 32 at N > 1024 with K <= 3072 on the 16-row bulk tile and the ring tile beyond, M <= 8 at N > 1024 with
# K <= 2048 on stream_n32_m8_k8): auto base against auto final, two rounds interleaved.
source tools/device/call_preamble.sh c3 final
export MXFP4_ONLY_TIMEOUT=250
AB="1x1280x1024 8x1408x2048 16x1280x4096 1x1056x2048 16x1056x1024 8x1152x2048 24x1280x2048 32x1056x4096 32x1408x1024
1x1280x8192 8x1056x8192 1x1280x12288 8x1280x16384 1x1056x16384 8x1056x12288 12x1280x8192 16x1056x8192
12x2240x6144 16x2880x6144 12x2880x8192 16x2496x8192 12x256x6144 16x384x5120 16x480x6144 12x496x6144
12x320x8192 16x448x10240 16x496x12288 16x496x16384 4x496x4096 1x16x8192 8x48x16384 32x32x6144 24x48x12288
1x32x4096 2x48x3072
32x1088x1024 24x1152x2048 32x1536x1536 32x1792x3072 32x2048x2048 24x2048x3072 32x1088x4096 24x1792x4096 24x2880x1024
32x2880x1536 32x4096x1024 24x4096x1536 32x3584x1024 20x1200x2048 17x2112x1024
1x1536x1024 8x4096x1024 4x2048x1536 8x1088x2048 1x2048x2048 1x2880x1024 4x4800x1024 8x1100x1536 2x3000x2048 1x4096x2048"
list=""; for s in $AB; do list="$list,$s:auto:auto:0"; done
st "A/B auto base vs final"
bash tools/device/only_ab.sh --reps=2 "${list#,}" final > "$O/ab.log" 2>&1
st "rc=$?"
finish_call
