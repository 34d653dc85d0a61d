#!/usr/bin/env bash
# Session 59 call 4 (diagnostic). Carry [".device-pack"]: a slim stage of main adbeaa1
# (gemm_paths_benchmark; slim_stage.sh) and variant uv = the same tree with kUniformVote true in
# every ring form (pack_variant.sh --no_gemm_benchmark uv //mxfp4/gpu/gemm:gemm_paths_benchmark).
# Where does the n64 k2 m16 decode kernel without a cluster (16x7168x2048) lose with the warp-uniform
# vote (call 2: math phase 5920 -> 6155 cycles though its loops are 3-6% shorter)? Nsight Compute
# source view (SASS with executed counts and warp-stall samples) of the GEMM kernel, base and uv, as
# run_all.sh --profile_source does it.
source tools/device/call_preamble.sh c4 uv
export MXFP4_REQUIRE_GPU=1
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
C=16x7168x2048:auto:auto:0
for who in base uv; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == uv ]] && bin=/tmp/v/uv/mxfp4.gpu.gemm.gemm_paths_benchmark
  timeout 150 "$NCU" --clock-control none --section SourceCounters --section WarpStateStats \
    --import-source no -k 'regex:Gemm' --launch-skip 3 --launch-count 1 -f -o "$O/src_$who" \
    "$bin" --only="$C" > "$O/src_$who.log" 2>&1
  st "ncu $who rc=$?"
  "$NCU" -i "$O/src_$who.ncu-rep" --page source --print-source sass --csv > "$O/src_$who.csv" 2>&1
  "$NCU" -i "$O/src_$who.ncu-rep" --page details > "$O/details_$who.txt" 2>&1
  xz -T0 "$O/src_$who.csv"; rm -f "$O/src_$who.ncu-rep"
done
finish_call
