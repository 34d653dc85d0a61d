// File: mxfp4/gpu/platform/kernel_launch.h
//
// HIP kernel-launch spelling for device TUs (*.cu.cc, *.hip) only:
//   hipLaunchKernelGGL(kernel, grid, block, dynamic_smem_bytes, stream, args...)
//   HIP_KERNEL_NAME(kernel<T, N>)   protects template commas inside the macro.
// On AMD they come from <hip/hip_runtime.h>; on NVIDIA they expand to
// kernel<<<grid, block, smem, stream>>>(args...) (hipStream_t is cudaStream_t).
// Check the launch with MXFP4_HIP_RETURN_IF_ERROR(hipGetLastError()) in the
// host launcher, or return hipGetLastError() from a raw launcher.
//
// Example (in a .cu.cc):
//   hipLaunchKernelGGL(IotaKernel, dim3(blocks), dim3(256), 0, stream, d_out, n);
//   return hipGetLastError();

#ifndef MXFP4_GPU_PLATFORM_KERNEL_LAUNCH_H_
#define MXFP4_GPU_PLATFORM_KERNEL_LAUNCH_H_

#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER)
#error "kernel_launch.h is for device TUs (nvcc/hip-clang); host code includes hip_runtime.h"
#endif

#include "mxfp4/gpu/platform/hip_runtime.h"

#if defined(MXFP4_GPU_VENDOR_AMD)
#include <hip/hip_runtime.h>
#else
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel_name, num_blocks, num_threads, dynamic_smem, stream, ...) \
  kernel_name<<<(num_blocks), (num_threads), (dynamic_smem), (stream)>>>(__VA_ARGS__)
#endif

#endif  // MXFP4_GPU_PLATFORM_KERNEL_LAUNCH_H_
