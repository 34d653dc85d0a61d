#!/usr/bin/env bash
# tools/device/stage.sh: build every GPU test and benchmark here (nvcc, -c opt)
# and copy them, with the shared libraries they need, into .device/ (git-ignored)
# for a run on the GPU machine (device tool: carry=[".device"], then
# `bash tools/device/run_all.sh`). See docs/gpu.md.
#
# What is staged:
#   .device/tests/<pkg.name>      every cc_test tagged "gpu" under //mxfp4/...
#   .device/bench/<pkg.name>      every binary tagged "gpu" named *_benchmark
#   .device/runfiles/<pkg.name>.runfiles/   their data files (if any)
#   .device/lib/                  non-glibc shared libraries from ldd (libabsl*,
#                                 libbenchmark, libstdc++, libgcc_s): the device
#                                 machine runs a different image
#   .device/glibc/                this machine's glibc + loader, used by run_all.sh
#                                 only if the binaries do not start with the device's
#   .device/MANIFEST              commit, date, nvcc, targets
#
# Usage: tools/device/stage.sh [extra bazel build flags]
#   MXFP4_BAZEL_OUTPUT_BASE  Bazel output base (default ~/.cache/bazel-stage)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
out_base="${MXFP4_BAZEL_OUTPUT_BASE:-$HOME/.cache/bazel-stage}"
bazel=(./bazelw --output_base="$out_base")
say() { echo "stage: $*" >&2; }

if ! grep -q "mxfp4_gpu=cuda" .bazelrc.toolchain 2>/dev/null && [[ -z "${MXFP4_NVCC:-}" ]]; then
  # ./bazelw regenerates .bazelrc.toolchain; check what it found.
  "$root/tools/configure_gpu.sh" | grep -q "mxfp4_gpu=cuda" ||
    { say "error: no nvcc found; GPU targets would be stubs (see docs/gpu.md)"; exit 1; }
fi

tests=$("${bazel[@]}" query --noshow_progress 'attr(tags, "\bgpu\b", tests(//mxfp4/...))' 2>/dev/null)
benches=$("${bazel[@]}" query --noshow_progress \
  'attr(tags, "\bgpu\b", kind("cc_binary", //mxfp4/...))' 2>/dev/null | grep '_benchmark$' || true)
say "tests:   $(echo $tests)"
say "benches: $(echo $benches)"
[[ -n "$tests$benches" ]] || { say "error: nothing tagged gpu"; exit 1; }

"${bazel[@]}" build -c opt --jobs="${MXFP4_JOBS:-2}" --noshow_progress "$@" $tests $benches
bin="$("${bazel[@]}" info -c opt bazel-bin 2>/dev/null)"

rm -rf .device
mkdir -p .device/tests .device/bench .device/lib .device/glibc .device/runfiles

stage_one() {  # label destdir
  local label="$1" dest="$2" pkg name path flat
  pkg="${label#//}"; pkg="${pkg%%:*}"; name="${label##*:}"
  path="$bin/$pkg/$name"
  flat="$(echo "$pkg" | tr '/' '.').$name"
  cp "$path" "$dest/$flat"
  chmod u+w "$dest/$flat"
  if [[ -d "$path.runfiles" ]]; then
    cp -rL "$path.runfiles" ".device/runfiles/$flat.runfiles"
  fi
  # Shared libraries: glibc apart, everything the binary needs travels.
  ldd "$path" | awk '/=> \// {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
      libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|ld-linux*)
        cp -L -n "$lib" .device/glibc/ ;;
      *) cp -L -n "$lib" .device/lib/ ;;
    esac
  done
}
for t in $tests; do stage_one "$t" .device/tests; done
for b in $benches; do stage_one "$b" .device/bench; done
cp -L -n /lib64/ld-linux-x86-64.so.2 .device/glibc/

{
  echo "commit: $(git rev-parse HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo ' (+ uncommitted changes)')"
  echo "staged: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
  echo "nvcc:   $(${MXFP4_NVCC:-/usr/local/cuda/bin/nvcc} --version | tail -1)"
  echo "tests:  $(echo $tests)"
  echo "benches: $(echo $benches)"
} > .device/MANIFEST
du -sh .device >&2
say "done: pass carry=[\".device\"] to the device tool and run: bash tools/device/run_all.sh"
