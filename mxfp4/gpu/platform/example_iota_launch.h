// File: mxfp4/gpu/platform/example_iota_launch.h
//
// Raw launcher of the example kernel: arguments already validated by
// example_iota.cc; returns the launch's hipError_t (no absl in device TUs).

#ifndef MXFP4_GPU_PLATFORM_EXAMPLE_IOTA_LAUNCH_H_
#define MXFP4_GPU_PLATFORM_EXAMPLE_IOTA_LAUNCH_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::internal {

hipError_t LaunchIotaU32(uint32_t* d_out, int64_t n, uint32_t start, hipStream_t stream);

}  // namespace mxfp4::gpu::internal

#endif  // MXFP4_GPU_PLATFORM_EXAMPLE_IOTA_LAUNCH_H_
