// File: mxfp4/emu/mfma.h
//
// Lane-level emulation of the gfx950 scaled matrix instructions with FP4
// (E2M1) operands, V_MFMA_SCALE_F32_16X16X128_F8F6F4 and
// V_MFMA_SCALE_F32_32X32X64_F8F6F4 (spec: shared/spec/mxfp4-semantics.md §4),
// plus helpers that lay operand / accumulator tiles out into lanes the way the
// hardware reads them (and back), so a kernel author can check a lane mapping
// on the CPU before any AMD GPU is at hand.
//
// Lane mapping (wave64; R = 16 for 16x16x128, 32 for 32x32x64):
//   - A: lane l holds row l%R, K elements 32*(l/R) .. +31 as 16 packed bytes in
//     dwords 0..3 (byte j = elements 2j (bits 3:0) and 2j+1 (bits 7:4); dword d
//     = bytes 4d..4d+3, little endian). Dwords 4..7 of the 8-dword operand are
//     not read for FP4 (LLVM passes FP4 operands as v4i32).
//   - B (K x N): identical, with "row" = column n (this project stores B as
//     (N, K), so B's row n is the MFMA's column n).
//   - Scales: one 32-bit VGPR per lane per operand; byte OPSEL (0..3) of lane
//     l's word is the E8M0 scale of (row l%R, block l/R).
//   - C/D: 16x16x128: lane l, register i (0..3) holds D[4*(l/16)+i][l%16].
//     32x32x64: lane l, register r = 4i+j (0..15) holds D[8i+4*(l/32)+j][l%32].
//
// Arithmetic: per 32-element block the e2m1 dot product is exact (dot4 / 4),
// scaled by 2^(sa-127) * 2^(sb-127). How the block terms and C are rounded
// together inside ONE instruction is not documented by AMD; it is a named,
// swappable MfmaRoundingModel here, and UNVERIFIED ON HARDWARE.
//
// Example (check a kernel's lane mapping for one 16x16x128 step):
//   MfmaOperandTile a_tile = *ExtractOperandTile(MfmaShape::k16x16x128, a_view, m0, k0);
//   MfmaOperandTile b_tile = *ExtractOperandTile(MfmaShape::k16x16x128, b_view, n0, k0);
//   MfmaWaveOperand a_regs, b_regs; MfmaWaveScales sa, sb;
//   LayOutOperandTile(MfmaShape::k16x16x128, a_tile, /*opsel=*/0, &a_regs, &sa);
//   LayOutOperandTile(MfmaShape::k16x16x128, b_tile, /*opsel=*/0, &b_regs, &sb);
//   MfmaWaveAccumulator c{}, d;
//   EmulateMfmaScaleFp4(MfmaShape::k16x16x128, a_regs, b_regs, c, 0, sa, 0, sb,
//                       MfmaRoundingModel::kExactSumSingleRounding, &d);
//   // Compare d with what the kernel's registers held, lane by lane.

#ifndef MXFP4_EMU_MFMA_H_
#define MXFP4_EMU_MFMA_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4 {

enum class MfmaShape {
  k16x16x128,  // V_MFMA_SCALE_F32_16X16X128_F8F6F4: 4 K-blocks per instruction.
  k32x32x64,   // V_MFMA_SCALE_F32_32X32X64_F8F6F4: 2 K-blocks per instruction.
};

struct MfmaShapeInfo {
  int m;         // rows of A / D
  int n;         // columns of B / D
  int k;         // K elements per instruction
  int blocks;    // K-blocks (of 32) per instruction = lane groups
  int acc_regs;  // fp32 accumulator registers per lane
};

constexpr MfmaShapeInfo GetMfmaShapeInfo(MfmaShape shape) {
  return shape == MfmaShape::k16x16x128 ? MfmaShapeInfo{16, 16, 128, 4, 4}
                                        : MfmaShapeInfo{32, 32, 64, 2, 16};
}

const char* MfmaShapeName(MfmaShape shape);  // "16x16x128", "32x32x64"

// How one instruction rounds its block terms and C together. UNVERIFIED ON
// HARDWARE: AMD documents neither; swap models to see what a choice changes.
enum class MfmaRoundingModel {
  // D = RNE_fp32(C + sum_b P_b * 2^(sa_b-127) * 2^(sb_b-127)), the whole sum
  // exact (no flush to zero), one rounding per instruction. The default.
  // NaN scale or NaN C -> NaN; C = +-Inf -> C; overflow -> +-Inf.
  kExactSumSingleRounding,
  // acc = C; for the instruction's blocks in K order:
  // acc = fmaf(P_b, fp32(2^(sa_b-127) * 2^(sb_b-127)), acc), i.e. the
  // block_fma contract inside the instruction.
  kBlockSequentialFma,
};

// "exact_sum_single_rounding", "block_sequential_fma".
const char* MfmaRoundingModelName(MfmaRoundingModel model);
absl::StatusOr<MfmaRoundingModel> ParseMfmaRoundingModel(absl::string_view name);

inline constexpr int kWaveSize = 64;

// One lane's A or B operand: the 8 dwords (v8i32) the builtin takes; FP4 uses 0..3.
using MfmaLaneOperand = std::array<int32_t, 8>;

struct MfmaWaveOperand {
  std::array<MfmaLaneOperand, kWaveSize> lanes{};
};

// The scale VGPR (scale_a or scale_b argument) of every lane.
struct MfmaWaveScales {
  std::array<int32_t, kWaveSize> lanes{};
};

// C or D: up to 16 fp32 registers per lane (16x16x128 uses registers 0..3).
struct MfmaWaveAccumulator {
  std::array<std::array<float, 16>, kWaveSize> lanes{};
};

// ---------------------------------------------------------------- where data lives

// Where element (row, k) of an A tile (or (column, k) of a B tile) sits.
struct MfmaOperandSlot {
  int lane;
  int dword;        // 0..3
  int byte;         // byte within the dword, 0..3 (little endian)
  bool high_nibble; // odd k -> bits 7:4
};
MfmaOperandSlot MfmaOperandSlotOf(MfmaShape shape, int row, int k);

// The lane whose scale word carries the scale of (row, block) (byte OPSEL).
inline int MfmaScaleLaneOf(MfmaShape shape, int row, int block) {
  return block * GetMfmaShapeInfo(shape).m + row;
}

struct MfmaAccumulatorSlot {
  int lane;
  int reg;
};
MfmaAccumulatorSlot MfmaAccumulatorSlotOf(MfmaShape shape, int row, int col);

// The (row, col) of D that lane `lane`, register `reg` holds.
void MfmaAccumulatorElementOf(MfmaShape shape, int lane, int reg, int* row, int* col);

// ---------------------------------------------------------------- tiles

// A logical operand tile: `rows` rows (A rows, or B columns = rows of this
// project's (N, K) B) by `k` elements, one E2M1 code per byte, and one E8M0
// scale per (row, 32-element block).
struct MfmaOperandTile {
  int rows = 0;
  int k = 0;
  std::vector<uint8_t> codes;   // rows * k, (r, kk) at r * k + kk
  std::vector<uint8_t> scales;  // rows * (k / 32), (r, g) at r * (k / 32) + g

  uint8_t code(int r, int kk) const { return codes[static_cast<size_t>(r) * k + kk]; }
  uint8_t scale(int r, int g) const { return scales[static_cast<size_t>(r) * (k / 32) + g]; }
};

// The padding a kernel should use for rows/K beyond the matrix: code 0 and
// scale 127 (1.0), which contributes an exact +0 to every output.
inline constexpr uint8_t kMfmaPadScale = 127;

// A tile of the instruction's operand size (m x k) filled with padding.
MfmaOperandTile MakePaddingOperandTile(MfmaShape shape);

// ExtractOperandTile()
//
// Reads the operand tile at rows [row0, row0 + m) and K [k0, k0 + k) of an
// MXFP4 matrix in any layout; rows or K beyond the matrix are padding (see
// kMfmaPadScale). k0 must be a multiple of 32 and >= 0, row0 >= 0.
absl::StatusOr<MfmaOperandTile> ExtractOperandTile(MfmaShape shape, const Mxfp4View& matrix,
                                                   int64_t row0, int64_t k0);

// LayOutOperandTile()
//
// Writes the tile into lane registers as the hardware reads them: all 8
// dwords of every lane (4..7 = 0), and byte `opsel` of every lane's scale word
// (the other three bytes are kept, as a kernel may pack four scales per word).
// The tile must have the instruction's operand size.
absl::Status LayOutOperandTile(MfmaShape shape, const MfmaOperandTile& tile, int opsel,
                               MfmaWaveOperand* regs, MfmaWaveScales* scales);

// GatherOperandTile()
//
// The inverse: the logical tile the instruction sees with this OPSEL.
absl::StatusOr<MfmaOperandTile> GatherOperandTile(MfmaShape shape, const MfmaWaveOperand& regs,
                                                  const MfmaWaveScales& scales, int opsel);

// LoadMfmaScaleWords()
//
// What a kernel's one-dword-per-lane scale load reads from a scale buffer
// (`buffer` holds ScaleStorageBytes(layout, rows, groups) bytes) for the
// instruction covering rows [row0, row0 + m) and blocks [g0, g0 + blocks):
// lane l gets the aligned 32-bit word containing scale (row0 + l%R, g0 + l/R)
// and *opsel the byte index it has in that word. FailedPrecondition when the
// lanes would need different OPSEL values (the layout does not serve this
// instruction with one word per lane, e.g. most natural layouts). Rows or
// blocks beyond the logical matrix are an OutOfRange error.
//
// Example: with kShuffled16, the 16x16x128 step at (row0, g0) uses
//   opsel = (row0 / 16) % 2 + 2 * ((g0 / 4) % 2).
absl::Status LoadMfmaScaleWords(MfmaShape shape, ScaleLayout layout,
                                absl::Span<const uint8_t> buffer, int64_t rows, int64_t groups,
                                int64_t row0, int64_t g0, MfmaWaveScales* words, int* opsel);

// Accumulator tile (m x n fp32, row-major) <-> lane registers. Registers of
// a 16x16x128 accumulator beyond 3 are written as 0 / ignored.
absl::Status LayOutAccumulatorTile(MfmaShape shape, absl::Span<const float> tile,
                                   MfmaWaveAccumulator* acc);
absl::Status GatherAccumulatorTile(MfmaShape shape, const MfmaWaveAccumulator& acc,
                                   absl::Span<float> tile);

// ---------------------------------------------------------------- arithmetic

// EmulateMfmaScaleFp4()
//
// One wave's instruction, FP4 operands on both sides (Atype = Btype = 4):
// D = A * diag-scaled B + C per the lane mapping above and `model`. Argument
// order follows __builtin_amdgcn_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4
// (a, b, c, Atype, Btype, opsel_a, scale_a, opsel_b, scale_b). `d` may be `&c`.
// InvalidArgument for opsel outside 0..3 or a null d.
absl::Status EmulateMfmaScaleFp4(MfmaShape shape, const MfmaWaveOperand& a,
                                 const MfmaWaveOperand& b, const MfmaWaveAccumulator& c,
                                 int opsel_a, const MfmaWaveScales& scale_a, int opsel_b,
                                 const MfmaWaveScales& scale_b, MfmaRoundingModel model,
                                 MfmaWaveAccumulator* d);

// MfmaAccumulateBlocks()
//
// The model for one output of one instruction, from its blocks' exact dot
// products dot4[b] (= 4 * P_b) and scale bytes: returns D given C. The lane
// emulation and the kMfma16/kMfma32 reference GEMMs both use it.
// Every NaN result is the canonical quiet NaN.
float MfmaAccumulateBlocks(MfmaRoundingModel model, float c, const int32_t* dot4,
                           const uint8_t* sa, const uint8_t* sb, int num_blocks);

}  // namespace mxfp4

#endif  // MXFP4_EMU_MFMA_H_
