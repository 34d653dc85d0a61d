// File: mxfp4/gpu/amd/kernels/gemm_splitk_small_m.hip
//
// gfx950 path 3 (K > 512, M <= 32; spec: shared/spec/workload.md): the fused
// quantize + MFMA kernel over one K split per blockIdx.z, writing fp32
// partials [split][M][N]; splitk_combine.hip adds them in split order (no
// atomics, so the result is the same every run). B is streamed (nontemporal
// loads): with one row of M tiles every B byte is read once.

#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/kernels/fused_quant_gemm.h"

using mxfp4::gfx950::FusedQuantGemmArgs;
using mxfp4::gfx950::FusedQuantGemmWave;

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_gemm_splitk_small_m_m16(
    FusedQuantGemmArgs args) {
  FusedQuantGemmWave</*kMTiles=*/1, /*kPartials=*/true, /*kStreamB=*/true>(args);
}

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_gemm_splitk_small_m_m32(
    FusedQuantGemmArgs args) {
  FusedQuantGemmWave</*kMTiles=*/2, /*kPartials=*/true, /*kStreamB=*/true>(args);
}
