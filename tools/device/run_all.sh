#!/usr/bin/env bash
# tools/device/run_all.sh: on the GPU machine, from the repo root, run what
# tools/device/stage.sh put into .device/:
#   1. every GPU test (MXFP4_REQUIRE_GPU=1: a skipped GPU test is a failure),
#   2. compute-sanitizer memcheck and racecheck on each GPU test
#      (MXFP4_TEST_SCALE=small: same edge cases, fewer repetitions),
#   3. the benchmarks (unless --no-bench),
# with logs in $OUT (tests.log, memcheck.log, racecheck.log, bench.log,
# bench_json.tar.gz, summary.txt) and a summary table at the end.
# Exit status: 0 only if every test and sanitizer run passed.
#
# Usage: bash tools/device/run_all.sh [--no-bench] [--no-sanitizer]
#          [--bench-filter=REGEX] [--gtest-filter=PATTERN]
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
D=.device
OUT="${OUT:-/tmp/mxfp4-device-out}"
mkdir -p "$OUT"
run_bench=1; run_sanitizer=1; bench_filter="."; gtest_filter="*"
for a in "$@"; do
  case "$a" in
    --no-bench) run_bench=0 ;;
    --no-sanitizer) run_sanitizer=0 ;;
    --bench-filter=*) bench_filter="${a#*=}" ;;
    --gtest-filter=*) gtest_filter="${a#*=}" ;;
    *) echo "run_all: unknown argument $a" >&2; exit 2 ;;
  esac
done
[[ -d "$D/tests" ]] || { echo "run_all: no $D/tests; run tools/device/stage.sh and carry .device" >&2; exit 2; }

export MXFP4_REQUIRE_GPU=1
export LD_LIBRARY_PATH="$PWD/$D/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
summary="$OUT/summary.txt"
: >"$summary"
log() { echo "$*" | tee -a "$summary"; }

log "== mxfp4 device run $(date -u +%Y-%m-%dT%H:%M:%SZ)"
cat "$D/MANIFEST" >>"$summary" 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv >>"$summary" 2>&1

# Launch prefix: direct, or through the staged glibc if the image's is too old.
launch=()
first="$(ls "$D"/tests/* | head -1)"
if ! "$first" --gtest_list_tests >/dev/null 2>"$OUT/.probe"; then
  log "note: direct start failed ($(head -c 300 "$OUT/.probe")); using the staged glibc"
  launch=("$PWD/$D/glibc/ld-linux-x86-64.so.2" --library-path "$PWD/$D/lib:$PWD/$D/glibc")
fi
rm -f "$OUT/.probe"

sanitizer="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1 || true)"
[[ -n "$sanitizer" ]] || log "warning: compute-sanitizer not found"

declare -A result_run result_mem result_race seconds
overall=0
runfiles_env() {  # name -> env assignments for tests with data files
  local rf="$PWD/$D/runfiles/$1.runfiles"
  [[ -d "$rf" ]] && echo "TEST_SRCDIR=$rf RUNFILES_DIR=$rf"
}

for t in "$D"/tests/*; do
  name="$(basename "$t")"
  echo "===== $name" >>"$OUT/tests.log"
  start=$(date +%s)
  env $(runfiles_env "$name") timeout 300 "${launch[@]}" "$t" --gtest_filter="$gtest_filter" >>"$OUT/tests.log" 2>&1
  rc=$?
  seconds[$name]=$(( $(date +%s) - start ))
  if [[ $rc -eq 0 ]]; then result_run[$name]=PASS; else result_run[$name]="FAIL($rc)"; overall=1; fi
  tail -3 "$OUT/tests.log" | sed "s/^/  [$name] /"
done

if [[ $run_sanitizer -eq 1 && -n "$sanitizer" ]]; then
  for tool in memcheck racecheck; do
    for t in "$D"/tests/*; do
      name="$(basename "$t")"
      echo "===== $name ($tool)" >>"$OUT/$tool.log"
      MXFP4_TEST_SCALE=small env $(runfiles_env "$name") timeout 300 "$sanitizer" --tool "$tool" \
        --error-exitcode 99 --print-limit 30 "${launch[@]}" "$t" --gtest_filter="$gtest_filter" \
        >>"$OUT/$tool.log" 2>&1
      rc=$?
      summary_line="$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/$tool.log" | tail -1)"
      if [[ $rc -eq 0 ]] && ! echo "$summary_line" | grep -qE "[1-9][0-9]* (error|hazard)"; then
        r=PASS
      else
        r="FAIL($rc)"; overall=1
      fi
      if [[ $tool == memcheck ]]; then result_mem[$name]=$r; else result_race[$name]=$r; fi
      echo "  [$name] $tool: $r  $summary_line"
    done
  done
fi

if [[ $run_bench -eq 1 ]]; then
  mkdir -p "$OUT/.json"
  for b in "$D"/bench/*; do
    [[ -e "$b" ]] || continue
    name="$(basename "$b")"
    echo "===== $name" >>"$OUT/bench.log"
    timeout 300 "${launch[@]}" "$b" --benchmark_filter="$bench_filter" --benchmark_min_time=0.05 \
      --benchmark_out="$OUT/.json/$name.json" --benchmark_out_format=json >>"$OUT/bench.log" 2>&1 ||
      echo "  [$name] benchmark exit $?" | tee -a "$OUT/bench.log"
  done
  tar -czf "$OUT/bench_json.tar.gz" -C "$OUT/.json" . 2>/dev/null
  rm -rf "$OUT/.json"
fi

log ""
log "$(printf '%-45s %-10s %-10s %-10s %s' test run memcheck racecheck seconds)"
for t in "$D"/tests/*; do
  name="$(basename "$t")"
  log "$(printf '%-45s %-10s %-10s %-10s %s' "$name" "${result_run[$name]}" \
    "${result_mem[$name]:-skipped}" "${result_race[$name]:-skipped}" "${seconds[$name]}")"
done
if [[ $run_bench -eq 1 ]]; then
  log ""
  grep -E "^BM_|^GPU:" "$OUT/bench.log" | tee -a "$summary" >/dev/null
fi
log ""
log "overall: $([[ $overall -eq 0 ]] && echo PASS || echo FAIL)"
exit $overall
