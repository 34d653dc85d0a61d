// File: mxfp4/gpu/gemm/internal/wgmma_step_probe_kernel.cu.cc
//
// The kernel of wgmma_step_probe.h. Operands are constants or fixed patterns
// (E4M3 0.5 in shared memory, E2M1 codes 5/3 as weights, scale bytes 127):
// only the timing matters.

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_step_probe.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

constexpr int kOperandBytes = 4 * 8192;  // a 64 x 32 / 128 x 32 B slot per warpgroup
constexpr int kCopyBytes = 2048;
constexpr int kSmemBytes = kOperandBytes + kCopyBytes;
constexpr int kCopySourceStride = 64 * kCopyBytes;  // per CTA: 64 distinct sources

// Per CTA and warp: 64 blocks of weight words (2 per lane) and scale bytes
// (2 per lane), as the ring tiles load them (WeightRowPair: a 4-byte word of
// rows gid and gid + 8 and their scale bytes per block).
constexpr int kProbeBlocks = 64;
constexpr int kMaxWarps = 16;
constexpr int64_t kWeightWordsPerCta = int64_t{kProbeBlocks} * kMaxWarps * 64;
// Blocks loaded ahead together, and the steps per stage at extras >= 4 (as
// the ring tiles: a weight batch is a ring stage).
constexpr int kBatch = kStreamBatchBlocks;

// Up to 4 warpgroups at n = 64 (128 registers), 2 at n = 128.
template <int kN, int kExtras>
__global__ void __launch_bounds__(kN == 128 ? 256 : 512, 1)
    WgmmaStepProbeKernel(const unsigned char* copy_source, const uint32_t* weights,
                         const unsigned char* scales, long long* cycles, float* sink,
                         int iters) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) uint64_t bars[4];
  __shared__ unsigned releases[4];
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid & 31;
  const int warp = tid >> 5;
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
  const uint32_t* const my_words =
      weights + blockIdx.x * kWeightWordsPerCta + (warp * 32 + lane) * 2;
  const unsigned char* const my_scales =
      scales + blockIdx.x * kWeightWordsPerCta + (warp * 32 + lane) * 2;
  auto load = [&](int it0, StreamBatch& b) {
#pragma unroll
    for (int u = 0; u < kBatch; ++u) {
      const int64_t off = int64_t{(it0 + u) & (kProbeBlocks - 1)} * kMaxWarps * 64;
      b.w_row[u] = __ldg(my_words + off);
      b.w_row8[u] = __ldg(my_words + off + 1);
      b.s_row[u] = __ldg(my_scales + off);
      b.s_row8[u] = __ldg(my_scales + off + 1);
    }
  };
  float d[kN / 2];
  float acc[kN / 2];
#pragma unroll
  for (int i = 0; i < kN / 2; ++i) acc[i] = 0.0f;
  uint32_t a[4] = {0x38383838u, 0x38383838u, 0x38383838u, 0x38383838u};
  StreamBatch cur, next;
  if (kExtras >= 5) load(0, cur);
  const long long t0 = clock64();
  for (int it0 = 0; it0 < iters; it0 += kBatch) {
    if (kExtras >= 5) load(it0 + kBatch, next);
#pragma unroll
    for (int u = 0; u < kBatch; ++u) {
      const int it = it0 + u;
      // Synchronization: per step (1..3) or per stage of kBatch steps (4..).
      const bool sync_now = kExtras >= 1 && (kExtras < 4 || u == 0);
      if (sync_now) {
        if (tid % 128 == 0) {
          MbarrierArriveExpectTx(bar, kExtras == 3 ? kCopyBytes : 0u);
          if (kExtras == 3) {
            BulkCopyToShared(SharedAddress(smem + kOperandBytes),
                             copy_source + static_cast<int64_t>(blockIdx.x) * kCopySourceStride +
                                 (it & 63) * kCopyBytes,
                             kCopyBytes, bar);
          }
        }
        MbarrierWait(bar, static_cast<uint32_t>(kExtras < 4 ? it : it / kBatch) & 1u);
      }
      if (kExtras >= 5) {
        const Bytes8 r = Fp4x8ToLutBytes(cur.w_row[u], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
        const Bytes8 r8 = Fp4x8ToLutBytes(cur.w_row8[u], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
        a[0] = r.lo;
        a[1] = r8.lo;
        a[2] = r.hi;
        a[3] = r8.hi;
      } else {
        a[0] ^= 0x01000000u;  // a loop-carried operand change
      }
      WgmmaFence();
      WgmmaE4m3RegAZeroAcc<kN>(d, a, desc);
      WgmmaCommitGroup();
      float sb = 1.5f, sb8 = 1.5f;
      bool fast = true;
      if (kExtras >= 6) {
        fast = __all_sync(0xFFFFFFFFu, cur.s_row[u] <= 240u && cur.s_row8[u] <= 240u);
        sb = __uint_as_float(cur.s_row[u] << 23);
        sb8 = __uint_as_float(cur.s_row8[u] << 23);
      }
      WgmmaWaitGroup<0>();
      FenceRegisterArray(d);
      const bool release_now = kExtras >= 2 && (kExtras < 4 || u == kBatch - 1);
      if (release_now) {
        __syncwarp();
        if (tid % 32 == 0 && atomicAdd(&releases[wg], 1u) == 3u) releases[wg] = 0u;
      }
      if (fast) PromoteFoldedBlock(d, sb, sb8, acc);
      FenceRegisterArray(acc);
    }
    if (kExtras >= 5) cur = next;
  }
  const long long t1 = clock64();
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < kN / 2; ++i) s += acc[i];
  sink[blockIdx.x * blockDim.x + tid] = s;
  if (tid % 128 == 0) cycles[blockIdx.x * 4 + wg] = t1 - t0;
}

// Extras 7..12: the warp-specialized ring tiles' consumer loop, both operands
// in shared memory (SS form), weight scales constant (wgmma_step_probe.h).
constexpr int kOverlapRawOffset = kOperandBytes;                  // producer: 128 x 16 B
constexpr int kOverlapScratchOffset = kOperandBytes + 128 * 16;   // producer: 128 x 32 B
constexpr int kOverlapFlagOffset = kOverlapScratchOffset + 128 * 32;
constexpr int kOverlapSmemBytes = kOverlapFlagOffset + 16;

template <int kN, int kMode>
__global__ void __launch_bounds__(kMode == 11 ? 384 : 256, 1)
    WgmmaOverlapProbeKernel(long long* cycles, float* sink, int iters) {
  extern __shared__ __align__(128) unsigned char smem[];
  const int tid = static_cast<int>(threadIdx.x);
  const int wg = tid / 128;
  for (int i = tid; i < kOverlapSmemBytes / 4; i += static_cast<int>(blockDim.x)) {
    reinterpret_cast<uint32_t*>(smem)[i] = i < kOperandBytes / 4 ? 0x30303030u : 0u;
  }
  FenceProxyAsyncShared();
  __syncthreads();
  volatile uint32_t* const stop = reinterpret_cast<volatile uint32_t*>(smem + kOverlapFlagOffset);
  if (kMode == 11 && wg == 2) {
    // The ws producer's conversion work per block, unsynchronized, until the
    // consumers are done.
    SetMaxRegistersDecrease<kRingWsProducerRegs>();  // the ws tiles' split (tile_config.h)
    const int pt = tid - 256;
    const uint32_t raw = SharedAddress(smem + kOverlapRawOffset) + pt * 16u;
    const uint32_t out = SharedAddress(smem + kOverlapScratchOffset) + pt * 32u;
    uint32_t x = 0u;
    for (;;) {
#pragma unroll
      for (int u = 0; u < 4; ++u) {
        uint32_t w0, w1, w2, w3;
        asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(w0), "=r"(w1), "=r"(w2), "=r"(w3)
                     : "r"(raw));
        const Bytes8 b0 = Fp4x8ToLutBytes(w0 ^ x, kTwiceE4m3LutLo, kTwiceE4m3LutHi);
        const Bytes8 b1 = Fp4x8ToLutBytes(w1, kTwiceE4m3LutLo, kTwiceE4m3LutHi);
        const Bytes8 b2 = Fp4x8ToLutBytes(w2, kTwiceE4m3LutLo, kTwiceE4m3LutHi);
        const Bytes8 b3 = Fp4x8ToLutBytes(w3, kTwiceE4m3LutLo, kTwiceE4m3LutHi);
        StoreShared128(out, b0.lo, b1.lo, b2.lo, b3.lo);
        StoreShared128(out + 16u, b0.hi, b1.hi, b2.hi, b3.hi);
        x += b0.lo;
      }
      FenceProxyAsyncShared();
      if (*stop != 0u) break;
    }
    return;
  }
  if (kMode == 11) SetMaxRegistersIncrease<kRingWsConsumerRegs>();
  const uint32_t base = SharedAddress(smem) + static_cast<uint32_t>(wg) * 8192u;
  const uint64_t desc_w = MatrixDescriptorNoSwizzle(base, 128, 256);
  const uint64_t desc_a = MatrixDescriptorNoSwizzle(base + 2048u, 128, 256);
  float sb = 1.5f, sb8 = 0.75f;
  asm volatile("" : "+f"(sb), "+f"(sb8));
  float acc[kN / 2];
#pragma unroll
  for (int i = 0; i < kN / 2; ++i) acc[i] = 0.0f;
  constexpr int kInFlight = kMode == 7 || kMode == 9 || kMode == 13 ? 1 : kMode == 12 ? 4 : 2;
  float d[kInFlight][kN / 2];
#pragma unroll
  for (int j = 0; j < kInFlight; ++j) {
#pragma unroll
    for (int i = 0; i < kN / 2; ++i) d[j][i] = 0.0f;
  }
  auto issue = [&](float (&dj)[kN / 2]) {
    FenceRegisterArray(acc);
    if (kMode == 10) {
      FenceRegisterArray(dj);
      return;
    }
    WgmmaFence();
    WgmmaE4m3SmemZeroAcc<kN>(dj, desc_w, desc_a);
    WgmmaCommitGroup();
  };
  auto promote = [&](float (&dj)[kN / 2]) {
    FenceRegisterArray(dj);
    if (kMode != 9) PromoteFoldedBlock(dj, sb, sb8, acc);
  };
  // Stages of 4 blocks, drained at the end of each (as the ws fast loop: a
  // wgmma in flight across the loop's back edge makes ptxas serialize them).
  auto wait_for = [](int outstanding) {
    if (outstanding >= 3) {
      WgmmaWaitGroup<3>();
    } else if (outstanding == 2) {
      WgmmaWaitGroup<2>();
    } else if (outstanding == 1) {
      WgmmaWaitGroup<1>();
    } else {
      WgmmaWaitGroup<0>();
    }
  };
  const long long t0 = clock64();
  if (kMode == 13) {
    // Ping-pong (FlashAttention-3's scheme): the warpgroups take turns on the
    // tensor cores, so one promotes while the other's wgmma runs. Named
    // barrier 2: warpgroup 0's wgmma done; 3: warpgroup 1's.
    for (int it = 0; it < iters; ++it) {
      if (wg == 1) asm volatile("bar.sync 2, 256;" ::: "memory");
      issue(d[0]);
      WgmmaWaitGroup<0>();
      if (wg == 0) {
        asm volatile("bar.arrive 2, 256;" ::: "memory");
      } else {
        asm volatile("bar.arrive 3, 256;" ::: "memory");
      }
      promote(d[0]);
      if (wg == 0) asm volatile("bar.sync 3, 256;" ::: "memory");
    }
  }
  for (int it = 0; kMode != 13 && it < iters; it += 4) {
#pragma unroll
    for (int j = 0; j + 1 < kInFlight; ++j) issue(d[j]);
#pragma unroll
    for (int b = 0; b < 4; ++b) {
      if (b + kInFlight - 1 < 4) issue(d[(b + kInFlight - 1) % kInFlight]);
      wait_for(b + kInFlight - 1 < 4 ? kInFlight - 1 : 3 - b);
      promote(d[b % kInFlight]);
    }
  }
  const long long t1 = clock64();
  if (kMode == 11) {
    asm volatile("bar.sync 1, 256;" ::: "memory");
    if (tid == 0) *stop = 1u;
  }
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < kN / 2; ++i) s += acc[i];
  sink[blockIdx.x * blockDim.x + tid] = s;
  if (tid % 128 == 0) cycles[blockIdx.x * 4 + wg] = t1 - t0;
}

struct ProbeBuffers {
  const unsigned char* copy_source;
  const uint32_t* weights;
  const unsigned char* scales;
  long long* cycles;
  float* sink;
};

template <int kN, int kExtras>
cudaError_t Launch(const WgmmaStepProbeConfig& c, const ProbeBuffers& b) {
  auto kernel = WgmmaStepProbeKernel<kN, kExtras>;
  cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       kSmemBytes);
  for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep) {
    kernel<<<c.ctas, 128 * c.warpgroups, kSmemBytes>>>(b.copy_source, b.weights, b.scales,
                                                         b.cycles, b.sink, c.iters);
    e = cudaGetLastError();
  }
  return e;
}

template <int kN, int kMode>
cudaError_t LaunchOverlap(const WgmmaStepProbeConfig& c, const ProbeBuffers& b) {
  auto kernel = WgmmaOverlapProbeKernel<kN, kMode>;
  cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       kOverlapSmemBytes);
  const int threads = 128 * c.warpgroups + (kMode == 11 ? 128 : 0);
  for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep) {
    kernel<<<c.ctas, threads, kOverlapSmemBytes>>>(b.cycles, b.sink, c.iters);
    e = cudaGetLastError();
  }
  return e;
}

template <int kN>
cudaError_t LaunchExtras(const WgmmaStepProbeConfig& c, const ProbeBuffers& b) {
  switch (c.extras) {
    case 7: return LaunchOverlap<kN, 7>(c, b);
    case 8: return LaunchOverlap<kN, 8>(c, b);
    case 9: return LaunchOverlap<kN, 9>(c, b);
    case 10: return LaunchOverlap<kN, 10>(c, b);
    case 11: return LaunchOverlap<kN, 11>(c, b);
    case 12: return LaunchOverlap<64, 12>(c, b);
    case 13: return LaunchOverlap<kN, 13>(c, b);
    case 0: return Launch<kN, 0>(c, b);
    case 1: return Launch<kN, 1>(c, b);
    case 2: return Launch<kN, 2>(c, b);
    case 3: return Launch<kN, 3>(c, b);
    case 4: return Launch<kN, 4>(c, b);
    case 5: return Launch<kN, 5>(c, b);
    case 6: return Launch<kN, 6>(c, b);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace

hipError_t RunWgmmaStepProbe(const WgmmaStepProbeConfig& c, double* cycles_per_step) {
  static_assert(kBatch == 4, "WgmmaStepProbeSupports' iteration multiple");
  if (!WgmmaStepProbeSupports(c) || cycles_per_step == nullptr) return hipErrorInvalidValue;
  unsigned char* src = nullptr;
  uint32_t* weights = nullptr;
  unsigned char* scales = nullptr;
  long long* cycles = nullptr;
  float* sink = nullptr;
  const size_t copy_bytes = static_cast<size_t>(c.ctas) * kCopySourceStride;
  const size_t words = static_cast<size_t>(c.ctas) * kWeightWordsPerCta;
  cudaError_t e = cudaMalloc(&src, copy_bytes);
  if (e == cudaSuccess) e = cudaMalloc(&weights, words * sizeof(uint32_t));
  if (e == cudaSuccess) e = cudaMalloc(&scales, words);
  if (e == cudaSuccess) e = cudaMalloc(&cycles, static_cast<size_t>(c.ctas) * 4 * sizeof(long long));
  if (e == cudaSuccess) e = cudaMalloc(&sink, static_cast<size_t>(c.ctas) * 512 * sizeof(float));
  if (e == cudaSuccess) e = cudaMemset(src, 0x30, copy_bytes);
  if (e == cudaSuccess) e = cudaMemset(weights, 0x35, words * sizeof(uint32_t));  // E2M1 codes
  if (e == cudaSuccess) e = cudaMemset(scales, 127, words);                      // sb = 1
  if (e == cudaSuccess) {
    const ProbeBuffers b{src, weights, scales, cycles, sink};
    e = c.n == 64 ? LaunchExtras<64>(c, b) : LaunchExtras<128>(c, b);
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
  cudaFree(weights);
  cudaFree(scales);
  cudaFree(cycles);
  cudaFree(sink);
  return static_cast<hipError_t>(static_cast<int>(e));
}

}  // namespace mxfp4::gpu::gemm_internal
