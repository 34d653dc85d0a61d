#!/usr/bin/env bash
# File: mxfp4/gpu/amd/run_mi355x_tests.sh
#
# Runs the gfx950 test suite on a machine with an AMD Instinct MI355X and a
# ROCm that supports it (docs/amd.md, "Running on an MI355X"). Unlike CI, a
# missing GPU, HIP runtime or clang-22 is a FAILURE here, never a skip:
#   MXFP4_REQUIRE_AMD_GPU=1  gfx950_device_test fails instead of skipping;
#   MXFP4_REQUIRE_GFX950=1   the code-object checks fail without clang-22.
# Extra arguments go to `bazel test` (e.g. --test_filter=*contest*).
#
# Usage: mxfp4/gpu/amd/run_mi355x_tests.sh [bazel test flags...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"

hip="${MXFP4_HIP_LIBRARY:-}"
if [[ -z "$hip" ]]; then
  for c in "${ROCM_PATH:-/opt/rocm}/lib/libamdhip64.so" /opt/rocm/lib/libamdhip64.so \
           /usr/lib/x86_64-linux-gnu/libamdhip64.so; do
    if [[ -e "$c" ]]; then hip="$c"; break; fi
  done
fi
if [[ -z "$hip" ]]; then
  echo "run_mi355x_tests: libamdhip64.so not found; install ROCm or set MXFP4_HIP_LIBRARY" >&2
  exit 1
fi
if command -v rocminfo >/dev/null 2>&1 && ! rocminfo 2>/dev/null | grep -q gfx950; then
  echo "run_mi355x_tests: warning: rocminfo lists no gfx950 agent; the device test will fail" >&2
fi
echo "run_mi355x_tests: HIP runtime $hip"

cd "$root"
exec ./bazelw test \
  //mxfp4/gpu/amd/... \
  --test_env=MXFP4_REQUIRE_AMD_GPU=1 \
  --test_env=MXFP4_REQUIRE_GFX950=1 \
  --test_env=MXFP4_HIP_LIBRARY="$hip" \
  --cache_test_results=no \
  --test_output=all \
  "$@"
