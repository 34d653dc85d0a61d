#!/usr/bin/env bash
# Session 51 call 3 (diagnostics, variant pg2 as call 2): why the persistent n128_m128 kernels lose
# to the one-tile grid on the converting plans (and pg2's on the staged ones). The SASS of the four
# kernels (one-tile and persistent, converting and prepared), and Nsight Compute's scheduler, warp
# state and instruction sections on 1024x4096x4096 (converting) and 3072^3 (staged), flat and
# persistent.
source tools/device/call_preamble.sh c3 pg2
V=/tmp/v/pg2
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
OBJ="$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)"
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)"
"$OBJ" -sass "$B" > "$O/all.sass" 2>&1
st "sass rc=$? $(wc -l < "$O/all.sass") lines"
awk '/Function : /{keep = ($0 ~ /TileConfigIdE58E/)} keep' "$O/all.sass" > "$O/k58.sass"
grep "Function : " "$O/k58.sass"
rm -f "$O/all.sass"
run_ncu() {  # name config kernel-regex
  timeout 150 "$NCU" --clock-control none --section SchedulerStats --section WarpStateStats \
    --section InstructionStats --section LaunchStats -k "regex:$3" --launch-skip 6 --launch-count 1 \
    $B --only="$2" > "$O/ncu_$1.txt" 2>&1
  st "ncu $1 rc=$?"
}
run_ncu conv_flat 1024x4096x4096:auto:auto:0:nostage+flat GemmPrequantMmaKernel
run_ncu conv_pers 1024x4096x4096:auto:auto:0:nostage GemmPrequantMmaWsPersistentKernel
run_ncu stage_flat 3072x3072x3072:auto:auto:0:stage+flat GemmPrequantMmaWsPreparedKernel
run_ncu stage_pers 3072x3072x3072:auto:auto:0:stage GemmPrequantMmaWsPreparedPersistentKernel
for f in conv_flat conv_pers stage_flat stage_pers; do
  echo "== $f"
  grep -E "Duration|Executed Instructions  |Issue Slots Busy|No Eligible|Warp Cycles Per Issued|Stall|Registers Per|Grid Size|Dynamic Shared" "$O/ncu_$f.txt" | head -20
done
xz -9 "$O"/* 2>/dev/null
finish_call
