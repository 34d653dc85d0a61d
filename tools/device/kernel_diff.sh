#!/usr/bin/env bash
# tools/device/kernel_diff.sh: which GPU kernels a change touches, before any
# device time. Compiles the device translation units of the working tree and
# of a base revision to PTX (the nvcc flags of mxfp4/gpu.bzl, less -lineinfo)
# and lists, per TU, the kernels whose normalized PTX differs, with ptxas's
# register and spill-store changes (tools/device/kernel_diff.py).
#
# Why: ptxas schedules each kernel as a whole, so a change can move kernels it
# was not meant for. Session 13: a WeightRowPair change for the fused tiles
# also changed the PTX of streamq_n32_m16_k8_bulk, which never uses it (CSE in
# its prologue), and that kernel lost 250 cycles of math (+0.2 us on
# 16x2112x7168). Pack variants for the kernels this lists, and time the shapes
# they run.
#
# Usage: tools/device/kernel_diff.sh [--base=REV] [TU ...]
#   --base=REV  what to compare with (default HEAD: the uncommitted change)
#   TU          device sources (default: the GEMM kernels under mxfp4/gpu/gemm)
# Exit status: 0 no kernel changed, 1 some changed, 2 a compile failed.
# Needs nvcc ($MXFP4_NVCC, default /usr/local/cuda/bin/nvcc); ~30 s a TU.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
base_rev=HEAD
tus=()
for a in "$@"; do
  case "$a" in
    --base=*) base_rev="${a#*=}" ;;
    -*) echo "kernel_diff: unknown option $a" >&2; exit 2 ;;
    *) tus+=("$a") ;;
  esac
done
[[ ${#tus[@]} -gt 0 ]] || tus=(mxfp4/gpu/gemm/gemm_fused_quant_kernel.cu.cc
  mxfp4/gpu/gemm/gemm_splitk_small_m_kernel.cu.cc mxfp4/gpu/gemm/gemm_quant_then_mma_kernel.cu.cc
  mxfp4/gpu/gemm/quantize_a_operand_kernel.cu.cc)
git rev-parse --verify -q "$base_rev^{commit}" >/dev/null ||
  { echo "kernel_diff: no revision $base_rev" >&2; exit 2; }
nvcc="${MXFP4_NVCC:-/usr/local/cuda/bin/nvcc}"
flags=(-x cu -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -ftz=false -prec-div=true
  -prec-sqrt=true -fmad=false -I.)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/base" "$work/new"
git archive "$base_rev" mxfp4 | tar -x -C "$work/src"

# compile <tree> <out dir> <tu>: PTX plus a ptxas -v log (registers, spills).
compile() {
  local name
  name="$(basename "$3" .cu.cc)"
  (cd "$1" && "$nvcc" "${flags[@]}" -ptx "$3" -o "$2/$name.ptx" &&
    "$nvcc" "${flags[@]}" -cubin -Xptxas -v "$3" -o "$2/$name.cubin") >"$2/$name.log" 2>&1 ||
    { echo "kernel_diff: $3 does not compile in $1 (log: $(tail -3 "$2/$name.log"))" >&2; return 1; }
}
pids=()
for tu in "${tus[@]}"; do
  compile "$work/src" "$work/base" "$tu" & pids+=($!)
  compile "$root" "$work/new" "$tu" & pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=1; done
[[ $failed -eq 0 ]] || exit 2
echo "kernel_diff: working tree against $(git rev-parse --short "$base_rev")"
python3 tools/device/kernel_diff.py "$work/base" "$work/new" mxfp4/gpu/gemm/internal/tile_config.h
