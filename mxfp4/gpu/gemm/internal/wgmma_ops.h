// File: mxfp4/gpu/gemm/internal/wgmma_ops.h
//
// The sm_90a warpgroup-MMA pieces of the wgmma tiles (wgmma_gemm_body.h;
// docs/paths.md "wgmma tiles"). Exactness of a zero-accumulator wgmma block
// partial was checked on the H200 by wgmma_exactness_test (2026-11-30).
//
//   - WgmmaF16RegA<kAccumulate>(): D(64 x 64) = [D +] A(64 x 16) * B(16 x 64),
//     A (weights, fp16 of 2 * value) from registers in the mma.sync
//     m16n8k16 A-fragment layout per warp (warp w of the warpgroup: rows
//     16w .. 16w + 15), B (activations, fp16 of value / 2) from shared memory
//     through a matrix descriptor (K-major, no swizzle);
//   - MatrixDescriptorNoSwizzle(), fences and group waits.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_OPS_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_OPS_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// Accumulator registers per thread of an m64n64 f32 tile.
inline constexpr int kWgmmaAccRegs = 32;

// MatrixDescriptorNoSwizzle(): wgmma shared-memory matrix descriptor without
// swizzle (bits 62-63 = 0, base offset 0); address and offsets in 16-byte
// units. lbo: bytes to the next 8 x 16-byte core matrix along K; sbo: bytes
// to the next 8-row group.
MXFP4_DEVICE_INLINE uint64_t MatrixDescriptorNoSwizzle(uint32_t shared_address, uint32_t lbo,
                                                       uint32_t sbo) {
  return uint64_t{(shared_address & 0x3FFFFu) >> 4} | (uint64_t{(lbo >> 4) & 0x3FFFu} << 16) |
         (uint64_t{(sbo >> 4) & 0x3FFFu} << 32);
}

// MatrixDescriptorOffset(): `desc` moved `bytes` (a multiple of 16) further
// into shared memory. Shared addresses stay below 2^18, so the 14-bit address
// field never carries into the others: one 32-bit add instead of a rebuild.
MXFP4_DEVICE_INLINE uint64_t MatrixDescriptorOffset(uint64_t desc, uint32_t bytes) {
  return (desc & 0xFFFFFFFF00000000ull) | (static_cast<uint32_t>(desc) + (bytes >> 4));
}

MXFP4_DEVICE_INLINE void WgmmaFence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
MXFP4_DEVICE_INLINE void WgmmaCommitGroup() {
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
// Waits until at most kPending wgmma commit groups are in flight.
template <int kPending>
MXFP4_DEVICE_INLINE void WgmmaWaitGroup() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(kPending) : "memory");
}
// Generic-proxy writes of shared memory (cp.async, st.shared) -> visible to
// the async proxy that wgmma reads it through.
MXFP4_DEVICE_INLINE void FenceProxyAsyncShared() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// Pins accumulator registers across wgmma.fence / wait_group: the compiler
// may neither hoist reads above the wait nor sink writes below the fence.
MXFP4_DEVICE_INLINE void FenceRegisters(float acc[kWgmmaAccRegs]) {
#pragma unroll
  for (int i = 0; i < kWgmmaAccRegs; ++i) asm volatile("" : "+f"(acc[i])::"memory");
}

MXFP4_DEVICE_INLINE void FenceRegisters(int32_t acc[kWgmmaAccRegs]) {
#pragma unroll
  for (int i = 0; i < kWgmmaAccRegs; ++i) asm volatile("" : "+r"(acc[i])::"memory");
}

// The accumulator register lists %0..%15 / %0..%31 / %0..%63 of a wgmma.
#define MXFP4_WGMMA_REGS16 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15"
#define MXFP4_WGMMA_REGS32 \
  MXFP4_WGMMA_REGS16 ", " \
  "%16, %17, %18, %19, %20, %21, %22, %23, " \
  "%24, %25, %26, %27, %28, %29, %30, %31"
#define MXFP4_WGMMA_REGS64 \
  MXFP4_WGMMA_REGS32 ", " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, " \
  "%44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, " \
  "%56, %57, %58, %59, %60, %61, %62, %63"
#define MXFP4_WGMMA_D32 "{" MXFP4_WGMMA_REGS32 "}"
#define MXFP4_WGMMA_D32_OPERANDS(d)                                                         \
  "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),      \
      "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]),           \
      "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]),        \
      "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),        \
      "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])

#define MXFP4_WGMMA_D32_INT_OPERANDS(d)                                                     \
  "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]),      \
      "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]),           \
      "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]),        \
      "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]),        \
      "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31])

// WgmmaF16RegA(): d = (kAccumulate ? d : 0) + A * B for one k16 step.
// a[0]: row gid, k 2t..2t+1; a[1]: row gid + 8, same k; a[2]: row gid,
// k 2t+8..2t+9; a[3]: row gid + 8, same (fp16 pairs, low half first).
template <int kAccumulate>
MXFP4_DEVICE_INLINE void WgmmaF16RegA(float d[kWgmmaAccRegs], const uint32_t a[4],
                                      uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %37, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " MXFP4_WGMMA_D32
      ", {%32, %33, %34, %35}, %36, p, 1, 1, 0;\n"
      "}\n"
      : MXFP4_WGMMA_D32_OPERANDS(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(kAccumulate)
      : "memory");
}

// WgmmaF16SmemA(): as WgmmaF16RegA with A (64 x 16, K-major) from shared
// memory through a descriptor as well (wgmma_exactness_test's probe).
template <int kAccumulate>
MXFP4_DEVICE_INLINE void WgmmaF16SmemA(float d[kWgmmaAccRegs], uint64_t desc_a, uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " MXFP4_WGMMA_D32
      ", %32, %33, p, 1, 1, 0, 0;\n"
      "}\n"
      : MXFP4_WGMMA_D32_OPERANDS(d)
      : "l"(desc_a), "l"(desc_b), "r"(kAccumulate)
      : "memory");
}

// WgmmaE4m3SmemA(): d = (kAccumulate ? d : 0) + A(64 x 32) * B(32 x 64),
// e4m3 operands (K-major only) from shared memory.
template <int kAccumulate>
MXFP4_DEVICE_INLINE void WgmmaE4m3SmemA(float d[kWgmmaAccRegs], uint64_t desc_a,
                                        uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 " MXFP4_WGMMA_D32
      ", %32, %33, p, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_D32_OPERANDS(d)
      : "l"(desc_a), "l"(desc_b), "r"(kAccumulate)
      : "memory");
}

// WgmmaS8SmemA(): d = (kAccumulate ? d : 0) + A(64 x 32) * B(32 x 64), s8
// operands (K-major) from shared memory, s32 accumulators: integer sums, exact
// (internal/int8_accumulation.h; wgmma_exactness_test).
template <int kAccumulate>
MXFP4_DEVICE_INLINE void WgmmaS8SmemA(int32_t d[kWgmmaAccRegs], uint64_t desc_a,
                                      uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 " MXFP4_WGMMA_D32
      ", %32, %33, p;\n"
      "}\n"
      : MXFP4_WGMMA_D32_INT_OPERANDS(d)
      : "l"(desc_a), "l"(desc_b), "r"(kAccumulate)
      : "memory");
}

// Write-only accumulator operands of the zero-accumulator wgmmas (d[0..31],
// d[32..63]) and their placeholders.
#define MXFP4_WGMMA_OUT16(d) \
  "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3]), "=f"(d[4]), "=f"(d[5]), \
  "=f"(d[6]), "=f"(d[7]), "=f"(d[8]), "=f"(d[9]), "=f"(d[10]), "=f"(d[11]), \
  "=f"(d[12]), "=f"(d[13]), "=f"(d[14]), "=f"(d[15])
#define MXFP4_WGMMA_OUT32(d) \
  MXFP4_WGMMA_OUT16(d), "=f"(d[16]), "=f"(d[17]), \
  "=f"(d[18]), "=f"(d[19]), "=f"(d[20]), "=f"(d[21]), "=f"(d[22]), "=f"(d[23]), \
  "=f"(d[24]), "=f"(d[25]), "=f"(d[26]), "=f"(d[27]), "=f"(d[28]), "=f"(d[29]), \
  "=f"(d[30]), "=f"(d[31])
#define MXFP4_WGMMA_OUT64(d) \
  MXFP4_WGMMA_OUT32(d), \
  "=f"(d[32]), "=f"(d[33]), "=f"(d[34]), "=f"(d[35]), "=f"(d[36]), "=f"(d[37]), \
  "=f"(d[38]), "=f"(d[39]), "=f"(d[40]), "=f"(d[41]), "=f"(d[42]), "=f"(d[43]), \
  "=f"(d[44]), "=f"(d[45]), "=f"(d[46]), "=f"(d[47]), "=f"(d[48]), "=f"(d[49]), \
  "=f"(d[50]), "=f"(d[51]), "=f"(d[52]), "=f"(d[53]), "=f"(d[54]), "=f"(d[55]), \
  "=f"(d[56]), "=f"(d[57]), "=f"(d[58]), "=f"(d[59]), "=f"(d[60]), "=f"(d[61]), \
  "=f"(d[62]), "=f"(d[63])
// WgmmaE4m3RegAZeroAcc<kN>(): d(64 x kN) = A(64 x 32) * B(32 x kN) from a
// zero accumulator (scale-d = 0): one block partial P per output. A (weights;
// the ring tiles pass E4M3 of value x 2^-6, shifted_e4m3.h) from registers in the m16n8k32 A-fragment layout per warp
// (a[0]: row gid, k 4t..4t+3; a[1]: row gid + 8, same k; a[2]: row gid,
// k 16+4t..; a[3]: row gid + 8, same); B (activations, E4M3 of value/2,
// K-major) from shared memory through a descriptor. kN = 8, 16, 32, 64 or 128; d is laid
// out as an m64nN accumulator (d[4c..4c+3]: rows gid / gid + 8 of the warp's
// 16, columns 8c + 2t, 8c + 2t + 1). d is write-only ("=f": its old values
// are not live into the wgmma, so no copy of them can fall inside another
// wgmma's pipeline stage, which made ptxas serialize every wgmma, C7514);
// pin it with FenceRegisterArray after the wait_group that retires it.
template <int kN>
MXFP4_DEVICE_INLINE void WgmmaE4m3RegAZeroAcc(float (&d)[kN / 2], const uint32_t a[4],
                                              uint64_t desc_b);

template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3RegAZeroAcc<64>(float (&d)[32], const uint32_t a[4],
                                                  uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {" MXFP4_WGMMA_REGS32
      "}, {%32, %33, %34, %35}, %36, zero, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_OUT32(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b)
      : "memory");
}

// m64n8k32 / m64n16k32 / m64n32k32: the decode forms of the 64-row ring
// tiles (a row tile with at most 8 / 16 / 32 rows of A;
// wgmma_ring_gemm_body.h).
template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3RegAZeroAcc<8>(float (&d)[4], const uint32_t a[4],
                                                 uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, zero, 1, 1;\n"
      "}\n"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b)
      : "memory");
}

template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3RegAZeroAcc<16>(float (&d)[8], const uint32_t a[4],
                                                  uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 "
      "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, %12, zero, 1, 1;\n"
      "}\n"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3]), "=f"(d[4]), "=f"(d[5]), "=f"(d[6]),
        "=f"(d[7])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b)
      : "memory");
}

template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3RegAZeroAcc<32>(float (&d)[16], const uint32_t a[4],
                                                  uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e4m3 {" MXFP4_WGMMA_REGS16
      "}, {%16, %17, %18, %19}, %20, zero, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_OUT16(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b)
      : "memory");
}

template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3RegAZeroAcc<128>(float (&d)[64], const uint32_t a[4],
                                                  uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {" MXFP4_WGMMA_REGS64
      "}, {%64, %65, %66, %67}, %68, zero, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_OUT64(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b)
      : "memory");
}

// WgmmaE4m3SmemZeroAcc<kN>(): as WgmmaE4m3RegAZeroAcc with the weights (A,
// 64 x 32 E4M3, K-major, no swizzle) from shared memory too: both operands by
// descriptor (the warp-specialized ring tiles, wgmma_ring_ws_gemm_body.h).
template <int kN>
MXFP4_DEVICE_INLINE void WgmmaE4m3SmemZeroAcc(float (&d)[kN / 2], uint64_t desc_a,
                                              uint64_t desc_b);

#define MXFP4_WGMMA_REGS96 \
  MXFP4_WGMMA_REGS64 ", " \
  "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, " \
  "%76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, " \
  "%88, %89, %90, %91, %92, %93, %94, %95"
#define MXFP4_WGMMA_OUT96(d) \
  MXFP4_WGMMA_OUT64(d), \
  "=f"(d[64]), "=f"(d[65]), "=f"(d[66]), "=f"(d[67]), "=f"(d[68]), "=f"(d[69]), \
  "=f"(d[70]), "=f"(d[71]), "=f"(d[72]), "=f"(d[73]), "=f"(d[74]), "=f"(d[75]), \
  "=f"(d[76]), "=f"(d[77]), "=f"(d[78]), "=f"(d[79]), "=f"(d[80]), "=f"(d[81]), \
  "=f"(d[82]), "=f"(d[83]), "=f"(d[84]), "=f"(d[85]), "=f"(d[86]), "=f"(d[87]), \
  "=f"(d[88]), "=f"(d[89]), "=f"(d[90]), "=f"(d[91]), "=f"(d[92]), "=f"(d[93]), \
  "=f"(d[94]), "=f"(d[95])

// m64n192k32: the n128_m192 warp-specialized tile (wgmma_ring_ws_gemm_body.h).
template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3SmemZeroAcc<192>(float (&d)[96], uint64_t desc_a,
                                                   uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n192k32.f32.e4m3.e4m3 {" MXFP4_WGMMA_REGS96
      "}, %96, %97, zero, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_OUT96(d)
      : "l"(desc_a), "l"(desc_b)
      : "memory");
}

template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3SmemZeroAcc<64>(float (&d)[32], uint64_t desc_a,
                                                  uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {" MXFP4_WGMMA_REGS32
      "}, %32, %33, zero, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_OUT32(d)
      : "l"(desc_a), "l"(desc_b)
      : "memory");
}

template <>
MXFP4_DEVICE_INLINE void WgmmaE4m3SmemZeroAcc<128>(float (&d)[64], uint64_t desc_a,
                                                  uint64_t desc_b) {
  asm volatile(
      "{\n"
      ".reg .pred zero;\n"
      "setp.ne.b32 zero, 0, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {" MXFP4_WGMMA_REGS64
      "}, %64, %65, zero, 1, 1;\n"
      "}\n"
      : MXFP4_WGMMA_OUT64(d)
      : "l"(desc_a), "l"(desc_b)
      : "memory");
}

// PromoteFoldedBlock(): the folded fast form of the block_fma step
// (scale_fold.h), acc = fmaf(P', sb, acc), for an m64nN accumulator layout:
// d[4c], d[4c + 1] are row gid (weight scale sb_row), d[4c + 2], d[4c + 3]
// row gid + 8 (sb_row8). A narrower wgmma's d (kDRegs < kAccRegs: its
// columns are the accumulator's first ones) promotes into that prefix.
template <int kDRegs, int kAccRegs>
MXFP4_DEVICE_INLINE void PromoteFoldedBlock(const float (&d)[kDRegs], float sb_row, float sb_row8,
                                            float (&acc)[kAccRegs]) {
  static_assert(kDRegs <= kAccRegs && kDRegs % 4 == 0, "d is a prefix of the accumulator");
#pragma unroll
  for (int c = 0; c < kDRegs / 4; ++c) {
    acc[4 * c + 0] = __fmaf_rn(d[4 * c + 0], sb_row, acc[4 * c + 0]);
    acc[4 * c + 1] = __fmaf_rn(d[4 * c + 1], sb_row, acc[4 * c + 1]);
    acc[4 * c + 2] = __fmaf_rn(d[4 * c + 2], sb_row8, acc[4 * c + 2]);
    acc[4 * c + 3] = __fmaf_rn(d[4 * c + 3], sb_row8, acc[4 * c + 3]);
  }
}

// Pins kRegs registers across wgmma.fence / wait_group (as FenceRegisters).
template <int kRegs>
MXFP4_DEVICE_INLINE void FenceRegisterArray(float (&r)[kRegs]) {
#pragma unroll
  for (int i = 0; i < kRegs; ++i) asm volatile("" : "+f"(r[i])::"memory");
}
template <int kRegs>
MXFP4_DEVICE_INLINE void FenceRegisterArray(int32_t (&r)[kRegs]) {
#pragma unroll
  for (int i = 0; i < kRegs; ++i) asm volatile("" : "+r"(r[i])::"memory");
}

// WgmmaS8SmemAcc<kN>(): d(64 x kN) += A(64 x 32) * B(32 x kN), s8 operands
// (K-major, no swizzle) from shared memory, s32 accumulators (scale-d = 1):
// the integer-accumulation loop of the ws tiles (int8_accumulation.h), whose
// sums are exact (wgmma_exactness_test S8AccumulatesShiftedBlocksExactly).
#define MXFP4_WGMMA_IO16(d) \
  "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), \
  "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15])
#define MXFP4_WGMMA_IO32(d) \
  MXFP4_WGMMA_IO16(d), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), \
  "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), \
  "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31])
#define MXFP4_WGMMA_IO64(d) \
  MXFP4_WGMMA_IO32(d), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), \
  "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), \
  "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), \
  "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57]), \
  "+r"(d[58]), "+r"(d[59]), "+r"(d[60]), "+r"(d[61]), "+r"(d[62]), "+r"(d[63])
template <int kN>
MXFP4_DEVICE_INLINE void WgmmaS8SmemAcc(int32_t (&d)[kN / 2], uint64_t desc_a, uint64_t desc_b);
template <>
MXFP4_DEVICE_INLINE void WgmmaS8SmemAcc<64>(int32_t (&d)[32], uint64_t desc_a, uint64_t desc_b) {
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {" MXFP4_WGMMA_REGS32 "}, %32, %33, 1;\n"
      : MXFP4_WGMMA_IO32(d)
      : "l"(desc_a), "l"(desc_b)
      : "memory");
}
template <>
MXFP4_DEVICE_INLINE void WgmmaS8SmemAcc<128>(int32_t (&d)[64], uint64_t desc_a, uint64_t desc_b) {
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {" MXFP4_WGMMA_REGS64 "}, %64, %65, 1;\n"
      : MXFP4_WGMMA_IO64(d)
      : "l"(desc_a), "l"(desc_b)
      : "memory");
}
#undef MXFP4_WGMMA_IO16
#undef MXFP4_WGMMA_IO32
#undef MXFP4_WGMMA_IO64

// setmaxnreg: a warpgroup gives registers back to / takes them from the CTA's
// pool (warp-specialized kernels: producer warpgroups need few, consumers many).
template <int kRegs>
MXFP4_DEVICE_INLINE void SetMaxRegistersIncrease() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(kRegs));
}
template <int kRegs>
MXFP4_DEVICE_INLINE void SetMaxRegistersDecrease() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(kRegs));
}

#undef MXFP4_WGMMA_D32
#undef MXFP4_WGMMA_D32_OPERANDS
#undef MXFP4_WGMMA_D32_INT_OPERANDS
#undef MXFP4_WGMMA_OUT16
#undef MXFP4_WGMMA_OUT32
#undef MXFP4_WGMMA_OUT64
#undef MXFP4_WGMMA_REGS16
#undef MXFP4_WGMMA_REGS32
#undef MXFP4_WGMMA_REGS64

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_OPS_H_
