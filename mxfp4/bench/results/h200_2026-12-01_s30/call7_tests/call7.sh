#!/usr/bin/env bash
# session 30 call 7: the final tree (host-only changes since call 4: the 8-row rule of call 6, the long-K rule
# leaving weights of 24 Mi elements to the decode rule, docs): every GPU test binary once, no sanitizers.
source tools/device/call_preamble.sh c7
OUT="$O/run" timeout 300 bash tools/device/run_all.sh --tests --timeout=200 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
