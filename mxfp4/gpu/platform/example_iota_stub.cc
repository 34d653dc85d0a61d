// File: mxfp4/gpu/platform/example_iota_stub.cc
//
// Stub raw launcher for --define=mxfp4_gpu=none: reports "no device", which
// example_iota.cc turns into absl::UnavailableError("built without GPU support").

#include "mxfp4/gpu/platform/example_iota_launch.h"

namespace mxfp4::gpu::internal {

hipError_t LaunchIotaU32(uint32_t*, int64_t, uint32_t, hipStream_t) { return hipErrorNoDevice; }

}  // namespace mxfp4::gpu::internal
