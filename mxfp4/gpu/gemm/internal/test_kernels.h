// File: mxfp4/gpu/gemm/internal/test_kernels.h
//
// Testonly raw launchers that run the GEMM's building blocks in isolation
// (gemm_building_blocks_test.cc), so a failure of a full path can be traced
// to the piece that broke: the element quantizer (device_block_quantize.h)
// and one MMA tile with the weight LUT conversion (mma_e4m3.h).

#ifndef MXFP4_GPU_GEMM_INTERNAL_TEST_KERNELS_H_
#define MXFP4_GPU_GEMM_INTERNAL_TEST_KERNELS_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

// out[i] = the GEMM's E4M3(value/2) byte of bf16 x = i & 0xFFFF quantized
// with scale byte s = i >> 16, for i in [0, 2^24): every bf16, every scale.
hipError_t LaunchQuantizeEveryElement(uint8_t* out, hipStream_t stream);

// For each of `tiles` independent 16x8 tiles: d[t][row][col] = MMA of weight
// words w[t][row][4] (one 32-element K-block, fp4x2 packed, converted with the
// 2x LUT) and activation bytes x[t][col][32] (E4M3 of value/2, natural K
// order), zero accumulator. One warp per tile.
hipError_t LaunchMmaTiles(const uint32_t* w, const uint8_t* x, float* d, int tiles,
                          hipStream_t stream);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_TEST_KERNELS_H_
