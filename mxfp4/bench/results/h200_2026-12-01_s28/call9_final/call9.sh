#!/usr/bin/env bash
# session 28 call 9: the final tree (decode kernels m64n8k32 / m64n16k32 / m64n32k32, the decode and small-layer
# rules): every GPU test binary with memcheck and racecheck, the contest benchmark set.
set -u
source tools/device/call_preamble.sh c9
st run_all
OUT="$O/run" timeout 420 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st done
tail -22 "$O/run_all.log"
finish_call
