// File: mxfp4/gpu/gemm/internal/wgmma_probe_kernel.cu.cc
//
// Device side of wgmma_probe.h: one warpgroup forms a 64 x 64 tile of
// per-block partials P with wgmma.mma_async (sm_90a), exactly as a wgmma GEMM
// path would (spec: shared/spec/gpu-design.md, "The accumulation contract").
//
// Shared-memory layout (both operands K-major, no swizzle, the PTX ISA's
// canonical "interleave" layout): a core matrix is 8 rows x 16 bytes stored
// contiguously (128 bytes, row i at byte 16 i). A row of one 32-element block
// is `kChunks` core-matrix columns wide (f16: 64 bytes = 4 chunks of 8
// elements; e4m3: 32 bytes = 2 chunks of 16 elements). Core matrix
// (row group g, chunk c) sits at byte (g * kChunks + c) * 128, so the matrix
// descriptor has
//   LBO (leading dimension byte offset, next core matrix along K) = 128,
//   SBO (stride dimension byte offset, next 8-row group)          = 128 * kChunks,
// and the second k16 step of the f16 variant starts 2 chunks (256 bytes) on.
//
// Accumulator fragment (m64nNk*, f32): warp w of the warpgroup owns rows
// 16w .. 16w + 15; lane (gid = lane / 4, t = lane % 4) holds, for each 8-column
// slice j, acc[4j + 0/1] = row 16w + gid, columns 8j + 2t, 8j + 2t + 1 and
// acc[4j + 2/3] = row 16w + gid + 8, same columns (the mma.sync C layout per
// 8 columns).

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_probe.h"
#include "mxfp4/gpu/platform/kernel_launch.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

static_assert(kWgmmaProbeM == 64 && kWgmmaProbeN == 64 && kWgmmaProbeK == 32,
              "the asm below is written for m64n64 and one 32-element block");

constexpr int kThreads = 128;  // one warpgroup
constexpr int kAccRegs = kWgmmaProbeN / 2;  // fp32 accumulators per thread
static_assert(kAccRegs == kWgmmaAccRegs, "m64n64 f32 accumulators");
constexpr uint32_t kCoreMatrixBytes = 128;

// fp16 / E4M3 bits of value/2 for E2M1 codes (sign in bit 3): the values the
// GEMM's activation quantizer writes (device_block_quantize.h; checked
// against it by gemm_building_blocks_test).
// (Tables as 64-bit constants, byte i = magnitude code i: no local memory.)
__device__ uint32_t HalfF16OfCode(uint32_t c) {
  constexpr uint64_t kHighBytes = 0x42403E3C3A383400ull;  // fp16 low bytes are 0
  return (static_cast<uint32_t>((kHighBytes >> (8 * (c & 7))) & 0xFFu) << 8) |
         ((c & 8) ? 0x8000u : 0u);
}
__device__ uint32_t HalfE4m3OfCode(uint32_t c) {
  constexpr uint64_t kBytes = 0x44403C3834302800ull;
  return static_cast<uint32_t>((kBytes >> (8 * (c & 7))) & 0xFFu) | ((c & 8) ? 0x80u : 0u);
}

// E4M3 of (E2M1 value of code c) / 2 x 2^act_exp (exact for act_exp in -7..7).
__device__ uint32_t ScaledHalfE4m3OfCode(uint32_t c, int act_exp) {
  constexpr float kValues[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  float v = ldexpf(kValues[c & 7] * 0.5f, act_exp);
  if (c & 8) v = -v;
  uint16_t pair;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(pair) : "f"(0.0f), "f"(v));
  return pair & 0xFFu;
}

// 8 codes (one per byte) -> the fp4x2 packing read as a little-endian word
// (nibble j = element j), the form Fp4x8To*() take.
__device__ uint32_t PackCodes8(const uint8_t* codes) {
  uint32_t w = 0;
  for (int j = 0; j < 8; ++j) w |= uint32_t{codes[j] & 0xFu} << (4 * j);
  return w;
}

// Byte offset of the 8-element group `group8` (elements 8 group8 .. +7) of
// row `row` in the interleave layout, for elements of `element_bytes`.
__device__ uint32_t InterleaveOffset(int row, int group8, int element_bytes) {
  const int elements_per_chunk = 16 / element_bytes;
  const int chunks = kWgmmaProbeK / elements_per_chunk;
  const int element = group8 * 8;
  const int chunk = element / elements_per_chunk;
  return ((row / 8) * chunks + chunk) * kCoreMatrixBytes + (row % 8) * 16 +
         (element % elements_per_chunk) * element_bytes;
}

// The warpgroup's m64n64 accumulators (layout above) into a row-major tile.
template <typename T>
__device__ void StoreAccumulatorTile(const T (&acc)[kAccRegs], T* d_tile) {
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const int gid = lane / 4;
  const int t = lane % 4;
#pragma unroll
  for (int j = 0; j < kWgmmaProbeN / 8; ++j) {
    const int row = 16 * warp + gid;
    const int col = 8 * j + 2 * t;
    d_tile[row * kWgmmaProbeN + col] = acc[4 * j];
    d_tile[row * kWgmmaProbeN + col + 1] = acc[4 * j + 1];
    d_tile[(row + 8) * kWgmmaProbeN + col] = acc[4 * j + 2];
    d_tile[(row + 8) * kWgmmaProbeN + col + 1] = acc[4 * j + 3];
  }
}

template <bool kF16, bool kShifted = false>
__global__ void __launch_bounds__(kThreads)
    WgmmaProbeKernel(const uint8_t* a_codes, const uint8_t* b_codes, float* d, int act_exp = 0) {
  static_assert(!(kF16 && kShifted), "the shifted encoding is e4m3");
  constexpr int kElementBytes = kF16 ? 2 : 1;
  constexpr uint32_t kOperandBytes = kWgmmaProbeM * kWgmmaProbeK * kElementBytes;
  __shared__ __align__(1024) uint8_t a_shared[kOperandBytes];
  __shared__ __align__(1024) uint8_t b_shared[kWgmmaProbeN * kWgmmaProbeK * kElementBytes];

  const size_t tile = blockIdx.x;
  const uint8_t* a_tile = a_codes + tile * kWgmmaProbeM * kWgmmaProbeK;
  const uint8_t* b_tile = b_codes + tile * kWgmmaProbeN * kWgmmaProbeK;

  // Ordinary (generic-proxy) stores of the encoded operands: 8 elements each.
  for (int i = threadIdx.x; i < kWgmmaProbeM * 4; i += kThreads) {
    const int row = i / 4;
    const int group8 = i % 4;
    const uint32_t w = PackCodes8(a_tile + row * kWgmmaProbeK + group8 * 8);
    uint8_t* dst = a_shared + InterleaveOffset(row, group8, kElementBytes);
    if constexpr (kF16) {
      uint32_t h[4];
      Fp4x8ToF16x8(w, h);  // the GEMM's weight conversion (2 * value)
      *reinterpret_cast<uint4*>(dst) = make_uint4(h[0], h[1], h[2], h[3]);
    } else if constexpr (kShifted) {
      const Bytes8 b = Fp4x8ToShiftedE4m3(w);  // the ring tiles' conversion (mma_ops.h)
      *reinterpret_cast<uint2*>(dst) = make_uint2(b.lo, b.hi);
    } else {
      const Bytes8 b = Fp4x8ToLutBytes(w, kTwiceE4m3LutLo, kTwiceE4m3LutHi);
      *reinterpret_cast<uint2*>(dst) = make_uint2(b.lo, b.hi);
    }
  }
  for (int i = threadIdx.x; i < kWgmmaProbeN * 4; i += kThreads) {
    const int col = i / 4;
    const int group8 = i % 4;
    const uint8_t* codes = b_tile + col * kWgmmaProbeK + group8 * 8;
    uint8_t* dst = b_shared + InterleaveOffset(col, group8, kElementBytes);
    if constexpr (kF16) {
      uint32_t h[4];
      for (int j = 0; j < 4; ++j) {
        h[j] = HalfF16OfCode(codes[2 * j]) | (HalfF16OfCode(codes[2 * j + 1]) << 16);
      }
      *reinterpret_cast<uint4*>(dst) = make_uint4(h[0], h[1], h[2], h[3]);
    } else if constexpr (kShifted) {
      // Even elements in the first 4 bytes, odd ones in the next (as the weights).
      uint32_t e[2] = {0, 0};
      for (int j = 0; j < 8; ++j) {
        e[j % 2] |= ScaledHalfE4m3OfCode(codes[j], act_exp) << (8 * (j / 2));
      }
      *reinterpret_cast<uint2*>(dst) = make_uint2(e[0], e[1]);
    } else {
      uint32_t e[2] = {0, 0};
      for (int j = 0; j < 8; ++j) e[j / 4] |= HalfE4m3OfCode(codes[j]) << (8 * (j % 4));
      *reinterpret_cast<uint2*>(dst) = make_uint2(e[0], e[1]);
    }
  }
  // wgmma reads shared memory through the async proxy: make the generic
  // stores visible to it, then to the whole warpgroup.
  FenceProxyAsyncShared();
  __syncthreads();

  constexpr uint32_t kChunks = kWgmmaProbeK * kElementBytes / 16;  // core matrices along K
  constexpr uint32_t kLbo = kCoreMatrixBytes;
  constexpr uint32_t kSbo = kCoreMatrixBytes * kChunks;
  const uint32_t a_address = SharedAddress(a_shared);
  const uint32_t b_address = SharedAddress(b_shared);

  // A NaN start: scale-d = 0 must ignore it (a zero accumulator).
  float acc[kAccRegs];
#pragma unroll
  for (int i = 0; i < kAccRegs; ++i) acc[i] = __uint_as_float(0x7FC0DEADu);

  FenceRegisters(acc);
  WgmmaFence();
  if constexpr (kF16) {
    constexpr uint32_t kK16Bytes = 2 * kCoreMatrixBytes;  // k 16..31: chunks 2, 3
    WgmmaF16SmemA<0>(acc, MatrixDescriptorNoSwizzle(a_address, kLbo, kSbo),
                     MatrixDescriptorNoSwizzle(b_address, kLbo, kSbo));
    WgmmaF16SmemA<1>(acc, MatrixDescriptorNoSwizzle(a_address + kK16Bytes, kLbo, kSbo),
                     MatrixDescriptorNoSwizzle(b_address + kK16Bytes, kLbo, kSbo));
  } else {
    WgmmaE4m3SmemA<0>(acc, MatrixDescriptorNoSwizzle(a_address, kLbo, kSbo),
                      MatrixDescriptorNoSwizzle(b_address, kLbo, kSbo));
  }
  WgmmaCommitGroup();
  WgmmaWaitGroup<0>();
  FenceRegisters(acc);

  StoreAccumulatorTile(acc, d + tile * kWgmmaProbeM * kWgmmaProbeN);
}

// The int8 probe (LaunchWgmmaProbeInt8): block g of both operands in its
// own 2 KB of shared memory (the e4m3 probe's layout, 1-byte elements).
__global__ void __launch_bounds__(kThreads)
    WgmmaProbeInt8Kernel(const uint8_t* a_codes, const uint8_t* b_codes, const uint8_t* a_shifts,
                         const uint8_t* b_shifts, int32_t* d, int groups) {
  constexpr uint32_t kBlockBytes = kWgmmaProbeM * kWgmmaProbeK;
  static_assert(kWgmmaProbeN * kWgmmaProbeK == kBlockBytes, "square operands");
  __shared__ __align__(1024) uint8_t a_shared[kWgmmaProbeMaxGroups * kBlockBytes];
  __shared__ __align__(1024) uint8_t b_shared[kWgmmaProbeMaxGroups * kBlockBytes];
  const size_t tile = blockIdx.x;
  const size_t codes_per_tile = size_t{kWgmmaProbeM} * kWgmmaProbeK * groups;
  const size_t shifts_per_tile = size_t{kWgmmaProbeM} * groups;
  // Row r's 8-element group i of block g, encoded at its shift.
  auto encode = [&](const uint8_t* codes, const uint8_t* shifts, uint8_t* shared) {
    for (int i = threadIdx.x; i < kWgmmaProbeM * 4 * groups; i += kThreads) {
      const int row = i / (4 * groups);
      const int g = (i / 4) % groups;
      const int group8 = i % 4;
      const uint32_t w = PackCodes8(codes + tile * codes_per_tile +
                                    (row * groups + g) * kWgmmaProbeK + group8 * 8);
      const Bytes8 b = Fp4x8ToShiftedInt8(
          w, ShiftedInt8Tables(shifts[tile * shifts_per_tile + row * groups + g]));
      *reinterpret_cast<uint2*>(shared + g * kBlockBytes + InterleaveOffset(row, group8, 1)) =
          make_uint2(b.lo, b.hi);
    }
  };
  encode(a_codes, a_shifts, a_shared);
  encode(b_codes, b_shifts, b_shared);
  FenceProxyAsyncShared();
  __syncthreads();

  constexpr uint32_t kLbo = kCoreMatrixBytes;
  constexpr uint32_t kSbo = kCoreMatrixBytes * 2;  // two 16-byte chunks along K a block
  const uint32_t a_address = SharedAddress(a_shared);
  const uint32_t b_address = SharedAddress(b_shared);
  int32_t acc[kAccRegs];
#pragma unroll
  for (int i = 0; i < kAccRegs; ++i) acc[i] = 0x7FC0DEAD;  // scale-d = 0 must ignore it
  FenceRegisters(acc);
  WgmmaFence();
  WgmmaS8SmemA<0>(acc, MatrixDescriptorNoSwizzle(a_address, kLbo, kSbo),
                  MatrixDescriptorNoSwizzle(b_address, kLbo, kSbo));
  for (int g = 1; g < groups; ++g) {
    WgmmaS8SmemA<1>(acc, MatrixDescriptorNoSwizzle(a_address + g * kBlockBytes, kLbo, kSbo),
                    MatrixDescriptorNoSwizzle(b_address + g * kBlockBytes, kLbo, kSbo));
  }
  WgmmaCommitGroup();
  WgmmaWaitGroup<0>();
  FenceRegisters(acc);

  StoreAccumulatorTile(acc, d + tile * kWgmmaProbeM * kWgmmaProbeN);
}

}  // namespace

hipError_t LaunchWgmmaProbeInt8(const uint8_t* a_codes, const uint8_t* b_codes,
                                const uint8_t* a_shifts, const uint8_t* b_shifts, int32_t* d,
                                int tiles, int groups, hipStream_t stream) {
  if (groups < 1 || groups > kWgmmaProbeMaxGroups) return hipErrorInvalidValue;
  if (tiles <= 0) return hipSuccess;
  hipLaunchKernelGGL(WgmmaProbeInt8Kernel, dim3(tiles), dim3(kThreads), 0, stream, a_codes,
                     b_codes, a_shifts, b_shifts, d, groups);
  return hipGetLastError();
}

hipError_t LaunchWgmmaProbe(const uint8_t* a_codes, const uint8_t* b_codes, float* d, int tiles,
                            bool f16, hipStream_t stream) {
  if (tiles <= 0) return hipSuccess;
  if (f16) {
    hipLaunchKernelGGL(WgmmaProbeKernel<true>, dim3(tiles), dim3(kThreads), 0, stream, a_codes,
                       b_codes, d);
  } else {
    hipLaunchKernelGGL(WgmmaProbeKernel<false>, dim3(tiles), dim3(kThreads), 0, stream, a_codes,
                       b_codes, d);
  }
  return hipGetLastError();
}

hipError_t LaunchWgmmaProbeShiftedE4m3(const uint8_t* a_codes, const uint8_t* b_codes, float* d,
                                       int tiles, int act_exp, hipStream_t stream) {
  if (act_exp < -7 || act_exp > 7) return hipErrorInvalidValue;
  if (tiles <= 0) return hipSuccess;
  hipLaunchKernelGGL((WgmmaProbeKernel<false, true>), dim3(tiles), dim3(kThreads), 0, stream,
                     a_codes, b_codes, d, act_exp);
  return hipGetLastError();
}

}  // namespace mxfp4::gpu::gemm_internal
