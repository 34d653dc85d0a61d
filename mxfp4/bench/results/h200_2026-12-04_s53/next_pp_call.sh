#!/usr/bin/env bash
# Prepared in session 53 for the next session (NOT RUN in session 53). Carry: .device-pack with only pp.tar.xz
# (packed from branch s53-pair-cta-scope: tools/device/pack_variant.sh --no_gemm_benchmark
# --from=s53-pair-cta-scope pp //mxfp4/gpu/gemm:quant_then_mma_test //mxfp4/gpu/gemm:gemm_paths_benchmark) and a
# libraries-only stage (extract the slim stage; tar -cJf stage.tar.xz .device/lib .device/glibc). Copy it to
# the new session's record as callN.sh before running.
# pp = session 52's cluster-pair timing prototype (pair.patch: the persistent int8 kernel in clusters of 2
# along M, each CTA multicasting one weight half of every stage to both) with the consumers' remote
# empty-barrier arrivals and the producer's empty wait at default semantics (release / acquire at CTA scope,
# as CUTLASS's multicast pipelines) instead of .release.cluster / .acquire.cluster - the suspect for session
# 52's 1.6-1.8x slowdown. Correctness on normal data (the prototype skips the int8 check), then non-pair /
# pair, two interleaved rounds.
source tools/device/call_preamble.sh cpp pp
export MXFP4_REQUIRE_GPU=1
B=/tmp/v/pp/mxfp4.gpu.gemm.gemm_paths_benchmark
MXFP4_PAIR=1 timeout 200 /tmp/v/pp/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGridInt8*' > "$O/pair_test.log" 2>&1
st "pair test rc=$? (cases that need the int8 check's fallback fail by design): $(grep -cE '^\[       OK|Failure' "$O/pair_test.log")"
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 2048x4096x4096 1024x4096x4096; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="$C,4096x3072x1536:auto:auto:0:stage_int8"
C="${C#,}"
for r in 1 2; do
  unset MXFP4_PAIR MXFP4_PAIR_CTAS
  timeout 100 $B --narrow_scales --only="$C" > "$O/base_r$r.log" 2>&1; st "round $r base rc=$?"
  MXFP4_PAIR=1 timeout 100 $B --narrow_scales --only="$C" > "$O/pair_r$r.log" 2>&1; st "round $r pair rc=$?"
done
grep -h "pair kernel" "$O"/pair_r1.log | head -2
for r in 1 2; do for v in base pair; do
  echo "r$r $v: $(grep -E '^only' "$O/${v}_r$r.log" | awk '{printf "%s %s  ", $2"x"$4"x"$6, $8}')"
done; done
xz -9 "$O"/*.log 2>/dev/null
finish_call
