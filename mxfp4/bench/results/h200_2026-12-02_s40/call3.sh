#!/usr/bin/env bash
# session 40 call 3 (stage = 352038b; variant "wring" = call 2's): Nsight Compute on the variant's decode kernel
# (1x5120x13824, k4, no split: 80 CTAs, 27 stages a warpgroup), against the base's in the same call: details and
# stall reasons, then the variant's source view - why the weights through the ring run at half the rate.
source tools/device/call_preamble.sh c3 wring
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
C=1x5120x13824:quant_then_mma:wgmma8_n64_m64_k4_fold:1
for who in base wring; do
  B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || B=/tmp/v/wring/mxfp4.gpu.gemm.gemm_paths_benchmark
  timeout 150 "$NCU" --clock-control none --set full -k 'regex:Gemm' --launch-skip 3 --launch-count 1 \
    --page details "$B" --only="$C" > "$O/details_$who.txt" 2>&1
  timeout 120 "$NCU" --clock-control none \
    --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
    -k 'regex:Gemm' --launch-skip 3 --launch-count 1 --page raw "$B" --only="$C" 2>&1 | \
    grep -E 'stalled|Gemm' > "$O/stalls_$who.txt"
  st "$who ncu rc=$?"
done
timeout 150 "$NCU" --clock-control none --section SourceCounters --section WarpStateStats --import-source no \
  -k 'regex:Gemm' --launch-skip 3 --launch-count 1 -f -o /tmp/src_wring \
  /tmp/v/wring/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$C" > "$O/source.log" 2>&1
{ echo "# $C"; "$NCU" -i /tmp/src_wring.ncu-rep --page source --print-source sass --csv; } > "$O/source_wring.csv" 2>&1
st "source rc=$?"
xz -9 "$O"/*.csv
finish_call
