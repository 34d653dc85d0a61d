#!/usr/bin/env bash
# Session 75 call 8 (carry [".device-pack"]: the pack `fin` of main 092aa00; ~430 s): racecheck of
# splitk_small_m_test's EveryTile and mid-layer cases on the final pushed-pair kernels with a limit they can meet
# (call 7's 140 s stopped inside the first test), and the SASS of streamq_n32_m16_k8_bulk's chained and pushed-pair
# kernels (TileConfigId 36): call 5 measured the pushed-pair kernel's math (ready -> math done) ~190 cycles longer
# on 16x2112x7168 with the same 109 registers (ptxas -v here), for the next session to compare.
set -u
source tools/device/call_preamble.sh c8 fin
b=/tmp/v/fin/mxfp4.gpu.gemm
(O="$O/e"; mkdir -p "$O"; sanitize 420 "*EveryTile*" "$b.splitk_small_m_test" racecheck) &
(O="$O/m"; mkdir -p "$O"; sanitize 420 "*MidLayers*:*SmallLayers*:*TinyAndOdd*" "$b.splitk_small_m_test" racecheck) &
cuobjdump="$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)"
if [[ -x "$cuobjdump" ]]; then
  "$cuobjdump" -sass "$b.quant_then_mma_test" >"$O/qtm.sass" 2>"$O/cuobjdump.err"
  python3 - "$O/qtm.sass" "$O" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
parts = re.split(r"(?=\n\s*Function : )", text)
for p in parts:
    m = re.search(r"Function : (\S+)", p)
    if m and re.search(r"TileConfigIdE36E", m.group(1)):
        tag = "pushed" if "PushedPair" in m.group(1) else "chained"
        layout = re.search(r"TileConfigIdE36E(L?b?[01]?E?)", m.group(1)).group(1) or "x"
        open(f"{sys.argv[2]}/sass_36_{tag}_{layout}.txt", "w").write(p)
PY
  rm -f "$O/qtm.sass"
  st "sass: $(ls "$O" | grep -c '^sass_36') kernels"
else
  st "no cuobjdump"
fi
wait
finish_call
