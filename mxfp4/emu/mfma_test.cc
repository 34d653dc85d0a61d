// File: mxfp4/emu/mfma_test.cc
//
// The lane-level gfx950 scaled FP4 MFMA model (spec: mxfp4-semantics.md §4):
// lane maps against the spec's formulas, tile <-> lane round trips for every
// OPSEL, the instruction against a plain per-output reference (oracle) on
// random tiles with extreme scales, scale-word loads from the shuffled
// layouts, and a whole GEMM run instruction by instruction through the lane
// model against ReferenceGemm's kMfma16 / kMfma32.

#include "mxfp4/emu/mfma.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/gemm_test_oracle.h"
#include "mxfp4/emu/gemm_test_util.h"
#include "mxfp4/emu/reference_gemm.h"

namespace mxfp4 {
namespace {

using testing::FloatHex;
using testing::RandomMatrix;
using testing::RandomScale;
using testing::SameBitsNanAware;
using testing::ScaleMix;
using testing::ScaleMixName;

constexpr uint64_t kSeed = 0x6d666d61;  // "mfma"
constexpr MfmaShape kShapes[] = {MfmaShape::k16x16x128, MfmaShape::k32x32x64};
constexpr MfmaRoundingModel kModels[] = {MfmaRoundingModel::kExactSumSingleRounding,
                                         MfmaRoundingModel::kBlockSequentialFma};

MfmaOperandTile RandomTile(MfmaShape shape, ScaleMix mix, std::mt19937_64& rng) {
  MfmaOperandTile tile = MakePaddingOperandTile(shape);
  for (uint8_t& c : tile.codes) c = static_cast<uint8_t>(rng() & 0xF);
  for (uint8_t& s : tile.scales) s = RandomScale(mix, rng);
  return tile;
}

TEST(MfmaLaneMapTest, OperandSlotsFollowTheSpec) {
  for (MfmaShape shape : kShapes) {
    const int r = GetMfmaShapeInfo(shape).m;
    for (int lane = 0; lane < kWaveSize; ++lane) {
      for (int e = 0; e < 32; ++e) {
        // Spec: lane l holds row l % R, K elements 32 * (l / R) .. +31, byte e/2,
        // low nibble = even k.
        const MfmaOperandSlot slot = MfmaOperandSlotOf(shape, lane % r, 32 * (lane / r) + e);
        EXPECT_EQ(slot.lane, lane);
        EXPECT_EQ(slot.dword, (e / 2) / 4);
        EXPECT_EQ(slot.byte, (e / 2) % 4);
        EXPECT_EQ(slot.high_nibble, (e & 1) == 1);
      }
      for (int blk = 0; blk < GetMfmaShapeInfo(shape).blocks; ++blk) {
        EXPECT_EQ(MfmaScaleLaneOf(shape, lane % r, lane / r), lane);
      }
    }
  }
}

TEST(MfmaLaneMapTest, AccumulatorSlotsFollowTheSpec) {
  for (MfmaShape shape : kShapes) {
    const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
    std::vector<int> hits(info.m * info.n, 0);
    for (int lane = 0; lane < kWaveSize; ++lane) {
      for (int reg = 0; reg < info.acc_regs; ++reg) {
        int spec_row, spec_col;
        if (shape == MfmaShape::k16x16x128) {
          spec_row = 4 * (lane / 16) + reg;  // D[4*(l/16)+i][l%16]
          spec_col = lane % 16;
        } else {
          spec_row = 8 * (reg / 4) + 4 * (lane / 32) + reg % 4;  // D[8i+4(l/32)+j][l%32]
          spec_col = lane % 32;
        }
        int row, col;
        MfmaAccumulatorElementOf(shape, lane, reg, &row, &col);
        EXPECT_EQ(row, spec_row) << MfmaShapeName(shape) << " lane " << lane << " reg " << reg;
        EXPECT_EQ(col, spec_col);
        const MfmaAccumulatorSlot slot = MfmaAccumulatorSlotOf(shape, row, col);
        EXPECT_EQ(slot.lane, lane);
        EXPECT_EQ(slot.reg, reg);
        ++hits[row * info.n + col];
      }
    }
    for (int h : hits) EXPECT_EQ(h, 1);
  }
}

TEST(MfmaTileLayoutTest, OperandRoundTripForEveryOpsel) {
  std::mt19937_64 rng(kSeed);
  for (MfmaShape shape : kShapes) {
    for (int opsel = 0; opsel < 4; ++opsel) {
      const MfmaOperandTile tile = RandomTile(shape, ScaleMix::kWide, rng);
      MfmaWaveOperand regs;
      MfmaWaveScales scales, before;
      for (auto& lane : regs.lanes) lane.fill(-1);
      for (int32_t& w : scales.lanes) w = static_cast<int32_t>(rng());
      before = scales;
      ASSERT_TRUE(LayOutOperandTile(shape, tile, opsel, &regs, &scales).ok());
      for (int lane = 0; lane < kWaveSize; ++lane) {
        // Only byte `opsel` of the scale word changes; FP4 leaves dwords 4..7 zero.
        const uint32_t mask = 0xFFu << (8 * opsel);
        EXPECT_EQ(static_cast<uint32_t>(scales.lanes[lane]) & ~mask,
                  static_cast<uint32_t>(before.lanes[lane]) & ~mask);
        for (int d = 4; d < 8; ++d) EXPECT_EQ(regs.lanes[lane][d], 0);
      }
      // Spot-check the raw placement of every element through the slot map.
      const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
      for (int row = 0; row < info.m; ++row) {
        for (int k = 0; k < info.k; ++k) {
          const MfmaOperandSlot s = MfmaOperandSlotOf(shape, row, k);
          const uint32_t dword = static_cast<uint32_t>(regs.lanes[s.lane][s.dword]);
          const uint8_t byte = static_cast<uint8_t>(dword >> (8 * s.byte));
          EXPECT_EQ(s.high_nibble ? byte >> 4 : byte & 0xF, tile.code(row, k));
        }
      }
      absl::StatusOr<MfmaOperandTile> back = GatherOperandTile(shape, regs, scales, opsel);
      ASSERT_TRUE(back.ok());
      EXPECT_EQ(back->codes, tile.codes);
      EXPECT_EQ(back->scales, tile.scales);
    }
  }
}

TEST(MfmaTileLayoutTest, AccumulatorRoundTrip) {
  std::mt19937_64 rng(kSeed + 1);
  for (MfmaShape shape : kShapes) {
    const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
    std::vector<float> tile(info.m * info.n), back(info.m * info.n);
    for (float& v : tile) v = static_cast<float>(static_cast<int64_t>(rng() % 2001) - 1000);
    MfmaWaveAccumulator acc;
    ASSERT_TRUE(LayOutAccumulatorTile(shape, tile, &acc).ok());
    ASSERT_TRUE(GatherAccumulatorTile(shape, acc, absl::MakeSpan(back)).ok());
    EXPECT_EQ(tile, back);
    std::vector<float> wrong(5);
    EXPECT_FALSE(LayOutAccumulatorTile(shape, wrong, &acc).ok());
    EXPECT_FALSE(GatherAccumulatorTile(shape, acc, absl::MakeSpan(wrong)).ok());
  }
}

TEST(MfmaTileLayoutTest, RejectsBadInput) {
  MfmaOperandTile tile = MakePaddingOperandTile(MfmaShape::k16x16x128);
  MfmaWaveOperand regs;
  MfmaWaveScales scales;
  EXPECT_EQ(LayOutOperandTile(MfmaShape::k16x16x128, tile, 4, &regs, &scales).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(LayOutOperandTile(MfmaShape::k16x16x128, tile, 0, nullptr, &scales).code(),
            absl::StatusCode::kInvalidArgument);
  // A 16x128 tile is not a 32x64 tile.
  EXPECT_EQ(LayOutOperandTile(MfmaShape::k32x32x64, tile, 0, &regs, &scales).code(),
            absl::StatusCode::kInvalidArgument);
  tile.codes[5] = 0x10;
  EXPECT_EQ(LayOutOperandTile(MfmaShape::k16x16x128, tile, 0, &regs, &scales).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_FALSE(GatherOperandTile(MfmaShape::k16x16x128, regs, scales, -1).ok());
  MfmaWaveAccumulator c{}, d;
  EXPECT_EQ(EmulateMfmaScaleFp4(MfmaShape::k16x16x128, regs, regs, c, 0, scales, 7, scales,
                                MfmaRoundingModel::kExactSumSingleRounding, &d)
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(EmulateMfmaScaleFp4(MfmaShape::k16x16x128, regs, regs, c, 0, scales, 0, scales,
                                MfmaRoundingModel::kExactSumSingleRounding, nullptr)
                .code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(MfmaEmulateTest, HandComputedOnesTile) {
  for (MfmaShape shape : kShapes) {
    const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
    MfmaOperandTile a = MakePaddingOperandTile(shape);
    MfmaOperandTile b = MakePaddingOperandTile(shape);
    for (uint8_t& c : a.codes) c = 2;  // 1.0
    for (uint8_t& c : b.codes) c = 2;
    for (uint8_t& s : a.scales) s = 128;  // 2.0
    MfmaWaveOperand ar, br;
    MfmaWaveScales as{}, bs{};
    ASSERT_TRUE(LayOutOperandTile(shape, a, 1, &ar, &as).ok());
    ASSERT_TRUE(LayOutOperandTile(shape, b, 3, &br, &bs).ok());
    std::vector<float> c_tile(info.m * info.n, 0.5f), d_tile(info.m * info.n);
    MfmaWaveAccumulator c, d;
    ASSERT_TRUE(LayOutAccumulatorTile(shape, c_tile, &c).ok());
    for (MfmaRoundingModel model : kModels) {
      ASSERT_TRUE(EmulateMfmaScaleFp4(shape, ar, br, c, 1, as, 3, bs, model, &d).ok());
      ASSERT_TRUE(GatherAccumulatorTile(shape, d, absl::MakeSpan(d_tile)).ok());
      // K ones times 2.0, plus C.
      for (float v : d_tile) EXPECT_EQ(v, 0.5f + 2.0f * info.k);
    }
    // d may alias c.
    ASSERT_TRUE(EmulateMfmaScaleFp4(shape, ar, br, c, 1, as, 3, bs,
                                    MfmaRoundingModel::kExactSumSingleRounding, &c)
                    .ok());
    ASSERT_TRUE(GatherAccumulatorTile(shape, c, absl::MakeSpan(d_tile)).ok());
    for (float v : d_tile) EXPECT_EQ(v, 0.5f + 2.0f * info.k);
  }
}

float RandomAccumulator(ScaleMix mix, std::mt19937_64& rng) {
  switch (rng() % 16) {
    case 0:
      return std::numeric_limits<float>::infinity();
    case 1:
      return -std::numeric_limits<float>::infinity();
    case 2:
      return std::numeric_limits<float>::quiet_NaN();
    case 3:
      return -0.0f;
    case 4:
      return BitsToFloat(static_cast<uint32_t>(rng() % 0x00800000u));  // subnormal
    default:
      break;
  }
  if (mix == ScaleMix::kNarrow || mix == ScaleMix::kUnit) {
    return static_cast<float>(static_cast<int64_t>(rng() % 20001) - 10000) * 0.37f;
  }
  uint32_t bits = static_cast<uint32_t>(rng());
  if ((bits & 0x7F800000u) == 0x7F800000u) bits &= 0xBFFFFFFFu;
  return BitsToFloat(bits);
}

// Per-output plain reference: dot products from the tiles' codes (value
// table, double), then the model through the independent oracle.
float PlainReference(MfmaRoundingModel model, const MfmaOperandTile& a, const MfmaOperandTile& b,
                     int row, int col, float c, int blocks) {
  int32_t dot4[4];
  uint8_t sa[4], sb[4];
  for (int blk = 0; blk < blocks; ++blk) {
    double sum = 0.0;
    for (int e = 0; e < 32; ++e) {
      sum += static_cast<double>(kE2m1Values[a.code(row, 32 * blk + e)]) *
             kE2m1Values[b.code(col, 32 * blk + e)];
    }
    dot4[blk] = static_cast<int32_t>(sum * 4);
    sa[blk] = a.scale(row, blk);
    sb[blk] = b.scale(col, blk);
  }
  if (model == MfmaRoundingModel::kExactSumSingleRounding) {
    return oracle::MfmaExactStep(c, dot4, sa, sb, blocks);
  }
  float acc = c;
  for (int blk = 0; blk < blocks; ++blk) {
    float s = std::numeric_limits<float>::quiet_NaN();
    if (sa[blk] != 0xFF && sb[blk] != 0xFF) {
      s = static_cast<float>(std::ldexp(1.0, sa[blk] - 127) * std::ldexp(1.0, sb[blk] - 127));
    }
    acc = std::fma(static_cast<float>(dot4[blk]) / 4.0f, s, acc);
  }
  return acc;
}

TEST(MfmaEmulateTest, LaneModelMatchesPlainReference) {
  std::mt19937_64 rng(kSeed + 2);
  int64_t checked = 0;
  for (MfmaShape shape : kShapes) {
    const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
    for (MfmaRoundingModel model : kModels) {
      for (ScaleMix mix : {ScaleMix::kNarrow, ScaleMix::kExtreme, ScaleMix::kWithNan}) {
        for (int opsel_a = 0; opsel_a < 4; ++opsel_a) {
          for (int opsel_b = 0; opsel_b < 4; ++opsel_b) {
            const MfmaOperandTile a = RandomTile(shape, mix, rng);
            const MfmaOperandTile b = RandomTile(shape, mix, rng);
            std::vector<float> c_tile(info.m * info.n), d_tile(info.m * info.n);
            for (float& v : c_tile) v = RandomAccumulator(mix, rng);
            MfmaWaveOperand ar, br;
            MfmaWaveScales as, bs;
            // Garbage in the unselected bytes: a wrong OPSEL reads them.
            for (int32_t& w : as.lanes) w = static_cast<int32_t>(rng());
            for (int32_t& w : bs.lanes) w = static_cast<int32_t>(rng());
            ASSERT_TRUE(LayOutOperandTile(shape, a, opsel_a, &ar, &as).ok());
            ASSERT_TRUE(LayOutOperandTile(shape, b, opsel_b, &br, &bs).ok());
            MfmaWaveAccumulator c, d;
            ASSERT_TRUE(LayOutAccumulatorTile(shape, c_tile, &c).ok());
            ASSERT_TRUE(
                EmulateMfmaScaleFp4(shape, ar, br, c, opsel_a, as, opsel_b, bs, model, &d).ok());
            ASSERT_TRUE(GatherAccumulatorTile(shape, d, absl::MakeSpan(d_tile)).ok());
            for (int row = 0; row < info.m; ++row) {
              for (int col = 0; col < info.n; ++col) {
                const float expected = PlainReference(model, a, b, row, col,
                                                      c_tile[row * info.n + col], info.blocks);
                const float got = d_tile[row * info.n + col];
                ASSERT_TRUE(SameBitsNanAware(got, expected))
                    << "seed " << kSeed + 2 << " " << MfmaShapeName(shape) << " "
                    << MfmaRoundingModelName(model) << " scales " << ScaleMixName(mix)
                    << " opsel " << opsel_a << "/" << opsel_b << " D[" << row << "][" << col
                    << "]: got " << FloatHex(got) << " expected " << FloatHex(expected)
                    << " (C " << FloatHex(c_tile[row * info.n + col]) << ")";
                ++checked;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 0);
}

// The two rounding models disagree when a large and small term meet inside
// one instruction: 2^24 + 1 + 1 is exact in the sum, but not step by step.
TEST(MfmaEmulateTest, RoundingModelsDiffer) {
  const int32_t dot4[4] = {4, 4, 4, 0};  // P = 1 each
  const uint8_t sa[4] = {127 + 24, 127, 127, 127};
  const uint8_t sb[4] = {127, 127, 127, 127};
  EXPECT_EQ(MfmaAccumulateBlocks(MfmaRoundingModel::kExactSumSingleRounding, 0.0f, dot4, sa, sb, 4),
            16777218.0f);
  EXPECT_EQ(MfmaAccumulateBlocks(MfmaRoundingModel::kBlockSequentialFma, 0.0f, dot4, sa, sb, 4),
            16777216.0f);
  // NaN scale, Inf C, -0 C with no terms.
  const uint8_t nan_sa[4] = {127, 255, 127, 127};
  EXPECT_EQ(FloatBits(MfmaAccumulateBlocks(MfmaRoundingModel::kExactSumSingleRounding, 1.0f, dot4,
                                           nan_sa, sb, 4)),
            0x7FC00000u);
  EXPECT_EQ(MfmaAccumulateBlocks(MfmaRoundingModel::kExactSumSingleRounding,
                                 std::numeric_limits<float>::infinity(), dot4, sa, sb, 4),
            std::numeric_limits<float>::infinity());
  const int32_t zeros[4] = {0, 0, 0, 0};
  EXPECT_EQ(FloatBits(MfmaAccumulateBlocks(MfmaRoundingModel::kExactSumSingleRounding, -0.0f,
                                           zeros, sa, sb, 4)),
            0u);
  // Extreme scales: 2^-254 terms are kept exactly against a tiny C.
  const uint8_t tiny[4] = {0, 0, 0, 0};
  const int32_t big[4] = {4608, 4608, 4608, 4608};
  EXPECT_EQ(FloatBits(MfmaAccumulateBlocks(MfmaRoundingModel::kExactSumSingleRounding,
                                           BitsToFloat(1), big, tiny, tiny, 4)),
            1u);  // 2^-149 + 4 * 1152 * 2^-254 -> 2^-149
}

TEST(MfmaScaleWordsTest, Shuffled16ServesEvery16x16x128Step) {
  std::mt19937_64 rng(kSeed + 3);
  const int64_t rows = 64, groups = 16;
  std::vector<uint8_t> natural(rows * groups);
  for (uint8_t& s : natural) s = static_cast<uint8_t>(rng());
  absl::StatusOr<std::vector<uint8_t>> shuffled =
      ConvertScaleLayout(natural, ScaleLayout::kNatural, ScaleLayout::kShuffled16, rows, groups);
  ASSERT_TRUE(shuffled.ok()) << shuffled.status();
  for (int64_t row0 = 0; row0 < rows; row0 += 16) {
    for (int64_t g0 = 0; g0 < groups; g0 += 4) {
      MfmaWaveScales words;
      int opsel = -1;
      ASSERT_TRUE(LoadMfmaScaleWords(MfmaShape::k16x16x128, ScaleLayout::kShuffled16, *shuffled,
                                     rows, groups, row0, g0, &words, &opsel)
                      .ok());
      EXPECT_EQ(opsel, (row0 / 16) % 2 + 2 * ((g0 / 4) % 2));
      for (int lane = 0; lane < kWaveSize; ++lane) {
        const uint8_t byte = static_cast<uint8_t>(static_cast<uint32_t>(words.lanes[lane]) >> (8 * opsel));
        EXPECT_EQ(byte, natural[(row0 + lane % 16) * groups + g0 + lane / 16])
            << "row0 " << row0 << " g0 " << g0 << " lane " << lane;
      }
    }
  }
  // The natural layout cannot feed one word per lane.
  MfmaWaveScales words;
  int opsel;
  EXPECT_EQ(LoadMfmaScaleWords(MfmaShape::k16x16x128, ScaleLayout::kNatural, natural, rows, groups,
                               0, 0, &words, &opsel)
                .code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(LoadMfmaScaleWords(MfmaShape::k16x16x128, ScaleLayout::kShuffled16, *shuffled, rows,
                               groups, 256, 0, &words, &opsel)
                .code(),
            absl::StatusCode::kOutOfRange);
  EXPECT_EQ(LoadMfmaScaleWords(MfmaShape::k16x16x128, ScaleLayout::kShuffled16, natural, rows,
                               groups, 0, 0, &words, &opsel)
                .code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(MfmaScaleWordsTest, Shuffled32ServesEvery32x32x64Step) {
  std::mt19937_64 rng(kSeed + 4);
  const int64_t rows = 40, groups = 12;  // padded to 256 x 16 in storage
  std::vector<uint8_t> natural(rows * groups);
  for (uint8_t& s : natural) s = static_cast<uint8_t>(rng());
  absl::StatusOr<std::vector<uint8_t>> shuffled =
      ConvertScaleLayout(natural, ScaleLayout::kNatural, ScaleLayout::kShuffled32, rows, groups);
  ASSERT_TRUE(shuffled.ok()) << shuffled.status();
  for (int64_t row0 = 0; row0 < 64; row0 += 32) {
    for (int64_t g0 = 0; g0 < 16; g0 += 2) {
      MfmaWaveScales words;
      int opsel = -1;
      ASSERT_TRUE(LoadMfmaScaleWords(MfmaShape::k32x32x64, ScaleLayout::kShuffled32, *shuffled,
                                     rows, groups, row0, g0, &words, &opsel)
                      .ok());
      EXPECT_EQ(opsel, (g0 % 8) / 2);
      for (int lane = 0; lane < kWaveSize; ++lane) {
        const int64_t r = row0 + lane % 32, g = g0 + lane / 32;
        const uint8_t byte = static_cast<uint8_t>(static_cast<uint32_t>(words.lanes[lane]) >> (8 * opsel));
        // Rows/groups beyond the logical matrix read the zero padding.
        const uint8_t expected = (r < rows && g < groups) ? natural[r * groups + g] : 0;
        EXPECT_EQ(byte, expected) << "row0 " << row0 << " g0 " << g0 << " lane " << lane;
      }
    }
  }
}

// A whole GEMM through the lane model, one instruction at a time with C
// chained in K order (what a kernel does), equals ReferenceGemm's kMfma16 /
// kMfma32 (its direct implementation). K = 320 leaves a partial last
// 16x16x128 step (zero-padded), and M, N are not multiples of the tile.
TEST(MfmaGemmTest, LaneLevelGemmEqualsReferenceGemm) {
  std::mt19937_64 rng(kSeed + 5);
  const int64_t m = 40, n = 36, k = 320;
  for (ScaleMix mix : {ScaleMix::kNarrow, ScaleMix::kExtreme, ScaleMix::kWithNan}) {
    const Mxfp4Matrix a = RandomMatrix(m, k, mix, rng);
    const Mxfp4Matrix b = RandomMatrix(n, k, mix, rng);
    absl::StatusOr<Mxfp4View> av = a.view(), bv = b.view();
    ASSERT_TRUE(av.ok() && bv.ok());
    for (MfmaShape shape : kShapes) {
      const MfmaShapeInfo info = GetMfmaShapeInfo(shape);
      for (MfmaRoundingModel model : kModels) {
        GemmOptions options;
        options.contract = shape == MfmaShape::k16x16x128 ? Contract::kMfma16 : Contract::kMfma32;
        options.mfma_rounding = model;
        std::vector<float> reference(m * n);
        ASSERT_TRUE(ReferenceGemm(*av, *bv, options, absl::MakeSpan(reference)).ok());
        for (int64_t m0 = 0; m0 < m; m0 += info.m) {
          for (int64_t n0 = 0; n0 < n; n0 += info.n) {
            MfmaWaveAccumulator acc{};
            for (int64_t k0 = 0; k0 < k; k0 += info.k) {
              absl::StatusOr<MfmaOperandTile> at = ExtractOperandTile(shape, *av, m0, k0);
              absl::StatusOr<MfmaOperandTile> bt = ExtractOperandTile(shape, *bv, n0, k0);
              ASSERT_TRUE(at.ok() && bt.ok());
              const int opsel_a = static_cast<int>(rng() % 4), opsel_b = static_cast<int>(rng() % 4);
              MfmaWaveOperand ar, br;
              MfmaWaveScales as{}, bs{};
              ASSERT_TRUE(LayOutOperandTile(shape, *at, opsel_a, &ar, &as).ok());
              ASSERT_TRUE(LayOutOperandTile(shape, *bt, opsel_b, &br, &bs).ok());
              ASSERT_TRUE(
                  EmulateMfmaScaleFp4(shape, ar, br, acc, opsel_a, as, opsel_b, bs, model, &acc).ok());
            }
            std::vector<float> d(info.m * info.n);
            ASSERT_TRUE(GatherAccumulatorTile(shape, acc, absl::MakeSpan(d)).ok());
            for (int i = 0; i < info.m && m0 + i < m; ++i) {
              for (int j = 0; j < info.n && n0 + j < n; ++j) {
                const float want = reference[(m0 + i) * n + n0 + j];
                const float got = d[i * info.n + j];
                ASSERT_TRUE(SameBitsNanAware(got, want))
                    << "seed " << kSeed + 5 << " " << MfmaShapeName(shape) << " "
                    << MfmaRoundingModelName(model) << " scales " << ScaleMixName(mix) << " C["
                    << m0 + i << "][" << n0 + j << "]: lanes " << FloatHex(got) << ", GEMM "
                    << FloatHex(want);
              }
            }
          }
        }
      }
    }
  }
}

TEST(MfmaTileLayoutTest, ExtractPadsBeyondTheMatrix) {
  std::mt19937_64 rng(kSeed + 6);
  const Mxfp4Matrix a = RandomMatrix(5, 96, ScaleMix::kWide, rng);
  absl::StatusOr<Mxfp4View> av = a.view();
  ASSERT_TRUE(av.ok());
  absl::StatusOr<MfmaOperandTile> t = ExtractOperandTile(MfmaShape::k16x16x128, *av, 0, 0);
  ASSERT_TRUE(t.ok());
  for (int r = 0; r < 16; ++r) {
    for (int kk = 0; kk < 128; ++kk) {
      EXPECT_EQ(t->code(r, kk), (r < 5 && kk < 96) ? av->code(r, kk) : 0);
    }
    for (int g = 0; g < 4; ++g) {
      EXPECT_EQ(t->scale(r, g), (r < 5 && g < 3) ? av->scale(r, g) : kMfmaPadScale);
    }
  }
  EXPECT_FALSE(ExtractOperandTile(MfmaShape::k16x16x128, *av, 0, 16).ok());
  EXPECT_FALSE(ExtractOperandTile(MfmaShape::k16x16x128, *av, -1, 0).ok());
}

}  // namespace
}  // namespace mxfp4
