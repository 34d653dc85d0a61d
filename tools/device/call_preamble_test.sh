#!/usr/bin/env bash
# File: tools/device/call_preamble_test.sh
#
# call_preamble.sh without a GPU: a variant pack without a stage is refused;
# in a scratch tree with a stage pack and a variant pack, sourcing it must
# unpack both, set O / LD_LIBRARY_PATH, log steps, and finish_call must leave
# exactly $OUT/NAME.tar.xz holding the step log; run_test and sanitize log a
# test binary and compute-sanitizer runs (stand-ins here) with their status;
# split_checks runs the K-split checks; contest_rounds runs the contest harness
# (a stand-in) per round, contest_ab ab_contest.sh and compare_contest.py
# (stand-ins), ab_means only_ab.sh (a stand-in).
set -euo pipefail
command -v xz >/dev/null || { echo "skipped: no xz on this machine (the packs are tar.xz)"; exit 0; }
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/call_preamble.sh" ]] || here="$(dirname "$0")"
t="${TEST_TMPDIR:-$(mktemp -d)}/tree"
rm -rf "$t" /tmp/v/cp_test_variant
mkdir -p "$t/tools/device" "$t/.device-pack" "$t/out" "$t/src/.device/lib" "$t/src/cp_test_variant"
cp "$here/call_preamble.sh" "$t/tools/device/"
fail() { echo "FAIL: $*"; exit 1; }
echo lib >"$t/src/.device/lib/libx.so"
echo bin >"$t/src/cp_test_variant/some_test"
tar -C "$t/src" -cJf "$t/.device-pack/stage.tar.xz" .device
tar -C "$t/src" -cJf "$t/.device-pack/cp_test_variant.tar.xz" cp_test_variant
# A variant without a stage (no .device/lib) is refused: its binaries could
# not load their libraries.
t0="${TEST_TMPDIR:-$(mktemp -d)}/no_stage"
rm -rf "$t0" && mkdir -p "$t0/tools/device" "$t0/.device-pack" "$t0/out"
cp "$here/call_preamble.sh" "$t0/tools/device/"
cp "$t/.device-pack/cp_test_variant.tar.xz" "$t0/.device-pack/"
rc=0
msg="$(cd "$t0" && OUT="$t0/out" &&
  source tools/device/call_preamble.sh c0 cp_test_variant 2>&1)" || rc=$?
[[ $rc -eq 2 && "$msg" == *"need the stage's .device/lib"* ]] ||
  fail "variant without a stage: rc=$rc $msg"
cd "$t"
OUT="$t/out"
# shellcheck source=/dev/null
source tools/device/call_preamble.sh c9 cp_test_variant
[[ "$O" == "$t/out/c9" && -d "$O" ]] || fail "O is $O"
[[ -f .device/lib/libx.so ]] || fail "stage not unpacked"
[[ -f /tmp/v/cp_test_variant/some_test ]] || fail "variant not unpacked"
[[ "$LD_LIBRARY_PATH" == "$t/.device/lib:/usr/local/cuda/lib64"* ]] || fail "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
st "step one" >/dev/null
grep -q '^\[[0-9]*s\] step one$' "$O/steps.log" || fail "steps.log: $(cat "$O/steps.log")"
# run_test: the binary's output and status in $O/NAME.log, a step line with
# gtest's summary; sanitize: each tool on the binary with the filter, at the
# small test scale, logged per tool (a stand-in compute-sanitizer echoes its
# arguments and exits 9 for racecheck).
printf '#!/usr/bin/env bash\necho "[  PASSED  ] 3 tests."\nexit 0\n' >"$t/fake_test"
chmod +x "$t/fake_test"
run_test fake 10 "$t/fake_test" --gtest_filter='*X*' >/dev/null
grep -q '^rc=0$' "$O/fake.log" || fail "fake.log: $(cat "$O/fake.log")"
grep -q '\] fake: \[  PASSED  \] 3 tests. rc=0$' "$O/steps.log" || fail "steps: $(cat "$O/steps.log")"
printf '#!/usr/bin/env bash\necho "scale=$MXFP4_TEST_SCALE args=$*"\n[[ "$2" != racecheck ]]\n[[ $? == 0 ]] || exit 9\n' >"$t/fake_cs"
chmod +x "$t/fake_cs"
CS="$t/fake_cs"
sanitize 10 'A.*' "$t/fake_test" >/dev/null
grep -q '^scale=small args=--tool racecheck --error-exitcode 9 .*/fake_test --gtest_filter=A\.\*$' \
  "$O/racecheck.fake_test.log" || fail "racecheck log: $(cat "$O/racecheck.fake_test.log")"
grep -q 'racecheck fake_test rc=9$' "$O/steps.log" || fail "racecheck status: $(cat "$O/steps.log")"
grep -q 'memcheck fake_test rc=0$' "$O/steps.log" || fail "memcheck status: $(cat "$O/steps.log")"
MXFP4_SANITIZER_ARGS="--num-cuda-barriers 65536" sanitize 10 'A.*' "$t/fake_test" synccheck >/dev/null
grep -q '^scale=small args=--tool synccheck --error-exitcode 9 --num-cuda-barriers 65536 .*/fake_test --gtest_filter=A\.\*$' \
  "$O/synccheck.fake_test.log" || fail "synccheck log: $(cat "$O/synccheck.fake_test.log")"
# ring_checks: the test binaries present in DIR through run_test, racecheck and
# memcheck of quant_then_mma_test with RING_CHECK_FILTER through sanitize.
mkdir -p "$t/ring"
cp "$t/fake_test" "$t/ring/mxfp4.gpu.gemm.quant_then_mma_test"
cp "$t/fake_test" "$t/ring/mxfp4.gpu.gemm.gemm_api_test"
ring_checks "$t/ring" 10 >/dev/null
for n in quant_then_mma_test gemm_api_test; do
  grep -q "\] $n: \[  PASSED  \] 3 tests. rc=0$" "$O/steps.log" || fail "ring_checks $n: $(cat "$O/steps.log")"
done
[[ ! -e "$O/splitk_small_m_test.log" ]] || fail "ring_checks ran a missing binary"
grep -qF -- "quant_then_mma_test --gtest_filter=$RING_CHECK_FILTER" \
  "$O/racecheck.mxfp4.gpu.gemm.quant_then_mma_test.log" || fail "ring_checks racecheck"
grep -q 'memcheck mxfp4.gpu.gemm.quant_then_mma_test rc=0$' "$O/steps.log" || fail "ring_checks memcheck"
# fused_checks: the same with all of fused_quant_test sanitized.
mkdir -p "$t/fused"
cp "$t/fake_test" "$t/fused/mxfp4.gpu.gemm.fused_quant_test"
fused_checks "$t/fused" 10 >/dev/null
grep -q "\] fused_quant_test: \[  PASSED  \] 3 tests. rc=0$" "$O/steps.log" || fail "fused_checks run"
grep -qF -- "fused_quant_test --gtest_filter=*" "$O/memcheck.mxfp4.gpu.gemm.fused_quant_test.log" ||
  fail "fused_checks memcheck"
grep -q 'racecheck mxfp4.gpu.gemm.fused_quant_test rc=9$' "$O/steps.log" || fail "fused_checks racecheck"
# split_checks: splitk_small_m_test in full, quant_then_mma_test without its
# ring / ws cases, both under memcheck and racecheck with SPLIT_CHECK_FILTER.
mkdir -p "$t/split"
printf '#!/usr/bin/env bash\necho "[  PASSED  ] 2 tests. args=$*"\n' >"$t/split/mxfp4.gpu.gemm.splitk_small_m_test"
cp "$t/split/mxfp4.gpu.gemm.splitk_small_m_test" "$t/split/mxfp4.gpu.gemm.quant_then_mma_test"
chmod +x "$t/split/"*
split_checks "$t/split" 10 >/dev/null
grep -q '^\[  PASSED  \] 2 tests. args=--gtest_filter=-\*Ring\*:\*WarpSpecialized\*$' \
  "$O/quant_then_mma_test.log" || fail "split_checks quant_then_mma_test: $(cat "$O/quant_then_mma_test.log")"
grep -q '^\[  PASSED  \] 2 tests. args=$' "$O/splitk_small_m_test.log" ||
  fail "split_checks splitk_small_m_test: $(cat "$O/splitk_small_m_test.log")"
for b in splitk_small_m_test quant_then_mma_test; do
  grep -qF -- "$b --gtest_filter=$SPLIT_CHECK_FILTER" "$O/memcheck.mxfp4.gpu.gemm.$b.log" ||
    fail "split_checks memcheck $b"
  grep -q "racecheck mxfp4.gpu.gemm.$b rc=9$" "$O/steps.log" || fail "split_checks racecheck $b"
done
# contest_rounds: run_all.sh --bench=contest per round into $O/contest<r>/
# (a stand-in writes a bench.log), its auto / cuBLAS bf16 rows on stdout.
cat >"$t/tools/device/run_all.sh" <<'RUN_ALL'
#!/usr/bin/env bash
[[ "$1" == --bench=contest ]] || exit 3
printf '%s\n' "contest/1x2048x4096/mxfp4_auto/graph 5.1 us" "contest/1x2048x4096/other/graph 9 us" \
  "contest/1x2048x4096/cublas_bf16/l2flush 6.0 us" >"$OUT/bench.log"
RUN_ALL
contest_rounds 2 10 >"$t/contest.txt"
for r in 1 2; do
  [[ -f "$O/contest$r/bench.log" && -f "$O/contest$r/run_all.log" ]] || fail "contest round $r files"
  grep -q "\] contest $r rc=0$" "$O/steps.log" || fail "contest round $r step"
done
[[ "$(grep -c mxfp4_auto/graph "$t/contest.txt")" == 2 ]] || fail "contest rows: $(cat "$t/contest.txt")"
grep -q cublas_bf16/l2flush "$t/contest.txt" || fail "contest cuBLAS row"
! grep -q other/graph "$t/contest.txt" || fail "contest printed other rows"
# contest_ab: ab_contest.sh (a stand-in writing two JSONs) with REPS and the
# variants, its log in $O/contest/, a step line, compare_contest.py (a
# stand-in) once for mxfp4's rows and once for cuBLAS bf16's over the JSONs.
cat >"$t/tools/device/ab_contest.sh" <<'AB_CONTEST'
#!/usr/bin/env bash
echo "reps=$REPS args=$*"
echo '{}' >"$OUT/1_base_contest.json"
echo '{}' >"$OUT/2_v1_contest.json"
AB_CONTEST
cat >"$t/tools/device/compare_contest.py" <<'COMPARE'
import os, sys
print("compare " + " ".join(os.path.basename(a) for a in sys.argv[1:]))
COMPARE
contest_ab 2 10 v1 >"$t/contest_ab.txt"
grep -qx 'reps=2 args=v1' "$O/contest/ab_contest.log" || fail "ab_contest.log: $(cat "$O/contest/ab_contest.log")"
grep -q '\] ab_contest rc=0$' "$O/steps.log" || fail "ab_contest step"
grep -qx 'compare --row=mxfp4_auto 1_base_contest.json 2_v1_contest.json' "$t/contest_ab.txt" ||
  fail "contest_ab mxfp4 table: $(cat "$t/contest_ab.txt")"
grep -qx 'compare --row=cublas_bf16 1_base_contest.json 2_v1_contest.json' "$t/contest_ab.txt" ||
  fail "contest_ab cuBLAS table: $(cat "$t/contest_ab.txt")"
# ab_means: only_ab.sh (a stand-in) with the reps, configs and variants,
# its log in $O/ab.log, a step line, the means lines on stdout.
cat >"$t/tools/device/only_ab.sh" <<'ONLY_AB'
#!/usr/bin/env bash
echo "args=$*"
printf '%s\n' "=== base (round 1)" "--- means over rounds" "base 1x2048x4096 5.1"
ONLY_AB
ab_means 3 10 "1x2048x4096:auto:auto:0" v1 v2 >"$t/ab.txt"
grep -qx 'args=--reps=3 1x2048x4096:auto:auto:0 v1 v2' "$O/ab.log" || fail "ab.log: $(cat "$O/ab.log")"
grep -q '\] ab rc=0$' "$O/steps.log" || fail "ab step: $(cat "$O/steps.log")"
grep -qx 'base 1x2048x4096 5.1' "$t/ab.txt" || fail "ab means: $(cat "$t/ab.txt")"
! grep -q '=== base' "$t/ab.txt" || fail "ab printed the runs"
CS=""
sanitize 10 'A.*' "$t/fake_test" >/dev/null
grep -q 'sanitize: no compute-sanitizer$' "$O/steps.log" || fail "no-sanitizer step"
finish_call
[[ ! -e "$O" ]] || fail "O left behind"
[[ "$(ls "$t/out")" == "c9.tar.xz" ]] || fail "out holds $(ls "$t/out")"
# (listed into a file: grep -q on a pipe could end tar with SIGPIPE under pipefail)
tar -tJf "$t/out/c9.tar.xz" >"$t/list.txt"
grep -q '^c9/steps.log$' "$t/list.txt" || fail "tar lacks c9/steps.log"
rm -rf /tmp/v/cp_test_variant
echo PASS
