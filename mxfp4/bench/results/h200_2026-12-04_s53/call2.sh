#!/usr/bin/env bash
# Session 53 call 2. Stage: session 52's slim stage (base: its gemm_paths_benchmark). Variant sb = call 1's
# sa with a cluster of one CTA exchanging nothing (memcheck: st.async needs a peer), plus cache hints in the
# int8 quantizer: A loaded with ld.global.cs and the E4M3 operand (the fallback's only) stored with
# st.global.cs (evict-first), so that at large M they do not push the int8 activations out of L2 (call 1:
# sa 0.8-1.6% slower than base at 4096^3 / 8192x4096x4096 although its quantizer alone was faster).
# sb's quantizer test and sanitizers; whole calls base vs sb (three rounds); quantizer and GEMM alone (ncu,
# caches not flushed).
source tools/device/call_preamble.sh c2 sb
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/sb
BASE=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 120 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/qint8.log" 2>&1; echo "rc=$?" >> "$O/qint8.log"
st "quantizer test: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qint8.log" | paste -sd' ')"
grep -E "FAILED  \]|Failure" -A6 "$O/qint8.log" | head -30
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck synccheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
C=""
for s in 256x3072x1536 64x7168x2048 128x2048x2048 512x3072x1536 1024x4096x4096 2048x7168x2048 4096x4096x4096 8192x4096x4096; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="$C,4096x4096x4096:auto:auto:0:stage_int8,4096x2880x512:auto:auto:0:stage_int8,256x3072x1536:auto:auto:0:prepared,64x7168x2048:auto:auto:0:prepared"
C="${C#,}"
for r in 1 2 3; do
  for v in base sb; do
    B=$BASE; [[ $v == sb ]] && B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
    timeout 120 $B --narrow_scales --only="$C" > "$O/${v}_r$r.log" 2>&1
    st "round $r $v rc=$?"
  done
done
for v in base sb; do for r in 1 2 3; do
  echo "$v r$r: $(awk '/^only/{tag=($0 ~ /staged int8/ ? "S8" : ($0 ~ /int8/ ? "P8" : "E")); printf "%s:%s=%s ", $2"x"$4"x"$6, tag, $8}' "$O/${v}_r$r.log")"
done; done
for v in base sb; do
  B=$BASE; [[ $v == sb ]] && B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
  timeout 60 $B --narrow_scales --phase_clock --only=256x3072x1536:auto:auto:0:prepared_int8,64x7168x2048:auto:auto:0:prepared_int8 > "$O/phase_$v.log" 2>&1
  st "phase clocks $v rc=$?"; grep -E "^only|phase" "$O/phase_$v.log" | head -20
done
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 256x3072x1536:auto:auto:0:prepared_int8 4096x4096x4096:auto:auto:0:prepared_int8 8192x4096x4096:auto:auto:0:prepared_int8; do
    for v in base sb; do
      B=$BASE; [[ $v == sb ]] && B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
      timeout 100 "$NCU" --clock-control none --cache-control none --metrics gpu__time_duration.sum -k regex:'QuantizeAOperandWgmmaOrder|Int8' \
        --launch-skip 6 --launch-count 6 $B --narrow_scales --only="$cfg" > "$O/ncu.$v.${cfg%%:*}.log" 2>&1
      st "ncu $v ${cfg%%:*} rc=$? $(grep -E "gpu__time_duration" "$O/ncu.$v.${cfg%%:*}.log" | awk '{print $NF}' | paste -sd' ')"
    done
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
