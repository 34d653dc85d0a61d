// File: mxfp4/gpu/amd/kernels/gfx950_device.h
//
// The gfx950 device primitives the kernels use, each a thin named wrapper
// around one clang amdgcn builtin (device TUs compiled by clang-22 for
// gfx950 only; docs/amd.md):
//   MfmaScaleFp4()      v_mfma_scale_f32_16x16x128_f8f6f4, FP4 x FP4, scale
//                       words with OPSEL byte selection
//   CvtPk8Fp4()         4 x v_cvt_scalef32_pk_fp4_f32 -> one packed dword
//   LoadGlobal16() etc. 16-/4-byte global loads and stores (global_* opcodes)
// Index math lives in gfx950_lane_map.h (shared with the host test).
//
// Example (one step, srcA = B tile, srcB = A tile, see gfx950_lane_map.h):
//   acc = MfmaScaleFp4(b_bytes, a_bytes, acc, opsel_b, b_word, 0, a_word);

#ifndef MXFP4_GPU_AMD_KERNELS_GFX950_DEVICE_H_
#define MXFP4_GPU_AMD_KERNELS_GFX950_DEVICE_H_

#if !defined(__HIP_DEVICE_COMPILE__) || !defined(__gfx950__)
#error "gfx950_device.h is for the gfx950 device pass of clang (HIP) only"
#endif

#include <hip/hip_runtime.h>  // minimal_hip/ (no ROCm needed)

#include <cstdint>

#include "mxfp4/gpu/amd/gfx950_lane_map.h"

namespace mxfp4::gfx950 {

typedef int32_t V8i32 __attribute__((ext_vector_type(8)));
typedef int32_t V4i32 __attribute__((ext_vector_type(4)));
typedef uint32_t V4u32 __attribute__((ext_vector_type(4)));
typedef float V4f32 __attribute__((ext_vector_type(4)));

// Global-memory pointers (address space 1): loads and stores through them
// compile to global_* instructions, never flat_* ones.
template <typename T>
using GlobalPtr = __attribute__((address_space(1))) T*;

template <typename T>
__device__ __forceinline__ GlobalPtr<T> ToGlobal(T* p) {
  return (GlobalPtr<T>)(p);
}

// LoadGlobal16(): 16 bytes (dwordx4); `p` 16-byte aligned.
__device__ __forceinline__ V4u32 LoadGlobal16(const void* p) {
  return *ToGlobal(static_cast<const V4u32*>(p));
}

// LoadGlobal16Streaming(): 16 bytes read once by this kernel (nontemporal:
// preshuffled B is streamed, it is not reused by the same workgroup).
__device__ __forceinline__ V4u32 LoadGlobal16Streaming(const void* p) {
  return __builtin_nontemporal_load(ToGlobal(static_cast<const V4u32*>(p)));
}

// LoadGlobal4(): one aligned dword (a shuffled16 scale word).
__device__ __forceinline__ uint32_t LoadGlobal4(const void* p) {
  return *ToGlobal(static_cast<const uint32_t*>(p));
}

__device__ __forceinline__ void StoreGlobal16(void* p, V4u32 v) {
  *ToGlobal(static_cast<V4u32*>(p)) = v;
}
__device__ __forceinline__ void StoreGlobal8(void* p, uint32_t lo, uint32_t hi) {
  typedef uint32_t V2u32 __attribute__((ext_vector_type(2)));
  *ToGlobal(static_cast<V2u32*>(p)) = V2u32{lo, hi};
}
__device__ __forceinline__ void StoreGlobal1(uint8_t* p, uint8_t v) { *ToGlobal(p) = v; }

// WaveId() / LaneId(): this lane's wave in the workgroup and index in the wave.
__device__ __forceinline__ int LaneId() { return static_cast<int>(__lane_id()); }
__device__ __forceinline__ int WaveId() {
  // Wave-uniform: lets the compiler keep it (and what derives from it) in SGPRs.
  return __builtin_amdgcn_readfirstlane(static_cast<int>(threadIdx.x) / kWaveSize);
}

// MfmaScaleFp4()
//
// D = scaled FP4 16x16x128 MFMA: srcA `a` (16 bytes per lane, dwords 0..3 of
// the v8i32 operand; FP4 reads no more), srcB `b`, accumulator `c`, scale
// words with OPSEL byte selects. The builtin needs OPSEL as a constant: call
// it with constants (or fully unrolled loop indices), the switch then folds.
__device__ __forceinline__ V4f32 MfmaScaleFp4(V4u32 a, V4u32 b, V4f32 c, int opsel_a,
                                              uint32_t scale_a, int opsel_b, uint32_t scale_b) {
  // The 8-dword operands of the builtin; FP4 reads dwords 0..3 only.
  const V4i32 zero = {0, 0, 0, 0};
  const V8i32 a8 =
      __builtin_shufflevector(__builtin_bit_cast(V4i32, a), zero, 0, 1, 2, 3, 4, 5, 6, 7);
  const V8i32 b8 =
      __builtin_shufflevector(__builtin_bit_cast(V4i32, b), zero, 0, 1, 2, 3, 4, 5, 6, 7);
  const int sa = static_cast<int>(scale_a);
  const int sb = static_cast<int>(scale_b);
  // clang-format off
#define MXFP4_GFX950_MFMA_CASE(OA, OB)                                                         \
  case (OA) * 4 + (OB):                                                                        \
    return __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a8, b8, c, kFp4TypeCode,          \
                                                            kFp4TypeCode, OA, sa, OB, sb);
  switch (opsel_a * 4 + opsel_b) {
    MXFP4_GFX950_MFMA_CASE(0, 0) MXFP4_GFX950_MFMA_CASE(0, 1)
    MXFP4_GFX950_MFMA_CASE(0, 2) MXFP4_GFX950_MFMA_CASE(0, 3)
    MXFP4_GFX950_MFMA_CASE(1, 0) MXFP4_GFX950_MFMA_CASE(1, 1)
    MXFP4_GFX950_MFMA_CASE(1, 2) MXFP4_GFX950_MFMA_CASE(1, 3)
    MXFP4_GFX950_MFMA_CASE(2, 0) MXFP4_GFX950_MFMA_CASE(2, 1)
    MXFP4_GFX950_MFMA_CASE(2, 2) MXFP4_GFX950_MFMA_CASE(2, 3)
    MXFP4_GFX950_MFMA_CASE(3, 0) MXFP4_GFX950_MFMA_CASE(3, 1)
    MXFP4_GFX950_MFMA_CASE(3, 2) MXFP4_GFX950_MFMA_CASE(3, 3)
  }
#undef MXFP4_GFX950_MFMA_CASE
  // clang-format on
  __builtin_unreachable();
}

// CvtPk8Fp4()
//
// Eight fp32 values -> one dword of packed E2M1 codes with the hardware
// conversion (exact division by the power of two in `scale`, RNE, saturating):
// instruction b converts x[2b] (low nibble) and x[2b+1] into byte b (OPSEL b).
// This is the `cvt4` of QuantizeBlockEven() (gfx950_lane_map.h).
struct CvtPk8Fp4 {
  __device__ __forceinline__ uint32_t operator()(const float (&x)[8], float scale) const {
    uint32_t d = 0;
    d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, x[0], x[1], scale, 0);
    d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, x[2], x[3], scale, 1);
    d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, x[4], x[5], scale, 2);
    d = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(d, x[6], x[7], scale, 3);
    return d;
  }
};

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_KERNELS_GFX950_DEVICE_H_
