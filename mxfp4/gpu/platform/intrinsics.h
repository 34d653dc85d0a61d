// File: mxfp4/gpu/platform/intrinsics.h
//
// Vendor-specific device intrinsics behind small named inline functions, so
// kernels are written once in HIP spelling (spec: shared/spec/gpu-design.md:
// "device code is shared where it is portable"). Each function says what it
// does, then how on each vendor. Device TUs only.
//
// Example:
//   uint32_t m = WarpReduceMaxU32(bits & 0x7FFFFFFFu);   // all lanes get the max
//   Vec128 v = LoadGlobalStreaming128(src + 8 * lane);   // 16-byte load, no L1 keep

#ifndef MXFP4_GPU_PLATFORM_INTRINSICS_H_
#define MXFP4_GPU_PLATFORM_INTRINSICS_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER)
#error "intrinsics.h is for device TUs (nvcc/hip-clang) only"
#endif

#if defined(MXFP4_GPU_VENDOR_AMD)
#include <hip/hip_runtime.h>
#endif

namespace mxfp4::gpu {

// Threads that execute in lock step: 32 on NVIDIA (warp), 64 on CDNA (wave).
#if defined(MXFP4_GPU_VENDOR_AMD)
inline constexpr int kWarpSize = 64;
#else
inline constexpr int kWarpSize = 32;
#endif

// 16 bytes as four 32-bit words (the unit of a vectorized global access).
struct alignas(16) Vec128 {
  uint32_t w[4];
};

// LaneId(): this thread's index within its warp/wave.
MXFP4_DEVICE_INLINE int LaneId() {
#if defined(MXFP4_GPU_VENDOR_AMD)
  return __lane_id();
#else
  return static_cast<int>(threadIdx.x) & (kWarpSize - 1);
#endif
}

// ShuffleXorU32(): value of lane (LaneId() ^ lane_mask); all lanes take part.
MXFP4_DEVICE_INLINE uint32_t ShuffleXorU32(uint32_t value, int lane_mask) {
#if defined(MXFP4_GPU_VENDOR_AMD)
  return __shfl_xor(value, lane_mask);
#else
  return __shfl_xor_sync(0xFFFFFFFFu, value, lane_mask);
#endif
}

// GroupReduceMaxU32<kLanes>(): max over aligned groups of kLanes lanes (a power
// of two <= kWarpSize); every lane of the group receives it.
template <int kLanes>
MXFP4_DEVICE_INLINE uint32_t GroupReduceMaxU32(uint32_t value) {
  static_assert(kLanes >= 1 && kLanes <= kWarpSize && (kLanes & (kLanes - 1)) == 0,
                "group must be a power of two within a warp");
#pragma unroll
  for (int mask = kLanes / 2; mask >= 1; mask /= 2) {
    const uint32_t other = ShuffleXorU32(value, mask);
    value = other > value ? other : value;
  }
  return value;
}

// WarpReduceMaxU32(): max over the whole warp/wave, broadcast to every lane.
MXFP4_DEVICE_INLINE uint32_t WarpReduceMaxU32(uint32_t value) {
  return GroupReduceMaxU32<kWarpSize>(value);
}

// Max3U16x2(): per 16-bit half, the unsigned max of a, b and c (Hopper DPX
// instruction VIMNMX3 on sm_90; a portable fallback elsewhere).
MXFP4_DEVICE_INLINE uint32_t Max3U16x2(uint32_t a, uint32_t b, uint32_t c) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  return __vimax3_u16x2(a, b, c);
#else
  auto max3 = [](uint32_t x, uint32_t y, uint32_t z) {
    const uint32_t m = x > y ? x : y;
    return m > z ? m : z;
  };
  return max3(a & 0xFFFFu, b & 0xFFFFu, c & 0xFFFFu) |
         (max3(a >> 16, b >> 16, c >> 16) << 16);
#endif
}

// MaxU16x2() / MinU16x2(): per 16-bit half, unsigned max / min (one
// VIMNMX.U16x2 on sm_90).
MXFP4_DEVICE_INLINE uint32_t MaxU16x2(uint32_t a, uint32_t b) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  uint32_t d;
  asm("max.u16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
#else
  const uint32_t lo = (a & 0xFFFFu) > (b & 0xFFFFu) ? (a & 0xFFFFu) : (b & 0xFFFFu);
  const uint32_t hi = (a >> 16) > (b >> 16) ? (a >> 16) : (b >> 16);
  return lo | (hi << 16);
#endif
}
MXFP4_DEVICE_INLINE uint32_t MinU16x2(uint32_t a, uint32_t b) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  uint32_t d;
  asm("min.u16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
#else
  const uint32_t lo = (a & 0xFFFFu) < (b & 0xFFFFu) ? (a & 0xFFFFu) : (b & 0xFFFFu);
  const uint32_t hi = (a >> 16) < (b >> 16) ? (a >> 16) : (b >> 16);
  return lo | (hi << 16);
#endif
}

// MulBf16x2() / AddBf16x2(): two bf16 products / sums in one instruction,
// each correctly rounded to nearest even, subnormals kept (PTX mul.rn.bf16x2 /
// add.rn.bf16x2, sm_90). Operands and result are bf16 pairs in a word (low
// half = first element).
#if !defined(MXFP4_GPU_VENDOR_NVIDIA)
// Portable fallback (not yet checked on AMD hardware): via fp32, then RNE to
// bf16. A bf16 x bf16 product is exact in fp32 (except in the subnormal
// range); a sum may round twice, so check before relying on it for ties.
MXFP4_DEVICE_INLINE float Bf16LowToFloat(uint32_t v) { return __uint_as_float(v << 16); }
MXFP4_DEVICE_INLINE float Bf16HighToFloat(uint32_t v) { return __uint_as_float(v & 0xFFFF0000u); }
MXFP4_DEVICE_INLINE uint32_t FloatToBf16Rne(float f) {
  const uint32_t u = __float_as_uint(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return (u >> 16) | 0x40u;
  return (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
}
MXFP4_DEVICE_INLINE uint32_t Bf16x2FromFloats(float lo, float hi) {
  return FloatToBf16Rne(lo) | (FloatToBf16Rne(hi) << 16);
}
#endif

MXFP4_DEVICE_INLINE uint32_t MulBf16x2(uint32_t a, uint32_t b) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  uint32_t d;
  asm("mul.rn.bf16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
#else
  return Bf16x2FromFloats(Bf16LowToFloat(a) * Bf16LowToFloat(b),
                          Bf16HighToFloat(a) * Bf16HighToFloat(b));
#endif
}
MXFP4_DEVICE_INLINE uint32_t AddBf16x2(uint32_t a, uint32_t b) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  uint32_t d;
  asm("add.rn.bf16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
#else
  return Bf16x2FromFloats(Bf16LowToFloat(a) + Bf16LowToFloat(b),
                          Bf16HighToFloat(a) + Bf16HighToFloat(b));
#endif
}

// FloatAsU32() / U32AsFloat(): bit casts in registers.
MXFP4_DEVICE_INLINE uint32_t FloatAsU32(float f) { return __float_as_uint(f); }
MXFP4_DEVICE_INLINE float U32AsFloat(uint32_t u) { return __uint_as_float(u); }

// LoadGlobalStreaming128(): 16-byte global load of data read once (hint: evict
// first / do not keep in L1). `p` must be 16-byte aligned.
MXFP4_DEVICE_INLINE Vec128 LoadGlobalStreaming128(const void* p) {
  Vec128 v;
#if defined(MXFP4_GPU_VENDOR_AMD)
  // The nontemporal builtins take scalars or vectors, not structs.
  typedef uint32_t U32x4 __attribute__((ext_vector_type(4)));
  const U32x4 u = __builtin_nontemporal_load(static_cast<const U32x4*>(p));
  v.w[0] = u.x;
  v.w[1] = u.y;
  v.w[2] = u.z;
  v.w[3] = u.w;
#else
  const uint4 u = __ldcs(static_cast<const uint4*>(p));
  v.w[0] = u.x;
  v.w[1] = u.y;
  v.w[2] = u.z;
  v.w[3] = u.w;
#endif
  return v;
}

// LoadGlobalReadOnly128(): 16-byte load through the read-only/L1 path (data
// reused by other threads of the block). `p` must be 16-byte aligned.
MXFP4_DEVICE_INLINE Vec128 LoadGlobalReadOnly128(const void* p) {
  Vec128 v;
#if defined(MXFP4_GPU_VENDOR_AMD)
  v = *static_cast<const Vec128*>(p);
#else
  const uint4 u = __ldg(static_cast<const uint4*>(p));
  v.w[0] = u.x;
  v.w[1] = u.y;
  v.w[2] = u.z;
  v.w[3] = u.w;
#endif
  return v;
}

// StoreGlobalStreaming128(): 16-byte global store of data not re-read by this
// kernel (hint: streaming). `p` must be 16-byte aligned.
MXFP4_DEVICE_INLINE void StoreGlobalStreaming128(void* p, Vec128 v) {
#if defined(MXFP4_GPU_VENDOR_AMD)
  typedef uint32_t U32x4 __attribute__((ext_vector_type(4)));
  const U32x4 u = {v.w[0], v.w[1], v.w[2], v.w[3]};
  __builtin_nontemporal_store(u, static_cast<U32x4*>(p));
#else
  __stcs(static_cast<uint4*>(p), make_uint4(v.w[0], v.w[1], v.w[2], v.w[3]));
#endif
}

// BytePermute(): byte i of the result is byte selector[4i+3:4i] of the 8-byte
// value {hi, lo} (CUDA __byte_perm semantics, selector nibbles 0..7).
MXFP4_DEVICE_INLINE uint32_t BytePermute(uint32_t lo, uint32_t hi, uint32_t selector) {
#if defined(MXFP4_GPU_VENDOR_AMD)
  // v_perm_b32 numbers bytes the other way round ({lo, hi} in CUDA's order).
  uint32_t r = 0;
  const uint64_t both = (static_cast<uint64_t>(hi) << 32) | lo;
  for (int i = 0; i < 4; ++i) {
    const uint32_t sel = (selector >> (4 * i)) & 7u;
    r |= static_cast<uint32_t>((both >> (8 * sel)) & 0xFFu) << (8 * i);
  }
  return r;
#else
  return __byte_perm(lo, hi, selector);
#endif
}

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_PLATFORM_INTRINSICS_H_
