// File: mxfp4/gpu/platform/status.h
//
// HIP error codes -> absl::Status, naming the failed call, file and line, so a
// GPU failure is never a crash or a silent wrong answer (shared/style.md).
//
// Example:
//   absl::Status CopyIn(void* d, const void* h, size_t n, hipStream_t s) {
//     MXFP4_HIP_RETURN_IF_ERROR(hipMemcpyAsync(d, h, n, hipMemcpyHostToDevice, s));
//     return absl::OkStatus();
//   }
//   // On failure: "hipMemcpyAsync(d, h, n, hipMemcpyHostToDevice, s) failed:
//   //   cudaErrorInvalidValue (invalid argument) [mxfp4/foo.cc:12]"
//
// Host code only (g++ or the host pass of nvcc).

#ifndef MXFP4_GPU_PLATFORM_STATUS_H_
#define MXFP4_GPU_PLATFORM_STATUS_H_

#include "absl/status/status.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

// HipErrorToStatus()
// OkStatus for hipSuccess. Otherwise a status whose code says what the caller
// can do: kUnavailable (no device, no/old driver, or a stub build: the message
// then starts with "built without GPU support"), kResourceExhausted (out of
// memory), kInvalidArgument (bad value/configuration), kInternal (anything
// else, e.g. an illegal address inside a kernel).
absl::Status HipErrorToStatus(hipError_t error, const char* call, const char* file, int line);

}  // namespace mxfp4::gpu

// MXFP4_HIP_RETURN_IF_ERROR(expr)
// Evaluates a hip* call once; returns its error as an absl::Status from the
// enclosing function (which must return absl::Status or absl::StatusOr<T>).
#define MXFP4_HIP_RETURN_IF_ERROR(expr)                                                    \
  do {                                                                                     \
    const hipError_t mxfp4_hip_error_ = (expr);                                            \
    if (mxfp4_hip_error_ != hipSuccess) {                                                  \
      return ::mxfp4::gpu::HipErrorToStatus(mxfp4_hip_error_, #expr, __FILE__, __LINE__); \
    }                                                                                      \
  } while (0)

// MXFP4_HIP_STATUS(expr)
// The absl::Status of one hip* call (for destructors, cleanup paths, tests).
#define MXFP4_HIP_STATUS(expr) ::mxfp4::gpu::HipErrorToStatus((expr), #expr, __FILE__, __LINE__)

// MXFP4_GPU_RETURN_IF_ERROR(status_expr)
// Returns a non-OK absl::Status from the enclosing function.
#define MXFP4_GPU_RETURN_IF_ERROR(status_expr)                  \
  do {                                                          \
    const ::absl::Status mxfp4_gpu_status_ = (status_expr);     \
    if (!mxfp4_gpu_status_.ok()) return mxfp4_gpu_status_;      \
  } while (0)

#endif  // MXFP4_GPU_PLATFORM_STATUS_H_
