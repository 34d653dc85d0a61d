// File: mxfp4/gpu/platform/device.cc
//
// Device queries (see device.h).

#include "mxfp4/gpu/platform/device.h"

#include "absl/strings/str_format.h"
#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {

absl::StatusOr<int> GpuDeviceCount() {
  if (!GpuBuildEnabled()) {
    return absl::UnavailableError("built without GPU support (--define=mxfp4_gpu=none)");
  }
  int count = 0;
  const hipError_t error = hipGetDeviceCount(&count);
  if (error == hipErrorNoDevice || (error == hipSuccess && count == 0)) {
    return absl::UnavailableError("no GPU device found (hipGetDeviceCount)");
  }
  if (error != hipSuccess) {
    absl::Status status = HipErrorToStatus(error, "hipGetDeviceCount(&count)", __FILE__, __LINE__);
    // Driver problems (none installed, too old, stub library) are "no GPU".
    return absl::UnavailableError(
        absl::StrFormat("no usable GPU driver: %s", status.message()));
  }
  return count;
}

absl::StatusOr<GpuDeviceInfo> GetGpuDeviceInfo(int ordinal) {
  absl::StatusOr<int> count = GpuDeviceCount();
  if (!count.ok()) return count.status();
  if (ordinal < 0 || ordinal >= *count) {
    return absl::InvalidArgumentError(
        absl::StrFormat("GPU ordinal %d out of range [0, %d)", ordinal, *count));
  }
  hipDeviceProp_t prop;
  MXFP4_HIP_RETURN_IF_ERROR(hipGetDeviceProperties(&prop, ordinal));
  GpuDeviceInfo info;
  info.name = prop.name;
  info.ordinal = ordinal;
  info.compute_major = prop.major;
  info.compute_minor = prop.minor;
  info.multiprocessors = prop.multiProcessorCount;
  info.global_memory_bytes = static_cast<int64_t>(prop.totalGlobalMem);
  info.l2_cache_bytes = prop.l2CacheSize;
  info.shared_memory_per_block_optin = static_cast<int64_t>(prop.sharedMemPerBlockOptin);
  MXFP4_HIP_RETURN_IF_ERROR(hipDriverGetVersion(&info.driver_version));
  MXFP4_HIP_RETURN_IF_ERROR(hipRuntimeGetVersion(&info.runtime_version));
  return info;
}

absl::Status GpuAvailable() {
  absl::StatusOr<GpuDeviceInfo> info = GetGpuDeviceInfo(0);
  if (!info.ok()) {
    if (absl::IsUnavailable(info.status())) return info.status();
    return absl::UnavailableError(
        absl::StrFormat("GPU 0 not usable: %s", info.status().ToString()));
  }
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  // Kernels are compiled for sm_90a only (mxfp4/gpu.bzl).
  if (info->compute_major != 9 || info->compute_minor != 0) {
    return absl::UnavailableError(absl::StrFormat(
        "GPU 0 (%s) is sm_%d%d; this build has sm_90a code only", info->name,
        info->compute_major, info->compute_minor));
  }
#endif
  return absl::OkStatus();
}

std::string DescribeGpu() {
  absl::StatusOr<GpuDeviceInfo> info = GetGpuDeviceInfo(0);
  if (!info.ok()) return std::string(info.status().message());
  return absl::StrFormat("%s (sm_%d%d, %d SMs, %.1f GiB, L2 %.0f MiB, driver %d, runtime %d; %s)",
                         info->name, info->compute_major, info->compute_minor,
                         info->multiprocessors,
                         static_cast<double>(info->global_memory_bytes) / (1 << 30),
                         static_cast<double>(info->l2_cache_bytes) / (1 << 20),
                         info->driver_version, info->runtime_version, GpuBuildDescription());
}

}  // namespace mxfp4::gpu
