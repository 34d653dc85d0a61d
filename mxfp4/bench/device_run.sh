#!/usr/bin/env bash
# File: mxfp4/bench/device_run.sh
#
# Stage (here) and run (on the GPU machine, through the device tool) the GEMM
# benchmark for docs/performance.md. Uses its own folder, .device-bench/
# (git-ignored via .git/info/exclude), so it never collides with
# tools/device/stage.sh's .device/ or another package's staging.
#
#   bash mxfp4/bench/device_run.sh stage
#       here: bazel -c opt gemm_benchmark + bench_harness_test, copy them with
#       the non-glibc shared libraries they need (+ this machine's glibc as a
#       fallback) into .device-bench/; carry [".device-bench"].
#   bash mxfp4/bench/device_run.sh run [--sets=contest,sweep] [--min-time=0.02] [--timeout=280] [--no-tests]
#       there: bench_harness_test (cuBLAS vs CPU, timers), then one
#       gemm_benchmark process per shape set; JSON and logs in $OUT:
#       harness.log, gemm_<set>.json, gemm_<set>.log, manifest.txt.
#
# cuBLAS is not carried (libcublasLt is ~540 MB): the benchmark dlopens the
# GPU machine's own (CUDA toolkit or PyTorch's nvidia-cublas wheel).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
D=.device-bench
targets=(gemm_benchmark bench_harness_test)

stage() {
  grep -qx '/.device-bench/' .git/info/exclude 2>/dev/null || echo '/.device-bench/' >>.git/info/exclude
  local bazel=(./bazelw --output_base="${MXFP4_BAZEL_OUTPUT_BASE:-$HOME/.cache/bazel-bench}")
  "${bazel[@]}" build -c opt --symlink_prefix=/ --jobs=2 --noshow_progress \
    "${targets[@]/#///mxfp4/bench:}" || exit 1
  local bin; bin="$("${bazel[@]}" info -c opt bazel-bin 2>/dev/null)"
  rm -rf "$D"; mkdir -p "$D/bin" "$D/lib" "$D/glibc"
  for t in "${targets[@]}"; do
    cp "$bin/mxfp4/bench/$t" "$D/bin/"; chmod u+w "$D/bin/$t"
    ldd "$bin/mxfp4/bench/$t" | awk '/=> \// {print $3}' | while read -r lib; do
      case "$(basename "$lib")" in
        libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*) cp -L -n "$lib" "$D/glibc/" ;;
        *) cp -L -n "$lib" "$D/lib/" ;;
      esac
    done
  done
  cp -L -n /lib64/ld-linux-x86-64.so.2 "$D/glibc/"
  {
    echo "commit: $(git rev-parse HEAD)$(git diff --quiet HEAD -- mxfp4 || echo ' (+ uncommitted changes under mxfp4/)')"
    echo "staged: $(date -u +%FT%TZ)"
    echo "nvcc: $(/usr/local/cuda/bin/nvcc --version | tail -1)"
  } >"$D/MANIFEST"
  du -sh "$D"
}

run() {
  local sets="contest,sweep" min_time=0.02 tests=1 limit=280
  for a in "$@"; do
    case "$a" in
      --sets=*) sets="${a#*=}" ;;
      --min-time=*) min_time="${a#*=}" ;;
      --no-tests) tests=0 ;;
      --timeout=*) limit="${a#*=}" ;;
      *) echo "device_run: unknown argument $a" >&2; return 2 ;;
    esac
  done
  OUT="${OUT:-/tmp/bench-out}"; mkdir -p "$OUT"
  [[ -x "$D/bin/gemm_benchmark" ]] || { echo "no $D/bin/gemm_benchmark: stage first, carry $D" >&2; return 2; }
  export MXFP4_REQUIRE_GPU=1
  export LD_LIBRARY_PATH="$PWD/$D/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  if [[ -z "${MXFP4_CUBLAS_DIR:-}" ]]; then
    MXFP4_CUBLAS_DIR="$(python3 -c 'import nvidia.cublas, os; print(os.path.join(list(nvidia.cublas.__path__)[0], "lib"))' 2>/dev/null)"
    [[ -f "$MXFP4_CUBLAS_DIR/libcublasLt.so.13" ]] || MXFP4_CUBLAS_DIR=/usr/local/cuda/lib64
    export MXFP4_CUBLAS_DIR
  fi
  local launch=()
  if ! "$D/bin/bench_harness_test" --gtest_list_tests >/dev/null 2>&1; then
    launch=("$PWD/$D/glibc/ld-linux-x86-64.so.2" --library-path "$PWD/$D/lib:$PWD/$D/glibc")
    echo "note: using the staged glibc"
  fi
  local commit; commit="$(sed -n 's/^commit: //p' "$D/MANIFEST")"
  { cat "$D/MANIFEST"; echo "cublas dir: $MXFP4_CUBLAS_DIR"
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,clocks.mem,power.limit --format=csv
  } | tee "$OUT/manifest.txt"
  if [[ $tests -eq 1 ]]; then
    timeout 120 "${launch[@]}" "$D/bin/bench_harness_test" >"$OUT/harness.log" 2>&1
    echo "bench_harness_test rc=$?"
    grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[  FAILED  \]|cuBLASLt" "$OUT/harness.log" | head -20
  fi
  local set start
  for set in ${sets//,/ }; do
    start=$(date +%s)
    # Line-buffered, so a run stopped by its timeout still leaves its log.
    timeout "$limit" stdbuf -oL "${launch[@]}" "$D/bin/gemm_benchmark" --mxfp4_sets="$set" \
      --benchmark_min_time="$min_time" \
      --benchmark_out="$OUT/gemm_$set.json" --benchmark_out_format=json \
      --benchmark_context="commit=$commit" \
      >"$OUT/gemm_$set.log" 2>&1
    echo "gemm_benchmark $set rc=$? $(( $(date +%s) - start ))s"
    grep -E "^(GPU|cuBLAS|reference|note|gemm_benchmark|  failed)" "$OUT/gemm_$set.log"
  done
}

case "${1:-}" in
  stage) stage ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 stage | run [--sets=contest,sweep] [--min-time=S] [--no-tests]" >&2; exit 2 ;;
esac
