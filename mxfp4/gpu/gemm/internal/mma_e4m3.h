// File: mxfp4/gpu/gemm/internal/mma_e4m3.h
//
// The sm_90a instruction-level pieces of every GEMM path (docs/paths.md;
// spec: shared/spec/gpu-design.md, "The accumulation contract"):
//   - MmaE4m3ZeroAcc(): mma.sync m16n8k32 e4m3 x e4m3 -> f32 with a ZERO
//     accumulator: one call = the exact dot product P of one 32-element
//     K-block for a 16 x 8 tile (every product and partial sum of E2M1 values
//     is exact in fp32; verified on the H200 by mma_exactness_test).
//   - Fp4x8ToE4m3(): 8 packed E2M1 codes -> 8 E4M3 bytes through a byte
//     look-up table (two PRMTs for the magnitudes, two for the signs).
//     Weights use the table of 2 * value ({0,1,2,3,4,6,8,12}); activations
//     are quantized straight to value / 2 (device_block_quantize.h), so each
//     product is exactly the E2M1 product and the MMA result is P itself.
//   - ldmatrix / cp.async / cluster wrappers.
//
// K order inside a block does not matter to an exact dot product, so the
// kernels use the order that makes loads cheap: lane (gid, t) of the MMA owns
// elements 8t .. 8t+7 of its row (weights) and of its column (activations);
// in the fragments, byte j of register 0 is element 8t + j and byte j of
// register 1 (A: register 2/3) is element 8t + 4 + j, for A and B alike.
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_MMA_E4M3_H_
#define MXFP4_GPU_GEMM_INTERNAL_MMA_E4M3_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER) || !defined(MXFP4_GPU_VENDOR_NVIDIA)
#error "mma_e4m3.h is for the NVIDIA device build (nvcc, sm_90a) only"
#endif

namespace mxfp4::gpu::gemm_internal {

// E4M3 bytes of 2 * E2M1 value for magnitude codes 0..3 and 4..7:
// 0 -> 0x00, 1 -> 0x38, 2 -> 0x40, 3 -> 0x44 | 4 -> 0x48, 6 -> 0x4C, 8 -> 0x50, 12 -> 0x54.
inline constexpr uint32_t kTwiceE4m3LutLo = 0x44403800u;
inline constexpr uint32_t kTwiceE4m3LutHi = 0x54504C48u;

// Prmt(): PTX prmt.b32 default mode. Byte i of the result is byte sel[4i+2:4i]
// of {b, a} (a = bytes 0..3); if sel bit 4i+3 is set, that byte's sign bit is
// replicated over the result byte instead.
MXFP4_DEVICE_INLINE uint32_t Prmt(uint32_t a, uint32_t b, uint32_t sel) {
  uint32_t d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(sel));
  return d;
}

struct E4m3x8 {
  uint32_t lo;  // elements 0..3 (byte j = element j)
  uint32_t hi;  // elements 4..7
};

// Fp4x8ToE4m3()
// `w` holds 8 E2M1 codes (nibble j = element j, the fp4x2 packing read as a
// little-endian word). Magnitudes go through the 8-entry table {lut_hi, lut_lo};
// the sign of nibble j (bit 4j+3) becomes bit 7 of byte j.
MXFP4_DEVICE_INLINE E4m3x8 Fp4x8ToE4m3(uint32_t w, uint32_t lut_lo, uint32_t lut_hi) {
  const uint32_t magnitudes = w & 0x77777777u;
  const uint32_t shifted = w << 4;  // byte j's bit 7 = sign of nibble 2j
  // Sign-replicating selectors: nibble 2j -> byte j of `shifted` (0..3),
  // nibble 2j+1 -> byte j of `w` (4..7), with bit 3 set (replicate).
  const uint32_t signs_lo = Prmt(shifted, w, 0xD9C8u);
  const uint32_t signs_hi = Prmt(shifted, w, 0xFBEAu);
  E4m3x8 r;
  r.lo = Prmt(lut_lo, lut_hi, magnitudes) | (signs_lo & 0x80808080u);
  r.hi = Prmt(lut_lo, lut_hi, magnitudes >> 16) | (signs_hi & 0x80808080u);
  return r;
}

// MmaE4m3ZeroAcc()
// d = A(16x32) * B(32x8) with a zero accumulator.
// a[0]: row gid, k-slots 4t..4t+3; a[1]: row gid+8, same; a[2]: row gid,
// slots 16+4t..; a[3]: row gid+8, slots 16+4t... b0: slots 4t..4t+3 of column
// gid; b1: slots 16+4t... d[0], d[1]: row gid, columns 2t, 2t+1; d[2], d[3]:
// row gid+8.
MXFP4_DEVICE_INLINE void MmaE4m3ZeroAcc(const uint32_t a[4], uint32_t b0, uint32_t b1,
                                        float d[4]) {
  asm("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %10, %10, %10};"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(0.0f));
}

// SharedAddress(): 32-bit shared-window address for PTX operands.
MXFP4_DEVICE_INLINE uint32_t SharedAddress(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// LdMatrixX4(): four 8x(16-byte) matrices; lanes 8i..8i+7 give the row
// addresses of matrix i; lane L receives bytes 4(L%4)..4(L%4)+3 of row L/4 of
// each matrix, in r[i].
MXFP4_DEVICE_INLINE void LdMatrixX4(uint32_t row_address, uint32_t r[4]) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(row_address));
}

// CpAsync16(): 16-byte global -> shared copy through L2 only; `src_bytes` < 16
// zero-fills the rest (0 reads nothing).
MXFP4_DEVICE_INLINE void CpAsync16(uint32_t dst, const void* src, uint32_t src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src),
               "r"(src_bytes)
               : "memory");
}

MXFP4_DEVICE_INLINE void CpAsyncCommit() { asm volatile("cp.async.commit_group;" ::: "memory"); }

template <int kPending>
MXFP4_DEVICE_INLINE void CpAsyncWait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
}

// GridDependencyWait(): with programmatic dependent launch, block until the
// preceding kernel in the stream has completed and its writes are visible
// (a no-op when launched without the attribute).
MXFP4_DEVICE_INLINE void GridDependencyWait() {
  asm volatile("griddepcontrol.wait;" ::: "memory");
}

// GridDependencyLaunchDependents(): lets the next kernel in the stream (if it
// was launched with programmatic serialization) start its prologue early.
MXFP4_DEVICE_INLINE void GridDependencyLaunchDependents() {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}

// FloatToBf16Bits(): fp32 -> bf16 round to nearest even; any NaN becomes the
// canonical 0x7FC0 (the emulator's convention).
MXFP4_DEVICE_INLINE uint32_t FloatToBf16Bits(float f) {
  const uint32_t u = __float_as_uint(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return 0x7FC0u;
  return (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
}

// CanonicalNan(): NaN -> 0x7FC00000 (fp32 outputs), else unchanged.
MXFP4_DEVICE_INLINE float CanonicalNan(float f) {
  return (__float_as_uint(f) & 0x7FFFFFFFu) > 0x7F800000u ? __uint_as_float(0x7FC00000u) : f;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_MMA_E4M3_H_
