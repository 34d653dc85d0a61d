// File: mxfp4/gpu/gemm/internal/test_kernels.h
//
// Testonly raw launchers that run the GEMM's building blocks in isolation
// (gemm_building_blocks_test.cc), so a failure of a full path can be traced
// to the piece that broke: the element quantizer (device_block_quantize.h),
// one MMA tile with the weight conversion and the epilogue's bf16 conversion
// (internal/mma_ops.h).

#ifndef MXFP4_GPU_GEMM_INTERNAL_TEST_KERNELS_H_
#define MXFP4_GPU_GEMM_INTERNAL_TEST_KERNELS_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

// For i in [0, 2^24), bf16 x = i & 0xFFFF quantized with scale byte
// s = i >> 16 (every bf16, every scale): out_f16[i] = the GEMM's fp16 of
// value/2, out_e4m3[i] = its E4M3 byte of value/2, out_f16_shifted[i] = the
// fp16 of the exponent-shift form (HalfF16PairShifted) for s = 3..254, 0xFFFF
// for the other scale bytes (meaningful only where |x| fits a block of scale s).
hipError_t LaunchQuantizeEveryElement(uint16_t* out_f16, uint8_t* out_e4m3,
                                      uint16_t* out_f16_shifted, hipStream_t stream);

// For each of `tiles` independent 16x8 tiles: d[t][row][col] = the exact
// block dot product of weight words w[t][row][4] (one 32-element K-block,
// fp4x2 packed) and activations given as E2M1 codes x[t][col][32] (natural
// K order), computed with the GEMM's conversion and MMA: fp16 operands
// (MmaF16Block) when `f16`, else e4m3 (MmaE4m3ZeroAcc). One warp per tile.
hipError_t LaunchMmaTiles(const uint32_t* w, const uint8_t* x_codes, float* d, int tiles, bool f16,
                          hipStream_t stream);

// The epilogue's bf16 conversion: for every fp32 bit pattern i (as the low
// value, and i * 0x9E3779B1 as the high one), Float2ToBf16x2Bits against two
// FloatToBf16Bits (internal/mma_ops.h). result[0] = mismatches, result[1] =
// the first mismatching i found (result must be zeroed before).
hipError_t LaunchCompareBf16PairOnEveryFloat(uint32_t* result, hipStream_t stream);

// out[i] = Float2ToBf16x2Bits(in[2i], in[2i + 1]) for i < pairs.
hipError_t LaunchBf16Pairs(const float* in, uint32_t* out, int pairs, hipStream_t stream);

// A kernel that, like a producer using programmatic dependent launch,
// releases its dependents first (griddepcontrol.launch_dependents), then
// waits `delay_ns` and only then copies src0 -> dst0 and src1 -> dst1
// (bytes0 / bytes1 bytes, multiples of 16, 16-byte aligned) with one CTA: a
// stand-in for a preceding kernel that writes the weights a GEMM reads.
hipError_t LaunchLateCopyReleasingEarly(void* dst0, const void* src0, size_t bytes0, void* dst1,
                                        const void* src1, size_t bytes1, uint64_t delay_ns,
                                        hipStream_t stream);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_TEST_KERNELS_H_
