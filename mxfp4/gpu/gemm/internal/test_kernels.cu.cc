// File: mxfp4/gpu/gemm/internal/test_kernels.cu.cc
//
// Device side of test_kernels.h.

#include "mxfp4/gpu/gemm/internal/test_kernels.h"

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/platform/kernel_launch.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

__global__ void QuantizeEveryElementKernel(uint16_t* out_f16, uint8_t* out_e4m3,
                                           uint16_t* out_f16_shifted) {
  const uint32_t pair = blockIdx.x * blockDim.x + threadIdx.x;  // 2 elements per thread
  const uint32_t i = pair * 2;
  if (i >= (1u << 24)) return;
  const uint32_t s = i >> 16;
  const float half_reciprocal = quant::HalfScaleReciprocal(s);
  const uint32_t h = quant::HalfF16Pair(i & 0xFFFFu, (i + 1) & 0xFFFFu, half_reciprocal);
  out_f16[i] = static_cast<uint16_t>(h & 0xFFFF);
  out_f16[i + 1] = static_cast<uint16_t>(h >> 16);
  const uint32_t e = quant::HalfE4m3Pair(i & 0xFFFFu, (i + 1) & 0xFFFFu, half_reciprocal);
  out_e4m3[i] = static_cast<uint8_t>(e & 0xFF);
  out_e4m3[i + 1] = static_cast<uint8_t>(e >> 8);
  uint32_t shifted = 0xFFFFFFFFu;  // not defined for this scale byte
  if (quant::HalfF16ShiftApplies(s)) {
    const uint32_t x = (i & 0xFFFFu) | (((i + 1) & 0xFFFFu) << 16);
    shifted = quant::HalfF16PairShifted(x, x & 0x7FFF7FFFu, quant::MakeHalfF16Shift(s));
  }
  out_f16_shifted[i] = static_cast<uint16_t>(shifted & 0xFFFF);
  out_f16_shifted[i + 1] = static_cast<uint16_t>(shifted >> 16);
}

// fp16 / E4M3 bits of value/2 for E2M1 codes (sign in bit 3).
__device__ uint32_t HalfF16OfCode(uint32_t c) {
  constexpr uint16_t kMag[8] = {0x0000, 0x3400, 0x3800, 0x3A00, 0x3C00, 0x3E00, 0x4000, 0x4200};
  return kMag[c & 7] | ((c & 8) ? 0x8000u : 0u);
}
__device__ uint32_t HalfE4m3OfCode(uint32_t c) {
  constexpr uint8_t kMag[8] = {0x00, 0x28, 0x30, 0x34, 0x38, 0x3C, 0x40, 0x44};
  return kMag[c & 7] | ((c & 8) ? 0x80u : 0u);
}

__global__ void LateCopyReleasingEarlyKernel(uint4* dst0, const uint4* src0, size_t n0,
                                             uint4* dst1, const uint4* src1, size_t n1,
                                             uint64_t delay_ns) {
  GridDependencyLaunchDependents();
  uint64_t start;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  for (;;) {
    uint64_t now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    if (now - start >= delay_ns) break;
  }
  for (size_t i = threadIdx.x; i < n0; i += blockDim.x) dst0[i] = src0[i];
  for (size_t i = threadIdx.x; i < n1; i += blockDim.x) dst1[i] = src1[i];
}

__global__ void MmaTilesKernel(const uint32_t* w, const uint8_t* x_codes, float* d, int tiles,
                               int f16) {
  const int tile = blockIdx.x;
  if (tile >= tiles) return;
  const int lane = threadIdx.x & 31;
  const int gid = lane >> 2;
  const int t = lane & 3;
  const uint32_t* wt = w + tile * 16 * 4;
  const uint8_t* xc = x_codes + (tile * 8 + gid) * 32 + 8 * t;  // this lane's 8 codes
  float out[4];
  if (f16) {
    uint32_t w_row[4], w_row8[4], x[4];
    Fp4x8ToF16x8(wt[gid * 4 + t], w_row);
    Fp4x8ToF16x8(wt[(gid + 8) * 4 + t], w_row8);
    for (int i = 0; i < 4; ++i) {
      x[i] = HalfF16OfCode(xc[2 * i]) | (HalfF16OfCode(xc[2 * i + 1]) << 16);
    }
    MmaF16Block(w_row, w_row8, x, out);
  } else {
    const Bytes8 r0 = Fp4x8ToLutBytes(wt[gid * 4 + t], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
    const Bytes8 r1 = Fp4x8ToLutBytes(wt[(gid + 8) * 4 + t], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
    const uint32_t a[4] = {r0.lo, r1.lo, r0.hi, r1.hi};
    uint32_t b[2] = {0, 0};
    for (int i = 0; i < 8; ++i) b[i / 4] |= HalfE4m3OfCode(xc[i]) << (8 * (i % 4));
    MmaE4m3ZeroAcc(a, b[0], b[1], out);
  }
  float* dt = d + tile * 16 * 8;
  dt[gid * 8 + 2 * t] = out[0];
  dt[gid * 8 + 2 * t + 1] = out[1];
  dt[(gid + 8) * 8 + 2 * t] = out[2];
  dt[(gid + 8) * 8 + 2 * t + 1] = out[3];
}

__global__ void CompareBf16PairOnEveryFloatKernel(uint32_t* result) {
  const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
  for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < (uint64_t{1} << 32); i += stride) {
    const uint32_t lo = static_cast<uint32_t>(i);
    const uint32_t hi = lo * 0x9E3779B1u;  // odd: every pattern once as well
    const uint32_t got = Float2ToBf16x2Bits(__uint_as_float(lo), __uint_as_float(hi));
    const uint32_t want =
        FloatToBf16Bits(__uint_as_float(lo)) | (FloatToBf16Bits(__uint_as_float(hi)) << 16);
    if (got != want) {
      if (atomicAdd(&result[0], 1u) == 0u) result[1] = lo;
    }
  }
}

__global__ void Bf16PairsKernel(const float* in, uint32_t* out, int pairs) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < pairs) out[i] = Float2ToBf16x2Bits(in[2 * i], in[2 * i + 1]);
}

}  // namespace

hipError_t LaunchCompareBf16PairOnEveryFloat(uint32_t* result, hipStream_t stream) {
  hipLaunchKernelGGL(CompareBf16PairOnEveryFloatKernel, dim3(1056), dim3(256), 0, stream, result);
  return hipGetLastError();
}

hipError_t LaunchLateCopyReleasingEarly(void* dst0, const void* src0, size_t bytes0, void* dst1,
                                        const void* src1, size_t bytes1, uint64_t delay_ns,
                                        hipStream_t stream) {
  hipLaunchKernelGGL(LateCopyReleasingEarlyKernel, dim3(1), dim3(1024), 0, stream,
                     static_cast<uint4*>(dst0), static_cast<const uint4*>(src0), bytes0 / 16,
                     static_cast<uint4*>(dst1), static_cast<const uint4*>(src1), bytes1 / 16,
                     delay_ns);
  return hipGetLastError();
}

hipError_t LaunchBf16Pairs(const float* in, uint32_t* out, int pairs, hipStream_t stream) {
  if (pairs <= 0) return hipSuccess;
  hipLaunchKernelGGL(Bf16PairsKernel, dim3((pairs + 255) / 256), dim3(256), 0, stream, in, out,
                     pairs);
  return hipGetLastError();
}

hipError_t LaunchQuantizeEveryElement(uint16_t* out_f16, uint8_t* out_e4m3,
                                      uint16_t* out_f16_shifted, hipStream_t stream) {
  constexpr int kThreads = 256;
  const unsigned blocks = (1u << 23) / kThreads;
  hipLaunchKernelGGL(QuantizeEveryElementKernel, dim3(blocks), dim3(kThreads), 0, stream, out_f16,
                     out_e4m3, out_f16_shifted);
  return hipGetLastError();
}

hipError_t LaunchMmaTiles(const uint32_t* w, const uint8_t* x_codes, float* d, int tiles, bool f16,
                          hipStream_t stream) {
  if (tiles <= 0) return hipSuccess;
  hipLaunchKernelGGL(MmaTilesKernel, dim3(tiles), dim3(32), 0, stream, w, x_codes, d, tiles,
                     f16 ? 1 : 0);
  return hipGetLastError();
}

}  // namespace mxfp4::gpu::gemm_internal
