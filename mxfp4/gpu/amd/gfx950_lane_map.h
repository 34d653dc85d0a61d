// File: mxfp4/gpu/amd/gfx950_lane_map.h
//
// The per-lane index math of the gfx950 (MI355X) kernels, as plain constexpr
// functions shared by the device code (clang-22, HIP, gfx950) and the host
// test that runs the same math through the CPU emulator (mxfp4/emu/mfma.h,
// CvtScalef32PkFp4F32) and compares with the kMfma16 reference GEMM bit for
// bit (docs/amd.md; spec: shared/spec/mxfp4-semantics.md §3, §4).
//
// One instruction, V_MFMA_SCALE_F32_16X16X128_F8F6F4 with FP4 (E2M1) on both
// sides, is one "step" = 128 K = 4 blocks of 32. The kernels SWAP the operands
// (spec: gpu-design.md, "put N on the MMA's M side"): the instruction's srcA
// is a 16-row tile of B (rows n) and srcB a 16-row tile of A (rows m), so
// D[i][j] = C[m0 + j][n0 + i] and a lane's 4 accumulators are 4 consecutive
// columns of one row of C (one 8-byte bf16 / 16-byte fp32 store).
//
// What a lane feeds per step (both operands alike):
//   row   OperandRow(lane)   = lane % 16   (n for srcA, m for srcB)
//   block OperandBlock(lane) = lane / 16   (K elements 32*block .. +31 of the step)
//   data  16 packed bytes (element 2j low nibble, 2j+1 high nibble of byte j),
//         bytes 4d..4d+3 in dword d (little endian), dwords 0..3 of the v8i32.
//   scale one 32-bit word; OPSEL (0..3) picks the E8M0 byte.
//
// Sources:
//   B, preshuffled (16,16):  16 contiguous bytes at PreshuffledBLaneOffset();
//                            a wave reads 1 KiB contiguous per 16 rows x 128 K.
//   A, natural packed:       16 bytes at NaturalLaneOffset() (quant + GEMM path).
//   A, bf16, fused paths:    the lane quantizes its own 32-element block in
//                            registers (QuantizeBlockEven(), 16 cvt_scalef32
//                            instructions) and uses its own scale at OPSEL 0.
//   scales, shuffled16:      ONE word per lane serves rows r0, r0+16 and
//                            blocks g0, g0+4 of a 32-row x 8-block tile
//                            (Shuffled16ScaleWordOffset()); the instruction
//                            for (r0 + 16*h, g0 + 4*q) uses OPSEL h + 2*q.
//
// K is walked in "pairs" of two steps (256 K = 8 blocks = one scale word per
// lane). K must be a multiple of 64 (preshuffled B); a last step with only 2
// real blocks feeds zero data with scale 127 (an exact +0 term) in the
// missing blocks, and a step entirely beyond K is not issued, so the chain of
// instructions is exactly the kMfma16 reference's (mxfp4/emu/accumulation.h).
//
// Everything here is constexpr or inline, host + device, and depends on
// nothing but <cstdint>.
//
// Example (device, one step of the quant + GEMM kernel; lane = lane id):
//   const int64_t b_off = PreshuffledBLaneOffset(n0, k0, k, lane);      // 16 bytes
//   const int64_t w_off = Shuffled16ScaleWordOffset(n0, k0 / 32, k / 32, lane);
//   const int opsel_b = Shuffled16ScaleOpsel(n0, k0 / 32);
//   // ... mfma(srcA = B bytes, srcB = A bytes, acc, 4, 4, opsel_b, b_word, opsel_a, a_word)
//   // acc[reg] is C[m0 + AccumulatorM(lane)][n0 + AccumulatorN(lane, reg)]

#ifndef MXFP4_GPU_AMD_GFX950_LANE_MAP_H_
#define MXFP4_GPU_AMD_GFX950_LANE_MAP_H_

#include <cstdint>

// Host + device in HIP TUs, plain inline in g++ TUs.
#if defined(__HIP__)
#define MXFP4_GFX950_HD __attribute__((host, device))
#else
#define MXFP4_GFX950_HD
#endif

namespace mxfp4::gfx950 {

// ---------------------------------------------------------------- the instruction

inline constexpr int kWaveSize = 64;
inline constexpr int kMfmaTile = 16;    // rows of each operand tile; D is 16 x 16
inline constexpr int kMfmaK = 128;      // K elements per instruction ("step")
inline constexpr int kMfmaBlocks = 4;   // 32-element blocks per step
inline constexpr int kBlockK = 32;      // elements per block (one E8M0 scale)
inline constexpr int kLaneBytes = 16;   // packed FP4 bytes per lane per operand
inline constexpr int kAccRegs = 4;      // fp32 accumulators per lane
inline constexpr int kFp4TypeCode = 4;  // cbsz / blgp value for E2M1 operands
inline constexpr int kPairK = 256;      // two steps: one shuffled16 scale word
inline constexpr int kPairBlocks = 8;

// Padding (rows or K beyond the matrix): code 0 with scale 127 (1.0) is an
// exact +0 term (mxfp4/emu/mfma.h, kMfmaPadScale).
inline constexpr uint8_t kPadScale = 127;
inline constexpr uint32_t kPadScaleWord = 0x7F7F7F7Fu;

// OperandRow() / OperandBlock()
//
// Row of the 16-row operand tile and block of the step that lane `lane`
// feeds. Example: lane 37 feeds row 5, block 2 (K 64..95 of the step).
MXFP4_GFX950_HD constexpr int OperandRow(int lane) { return lane % kMfmaTile; }
MXFP4_GFX950_HD constexpr int OperandBlock(int lane) { return lane / kMfmaTile; }

// OperandFirstK(): first K element (absolute) lane `lane` feeds in the step
// starting at k0.
MXFP4_GFX950_HD constexpr int64_t OperandFirstK(int64_t k0, int lane) {
  return k0 + static_cast<int64_t>(kBlockK) * OperandBlock(lane);
}

// LaneBlockInK(): false when the lane's block lies beyond K (the lane then
// feeds padding). K is a multiple of 32, so a block is all in or all out.
MXFP4_GFX950_HD constexpr bool LaneBlockInK(int64_t k0, int lane, int64_t k) {
  return OperandFirstK(k0, lane) < k;
}

// ---------------------------------------------------------------- operand sources

// PreshuffledBLaneOffset()
//
// Byte offset, in the preshuffled (16,16) B buffer of a (N, K) matrix, of the
// 16 contiguous bytes lane `lane` feeds for rows [n0, n0 + 16) and the step at
// k0 (n0 % 16 == 0, k0 % 128 == 0). Equals PreshuffledBOffset(n0 +
// OperandRow(lane), k0/2 + 16*OperandBlock(lane), K/2) (mxfp4/core/layouts.h)
// and is 16*lane past the start of a 1 KiB run.
MXFP4_GFX950_HD constexpr int64_t PreshuffledBLaneOffset(int64_t n0, int64_t k0, int64_t k,
                                                         int lane) {
  return (n0 / kMfmaTile) * kMfmaTile * (k / 2) + (k0 / 64) * 512 +
         static_cast<int64_t>(kLaneBytes) * lane;
}

// NaturalLaneOffset()
//
// Byte offset of the 16 bytes lane `lane` feeds from a natural (rows, K/2)
// packed matrix for rows [r0, r0 + 16) and the step at k0.
MXFP4_GFX950_HD constexpr int64_t NaturalLaneOffset(int64_t r0, int64_t k0, int64_t k, int lane) {
  return (r0 + OperandRow(lane)) * (k / 2) + OperandFirstK(k0, lane) / 2;
}

// Shuffled16ScaleWordOffset()
//
// Byte offset of the aligned 32-bit word lane `lane` loads from a shuffled16
// scale buffer (logical `groups` = K/32) for the tile of rows [r0, r0 + 32)
// and blocks [g0, g0 + 8) containing (r0, g0); r0 % 16 == 0, g0 % 4 == 0.
// Its byte h + 2*q is the scale of (r0' + 16*h + OperandRow(lane),
// g0' + 4*q + OperandBlock(lane)) with r0' = r0 rounded down to 32 and
// g0' = g0 rounded down to 8 (spec §3: t = (g%4)*16 + r%16).
MXFP4_GFX950_HD constexpr int64_t Shuffled16ScaleWordOffset(int64_t r0, int64_t g0, int64_t groups,
                                                            int lane) {
  return (r0 / 32) * 32 * ((groups + 7) / 8 * 8) + (g0 / 8) * 256 + 4 * static_cast<int64_t>(lane);
}

// Shuffled16ScaleOpsel(): the OPSEL byte of that word for the instruction at
// rows r0 (16-aligned) and blocks g0 (4-aligned).
// Example: r0 = 48, g0 = 12 -> 1 + 2*1 = 3.
MXFP4_GFX950_HD constexpr int Shuffled16ScaleOpsel(int64_t r0, int64_t g0) {
  return static_cast<int>((r0 / 16) % 2 + 2 * ((g0 / 4) % 2));
}

// kLaneOwnScaleOpsel: in the fused kernels a lane quantizes its own block,
// so srcB's scale word holds that block's scale in byte 0.
inline constexpr int kLaneOwnScaleOpsel = 0;

// WaveTileOpsel(): the same for the kernels' 32-row x 256-K wave tiles: the
// instruction for 16-row tile `tile` (0, 1) and step `step` (0, 1) of a pair
// uses byte tile + 2 * step of the pair's word; equals
// Shuffled16ScaleOpsel(r0 + 16 * tile, g0 + 4 * step) for r0 % 32 == 0 and
// g0 % 8 == 0. A constant in unrolled loops, as the builtin needs.
MXFP4_GFX950_HD constexpr int WaveTileOpsel(int tile, int step) { return tile + 2 * step; }

// Shuffled16ScaleLane(): the lane whose word holds scale (r, g).
MXFP4_GFX950_HD constexpr int Shuffled16ScaleLane(int64_t r, int64_t g) {
  return static_cast<int>(kMfmaTile * (g % 4) + r % kMfmaTile);
}

// Shuffled16ScaleByteOffset(): where a writer (the quantize kernel) puts
// scale (r, g): the word of its lane plus its OPSEL byte. Equals
// Shuffled16ScaleOffset() of mxfp4/core/layouts.h (checked by the host test).
MXFP4_GFX950_HD constexpr int64_t Shuffled16ScaleByteOffset(int64_t r, int64_t g, int64_t groups) {
  return Shuffled16ScaleWordOffset(r, g, groups, Shuffled16ScaleLane(r, g)) +
         Shuffled16ScaleOpsel(r, g);
}

// ---------------------------------------------------------------- accumulators (swapped)

// AccumulatorM() / AccumulatorN()
//
// With srcA = B (rows n) and srcB = A (rows m), lane `lane`, register `reg`
// holds D[4*(lane/16) + reg][lane % 16] = C[m0 + AccumulatorM(lane)]
// [n0 + AccumulatorN(lane, reg)]. Example: lane 17, reg 2 -> C[m0 + 1][n0 + 6].
MXFP4_GFX950_HD constexpr int AccumulatorM(int lane) { return lane % kMfmaTile; }
MXFP4_GFX950_HD constexpr int AccumulatorN(int lane, int reg) {
  return 4 * (lane / kMfmaTile) + reg;
}

// ---------------------------------------------------------------- in-register quantization

// A lane quantizes one 32-element block from 16 words of bf16 (word i holds
// element 2i in bits 15:0 and 2i+1 in bits 31:16, i.e. the block as loaded)
// with 16 v_cvt_scalef32_pk_fp4_f32: instruction j converts elements 2j (src0,
// low nibble) and 2j+1 (src1, high nibble) into byte CvtByte(j) (its OPSEL) of
// packed dword CvtDword(j).
inline constexpr int kCvtPerBlock = 16;
MXFP4_GFX950_HD constexpr int CvtFirstElement(int j) { return 2 * j; }
MXFP4_GFX950_HD constexpr int CvtDword(int j) { return j / 4; }
MXFP4_GFX950_HD constexpr int CvtByte(int j) { return j % 4; }

// Bf16AbsBits(): |x| of a bf16 as the bits of the fp32 it widens to.
MXFP4_GFX950_HD constexpr uint32_t Bf16AbsBits(uint32_t bf16) { return (bf16 & 0x7FFFu) << 16; }

// EvenScaleFromAbsMaxBits()
//
// The EVEN-rule scale byte (spec §2; ScaleRule::kEven in mxfp4/emu/quantize.h)
// from the fp32 bits of a = max|x| of the block: F = ((A + 0x200000) >> 23) &
// 0xFF; S = F == 0xFF ? 254 : max(F - 2, 0); NaN or Inf (A >= 0x7F800000) ->
// 0xFF (the project's NaN-block choice). Example: 6.0f (0x40C00000) -> 127.
MXFP4_GFX950_HD constexpr uint8_t EvenScaleFromAbsMaxBits(uint32_t a) {
  if (a >= 0x7F800000u) return 0xFF;
  const uint32_t f = ((a + 0x200000u) >> 23) & 0xFFu;
  if (f == 0xFFu) return 254;
  return static_cast<uint8_t>(f >= 2 ? f - 2 : 0);
}

// CvtScaleBits(): the fp32 (as bits) passed as cvt's `scale` operand for scale
// byte S: only its exponent field is used, 2^(S-127) (S = 0 gives +0.0, whose
// exponent field 0 the instruction reads as 2^-127; S = 0xFF gives +Inf, read
// as 2^128: see CvtScalef32PkFp4F32 in mxfp4/emu/quantize.h).
MXFP4_GFX950_HD constexpr uint32_t CvtScaleBits(uint8_t s) {
  return static_cast<uint32_t>(s) << 23;
}

// BlockAbsMaxBits(): max |x| over the block's 32 bf16 values, as fp32 bits.
// Comparing magnitudes as integers orders NaN above Inf above finite values.
MXFP4_GFX950_HD inline uint32_t BlockAbsMaxBits(const uint32_t (&words)[16]) {
  uint32_t m = 0;
  for (int i = 0; i < 16; ++i) {
    const uint32_t lo = Bf16AbsBits(words[i] & 0xFFFFu);
    const uint32_t hi = Bf16AbsBits(words[i] >> 16);
    m = lo > m ? lo : m;
    m = hi > m ? hi : m;
  }
  return m;
}

// QuantizeBlockEven()
//
// One lane's block: the EVEN scale byte (returned) and the 4 packed dwords the
// lane feeds to the MFMA (`packed`). `cvt4(x, scale)` converts 8 fp32 values
// x[0..7] with the cvt instruction into one dword (x[2b], x[2b+1] -> byte b,
// each byte by its own instruction with OPSEL b, starting from 0): the device
// passes the hardware instruction, the host test the emulation. Because the
// instruction replaces one byte and keeps the others, the sequence of 4
// instructions starting from 0 fully defines the dword.
template <typename Cvt4>
MXFP4_GFX950_HD inline uint8_t QuantizeBlockEven(const uint32_t (&words)[16], Cvt4 cvt4,
                                                 uint32_t (&packed)[4]) {
  const uint8_t s = EvenScaleFromAbsMaxBits(BlockAbsMaxBits(words));
  const float scale = __builtin_bit_cast(float, CvtScaleBits(s));
  for (int d = 0; d < 4; ++d) {
    float x[8];
    for (int i = 0; i < 4; ++i) {
      const uint32_t w = words[4 * d + i];
      x[2 * i] = __builtin_bit_cast(float, (w & 0xFFFFu) << 16);
      x[2 * i + 1] = __builtin_bit_cast(float, w & 0xFFFF0000u);
    }
    packed[d] = cvt4(x, scale);
  }
  return s;
}

// ---------------------------------------------------------------- K walk and splits

// MfmaSteps(): instructions per output over K (K % 64 == 0): ceil(K / 128).
MXFP4_GFX950_HD constexpr int64_t MfmaSteps(int64_t k) { return (k + kMfmaK - 1) / kMfmaK; }

// KPairs(): 256-K pairs of steps over K: ceil(K / 256).
MXFP4_GFX950_HD constexpr int64_t KPairs(int64_t k) { return (k + kPairK - 1) / kPairK; }

// Split s of `splits` covers pairs [SplitPairBegin, SplitPairEnd): ceil(pairs
// / splits) pairs each, the last ones shorter or empty. In blocks these are
// the boundaries 8 * SplitPairBegin(s) (multiples of 4, as kMfma16 needs),
// i.e. KSplit::Even(groups, splits, 8) in mxfp4/emu/accumulation.h.
MXFP4_GFX950_HD constexpr int64_t PairsPerSplit(int64_t pairs, int splits) {
  return (pairs + splits - 1) / splits;
}
MXFP4_GFX950_HD constexpr int64_t SplitPairBegin(int64_t pairs, int splits, int s) {
  const int64_t b = PairsPerSplit(pairs, splits) * s;
  return b < pairs ? b : pairs;
}
MXFP4_GFX950_HD constexpr int64_t SplitPairEnd(int64_t pairs, int splits, int s) {
  return SplitPairBegin(pairs, splits, s + 1);
}

// ---------------------------------------------------------------- output

// Fp32BitsToBf16(): round to nearest even; NaN stays a quiet NaN with its sign
// (FloatToBf16 in mxfp4/core/formats.h).
MXFP4_GFX950_HD constexpr uint16_t Fp32BitsToBf16(uint32_t u) {
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((u >> 16) | 0x0040u);
  return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

// kCanonicalNanBits: the quiet NaN every NaN result is written as (the
// reference GEMM's convention, mxfp4/emu/reference_gemm.h).
inline constexpr uint32_t kCanonicalNanBits = 0x7FC00000u;

// CombineSplits(): the deterministic split-K combination ((p0 + p1) + p2) + ...
// in fp32, split order (KSplit in mxfp4/emu/accumulation.h). `partial(s)`
// returns split s's partial. A NaN result (e.g. +Inf + -Inf) is returned as
// the canonical NaN: which NaN an fp32 add makes differs between CPUs (x86:
// 0xFFC00000) and GPUs, so the kernel states it instead of inheriting it.
template <typename Partial>
MXFP4_GFX950_HD inline float CombineSplits(int splits, Partial partial) {
  float acc = partial(0);
  for (int s = 1; s < splits; ++s) acc = acc + partial(s);
  return acc != acc ? __builtin_bit_cast(float, kCanonicalNanBits) : acc;
}

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_GFX950_LANE_MAP_H_
