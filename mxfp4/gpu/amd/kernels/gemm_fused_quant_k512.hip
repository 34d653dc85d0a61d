// File: mxfp4/gpu/amd/kernels/gemm_fused_quant_k512.hip
//
// gfx950 path 1 (K <= 512, spec: shared/spec/workload.md): one kernel quantizes
// bf16 A in registers and multiplies it with preshuffled B; bf16 C. Two
// instances: 16 rows of M per workgroup (M <= 16, halves wasted MFMA work on
// tiny M) and 32 rows. See fused_quant_gemm.h and docs/amd.md.

#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/kernels/fused_quant_gemm.h"

using mxfp4::gfx950::FusedQuantGemmArgs;
using mxfp4::gfx950::FusedQuantGemmWave;

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_gemm_fused_quant_k512_m16(
    FusedQuantGemmArgs args) {
  FusedQuantGemmWave</*kMTiles=*/1, /*kPartials=*/false, /*kStreamB=*/false>(args);
}

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_gemm_fused_quant_k512_m32(
    FusedQuantGemmArgs args) {
  FusedQuantGemmWave</*kMTiles=*/2, /*kPartials=*/false, /*kStreamB=*/false>(args);
}
