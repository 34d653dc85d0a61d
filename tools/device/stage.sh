#!/usr/bin/env bash
# tools/device/stage.sh: build every GPU test and benchmark here (nvcc, -c opt),
# copy them with the shared libraries they need into .device/ (git-ignored) and
# pack that into .device-pack/stage.tar.xz, the one thing to carry to the GPU
# machine (device tool: carry=[".device-pack"], then `bash tools/device/run_all.sh
# ...`, which unpacks it). The only device workflow of the project; see
# docs/gpu.md "Device workflow".
#
# What is staged (.device/, packed with xz: the device tool carries at most
# 64 MiB with the working tree; the pack is ~1/8 of the folder):
#   .device/tests/<pkg.name>      every cc_test tagged "gpu" under //mxfp4/...
#   .device/bench/<pkg.name>      every binary tagged "gpu" named *_benchmark
#                                 (gemm_benchmark, gemm_paths_benchmark, ...)
#   .device/runfiles/<pkg.name>.runfiles/   their data files (if any)
#   .device/lib/                  non-glibc shared libraries from ldd (libabsl*,
#                                 libbenchmark, libstdc++, libgcc_s): the device
#                                 machine runs a different image
#   .device/glibc/                this machine's glibc + loader, used by run_all.sh
#                                 only if the binaries do not start with the device's
#   .device/MANIFEST              commit, date, nvcc, targets
# cuBLAS is not staged (libcublasLt is ~540 MB): the benchmarks dlopen the GPU
# machine's own (run_all.sh sets MXFP4_CUBLAS_DIR).
#
# Usage: tools/device/stage.sh [--scope=QUERY] [extra bazel build flags]
#   --scope=QUERY  where to look for GPU targets (a bazel query expression;
#                  default //mxfp4/...), e.g. --scope='//mxfp4/gpu/gemm/... + //mxfp4/bench/...'
#   MXFP4_BAZEL_OUTPUT_BASE  Bazel output base (default ~/.cache/bazel-stage)
# Targets that fail to build are reported and left out (--keep_going); the
# script then exits 1 after staging the rest. It also exits 1 if the pack is
# over the carry limit.
# The body is one { } group ending in exit, so bash parses it whole before it
# runs: an edit to this file while a build runs cannot change the running
# script (session 73 lost a pack to an edit of pack_variant.sh mid-build).
{
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
out_base="${MXFP4_BAZEL_OUTPUT_BASE:-$HOME/.cache/bazel-stage}"
bazel=(./bazelw --output_base="$out_base")
say() { echo "stage: $*" >&2; }
pack=.device-pack/stage.tar.xz
# Leaves room under the device tool's 64 MiB for the tracked tree itself (as
# the tool counts it, by disk blocks: 32.6 MiB in session 56) and the call
# scripts (36 MiB in session 68 before its records archive, ~21 after); a
# warning where no variant's pack fits beside it.
tree_mib=$(( ($(tools/device/carry_size.sh --tree_kib) + 1023) / 1024 ))
pack_limit_mib=$(( 64 - tree_mib - 1 ))
variant_mib=14  # one variant's gemm_paths_benchmark (+ a few tests), xz: 13-14 MiB in session 68

if ! grep -q "mxfp4_gpu=cuda" .bazelrc.toolchain 2>/dev/null && [[ -z "${MXFP4_NVCC:-}" ]]; then
  # ./bazelw regenerates .bazelrc.toolchain; check what it found. (grep reads
  # it all: grep -q would exit early, and under pipefail the writer's SIGPIPE
  # failed this check on a fresh checkout that had nvcc.)
  "$root/tools/configure_gpu.sh" | grep "mxfp4_gpu=cuda" >/dev/null ||
    { say "error: no nvcc found; GPU targets would be stubs (see docs/gpu.md)"; exit 1; }
fi

# Both staging folders stay out of git (and out of the device tool's tree
# unless carried).
for p in /.device/ /.device-pack/; do
  grep -qx "$p" .git/info/exclude 2>/dev/null || echo "$p" >>.git/info/exclude
done

scope="//mxfp4/..."
if [[ "${1:-}" == --scope=* ]]; then scope="${1#--scope=}"; shift; fi
tests=$("${bazel[@]}" query --noshow_progress "attr(tags, \"\\bgpu\\b\", tests($scope))")
binaries=$("${bazel[@]}" query --noshow_progress \
  "attr(tags, \"\\bgpu\\b\", kind(\"cc_binary\", $scope))")
benches=$(echo "$binaries" | grep '_benchmark$' || true)
say "tests:   $(echo $tests)"
say "benches: $(echo $benches)"
[[ -n "$tests$benches" ]] || { say "error: nothing tagged gpu"; exit 1; }

# Remove earlier binaries so a target that fails now cannot be staged stale.
bin="$("${bazel[@]}" info -c opt bazel-bin 2>/dev/null)"
for label in $tests $benches; do
  p="${label#//}"; rm -f "$bin/${p%%:*}/${label##*:}"
done
build_status=0
"${bazel[@]}" build -c opt --keep_going --jobs="${MXFP4_JOBS:-2}" --noshow_progress "$@" \
  $tests $benches || build_status=$?

rm -rf .device .device-pack .device-pack-full  # -full: slim_stage.sh's copy of an older stage
mkdir -p .device/tests .device/bench .device/lib .device/glibc .device/runfiles .device-pack

stage_one() {  # label destdir
  local label="$1" dest="$2" pkg name path flat
  pkg="${label#//}"; pkg="${pkg%%:*}"; name="${label##*:}"
  path="$bin/$pkg/$name"
  flat="$(echo "$pkg" | tr '/' '.').$name"
  if [[ ! -x "$path" ]]; then
    say "NOT STAGED (did not build): $label"; failed+=("$label"); return 0
  fi
  cp "$path" "$dest/$flat"
  chmod u+w "$dest/$flat"
  if [[ -d "$path.runfiles" ]]; then
    # The data files only: a runfiles tree also holds the binary itself (~29 MB
    # for a GEMM test, already in $dest), which took the full pack from 26 MiB
    # to 40 MB (session 56) - over the carry beside the tracked tree. A tree
    # left with no data is not staged (run_all.sh sets no TEST_SRCDIR then).
    local rf=".device/runfiles/$flat.runfiles"
    cp -rL "$path.runfiles" "$rf"
    find "$rf" -type f -path "*/$pkg/$name" -delete
    if [[ -z "$(find "$rf" -type f ! -name MANIFEST ! -name _repo_mapping -print -quit)" ]]; then
      rm -rf "$rf"
    fi
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
failed=()
for t in $tests; do stage_one "$t" .device/tests; done
for b in $benches; do stage_one "$b" .device/bench; done
cp -L -n /lib64/ld-linux-x86-64.so.2 .device/glibc/

{
  echo "commit: $(git rev-parse HEAD 2>/dev/null)$(git diff --quiet HEAD -- mxfp4 2>/dev/null || echo ' (+ uncommitted changes under mxfp4/)')"
  echo "staged: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
  echo "nvcc:   $(${MXFP4_NVCC:-/usr/local/cuda/bin/nvcc} --version | tail -1)"
  echo "tests:  $(echo $tests)"
  echo "benches: $(echo $benches)"
} > .device/MANIFEST
exit_status=0
if [[ $build_status -ne 0 || ${#failed[@]} -gt 0 ]]; then
  say "WARNING: some targets failed to build and were left out: ${failed[*]:-see the bazel log}"
  echo "left out (build failed): ${failed[*]:-see the stage log}" >> .device/MANIFEST
  exit_status=1
fi

# The device tool carries at most 64 MiB: ship the folder compressed. xz -9's
# 64 MiB dictionary spans several binaries, which share most of their code:
# ~12 MB instead of -6's ~46 MB (2026-11-30), room for A/B binaries beside it.
tar -cf - .device | xz -9 -T"${MXFP4_JOBS:-2}" >"$pack"
du -sh .device "$pack" >&2
pack_mib=$(( $(stat -c %s "$pack") / 1048576 ))
if (( pack_mib >= pack_limit_mib )); then
  say "error: $pack is ${pack_mib} MiB, over the ${pack_limit_mib} MiB budget for the carry (64 MiB less the ${tree_mib} MiB tracked tree); stage less (--scope)"
  exit 1
fi
if (( pack_mib + variant_mib > pack_limit_mib )); then
  say "note: no ${variant_mib} MiB variant fits beside this ${pack_mib} MiB stage; for an A/B slim it first (slim_stage.sh)"
fi
say "done: pass carry=[\".device-pack\"] to the device tool and run: bash tools/device/run_all.sh [options]"
exit $exit_status
}
