#!/usr/bin/env bash
# Session 43 call 5: the full stage of the final tree (both quantizers' first work item placed before their
# grid-dependency wait, QuantizeAOperandKernel held to 32 registers): every GPU test binary with memcheck and
# racecheck, the contest and the sweep.
source tools/device/call_preamble.sh c5
OUT="$O/run" timeout 530 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 \
  > "$O/run_all.log" 2>&1
st "run_all rc=$?"
grep -E "PASS|FAIL" "$O/run/summary.txt" | head -40
finish_call
