// Integer accumulation (internal/int8_accumulation.h) on the host: the int8
// encoding of every code at every shift in every element, and the claim the
// design rests on - wherever IntegerAccumulationIsExact() holds, the s32 sum
// of the int8 products scaled by u is bit for bit the emulator's block_fma
// result, for the whole K-range and for K-splits - on seeded random rows with
// spreads, magnitudes and exponents up to the bounds; and past the bound
// the contract does round, so the bound is needed.

#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/accumulation.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

int8_t ElementInt8(const Bytes8& r, int j) {
  const uint32_t word = j < 4 ? r.lo : r.hi;
  return static_cast<int8_t>(static_cast<uint8_t>(word >> (8 * (j % 4))));
}

TEST(Int8Accumulation, PermuteBytesIsPrmt) {
  const uint32_t a = 0x83828180u, b = 0x07060504u;
  EXPECT_EQ(PermuteBytes(a, b, 0x3210u), a);
  EXPECT_EQ(PermuteBytes(a, b, 0x7654u), b);
  EXPECT_EQ(PermuteBytes(a, b, 0x0472u), 0x80040782u);
  // Sign mode: a's bytes have the sign bit set, b's do not.
  EXPECT_EQ(PermuteBytes(a, b, 0xC8C8u), 0x00FF00FFu);
  EXPECT_EQ(PermuteBytes(a, b, 0x08u),
            0x808080FFu);  // selector 0 in the upper nibbles: byte 0 of a
}

::testing::AssertionResult EncodesWord(uint32_t w, uint32_t shift) {
  const Bytes8 r = Fp4x8ToShiftedInt8(w, ShiftedInt8Tables(shift));
  for (int j = 0; j < 8; ++j) {
    const uint8_t code = static_cast<uint8_t>((w >> (4 * j)) & 0xF);
    const int want = E2m1ToTwice(code) * (1 << shift);
    if (ElementInt8(r, j) != want) {
      return ::testing::AssertionFailure()
             << "word 0x" << std::hex << w << std::dec << " shift " << shift << " element " << j
             << " (code " << static_cast<int>(code) << "): got "
             << static_cast<int>(ElementInt8(r, j)) << ", want " << want;
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(Int8Accumulation, EveryCodeEveryShiftEveryElement) {
  for (uint32_t shift = 0; shift <= kInt8MaxShift; ++shift) {
    for (int j = 0; j < 8; ++j) {
      for (uint32_t code = 0; code < 16; ++code) {
        for (uint32_t background :
             {0x00000000u, 0xFFFFFFFFu, 0x88888888u, 0x77777777u, 0x12345678u}) {
          const uint32_t w = (background & ~(0xFu << (4 * j))) | (code << (4 * j));
          ASSERT_TRUE(EncodesWord(w, shift));
        }
      }
    }
  }
}

TEST(Int8Accumulation, RandomWords) {
  const uint32_t seed = 0x1A8u;
  std::mt19937 rng(seed);
  for (int i = 0; i < 200000; ++i) {
    const uint32_t w = rng();
    ASSERT_TRUE(EncodesWord(w, rng() % (kInt8MaxShift + 1))) << "seed " << seed << ", word " << i;
  }
}

TEST(Int8Accumulation, UnitBitsArePowersOfTwo) {
  for (int ref_sum = 130; ref_sum <= 359; ++ref_sum) {
    const uint32_t bits = IntegerSumUnitBits(ref_sum);
    float u;
    std::memcpy(&u, &bits, sizeof u);
    ASSERT_EQ(u, std::ldexp(1.0f, ref_sum - 256)) << ref_sum;
  }
}

// One output's operands: a row of A and a row of B over `groups` blocks
// (E2M1 codes, 32 a block, and scale bytes).
struct RowPair {
  std::vector<uint8_t> a, b;    // codes
  std::vector<uint8_t> sa, sb;  // scale bytes
};

// The contract over `split` (whole K when not split): the emulator's block_fma.
float BlockFma(const RowPair& r, int64_t groups, const KSplit& split) {
  std::vector<int32_t> dot4(groups);
  for (int64_t g = 0; g < groups; ++g) {
    int32_t d = 0;
    for (int k = 0; k < 32; ++k) d += E2m1ToTwice(r.a[g * 32 + k]) * E2m1ToTwice(r.b[g * 32 + k]);
    dot4[g] = d;
  }
  std::vector<float> partials;
  for (int s = 0; s < split.num_splits(); ++s) {
    const int64_t begin = split.begin(s), end = split.end(s, groups);
    partials.push_back(BlockFmaAccumulate(dot4.data() + begin, r.sa.data() + begin,
                                          r.sb.data() + begin, end - begin));
  }
  return CombineSplitPartials(partials);
}

// Packs 8 codes into a word (nibble j = element j).
uint32_t PackCodes(const uint8_t* codes) {
  uint32_t w = 0;
  for (int j = 0; j < 8; ++j) w |= static_cast<uint32_t>(codes[j] & 0xF) << (4 * j);
  return w;
}

// The integer path as a GPU tile would run it: each block's codes through
// Fp4x8ToShiftedInt8 at the row's shift, the int8 products summed in one
// 32-bit accumulator over every block, then x u.
float IntegerPath(const RowPair& r, int64_t groups, int ref_a, int ref_b) {
  int32_t sum = 0;
  for (int64_t g = 0; g < groups; ++g) {
    const Int8Tables ta = ShiftedInt8Tables(r.sa[g] - ref_a);
    const Int8Tables tb = ShiftedInt8Tables(r.sb[g] - ref_b);
    for (int w = 0; w < 4; ++w) {
      const Bytes8 xa = Fp4x8ToShiftedInt8(PackCodes(&r.a[g * 32 + 8 * w]), ta);
      const Bytes8 xb = Fp4x8ToShiftedInt8(PackCodes(&r.b[g * 32 + 8 * w]), tb);
      for (int j = 0; j < 8; ++j) sum += ElementInt8(xa, j) * ElementInt8(xb, j);
    }
  }
  const uint32_t bits = IntegerSumUnitBits(ref_a + ref_b);
  float u;
  std::memcpy(&u, &bits, sizeof u);
  return static_cast<float>(sum) * u;
}

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

// Scale bytes ref + [0, spread], the spread reached (first two blocks at the
// ends when there are two).
std::vector<uint8_t> ScalesWithSpread(std::mt19937& rng, int64_t groups, int ref, int spread) {
  std::vector<uint8_t> s(groups);
  for (int64_t g = 0; g < groups; ++g) s[g] = static_cast<uint8_t>(ref + rng() % (spread + 1));
  s[0] = static_cast<uint8_t>(ref);
  if (groups > 1) s[1] = static_cast<uint8_t>(ref + spread);
  return s;
}

// Codes: 0 uniform, 1 all of the largest magnitude with one sign per row (the
// largest |dot4| there is, 4608 x 2^shifts a block), 2 sparse, 3 signs
// alternating along K (cancelling sums, zeros), 4 as 1 but a quarter of the
// blocks start with code 1 (0.5): against kind 1, dot4 = 31 x 144 + 12 (and
// against itself + 1, odd), so that sums past 2^24 units would round.
std::vector<uint8_t> Codes(std::mt19937& rng, int64_t n, int kind) {
  std::vector<uint8_t> c(n);
  const uint8_t sign = static_cast<uint8_t>((rng() & 1u) << 3);
  for (int64_t i = 0; i < n; ++i) {
    switch (kind) {
      case 0:
        c[i] = static_cast<uint8_t>(rng() & 0xF);
        break;
      case 1:
        c[i] = static_cast<uint8_t>(7 | sign);
        break;
      case 2:
        c[i] = rng() % 8 == 0 ? static_cast<uint8_t>(rng() & 0xF) : 0;
        break;
      case 3:
        c[i] = static_cast<uint8_t>(7 | ((i & 1) << 3));
        break;
      default:
        c[i] = static_cast<uint8_t>(7 | sign);
        break;
    }
  }
  if (kind == 4) {
    for (int64_t g = 0; g < n / 32; ++g) {
      if (rng() % 4 == 0) c[g * 32] = static_cast<uint8_t>(1 | sign);
    }
  }
  return c;
}

TEST(Int8Accumulation, MatchesBlockFmaWhereverTheBoundHolds) {
  const uint32_t seed = 0x1A8C0u;
  std::mt19937 rng(seed);
  const int64_t kGroups[] = {1, 2, 5, 16, 48, 63, 64, 113, 224, 455, 911, 3640};
  int exact_trials = 0, exact_at_bound = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int64_t groups = kGroups[rng() % (sizeof kGroups / sizeof kGroups[0])];
    const int spread_a = static_cast<int>(rng() % (kInt8MaxShift + 1));
    const int spread_b = static_cast<int>(rng() % (kInt8MaxShift + 1));
    // refA + refB from 100 to 380: both sides of [130, 359].
    const int ref_a = 50 + static_cast<int>(rng() % 141);
    const int ref_b = 50 + static_cast<int>(rng() % 141);
    const int kind = static_cast<int>(rng() % 5);
    RowPair r;
    r.a = Codes(rng, groups * 32, kind);
    r.b = Codes(rng, groups * 32, kind == 3 ? 1 : kind);
    r.sa = ScalesWithSpread(rng, groups, ref_a, spread_a);
    r.sb = ScalesWithSpread(rng, groups, ref_b, spread_b);
    const int ref_sum = ref_a + ref_b;
    if (!IntegerAccumulationIsExact(groups, spread_a, spread_b, ref_sum, ref_sum)) continue;
    ++exact_trials;
    if ((groups * kMaxBlockDot4 << (spread_a + spread_b)) * 2 > kFp32ExactIntegers)
      ++exact_at_bound;
    const float got = IntegerPath(r, groups, ref_a, ref_b);
    KSplit splits[] = {KSplit::None(), *KSplit::Even(groups, 2), *KSplit::Even(groups, 3),
                       *KSplit::Chunked(groups, 7)};
    for (const KSplit& split : splits) {
      const float want = BlockFma(r, groups, split);
      ASSERT_EQ(Bits(got), Bits(want))
          << "seed " << seed << " trial " << trial << ": groups " << groups << " refs " << ref_a
          << "/" << ref_b << " spreads " << spread_a << "/" << spread_b << " codes kind " << kind
          << " split " << split.ToString(groups) << ": integer path " << got << ", block_fma "
          << want;
    }
  }
  // Not vacuous: many trials pass the check, some within a factor 2 of the bound.
  std::printf("%d of 3000 trials exact, %d of them within a factor 2 of the bound\n", exact_trials,
              exact_at_bound);
  EXPECT_GT(exact_trials, 1000);
  EXPECT_GT(exact_at_bound, 50);
}

// The row summaries (Int8RowScan, Int8TileIsExact) and the kernel's
// epilogue: rows with zero blocks (all codes +-0) whose scale bytes are
// anywhere from 0 to 254 (left out of ref and spread, allowed up to
// max(127, the largest non-zero byte)), all-zero rows, NaN scales; wherever
// the tile check passes, the integer sum at Int8BlockShift's shifts, scaled
// as the kernel does - (float(sum) x 2^(refB - 128)) x 2^(refA - 128) - is
// block_fma's bits for every split; and the check declines rows the rule
// marks (a NaN, a spread of 4, a zero block's byte too high).
float IntegerPathFromSummaries(const RowPair& r, int64_t groups, uint32_t info_a, uint32_t info_b) {
  const uint32_t ref_a = Int8RowRef(info_a), ref_b = Int8RowRef(info_b);
  int32_t sum = 0;
  for (int64_t g = 0; g < groups; ++g) {
    const Int8Tables ta = ShiftedInt8Tables(Int8BlockShift(r.sa[g], ref_a));
    const Int8Tables tb = ShiftedInt8Tables(Int8BlockShift(r.sb[g], ref_b));
    for (int w = 0; w < 4; ++w) {
      const Bytes8 xa = Fp4x8ToShiftedInt8(PackCodes(&r.a[g * 32 + 8 * w]), ta);
      const Bytes8 xb = Fp4x8ToShiftedInt8(PackCodes(&r.b[g * 32 + 8 * w]), tb);
      for (int j = 0; j < 8; ++j) sum += ElementInt8(xa, j) * ElementInt8(xb, j);
    }
  }
  float fa, fb;
  const uint32_t bits_a = Int8RefFactorBits(ref_a), bits_b = Int8RefFactorBits(ref_b);
  std::memcpy(&fa, &bits_a, sizeof fa);
  std::memcpy(&fb, &bits_b, sizeof fb);
  const volatile float step = static_cast<float>(sum) * fb;  // two roundings, as the kernel
  return step * fa;
}

// A row's summary as the host references build it: each block's zero flag
// and sum of (2 x value)^2, long-hand.
uint32_t ScanRow(const std::vector<uint8_t>& codes, const std::vector<uint8_t>& scales,
                 int64_t groups) {
  Int8RowScan scan;
  for (int64_t g = 0; g < groups; ++g) {
    bool zero = true;
    uint32_t sumsq = 0;
    for (int k = 0; k < 32; ++k) {
      const int twice = E2m1ToTwice(codes[g * 32 + k]);
      zero = zero && twice == 0;
      sumsq += static_cast<uint32_t>(twice * twice);
    }
    scan.Add(scales[g], zero, sumsq);
  }
  return scan.Info();
}

TEST(Int8Accumulation, RowSummariesWithZeroBlocksMatchBlockFma) {
  const uint32_t seed = 0x1A8D0u;
  std::mt19937 rng(seed);
  const int64_t kGroups[] = {1, 3, 16, 48, 64, 200};
  int exact_trials = 0, declined = 0, with_zero_blocks = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const int64_t groups = kGroups[rng() % (sizeof kGroups / sizeof kGroups[0])];
    RowPair r;
    const int kind = static_cast<int>(rng() % 4);
    r.a = Codes(rng, groups * 32, kind);
    r.b = Codes(rng, groups * 32, kind);
    r.sa = ScalesWithSpread(rng, groups, 60 + static_cast<int>(rng() % 130),
                            static_cast<int>(rng() % 5));
    r.sb = ScalesWithSpread(rng, groups, 60 + static_cast<int>(rng() % 130),
                            static_cast<int>(rng() % 5));
    // Zero blocks with bytes anywhere; sometimes a whole zero row; rarely a NaN.
    for (std::vector<uint8_t>* codes : {&r.a, &r.b}) {
      std::vector<uint8_t>& sc = codes == &r.a ? r.sa : r.sb;
      const bool zero_row = rng() % 16 == 0;
      for (int64_t g = 0; g < groups; ++g) {
        if (zero_row || rng() % 4 == 0) {
          for (int k = 0; k < 32; ++k) (*codes)[g * 32 + k] = static_cast<uint8_t>((rng() & 1u) << 3);
          const uint32_t pick = rng() % 4;
          sc[g] = pick == 0 ? 0 : pick == 1 ? static_cast<uint8_t>(rng() % 255) : sc[g];
        }
        if (rng() % 500 == 0) sc[g] = 0xFF;
      }
    }
    const uint32_t info_a = ScanRow(r.a, r.sa, groups);
    const uint32_t info_b = ScanRow(r.b, r.sb, groups);
    Int8TileRows ta, tb;
    ta.Add(info_a);
    tb.Add(info_b);
    if (!Int8TileIsExact(groups, ta, tb)) {
      ++declined;
      continue;
    }
    ++exact_trials;
    for (int64_t g = 0; g < groups; ++g) {
      bool zero = true;
      for (int k = 0; k < 32; ++k) zero = zero && (r.a[g * 32 + k] & 7) == 0;
      if (zero) ++with_zero_blocks;
    }
    const float got = IntegerPathFromSummaries(r, groups, info_a, info_b);
    KSplit splits[] = {KSplit::None(), *KSplit::Even(groups, 2), *KSplit::Chunked(groups, 7)};
    for (const KSplit& split : splits) {
      const float want = BlockFma(r, groups, split);
      ASSERT_EQ(Bits(got), Bits(want))
          << "seed " << seed << " trial " << trial << ": groups " << groups << " infos 0x"
          << std::hex << info_a << "/0x" << info_b << std::dec << " split "
          << split.ToString(groups) << ": integer path " << got << ", block_fma " << want;
    }
  }
  std::printf("%d of 4000 trials exact (%d zero blocks among them), %d declined\n", exact_trials,
              with_zero_blocks, declined);
  EXPECT_GT(exact_trials, 1000);
  EXPECT_GT(with_zero_blocks, 1000);
  EXPECT_GT(declined, 300);
}

TEST(Int8Accumulation, RowScanMarks) {
  // Blocks as (scale byte, sum of squares at shift 0); a sum of 0 is a zero block.
  auto info = [](std::initializer_list<std::pair<int, uint32_t>> blocks) {
    Int8RowScan scan;
    for (const auto& [byte, sumsq] : blocks)
      scan.Add(static_cast<uint32_t>(byte), sumsq == 0, sumsq);
    return scan.Info();
  };
  EXPECT_EQ(info({{120, 1}, {123, 1}, {0, 0}}), Int8RowInfo(120, 3, 9));  // 1 + 64 -> 9
  EXPECT_EQ(info({{120, 1}, {124, 1}}), kInt8RowInfoInvalid);             // spread 4
  EXPECT_EQ(info({{120, 1}, {0xFF, 0}}), kInt8RowInfoInvalid);            // NaN, even on zeros
  EXPECT_EQ(info({{120, 1}, {127, 0}}), Int8RowInfo(120, 0, 1));          // zero block <= 127
  EXPECT_EQ(info({{120, 1}, {128, 0}}), kInt8RowInfoInvalid);             // zero block too high
  EXPECT_EQ(info({{200, 1}, {202, 0}}), kInt8RowInfoInvalid);
  EXPECT_EQ(info({{200, 1}, {200, 0}}), Int8RowInfo(200, 0, 1));
  EXPECT_EQ(info({{0, 0}, {127, 0}}), Int8RowInfo(0, kInt8RowZero));  // norm 0
  EXPECT_EQ(info({{0, 0}, {128, 0}}), kInt8RowInfoInvalid);
  EXPECT_EQ(kInt8RowInfoInvalid, 0xFFFFFF00u);
  EXPECT_EQ(Int8RowMark(kInt8RowInfoInvalid), kInt8RowInvalid);
  // The norm: ceil(sqrt) of the sum at the row's ref, in any order (a drop of
  // the minimum rescales the sum so far), exact squares not rounded up.
  EXPECT_EQ(info({{121, 4}, {120, 9}}), Int8RowInfo(120, 1, 5));  // 9 + 4 x 4 = 25
  EXPECT_EQ(info({{120, 9}, {121, 4}}), Int8RowInfo(120, 1, 5));
  EXPECT_EQ(info({{123, 4608}, {120, 4608}}), Int8RowInfo(120, 3, 548));  // 299520
  EXPECT_EQ(info({{120, 4608}, {123, 4608}, {0, 0}}), Int8RowInfo(120, 3, 548));
  // Merged partial scans (the quantizer's CTAs, PrepareWeight's lanes).
  Int8RowScan p, q;
  p.Add(123, false, 100);
  q.Add(121, false, 7);
  q.Add(5, true, 0);
  p.Merge(q);
  EXPECT_EQ(p.Info(), Int8RowInfo(121, 2, 41));  // 100 x 16 + 7 = 1607: 40^2 < 1607 <= 41^2
  Int8RowScan empty;
  q.Merge(empty);
  EXPECT_EQ(q.Info(), Int8RowInfo(121, 0, 3));
  // Saturation: 15,000 blocks of 4608 x 4^3 pass 2^32.
  Int8RowScan big;
  big.Add(120, false, 1);
  for (int g = 0; g < 15000; ++g) big.Add(123, false, 4608);
  EXPECT_EQ(big.Info(), Int8RowInfo(120, 3, kInt8MaxNorm));
  // The factors: 2^(ref - 128), subnormal below ref 2.
  EXPECT_EQ(Int8RefFactorBits(128), 0x3F800000u);
  EXPECT_EQ(Int8RefFactorBits(2), 0x00800000u);
  EXPECT_EQ(Int8RefFactorBits(1), 0x00400000u);
  EXPECT_EQ(Int8RefFactorBits(0), 0x00200000u);
  EXPECT_EQ(Int8RefFactorBits(254), 0x7E800000u);
}

// Past the bound the contract rounds: 3641 blocks of dot4 = 4608 run the sum
// past 2^24 units (2^24 + 512, still exact), after which each of two blocks of
// dot4 = 1 (an odd unit) is a tie that block_fma rounds away, while the exact
// integer sum keeps both (2^24 + 514 is an fp32).
TEST(Int8Accumulation, PastTheBoundTheContractRounds) {
  const int64_t big = 3641;
  const int64_t groups = big + 2;
  EXPECT_TRUE(IntegerAccumulationIsExact(big - 1, 0, 0, 254, 254));
  EXPECT_FALSE(IntegerAccumulationIsExact(groups, 0, 0, 254, 254));
  RowPair r;
  r.a.assign(groups * 32, 7);  // 6.0: 2 x value = 12
  r.b.assign(groups * 32, 7);
  for (int64_t g = big; g < groups; ++g) {
    for (int k = 0; k < 32; ++k) {
      r.a[g * 32 + k] = k == 0 ? 1 : 0;  // 0.5: 2 x value = 1, dot4 = 1
      r.b[g * 32 + k] = k == 0 ? 1 : 0;
    }
  }
  r.sa.assign(groups, 127);
  r.sb.assign(groups, 127);
  const float contract = BlockFma(r, groups, KSplit::None());
  const float integer = IntegerPath(r, groups, 127, 127);
  EXPECT_NE(Bits(contract), Bits(integer)) << contract << " vs " << integer;
  EXPECT_EQ(static_cast<double>(contract), (static_cast<double>(big) * 4608) / 4);
  EXPECT_EQ(static_cast<double>(integer), (static_cast<double>(big) * 4608 + 2) / 4);
}

TEST(Int8Accumulation, ConditionEdges) {
  EXPECT_TRUE(IntegerAccumulationIsExact(48, 3, 3, 130, 359));
  EXPECT_FALSE(IntegerAccumulationIsExact(48, 4, 0, 254, 254));  // not int8
  EXPECT_FALSE(IntegerAccumulationIsExact(48, 0, 4, 254, 254));
  EXPECT_FALSE(IntegerAccumulationIsExact(48, 3, 3, 129, 254));  // u subnormal
  EXPECT_FALSE(IntegerAccumulationIsExact(48, 3, 3, 254, 360));  // 2^24 u overflows
  EXPECT_TRUE(IntegerAccumulationIsExact(56, 3, 3, 254, 254));   // 56 x 4608 x 64 <= 2^24
  EXPECT_FALSE(IntegerAccumulationIsExact(57, 3, 3, 254, 254));
  EXPECT_TRUE(IntegerAccumulationIsExact(224, 2, 2, 254, 254));  // K = 7168: 224 x 2^4 <= 3640
  EXPECT_FALSE(IntegerAccumulationIsExact(224, 3, 2, 254, 254));
  EXPECT_FALSE(IntegerAccumulationIsExact(-1, 0, 0, 254, 254));
}

TEST(Int8Accumulation, NormBoundIsTheCeilingSquareRoot) {
  EXPECT_EQ(Int8NormBound(0), 0u);
  EXPECT_EQ(Int8NormBound(1), 1u);
  EXPECT_EQ(Int8NormBound(2), 2u);
  for (uint64_t r = 2; r < kInt8MaxNorm; ++r) {
    const uint32_t sq = static_cast<uint32_t>(r * r);
    ASSERT_EQ(Int8NormBound(sq - 1), r) << r;
    ASSERT_EQ(Int8NormBound(sq), r) << r;
    ASSERT_EQ(Int8NormBound(sq + 1), r + 1) << r;
  }
  EXPECT_EQ(Int8NormBound(0xFFFE0001u), kInt8MaxNorm);  // 65535^2
  EXPECT_EQ(Int8NormBound(0xFFFE0002u), kInt8MaxNorm);  // saturated
  EXPECT_EQ(Int8NormBound(0xFFFFFFFFu), kInt8MaxNorm);
}

TEST(Int8Accumulation, SumSquaresOfEightCodes) {
  std::mt19937 rng(0x1A8F0u);
  for (int i = 0; i < 100000; ++i) {
    const uint32_t w = i < 16 ? 0x11111111u * static_cast<uint32_t>(i) : rng();
    uint32_t want = 0;
    for (int j = 0; j < 8; ++j) {
      const int t = E2m1ToTwice(static_cast<uint8_t>((w >> (4 * j)) & 0xF));
      want += static_cast<uint32_t>(t * t);
    }
    ASSERT_EQ(Fp4x8SumSquares(w), want) << std::hex << w;
  }
  EXPECT_EQ(Fp4x8SumSquares(0x77777777u) * 4, static_cast<uint32_t>(kMaxBlockDot4));
}

// Int8TileIsExact: the sums are bounded by the worst case or by the norms;
// the other conditions hold either way.
TEST(Int8Accumulation, TileCheckTakesEitherBound) {
  auto rows = [](uint32_t ref, uint32_t spread, uint32_t norm) {
    Int8TileRows t;
    t.Add(Int8RowInfo(ref, spread, norm));
    return t;
  };
  // G = 128, spreads 3 + 2: 128 x 4608 x 32 > 2^24, but 400 x 400 is small.
  EXPECT_FALSE(IntegerAccumulationIsExact(128, 3, 2, 254, 254));
  EXPECT_TRUE(Int8TileIsExact(128, rows(127, 3, 400), rows(127, 2, 400)));
  EXPECT_TRUE(Int8TileIsExact(128, rows(127, 3, 4096), rows(127, 2, 4096)));  // 2^24
  EXPECT_FALSE(Int8TileIsExact(128, rows(127, 3, 4096), rows(127, 2, 4097)));
  EXPECT_FALSE(Int8TileIsExact(128, rows(127, 3, 5000), rows(127, 2, 4000)));
  EXPECT_FALSE(Int8TileIsExact(128, rows(127, 3, kInt8MaxNorm), rows(127, 2, kInt8MaxNorm)));
  // The worst case alone still passes whatever the norms (G = 48).
  EXPECT_TRUE(Int8TileIsExact(48, rows(127, 3, kInt8MaxNorm), rows(127, 3, kInt8MaxNorm)));
  // The other conditions stay: refs, weight refs, invalid rows.
  EXPECT_FALSE(Int8TileIsExact(128, rows(64, 3, 400), rows(65, 2, 400)));    // refA + refB 129
  EXPECT_FALSE(Int8TileIsExact(128, rows(200, 3, 400), rows(160, 2, 400)));  // 360
  EXPECT_FALSE(Int8TileIsExact(128, rows(254, 3, 400), rows(1, 2, 400)));    // weight ref 1
  Int8TileRows with_invalid = rows(127, 3, 400);
  with_invalid.Add(kInt8RowInfoInvalid);
  EXPECT_FALSE(Int8TileIsExact(128, with_invalid, rows(127, 2, 400)));
  // The tile's largest norm counts (zero rows are skipped).
  Int8TileRows two = rows(127, 2, 100);  // 128 x 4608 x 2^(2 + 3) > 2^24
  two.Add(Int8RowInfo(127, 2, 9000));
  two.Add(Int8RowInfo(0, kInt8RowZero));
  EXPECT_EQ(two.max_norm_sq, 9000u * 9000u);
  EXPECT_FALSE(Int8TileIsExact(128, two, rows(127, 3, 2000)));
  EXPECT_TRUE(Int8TileIsExact(128, two, rows(127, 3, 1864)));  // 9000 x 1864 <= 2^24
  // Activation rows with their exact sums of squares (AddSumSq, the GPU's
  // form): sqrt(S) x normB <= 2^24 <=> S x normB^2 <= 2^48, no ceiling.
  auto act = [](uint32_t sumsq) {
    Int8TileRows t;
    t.Add(Int8RowInfo(127, 3));
    t.AddSumSq(sumsq);
    return t;
  };
  EXPECT_TRUE(Int8TileIsExact(128, act(4096u * 4096u), rows(127, 2, 4096)));  // 2^24 x 2^24
  EXPECT_FALSE(Int8TileIsExact(128, act(4096u * 4096u + 1), rows(127, 2, 4096)));
  // With the largest norm bound a sum of squares up to 2^48 / 0xFFFF^2 passes.
  EXPECT_TRUE(Int8TileIsExact(128, act(65538), rows(127, 2, kInt8MaxNorm)));
  EXPECT_FALSE(Int8TileIsExact(128, act(65539), rows(127, 2, kInt8MaxNorm)));
}

// The norm bound on long K (G = 128, 256, 455) with spreads that the worst
// case rejects: rows of random codes, sparse rows, and pairs whose weight row
// is the activation row (Cauchy-Schwarz is then tight: the dot product is
// normA x normB, up to the ceilings), with zero blocks; wherever
// Int8TileIsExact holds, the kernel's integer path equals block_fma for
// several K-splits, and every prefix sum is within normA x normB; where both
// bounds fail the tile is declined.
TEST(Int8Accumulation, NormBoundMatchesBlockFmaPastTheWorstCase) {
  const uint32_t seed = 0x1A900u;
  std::mt19937 rng(seed);
  const int64_t kGroups[] = {128, 256, 455};
  int exact_trials = 0, norm_only = 0, near_bound = 0, declined = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int64_t groups = kGroups[rng() % 3];
    // spreadA + spreadB >= 4: past the worst case at G = 256 and 455 (and at
    // 128 from 5).
    const int spread_a = 1 + static_cast<int>(rng() % 3);
    const int spread_b = std::max(0, 4 - spread_a) + static_cast<int>(rng() % (spread_a + 1));
    const int ref_a = 90 + static_cast<int>(rng() % 80);
    const int ref_b = 90 + static_cast<int>(rng() % 80);
    const int kind = static_cast<int>(rng() % 4);
    RowPair r;
    r.a = Codes(rng, groups * 32, kind == 3 ? 4 : (kind == 2 ? 2 : 0));
    r.sa = ScalesWithSpread(rng, groups, ref_a, spread_a);
    if (kind == 3) {  // the weight row is the activation row (its shifts too)
      r.b = r.a;
      r.sb.resize(groups);
      for (int64_t g = 0; g < groups; ++g) r.sb[g] = static_cast<uint8_t>(r.sa[g] - ref_a + ref_b);
    } else {
      r.b = Codes(rng, groups * 32, kind == 1 ? 2 : 0);
      r.sb = ScalesWithSpread(rng, groups, ref_b, std::min(spread_b, kInt8MaxShift));
    }
    // A few zero blocks with scale bytes up to 127.
    for (int64_t g = 2; g < groups; ++g) {
      if (rng() % 32 != 0) continue;
      for (int k = 0; k < 32; ++k) r.a[g * 32 + k] = static_cast<uint8_t>((rng() & 1u) << 3);
      r.sa[g] = static_cast<uint8_t>(rng() % 128);
    }
    const uint32_t info_a = ScanRow(r.a, r.sa, groups);
    const uint32_t info_b = ScanRow(r.b, r.sb, groups);
    ASSERT_TRUE(Int8RowEncodes(info_a) && Int8RowEncodes(info_b)) << "trial " << trial;
    Int8TileRows ta, tb;
    ta.Add(info_a);
    tb.Add(info_b);
    const uint64_t norms = uint64_t{Int8RowNorm(info_a)} * Int8RowNorm(info_b);
    const bool worst_case =
        IntegerAccumulationIsExact(groups, static_cast<int>(ta.max_spread),
                                   static_cast<int>(tb.max_spread), ref_a + ref_b, ref_a + ref_b);
    if (!Int8TileIsExact(groups, ta, tb)) {
      EXPECT_FALSE(worst_case);
      EXPECT_GT(norms, uint64_t{1} << 24);
      ++declined;
      continue;
    }
    ++exact_trials;
    if (!worst_case) {
      ASSERT_LE(norms, uint64_t{1} << 24);
      ++norm_only;
    }
    if (norms * 2 > uint64_t{1} << 24) ++near_bound;
    // Cauchy-Schwarz on the prefix sums (in units, at the rows' shifts).
    int64_t prefix = 0;
    for (int64_t g = 0; g < groups; ++g) {
      const int sh_a = static_cast<int>(Int8BlockShift(r.sa[g], Int8RowRef(info_a)));
      const int sh_b = static_cast<int>(Int8BlockShift(r.sb[g], Int8RowRef(info_b)));
      for (int k = 0; k < 32; ++k) {
        prefix += int64_t{E2m1ToTwice(r.a[g * 32 + k])} * E2m1ToTwice(r.b[g * 32 + k])
                  << (sh_a + sh_b);
      }
      ASSERT_LE(static_cast<uint64_t>(prefix < 0 ? -prefix : prefix), norms) << "trial " << trial;
    }
    const float got = IntegerPathFromSummaries(r, groups, info_a, info_b);
    KSplit splits[] = {KSplit::None(), *KSplit::Even(groups, 2), *KSplit::Even(groups, 3),
                       *KSplit::Chunked(groups, 7), *KSplit::Chunked(groups, 64)};
    for (const KSplit& split : splits) {
      const float want = BlockFma(r, groups, split);
      ASSERT_EQ(Bits(got), Bits(want))
          << "seed " << seed << " trial " << trial << ": groups " << groups << " infos 0x"
          << std::hex << info_a << "/0x" << info_b << std::dec << " kind " << kind << " split "
          << split.ToString(groups) << ": integer path " << got << ", block_fma " << want;
    }
  }
  std::printf(
      "%d of 1500 trials exact, %d only by the norm bound, %d within a factor 2 of 2^24; %d "
      "declined\n",
      exact_trials, norm_only, near_bound, declined);
  EXPECT_GT(norm_only, 500);
  EXPECT_GT(near_bound, 30);
  EXPECT_GT(declined, 30);
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
