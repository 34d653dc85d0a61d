#!/usr/bin/env bash
# mxfp4/gpu/gemm/device_run.sh: stage (here) and run (on the GPU machine) the
# GEMM package's GPU tests and timing harness, for the device tool. Its own
# folder, .device-gemm/ (git-ignored via .git/info/exclude), so that it never
# collides with tools/device/stage.sh's .device/.
#
#   bash mxfp4/gpu/gemm/device_run.sh stage     # here: bazel -c opt, copy binaries + libs,
#                                               # pack .device-gemm-pack/stage.tar.xz (carry it)
#   bash mxfp4/gpu/gemm/device_run.sh run [--no-tests] [--no-bench] [--sanitize]
#                                               # there (carry .device-gemm), logs in $OUT
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$root"
D=.device-gemm
targets=(gemm_api_test gemm_building_blocks_test fused_quant_test splitk_small_m_test
         quant_then_mma_test gemm_paths_benchmark)

stage() {
  grep -qx '/.device-gemm/' .git/info/exclude 2>/dev/null || echo '/.device-gemm/' >>.git/info/exclude
  local bazel=(./bazelw --output_base="${MXFP4_BAZEL_OUTPUT_BASE:-$HOME/.cache/bazel-gemm}")
  "${bazel[@]}" build -c opt --jobs=2 --noshow_progress "${targets[@]/#///mxfp4/gpu/gemm:}" || exit 1
  local bin; bin="$("${bazel[@]}" info -c opt bazel-bin 2>/dev/null)"
  rm -rf "$D"; mkdir -p "$D/bin" "$D/lib" "$D/glibc"
  for t in "${targets[@]}"; do
    cp "$bin/mxfp4/gpu/gemm/$t" "$D/bin/"; chmod u+w "$D/bin/$t"
    ldd "$bin/mxfp4/gpu/gemm/$t" | awk '/=> \// {print $3}' | while read -r lib; do
      case "$(basename "$lib")" in
        libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*) cp -L -n "$lib" "$D/glibc/" ;;
        *) cp -L -n "$lib" "$D/lib/" ;;
      esac
    done
  done
  cp -L -n /lib64/ld-linux-x86-64.so.2 "$D/glibc/"
  echo "commit $(git rev-parse --short HEAD)$(git diff --quiet -- mxfp4/gpu/gemm || echo '+dirty') staged $(date -u +%FT%TZ)" >"$D/MANIFEST"
  mkdir -p .device-gemm-pack
  grep -qx '/.device-gemm-pack/' .git/info/exclude || echo '/.device-gemm-pack/' >>.git/info/exclude
  # The device tool carries at most 64 MiB with the tree: ship it compressed.
  tar -cf - "$D" | xz -9 -T2 >.device-gemm-pack/stage.tar.xz
  du -sh "$D" .device-gemm-pack/stage.tar.xz
}

run() {
  local tests=1 bench=1 sanitize=0
  for a in "$@"; do
    case "$a" in --no-tests) tests=0 ;; --no-bench) bench=0 ;; --sanitize) sanitize=1 ;; esac
  done
  OUT="${OUT:-/tmp/gemm-out}"; mkdir -p "$OUT"
  if [[ -f .device-gemm-pack/stage.tar.xz ]]; then
    rm -rf "$D"
    tar -xJf .device-gemm-pack/stage.tar.xz 2>/dev/null ||
      python3 -c "import tarfile; tarfile.open('.device-gemm-pack/stage.tar.xz').extractall()"
  fi
  export MXFP4_REQUIRE_GPU=1
  export PATH="$PATH:/usr/local/cuda/bin"
  export LD_LIBRARY_PATH="$PWD/$D/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  local cublas_dir
  cublas_dir="$(python3 -c 'import nvidia.cublas, os; print(os.path.join(list(nvidia.cublas.__path__)[0], "lib"))' 2>/dev/null)"
  [[ -n "$cublas_dir" ]] && export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$cublas_dir"
  local launch=()
  if ! "$D/bin/gemm_api_test" --gtest_list_tests >/dev/null 2>&1; then
    launch=("$PWD/$D/glibc/ld-linux-x86-64.so.2" --library-path "$PWD/$D/lib:$PWD/$D/glibc:/usr/local/cuda/lib64")
    echo "note: using the staged glibc"
  fi
  cat "$D/MANIFEST"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm --format=csv,noheader
  if command -v cuobjdump >/dev/null; then
    cuobjdump --dump-sass "$D/bin/splitk_small_m_test" >"$OUT/sass.txt" 2>&1
    echo "sass (splitk_small_m_test binary):"
    grep -oE "\b(HMMA|QMMA|IMMA|HGMMA|QGMMA|LDGSTS|LDSM|PRMT|FFMA|FMUL|F2FP|LDL|STL)[A-Z0-9._]*" "$OUT/sass.txt" | sort | uniq -c | sort -rn | head -14
  fi
  if [[ $tests -eq 1 ]]; then
    local pids=()
    for t in gemm_api_test gemm_building_blocks_test fused_quant_test splitk_small_m_test quant_then_mma_test; do
      ( start=$(date +%s); timeout 240 "${launch[@]}" "$D/bin/$t" >"$OUT/$t.log" 2>&1; rc=$?
        echo "$t rc=$rc $(( $(date +%s) - start ))s $(grep -cE '^\[  FAILED  \]' "$OUT/$t.log") failed-lines" ) &
      pids+=($!)
    done
    wait "${pids[@]}"
    for t in gemm_building_blocks_test fused_quant_test splitk_small_m_test quant_then_mma_test; do
      grep -E "^\[  (PASSED|FAILED) |^\[  FAILED  \]" "$OUT/$t.log" | head -12 | sed "s/^/[$t] /"
    done
  fi
  if [[ $bench -eq 1 ]]; then
    timeout 300 "${launch[@]}" "$D/bin/gemm_paths_benchmark" --sweep >"$OUT/bench.log" 2>&1
    echo "bench rc=$?"
    grep -vE "^  sweep" "$OUT/bench.log"
  fi
  if [[ $sanitize -eq 1 ]] && command -v compute-sanitizer >/dev/null; then
    for tool in memcheck racecheck; do
      MXFP4_TEST_SCALE=small timeout 120 compute-sanitizer --tool $tool --print-limit 20 \
        "${launch[@]}" "$D/bin/splitk_small_m_test" --gtest_filter='*EverySplitCount*' \
        >"$OUT/$tool.log" 2>&1
      echo "$tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$tool.log" | tail -1)"
    done
  fi
}

case "${1:-}" in
  stage) stage ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 stage | run [--no-tests] [--no-bench] [--sanitize]" >&2; exit 2 ;;
esac
