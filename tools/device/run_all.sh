#!/usr/bin/env bash
# tools/device/run_all.sh: on the GPU machine, from the repo root, run what
# tools/device/stage.sh staged (it unpacks .device-pack/stage.tar.xz into
# .device/ first when the pack is there). The project's one device workflow;
# see docs/gpu.md "Device workflow".
#
# Modes (any combination; with none of them: --tests --sanitize --bench=contest):
#   --tests                 every staged GPU test, MXFP4_REQUIRE_GPU=1 (a skipped
#                           GPU case fails)
#   --sanitize              compute-sanitizer memcheck and racecheck on every
#                           staged GPU test, --sanitize_scale=small (default;
#                           MXFP4_TEST_SCALE=small: same edge cases, fewer
#                           repetitions) or =full
#   --bench=SETS            gemm_benchmark once per shape set, SETS = none |
#                           contest | sweep | contest,sweep (both timing modes,
#                           l2flush and hot, are rows of every set):
#                           JSON in $OUT/gemm_<set>.json
#   --gemm_sweep            gemm_paths_benchmark --sweep (every forced path/tile/
#                           split per shape, hot/cold CUDA-graph timing), its
#                           summary per shape in $OUT/sweep_summary.txt
#                           (sweep_summary.py: auto against the fastest other
#                           plan) and the SASS instruction counts of the GEMM kernels
#   --other_benchmarks      every other staged *_benchmark (quantize_benchmark:
#                           JSON packed into $OUT/other_bench_json.tar.gz;
#                           wgmma_step_benchmark: a text table in bench.log)
#   --wgmma_step            wgmma_step_benchmark alone (the cost of an e4m3 wgmma
#                           ring step, piece by piece; a table in bench.log)
#   --profile_config=MxNxK:path:tile:split[,...]
#                           Nsight Compute (--set full) on forced GEMM
#                           configurations (gemm_paths_benchmark --only=...): the
#                           4th launch of each one's GEMM kernel; text appended
#                           to $OUT/profile.txt
#   --profile_source=MxNxK:path:tile:split[,...]
#                           Nsight Compute source view: every SASS instruction of
#                           the forced configuration's GEMM kernel with its
#                           executed count and warp-stall samples (where the
#                           loop spends its time), $OUT/source_<i>.csv
#   --phase_clock=MxNxK:path:tile:split[,...]
#                           per-CTA phase stamps of forced GEMM configurations
#                           (gemm_paths_benchmark --only=... --phase_clock),
#                           appended to $OUT/bench.log
#   --sass=IDS              SASS of GemmPrequantMmaKernel<id> for each TileConfigId
#                           number in IDS (comma-separated; the enum order of
#                           tile_config.h), with an opcode histogram, in
#                           $OUT/sass.txt
#   --profile=SHAPES        Nsight Compute (ncu --set full --clock-control none)
#                           on the mxfp4_auto call of each contest shape in SHAPES
#                           (comma-separated MxNxK): the first 2 GEMM-library
#                           kernels after 3 warm-up launches; text in
#                           $OUT/profile.txt (the details page, per kernel)
# Options:
#   --timeout=S             limit per test / sanitizer process (default 360: quant_then_mma_test's racecheck took 246 s in session 50)
#   --phase_deadline=S      the tests + sanitizer phase ends S seconds after it
#                           starts: later processes get the time left as their
#                           limit, none starts with under 10 s left (DEADLINE)
#   --bench_timeout=S       limit per benchmark process (default 280)
#   --jobs=N                tests and sanitizer runs in parallel (default 8; the
#                           benchmarks always run alone, after them)
#   --min_time=S            --benchmark_min_time of gemm_benchmark (default: its own)
#   --gtest_filter=P        for tests and sanitizer runs
#   --sanitize_gtest_filter=P  for sanitizer runs only (overrides --gtest_filter)
#   --no_require            do not set MXFP4_REQUIRE_GPU=1 (local dry runs without
#                           a GPU: the GPU cases skip and pass)
#
# $OUT (default /tmp/mxfp4-device-out) gets at most 8 files, none in folders (the
# device tool brings back 8): summary.txt, tests.log, memcheck.log,
# racecheck.log, bench.log (every benchmark's stdout/stderr), gemm_<set>.json
# (one per set), other_bench_json.tar.gz. The summary table is printed last.
# Exit status: 0 only if every test, sanitizer run and benchmark passed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
D=.device
PACK="${MXFP4_PACK:-.device-pack/stage.tar.xz}"  # MXFP4_PACK: another staged tree (A/B runs)
OUT="${OUT:-/tmp/mxfp4-device-out}"
mkdir -p "$OUT"

do_tests=0; do_sanitize=0; sanitize_scale=small; bench_sets=""; do_gemm_sweep=0
do_other=0; do_wgmma_step=0; profile_shapes=""; profile_config=""; profile_source=""; sass_ids=""; phase_configs=""; limit=360; phase_deadline=0; bench_limit=280; jobs=8; min_time=""; gtest_filter="*"
sanitize_filter=""; require=1; any_mode=0
for a in "$@"; do
  case "$a" in
    --tests) do_tests=1; any_mode=1 ;;
    --sanitize) do_sanitize=1; any_mode=1 ;;
    --sanitize_scale=small|--sanitize_scale=full) sanitize_scale="${a#*=}" ;;
    --bench=none) bench_sets=""; any_mode=1 ;;
    --bench=*) bench_sets="${a#*=}"; any_mode=1 ;;
    --gemm_sweep) do_gemm_sweep=1; any_mode=1 ;;
    --other_benchmarks) do_other=1; any_mode=1 ;;
    --wgmma_step) do_wgmma_step=1; any_mode=1 ;;
    --profile=*) profile_shapes="${a#*=}"; any_mode=1 ;;
    --profile_config=*) profile_config="${a#*=}"; any_mode=1 ;;
    --profile_source=*) profile_source="${a#*=}"; any_mode=1 ;;
    --sass=*) sass_ids="${a#*=}"; any_mode=1 ;;
    --phase_clock=*) phase_configs="${a#*=}"; any_mode=1 ;;
    --timeout=*) limit="${a#*=}" ;;
    --phase_deadline=*) phase_deadline="${a#*=}" ;;
    --bench_timeout=*) bench_limit="${a#*=}" ;;
    --jobs=*) jobs="${a#*=}" ;;
    --min_time=*) min_time="${a#*=}" ;;
    --gtest_filter=*) gtest_filter="${a#*=}" ;;
    --sanitize_gtest_filter=*) sanitize_filter="${a#*=}" ;;
    --no_require) require=0 ;;
    *) echo "run_all: unknown argument $a (see the header of $0)" >&2; exit 2 ;;
  esac
done
if [[ $any_mode -eq 0 ]]; then do_tests=1; do_sanitize=1; bench_sets=contest; fi
for s in ${bench_sets//,/ }; do
  [[ "$s" == contest || "$s" == sweep ]] || { echo "run_all: --bench=$bench_sets: sets are contest, sweep" >&2; exit 2; }
done
[[ -n "$sanitize_filter" ]] || sanitize_filter="$gtest_filter"
# MXFP4_NCU_CACHE_CONTROL: ncu's --cache-control for every profile mode: "all" (ncu's default: caches
# flushed before each profiled pass, so A and B come from HBM) or "none" (the data stays in L2 from the
# launches before, as in graph replay; session 65).
ncu_cache="${MXFP4_NCU_CACHE_CONTROL:-all}"
[[ $ncu_cache == all || $ncu_cache == none ]] || { echo "run_all: MXFP4_NCU_CACHE_CONTROL must be all or none" >&2; exit 2; }

if [[ -f "$PACK" ]]; then
  rm -rf "$D"
  tar -xJf "$PACK" 2>/dev/null ||
    python3 -c "import tarfile; tarfile.open('$PACK').extractall()" ||
    { echo "run_all: cannot unpack $PACK" >&2; exit 2; }
fi
[[ -d "$D/tests" || -d "$D/bench" ]] ||
  { echo "run_all: no $D/tests or $D/bench; run tools/device/stage.sh and carry .device-pack" >&2; exit 2; }
mkdir -p "$D/tests" "$D/bench"

[[ $require -eq 1 ]] && export MXFP4_REQUIRE_GPU=1
export PATH="$PATH:/usr/local/cuda/bin"
export LD_LIBRARY_PATH="$PWD/$D/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# cuBLAS for the benchmarks' baselines: the image's pip wheel, else the toolkit.
if [[ -z "${MXFP4_CUBLAS_DIR:-}" ]]; then
  MXFP4_CUBLAS_DIR="$(python3 -c 'import nvidia.cublas, os; print(os.path.join(list(nvidia.cublas.__path__)[0], "lib"))' 2>/dev/null)"
  [[ -n "$MXFP4_CUBLAS_DIR" && -d "$MXFP4_CUBLAS_DIR" ]] || MXFP4_CUBLAS_DIR=/usr/local/cuda/lib64
  export MXFP4_CUBLAS_DIR
fi
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$MXFP4_CUBLAS_DIR"

WORK="$(mktemp -d)"  # per-process logs, merged into $OUT at the end
trap 'rm -rf "$WORK"' EXIT
summary="$OUT/summary.txt"
: >"$summary"
log() { echo "$*" | tee -a "$summary"; }

log "== mxfp4 device run $(date -u +%Y-%m-%dT%H:%M:%SZ): run_all.sh $*"
cat "$D/MANIFEST" >>"$summary" 2>/dev/null
echo "cublas dir: $MXFP4_CUBLAS_DIR; MXFP4_REQUIRE_GPU=${MXFP4_REQUIRE_GPU:-unset}" >>"$summary"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,power.limit \
  --format=csv >>"$summary" 2>&1

# Launch prefix: direct, or through the staged glibc if the image's is too old.
launch=()
# The probe: a test binary (--gtest_list_tests) or, in a slim stage of
# benchmarks alone (slim_stage.sh), a Google Benchmark one (--help): modes that
# start the binary and exit without GPU work. The other benchmarks
# (gemm_paths_benchmark, cluster_wave_benchmark, wgmma_step_benchmark) have no
# such mode - they ignore --help and run - so a stage of those alone launches
# directly, unprobed. Session 57 call 2: with no test binary the probe ran
# nothing, the staged loader was taken and every contest run failed at once.
first="$(ls "$D"/tests/* 2>/dev/null | head -1)"
probe=(--gtest_list_tests)
if [[ -z "$first" ]]; then
  probe=(--help)
  for b in "$D/bench/mxfp4.bench.gemm_benchmark" "$D/bench/mxfp4.gpu.quantize.quantize_benchmark"; do
    [[ -x "$b" ]] && { first="$b"; break; }
  done
fi
if [[ -z "$first" ]]; then
  log "note: no test or Google Benchmark binary staged to probe the start with; launching directly"
elif ! "$first" "${probe[@]}" >/dev/null 2>"$WORK/probe"; then
  log "note: direct start failed ($(head -c 300 "$WORK/probe")); using the staged glibc"
  launch=("$PWD/$D/glibc/ld-linux-x86-64.so.2" --library-path "$PWD/$D/lib:$PWD/$D/glibc:$MXFP4_CUBLAS_DIR")
fi

sanitizer=""
if [[ $do_sanitize -eq 1 ]]; then
  sanitizer="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1 || true)"
  [[ -n "$sanitizer" ]] || log "warning: compute-sanitizer not found: sanitizer runs skipped (FAIL)"
fi

runfiles_env() {  # name -> env assignments for tests with data files
  local rf="$PWD/$D/runfiles/$1.runfiles"
  [[ -d "$rf" ]] && echo "TEST_SRCDIR=$rf RUNFILES_DIR=$rf"
}
# result <rc> <log> [sanitizer]: PASS, N/A (sanitizer on a host-only test), TIMEOUT or FAIL(rc)
result() {
  local rc="$1" file="$2" line
  if [[ $rc -eq 124 || $rc -eq 137 ]]; then echo TIMEOUT; return; fi
  if [[ -n "${3:-}" ]]; then
    # A host-only test (e.g. gemm_api_test) makes no CUDA call, so the
    # sanitizer has nothing to check and exits non-zero: N/A, not a failure.
    if grep -q "terminated before first instrumented API call" "$file" &&
       grep -q "^\[  PASSED  \]" "$file" && ! grep -q "^\[  FAILED  \]" "$file"; then
      echo N/A; return
    fi
    line="$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$file" | tail -1)"
    if [[ $rc -eq 0 ]] && ! echo "$line" | grep -qE "[1-9][0-9]* (error|hazard)"; then echo PASS; else echo "FAIL($rc)"; fi
    return
  fi
  [[ $rc -eq 0 ]] && echo PASS || echo "FAIL($rc)"
}
# job <kind> <test path>: one test or sanitizer process, in the background pool.
job() {
  local kind="$1" t="$2" name start rc limit="$limit"
  name="$(basename "$t")"
  local base="$WORK/$name.$kind"
  start=$(date +%s)
  if (( phase_deadline > 0 )); then
    local left=$(( phase_end - start ))
    if (( left < 10 )); then
      echo "not started: --phase_deadline reached" >"$base.log"; echo "DEADLINE 0" >"$base.result"; return
    fi
    (( left < limit )) && limit=$left
  fi
  if [[ $kind == run ]]; then
    env $(runfiles_env "$name") timeout "$limit" "${launch[@]}" "$t" \
      --gtest_filter="$gtest_filter" >"$base.log" 2>&1
    rc=$?
  else
    env "${scale_env[@]}" $(runfiles_env "$name") \
      timeout "$limit" "$sanitizer" --tool "$kind" --error-exitcode 99 --print-limit 30 \
      "${launch[@]}" "$t" --gtest_filter="$sanitize_filter" >"$base.log" 2>&1
    rc=$?
  fi
  echo "$(result "$rc" "$base.log" "$([[ $kind == run ]] || echo s)") $(( $(date +%s) - start ))" >"$base.result"
}
scale_env=()
[[ $sanitize_scale == small ]] && scale_env=(MXFP4_TEST_SCALE=small)
pool_wait() {  # keep at most $jobs background processes
  while (( $(jobs -rp | wc -l) >= jobs )); do wait -n; done
}

shopt -s nullglob  # a benchmarks-only stage has no test binary: no "*" row
tests=("$D"/tests/*)
shopt -u nullglob
kinds=()
[[ $do_tests -eq 1 ]] && kinds+=(run)
[[ $do_sanitize -eq 1 && -n "$sanitizer" ]] && kinds+=(memcheck racecheck)
if [[ ${#kinds[@]} -gt 0 ]]; then
  echo "running ${#tests[@]} tests x (${kinds[*]}), $jobs at a time, ${limit}s each" >&2
  phase_end=$(( $(date +%s) + phase_deadline ))
  for kind in "${kinds[@]}"; do
    for t in "${tests[@]}"; do pool_wait; job "$kind" "$t" & done
  done
  wait
fi
overall=0
for kind in run memcheck racecheck; do
  file="$OUT/tests.log"; [[ $kind == run ]] || file="$OUT/$kind.log"
  for t in "${tests[@]}"; do
    name="$(basename "$t")"
    [[ -f "$WORK/$name.$kind.log" ]] || continue
    { echo "===== $name ($kind)"; cat "$WORK/$name.$kind.log"; } >>"$file"
    case "$(cut -d' ' -f1 "$WORK/$name.$kind.result")" in PASS|N/A) ;; *) overall=1 ;; esac
  done
done
[[ $do_sanitize -eq 1 && -z "$sanitizer" ]] && overall=1

# Benchmarks: one at a time, nothing else on the GPU. Line-buffered, so a run
# stopped by its timeout still leaves its log.
bench_rows=()
bench() {  # label binary args...
  local label="$1" binary="$2" start rc; shift 2
  [[ -x "$binary" ]] || { bench_rows+=("$label|NOT STAGED|0"); overall=1; return; }
  echo "===== $label: $(basename "$binary") $*" >>"$OUT/bench.log"
  start=$(date +%s)
  timeout "$bench_limit" stdbuf -oL "${launch[@]}" "$binary" "$@" >>"$OUT/bench.log" 2>&1
  rc=$?
  local r; r="$(result "$rc" /dev/null)"
  [[ $r == PASS ]] || overall=1
  bench_rows+=("$label|$r|$(( $(date +%s) - start ))")
}
commit="$(sed -n 's/^commit: //p' "$D/MANIFEST" 2>/dev/null | cut -c1-12)"
gemm_bench="$D/bench/mxfp4.bench.gemm_benchmark"
# MXFP4_PATHS_BENCH: another build's gemm_paths_benchmark for every mode that runs it (--gemm_sweep,
# --sass, --phase_clock, --profile_*), e.g. a variant's /tmp/v/NAME/... (call_preamble.sh unpacks them).
paths_bench="${MXFP4_PATHS_BENCH:-$D/bench/mxfp4.gpu.gemm.gemm_paths_benchmark}"
# Nsight Compute for the profile modes (empty where the image has none).
ncu_bin="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1 || true)"
for s in ${bench_sets//,/ }; do
  bench "gemm_benchmark $s" "$gemm_bench" --mxfp4_sets="$s" \
    ${min_time:+--benchmark_min_time=$min_time} \
    --benchmark_out="$OUT/gemm_$s.json" --benchmark_out_format=json \
    --benchmark_context="commit=$commit"
done
if [[ $do_gemm_sweep -eq 1 ]]; then
  bench "gemm_paths_benchmark --sweep" "$paths_bench" --sweep
  # Per shape: auto against the fastest other plan and cuBLAS bf16 (sweep_summary.py).
  if command -v python3 >/dev/null; then
    python3 tools/device/sweep_summary.py "$OUT/bench.log" >"$OUT/sweep_summary.txt" 2>&1 || true
  fi
  if command -v cuobjdump >/dev/null; then
    {
      echo "===== SASS instruction counts (gemm_paths_benchmark binary)"
      cuobjdump --dump-sass "$paths_bench" 2>&1 |
        grep -oE "\b(HMMA|QMMA|IMMA|HGMMA|QGMMA|LDGSTS|LDSM|PRMT|FFMA|FMUL|F2FP|LDL|STL)[A-Z0-9._]*" |
        sort | uniq -c | sort -rn | head -20
    } >>"$OUT/bench.log"
  fi
fi
if [[ $do_wgmma_step -eq 1 ]]; then
  bench "wgmma_step_benchmark" "$D/bench/mxfp4.gpu.gemm.wgmma_step_benchmark"
fi
if [[ $do_other -eq 1 ]]; then
  mkdir -p "$WORK/json"
  for b in "$D"/bench/*; do
    name="$(basename "$b")"
    case "$name" in *.gemm_benchmark|*.gemm_paths_benchmark) continue ;; esac
    bench "$name" "$b" --benchmark_min_time=0.05 \
      --benchmark_out="$WORK/json/$name.json" --benchmark_out_format=json
  done
  tar -czf "$OUT/other_bench_json.tar.gz" -C "$WORK/json" . 2>/dev/null
fi

if [[ -n "$profile_shapes" ]]; then
  for shape in ${profile_shapes//,/ }; do
    [[ -n "$ncu_bin" ]] || { bench_rows+=("ncu $shape|NO NCU|0"); overall=1; break; }
    echo "===== ncu: contest/$shape/mxfp4_auto/l2flush" >>"$OUT/profile.txt"
    start=$(date +%s)
    # Small reference measurements: the profile is about the GEMM kernels only.
    timeout "$bench_limit" "$ncu_bin" --clock-control none --cache-control "$ncu_cache" --set full \
      -k 'regex:Gemm|QuantizeAOperand' --launch-skip 3 --launch-count 2 --page details \
      "${launch[@]}" "$gemm_bench" --mxfp4_peak_size=1024 --mxfp4_copy_mib=16 \
      --benchmark_filter="^contest/$shape/mxfp4_auto/l2flush" --benchmark_min_time=0.01 \
      >>"$OUT/profile.txt" 2>&1
    rc=$?
    r="$(result "$rc" /dev/null)"; [[ $r == PASS ]] || overall=1
    bench_rows+=("ncu $shape|$r|$(( $(date +%s) - start ))")
  done
fi

for config in ${phase_configs//,/ }; do
  bench "phase_clock $config" "$paths_bench" \
    --only="$config" --phase_clock
done

if [[ -n "$sass_ids" ]] && command -v cuobjdump >/dev/null; then
  cuobjdump --dump-sass "$paths_bench" >"$WORK/all.sass" 2>&1
  for id in ${sass_ids//,/ }; do
    # One kernel's section: from its "Function :" line to the next one.
    awk -v pat="GemmPrequantMmaKernel.*TileConfigIdE${id}EE" '
      /Function :/ { keep = ($0 ~ pat) }
      keep' "$WORK/all.sass" >"$WORK/k.sass"
    {
      echo "===== SASS GemmPrequantMmaKernel<$id>: $(grep -c '/\*[0-9a-f]*\*/' "$WORK/k.sass") instructions"
      awk '$1 ~ /^\/\*[0-9a-f]+\*\/$/ { i = 2; if ($i ~ /^@/) i++; print $i }' "$WORK/k.sass" |
        sort | uniq -c | sort -rn | head -40
      cat "$WORK/k.sass"
    } >>"$OUT/sass.txt"
  done
fi

if [[ -n "$profile_config" ]]; then
  for config in ${profile_config//,/ }; do
    echo "===== ncu: $config" >>"$OUT/profile.txt"
    start=$(date +%s)
    if [[ -z "$ncu_bin" || ! -x "$paths_bench" ]]; then
      bench_rows+=("ncu $config|NO NCU OR BENCH|0"); overall=1; break
    fi
    timeout "$bench_limit" "$ncu_bin" --clock-control none --cache-control "$ncu_cache" --set full \
      -k 'regex:Gemm' --launch-skip 3 --launch-count 1 --page details \
      "${launch[@]}" "$paths_bench" --only="$config" >>"$OUT/profile.txt" 2>&1
    rc=$?
    # Where the warps wait: the stall reasons per issued instruction.
    timeout "$bench_limit" "$ncu_bin" --clock-control none --cache-control "$ncu_cache" \
      --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio' \
      -k 'regex:Gemm' --launch-skip 3 --launch-count 1 --page raw \
      "${launch[@]}" "$paths_bench" --only="$config" 2>&1 | grep -E 'stalled|Gemm' \
      >>"$OUT/profile.txt"
    r="$(result "$rc" /dev/null)"; [[ $r == PASS ]] || overall=1
    bench_rows+=("ncu $config|$r|$(( $(date +%s) - start ))")
  done
fi

if [[ -n "$profile_source" ]]; then
  i=0
  for config in ${profile_source//,/ }; do
    i=$((i + 1))
    start=$(date +%s)
    if [[ -z "$ncu_bin" || ! -x "$paths_bench" ]]; then
      bench_rows+=("ncu source $config|NO NCU OR BENCH|0"); overall=1; break
    fi
    timeout "$bench_limit" "$ncu_bin" --clock-control none --cache-control "$ncu_cache" \
      --section SourceCounters --section WarpStateStats --import-source no \
      -k 'regex:Gemm' --launch-skip 3 --launch-count 1 -f -o "$WORK/source_$i" \
      "${launch[@]}" "$paths_bench" --only="$config" >"$WORK/source_$i.log" 2>&1
    rc=$?
    { echo "# $config"; "$ncu_bin" -i "$WORK/source_$i.ncu-rep" --page source --print-source sass --csv; } \
      >"$OUT/source_$i.csv" 2>&1 || rc=1
    tail -5 "$WORK/source_$i.log" >>"$OUT/profile.txt"
    r="$(result "$rc" /dev/null)"; [[ $r == PASS ]] || overall=1
    bench_rows+=("ncu source $config|$r|$(( $(date +%s) - start ))")
  done
fi

# Summary table, last.
log ""
log "$(printf '%-50s %-10s %-10s %-10s %s' test run memcheck racecheck 'seconds(run/mem/race)')"
for t in "${tests[@]}"; do
  name="$(basename "$t")"
  cells=(); secs=()
  for kind in run memcheck racecheck; do
    if [[ -f "$WORK/$name.$kind.result" ]]; then
      read -r r s <"$WORK/$name.$kind.result"; cells+=("$r"); secs+=("$s")
    else
      cells+=(-); secs+=(-)
    fi
  done
  log "$(printf '%-50s %-10s %-10s %-10s %s' "$name" "${cells[@]}" "${secs[0]}/${secs[1]}/${secs[2]}")"
done
if [[ ${#bench_rows[@]} -gt 0 ]]; then
  log ""
  log "$(printf '%-50s %-10s %s' benchmark result seconds)"
  for row in "${bench_rows[@]}"; do
    IFS='|' read -r label r s <<<"$row"
    log "$(printf '%-50s %-10s %s' "$label" "$r" "$s")"
  done
  grep -hE "^(GPU|cuBLAS|skipped|note|  failed)" "$OUT/bench.log" 2>/dev/null | sort -u | head -12 | tee -a "$summary"
fi
log ""
log "files in \$OUT: $(cd "$OUT" && ls | tr '\n' ' ')"
log "overall: $([[ $overall -eq 0 ]] && echo PASS || echo FAIL)"
exit $overall
