// File: mxfp4/gpu/platform/example_iota_kernel.cu.cc
//
// Device code of the example library (see example_iota.h): a grid-stride loop.

#include <cstdint>

#include "mxfp4/gpu/platform/example_iota_launch.h"
#include "mxfp4/gpu/platform/kernel_launch.h"

namespace mxfp4::gpu::internal {
namespace {

__global__ void IotaU32Kernel(uint32_t* out, int64_t n, uint32_t start) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    out[i] = start + static_cast<uint32_t>(i);
  }
}

}  // namespace

hipError_t LaunchIotaU32(uint32_t* d_out, int64_t n, uint32_t start, hipStream_t stream) {
  constexpr int kThreads = 256;
  const int64_t blocks64 = (n + kThreads - 1) / kThreads;
  const unsigned blocks = static_cast<unsigned>(blocks64 < 65535 ? blocks64 : 65535);
  hipLaunchKernelGGL(IotaU32Kernel, dim3(blocks), dim3(kThreads), 0, stream, d_out, n, start);
  return hipGetLastError();
}

}  // namespace mxfp4::gpu::internal
