// File: mxfp4/gpu/gemm/internal/mma_ops.h
//
// The sm_90a instruction-level pieces of every GEMM path (docs/paths.md;
// spec: shared/spec/gpu-design.md, "The accumulation contract"). One call of
// MmaF16Block() / MmaE4m3ZeroAcc() is the exact dot product P of one
// 32-element K-block for a 16 x 8 tile, from a zero accumulator: weights
// enter as 2 * E2M1 value ({0,1,2,3,4,6,8,12}), activations as value / 2
// (device_block_quantize.h), so every product is exactly the E2M1 product,
// every partial sum is a multiple of 1/4 below 1152 in magnitude (exact in
// fp32), and the result is P itself. Verified on the H200 by
// gemm_building_blocks_test (random, all-max, cancelling, all-zero tiles).
//   - fp16 operands (default): Fp4x8ToF16x8() turns 8 packed E2M1 codes into
//     four f16x2 registers with byte PRMTs (the fp16 bits of these values
//     have a zero low byte); MmaF16Block() = two chained mma.sync m16n8k16
//     f16 -> f32 (HMMA, native on sm_90).
//   - e4m3 operands (fallback): Fp4x8ToLutBytes() + MmaE4m3ZeroAcc(), one
//     mma.sync m16n8k32 e4m3, which ptxas emulates on sm_90 (F2FP + HMMA).
//   - ldmatrix / cp.async / programmatic-launch wrappers, bf16 rounding.
//
// K order inside a block does not matter to an exact dot product, so the
// kernels use the order that makes loads cheap: lane (gid, t) of the MMA owns
// elements 8t .. 8t+7 of its row (weights) and of its column (activations),
// in the same slots for A and B.
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_MMA_OPS_H_
#define MXFP4_GPU_GEMM_INTERNAL_MMA_OPS_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/shifted_e4m3.h"  // Bytes8, Fp4x8ToShiftedE4m3
#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER) || !defined(MXFP4_GPU_VENDOR_NVIDIA)
#error "mma_ops.h is for the NVIDIA device build (nvcc, sm_90a) only"
#endif

namespace mxfp4::gpu::gemm_internal {

// E4M3 bytes of 2 * E2M1 value for magnitude codes 0..3 and 4..7:
// 0 -> 0x00, 1 -> 0x38, 2 -> 0x40, 3 -> 0x44 | 4 -> 0x48, 6 -> 0x4C, 8 -> 0x50, 12 -> 0x54.
inline constexpr uint32_t kTwiceE4m3LutLo = 0x44403800u;
inline constexpr uint32_t kTwiceE4m3LutHi = 0x54504C48u;
// High byte of the fp16 of 2 * E2M1 value (the low byte is 0 for all of them):
// 0 -> 0x00, 1 -> 0x3C, 2 -> 0x40, 3 -> 0x42 | 4 -> 0x44, 6 -> 0x46, 8 -> 0x48, 12 -> 0x4A.
inline constexpr uint32_t kTwiceF16HighLutLo = 0x42403C00u;
inline constexpr uint32_t kTwiceF16HighLutHi = 0x4A484644u;

// Prmt(): PTX prmt.b32 default mode. Byte i of the result is byte sel[4i+2:4i]
// of {b, a} (a = bytes 0..3); if sel bit 4i+3 is set, that byte's sign bit is
// replicated over the result byte instead.
MXFP4_DEVICE_INLINE uint32_t Prmt(uint32_t a, uint32_t b, uint32_t sel) {
  uint32_t d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(sel));
  return d;
}

// Fp4x8ToLutBytes()
// `w` holds 8 E2M1 codes (nibble j = element j, the fp4x2 packing read as a
// little-endian word). Magnitudes go through the 8-entry table {lut_hi, lut_lo};
// the sign of nibble j (bit 4j+3) becomes bit 7 of byte j (the sign bit of an
// E4M3 byte and of an fp16's high byte alike).
MXFP4_DEVICE_INLINE Bytes8 Fp4x8ToLutBytes(uint32_t w, uint32_t lut_lo, uint32_t lut_hi) {
  const uint32_t magnitudes = w & 0x77777777u;
  const uint32_t shifted = w << 4;  // byte j's bit 7 = sign of nibble 2j
  // Sign-replicating selectors: nibble 2j -> byte j of `shifted` (0..3),
  // nibble 2j+1 -> byte j of `w` (4..7), with bit 3 set (replicate).
  const uint32_t signs_lo = Prmt(shifted, w, 0xD9C8u);
  const uint32_t signs_hi = Prmt(shifted, w, 0xFBEAu);
  Bytes8 r;
  r.lo = Prmt(lut_lo, lut_hi, magnitudes) | (signs_lo & 0x80808080u);
  r.hi = Prmt(lut_lo, lut_hi, magnitudes >> 16) | (signs_hi & 0x80808080u);
  return r;
}

// Fp4x8ToShiftedE4m3(): the e4m3 wgmma ring tiles' weights, in
// shifted_e4m3.h (host and device: a CPU test checks it).

// Fp4x8ToF16x8()
// 8 packed E2M1 codes -> fp16 of 2 * value as four f16x2 registers:
// h[i] = elements (2i, 2i + 1), the first in the low half.
MXFP4_DEVICE_INLINE void Fp4x8ToF16x8(uint32_t w, uint32_t h[4]) {
  const Bytes8 b = Fp4x8ToLutBytes(w, kTwiceF16HighLutLo, kTwiceF16HighLutHi);
  // Each byte becomes the high byte of a half; the low bytes come from the
  // zero register (selector nibble 4).
  h[0] = Prmt(b.lo, 0u, 0x1404u);
  h[1] = Prmt(b.lo, 0u, 0x3424u);
  h[2] = Prmt(b.hi, 0u, 0x1404u);
  h[3] = Prmt(b.hi, 0u, 0x3424u);
}

// E5m2x4ToF16x2x2(): four E5M2 bytes (byte 0 = first element) -> two f16x2
// (low half = first): each byte is its half's high byte (E5M2 is fp16's top
// byte). Two PRMT.
MXFP4_DEVICE_INLINE void E5m2x4ToF16x2x2(uint32_t bytes, uint32_t& h01, uint32_t& h23) {
  h01 = Prmt(bytes, 0u, 0x1404u);
  h23 = Prmt(bytes, 0u, 0x3424u);
}

// MmaF16Block()
// The exact dot product of one 32-element block for a 16 x 8 tile as two
// chained mma.sync m16n8k16 f16 -> f32 (the first from a zero accumulator).
// w_row[4] / w_row8[4]: Fp4x8ToF16x8 of this lane's word of rows gid / gid + 8;
// x[4]: this lane's 8 activation halves of column gid (x[i] = elements 2i,
// 2i + 1). The first MMA takes elements 0..3 of every lane (k-slots 2t, 2t+1
// <- elements 0, 1; 2t+8, 2t+9 <- 2, 3), the second elements 4..7.
// d[0], d[1]: row gid, columns 2t, 2t+1; d[2], d[3]: row gid + 8.
MXFP4_DEVICE_INLINE void MmaF16Block(const uint32_t w_row[4], const uint32_t w_row8[4],
                                     const uint32_t x[4], float d[4]) {
  float p[4];
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %10, %10, %10};"
      : "=f"(p[0]), "=f"(p[1]), "=f"(p[2]), "=f"(p[3])
      : "r"(w_row[0]), "r"(w_row8[0]), "r"(w_row[1]), "r"(w_row8[1]), "r"(x[0]), "r"(x[1]),
        "f"(0.0f));
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(w_row[2]), "r"(w_row8[2]), "r"(w_row[3]), "r"(w_row8[3]), "r"(x[2]), "r"(x[3]),
        "f"(p[0]), "f"(p[1]), "f"(p[2]), "f"(p[3]));
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

// StoreShared128(): one 16-byte shared store of four words at `addr`.
MXFP4_DEVICE_INLINE void StoreShared128(uint32_t addr, uint32_t a, uint32_t b, uint32_t c,
                                        uint32_t d) {
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(a), "r"(b), "r"(c),
               "r"(d)
               : "memory");
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

// CpAsync4(): 4-byte global -> shared copy.
MXFP4_DEVICE_INLINE void CpAsync4(uint32_t dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
}

// Waits until at most `pending` cp.async groups are in flight (clamped to 7:
// waiting for more groups than needed is only slower, never wrong).
MXFP4_DEVICE_INLINE void CpAsyncWaitAtMost(int pending) {
  switch (pending < 7 ? pending : 7) {
    case 0: CpAsyncWait<0>(); break;
    case 1: CpAsyncWait<1>(); break;
    case 2: CpAsyncWait<2>(); break;
    case 3: CpAsyncWait<3>(); break;
    case 4: CpAsyncWait<4>(); break;
    case 5: CpAsyncWait<5>(); break;
    case 6: CpAsyncWait<6>(); break;
    default: CpAsyncWait<7>(); break;
  }
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

// Tells the compiler that the thread index lies in [0, kThreads) and the
// block indices are non-negative, so that signed index math (divisions,
// shifts) drops the rounding corrections of negative values. Called only
// by the tiles with per-layout kernels (HasStreamLayoutKernels,
// HasRingWsLayoutKernels), where it measured faster together with them;
// in other tiles it measured slower (docs/paths.md).
template <int kThreads>
MXFP4_DEVICE_INLINE void AssumeLaunchIndexRanges(int tid) {
  __builtin_assume(tid >= 0 && tid < kThreads);
  __builtin_assume(static_cast<int>(blockIdx.x) >= 0 && static_cast<int>(blockIdx.y) >= 0 &&
                   static_cast<int>(blockIdx.z) >= 0);
}

// Thread-block cluster barrier in halves (barrier.cluster, sm_90): every
// thread of every CTA of the cluster arrives once per phase, then waits once
// (the wait returns when all have arrived). Relaxed: no memory ordering (only
// "this CTA runs"); release / acquire: writes before the arrive, including
// stores to peers' shared memory, are visible after the wait.
MXFP4_DEVICE_INLINE void ClusterArriveRelaxed() {
  asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory");
}
MXFP4_DEVICE_INLINE void ClusterArriveRelease() {
  asm volatile("barrier.cluster.arrive.release;" ::: "memory");
}
MXFP4_DEVICE_INLINE void ClusterWait() { asm volatile("barrier.cluster.wait.acquire;" ::: "memory"); }

// FloatToBf16Bits(): fp32 -> bf16 round to nearest even; any NaN becomes the
// canonical 0x7FC0 (the emulator's convention).
MXFP4_DEVICE_INLINE uint32_t FloatToBf16Bits(float f) {
  const uint32_t u = __float_as_uint(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return 0x7FC0u;
  return (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
}

// Float2ToBf16x2Bits(): FloatToBf16Bits of two values, lo in the low half,
// in two instructions: cvt.rn.bf16x2.f32 (round to nearest even, subnormals
// kept; any NaN becomes 0x7FFF, as cuda_bf16.hpp's host __float2bfloat16_rn
// models it), then a signed 16-bit min with 0x7FC0 per half, which turns
// 0x7FFF into the canonical 0x7FC0 and leaves every other result alone
// (positive non-NaN halves are <= 0x7F80, negative ones are negative as s16).
// The epilogues convert 64 values a thread: the two per-half NaN tests this
// replaces were 6 of 7 instructions per pair. gemm_building_blocks_test
// compares it with FloatToBf16Bits on every fp32 bit pattern.
MXFP4_DEVICE_INLINE uint32_t Float2ToBf16x2Bits(float lo, float hi) {
  uint32_t r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  uint32_t canonical;
  asm("min.s16x2 %0, %1, %2;" : "=r"(canonical) : "r"(r), "r"(0x7FC07FC0u));
  return canonical;
}

// CanonicalNan(): NaN -> 0x7FC00000 (fp32 outputs), else unchanged.
MXFP4_DEVICE_INLINE float CanonicalNan(float f) {
  return (__float_as_uint(f) & 0x7FFFFFFFu) > 0x7F800000u ? __uint_as_float(0x7FC00000u) : f;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_MMA_OPS_H_
