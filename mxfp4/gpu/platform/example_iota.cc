// File: mxfp4/gpu/platform/example_iota.cc
//
// Host side of the example library: validate, launch, map errors.

#include "mxfp4/gpu/platform/example_iota.h"

#include "absl/strings/str_format.h"
#include "mxfp4/gpu/platform/example_iota_launch.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {

absl::Status IotaU32OnGpu(uint32_t* d_out, int64_t n, uint32_t start, hipStream_t stream) {
  if (n < 0) return absl::InvalidArgumentError(absl::StrFormat("IotaU32OnGpu: n = %d < 0", n));
  if (n == 0) return absl::OkStatus();
  if (d_out == nullptr) return absl::InvalidArgumentError("IotaU32OnGpu: d_out is null");
  MXFP4_HIP_RETURN_IF_ERROR(internal::LaunchIotaU32(d_out, n, start, stream));
  return absl::OkStatus();
}

}  // namespace mxfp4::gpu
