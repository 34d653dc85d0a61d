#!/usr/bin/env bash
# tools/device/pack_variant.sh: builds the working tree's gemm_benchmark and the
# named GPU test binaries (-c opt, stage.sh's output base) into
# .device-pack/<name>.tar.xz, for an A/B device call against the staged tree
# (tools/device/ab_contest.sh; docs/gpu.md "A/B runs").
#
# Usage: tools/device/pack_variant.sh [--no_gemm_benchmark] [--from=REV] <name> [test target ...]
#   e.g. tools/device/pack_variant.sh pdl //mxfp4/gpu/gemm:fused_quant_test
# --from=REV: build commit REV instead of the working tree (an A/B against
# main without stashing: session 42 did it by hand), in a git worktree of
# REV under ${MXFP4_VARIANT_WORKTREES:-~/.cache/mxfp4-worktrees}/<sha> with
# its own output base (${MXFP4_VARIANT_OUTPUT_BASE:-~/.cache/bazel-variant},
# so the stage's stays warm); the pack still lands in this tree's
# .device-pack/. A first build there takes ~3 minutes on 2 cores.
# --no_gemm_benchmark: only the named targets (~5 MB less to carry), for calls
# that time with gemm_paths_benchmark --only and no contest (ab_contest.sh
# needs the variant's gemm_benchmark); see tools/device/slim_stage.sh.
# Typical flow: stage.sh on the baseline tree; edit; pack_variant.sh v1 ...;
# revert or edit again; pack_variant.sh v2 ...; then carry [".device-pack"] and
# run tools/device/ab_contest.sh v1 v2 on the device.
# The body is one { } group ending in exit, so bash parses it whole before it
# runs: an edit to this file while a build runs cannot change the running
# script (session 73 lost a pack to an edit of pack_variant.sh mid-build).
{
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
with_gemm_benchmark=1
from=""
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --no_gemm_benchmark) with_gemm_benchmark=0 ;;
    --from=*) from="${1#--from=}" ;;
    *) echo "pack_variant: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
name="${1:?usage: pack_variant.sh [--no_gemm_benchmark] [--from=REV] <name> [test target ...]}"; shift
[[ "$name" =~ ^[A-Za-z0-9_]+$ ]] || { echo "pack_variant: name must be [A-Za-z0-9_]+" >&2; exit 2; }
[[ "$name" != stage && "$name" != base ]] || { echo "pack_variant: '$name' is reserved" >&2; exit 2; }
pack_dir="$root/.device-pack"
output_base="${MXFP4_BAZEL_OUTPUT_BASE:-$HOME/.cache/bazel-stage}"
if [[ -n "$from" ]]; then
  sha="$(git rev-parse --verify --quiet "$from^{commit}")" ||
    { echo "pack_variant: --from=$from is not a commit" >&2; exit 2; }
  tree="${MXFP4_VARIANT_WORKTREES:-$HOME/.cache/mxfp4-worktrees}/$sha"
  if [[ ! -d "$tree" ]]; then
    mkdir -p "$(dirname "$tree")"
    git worktree add --quiet --detach "$tree" "$sha"
  fi
  output_base="${MXFP4_VARIANT_OUTPUT_BASE:-$HOME/.cache/bazel-variant}"
  cd "$tree"
fi
bazel=(./bazelw --output_base="$output_base")
targets=("$@")
(( with_gemm_benchmark )) && targets+=(//mxfp4/bench:gemm_benchmark)
(( ${#targets[@]} > 0 )) || { echo "pack_variant: nothing to pack" >&2; exit 2; }
# MXFP4_FATBIN_COMPRESS=size (mxfp4/gpu.bzl): smaller fatbins, the same
# machine code; the stage may be built either way.
defines=()
[[ -n "${MXFP4_FATBIN_COMPRESS:-}" ]] && defines=(--define=mxfp4_fatbin_compress="$MXFP4_FATBIN_COMPRESS")
"${bazel[@]}" build -c opt "${defines[@]}" --noshow_progress --jobs="${MXFP4_JOBS:-8}" "${targets[@]}"
bin="$("${bazel[@]}" info -c opt "${defines[@]}" bazel-bin 2>/dev/null)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/$name" "$pack_dir"
if (( with_gemm_benchmark )); then
  cp "$bin/mxfp4/bench/gemm_benchmark" "$work/$name/mxfp4.bench.gemm_benchmark"
fi
for label in "$@"; do
  pkg="${label#//}"; pkg="${pkg%%:*}"; t="${label##*:}"
  cp "$bin/$pkg/$t" "$work/$name/$(echo "$pkg" | tr '/' '.').$t"
done
chmod -R u+w "$work/$name"
tar -C "$work" -cf - "$name" | xz -9 -T"${MXFP4_JOBS:-8}" >"$pack_dir/$name.tar.xz"
echo "pack_variant: $pack_dir/$name.tar.xz ($(du -h "$pack_dir/$name.tar.xz" | cut -f1))${from:+ from $from}: $(ls "$work/$name" | tr '\n' ' ')"
exit
}
