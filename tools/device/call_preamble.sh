#!/usr/bin/env bash
# File: tools/device/call_preamble.sh
#
# The common start of a device-call script (docs/gpu.md "Call scripts"),
# sourced from the repository root on the GPU machine:
#   source tools/device/call_preamble.sh NAME [VARIANT ...]
# It sets
#   O            "$OUT/NAME", created: the call's output directory;
#   st MSG       a step line "[<seconds since start>s] MSG" into $O/steps.log and stdout;
#   CS           compute-sanitizer's path (empty when there is none);
#   LD_LIBRARY_PATH  the staged libraries, then CUDA's;
# unpacks .device-pack/stage.tar.xz (when present) into .device/ and each
# .device-pack/VARIANT.tar.xz into /tmp/v (binaries under /tmp/v/VARIANT/),
# and defines finish_call, which tars $O into $OUT/NAME.tar.xz and removes $O
# (one file comes back from the device tool, whatever the call wrote),
# run_test / sanitize (below: a test binary, compute-sanitizer tools on one),
# ring_checks (the checks of a ring / ws kernel change), contest_rounds
# (the contest harness on the stage), split_checks (the checks of a K-split
# combine change) and ab_means (only_ab.sh, below).
# Why: every session-15..18 call script repeated these lines by hand.

call_name="${1:?usage: source tools/device/call_preamble.sh NAME [VARIANT ...]}"
shift
: "${OUT:?OUT must be set (the device tool sets it)}"
O="$OUT/$call_name"
mkdir -p "$O"
call_t0=$(date +%s)
st() { echo "[$(( $(date +%s) - call_t0 ))s] $*" | tee -a "$O/steps.log"; }
if [[ -f .device-pack/stage.tar.xz ]]; then
  tar -xJf .device-pack/stage.tar.xz || { echo "call_preamble: cannot unpack the stage" >&2; return 2; }
fi
export LD_LIBRARY_PATH="$PWD/.device/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# A variant pack holds its binaries only; their libraries (libabsl, ...) come
# with the stage (session 75: a call that carried a variant alone could not
# start its tests).
if (( $# > 0 )) && [[ ! -d .device/lib ]]; then
  echo "call_preamble: variant packs need the stage's .device/lib:" \
    "carry .device-pack/stage.tar.xz (full or slim_stage.sh's) beside them" >&2
  return 2
fi
for v in "$@"; do
  mkdir -p /tmp/v
  tar -xJf ".device-pack/$v.tar.xz" -C /tmp/v || { echo "call_preamble: no variant $v" >&2; return 2; }
done
CS="$(command -v compute-sanitizer || { ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1; } || true)"
finish_call() { tar -C "$OUT" -cJf "$OUT/$call_name.tar.xz" "$call_name" && rm -rf "$O"; }
# run_test NAME LIMIT BIN [ARGS ...]: a test binary under `timeout LIMIT`, its
# output in $O/NAME.log (the exit status appended as rc=N), a step line with
# gtest's PASSED/FAILED lines and the status, and the first failures on stdout.
run_test() {
  local name="$1" limit="$2"
  shift 2
  local rc=0
  timeout "$limit" "$@" >"$O/$name.log" 2>&1 || rc=$?
  echo "rc=$rc" >>"$O/$name.log"
  st "$name: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/$name.log" | paste -sd' ')"
  grep -E "FAILED  \]|Failure" -A6 "$O/$name.log" | head -30 || true
}
# sanitize LIMIT FILTER BIN [TOOL ...]: compute-sanitizer TOOL (default
# racecheck memcheck) on BIN's tests matching FILTER at MXFP4_TEST_SCALE=small,
# each under `timeout LIMIT`, into $O/TOOL.<binary>.log; a step line with the
# exit status (9: errors found) and the log's last two lines. Nothing where
# there is no compute-sanitizer ($CS empty). $MXFP4_SANITIZER_ARGS: more
# compute-sanitizer options, split at spaces (e.g. "--num-cuda-barriers
# 65536": session 74's synccheck ran out of tracked barriers).
sanitize() {
  local limit="$1" filter="$2" bin="$3" tool log
  shift 3
  (( $# > 0 )) || set -- racecheck memcheck
  [[ -n "$CS" ]] || { st "sanitize: no compute-sanitizer"; return 0; }
  local -a extra
  read -ra extra <<<"${MXFP4_SANITIZER_ARGS:-}"
  for tool in "$@"; do
    log="$O/$tool.$(basename "$bin").log"
    local rc=0
    MXFP4_TEST_SCALE=small timeout "$limit" "$CS" --tool "$tool" --error-exitcode 9 \
      "${extra[@]}" "$bin" --gtest_filter="$filter" >"$log" 2>&1 || rc=$?
    st "$tool $(basename "$bin") rc=$rc"
    tail -2 "$log"
  done
}
# device_checks DIR LIMIT SAN_TEST SAN_FILTER: DIR's quant_then_mma_test,
# gemm_api_test, splitk_small_m_test and fused_quant_test (those present, as
# mxfp4.gpu.gemm.<name>) in full through run_test, and racecheck and memcheck
# of SAN_TEST's tests matching SAN_FILTER through sanitize, all at once (the
# GPU runs them side by side), each under `timeout LIMIT`. Returns when all
# are done (it waits for every background job of the shell).
device_checks() {
  local dir="$1" limit="$2" filter="$4" b
  local san="$dir/mxfp4.gpu.gemm.$3"
  for b in quant_then_mma_test gemm_api_test splitk_small_m_test fused_quant_test; do
    if [[ -x "$dir/mxfp4.gpu.gemm.$b" ]]; then
      run_test "$b" "$limit" "$dir/mxfp4.gpu.gemm.$b" &
    fi
  done
  if [[ -x "$san" ]]; then
    sanitize "$limit" "$filter" "$san" racecheck &
    sanitize "$limit" "$filter" "$san" memcheck &
  fi
  wait
}
# ring_checks DIR [LIMIT]: the checks of a change to the ring or ws kernels
# (LIMIT default 240): device_checks with quant_then_mma_test's tests matching
# RING_CHECK_FILTER (the ring, ws, persistent, contest and edge tests)
# sanitized. fused_checks DIR [LIMIT]: those of a change to the fused
# (streaming) kernels: device_checks with all of fused_quant_test sanitized.
# Why: sessions 58-64 wrote these lines into each call script.
RING_CHECK_FILTER="GemmPath.*Ring*:GemmPath.ContestShapes*:GemmPath.TinyAndOddShapes:GemmPath.EveryTile"
RING_CHECK_FILTER="$RING_CHECK_FILTER:GemmPath.MSweep:GemmPath.SmallLayers*:GemmPath.PersistentGrid"
ring_checks() { device_checks "$1" "${2:-240}" quant_then_mma_test "$RING_CHECK_FILTER"; }
fused_checks() { device_checks "$1" "${2:-240}" fused_quant_test "*"; }
# split_checks DIR [LIMIT]: those of a change to the K-split combines (LIMIT
# default 100): DIR's splitk_small_m_test in full and quant_then_mma_test
# without its ring / ws cases through run_test, memcheck and racecheck of both
# binaries' cases that launch K-split clusters (SPLIT_CHECK_FILTER; their
# EveryTile and SmallLayers cases take racecheck longer than a call) through
# sanitize, all at once. Why: session 75's call scripts wrote these lines
# twice, as session 74's had.
SPLIT_CHECK_FILTER="*ContestShapes*:*MidLayers*:*ShortChunkClusters*:*TinyAndOdd*"
split_checks() {
  local dir="$1" limit="${2:-100}" b tool
  run_test splitk_small_m_test "$limit" "$dir/mxfp4.gpu.gemm.splitk_small_m_test" &
  run_test quant_then_mma_test "$limit" "$dir/mxfp4.gpu.gemm.quant_then_mma_test" \
    --gtest_filter="-*Ring*:*WarpSpecialized*" &
  for b in splitk_small_m_test quant_then_mma_test; do
    for tool in memcheck racecheck; do
      sanitize "$limit" "$SPLIT_CHECK_FILTER" "$dir/mxfp4.gpu.gemm.$b" "$tool" &
    done
  done
  wait
}
# contest_rounds ROUNDS [LIMIT]: the contest harness (run_all.sh
# --bench=contest, on the stage in .device/) ROUNDS times, each under
# `timeout LIMIT` (default 100) into $O/contest<r>/, with a step line per
# round and the rows of mxfp4's auto dispatch and cuBLAS bf16 (graph replay and
# L2 flushed) on stdout. Why: sessions 66-72 wrote this loop into each script.
contest_rounds() {
  local rounds="$1" limit="${2:-100}" r rc
  for (( r = 1; r <= rounds; ++r )); do
    mkdir -p "$O/contest$r"
    rc=0
    OUT="$O/contest$r" timeout "$limit" bash tools/device/run_all.sh --bench=contest \
      >"$O/contest$r/run_all.log" 2>&1 || rc=$?
    st "contest $r rc=$rc"
    grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/contest$r/bench.log" \
      2>/dev/null | cut -c1-100 || true
  done
}
# contest_ab REPS LIMIT VARIANT...: tools/device/ab_contest.sh (the contest
# harness for the stage and each variant's gemm_benchmark, interleaved, REPS
# rounds) under `timeout LIMIT` into $O/contest/, a step line, then
# compare_contest.py's tables of mxfp4's auto rows and of cuBLAS bf16's over
# the JSONs that came back. Why: session 76's calls 2 and 3 wrote these lines.
contest_ab() {
  local reps="$1" limit="$2" rc=0
  shift 2
  mkdir -p "$O/contest"
  OUT="$O/contest" REPS="$reps" timeout "$limit" bash tools/device/ab_contest.sh "$@" \
    >"$O/contest/ab_contest.log" 2>&1 || rc=$?
  st "ab_contest rc=$rc"
  local row
  for row in mxfp4_auto cublas_bf16; do
    python3 tools/device/compare_contest.py --row="$row" "$O"/contest/*_contest.json 2>&1 || true
  done
}
# ab_means REPS LIMIT CONFIGS [VARIANT ...]: the GPU's name and clock into
# the step log, then tools/device/only_ab.sh --reps=REPS CONFIGS VARIANT...
# (the stage against the variants) under `timeout LIMIT` into $O/ab.log, a
# step line with its status and its "--- means over rounds" lines on stdout.
# Why: sessions 68-73 wrote these lines into each script.
ab_means() {
  local reps="$1" limit="$2" configs="$3" rc=0
  shift 3
  { nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader 2>&1 || true; } |
    tee -a "$O/steps.log"
  timeout "$limit" bash tools/device/only_ab.sh --reps="$reps" "$configs" "$@" >"$O/ab.log" 2>&1 ||
    rc=$?
  st "ab rc=$rc"
  sed -n '/^--- means/,$p' "$O/ab.log"
}
