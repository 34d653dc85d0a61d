#!/usr/bin/env bash
# Session 56 call 4. Carry [".device-pack"]: a slim stage of main 1d4cf48 (gemm_paths_benchmark and the libraries)
# and dkp.tar.xz (dkp's gemm_paths_benchmark alone, from pack_variant.sh --no_gemm_benchmark dkp ... on branch
# s56-direct-store's 4th commit: the device tool counts the tree's disk blocks, ~32.6 MiB, so a slim stage and
# one benchmark binary are all that fit beside it; dkb's pack did not travel).
# Call 2's SASS: dk's fast stage loop is 330 / 346 instructions (converting / prepared) against 311 / 319, the
# stage index computed in vector registers with an R2UR per descriptor word (16 against 1 a stage) where main
# keeps it in uniform registers: the per-stage cost (~50-70 cycles) behind dk's loss at long K.
# dkb = dk with immediate named-barrier ids in StoreWgmmaTileBf16 (bar.sync 2 / 3 by a branch on wn, instead of
# `bar.sync %0` with a register: ptxas reported 16 barriers used); dkp = dkb with the checked store predicated
# (no branch a segment). Whether dkp brings the loop back to main's length, and its time (its tests: the
# validation call of whatever lands).
source tools/device/call_preamble.sh c4 dkp
OBJ="$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)"
for who in base dkp; do
  B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; [[ $who != base ]] && B=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
  "$OBJ" -sass $B 2>/dev/null | awk '/Function : /{keep = ($0 ~ /WsP.*PersistentKernel|WsPersistentKernel/)} keep' > "$O/$who.persistent.sass"
  st "$who sass: $(grep -c 'Function : ' "$O/$who.persistent.sass") kernels, R2UR $(grep -c R2UR "$O/$who.persistent.sass"), BAR $(grep -cE 'BAR\.SYNC' "$O/$who.persistent.sass")"
done
C="4096x2880x512:auto:auto:0,4096x2880x512:auto:auto:0:stage,8192x2880x512:auto:auto:0"
C="$C,4096x2880x1024:auto:auto:0,2048x7168x1024:auto:auto:0,1024x4096x1024:auto:auto:0"
C="$C,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0,2048x7168x2048:auto:auto:0"
C="$C,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0"
bash tools/device/only_ab.sh --reps=2 "$C" dkp > "$O/ab.log" 2>&1
st "main vs dkp rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
xz -9 "$O"/*.log "$O"/*.sass 2>/dev/null
finish_call
