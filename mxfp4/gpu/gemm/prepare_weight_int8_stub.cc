// File: mxfp4/gpu/gemm/prepare_weight_int8_stub.cc
//
// The int8 prepared-weight launcher for the build without nvcc
// (--define=mxfp4_gpu=none), beside gemm_stub.cc's: it reports "no device".

#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"

namespace mxfp4::gpu::gemm_internal {

hipError_t LaunchPrepareWeightInt8(const uint8_t*, const uint8_t*, int32_t, int32_t, bool, bool,
                                   uint8_t*, uint16_t*, hipStream_t) {
  return hipErrorNoDevice;
}

}  // namespace mxfp4::gpu::gemm_internal
