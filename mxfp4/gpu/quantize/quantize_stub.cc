// File: mxfp4/gpu/quantize/quantize_stub.cc
//
// --define=mxfp4_gpu=none: no kernels. quantize.cc turns hipErrorNoDevice into
// absl::UnavailableError("built without GPU support ...").

#include "mxfp4/gpu/quantize/quantize_launch.h"

namespace mxfp4::gpu::internal {

hipError_t LaunchQuantizeBf16(const uint16_t*, int64_t, int64_t, QuantizeRuleId,
                              QuantizeLayoutId, QuantizeVariantId, uint8_t*, uint8_t*, hipStream_t) {
  return hipErrorNoDevice;
}

}  // namespace mxfp4::gpu::internal
