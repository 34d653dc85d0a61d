#!/usr/bin/env bash
# Session 67 call 4. Carry [".device-pack"]: the stage of 340076c (main before the session) and variant final
# (main cc76269: per-layout one-tile kernels + index assumptions in the m64 and m128 K-split ws tiles). Steps:
# SASS of every quant_then_mma kernel, base against final (a hash of each kernel's instructions: only the two
# tiles' kernels should differ), only_ab base / final (3 rounds), ab_contest.sh final (its tests, then the contest
# harness, 2 rounds), racecheck + memcheck of the ws / ring tests.
set -u
V=final
source tools/device/call_preamble.sh "c_$V" "$V"
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/$V
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
sass_hashes() {  # who binary: "<who> <instructions> <md5 of the instruction text> <kernel>" per GEMM kernel
  cuobjdump -sass "$2" > /tmp/sass_$1.txt 2>/dev/null
  python3 - "$1" /tmp/sass_$1.txt <<'PY'
import hashlib, re, sys
who, path = sys.argv[1], sys.argv[2]
name, body = None, []
def flush():
    if name and re.search(r"GemmPrequantMma|GemmFusedQuantKernel|GemmSplitKSmallMKernel", name):
        print(who, len(body), hashlib.md5("\n".join(body).encode()).hexdigest()[:12], name)
for line in open(path):
    m = re.search(r"Function : (\S+)", line)
    if m:
        flush(); name, body = m.group(1), []
        continue
    m = re.match(r"\s+/\*[0-9a-f]+\*/\s+(.*?)\s*(/\*.*)?$", line)
    if m: body.append(m.group(1))
flush()
PY
}
sass_hashes base .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark > "$O/sass_base.txt"
sass_hashes final "$Q/mxfp4.gpu.gemm.gemm_paths_benchmark" > "$O/sass_final.txt"
python3 - "$O/sass_base.txt" "$O/sass_final.txt" <<'PY' | tee "$O/sass_compare.txt"
import sys
def load(path):
    return {line.split()[3]: tuple(line.split()[1:3]) for line in open(path)}
base, fin = load(sys.argv[1]), load(sys.argv[2])
same = [k for k in fin if k in base and base[k][1] == fin[k][1]]
print(f"kernels: base {len(base)}, final {len(fin)}, identical SASS {len(same)}")
for k in sorted(set(base) | set(fin)):
    if k in same: continue
    print("differs:", k[:160], "base", base.get(k, ("-",))[0], "final", fin.get(k, ("-",))[0])
PY
st sass
C="256x3072x1536:auto:auto:0,192x3072x1536:auto:auto:0,128x7168x2048:auto:auto:0,256x4096x512:auto:auto:0"
C="$C,48x4096x512:auto:auto:0,96x4096x1024:auto:auto:0,256x2048x1024:auto:auto:0,384x3072x1536:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0,16x1024x7168:auto:auto:0,32x4096x512:auto:auto:0,4x2880x512:auto:auto:0"
C="$C,16x2112x7168:auto:auto:0,1024x4096x512:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=3 "$C" "$V" > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
OUT="$O/abc" REPS=2 timeout 380 bash tools/device/ab_contest.sh --test_timeout=200 "$V" > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
tail -6 "$O/abc/${V}_tests_summary.txt" 2>/dev/null
python3 tools/device/compare_contest.py "$O"/abc/*_base_contest.json "$O"/abc/*_"${V}"_contest.json 2>&1 | tail -20
F="GemmPath.WarpSpecializedRingTiles:GemmPath.RingTilesOnGridsOfSeveralWaves:GemmPath.ContestShapes*"
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
