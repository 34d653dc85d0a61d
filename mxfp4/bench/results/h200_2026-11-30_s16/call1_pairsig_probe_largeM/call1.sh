#!/usr/bin/env bash
# session 16 call 1 (as run): probe, large-M fallback timing (base vs 6cc1da4; failed: this google benchmark
# wants --benchmark_min_time=0.3, not 0.3s, redone in call 2), pair-signal combine A/B
set -u
O="$OUT/c1"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && for v in probe old6cc; do tar -xJf .device-pack/$v.tar.xz -C /tmp/v; done
st probe
timeout 60 /tmp/v/probe/mxfp4.gpu.gemm.cluster_push_probe_test > "$O/probe.log" 2>&1; echo "probe rc=$?" | tee -a "$O/steps.log"
st largeM
F='^sweep/(1024|4096|8192)x[0-9]+x[0-9]+/(mxfp4_auto|cublas_bf16)/'
for who in base old6cc base old6cc; do
  if [[ $who == base ]]; then b=.device/bench/mxfp4.bench.gemm_benchmark; else b=/tmp/v/old6cc/mxfp4.bench.gemm_benchmark; fi
  timeout 120 $b --mxfp4_sets=sweep --benchmark_filter="$F" --benchmark_min_time=0.3s >> "$O/largeM_$who.log" 2>&1; echo "$who rc=$?" | tee -a "$O/steps.log"
done
st ab
OUT="$O/ab" REPS=1 timeout 400 bash tools/device/ab_contest.sh --test_timeout=60 --phase_clock=16x2112x7168:quant_then_mma:streamq_n32_m16_k8_bulk:0 pairsig > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c1.tar.xz" c1 && rm -rf "$O"
# packs (here): stage.sh on ca602f9; probe = git apply h200_2026-11-30_s15/cluster_push_probe.patch +
# pack_variant.sh probe //mxfp4/gpu/gemm:cluster_push_probe_test; pairsig = git apply
# h200_2026-11-30_s15/pair_signal_combine.patch + pack_variant.sh pairsig splitk_small_m_test
# quant_then_mma_test gemm_paths_benchmark; old6cc = pack_variant.sh old6cc in a worktree of 6cc1da4.
