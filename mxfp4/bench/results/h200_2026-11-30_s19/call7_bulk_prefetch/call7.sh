#!/usr/bin/env bash
# session 19 call 7: "bpf" (7f59138 + one bulk L2 prefetch per 16-row group / row and per 32-row scale chunk, two
# stages ahead) against the staged f2a5ab3: quant_then_mma_test + gemm_api_test with memcheck and racecheck,
# contest x2, phase clocks of the ws tiles.
set -u
source tools/device/call_preamble.sh c7
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 540 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P bpf > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/bpf_tests_summary.txt" 2>/dev/null | grep -E "PASS|FAIL"
grep -E '^=====|^only|ready -> math' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
