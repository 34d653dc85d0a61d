// File: mxfp4/gpu/gemm/internal/wgmma_probe.h
//
// Testonly probe: is one 32-element K-block's partial P exact when a Hopper
// warpgroup MMA (wgmma.mma_async, sm_90a) forms it from a zero accumulator?
// The accumulation contract (shared/spec/gpu-design.md, "The accumulation
// contract"; docs/accumulation.md §1) needs P exact and a zero P to be +0.
// mma.sync is verified (gemm_building_blocks_test); wgmma is not yet, and a
// wgmma GEMM path must not be written before wgmma_exactness_test passes on
// the H200 (docs/paths.md, "wgmma exactness probe"). Nothing dispatches this.
//
// One CTA = one warpgroup (128 threads) per tile computes
//   D(64 x kWgmmaProbeN) = A(64 x 32) * B(32 x kWgmmaProbeN)
// with A = weights as 2 * E2M1 value, B = activations as E2M1 value / 2, in
// the GEMM's encodings (internal/mma_ops.h, device_block_quantize.h), both
// K-major in shared memory (no swizzle), read through matrix descriptors:
//   - f16:  two wgmma m64n64k16.f32.f16.f16, the first with scale-d = 0
//           (zero accumulator; the accumulator registers hold a NaN before
//           it, so a non-zero start would show), the second accumulating;
//   - e4m3: one wgmma m64n64k32.f32.e4m3.e4m3 with scale-d = 0.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_PROBE_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_PROBE_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

inline constexpr int kWgmmaProbeM = 64;
inline constexpr int kWgmmaProbeN = 64;
inline constexpr int kWgmmaProbeK = 32;  // one MXFP4 block

// LaunchWgmmaProbe()
// For each of `tiles` independent tiles t:
//   d[t][row][col] = sum_k E2M1(a_codes[t][row][k]) * E2M1(b_codes[t][col][k])
// as the probe's wgmma computes it (fp16 operands when `f16`, else e4m3).
// a_codes: tiles x 64 x 32 E2M1 codes (one per byte, low nibble; weights);
// b_codes: tiles x kWgmmaProbeN x 32 codes (column-wise, K contiguous;
// activations); d: tiles x 64 x kWgmmaProbeN fp32, row-major. All device
// pointers. Example:
//   LaunchWgmmaProbe(a_dev, b_dev, d_dev, 16, /*f16=*/true, nullptr);
hipError_t LaunchWgmmaProbe(const uint8_t* a_codes, const uint8_t* b_codes, float* d, int tiles,
                            bool f16, hipStream_t stream);

// LaunchWgmmaProbeShiftedE4m3(): the e4m3 probe with a cheaper weight
// encoding the ring tiles use since session 20 (Fp4x8ToShiftedE4m3): the
// E4M3 byte of value x 2^-6 is a shift of the E2M1 code, (s << 7) |
// (mag << 2) (code 1 becomes the subnormal 2^-7), taken from the packed word
// as even elements then odd ones (the activations in the same order), and
// the activations are E4M3 of value / 2 x 2^act_exp (act_exp in -7..7: the
// folded range of the ring tiles' quantizer). So
//   d = sum_k E2M1(a) * E2M1(b) * 2^(act_exp - 7), exactly.
hipError_t LaunchWgmmaProbeShiftedE4m3(const uint8_t* a_codes, const uint8_t* b_codes, float* d,
                                       int tiles, int act_exp, hipStream_t stream);

// LaunchWgmmaProbeInt8(): integer accumulation (internal/int8_accumulation.h)
// over `groups` (1..kWgmmaProbeMaxGroups) K-blocks: both operands as int8
// 2 x value x 2^shift (Fp4x8ToShiftedInt8, natural element order), one shift
// per row (or column) and block, and s8 wgmmas m64n64k32 into s32, the first
// from a zero accumulator (the registers hold a poison before it), the others
// accumulating:
//   d[t][row][col] = sum_g sum_k (2 a x 2^a_shift[row][g]) (2 b x 2^b_shift[col][g])
// a_codes / b_codes: tiles x 64 x (32 groups) codes, K contiguous; a_shifts /
// b_shifts: tiles x 64 x groups bytes, each 0..kInt8MaxShift; d: tiles x 64 x
// 64 int32, row-major.
inline constexpr int kWgmmaProbeMaxGroups = 8;
hipError_t LaunchWgmmaProbeInt8(const uint8_t* a_codes, const uint8_t* b_codes,
                                const uint8_t* a_shifts, const uint8_t* b_shifts, int32_t* d,
                                int tiles, int groups, hipStream_t stream);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_PROBE_H_
