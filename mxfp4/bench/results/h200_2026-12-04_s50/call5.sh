#!/usr/bin/env bash
# Session 50 call 5 (timing only). Variant ipw = c35c141 + the int8 quantizer's items a warp on large
# grids overridable by MXFP4_INT8_IPW (4 = main, 8, 16: instantiations added; ipw.patch). Whole calls
# (prepared_int8, stage_int8; narrow scales) and the quantizer alone (ncu) per setting, two rounds.
source tools/device/call_preamble.sh c5 ipw
B=/tmp/v/ipw/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 1024x4096x4096 2048x4096x4096 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 2048x3072x1536; do
  C="$C,$s:auto:auto:0:prepared_int8,$s:auto:auto:0:stage_int8"
done
for r in 1 2; do
  for ipw in 4 8 16; do
    MXFP4_INT8_IPW=$ipw timeout 150 $B --narrow_scales --only="${C#,}" > "$O/ab.$ipw.$r.log" 2>&1
    st "ipw $ipw round $r rc=$?"
    awk '/^only/{tag=($0 ~ /staged int8/ ? "stage" : "copy"); printf "%s:%s=%s ", $2"x"$4"x"$6, tag, $8} /int8 acc/{printf "[%s/%s] ", $3, $5} END {print ""}' "$O/ab.$ipw.$r.log"
  done
done
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 4096x4096x4096:auto:auto:0:prepared_int8 1024x4096x4096:auto:auto:0:prepared_int8 2048x7168x2048:auto:auto:0:prepared_int8; do
    for ipw in 4 8 16; do
      MXFP4_INT8_IPW=$ipw timeout 120 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:QuantizeAOperandWgmmaOrderInt8 \
        --launch-skip 6 --launch-count 4 $B --narrow_scales --only="$cfg" > "$O/ncu.$ipw.${cfg%%:*}.log" 2>&1
      st "ncu ipw $ipw $cfg rc=$?"
      grep -E "gpu__time_duration" "$O/ncu.$ipw.${cfg%%:*}.log" | awk '{print $NF}' | paste -sd' '
    done
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
