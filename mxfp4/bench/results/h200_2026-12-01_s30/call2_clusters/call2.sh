#!/usr/bin/env bash
# session 30 call 2 (slim stage of 6d2d003 + the probe variant): clusters resident at once per cluster size
# (cluster_wave_benchmark), and the ring tiles' K-split cluster sizes 2..8 forced on grids around those limits.
source tools/device/call_preamble.sh c2 probe
export MXFP4_ONLY_TIMEOUT=200
/tmp/v/probe/mxfp4.gpu.gemm.cluster_wave_benchmark > "$O/cluster_wave.log" 2>&1; st "probe rc=$?"
cat "$O/cluster_wave.log"
C=""
for t in k2 k4; do for c in 1 2 3 4 5 6 7 8; do C="$C quant_then_mma:wgmma8_n64_m64_${t}_fold:$c"; done; done
S=""
for m in 16 64; do for n in 512 1024 1536 2048; do for k in 8192 16384; do S="$S,${m}x${n}x${k}"; done; done; done
bash tools/device/only_sweep.sh "${S#,}" "$C" > "$O/ring_clusters.log" 2>&1; st "ring rc=$?"
finish_call
