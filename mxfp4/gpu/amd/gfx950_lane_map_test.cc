// File: mxfp4/gpu/amd/gfx950_lane_map_test.cc
//
// Checks each index function of gfx950_lane_map.h (the math the gfx950
// kernels run) against the project's independent definitions: the layout
// offsets of mxfp4/core/layouts.h, the MFMA lane model of mxfp4/emu/mfma.h,
// the EVEN rule and cvt emulation of mxfp4/emu/quantize.h, FloatToBf16 and
// KSplit (docs/amd.md). The whole-kernel checks are in
// gfx950_emulated_gemm_test.cc.

#include "mxfp4/gpu/amd/gfx950_lane_map.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/emu/quantize.h"

namespace mxfp4::gfx950 {
namespace {

constexpr uint64_t kSeed = 20260211;

// A lane's 16 bytes of preshuffled B are the 16 consecutive packed bytes
// (16 * block .. +15 of the step) of its row, for every lane, tile and step.
TEST(Gfx950LaneMapTest, PreshuffledBLaneBytesAreTheLanesRowAndBlock) {
  for (int64_t k : {64, 128, 192, 512, 1088}) {
    for (int64_t n0 : {0, 16, 32, 48, 208}) {
      for (int64_t k0 = 0; k0 < k; k0 += kMfmaK) {
        for (int lane = 0; lane < kWaveSize; ++lane) {
          if (!LaneBlockInK(k0, lane, k)) continue;
          const int64_t off = PreshuffledBLaneOffset(n0, k0, k, lane);
          EXPECT_EQ(off % 16, 0);
          for (int i = 0; i < kLaneBytes; ++i) {
            const int64_t b = OperandFirstK(k0, lane) / 2 + i;
            ASSERT_EQ(off + i, PreshuffledBOffset(n0 + OperandRow(lane), b, k / 2))
                << "k=" << k << " n0=" << n0 << " k0=" << k0 << " lane=" << lane << " byte " << i;
          }
        }
      }
    }
  }
}

// A wave's 64 lanes read one contiguous, fully used 1 KiB run per step.
TEST(Gfx950LaneMapTest, PreshuffledBStepIsOneContiguousKibibyte) {
  const int64_t k = 1024;
  for (int64_t n0 : {0, 16, 96}) {
    for (int64_t k0 = 0; k0 < k; k0 += kMfmaK) {
      const int64_t base = PreshuffledBLaneOffset(n0, k0, k, 0);
      EXPECT_EQ(base % 1024, 0);
      for (int lane = 0; lane < kWaveSize; ++lane) {
        EXPECT_EQ(PreshuffledBLaneOffset(n0, k0, k, lane), base + 16 * lane);
      }
    }
  }
}

TEST(Gfx950LaneMapTest, NaturalLaneBytesAreTheLanesRowAndBlock) {
  for (int64_t k : {64, 320, 1024}) {
    for (int64_t r0 : {0, 16, 48}) {
      for (int64_t k0 = 0; k0 < k; k0 += kMfmaK) {
        for (int lane = 0; lane < kWaveSize; ++lane) {
          const int64_t row = r0 + OperandRow(lane);
          EXPECT_EQ(NaturalLaneOffset(r0, k0, k, lane),
                    DataOffset(DataLayout::kNatural, row, OperandFirstK(k0, lane) / 2, k / 2));
        }
      }
    }
  }
}

// The lane's operand slot is where the MFMA model expects (row, k).
TEST(Gfx950LaneMapTest, OperandRowAndBlockMatchTheMfmaModel) {
  for (int row = 0; row < kMfmaTile; ++row) {
    for (int kk = 0; kk < kMfmaK; ++kk) {
      const MfmaOperandSlot slot = MfmaOperandSlotOf(MfmaShape::k16x16x128, row, kk);
      EXPECT_EQ(OperandRow(slot.lane), row);
      EXPECT_EQ(OperandBlock(slot.lane), kk / kBlockK);
      // Byte (kk % 32) / 2 of the lane's 16 bytes: dword and byte within it.
      EXPECT_EQ(4 * slot.dword + slot.byte, (kk % kBlockK) / 2);
      EXPECT_EQ(slot.high_nibble, (kk % 2) == 1);
    }
  }
}

// With srcA = B rows (n) and srcB = A rows (m), D[i][j] = C[m0+j][n0+i].
TEST(Gfx950LaneMapTest, SwappedAccumulatorPositionsMatchTheMfmaModel) {
  for (int lane = 0; lane < kWaveSize; ++lane) {
    for (int reg = 0; reg < kAccRegs; ++reg) {
      int d_row = -1, d_col = -1;
      MfmaAccumulatorElementOf(MfmaShape::k16x16x128, lane, reg, &d_row, &d_col);
      EXPECT_EQ(AccumulatorN(lane, reg), d_row) << "lane " << lane << " reg " << reg;
      EXPECT_EQ(AccumulatorM(lane), d_col) << "lane " << lane << " reg " << reg;
    }
    // A lane's 4 registers are 4 consecutive columns (one vector store).
    EXPECT_EQ(AccumulatorN(lane, 0) % 4, 0);
  }
}

// Byte OPSEL of a lane's scale word is scale (row, block) of the instruction
// at (r0 + 16h, g0 + 4q): checked against core's offset formula, for every
// tile position of a padded buffer.
TEST(Gfx950LaneMapTest, Shuffled16ScaleWordBytesAreTheInstructionsScales) {
  for (int64_t groups : {2, 8, 12, 16, 36}) {
    const int64_t sn = ScaleStorageGroups(ScaleLayout::kShuffled16, groups);
    for (int64_t r0 = 0; r0 < 512; r0 += kMfmaTile) {
      for (int64_t g0 = 0; g0 < sn; g0 += kMfmaBlocks) {
        const int opsel = Shuffled16ScaleOpsel(r0, g0);
        ASSERT_EQ(opsel, (r0 / 16) % 2 + 2 * ((g0 / 4) % 2));
        for (int lane = 0; lane < kWaveSize; ++lane) {
          const int64_t word = Shuffled16ScaleWordOffset(r0, g0, groups, lane);
          ASSERT_EQ(word % 4, 0);
          ASSERT_EQ(word + opsel,
                    Shuffled16ScaleOffset(r0 + OperandRow(lane), g0 + OperandBlock(lane), sn))
              << "groups=" << groups << " r0=" << r0 << " g0=" << g0 << " lane=" << lane;
        }
      }
    }
  }
}

TEST(Gfx950LaneMapTest, WaveTileOpselIsTheInstructionsOpsel) {
  for (int64_t r0 = 0; r0 < 256; r0 += 32) {
    for (int64_t g0 = 0; g0 < 64; g0 += kPairBlocks) {
      for (int tile = 0; tile < 2; ++tile) {
        for (int step = 0; step < 2; ++step) {
          EXPECT_EQ(WaveTileOpsel(tile, step),
                    Shuffled16ScaleOpsel(r0 + kMfmaTile * tile, g0 + kMfmaBlocks * step));
          // And the pair's word (loaded once at (r0, g0)) is that instruction's word.
          for (int lane = 0; lane < kWaveSize; ++lane) {
            EXPECT_EQ(Shuffled16ScaleWordOffset(r0, g0, 64, lane),
                      Shuffled16ScaleWordOffset(r0 + kMfmaTile * tile, g0 + kMfmaBlocks * step, 64,
                                                lane));
          }
        }
      }
    }
  }
}

TEST(Gfx950LaneMapTest, Shuffled16ScaleByteOffsetIsCoresOffset) {
  for (int64_t groups : {1, 7, 8, 9, 33}) {
    const int64_t sn = ScaleStorageGroups(ScaleLayout::kShuffled16, groups);
    for (int64_t r = 0; r < 600; ++r) {
      for (int64_t g = 0; g < sn; ++g) {
        ASSERT_EQ(Shuffled16ScaleByteOffset(r, g, groups), Shuffled16ScaleOffset(r, g, sn))
            << "r=" << r << " g=" << g << " groups=" << groups;
      }
    }
  }
}

// The emulator's own model of "one dword per lane" scale loads agrees on the
// word every lane loads and on OPSEL.
TEST(Gfx950LaneMapTest, ScaleWordsMatchTheEmulatorsLoadMfmaScaleWords) {
  std::mt19937_64 rng(kSeed);
  const int64_t rows = 300, groups = 20;
  std::vector<uint8_t> buffer(ScaleStorageBytes(ScaleLayout::kShuffled16, rows, groups));
  for (uint8_t& b : buffer) b = static_cast<uint8_t>(rng());
  for (int64_t r0 = 0; r0 + kMfmaTile <= rows; r0 += kMfmaTile) {
    for (int64_t g0 = 0; g0 + kMfmaBlocks <= groups; g0 += kMfmaBlocks) {
      MfmaWaveScales words;
      int opsel = -1;
      ASSERT_TRUE(LoadMfmaScaleWords(MfmaShape::k16x16x128, ScaleLayout::kShuffled16, buffer, rows,
                                     groups, r0, g0, &words, &opsel)
                      .ok());
      EXPECT_EQ(opsel, Shuffled16ScaleOpsel(r0, g0));
      for (int lane = 0; lane < kWaveSize; ++lane) {
        uint32_t word = 0;
        std::memcpy(&word, buffer.data() + Shuffled16ScaleWordOffset(r0, g0, groups, lane), 4);
        ASSERT_EQ(static_cast<uint32_t>(words.lanes[lane]), word)
            << "r0=" << r0 << " g0=" << g0 << " lane=" << lane;
      }
    }
  }
}

TEST(Gfx950LaneMapTest, CvtInstructionsCoverTheBlockOnce) {
  std::vector<int> seen(kBlockK, 0);
  std::vector<int> byte_seen(kLaneBytes, 0);
  for (int j = 0; j < kCvtPerBlock; ++j) {
    ++seen[CvtFirstElement(j)];
    ++seen[CvtFirstElement(j) + 1];
    ++byte_seen[4 * CvtDword(j) + CvtByte(j)];
    // Element 2j lands in byte j's low nibble (fp4x2 packing).
    EXPECT_EQ(4 * CvtDword(j) + CvtByte(j), CvtFirstElement(j) / 2);
  }
  for (int e = 0; e < kBlockK; ++e) EXPECT_EQ(seen[e], 1) << "element " << e;
  for (int b = 0; b < kLaneBytes; ++b) EXPECT_EQ(byte_seen[b], 1) << "byte " << b;
}

// Every magnitude a bf16 can have (the kernel only sees widened bf16), plus
// random fp32 bit patterns, against the emulator's EVEN rule.
TEST(Gfx950LaneMapTest, EvenScaleMatchesBlockScaleForEveryBf16Magnitude) {
  for (uint32_t b = 0; b <= 0x7FFF; ++b) {
    const uint32_t bits = Bf16AbsBits(b);
    ASSERT_EQ(EvenScaleFromAbsMaxBits(bits), BlockScale(bits, ScaleRule::kEven))
        << "bf16 magnitude 0x" << std::hex << b;
  }
  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < 200000; ++i) {
    const uint32_t bits = static_cast<uint32_t>(rng()) & 0x7FFFFFFFu;
    ASSERT_EQ(EvenScaleFromAbsMaxBits(bits), BlockScale(bits, ScaleRule::kEven))
        << "fp32 bits 0x" << std::hex << bits;
  }
  for (uint32_t bits : {0u, 1u, 0x007FFFFFu, 0x00800000u, 0x40BFFFFFu, 0x40C00000u, 0x7F5FFFFFu,
                        0x7F600000u, 0x7F7FFFFFu, 0x7F800000u, 0x7FC00000u, 0x7FFFFFFFu}) {
    EXPECT_EQ(EvenScaleFromAbsMaxBits(bits), BlockScale(bits, ScaleRule::kEven))
        << "fp32 bits 0x" << std::hex << bits;
  }
}

uint32_t CvtPk8Emulated(const float (&x)[8], float scale) {
  uint32_t d = 0;
  for (int b = 0; b < 4; ++b) d = CvtScalef32PkFp4F32(d, x[2 * b], x[2 * b + 1], scale, b);
  return d;
}

// QuantizeBlockEven() with the cvt emulation == QuantizeBf16 (EVEN rule) on
// random blocks at many magnitudes and on blocks full of edge values.
TEST(Gfx950LaneMapTest, QuantizeBlockEvenMatchesQuantizeBf16) {
  std::mt19937_64 rng(kSeed);
  const uint16_t edges[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80, 0xBF80,
                            0x40C0, 0x4100, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1,
                            0x3E80, 0x3F40, 0x3FA0, 0x3FE0, 0x4020, 0x4060, 0x40A0, 0x40B0};
  constexpr int kBlocks = 4000;
  std::vector<uint16_t> x(kBlocks * kBlockK);
  for (int blk = 0; blk < kBlocks; ++blk) {
    const int kind = blk % 4;
    const int exp = static_cast<int>(rng() % 254) + 1;  // block magnitude 2^(exp-127)
    for (int e = 0; e < kBlockK; ++e) {
      uint16_t v;
      if (kind == 0) {
        v = static_cast<uint16_t>(rng());  // any bf16, NaN and Inf included
      } else if (kind == 1) {
        v = edges[rng() % (sizeof(edges) / sizeof(edges[0]))];
      } else {
        // Same exponent +- 3, random mantissa and sign: exercises rounding.
        const int e2 = std::min(254, std::max(0, exp + static_cast<int>(rng() % 7) - 3));
        v = static_cast<uint16_t>(((rng() & 1) << 15) | (e2 << 7) | (rng() & 0x7F));
      }
      x[blk * kBlockK + e] = v;
    }
  }
  QuantizeOptions options;
  options.rule = ScaleRule::kEven;
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(x, kBlocks, kBlockK, options);
  ASSERT_TRUE(q.ok()) << q.status();
  for (int blk = 0; blk < kBlocks; ++blk) {
    uint32_t words[16];
    for (int i = 0; i < 16; ++i) {
      words[i] =
          x[blk * kBlockK + 2 * i] | (static_cast<uint32_t>(x[blk * kBlockK + 2 * i + 1]) << 16);
    }
    uint32_t packed[4];
    const uint8_t s = QuantizeBlockEven(words, CvtPk8Emulated, packed);
    ASSERT_EQ(s, q->scales[blk]) << "block " << blk << " seed " << kSeed;
    for (int b = 0; b < kLaneBytes; ++b) {
      ASSERT_EQ(static_cast<uint8_t>(packed[b / 4] >> (8 * (b % 4))), q->data[blk * kLaneBytes + b])
          << "block " << blk << " byte " << b << " seed " << kSeed;
    }
  }
}

TEST(Gfx950LaneMapTest, Fp32BitsToBf16IsFloatToBf16) {
  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < 1000000; ++i) {
    const uint32_t u = static_cast<uint32_t>(rng());
    ASSERT_EQ(Fp32BitsToBf16(u), FloatToBf16(BitsToFloat(u))) << std::hex << u;
  }
  for (uint32_t u :
       {0u, 0x80000000u, 0x00008000u, 0x00018000u, 0x3F808000u, 0x3F818000u, 0x7F7F8000u,
        0x7F7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7F800001u, 0xFFC00000u}) {
    EXPECT_EQ(Fp32BitsToBf16(u), FloatToBf16(BitsToFloat(u))) << std::hex << u;
  }
}

// Split boundaries (in blocks, clamped to K) are KSplit::Even(groups, S, 8):
// multiples of 8 blocks (256 K), so each split starts a scale word, and of 4
// as the kMfma16 contract requires.
TEST(Gfx950LaneMapTest, SplitPairsAreKSplitEven) {
  for (int64_t k = 64; k <= 8192; k += 64) {
    const int64_t groups = k / kBlockK, pairs = KPairs(k);
    EXPECT_EQ(MfmaSteps(k), (groups + 3) / 4);
    for (int splits = 1; splits <= 9; ++splits) {
      absl::StatusOr<KSplit> even = KSplit::Even(groups, splits, kPairBlocks);
      ASSERT_TRUE(even.ok()) << even.status();
      ASSERT_EQ(even->num_splits(), splits);
      for (int s = 0; s < splits; ++s) {
        const int64_t begin = std::min(groups, kPairBlocks * SplitPairBegin(pairs, splits, s));
        const int64_t end = std::min(groups, kPairBlocks * SplitPairEnd(pairs, splits, s));
        EXPECT_EQ(begin, even->begin(s)) << "k=" << k << " splits=" << splits << " s=" << s;
        EXPECT_EQ(end, even->end(s, groups)) << "k=" << k << " splits=" << splits << " s=" << s;
      }
      EXPECT_TRUE(even->Validate(groups, ContractBlocksPerStep(Contract::kMfma16)).ok());
    }
  }
}

TEST(Gfx950LaneMapTest, CombineSplitsIsLeftToRightFp32) {
  const float p[] = {1.0f, 1e-8f, -1.0f, 3e-8f};
  // ((1 + 1e-8) - 1) + 3e-8 = 0 + 3e-8 in fp32 (1e-8 is lost first).
  const float got = CombineSplits(4, [&](int s) { return p[s]; });
  EXPECT_EQ(FloatBits(got), FloatBits(CombineSplitPartials(p)));
  EXPECT_EQ(got, 3e-8f);
}

TEST(Gfx950LaneMapTest, CombineSplitsWritesTheCanonicalNan) {
  const float inf = std::numeric_limits<float>::infinity();
  const float p[] = {-inf, inf};
  EXPECT_EQ(FloatBits(CombineSplits(2, [&](int s) { return p[s]; })), kCanonicalNanBits);
  const float q[] = {1.0f, BitsToFloat(0xFFC12345u)};
  EXPECT_EQ(FloatBits(CombineSplits(2, [&](int s) { return q[s]; })), kCanonicalNanBits);
  EXPECT_EQ(FloatBits(CombineSplits(1, [&](int) { return -inf; })), FloatBits(-inf));
}

}  // namespace
}  // namespace mxfp4::gfx950
