// File: mxfp4/gpu/gemm/gemm_stub.cc
//
// Raw launchers for the build without nvcc (--define=mxfp4_gpu=none): each
// reports "no device", which gemm.cc turns into
// absl::UnavailableError("built without GPU support ...").

#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

hipError_t LaunchGemmFusedQuant(const GemmKernelArgs&, TileConfigId, hipStream_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchGemmSplitKSmallM(const GemmKernelArgs&, TileConfigId, hipStream_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchGemmQuantThenMma(const GemmKernelArgs&, TileConfigId, hipStream_t,
                                  const PreparedWeightArgs&, const Int8OperandArgs&, int32_t,
                                  int32_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchQuantizeAOperand(const uint16_t*, int32_t, int32_t, int32_t, MmaOperands, uint8_t*,
                                  float*, hipStream_t, bool, int32_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchQuantizeAOperandWgmmaOrder(const uint16_t*, int32_t, int32_t, int32_t, int32_t,
                                            int32_t, int32_t, uint8_t*, float*, uint8_t*,
                                            hipStream_t, uint32_t*, int32_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchQuantizeAOperandWgmmaOrderInt8(const uint16_t*, int32_t, int32_t, int32_t, int32_t,
                                                uint8_t*, float*, uint8_t*, uint8_t*, uint32_t*,
                                                uint32_t*, hipStream_t, uint32_t*, int32_t) {
  return hipErrorNoDevice;
}

hipError_t LaunchPrepareWeight(const uint8_t*, const uint8_t*, int32_t, int32_t, bool, bool,
                               uint8_t*, float*, hipStream_t) {
  return hipErrorNoDevice;
}
hipError_t LaunchPrepareWeightInt8(const uint8_t*, const uint8_t*, int32_t, int32_t, bool, bool,
                                   uint8_t*, uint32_t*, hipStream_t) {
  return hipErrorNoDevice;
}

}  // namespace mxfp4::gpu::gemm_internal
