#!/usr/bin/env bash
# tools/device/slim_stage.sh: a timing-only device call carries a slim stage.
#
# The device tool carries at most 64 MiB, the tracked tree included (~30 MB
# in session 19, most of it mxfp4/bench/results/): a full stage (~16 MB) plus
# three variants did not fit (session 19 call 1). A call that only runs a few
# staged binaries (gemm_paths_benchmark --only / --phase_clock against
# variants) needs the stage's libraries and those binaries alone (~5 MB).
#
# Usage (here, after tools/device/stage.sh):
#   tools/device/slim_stage.sh [BINARY ...]   keep .device/lib, .device/glibc and
#       BINARY (a file name under .device/bench/ or .device/tests/; default
#       mxfp4.gpu.gemm.gemm_paths_benchmark); the full stage moves to
#       .device-pack-full/stage.tar.xz (git-ignored, not carried)
#   tools/device/slim_stage.sh --libs_only    .device/lib and .device/glibc alone (~2 MB):
#       for a call whose base binary is a variant's (only_ab.sh with MXFP4_ONLY_BASE=
#       /tmp/v/<pack>/...), since every GPU binary is 13-22 MB packed and a full stage
#       beside two variant packs exceeds the carry (session 79)
#   tools/device/slim_stage.sh --restore      put the full stage back
# Variants for such calls: tools/device/pack_variant.sh --no_gemm_benchmark.
set -euo pipefail
root="${MXFP4_SLIM_STAGE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root"
pack=.device-pack/stage.tar.xz
full=.device-pack-full/stage.tar.xz
if [[ "${1:-}" == "--restore" ]]; then
  [[ -f "$full" ]] || { echo "slim_stage: no full stage in $full" >&2; exit 2; }
  mv -f "$full" "$pack"
  echo "slim_stage: full stage restored ($(du -h "$pack" | cut -f1))"
  exit 0
fi
libs_only=0
if [[ "${1:-}" == "--libs_only" ]]; then
  libs_only=1
  shift
  (( $# == 0 )) || { echo "slim_stage: --libs_only takes no binaries" >&2; exit 2; }
fi
(( libs_only || $# > 0 )) || set -- mxfp4.gpu.gemm.gemm_paths_benchmark
if [[ ! -f "$full" ]]; then
  [[ -f "$pack" ]] || { echo "slim_stage: no $pack (run tools/device/stage.sh first)" >&2; exit 2; }
  mkdir -p "$(dirname "$full")"
  mv "$pack" "$full"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -xJf "$full" -C "$work"
keep=(.device/lib)
[[ -d "$work/.device/glibc" ]] && keep+=(.device/glibc)
for b in "$@"; do
  found=""
  for dir in bench tests; do
    [[ -f "$work/.device/$dir/$b" ]] && found=".device/$dir/$b"
  done
  [[ -n "$found" ]] || { echo "slim_stage: $b is not in the stage" >&2; exit 2; }
  keep+=("$found")
done
tar -C "$work" -cf - "${keep[@]}" | xz -9 -T"${MXFP4_JOBS:-8}" >"$pack"
echo "slim_stage: $pack ($(du -h "$pack" | cut -f1)): ${keep[*]}; full stage in $full"
