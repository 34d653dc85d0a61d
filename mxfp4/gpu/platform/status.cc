// File: mxfp4/gpu/platform/status.cc
//
// HIP error -> absl::Status (see status.h).

#include "mxfp4/gpu/platform/status.h"

#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/gpu/platform/build_info.h"

namespace mxfp4::gpu {

absl::Status HipErrorToStatus(hipError_t error, const char* call, const char* file, int line) {
  if (error == hipSuccess) return absl::OkStatus();
  if (!GpuBuildEnabled()) {
    return absl::UnavailableError(
        absl::StrFormat("built without GPU support (--define=mxfp4_gpu=none): %s [%s:%d]", call,
                        file, line));
  }
  const std::string message =
      absl::StrFormat("%s failed: %s (%s) [%s:%d]", call, hipGetErrorName(error),
                      hipGetErrorString(error), file, line);
  switch (static_cast<int>(error)) {
    case hipErrorNoDevice:
    case hipErrorInsufficientDriver:
    case hipErrorNotInitialized:
    case hipErrorDeinitialized:
    case hipErrorNoBinaryForGpu:
    case 34:   // cudaErrorStubLibrary: the driver library is a stub (no driver).
    case 36:   // cudaErrorCallRequiresNewerDriver
    case 803:  // cudaErrorSystemDriverMismatch
    case 804:  // cudaErrorCompatNotSupportedOnDevice
      return absl::UnavailableError(message);
    case hipErrorOutOfMemory:
      return absl::ResourceExhaustedError(message);
    case hipErrorInvalidValue:
    case hipErrorInvalidConfiguration:
    case hipErrorInvalidDevice:
      return absl::InvalidArgumentError(message);
    default:
      return absl::InternalError(message);
  }
}

}  // namespace mxfp4::gpu
