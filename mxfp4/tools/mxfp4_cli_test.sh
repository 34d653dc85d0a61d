#!/usr/bin/env bash
# File: mxfp4/tools/mxfp4_cli_test.sh
#
# End-to-end test of the real `mxfp4` binary as a user runs it (docs/cli.md):
# exit codes through a real process, --help everywhere, the three-command
# validation example of the user guide on the shared gemm vectors, a prepared
# weight image round trip, a small `run`, and bad input. The in-process
# cc_tests cover the details.
set -uo pipefail

MXFP4="${TEST_SRCDIR}/mxfp4/mxfp4/tools/mxfp4"
DATA="${TEST_SRCDIR}/mxfp4/testdata"
TMP="${TEST_TMPDIR:-/tmp}/mxfp4_cli_test"
mkdir -p "$TMP"
failures=0

# expect CODE DESCRIPTION -- COMMAND...: runs COMMAND, checks its exit code.
expect() {
  local want="$1" what="$2"
  shift 3
  "$@" >"$TMP/out" 2>"$TMP/err"
  local got=$?
  if [[ "$got" != "$want" ]]; then
    echo "FAIL: $what: exit $got, want $want: $*"
    echo "--- stdout:"; cat "$TMP/out"; echo "--- stderr:"; cat "$TMP/err"
    failures=$((failures + 1))
  fi
}

# expect_in FILE TEXT DESCRIPTION: FILE contains TEXT.
expect_in() {
  if ! grep -qF -- "$2" "$1"; then
    echo "FAIL: $3: '$2' not in $1:"; cat "$1"
    failures=$((failures + 1))
  fi
}

# --help for the tool and every subcommand.
expect 0 "top-level help" -- "$MXFP4" --help
for cmd in quantize dequantize shuffle-scales unshuffle-scales preshuffle-b unpreshuffle-b \
           prepare-b unprepare-b gemm compare run plan int-accumulation; do
  expect 0 "$cmd --help" -- "$MXFP4" "$cmd" --help
  expect_in "$TMP/out" "usage: mxfp4 $cmd" "$cmd --help"
  expect 2 "$cmd unknown flag" -- "$MXFP4" "$cmd" --frobnicate=1
  expect_in "$TMP/err" "unknown flag --frobnicate" "$cmd unknown flag"
done
expect 2 "no command" -- "$MXFP4"

# The user guide's three-command validation, on each shared gemm vector:
# quantize A, the ideal GEMM, compare bit for bit with the reference C.
for s in 16x64x256 33x48x512 4x96x1024; do
  expect 0 "quantize $s" -- "$MXFP4" quantize --input="$DATA/gemm_${s}_A_bf16bits.npy" \
    --output_data="$TMP/Aq.npy" --output_scales="$TMP/As.npy"
  expect 0 "gemm $s" -- "$MXFP4" gemm --a_data="$TMP/Aq.npy" --a_scales="$TMP/As.npy" \
    --b_data="$DATA/gemm_${s}_Bq.npy" --b_scales="$DATA/gemm_${s}_Bs.npy" \
    --contract=ideal --output_dtype=f32 --output="$TMP/C.npy"
  expect 0 "compare $s" -- "$MXFP4" compare --expected="$DATA/gemm_${s}_C_ideal_f32.npy" \
    --actual="$TMP/C.npy" --exact
  expect_in "$TMP/out" "PASS" "compare $s"
  # The bf16 block_fma result is close to the ideal one but not bit-exact.
  expect 0 "gemm bf16 $s" -- "$MXFP4" gemm --a_data="$TMP/Aq.npy" --a_scales="$TMP/As.npy" \
    --b_data="$DATA/gemm_${s}_Bq.npy" --b_scales="$DATA/gemm_${s}_Bs.npy" \
    --output="$TMP/C_bf16.npy" --backend=emu
  expect 0 "compare bf16 within tolerance $s" -- "$MXFP4" compare \
    --expected="$DATA/gemm_${s}_C_ideal_f32.npy" --actual="$TMP/C_bf16.npy"
  expect 1 "compare bf16 --exact fails $s" -- "$MXFP4" compare \
    --expected="$DATA/gemm_${s}_C_ideal_f32.npy" --actual="$TMP/C_bf16.npy" --exact
  expect_in "$TMP/out" "FAIL" "compare bf16 --exact $s"
done

# The prepared weight image and back: the natural B again, and the image of
# that B identical to the first (docs/cli.md "Prepared weight images").
B="$DATA/gemm_33x48x512"
expect 0 "prepare-b" -- "$MXFP4" prepare-b --b_data="${B}_Bq.npy" --b_scales="${B}_Bs.npy" \
  --output_data="$TMP/P.npy" --output_scales="$TMP/Ps.npy"
expect 0 "unprepare-b" -- "$MXFP4" unprepare-b --data="$TMP/P.npy" --scales="$TMP/Ps.npy" \
  --rows=48 --output_data="$TMP/Bq.npy" --output_scales="$TMP/Bs.npy"
expect 0 "prepare-b again" -- "$MXFP4" prepare-b --b_data="$TMP/Bq.npy" --b_scales="$TMP/Bs.npy" \
  --output_data="$TMP/P2.npy" --output_scales="$TMP/Ps2.npy"
expect 0 "same image" -- cmp "$TMP/P.npy" "$TMP/P2.npy"
expect 0 "same image scales" -- cmp "$TMP/Ps.npy" "$TMP/Ps2.npy"
expect 2 "unprepare-b with a wrong --rows" -- "$MXFP4" unprepare-b --data="$TMP/P.npy" \
  --scales="$TMP/Ps.npy" --rows=130 --output_data="$TMP/Bq.npy" --output_scales="$TMP/Bs.npy"
expect_in "$TMP/err" "--data: $TMP/P.npy" "unprepare-b with a wrong --rows"

# The main job on small shapes.
expect 0 "run small shapes" -- "$MXFP4" run --shapes=16x64x256,4x2880x512 --seed=5
expect_in "$TMP/out" "all checks passed (2 shapes)" "run small shapes"
expect_in "$TMP/out" "4x2880x512" "run small shapes"
expect 1 "run with zero tolerance" -- "$MXFP4" run --shapes=16x64x256 --atol=0 --rtol=0

# Bad input through a real process.
head -c 100 "$DATA/gemm_16x64x256_A_bf16bits.npy" >"$TMP/truncated.npy"
expect 2 "truncated input" -- "$MXFP4" quantize --input="$TMP/truncated.npy" \
  --output_data="$TMP/q.npy" --output_scales="$TMP/s.npy"
expect_in "$TMP/err" "truncated" "truncated input"
expect 2 "missing file" -- "$MXFP4" compare --expected="$TMP/nope.npy" --actual="$TMP/C.npy"
expect_in "$TMP/err" "$TMP/nope.npy" "missing file"

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
