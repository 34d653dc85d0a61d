// File: mxfp4/gpu/quantize/quantize_launch.h
//
// Raw launcher of the quantization kernels (arguments validated by
// quantize.cc). Plain integers instead of absl types: the device TU stays free
// of absl. Internal to //mxfp4/gpu/quantize.

#ifndef MXFP4_GPU_QUANTIZE_QUANTIZE_LAUNCH_H_
#define MXFP4_GPU_QUANTIZE_QUANTIZE_LAUNCH_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::internal {

// Same numbering as mxfp4::ScaleRule / mxfp4::ScaleLayout (checked in quantize.cc).
enum class QuantizeRuleId : int { kEven = 0, kOcpFloor = 1, kRceil = 2 };
enum class QuantizeLayoutId : int { kNatural = 0, kShuffled16 = 1, kShuffled32 = 2 };
// Same numbering as mxfp4::gpu::QuantizeKernelVariant.
enum class QuantizeVariantId : int { kBf16x2Packed = 0, kBf16x2PackedTiled = 1, kFp32Scalar = 2 };

// Launches one kernel that writes all m*k/2 data bytes and all scale bytes
// (padded_rows * padded_groups for the shuffled layouts).
hipError_t LaunchQuantizeBf16(const uint16_t* d_x, int64_t m, int64_t k, QuantizeRuleId rule,
                              QuantizeLayoutId layout, QuantizeVariantId variant, uint8_t* d_data, uint8_t* d_scales,
                              hipStream_t stream);

}  // namespace mxfp4::gpu::internal

#endif  // MXFP4_GPU_QUANTIZE_QUANTIZE_LAUNCH_H_
