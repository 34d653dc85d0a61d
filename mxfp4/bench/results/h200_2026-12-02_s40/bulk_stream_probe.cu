// bulk_stream_probe.cu (session 40, call 9; a probe, not part of the build):
// how fast one CTA a SM streams its own contiguous region from DRAM
//   - by cp.async.bulk copies of S bytes, D in flight, issued by one thread
//     (the weight ring of calls 1-6 issued 1-4 KB copies), and
//   - by plain loads, every thread U four-byte (or 16-byte) loads in flight
//     (the decode kernels' register stream: 16 four-byte loads a thread a step).
// Each CTA reads per_cta bytes of its own region; the whole buffer (G x per_cta)
// is far larger than the 60 MB L2, so the reads come from DRAM.
// Call 10 added: several issuing warps a CTA (is the one-at-a-time cost per SM or
// per issuer?) and tensor-map copies of a 16-row x 1 KB box whose rows lie 8 KB
// apart (one instruction for what the weight ring issued as 16 copies).
// Build: nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a bulk_stream_probe.cu -lcuda
// Prints: mode, size or loads, depth, CTAs, us a launch, GB/s a CTA, TB/s in all.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <type_traits>

#define CHECK(x)                                                                    \
  do {                                                                              \
    cudaError_t e = (x);                                                            \
    if (e != cudaSuccess) {                                                         \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

__device__ __forceinline__ uint32_t SmemAddr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void __launch_bounds__(128) BulkStream(const unsigned char* src, long long per_cta,
                                                  int copy_bytes, int depth, unsigned* sink) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[64];
  const unsigned char* base = src + blockIdx.x * per_cta;
  const long long n = per_cta / copy_bytes;
  if (threadIdx.x == 0) {
    for (int d = 0; d < depth; ++d) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(SmemAddr(&bars[d])));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    auto wait = [&](int slot, unsigned parity) {
      const uint32_t bar = SmemAddr(&bars[slot]);
      asm volatile(
          "{\n .reg .pred p;\n W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
          " @!p bra W;\n}\n" ::"r"(bar),
          "r"(parity)
          : "memory");
    };
    for (long long i = 0; i < n; ++i) {
      const int slot = static_cast<int>(i % depth);
      if (i >= depth) wait(slot, static_cast<unsigned>((i / depth) - 1) & 1u);
      const uint32_t bar = SmemAddr(&bars[slot]);
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar),
                   "r"(copy_bytes)
                   : "memory");
      asm volatile(
          "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
              "r"(SmemAddr(smem + slot * copy_bytes)),
          "l"(base + i * copy_bytes), "r"(copy_bytes), "r"(bar)
          : "memory");
    }
    for (long long i = n > depth ? n - depth : 0; i < n; ++i) {
      wait(static_cast<int>(i % depth), static_cast<unsigned>(i / depth) & 1u);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) sink[blockIdx.x] = smem[threadIdx.x];
}

__device__ __forceinline__ void WaitParity(uint32_t bar, unsigned parity) {
  asm volatile(
      "{\n .reg .pred p;\n W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      " @!p bra W;\n}\n" ::"r"(bar),
      "r"(parity)
      : "memory");
}

// `issuers` warps (lane 0 of each) stream their own part of the CTA's region,
// each with `depth` slots of its own.
__global__ void __launch_bounds__(128) BulkStreamWarps(const unsigned char* src, long long per_cta,
                                                       int copy_bytes, int depth, int issuers,
                                                       unsigned* sink) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[64];
  const int warp = threadIdx.x / 32;
  if (threadIdx.x < issuers * depth) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(SmemAddr(&bars[threadIdx.x])));
  }
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  __syncthreads();
  if (warp < issuers && threadIdx.x % 32 == 0) {
    const long long part = per_cta / issuers;
    const unsigned char* base = src + blockIdx.x * per_cta + warp * part;
    const long long n = part / copy_bytes;
    for (long long i = 0; i < n; ++i) {
      const int slot = warp * depth + static_cast<int>(i % depth);
      if (i >= depth) WaitParity(SmemAddr(&bars[slot]), static_cast<unsigned>((i / depth) - 1) & 1u);
      const uint32_t bar = SmemAddr(&bars[slot]);
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar),
                   "r"(copy_bytes)
                   : "memory");
      asm volatile(
          "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
              "r"(SmemAddr(smem + slot * copy_bytes)),
          "l"(base + i * copy_bytes), "r"(copy_bytes), "r"(bar)
          : "memory");
    }
    for (long long i = n > depth ? n - depth : 0; i < n; ++i) {
      WaitParity(SmemAddr(&bars[warp * depth + static_cast<int>(i % depth)]),
                 static_cast<unsigned>(i / depth) & 1u);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) sink[blockIdx.x] = smem[threadIdx.x];
}

// Tensor-map copies of 16 rows x 1 KB (rows 8 KB apart): CTA c's rows are
// c * rows_per_cta ... ; `depth` boxes in flight, one thread.
__global__ void __launch_bounds__(128) BulkTensorStream(const __grid_constant__ CUtensorMap map,
                                                        int rows_per_cta, int depth, unsigned* sink) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bars[64];
  constexpr int kBoxBytes = 16 * 1024;
  if (threadIdx.x == 0) {
    for (int d = 0; d < depth; ++d) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(SmemAddr(&bars[d])));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    const int n = rows_per_cta / 16;
    for (int i = 0; i < n; ++i) {
      const int slot = i % depth;
      if (i >= depth) WaitParity(SmemAddr(&bars[slot]), static_cast<unsigned>((i / depth) - 1) & 1u);
      const uint32_t bar = SmemAddr(&bars[slot]);
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar),
                   "r"(kBoxBytes)
                   : "memory");
      const int y = static_cast<int>(blockIdx.x) * rows_per_cta + i * 16;
      asm volatile(
          "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
          " [%0], [%1, {%2, %3}], [%4];" ::"r"(SmemAddr(smem + slot * kBoxBytes)),
          "l"(&map), "r"(0), "r"(y), "r"(bar)
          : "memory");
    }
    for (int i = n > depth ? n - depth : 0; i < n; ++i) {
      WaitParity(SmemAddr(&bars[i % depth]), static_cast<unsigned>(i / depth) & 1u);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) sink[blockIdx.x] = smem[threadIdx.x];
}

// Every thread U loads of kWords words in flight, then folds them.
template <int U, int kWords>
__global__ void __launch_bounds__(512) LoadStream(const unsigned char* src, long long per_cta,
                                                  unsigned* sink) {
  using Word = typename std::conditional<kWords == 4, uint4, unsigned>::type;
  const Word* base = reinterpret_cast<const Word*>(src + blockIdx.x * per_cta);
  const long long words = per_cta / sizeof(Word);
  unsigned acc = 0;
  for (long long i = threadIdx.x; i + (U - 1) * blockDim.x < words;
       i += static_cast<long long>(blockDim.x) * U) {
    Word v[U];
#pragma unroll
    for (int u = 0; u < U; ++u) v[u] = __ldg(base + i + u * blockDim.x);
#pragma unroll
    for (int u = 0; u < U; ++u) {
      if constexpr (kWords == 4) {
        acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
      } else {
        acc ^= v[u];
      }
    }
  }
  if (acc == 0x12345678u) sink[blockIdx.x] = acc;  // keeps the loads
}

int main() {
  const long long per_cta = 4ll << 20;  // 4 MB a CTA: 528 MB at 132 CTAs
  const int max_ctas = 132;
  unsigned char* buf = nullptr;
  unsigned* sink = nullptr;
  // 8 MB a CTA for the tensor test's rows 8 KB apart (1 MB of them read).
  const long long buf_bytes = (8ll << 20) * max_ctas;
  CHECK(cudaMalloc(&buf, buf_bytes));
  CHECK(cudaMemset(buf, 1, buf_bytes));
  CHECK(cudaFuncSetAttribute(BulkStreamWarps, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
  CHECK(cudaFuncSetAttribute(BulkTensorStream, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
  CUtensorMap map;
  {
    const int rows_per_cta = 1024;
    cuuint64_t dims[2] = {256, static_cast<cuuint64_t>(rows_per_cta) * max_ctas};
    cuuint64_t strides[1] = {8192};  // bytes between rows
    cuuint32_t box[2] = {256, 16};
    cuuint32_t elem[2] = {1, 1};
    const CUresult r = cuTensorMapEncodeTiled(
        &map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, buf, dims, strides, box, elem,
        CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
      std::printf("cuTensorMapEncodeTiled failed: %d\n", static_cast<int>(r));
      return 1;
    }
  }
  CHECK(cudaMalloc(&sink, 4096));
  CHECK(cudaFuncSetAttribute(BulkStream, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::printf("%-6s %7s %6s %5s %10s %10s %8s\n", "mode", "size", "depth", "ctas", "us", "GB/s/cta",
              "TB/s");
  auto report = [&](const char* mode, int size, int depth, int ctas, float ms, int reps) {
    const double us = 1000.0 * ms / reps;
    const double per = per_cta / (us * 1e3);  // GB/s
    std::printf("%-6s %7d %6d %5d %10.1f %10.1f %8.2f\n", mode, size, depth, ctas, us, per,
                per * ctas / 1000.0);
  };
  const int reps = 5;
  for (int ctas : {1, 80, 132}) {
    const int sizes[] = {1024, 4096, 16384};
    for (int size : sizes) {
      for (int depth : {4, 8, 16, 32}) {
        if (static_cast<long long>(size) * depth > 192 * 1024 || depth > 64) continue;
        BulkStream<<<ctas, 128, size * depth>>>(buf, per_cta, size, depth, sink);
        CHECK(cudaEventRecord(a));
        for (int r = 0; r < reps; ++r) BulkStream<<<ctas, 128, size * depth>>>(buf, per_cta, size, depth, sink);
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        report("bulk", size, depth, ctas, ms, reps);
      }
    }
    for (int issuers : {2, 4}) {
      for (int size : {1024, 4096}) {
        const int depth = 8;
        const int smem_bytes = issuers * depth * size;
        BulkStreamWarps<<<ctas, 128, smem_bytes>>>(buf, per_cta, size, depth, issuers, sink);
        CHECK(cudaEventRecord(a));
        for (int r = 0; r < reps; ++r) {
          BulkStreamWarps<<<ctas, 128, smem_bytes>>>(buf, per_cta, size, depth, issuers, sink);
        }
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        report(issuers == 2 ? "bulk2w" : "bulk4w", size, depth, ctas, ms, reps);
      }
    }
    for (int depth : {2, 4, 8}) {
      BulkTensorStream<<<ctas, 128, depth * 16384>>>(map, 1024, depth, sink);
      CHECK(cudaEventRecord(a));
      for (int r = 0; r < reps; ++r) BulkTensorStream<<<ctas, 128, depth * 16384>>>(map, 1024, depth, sink);
      CHECK(cudaEventRecord(b));
      CHECK(cudaEventSynchronize(b));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, a, b));
      // 1 MB a CTA read (1024 rows of 1 KB): report against that.
      const double us = 1000.0 * ms / reps;
      const double per = (1ll << 20) / (us * 1e3);
      std::printf("%-6s %7d %6d %5d %10.1f %10.1f %8.2f\n", "tmap16", 16384, depth, ctas, us, per,
                  per * ctas / 1000.0);
    }
    auto loads = [&](auto kernel, const char* mode, int u) -> int {
      kernel<<<ctas, 512>>>(buf, per_cta, sink);
      CHECK(cudaEventRecord(a));
      for (int r = 0; r < reps; ++r) kernel<<<ctas, 512>>>(buf, per_cta, sink);
      CHECK(cudaEventRecord(b));
      CHECK(cudaEventSynchronize(b));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, a, b));
      report(mode, u, 0, ctas, ms, reps);
      return 0;
    };
    if (loads(LoadStream<8, 1>, "ldg4", 8) || loads(LoadStream<16, 1>, "ldg4", 16) ||
        loads(LoadStream<32, 1>, "ldg4", 32) || loads(LoadStream<4, 4>, "ldg16", 4) ||
        loads(LoadStream<8, 4>, "ldg16", 8)) {
      return 1;
    }
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  return 0;
}
