// File: mxfp4/gpu/platform/device.h
//
// Is a GPU usable, and what is it? Tests call GpuAvailable() to skip (CI has no
// GPU, or a binary was built with stubs); tools print DescribeGpu().
//
// Example:
//   if (absl::Status s = mxfp4::gpu::GpuAvailable(); !s.ok()) {
//     GTEST_SKIP() << s.message();   // see mxfp4/testing/gpu_test_util.h
//   }

#ifndef MXFP4_GPU_PLATFORM_DEVICE_H_
#define MXFP4_GPU_PLATFORM_DEVICE_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace mxfp4::gpu {

// GpuDeviceCount()
// Number of visible devices (>= 1), or kUnavailable saying why there is none:
// "built without GPU support", "no GPU device found", "no GPU driver" (e.g.
// cudaErrorInsufficientDriver / cudaErrorStubLibrary), never a crash.
absl::StatusOr<int> GpuDeviceCount();

// GpuAvailable()
// OkStatus when device 0 can run this build's kernels; otherwise the reason
// (kUnavailable). For NVIDIA this also checks compute capability 9.0 (sm_90a
// code runs on Hopper only).
absl::Status GpuAvailable();

struct GpuDeviceInfo {
  std::string name;           // e.g. "NVIDIA H200"
  int ordinal = 0;
  int compute_major = 0;      // 9 for Hopper
  int compute_minor = 0;
  int multiprocessors = 0;    // 132 on an H200
  int64_t global_memory_bytes = 0;
  int64_t l2_cache_bytes = 0;
  int64_t shared_memory_per_block_optin = 0;
  int driver_version = 0;     // e.g. 13000
  int runtime_version = 0;
};

// GetGpuDeviceInfo()
// Properties of device `ordinal`, or kUnavailable as in GpuDeviceCount().
absl::StatusOr<GpuDeviceInfo> GetGpuDeviceInfo(int ordinal = 0);

// DescribeGpu()
// One line for logs: "NVIDIA H200 (sm_90, 132 SMs, 139.8 GiB, driver 13000)"
// or the reason no GPU is usable.
std::string DescribeGpu();

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_PLATFORM_DEVICE_H_
