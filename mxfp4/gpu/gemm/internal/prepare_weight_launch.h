// File: mxfp4/gpu/gemm/internal/prepare_weight_launch.h
//
// Raw launchers of the prepared-weight converters (prepare_weight_kernel.cu.cc;
// the public entry is PrepareWeight in prepared_weight.h, which validates).

#ifndef MXFP4_GPU_GEMM_INTERNAL_PREPARE_WEIGHT_LAUNCH_H_
#define MXFP4_GPU_GEMM_INTERNAL_PREPARE_WEIGHT_LAUNCH_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

// Writes the prepared image of the (n, k) weight (`data` natural or
// preshuffled16x16, 16-byte aligned; `scales` natural or shuffled16) into
// `out_data` (16-byte aligned) and `out_scales`; rows past n as zeros.
hipError_t LaunchPrepareWeight(const uint8_t* data, const uint8_t* scales, int32_t n, int32_t k,
                               bool preshuffled, bool scales_shuffled16, uint8_t* out_data,
                               float* out_scales, hipStream_t stream);

// Writes the int8 prepared image of the same weight (mxfp4/gpu/gemm/
// int8_image.h): `out_data` (PreparedDataBytes(n, k) bytes, 16-byte aligned)
// and `out_row_info` (one uint32 per row of the 64-row groups); rows without
// an int8 form and rows past n as zero bytes, padding rows'
// info kInt8RowInfoInvalid.
hipError_t LaunchPrepareWeightInt8(const uint8_t* data, const uint8_t* scales, int32_t n, int32_t k,
                                   bool preshuffled, bool scales_shuffled16, uint8_t* out_data,
                                   uint32_t* out_row_info, hipStream_t stream);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_PREPARE_WEIGHT_LAUNCH_H_
