// File: mxfp4/gpu/quantize/quantize_kernel.cu.cc
//
// bf16 -> MXFP4 quantization kernels (spec: shared/spec/mxfp4-semantics.md §2
// for the arithmetic, §3 for the scale layouts). One thread quantizes one
// 32-element block: four 16-byte loads (64 bytes of bf16), the block max on
// packed 16-bit halves (Hopper DPX 3-way max), the scale byte by the named
// rule, 32 E2M1 codes, one 16-byte store of the packed codes.
//
//  - Linear (QuantizeLinearKernel; all layouts): threads walk the blocks in
//    memory order (block b = r*G+g is at x + 32b and data + 16b), so loads and
//    stores are contiguous per warp; each thread writes its scale byte at its
//    layout offset, and threads after the last block write the zero padding of
//    the shuffled layouts.
//  - Tiled (QuantizeTiledKernel; shuffled layouts, variant *_tiled): a thread
//    block owns one 32-row x 8-group tile, whose 256 scale bytes are one
//    contiguous chunk of the layout; the threads place their bytes in shared
//    memory and 16 threads store the chunk with 16-byte stores. Tiles in
//    padding rows/groups write zeros.
// Either way every scale byte is written.
//
// Element codes (CodeMath; variants in quantize.h, MXFP4_GPU_QUANTIZE_VARIANTS):
//  - kFp32: per element in fp32, see E2m1CodeFp32().
//  - kBf16x2: per pair of elements in one 32-bit word, see PackPairBf16x2();
//    about half the instructions, which matters because at HBM speed the
//    budget is ~25 instructions per element.
//
// Bit-exactness with mxfp4/emu (internal/quantize_kernels.h): same integer
// scale rules, and the element code is a function of the exact value
// q = |x| * 2^(127-S) (fp32 multiply by a power of two: exact unless q < 2^-126,
// where the code is 0 either way). Built with -fmad=false and without fast
// math: subnormal inputs and the subnormal reciprocals 2^-127 / 2^-128 are kept.

#include <cstdint>

#include "mxfp4/gpu/common/device_scale.h"
#include "mxfp4/gpu/platform/intrinsics.h"
#include "mxfp4/gpu/platform/kernel_launch.h"
#include "mxfp4/gpu/quantize/quantize_launch.h"

namespace mxfp4::gpu::internal {
namespace {

constexpr int kBlockElements = 32;
constexpr int kThreads = 256;
// Shuffled layouts: a tile of 32 rows x 8 groups = one 256-byte scale chunk.
constexpr int kTileRows = 32;
constexpr int kTileGroups = 8;
static_assert(kTileRows * kTileGroups == kThreads, "one thread per block of the tile");

// The scale byte of a block from its max |x| as fp32 bits (the emulator's
// BlockScaleInline), by rule; the rules live in mxfp4/gpu/common/device_scale.h.
template <QuantizeRuleId kRule>
MXFP4_DEVICE_INLINE uint32_t BlockScale(uint32_t max_abs_bits) {
  if constexpr (kRule == QuantizeRuleId::kEven) {
    return device_scale::BlockScaleEven(max_abs_bits);
  } else if constexpr (kRule == QuantizeRuleId::kOcpFloor) {
    return device_scale::BlockScaleFloor(max_abs_bits);
  } else {
    return device_scale::BlockScaleRceil(max_abs_bits);
  }
}

using device_scale::ScaleReciprocal;

// E2M1 code (sign in bit 3) of the fp32 `x` scaled by `reciprocal`.
//   q >= 1: round the fp32 bits of q to one mantissa bit (RNE, by adding
//           0x1FFFFF plus the kept bit), then code = 2*exponent + mantissa - 252,
//           saturated at 7 (6.0); NaN/Inf land above 7 as well.
//   q <  1: code = RNE(2q) in {0, 1, 2}, computed as the bits of q + 2^22
//           (whose ulp is 0.5) minus the bits of 2^22.
MXFP4_DEVICE_INLINE uint32_t E2m1CodeFp32(float x, float reciprocal) {
  const float q = __fmul_rn(fabsf(x), reciprocal);
  const uint32_t qb = FloatAsU32(q);
  const uint32_t rounded = qb + 0x1FFFFFu + ((qb >> 22) & 1u);
  const uint32_t large = min((rounded >> 22) - 252u, 7u);
  const uint32_t small = FloatAsU32(__fadd_rn(q, 4194304.0f)) - 0x4A800000u;
  const uint32_t magnitude = qb < 0x3F800000u ? small : large;
  return magnitude | ((FloatAsU32(x) >> 28) & 8u);
}

// Eight bf16 (four words, low half first) -> eight codes packed into a word;
// element 2j in the low nibble of byte j.
MXFP4_DEVICE_INLINE uint32_t PackEightFp32(const uint32_t* pairs, uint32_t scale) {
  const float reciprocal = ScaleReciprocal(scale);
  uint32_t word = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const float lo = U32AsFloat(pairs[j] << 16);
    const float hi = U32AsFloat(pairs[j] & 0xFFFF0000u);
    word |= E2m1CodeFp32(lo, reciprocal) << (8 * j);
    word |= E2m1CodeFp32(hi, reciprocal) << (8 * j + 4);
  }
  return word;
}

// 2^(127 - s) as a bf16 in both halves of a word (exact for every byte, as
// bf16 has the fp32 exponent range and its subnormals 2^-127, 2^-128).
MXFP4_DEVICE_INLINE uint32_t ScaleReciprocalBf16x2(uint32_t s) {
  const uint32_t bits = FloatAsU32(ScaleReciprocal(s)) >> 16;
  return bits | (bits << 16);
}

// The packed byte of a bf16 pair (low half = even element):
//   q = |x| * 2^(127-S) in bf16 (exact unless q < 2^-126, where the code is 0).
//   h = 2*exponent + mantissa of q rounded to one mantissa bit (RNE, like the
//       fp32 variant: add 0x1F plus the kept bit, shift out 6 bits); for q >= 1
//       the code is h - 252, and h <= 254 when q < 1.
//   t = RNE(2q) + 252 via bf16 q + 64 (ulp 0.5): the code + 252 for q < 2.
//   code + 252 = min(max(h, min(t, 255)), 259): for q < 1, t >= h; for q >= 2,
//   min(t, 255) < 256 <= h; for q in [1, 2) both agree (up to the clamp at 255
//   when t = 256, where h = 256 wins). NaN/Inf give h >= 510 -> 7.
// No half overflows into the other: all halves stay below 0x10000 and every
// subtraction is of a value known to be smaller.
MXFP4_DEVICE_INLINE uint32_t PackPairBf16x2(uint32_t pair, uint32_t reciprocal2) {
  const uint32_t q = MulBf16x2(pair & 0x7FFF7FFFu, reciprocal2);
  const uint32_t rounded = q + 0x001F001Fu + ((q >> 6) & 0x00010001u);
  const uint32_t h = (rounded >> 6) & 0x03FF03FFu;
  const uint32_t t = AddBf16x2(q, 0x42804280u) - 0x41844184u;  // 64.0 = 0x4280; 0x4280 - 252
  const uint32_t code = MinU16x2(MaxU16x2(h, MinU16x2(t, 0x00FF00FFu)), 0x01030103u) - 0x00FC00FCu;
  const uint32_t signed_code = code | ((pair >> 12) & 0x00080008u);  // bits 15, 31 -> 3, 19
  return (signed_code | (signed_code >> 12)) & 0xFFu;
}

MXFP4_DEVICE_INLINE uint32_t PackEightBf16x2(const uint32_t* pairs, uint32_t scale) {
  const uint32_t reciprocal2 = ScaleReciprocalBf16x2(scale);
  uint32_t word = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) word |= PackPairBf16x2(pairs[j], reciprocal2) << (8 * j);
  return word;
}

// How the 32 codes of a block are computed (both give the emulator's bits).
enum class CodeMath { kBf16x2, kFp32 };

// Quantizes the block at `x` (32 bf16, 64-byte aligned) into 16 bytes at
// `data`; returns the scale byte.
template <QuantizeRuleId kRule, CodeMath kMath>
MXFP4_DEVICE_INLINE uint32_t QuantizeBlock(const uint16_t* x, uint8_t* data) {
  Vec128 in[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) in[i] = LoadGlobalStreaming128(x + 8 * i);

  // Max of |x| over the 32 halves: clear the sign bits, then 3-way maxima.
  uint32_t a[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) a[i] = in[i / 4].w[i % 4] & 0x7FFF7FFFu;
  uint32_t m0 = Max3U16x2(a[0], a[1], a[2]);
  uint32_t m1 = Max3U16x2(a[3], a[4], a[5]);
  uint32_t m2 = Max3U16x2(a[6], a[7], a[8]);
  uint32_t m3 = Max3U16x2(a[9], a[10], a[11]);
  uint32_t m4 = Max3U16x2(a[12], a[13], a[14]);
  m0 = Max3U16x2(m0, m1, m2);
  m3 = Max3U16x2(m3, m4, a[15]);
  const uint32_t both = Max3U16x2(m0, m3, 0u);
  const uint32_t max_half = max(both & 0xFFFFu, both >> 16);

  const uint32_t scale = BlockScale<kRule>(max_half << 16);
  Vec128 out;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    if constexpr (kMath == CodeMath::kBf16x2) {
      out.w[i] = PackEightBf16x2(in[i].w, scale);
    } else {
      out.w[i] = PackEightFp32(in[i].w, scale);
    }
  }
  StoreGlobalStreaming128(data, out);
  return scale;
}

// Offset of scale (r % 32, g % 8) inside its 256-byte chunk (layouts.h).
template <QuantizeLayoutId kLayout>
MXFP4_DEVICE_INLINE int OffsetInChunk(int lr, int lg) {
  if constexpr (kLayout == QuantizeLayoutId::kShuffled16) {
    return (lg % 4) * 64 + (lr % 16) * 4 + ((lg / 4) % 2) * 2 + (lr / 16) % 2;
  } else {
    return (lg % 2) * 128 + lr * 4 + lg / 2;
  }
}

// Offset of scale (r, g) in a shuffled layout with `padded_groups` columns.
template <QuantizeLayoutId kLayout>
MXFP4_DEVICE_INLINE int64_t ShuffledOffset(int64_t r, uint32_t g, uint32_t padded_groups) {
  return (r / kTileRows) * kTileRows * static_cast<int64_t>(padded_groups) +
         static_cast<int64_t>(g / kTileGroups) * 256 +
         OffsetInChunk<kLayout>(static_cast<int>(r % kTileRows), static_cast<int>(g % kTileGroups));
}

// n = q * d + rem, in 32 bits when n allows (a 64-bit division is ~10x slower).
MXFP4_DEVICE_INLINE void DivMod(int64_t n, uint32_t d, int64_t* q, uint32_t* rem) {
  if (n <= 0xFFFFFFFFll) {
    const uint32_t q32 = static_cast<uint32_t>(n) / d;
    *q = q32;
    *rem = static_cast<uint32_t>(n) - q32 * d;
  } else {
    *q = n / d;
    *rem = static_cast<uint32_t>(n - *q * d);
  }
}

// Thread -> block in memory order (block b = r*G + g is at x + 32b and
// data + 16b: contiguous loads and stores per warp). Natural scales go to b;
// shuffled scales are scattered bytes at their layout offset, and the threads
// after the last block write the zero padding bytes: region A = rows [0, m) x
// groups [G, padded_groups), region B = rows [m, padded_rows) x all groups.
template <QuantizeRuleId kRule, CodeMath kMath, QuantizeLayoutId kLayout>
__global__ void __launch_bounds__(kThreads)
    QuantizeLinearKernel(const uint16_t* __restrict__ x, int64_t m, uint32_t groups,
                         uint32_t padded_groups, int64_t num_blocks, int64_t num_padding,
                         uint8_t* __restrict__ data, uint8_t* __restrict__ scales) {
  const int64_t b = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x;
  if (b < num_blocks) {
    const uint32_t scale =
        QuantizeBlock<kRule, kMath>(x + b * kBlockElements, data + b * (kBlockElements / 2));
    if constexpr (kLayout == QuantizeLayoutId::kNatural) {
      scales[b] = static_cast<uint8_t>(scale);
    } else {
      int64_t r;
      uint32_t g;
      DivMod(b, groups, &r, &g);
      scales[ShuffledOffset<kLayout>(r, g, padded_groups)] = static_cast<uint8_t>(scale);
    }
    return;
  }
  if constexpr (kLayout != QuantizeLayoutId::kNatural) {
    const int64_t p = b - num_blocks;
    if (p >= num_padding) return;
    const uint32_t extra_groups = padded_groups - groups;
    int64_t r;
    uint32_t g;
    if (p < m * extra_groups) {
      DivMod(p, extra_groups, &r, &g);
      g += groups;
    } else {
      DivMod(p - m * extra_groups, padded_groups, &r, &g);
      r += m;
    }
    scales[ShuffledOffset<kLayout>(r, g, padded_groups)] = 0;
  }
}

// Shuffled scale layouts, tiled: thread block -> 32x8 tile (one 256-byte
// chunk) placed in shared memory, then stored with 16 x 16-byte stores. Each
// warp reads 4 rows x 512 contiguous bytes.
template <QuantizeRuleId kRule, CodeMath kMath, QuantizeLayoutId kLayout>
__global__ void __launch_bounds__(kThreads)
    QuantizeTiledKernel(const uint16_t* __restrict__ x, int64_t m, int64_t groups,
                        int64_t tiles_per_row_tile, int64_t padded_groups,
                        uint8_t* __restrict__ data, uint8_t* __restrict__ scales) {
  __shared__ alignas(16) uint8_t chunk[kTileRows * kTileGroups];
  const int64_t tile = blockIdx.x;
  const int64_t row_tile = tile / tiles_per_row_tile;
  const int64_t group_tile = tile - row_tile * tiles_per_row_tile;
  const int lr = static_cast<int>(threadIdx.x) / kTileGroups;
  const int lg = static_cast<int>(threadIdx.x) % kTileGroups;
  const int64_t r = row_tile * kTileRows + lr;
  const int64_t g = group_tile * kTileGroups + lg;

  uint32_t scale = 0;  // padding rows/groups
  if (r < m && g < groups) {
    const int64_t b = r * groups + g;
    scale = QuantizeBlock<kRule, kMath>(x + b * kBlockElements, data + b * (kBlockElements / 2));
  }
  chunk[OffsetInChunk<kLayout>(lr, lg)] = static_cast<uint8_t>(scale);
  __syncthreads();
  if (threadIdx.x < sizeof(chunk) / 16) {
    const Vec128 v = *reinterpret_cast<const Vec128*>(chunk + 16 * threadIdx.x);
    uint8_t* dst = scales + row_tile * kTileRows * padded_groups + group_tile * 256 +
                   16 * threadIdx.x;
    StoreGlobalStreaming128(dst, v);
  }
}

template <QuantizeRuleId kRule, CodeMath kMath, QuantizeLayoutId kLayout>
hipError_t LaunchLinear(const uint16_t* d_x, int64_t m, int64_t groups, uint8_t* d_data,
                        uint8_t* d_scales, hipStream_t stream) {
  const int64_t num_blocks = m * groups;
  const int64_t padded_groups =
      kLayout == QuantizeLayoutId::kNatural ? groups : (groups + 7) / 8 * 8;
  const int64_t padded_rows = kLayout == QuantizeLayoutId::kNatural ? m : (m + 255) / 256 * 256;
  const int64_t num_padding = padded_rows * padded_groups - num_blocks;
  const int64_t grid = (num_blocks + num_padding + kThreads - 1) / kThreads;
  if (grid > 0x7FFFFFFF || padded_groups > 0xFFFFFFFFll) return hipErrorInvalidValue;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(QuantizeLinearKernel<kRule, kMath, kLayout>),
                     dim3(static_cast<unsigned>(grid)), dim3(kThreads), 0, stream, d_x, m,
                     static_cast<uint32_t>(groups), static_cast<uint32_t>(padded_groups),
                     num_blocks, num_padding, d_data, d_scales);
  return hipGetLastError();
}

template <QuantizeRuleId kRule, CodeMath kMath, QuantizeLayoutId kLayout>
hipError_t LaunchTiled(const uint16_t* d_x, int64_t m, int64_t groups, uint8_t* d_data,
                       uint8_t* d_scales, hipStream_t stream) {
  const int64_t padded_rows = (m + 255) / 256 * 256;
  const int64_t padded_groups = (groups + 7) / 8 * 8;
  const int64_t tiles_per_row_tile = padded_groups / kTileGroups;
  const int64_t grid = padded_rows / kTileRows * tiles_per_row_tile;
  if (grid > 0x7FFFFFFF) return hipErrorInvalidValue;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(QuantizeTiledKernel<kRule, kMath, kLayout>),
                     dim3(static_cast<unsigned>(grid)), dim3(kThreads), 0, stream, d_x, m,
                     groups, tiles_per_row_tile, padded_groups, d_data, d_scales);
  return hipGetLastError();
}

template <QuantizeRuleId kRule, CodeMath kMath, bool kTiled>
hipError_t LaunchForLayout(const uint16_t* d_x, int64_t m, int64_t groups,
                           QuantizeLayoutId layout, uint8_t* d_data, uint8_t* d_scales,
                           hipStream_t stream) {
  switch (layout) {
    case QuantizeLayoutId::kNatural:
      return LaunchLinear<kRule, kMath, QuantizeLayoutId::kNatural>(d_x, m, groups, d_data,
                                                                    d_scales, stream);
    case QuantizeLayoutId::kShuffled16:
      if constexpr (kTiled) {
        return LaunchTiled<kRule, kMath, QuantizeLayoutId::kShuffled16>(d_x, m, groups, d_data,
                                                                        d_scales, stream);
      } else {
        return LaunchLinear<kRule, kMath, QuantizeLayoutId::kShuffled16>(d_x, m, groups, d_data,
                                                                         d_scales, stream);
      }
    case QuantizeLayoutId::kShuffled32:
      if constexpr (kTiled) {
        return LaunchTiled<kRule, kMath, QuantizeLayoutId::kShuffled32>(d_x, m, groups, d_data,
                                                                        d_scales, stream);
      } else {
        return LaunchLinear<kRule, kMath, QuantizeLayoutId::kShuffled32>(d_x, m, groups, d_data,
                                                                         d_scales, stream);
      }
  }
  return hipErrorInvalidValue;
}

template <CodeMath kMath, bool kTiled>
hipError_t LaunchForRule(const uint16_t* d_x, int64_t m, int64_t groups, QuantizeRuleId rule,
                         QuantizeLayoutId layout, uint8_t* d_data, uint8_t* d_scales,
                         hipStream_t stream) {
  switch (rule) {
    case QuantizeRuleId::kEven:
      return LaunchForLayout<QuantizeRuleId::kEven, kMath, kTiled>(d_x, m, groups, layout,
                                                                   d_data, d_scales, stream);
    case QuantizeRuleId::kOcpFloor:
      return LaunchForLayout<QuantizeRuleId::kOcpFloor, kMath, kTiled>(d_x, m, groups, layout,
                                                                       d_data, d_scales, stream);
    case QuantizeRuleId::kRceil:
      return LaunchForLayout<QuantizeRuleId::kRceil, kMath, kTiled>(d_x, m, groups, layout,
                                                                    d_data, d_scales, stream);
  }
  return hipErrorInvalidValue;
}

}  // namespace

hipError_t LaunchQuantizeBf16(const uint16_t* d_x, int64_t m, int64_t k, QuantizeRuleId rule,
                              QuantizeLayoutId layout, QuantizeVariantId variant, uint8_t* d_data,
                              uint8_t* d_scales, hipStream_t stream) {
  const int64_t groups = k / kBlockElements;
  switch (variant) {
    case QuantizeVariantId::kBf16x2Packed:
      return LaunchForRule<CodeMath::kBf16x2, false>(d_x, m, groups, rule, layout, d_data,
                                                     d_scales, stream);
    case QuantizeVariantId::kBf16x2PackedTiled:
      return LaunchForRule<CodeMath::kBf16x2, true>(d_x, m, groups, rule, layout, d_data,
                                                    d_scales, stream);
    case QuantizeVariantId::kFp32Scalar:
      return LaunchForRule<CodeMath::kFp32, false>(d_x, m, groups, rule, layout, d_data,
                                                   d_scales, stream);
  }
  return hipErrorInvalidValue;
}

}  // namespace mxfp4::gpu::internal
