#!/usr/bin/env bash
# tools/device/pack_variant.sh: builds the working tree's gemm_benchmark and the
# named GPU test binaries (-c opt, stage.sh's output base) into
# .device-pack/<name>.tar.xz, for an A/B device call against the staged tree
# (tools/device/ab_contest.sh; docs/gpu.md "A/B runs").
#
# Usage: tools/device/pack_variant.sh [--no_gemm_benchmark] <name> [test target ...]
#   e.g. tools/device/pack_variant.sh pdl //mxfp4/gpu/gemm:fused_quant_test
# --no_gemm_benchmark: only the named targets (~5 MB less to carry), for calls
# that time with gemm_paths_benchmark --only and no contest (ab_contest.sh
# needs the variant's gemm_benchmark); see tools/device/slim_stage.sh.
# Typical flow: stage.sh on the baseline tree; edit; pack_variant.sh v1 ...;
# revert or edit again; pack_variant.sh v2 ...; then carry [".device-pack"] and
# run tools/device/ab_contest.sh v1 v2 on the device.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
with_gemm_benchmark=1
if [[ "${1:-}" == "--no_gemm_benchmark" ]]; then with_gemm_benchmark=0; shift; fi
name="${1:?usage: pack_variant.sh [--no_gemm_benchmark] <name> [test target ...]}"; shift
[[ "$name" =~ ^[A-Za-z0-9_]+$ ]] || { echo "pack_variant: name must be [A-Za-z0-9_]+" >&2; exit 2; }
[[ "$name" != stage && "$name" != base ]] || { echo "pack_variant: '$name' is reserved" >&2; exit 2; }
bazel=(./bazelw --output_base="${MXFP4_BAZEL_OUTPUT_BASE:-$HOME/.cache/bazel-stage}")
targets=("$@")
(( with_gemm_benchmark )) && targets+=(//mxfp4/bench:gemm_benchmark)
(( ${#targets[@]} > 0 )) || { echo "pack_variant: nothing to pack" >&2; exit 2; }
"${bazel[@]}" build -c opt --noshow_progress --jobs="${MXFP4_JOBS:-8}" "${targets[@]}"
bin="$("${bazel[@]}" info -c opt bazel-bin 2>/dev/null)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/$name" .device-pack
if (( with_gemm_benchmark )); then
  cp "$bin/mxfp4/bench/gemm_benchmark" "$work/$name/mxfp4.bench.gemm_benchmark"
fi
for label in "$@"; do
  pkg="${label#//}"; pkg="${pkg%%:*}"; t="${label##*:}"
  cp "$bin/$pkg/$t" "$work/$name/$(echo "$pkg" | tr '/' '.').$t"
done
chmod -R u+w "$work/$name"
tar -C "$work" -cf - "$name" | xz -9 -T"${MXFP4_JOBS:-8}" >".device-pack/$name.tar.xz"
echo "pack_variant: .device-pack/$name.tar.xz ($(du -h ".device-pack/$name.tar.xz" | cut -f1)): $(ls "$work/$name" | tr '\n' ' ')"
