// File: mxfp4/emu/mfma.cc
//
// Lane-level model of the gfx950 scaled FP4 MFMA instructions and the tile <->
// lane layout helpers (spec: shared/spec/mxfp4-semantics.md §4; see mfma.h).

#include "mxfp4/emu/mfma.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/exact_sum.h"

namespace mxfp4 {
namespace {

constexpr int kMaxFastTerms = 9;  // C plus up to 8 blocks on the 128-bit path

float CanonicalNan() { return BitsToFloat(kCanonicalNanFp32Bits); }

int BitLength(uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }

// kExactSumSingleRounding: RNE_fp32(c + sum_b dot4_b * 2^(sa_b + sb_b - 256)), exact.
float ExactSumStep(float c, const int32_t* dot4, const uint8_t* sa, const uint8_t* sb,
                   int num_blocks) {
  if (std::isnan(c)) return CanonicalNan();
  for (int b = 0; b < num_blocks; ++b) {
    if (E8m0IsNan(sa[b]) || E8m0IsNan(sb[b])) return CanonicalNan();
  }
  if (std::isinf(c)) return c;  // every block term is finite
  // Terms as (signed integer, exponent). A block term is never -0, so the
  // exact sum is -0 only when C is -0 and there are no blocks.
  if (num_blocks + 1 <= kMaxFastTerms) {
    int64_t mant[kMaxFastTerms];
    int exps[kMaxFastTerms];
    int n = 0;
    const uint32_t cb = FloatBits(c);
    const uint32_t field = (cb >> 23) & 0xFF;
    const int64_t cm = field == 0 ? (cb & 0x7FFFFF) : ((cb & 0x7FFFFF) | 0x800000);
    if (cm != 0) {
      mant[n] = (cb >> 31) ? -cm : cm;
      exps[n] = field == 0 ? -149 : static_cast<int>(field) - 150;
      ++n;
    }
    for (int b = 0; b < num_blocks; ++b) {
      if (dot4[b] == 0) continue;
      mant[n] = dot4[b];
      exps[n] = IdealTermExp2(sa[b], sb[b]);
      ++n;
    }
    if (n == 0) return (num_blocks == 0) ? c : 0.0f;
    int lo = exps[0], hi = exps[0] + BitLength(static_cast<uint64_t>(std::abs(mant[0])));
    for (int i = 1; i < n; ++i) {
      lo = std::min(lo, exps[i]);
      hi = std::max(hi, exps[i] + BitLength(static_cast<uint64_t>(std::abs(mant[i]))));
    }
    if (hi - lo <= 120) {  // 9 terms of < 2^120 cannot overflow 128 bits
      __int128 sum = 0;
      for (int i = 0; i < n; ++i) sum += static_cast<__int128>(mant[i]) * (static_cast<__int128>(1) << (exps[i] - lo));
      return BitsToFloat(RoundScaledI128ToFp32Bits(sum, lo));
    }
  }
  ExactSum sum;
  sum.AddFloat(c);
  for (int b = 0; b < num_blocks; ++b) sum.AddScaledInt(dot4[b], IdealTermExp2(sa[b], sb[b]));
  return sum.RoundToFp32();
}

int LaneRows(MfmaShape shape) { return GetMfmaShapeInfo(shape).m; }

uint8_t LaneCode(const MfmaLaneOperand& lane, int element) {
  const int byte_index = element / 2;
  const uint32_t dword = static_cast<uint32_t>(lane[byte_index / 4]);
  const uint8_t byte = static_cast<uint8_t>(dword >> (8 * (byte_index % 4)));
  return (element & 1) ? UnpackFp4Odd(byte) : UnpackFp4Even(byte);
}

uint8_t ScaleByte(int32_t word, int opsel) {
  return static_cast<uint8_t>(static_cast<uint32_t>(word) >> (8 * opsel));
}

absl::Status CheckOpsel(int opsel, const char* what) {
  if (opsel < 0 || opsel > 3) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s = %d: OPSEL selects a scale byte and must be 0..3", what, opsel));
  }
  return absl::OkStatus();
}

absl::Status CheckTile(MfmaShape shape, const MfmaOperandTile& tile) {
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  if (tile.rows != info.m || tile.k != info.k ||
      tile.codes.size() != static_cast<size_t>(info.m) * info.k ||
      tile.scales.size() != static_cast<size_t>(info.m) * info.blocks) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "MFMA %s operand tile must be %d rows x %d K (%d codes, %d scales); got %d x %d "
        "(%d codes, %d scales)",
        MfmaShapeName(shape), info.m, info.k, info.m * info.k, info.m * info.blocks, tile.rows,
        tile.k, tile.codes.size(), tile.scales.size()));
  }
  for (size_t i = 0; i < tile.codes.size(); ++i) {
    if (tile.codes[i] > 0xF) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "operand tile code at index %d is 0x%02x; E2M1 codes are 4-bit (0..15)", i,
          tile.codes[i]));
    }
  }
  return absl::OkStatus();
}

}  // namespace

const char* MfmaShapeName(MfmaShape shape) {
  return shape == MfmaShape::k16x16x128 ? "16x16x128" : "32x32x64";
}

const char* MfmaRoundingModelName(MfmaRoundingModel model) {
  switch (model) {
    case MfmaRoundingModel::kExactSumSingleRounding:
      return "exact_sum_single_rounding";
    case MfmaRoundingModel::kBlockSequentialFma:
      return "block_sequential_fma";
  }
  return "unknown";
}

absl::StatusOr<MfmaRoundingModel> ParseMfmaRoundingModel(absl::string_view name) {
  for (MfmaRoundingModel m :
       {MfmaRoundingModel::kExactSumSingleRounding, MfmaRoundingModel::kBlockSequentialFma}) {
    if (name == MfmaRoundingModelName(m)) return m;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown MFMA rounding model \"%s\" (expected exact_sum_single_rounding or "
      "block_sequential_fma)",
      name));
}

MfmaOperandSlot MfmaOperandSlotOf(MfmaShape shape, int row, int k) {
  const int element = k % 32;
  const int byte_index = element / 2;
  return MfmaOperandSlot{(k / 32) * LaneRows(shape) + row, byte_index / 4, byte_index % 4,
                         (element & 1) != 0};
}

MfmaAccumulatorSlot MfmaAccumulatorSlotOf(MfmaShape shape, int row, int col) {
  const int r = LaneRows(shape);
  const int groups = kWaveSize / r;  // lane groups: 4 (16x16) or 2 (32x32)
  return MfmaAccumulatorSlot{((row / 4) % groups) * r + col, 4 * (row / (4 * groups)) + row % 4};
}

void MfmaAccumulatorElementOf(MfmaShape shape, int lane, int reg, int* row, int* col) {
  const int r = LaneRows(shape);
  const int groups = kWaveSize / r;
  *row = 4 * groups * (reg / 4) + 4 * (lane / r) + reg % 4;
  *col = lane % r;
}

MfmaOperandTile MakePaddingOperandTile(MfmaShape shape) {
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  MfmaOperandTile tile;
  tile.rows = info.m;
  tile.k = info.k;
  tile.codes.assign(static_cast<size_t>(info.m) * info.k, 0);
  tile.scales.assign(static_cast<size_t>(info.m) * info.blocks, kMfmaPadScale);
  return tile;
}

absl::StatusOr<MfmaOperandTile> ExtractOperandTile(MfmaShape shape, const Mxfp4View& matrix,
                                                   int64_t row0, int64_t k0) {
  if (row0 < 0 || k0 < 0 || k0 % kBlockSize != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "ExtractOperandTile: row0 = %d and k0 = %d must be >= 0 and k0 a multiple of 32", row0,
        k0));
  }
  MfmaOperandTile tile = MakePaddingOperandTile(shape);
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  for (int r = 0; r < info.m; ++r) {
    const int64_t row = row0 + r;
    if (row >= matrix.rows()) break;
    for (int kk = 0; kk < info.k; ++kk) {
      const int64_t k = k0 + kk;
      if (k >= matrix.k()) break;
      tile.codes[static_cast<size_t>(r) * info.k + kk] = matrix.code(row, k);
    }
    for (int b = 0; b < info.blocks; ++b) {
      const int64_t g = k0 / kBlockSize + b;
      if (g >= matrix.groups()) break;
      tile.scales[static_cast<size_t>(r) * info.blocks + b] = matrix.scale(row, g);
    }
  }
  return tile;
}

absl::Status LayOutOperandTile(MfmaShape shape, const MfmaOperandTile& tile, int opsel,
                               MfmaWaveOperand* regs, MfmaWaveScales* scales) {
  if (regs == nullptr || scales == nullptr) {
    return absl::InvalidArgumentError("LayOutOperandTile: regs and scales must not be null");
  }
  if (absl::Status s = CheckOpsel(opsel, "opsel"); !s.ok()) return s;
  if (absl::Status s = CheckTile(shape, tile); !s.ok()) return s;
  const int r = LaneRows(shape);
  for (int lane = 0; lane < kWaveSize; ++lane) {
    const int row = lane % r;
    const int block = lane / r;
    MfmaLaneOperand& out = regs->lanes[lane];
    out.fill(0);
    for (int j = 0; j < 16; ++j) {
      const int k = block * 32 + 2 * j;
      const uint32_t byte = PackFp4x2(tile.code(row, k), tile.code(row, k + 1));
      uint32_t dword = static_cast<uint32_t>(out[j / 4]);
      dword |= byte << (8 * (j % 4));
      out[j / 4] = static_cast<int32_t>(dword);
    }
    uint32_t word = static_cast<uint32_t>(scales->lanes[lane]);
    word &= ~(0xFFu << (8 * opsel));
    word |= static_cast<uint32_t>(tile.scale(row, block)) << (8 * opsel);
    scales->lanes[lane] = static_cast<int32_t>(word);
  }
  return absl::OkStatus();
}

absl::StatusOr<MfmaOperandTile> GatherOperandTile(MfmaShape shape, const MfmaWaveOperand& regs,
                                                  const MfmaWaveScales& scales, int opsel) {
  if (absl::Status s = CheckOpsel(opsel, "opsel"); !s.ok()) return s;
  MfmaOperandTile tile = MakePaddingOperandTile(shape);
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  for (int lane = 0; lane < kWaveSize; ++lane) {
    const int row = lane % info.m;
    const int block = lane / info.m;
    for (int e = 0; e < 32; ++e) {
      tile.codes[static_cast<size_t>(row) * info.k + block * 32 + e] = LaneCode(regs.lanes[lane], e);
    }
    tile.scales[static_cast<size_t>(row) * info.blocks + block] =
        ScaleByte(scales.lanes[lane], opsel);
  }
  return tile;
}

absl::Status LoadMfmaScaleWords(MfmaShape shape, ScaleLayout layout,
                                absl::Span<const uint8_t> buffer, int64_t rows, int64_t groups,
                                int64_t row0, int64_t g0, MfmaWaveScales* words, int* opsel) {
  if (words == nullptr || opsel == nullptr) {
    return absl::InvalidArgumentError("LoadMfmaScaleWords: words and opsel must not be null");
  }
  if (rows < 0 || groups < 0 || row0 < 0 || g0 < 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "LoadMfmaScaleWords: rows = %d, groups = %d, row0 = %d, g0 = %d must be >= 0", rows, groups,
        row0, g0));
  }
  const int64_t storage_rows = ScaleStorageRows(layout, rows);
  const int64_t storage_groups = ScaleStorageGroups(layout, groups);
  if (static_cast<int64_t>(buffer.size()) != storage_rows * storage_groups) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "LoadMfmaScaleWords: a %s scale buffer for (%d, %d) holds %d bytes, got %d",
        ScaleLayoutName(layout), rows, groups, storage_rows * storage_groups, buffer.size()));
  }
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  if (row0 + info.m > storage_rows || g0 + info.blocks > storage_groups) {
    return absl::OutOfRangeError(absl::StrFormat(
        "LoadMfmaScaleWords: rows [%d, %d) x blocks [%d, %d) exceed the %s buffer's %d x %d "
        "(stored) scales",
        row0, row0 + info.m, g0, g0 + info.blocks, ScaleLayoutName(layout), storage_rows,
        storage_groups));
  }
  int common_opsel = -1;
  for (int lane = 0; lane < kWaveSize; ++lane) {
    const int64_t r = row0 + lane % info.m;
    const int64_t g = g0 + lane / info.m;
    int64_t offset = 0;
    switch (layout) {
      case ScaleLayout::kNatural:
        offset = r * storage_groups + g;
        break;
      case ScaleLayout::kShuffled16:
        offset = Shuffled16ScaleOffset(r, g, storage_groups);
        break;
      case ScaleLayout::kShuffled32:
        offset = Shuffled32ScaleOffset(r, g, storage_groups);
        break;
    }
    const int lane_opsel = static_cast<int>(offset % 4);
    if (common_opsel >= 0 && lane_opsel != common_opsel) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "LoadMfmaScaleWords: in the %s layout the scales of rows [%d, %d) x blocks [%d, %d) "
          "sit at different byte positions of their dwords (lane 0: byte %d, lane %d: byte %d); "
          "one OPSEL cannot serve this instruction",
          ScaleLayoutName(layout), row0, row0 + info.m, g0, g0 + info.blocks, common_opsel, lane,
          lane_opsel));
    }
    common_opsel = lane_opsel;
    const int64_t base = offset - lane_opsel;
    if (base + 4 > static_cast<int64_t>(buffer.size())) {
      return absl::OutOfRangeError(absl::StrFormat(
          "LoadMfmaScaleWords: the dword at byte %d runs past the %d-byte buffer", base,
          buffer.size()));
    }
    const uint32_t word = static_cast<uint32_t>(buffer[base]) |
                          (static_cast<uint32_t>(buffer[base + 1]) << 8) |
                          (static_cast<uint32_t>(buffer[base + 2]) << 16) |
                          (static_cast<uint32_t>(buffer[base + 3]) << 24);
    words->lanes[lane] = static_cast<int32_t>(word);
  }
  *opsel = common_opsel;
  return absl::OkStatus();
}

absl::Status LayOutAccumulatorTile(MfmaShape shape, absl::Span<const float> tile,
                                   MfmaWaveAccumulator* acc) {
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  if (acc == nullptr) return absl::InvalidArgumentError("LayOutAccumulatorTile: acc is null");
  if (tile.size() != static_cast<size_t>(info.m) * info.n) {
    return absl::InvalidArgumentError(
        absl::StrFormat("LayOutAccumulatorTile: %s needs %d x %d = %d values, got %d",
                        MfmaShapeName(shape), info.m, info.n, info.m * info.n, tile.size()));
  }
  for (auto& lane : acc->lanes) lane.fill(0.0f);
  for (int row = 0; row < info.m; ++row) {
    for (int col = 0; col < info.n; ++col) {
      const MfmaAccumulatorSlot slot = MfmaAccumulatorSlotOf(shape, row, col);
      acc->lanes[slot.lane][slot.reg] = tile[static_cast<size_t>(row) * info.n + col];
    }
  }
  return absl::OkStatus();
}

absl::Status GatherAccumulatorTile(MfmaShape shape, const MfmaWaveAccumulator& acc,
                                   absl::Span<float> tile) {
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  if (tile.size() != static_cast<size_t>(info.m) * info.n) {
    return absl::InvalidArgumentError(
        absl::StrFormat("GatherAccumulatorTile: %s needs %d x %d = %d values, got %d",
                        MfmaShapeName(shape), info.m, info.n, info.m * info.n, tile.size()));
  }
  for (int row = 0; row < info.m; ++row) {
    for (int col = 0; col < info.n; ++col) {
      const MfmaAccumulatorSlot slot = MfmaAccumulatorSlotOf(shape, row, col);
      tile[static_cast<size_t>(row) * info.n + col] = acc.lanes[slot.lane][slot.reg];
    }
  }
  return absl::OkStatus();
}

float MfmaAccumulateBlocks(MfmaRoundingModel model, float c, const int32_t* dot4,
                           const uint8_t* sa, const uint8_t* sb, int num_blocks) {
  if (model == MfmaRoundingModel::kBlockSequentialFma) {
    float acc = c;
    for (int b = 0; b < num_blocks; ++b) acc = BlockFmaStep(acc, dot4[b], sa[b], sb[b]);
    return std::isnan(acc) ? CanonicalNan() : acc;
  }
  return ExactSumStep(c, dot4, sa, sb, num_blocks);
}

absl::Status EmulateMfmaScaleFp4(MfmaShape shape, const MfmaWaveOperand& a,
                                 const MfmaWaveOperand& b, const MfmaWaveAccumulator& c,
                                 int opsel_a, const MfmaWaveScales& scale_a, int opsel_b,
                                 const MfmaWaveScales& scale_b, MfmaRoundingModel model,
                                 MfmaWaveAccumulator* d) {
  if (d == nullptr) return absl::InvalidArgumentError("EmulateMfmaScaleFp4: d is null");
  if (absl::Status s = CheckOpsel(opsel_a, "opsel_a"); !s.ok()) return s;
  if (absl::Status s = CheckOpsel(opsel_b, "opsel_b"); !s.ok()) return s;
  const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
  MfmaWaveAccumulator out{};
  int32_t dot4[4];
  uint8_t sa[4], sb[4];
  for (int lane = 0; lane < kWaveSize; ++lane) {
    for (int reg = 0; reg < info.acc_regs; ++reg) {
      int row, col;
      MfmaAccumulatorElementOf(shape, lane, reg, &row, &col);
      for (int blk = 0; blk < info.blocks; ++blk) {
        const int lane_a = blk * info.m + row;  // A row `row`, block blk
        const int lane_b = blk * info.n + col;  // B column `col`, block blk
        int32_t sum = 0;
        for (int e = 0; e < 32; ++e) {
          sum += E2m1ToTwice(LaneCode(a.lanes[lane_a], e)) * E2m1ToTwice(LaneCode(b.lanes[lane_b], e));
        }
        dot4[blk] = sum;
        sa[blk] = ScaleByte(scale_a.lanes[lane_a], opsel_a);
        sb[blk] = ScaleByte(scale_b.lanes[lane_b], opsel_b);
      }
      out.lanes[lane][reg] = MfmaAccumulateBlocks(model, c.lanes[lane][reg], dot4, sa, sb, info.blocks);
    }
  }
  *d = out;
  return absl::OkStatus();
}

}  // namespace mxfp4
