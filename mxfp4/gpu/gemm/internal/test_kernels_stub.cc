// File: mxfp4/gpu/gemm/internal/test_kernels_stub.cc
//
// test_kernels.h without nvcc: "no device".

#include "mxfp4/gpu/gemm/internal/test_kernels.h"

namespace mxfp4::gpu::gemm_internal {

hipError_t LaunchQuantizeEveryElement(uint16_t*, uint8_t*, uint16_t*, hipStream_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchMmaTiles(const uint32_t*, const uint8_t*, float*, int, bool, hipStream_t) {
  return hipErrorNoDevice;
}

hipError_t LaunchCompareBf16PairOnEveryFloat(uint32_t*, hipStream_t) { return hipErrorNoDevice; }
hipError_t LaunchBf16Pairs(const float*, uint32_t*, int, hipStream_t) { return hipErrorNoDevice; }
hipError_t LaunchLateCopyReleasingEarly(void*, const void*, size_t, void*, const void*, size_t,
                                        uint64_t, hipStream_t) {
  return hipErrorNoDevice;
}

}  // namespace mxfp4::gpu::gemm_internal
