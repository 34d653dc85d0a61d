#!/usr/bin/env bash
# tools/device/ab_contest.sh: on the GPU machine, an A/B of the staged tree
# (.device-pack/stage.tar.xz, "base") against variants packed by
# tools/device/pack_variant.sh. Each variant's test binaries run alone (tests,
# plus memcheck and racecheck with --sanitize; --test_timeout=S per process,
# default 150); a variant whose tests fail or time out is timed no further
# ($OUT/ab_skipped.txt). Then the contest benchmark runs REPS times (default
# 2) for base and every remaining variant, interleaved.
# Into $OUT: <variant>_tests_summary.txt, <variant>_tests.log (and, for a
# variant that failed, <variant>_memcheck.log.xz / _racecheck.log.xz) and
# <i>_<who>_contest.json: 2 files per variant with tests plus REPS x (variants
# + 1) contest files (+ phase_clock.log), of which at most 8 come back from the device tool (copy
# them elsewhere in the command, or fewer). Compare with
# tools/device/compare_contest.py.
#
# With --phase_clock=MxNxK:path:tile:split[,...] the per-CTA phase clocks of
# those forced configurations follow, for base (the staged
# gemm_paths_benchmark) and every variant that packed
# //mxfp4/gpu/gemm:gemm_paths_benchmark, into $OUT/phase_clock.log.
# With --profile_source=CONFIGS, the same builds' Nsight Compute source views
# (run_all.sh --profile_source) into $OUT/<who>_source_<i>.csv (+ their
# profile.txt tails in $OUT/profile_source.log): tar $OUT before it comes
# back, and compare with tools/device/ncu_source_summary.py.
#
# Usage (device): [REPS=n] bash tools/device/ab_contest.sh [--sanitize] [--test_timeout=S]
#                     [--phase_clock=CONFIGS] [--profile_source=CONFIGS] v1 [v2 ...]
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
R=tools/device/run_all.sh
OUT="${OUT:-/tmp/mxfp4-device-out}"
mkdir -p "$OUT"
sanitize=()
phase_configs=""
source_configs=""
test_timeout=150
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --sanitize) sanitize=(--sanitize --sanitize_scale=small) ;;
    --phase_clock=*) phase_configs="${1#*=}" ;;
    --profile_source=*) source_configs="${1#*=}" ;;
    --test_timeout=*) test_timeout="${1#*=}" ;;
    *) echo "ab_contest: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[[ $# -ge 1 ]] || {
  echo "usage: ab_contest.sh [--sanitize] [--test_timeout=S] [--phase_clock=CONFIGS] [--profile_source=CONFIGS] variant..." >&2
  exit 2
}
work="$(mktemp -d)"
tar -xJf .device-pack/stage.tar.xz
mkdir -p "$work/base" "$work/alltests"
cp .device/bench/mxfp4.bench.gemm_benchmark "$work/base/"
mv .device/tests/* "$work/alltests/"
status=0
# A variant whose packed tests fail or time out is left out of every timing
# below: its kernels may hang (session 15: a hung variant spent 9.5 minutes of
# device time in 150 s test timeouts and 200 s benchmark timeouts), and a
# wrong kernel's time means nothing. (Timing-only probes pack no tests.)
timed=()
for v in "$@"; do
  tar -xJf ".device-pack/$v.tar.xz" -C "$work"
  rm -f .device/tests/*
  if compgen -G "$work/$v/*_test" >/dev/null; then
    cp "$work/$v/"*_test .device/tests/
    if OUT="$work/r_t_$v" MXFP4_PACK=none bash $R --tests "${sanitize[@]}" --jobs=12 \
      --timeout="$test_timeout" >/dev/null 2>&1; then
      timed+=("$v")
    else
      status=1
      echo "ab_contest: $v failed its tests: not timed" | tee -a "$OUT/ab_skipped.txt"
      # The sanitizers' reports say which test and kernel (session 22 lost two
      # racecheck failures without them); the first 4 MB of each, compressed.
      for kind in memcheck racecheck; do
        [[ -f "$work/r_t_$v/$kind.log" ]] &&
          head -c 4000000 "$work/r_t_$v/$kind.log" | xz -6 >"$OUT/${v}_$kind.log.xz"
      done
    fi
    cp "$work/r_t_$v/summary.txt" "$OUT/${v}_tests_summary.txt"
    cp "$work/r_t_$v/tests.log" "$OUT/${v}_tests.log" 2>/dev/null || true
  else
    timed+=("$v")
  fi
done
set -- ${timed[@]+"${timed[@]}"}
rm -f .device/tests/*
mv "$work/alltests/"* .device/tests/
i=0
for ((rep = 1; rep <= ${REPS:-2}; rep++)); do
  for who in base "$@"; do
    i=$((i + 1))
    cp "$work/$who/mxfp4.bench.gemm_benchmark" .device/bench/
    OUT="$work/r_$i" MXFP4_PACK=none bash $R --bench=contest --bench_timeout=200 >/dev/null 2>&1 || status=1
    cp "$work/r_$i/gemm_contest.json" "$OUT/${i}_${who}_contest.json"
  done
done
cp "$work/base/mxfp4.bench.gemm_benchmark" .device/bench/
# on_each_paths_bench <run_all.sh option> <tag> <variant...>: the option on each
# build's gemm_paths_benchmark in turn (base first; run_all.sh's library path
# and glibc fallback apply), outputs in $work/<tag>_<who>/.
paths_bench=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
on_each_paths_bench() {
  local option="$1" tag="$2" who
  shift 2
  cp "$paths_bench" "$work/base/"
  for who in base "$@"; do
    if [[ ! -x "$work/$who/mxfp4.gpu.gemm.gemm_paths_benchmark" ]]; then
      echo "== $who: no gemm_paths_benchmark packed" >>"$OUT/$tag.log"
      continue
    fi
    cp "$work/$who/mxfp4.gpu.gemm.gemm_paths_benchmark" "$paths_bench"
    OUT="$work/${tag}_$who" MXFP4_PACK=none bash $R "$option" >/dev/null 2>&1 || status=1
  done
  cp "$work/base/mxfp4.gpu.gemm.gemm_paths_benchmark" "$paths_bench"
}
if [[ -n "$phase_configs" ]]; then
  on_each_paths_bench --phase_clock="$phase_configs" phase_clock "$@"
  for who in base "$@"; do
    [[ -d "$work/phase_clock_$who" ]] || continue
    { echo "== $who"; cat "$work/phase_clock_$who/bench.log" 2>/dev/null; } >>"$OUT/phase_clock.log"
  done
fi
if [[ -n "$source_configs" ]]; then
  on_each_paths_bench --profile_source="$source_configs" profile_source "$@"
  for who in base "$@"; do
    [[ -d "$work/profile_source_$who" ]] || continue
    { echo "== $who"; cat "$work/profile_source_$who/profile.txt" 2>/dev/null; } >>"$OUT/profile_source.log"
    for f in "$work/profile_source_$who"/source_*.csv; do
      [[ -f "$f" ]] && cp "$f" "$OUT/${who}_$(basename "$f")"
    done
  done
fi
rm -rf "$work"
tail -n 14 "$OUT"/*_tests_summary.txt 2>/dev/null
exit $status
