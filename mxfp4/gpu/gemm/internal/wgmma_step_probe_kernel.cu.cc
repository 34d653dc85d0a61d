// File: mxfp4/gpu/gemm/internal/wgmma_step_probe_kernel.cu.cc
//
// The kernel of wgmma_step_probe.h. Operands are constants (E4M3 0.5 in
// shared memory, 1.0 patterns in registers): only the timing matters.

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_step_probe.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

constexpr int kOperandBytes = 4 * 8192;  // a 64 x 32 / 128 x 32 B slot per warpgroup
constexpr int kCopyBytes = 2048;
constexpr int kSmemBytes = kOperandBytes + kCopyBytes;
constexpr int kCopySourceStride = 64 * kCopyBytes;  // per CTA: 64 distinct sources

// Up to 4 warpgroups at n = 64 (128 registers), 2 at n = 128.
template <int kN, int kExtras>
__global__ void __launch_bounds__(kN == 128 ? 256 : 512, 1) WgmmaStepProbeKernel(const unsigned char* copy_source, long long* cycles,
                                     float* sink, int iters) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) uint64_t bars[4];
  __shared__ unsigned releases[4];
  const int tid = static_cast<int>(threadIdx.x);
  const int wg = tid / 128;
  for (int i = tid; i < kOperandBytes / 4; i += static_cast<int>(blockDim.x)) {
    reinterpret_cast<uint32_t*>(smem)[i] = 0x30303030u;  // E4M3 0.5
  }
  if (tid < 4) {
    MbarrierInitCount(SharedAddress(&bars[tid]), 1);
    releases[tid] = 0u;
  }
  MbarrierInitFence();
  FenceProxyAsyncShared();
  __syncthreads();
  const uint64_t desc = MatrixDescriptorNoSwizzle(SharedAddress(smem) + wg * 8192, 128, 256);
  const uint32_t bar = SharedAddress(&bars[wg]);
  float d[kN / 2];
  float acc[kN / 2];
#pragma unroll
  for (int i = 0; i < kN / 2; ++i) acc[i] = 0.0f;
  uint32_t a[4] = {0x38383838u, 0x38383838u, 0x38383838u, 0x38383838u};
  const long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
    a[0] ^= 0x01000000u;  // a loop-carried operand change
    if (kExtras >= 1) {
      if (tid % 128 == 0) {
        MbarrierArriveExpectTx(bar, kExtras >= 3 ? kCopyBytes : 0u);
        if (kExtras >= 3) {
          BulkCopyToShared(SharedAddress(smem + kOperandBytes),
                           copy_source + static_cast<int64_t>(blockIdx.x) * kCopySourceStride +
                               (it & 63) * kCopyBytes,
                           kCopyBytes, bar);
        }
      }
      MbarrierWait(bar, static_cast<uint32_t>(it) & 1u);
    }
    WgmmaFence();
    WgmmaE4m3RegAZeroAcc<kN>(d, a, desc);
    WgmmaCommitGroup();
    WgmmaWaitGroup<0>();
    FenceRegisterArray(d);
    if (kExtras >= 2) {
      __syncwarp();
      if (tid % 32 == 0 && atomicAdd(&releases[wg], 1u) == 3u) releases[wg] = 0u;
    }
#pragma unroll
    for (int i = 0; i < kN / 2; ++i) acc[i] = __fmaf_rn(d[i], 1.5f, acc[i]);
    FenceRegisterArray(acc);
  }
  const long long t1 = clock64();
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < kN / 2; ++i) s += acc[i];
  sink[blockIdx.x * blockDim.x + tid] = s;
  if (tid % 128 == 0) cycles[blockIdx.x * 4 + wg] = t1 - t0;
}

template <int kN, int kExtras>
cudaError_t Launch(const WgmmaStepProbeConfig& c, const unsigned char* src, long long* cycles,
                   float* sink) {
  auto kernel = WgmmaStepProbeKernel<kN, kExtras>;
  cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       kSmemBytes);
  for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep) {
    kernel<<<c.ctas, 128 * c.warpgroups, kSmemBytes>>>(src, cycles, sink, c.iters);
    e = cudaGetLastError();
  }
  return e;
}

template <int kN>
cudaError_t LaunchExtras(const WgmmaStepProbeConfig& c, const unsigned char* src,
                         long long* cycles, float* sink) {
  switch (c.extras) {
    case 0: return Launch<kN, 0>(c, src, cycles, sink);
    case 1: return Launch<kN, 1>(c, src, cycles, sink);
    case 2: return Launch<kN, 2>(c, src, cycles, sink);
    default: return Launch<kN, 3>(c, src, cycles, sink);
  }
}

}  // namespace

hipError_t RunWgmmaStepProbe(const WgmmaStepProbeConfig& c, double* cycles_per_step) {
  if (!(c.n == 64 || c.n == 128) || c.extras < 0 || c.extras > 3 || c.iters <= 0 ||
      c.ctas <= 0 || !(c.warpgroups == 1 || c.warpgroups == 2 || c.warpgroups == 4) ||
      (c.n == 128 && c.warpgroups == 4) || cycles_per_step == nullptr) {
    return hipErrorInvalidValue;
  }
  unsigned char* src = nullptr;
  long long* cycles = nullptr;
  float* sink = nullptr;
  cudaError_t e = cudaMalloc(&src, static_cast<size_t>(c.ctas) * kCopySourceStride);
  if (e == cudaSuccess) e = cudaMalloc(&cycles, static_cast<size_t>(c.ctas) * 4 * sizeof(long long));
  if (e == cudaSuccess) e = cudaMalloc(&sink, static_cast<size_t>(c.ctas) * 512 * sizeof(float));
  if (e == cudaSuccess) e = cudaMemset(src, 0x30, static_cast<size_t>(c.ctas) * kCopySourceStride);
  if (e == cudaSuccess) {
    e = c.n == 64 ? LaunchExtras<64>(c, src, cycles, sink)
                  : LaunchExtras<128>(c, src, cycles, sink);
  }
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  std::vector<long long> host(static_cast<size_t>(c.ctas) * 4, 0);
  if (e == cudaSuccess) {
    e = cudaMemcpy(host.data(), cycles, host.size() * sizeof(long long), cudaMemcpyDeviceToHost);
  }
  if (e == cudaSuccess) {
    long long slowest = 0;
    for (size_t i = 0; i < host.size(); ++i) {
      if (static_cast<int>(i % 4) < c.warpgroups && host[i] > slowest) slowest = host[i];
    }
    *cycles_per_step = static_cast<double>(slowest) / c.iters;
  }
  cudaFree(src);
  cudaFree(cycles);
  cudaFree(sink);
  return static_cast<hipError_t>(static_cast<int>(e));
}

}  // namespace mxfp4::gpu::gemm_internal
