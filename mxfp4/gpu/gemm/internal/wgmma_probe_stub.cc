// File: mxfp4/gpu/gemm/internal/wgmma_probe_stub.cc
//
// wgmma_probe.h without nvcc (--define=mxfp4_gpu=none): "no device".

#include "mxfp4/gpu/gemm/internal/wgmma_probe.h"

namespace mxfp4::gpu::gemm_internal {

hipError_t LaunchWgmmaProbe(const uint8_t*, const uint8_t*, float*, int, bool, hipStream_t) {
  return hipErrorNoDevice;
}

hipError_t LaunchWgmmaProbeShiftedE4m3(const uint8_t*, const uint8_t*, float*, int, int,
                                       hipStream_t) {
  return hipErrorNoDevice;
}

hipError_t LaunchWgmmaProbeInt8(const uint8_t*, const uint8_t*, const uint8_t*, const uint8_t*,
                                int32_t*, int, int, hipStream_t) {
  return hipErrorNoDevice;
}

}  // namespace mxfp4::gpu::gemm_internal
