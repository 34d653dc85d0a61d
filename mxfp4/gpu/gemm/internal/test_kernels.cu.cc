// File: mxfp4/gpu/gemm/internal/test_kernels.cu.cc
//
// Device side of test_kernels.h.

#include "mxfp4/gpu/gemm/internal/test_kernels.h"

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/mma_e4m3.h"
#include "mxfp4/gpu/platform/kernel_launch.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

__global__ void QuantizeEveryElementKernel(uint8_t* out) {
  const uint32_t pair = blockIdx.x * blockDim.x + threadIdx.x;  // 2 elements per thread
  const uint32_t i = pair * 2;
  if (i >= (1u << 24)) return;
  const uint32_t s = i >> 16;
  const float half_reciprocal = quant::HalfScaleReciprocal(s);
  const uint32_t bytes = quant::HalfE4m3Pair(i & 0xFFFFu, (i + 1) & 0xFFFFu, half_reciprocal);
  out[i] = static_cast<uint8_t>(bytes & 0xFF);
  out[i + 1] = static_cast<uint8_t>(bytes >> 8);
}

__global__ void MmaTilesKernel(const uint32_t* w, const uint8_t* x, float* d, int tiles) {
  const int tile = blockIdx.x;
  if (tile >= tiles) return;
  const int lane = threadIdx.x & 31;
  const int gid = lane >> 2;
  const int t = lane & 3;
  const uint32_t* wt = w + tile * 16 * 4;
  const uint8_t* xt = x + tile * 8 * 32;
  const E4m3x8 r0 = Fp4x8ToE4m3(wt[gid * 4 + t], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
  const E4m3x8 r1 = Fp4x8ToE4m3(wt[(gid + 8) * 4 + t], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
  const uint32_t a[4] = {r0.lo, r1.lo, r0.hi, r1.hi};
  const uint32_t b0 = *reinterpret_cast<const uint32_t*>(xt + gid * 32 + 8 * t);
  const uint32_t b1 = *reinterpret_cast<const uint32_t*>(xt + gid * 32 + 8 * t + 4);
  float out[4];
  MmaE4m3ZeroAcc(a, b0, b1, out);
  float* dt = d + tile * 16 * 8;
  dt[gid * 8 + 2 * t] = out[0];
  dt[gid * 8 + 2 * t + 1] = out[1];
  dt[(gid + 8) * 8 + 2 * t] = out[2];
  dt[(gid + 8) * 8 + 2 * t + 1] = out[3];
}

}  // namespace

hipError_t LaunchQuantizeEveryElement(uint8_t* out, hipStream_t stream) {
  constexpr int kThreads = 256;
  const unsigned blocks = (1u << 23) / kThreads;
  hipLaunchKernelGGL(QuantizeEveryElementKernel, dim3(blocks), dim3(kThreads), 0, stream, out);
  return hipGetLastError();
}

hipError_t LaunchMmaTiles(const uint32_t* w, const uint8_t* x, float* d, int tiles,
                          hipStream_t stream) {
  if (tiles <= 0) return hipSuccess;
  hipLaunchKernelGGL(MmaTilesKernel, dim3(tiles), dim3(32), 0, stream, w, x, d, tiles);
  return hipGetLastError();
}

}  // namespace mxfp4::gpu::gemm_internal
