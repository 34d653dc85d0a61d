#!/usr/bin/env bash
# Session 66 call 4. Carry [".device-pack"]: the stage of fa11b4c (main) and variant land2 (the change to land:
# per-layout kernels and the index assumptions in the fold streaming tiles alone, HasStreamLayoutKernels).
# Steps: SASS of every fused / split-K kernel, base against land2 (a hash of each kernel's instructions: the
# kernels of the other tiles should be unchanged), only_ab base / land2 (3 rounds), ab_contest.sh land2 (its
# tests, then the contest harness, 2 rounds), racecheck + memcheck of land2's fused_quant_test.
set -u
source tools/device/call_preamble.sh c4 land2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/land2
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
sass_hashes() {  # who binary: "<who> <instructions> <md5 of the instruction text> <kernel>" per fused / split-K kernel
  cuobjdump -sass "$2" > /tmp/sass_$1.txt 2>/dev/null
  python3 - "$1" /tmp/sass_$1.txt <<'PY'
import hashlib, re, sys
who, path = sys.argv[1], sys.argv[2]
name, body = None, []
def flush():
    if name and re.search(r"GemmFusedQuantKernel|GemmSplitKSmallMKernel", name):
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
sass_hashes land2 "$Q/mxfp4.gpu.gemm.gemm_paths_benchmark" > "$O/sass_land2.txt"
python3 - "$O/sass_base.txt" "$O/sass_land2.txt" <<'PY' | tee "$O/sass_compare.txt"
import re, sys
def load(path):
    kernels = {}
    for line in open(path):
        who, n, h, name = line.split()
        form = "contest" if "ELb1E" in name else "any"
        kernels[(re.sub(r"ELb[01]E", "E", name), form)] = (n, h)
    return kernels
base, land = load(sys.argv[1]), load(sys.argv[2])
same = [k for k in land if k in base and base[k][1] == land[k][1]]
print(f"kernels: base {len(base)}, land2 {len(land)}, identical SASS {len(same)}")
for k in sorted(set(base) | set(land)):
    if k in same: continue
    tile = re.search(r"(GemmFusedQuantKernel|GemmSplitKSmallMKernel).*?TileConfigIdE(\d+)", k[0])
    print(tile.group(1) if tile else k[0], tile.group(2) if tile else "", k[1],
          "base", base.get(k, ("-", "-"))[0], "land2", land.get(k, ("-", "-"))[0])
PY
st sass
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,8x1024x1024:auto:auto:0,8x2112x7168:auto:auto:0"
timeout 130 bash tools/device/only_ab.sh --reps=3 "$C" land2 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
OUT="$O/abc" REPS=2 timeout 330 bash tools/device/ab_contest.sh land2 > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
tail -9 "$O/abc/land2_tests_summary.txt" 2>/dev/null
python3 tools/device/compare_contest.py "$O"/abc/*_base_contest.json "$O"/abc/*_land2_contest.json 2>&1 | tail -20
sanitize 100 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test"
cat "$O/steps.log"
finish_call
