#!/usr/bin/env bash
# Session 66 call 5. Carry [".device-pack"]: the stage of fa11b4c (main before the session) and variant final
# (main 5aad684: the landed per-layout fold kernels, call 4's land2, plus gemm_path_test's new case - every
# streaming tile with preshuffled data and natural scales). ab_contest.sh final: final's tests (fused_quant,
# splitk_small_m, quant_then_mma, gemm_api), then the contest harness for base and final, one round each.
set -u
source tools/device/call_preamble.sh c5
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
OUT="$O/abc" REPS=1 timeout 400 bash tools/device/ab_contest.sh --test_timeout=200 final > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
tail -9 "$O/abc/final_tests_summary.txt" 2>/dev/null
python3 tools/device/compare_contest.py "$O"/abc/*_base_contest.json "$O"/abc/*_final_contest.json 2>&1 | tail -20
cat "$O/steps.log"
finish_call
