#!/usr/bin/env bash
# Prepared in session 53 for the next session (NOT RUN in session 53: no device was lent after call 2).
# Carry: .device-pack with session 52's slim stage (stage.tar.xz, base) and wk.tar.xz, packed from branch
# s53-int8-quant-persistent (tools/device/pack_variant.sh --no_gemm_benchmark --from=s53-int8-quant-persistent wk
# //mxfp4/gpu/gemm:quantize_a_operand_int8_test //mxfp4/gpu/gemm:quant_then_mma_test
# //mxfp4/gpu/gemm:gemm_paths_benchmark). Copy it to the new session's record as callN.sh before running.
# wk = the int8 quantizer's st.async exchange (session 53's sa2) plus one wave of clusters walking the 8-row
# groups where they do not fit at once. Its quantizer tests (ClustersWalkingTheRowGroups forces the walk),
# the int8 path tests, sanitizers; whole calls base vs wk with the GEMM's phase clocks (three rounds,
# tools/device/only_ab.sh); the quantizer alone (ncu). (Session 54: the test and sanitizer runs through
# call_preamble.sh's run_test / sanitize, the same runs and limits as first written.)
source tools/device/call_preamble.sh cwk wk
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/wk
BASE=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
run_test qint8 200 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test
run_test qtm 240 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Int8*'
sanitize 150 '*Walking*:*Matches*' $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test racecheck memcheck synccheck
sanitize 200 '*PreparedInt8Weights*:*PersistentGridInt8*' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck
C=""
for s in 256x3072x1536 64x7168x2048 512x3072x1536 1024x4096x4096 2048x4096x4096 2048x7168x2048 3072x3072x3072 4096x4096x4096 8192x4096x4096; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="$C,4096x4096x4096:auto:auto:0:stage_int8,4096x2880x512:auto:auto:0:stage_int8,256x3072x1536:auto:auto:0:prepared"
C="${C#,}"
# Interleaved base / wk runs with the GEMM's phase clocks for every shape, then a summary line a run.
bash tools/device/only_ab.sh --reps=3 --narrow_scales "$C" wk > "$O/ab.log" 2>&1
st "base vs wk rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 256x3072x1536:auto:auto:0:prepared_int8 2048x4096x4096:auto:auto:0:prepared_int8 4096x4096x4096:auto:auto:0:prepared_int8 8192x4096x4096:auto:auto:0:prepared_int8; do
    for v in base wk; do
      B=$BASE; [[ $v == wk ]] && B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
      timeout 100 "$NCU" --clock-control none --cache-control none --metrics gpu__time_duration.sum -k regex:'QuantizeAOperandWgmmaOrder|Int8' \
        --launch-skip 6 --launch-count 6 $B --narrow_scales --only="$cfg" > "$O/ncu.$v.${cfg%%:*}.log" 2>&1
      st "ncu $v ${cfg%%:*} rc=$? $(grep -E "gpu__time_duration" "$O/ncu.$v.${cfg%%:*}.log" | awk '{print $NF}' | paste -sd' ')"
    done
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
