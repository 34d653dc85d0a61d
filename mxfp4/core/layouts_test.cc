// File: mxfp4/core/layouts_test.cc
//
// Tests of the scale and data layouts (spec: shared/spec/mxfp4-semantics.md
// §3): every layout pair round-trips at padded and unpadded sizes, offsets
// form a bijection onto the non-padding bytes, padding is written as 0 and
// ignored on read, the MFMA word structure the shuffles exist for holds, the
// reference vectors in testdata/ match bit for bit, and bad shapes or spans
// fail with messages that say what is wrong.

#include "mxfp4/core/layouts.h"

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/io/npy.h"

namespace mxfp4 {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

constexpr ScaleLayout kScaleLayouts[] = {ScaleLayout::kNatural, ScaleLayout::kShuffled16,
                                         ScaleLayout::kShuffled32};
constexpr DataLayout kDataLayouts[] = {DataLayout::kNatural, DataLayout::kPreshuffled16x16};
constexpr int64_t kRows[] = {1, 15, 16, 17, 255, 256, 257, 300};
constexpr int64_t kGroups[] = {1, 7, 8, 9, 16};

std::vector<uint8_t> RandomBytes(int64_t n, std::mt19937* rng) {
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>((*rng)());
  return v;
}

std::string Message(const absl::Status& s) { return std::string(s.message()); }

TEST(LayoutNames, AreStable) {
  EXPECT_STREQ(ScaleLayoutName(ScaleLayout::kNatural), "natural");
  EXPECT_STREQ(ScaleLayoutName(ScaleLayout::kShuffled16), "shuffled16");
  EXPECT_STREQ(ScaleLayoutName(ScaleLayout::kShuffled32), "shuffled32");
  EXPECT_STREQ(DataLayoutName(DataLayout::kNatural), "natural");
  EXPECT_STREQ(DataLayoutName(DataLayout::kPreshuffled16x16), "preshuffled");
  EXPECT_STREQ(ScaleLayoutName(static_cast<ScaleLayout>(9)), "unknown");
}

// ------------------------------------------------------------ scales

// Offsets of all logical scales are distinct, in range, and exactly
// rows*groups of the storage bytes; returns which bytes are real.
std::vector<bool> CheckBijection(ScaleLayout layout, int64_t rows, int64_t groups) {
  const int64_t storage = ScaleStorageBytes(layout, rows, groups);
  std::vector<bool> real(storage, false);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t off = ScaleOffset(layout, r, g, groups);
      EXPECT_GE(off, 0);
      EXPECT_LT(off, storage) << ScaleLayoutName(layout) << " r=" << r << " g=" << g;
      if (off < 0 || off >= storage) continue;
      EXPECT_FALSE(real[off]) << ScaleLayoutName(layout) << " r=" << r << " g=" << g
                              << " collides at " << off;
      real[off] = true;
    }
  }
  return real;
}

TEST(ScaleLayouts, EveryPairRoundTripsWithZeroPaddingAndBijection) {
  const uint32_t seed = 1601;
  std::mt19937 rng(seed);
  for (int64_t rows : kRows) {
    for (int64_t groups : kGroups) {
      SCOPED_TRACE(absl::StrCat("rows=", rows, " groups=", groups, " seed=", seed));
      const std::vector<uint8_t> natural = RandomBytes(rows * groups, &rng);
      for (ScaleLayout to : kScaleLayouts) {
        SCOPED_TRACE(ScaleLayoutName(to));
        ASSERT_TRUE(ValidateScaleShape(to, rows, groups).ok());
        absl::StatusOr<std::vector<uint8_t>> out =
            ConvertScaleLayout(natural, ScaleLayout::kNatural, to, rows, groups);
        ASSERT_TRUE(out.ok()) << out.status();
        ASSERT_EQ(static_cast<int64_t>(out->size()), ScaleStorageBytes(to, rows, groups));
        if (to != ScaleLayout::kNatural) {
          EXPECT_EQ(static_cast<int64_t>(out->size()), RoundUp(rows, 256) * RoundUp(groups, 8));
        }
        const std::vector<bool> real = CheckBijection(to, rows, groups);
        int64_t real_count = 0;
        for (size_t i = 0; i < real.size(); ++i) {
          real_count += real[i];
          if (!real[i]) {
            EXPECT_EQ((*out)[i], 0) << "padding byte " << i << " not zero";
          }
        }
        EXPECT_EQ(real_count, rows * groups);
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t g = 0; g < groups; ++g) {
            ASSERT_EQ((*out)[ScaleOffset(to, r, g, groups)], natural[r * groups + g]);
          }
        }

        // Padding of a shuffled source is ignored: fill it with junk first.
        std::vector<uint8_t> dirty = *out;
        for (size_t i = 0; i < dirty.size(); ++i) {
          if (!real[i]) dirty[i] = 0xA5;
        }
        for (ScaleLayout back : kScaleLayouts) {
          SCOPED_TRACE(absl::StrCat("back to ", ScaleLayoutName(back)));
          absl::StatusOr<std::vector<uint8_t>> direct =
              ConvertScaleLayout(natural, ScaleLayout::kNatural, back, rows, groups);
          absl::StatusOr<std::vector<uint8_t>> via = ConvertScaleLayout(dirty, to, back, rows, groups);
          ASSERT_TRUE(direct.ok() && via.ok()) << via.status();
          EXPECT_TRUE(*via == *direct) << "conversion through " << ScaleLayoutName(to)
                                       << " differs (padding leaked?)";
        }
      }
    }
  }
}

TEST(ScaleLayouts, CheckedOverloadOverwritesEveryDstByte) {
  // A caller's dst may hold junk: padding must still come out 0.
  const uint32_t seed = 1605;
  std::mt19937 rng(seed);
  for (int64_t rows : kRows) {
    for (int64_t groups : kGroups) {
      const std::vector<uint8_t> natural = RandomBytes(rows * groups, &rng);
      for (ScaleLayout to : kScaleLayouts) {
        SCOPED_TRACE(absl::StrCat(ScaleLayoutName(to), " rows=", rows, " groups=", groups));
        std::vector<uint8_t> dst(ScaleStorageBytes(to, rows, groups), 0xEE);
        ASSERT_TRUE(ConvertScaleLayout(natural, ScaleLayout::kNatural, absl::MakeSpan(dst), to,
                                       rows, groups)
                        .ok());
        absl::StatusOr<std::vector<uint8_t>> want =
            ConvertScaleLayout(natural, ScaleLayout::kNatural, to, rows, groups);
        ASSERT_TRUE(want.ok());
        EXPECT_TRUE(dst == *want);
      }
    }
  }
}

TEST(ScaleLayouts, Shuffled16WordsServeOneMfmaLane) {
  // Spec §3: in each 256-byte chunk, the 32-bit word of lane t = (g%4)*16 + r%16
  // holds (r,g), (r+16,g), (r,g+4), (r+16,g+4) in bytes 0..3.
  const int64_t rows = 512, groups = 24, sn = 24;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t off = Shuffled16ScaleOffset(r, g, sn);
      const int64_t chunk = (r / 32) * (sn / 8) + g / 8;  // 32-row x 8-group tile
      EXPECT_EQ(off / 256, chunk);
      EXPECT_EQ((off % 256) / 4, (g % 4) * 16 + r % 16) << "lane";
      EXPECT_EQ(off % 4, ((g / 4) % 2) * 2 + (r / 16) % 2) << "byte within word";
    }
  }
}

TEST(ScaleLayouts, Shuffled32WordsServeOneMfmaLane) {
  // nonkdim=32: per chunk two 128-byte halves by g%2; word r%32 holds the four
  // groups of that parity (byte (g%8)/2).
  const int64_t rows = 512, groups = 24, sn = 24;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t off = Shuffled32ScaleOffset(r, g, sn);
      EXPECT_EQ(off / 256, (r / 32) * (sn / 8) + g / 8);
      EXPECT_EQ((off % 256) / 128, g % 2);
      EXPECT_EQ((off % 128) / 4, r % 32);
      EXPECT_EQ(off % 4, (g % 8) / 2);
    }
  }
}

TEST(ScaleLayouts, MatchReferenceVectorsBitForBit) {
  // shared/testdata: AITER e8m0_shuffle outputs (the _out arrays are stored
  // with 2-D shapes; only their flat bytes matter).
  const std::vector<std::pair<int64_t, int64_t>> cases = {{256, 16}, {300, 9}, {40, 12}};
  for (const auto& [rows, groups] : cases) {
    const std::string stem = absl::StrCat("testdata/scale_shuffle_", rows, "x", groups);
    SCOPED_TRACE(stem);
    absl::StatusOr<NpyArray> in = ReadNpy(stem + "_in.npy");
    absl::StatusOr<NpyArray> out = ReadNpy(stem + "_out.npy");
    ASSERT_TRUE(in.ok()) << in.status();
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ(in->shape, (std::vector<int64_t>{rows, groups}));
    absl::StatusOr<std::vector<uint8_t>> in_bytes = in->AsU8();
    absl::StatusOr<std::vector<uint8_t>> want = out->AsU8();
    ASSERT_TRUE(in_bytes.ok() && want.ok());

    absl::StatusOr<std::vector<uint8_t>> got = ConvertScaleLayout(
        *in_bytes, ScaleLayout::kNatural, ScaleLayout::kShuffled16, rows, groups);
    ASSERT_TRUE(got.ok()) << got.status();
    ASSERT_EQ(got->size(), want->size());
    for (size_t i = 0; i < want->size(); ++i) {
      ASSERT_EQ((*got)[i], (*want)[i]) << "first mismatch at flat byte " << i;
    }
    absl::StatusOr<std::vector<uint8_t>> back = ConvertScaleLayout(
        *want, ScaleLayout::kShuffled16, ScaleLayout::kNatural, rows, groups);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_TRUE(*back == *in_bytes);
  }
}

TEST(ScaleLayouts, EmptyShapesAreValidAndEmpty) {
  for (ScaleLayout l : kScaleLayouts) {
    for (auto [rows, groups] : {std::pair<int64_t, int64_t>{0, 0}, {0, 5}, {7, 0}}) {
      EXPECT_TRUE(ValidateScaleShape(l, rows, groups).ok());
      EXPECT_EQ(ScaleStorageBytes(l, rows, groups), 0);
      absl::StatusOr<std::vector<uint8_t>> out =
          ConvertScaleLayout({}, ScaleLayout::kNatural, l, rows, groups);
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_TRUE(out->empty());
    }
  }
}

TEST(ScaleLayouts, BadInputsGiveUsefulErrors) {
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_THAT(Message(ValidateScaleShape(ScaleLayout::kNatural, -1, 4)),
              AllOf(HasSubstr("rows=-1"), HasSubstr("non-negative")));
  EXPECT_THAT(Message(ValidateScaleShape(ScaleLayout::kShuffled16, 4, -2)),
              AllOf(HasSubstr("groups=-2"), HasSubstr("non-negative")));
  EXPECT_THAT(Message(ValidateScaleShape(ScaleLayout::kShuffled16, kMax - 3, 8)),
              HasSubstr("overflows int64"));
  EXPECT_THAT(Message(ValidateScaleShape(ScaleLayout::kShuffled32, int64_t{1} << 40,
                                         int64_t{1} << 30)),
              HasSubstr("overflows int64"));
  EXPECT_THAT(Message(ValidateScaleShape(ScaleLayout::kNatural, kMax / 2, 3)),
              HasSubstr("overflows int64"));
  EXPECT_THAT(Message(ValidateScaleShape(static_cast<ScaleLayout>(7), 1, 1)),
              HasSubstr("unknown ScaleLayout value 7"));

  std::vector<uint8_t> src(12), dst(256 * 8);
  // Wrong src size: (3, 4) natural needs 12.
  EXPECT_THAT(Message(ConvertScaleLayout(absl::MakeConstSpan(src.data(), 10),
                                         ScaleLayout::kNatural, absl::MakeSpan(dst),
                                         ScaleLayout::kShuffled16, 3, 4)),
              AllOf(HasSubstr("src span has 10 bytes, expected exactly 12"),
                    HasSubstr("natural")));
  // Wrong dst size: shuffled (3, 4) needs 256 * 8.
  EXPECT_THAT(Message(ConvertScaleLayout(src, ScaleLayout::kNatural,
                                         absl::MakeSpan(dst.data(), 100),
                                         ScaleLayout::kShuffled32, 3, 4)),
              AllOf(HasSubstr("dst span has 100 bytes, expected exactly 2048"),
                    HasSubstr("shuffled32")));
  EXPECT_THAT(ConvertScaleLayout(absl::MakeConstSpan(src.data(), 11), ScaleLayout::kNatural,
                                 ScaleLayout::kShuffled16, 3, 4)
                  .status()
                  .message(),
              HasSubstr("expected exactly 12"));
  // Overlap.
  std::vector<uint8_t> buf(24);
  EXPECT_THAT(Message(ConvertScaleLayout(absl::MakeConstSpan(buf.data(), 12),
                                         ScaleLayout::kNatural,
                                         absl::MakeSpan(buf.data() + 6, 12),
                                         ScaleLayout::kNatural, 3, 4)),
              HasSubstr("overlap"));
}

// ------------------------------------------------------------ data

TEST(DataLayouts, EveryPairRoundTripsAndPreshuffleIsABijection) {
  const uint32_t seed = 1602;
  std::mt19937 rng(seed);
  int preshuffled_cases = 0;
  for (int64_t rows : kRows) {
    for (int64_t groups : kGroups) {
      const int64_t k = groups * kBlockSize, kb = k / 2;
      SCOPED_TRACE(absl::StrCat("rows=", rows, " K=", k, " seed=", seed));
      const std::vector<uint8_t> natural = RandomBytes(rows * kb, &rng);
      const bool shufflable = rows % 16 == 0 && k % 64 == 0;
      for (DataLayout to : kDataLayouts) {
        absl::StatusOr<std::vector<uint8_t>> out =
            ConvertDataLayout(natural, DataLayout::kNatural, to, rows, k);
        if (to == DataLayout::kPreshuffled16x16 && !shufflable) {
          ASSERT_FALSE(out.ok());
          EXPECT_THAT(Message(out.status()),
                      HasSubstr(rows % 16 != 0 ? "multiple of 16" : "multiple of 64"));
          continue;
        }
        ASSERT_TRUE(out.ok()) << out.status();
        ASSERT_EQ(static_cast<int64_t>(out->size()), rows * kb);
        if (to == DataLayout::kPreshuffled16x16) ++preshuffled_cases;
        std::vector<bool> hit(out->size(), false);
        for (int64_t n = 0; n < rows; ++n) {
          for (int64_t b = 0; b < kb; ++b) {
            const int64_t off = DataOffset(to, n, b, kb);
            ASSERT_GE(off, 0);
            ASSERT_LT(off, rows * kb);
            ASSERT_FALSE(hit[off]) << "collision at " << off;
            hit[off] = true;
            ASSERT_EQ((*out)[off], natural[n * kb + b]) << "n=" << n << " b=" << b;
          }
        }
        for (DataLayout back : kDataLayouts) {
          if (back == DataLayout::kPreshuffled16x16 && !shufflable) continue;
          absl::StatusOr<std::vector<uint8_t>> direct =
              ConvertDataLayout(natural, DataLayout::kNatural, back, rows, k);
          absl::StatusOr<std::vector<uint8_t>> via = ConvertDataLayout(*out, to, back, rows, k);
          ASSERT_TRUE(direct.ok() && via.ok()) << via.status();
          EXPECT_TRUE(*via == *direct) << DataLayoutName(to) << " -> " << DataLayoutName(back);
        }
      }
    }
  }
  EXPECT_EQ(preshuffled_cases, 4) << "guard: shufflable shapes silently skipped";
}

TEST(DataLayouts, PreshuffleLaneReadsSixteenContiguousBytes) {
  // Spec §3: per 16-row group and 32-byte K chunk, [half][row][16 bytes].
  const int64_t rows = 48, kb = 160;
  for (int64_t n = 0; n < rows; ++n) {
    for (int64_t b = 0; b < kb; ++b) {
      const int64_t off = PreshuffledBOffset(n, b, kb);
      const int64_t tile = (n / 16) * (kb / 32) + b / 32;  // 16 rows x 32 bytes = 512 bytes
      EXPECT_EQ(off / 512, tile);
      EXPECT_EQ((off % 512) / 256, (b / 16) % 2);
      EXPECT_EQ((off % 256) / 16, n % 16);
      EXPECT_EQ(off % 16, b % 16);
    }
  }
}

TEST(DataLayouts, MatchReferenceVectorsBitForBit) {
  // shared/testdata: AITER shuffle_weight on the (N, K/2) byte matrix.
  const std::vector<std::pair<int64_t, int64_t>> cases = {{32, 64}, {48, 160}};
  for (const auto& [n, kb] : cases) {
    const std::string stem = absl::StrCat("testdata/b_preshuffle_", n, "x", kb);
    SCOPED_TRACE(stem);
    absl::StatusOr<NpyArray> in = ReadNpy(stem + "_in.npy");
    absl::StatusOr<NpyArray> out = ReadNpy(stem + "_out.npy");
    ASSERT_TRUE(in.ok()) << in.status();
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ(in->shape, (std::vector<int64_t>{n, kb}));
    absl::StatusOr<std::vector<uint8_t>> in_bytes = in->AsU8();
    absl::StatusOr<std::vector<uint8_t>> want = out->AsU8();
    ASSERT_TRUE(in_bytes.ok() && want.ok());
    absl::StatusOr<std::vector<uint8_t>> got = ConvertDataLayout(
        *in_bytes, DataLayout::kNatural, DataLayout::kPreshuffled16x16, n, 2 * kb);
    ASSERT_TRUE(got.ok()) << got.status();
    ASSERT_EQ(got->size(), want->size());
    for (size_t i = 0; i < want->size(); ++i) {
      ASSERT_EQ((*got)[i], (*want)[i]) << "first mismatch at flat byte " << i;
    }
    absl::StatusOr<std::vector<uint8_t>> back = ConvertDataLayout(
        *want, DataLayout::kPreshuffled16x16, DataLayout::kNatural, n, 2 * kb);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_TRUE(*back == *in_bytes);
  }
}

TEST(DataLayouts, EmptyShapesAreValidAndEmpty) {
  for (DataLayout l : kDataLayouts) {
    for (auto [rows, k] : {std::pair<int64_t, int64_t>{0, 0}, {0, 64}, {16, 0}}) {
      EXPECT_TRUE(ValidateDataShape(l, rows, k).ok());
      absl::StatusOr<std::vector<uint8_t>> out =
          ConvertDataLayout({}, DataLayout::kNatural, l, rows, k);
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_TRUE(out->empty());
    }
  }
}

TEST(DataLayouts, BadInputsGiveUsefulErrors) {
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kNatural, 4, 48)),
              AllOf(HasSubstr("K=48"), HasSubstr("multiple of 32"), HasSubstr("= 16")));
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kNatural, -1, 64)),
              AllOf(HasSubstr("rows=-1"), HasSubstr("non-negative")));
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kNatural, 1, -32)),
              AllOf(HasSubstr("K=-32"), HasSubstr("non-negative")));
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kPreshuffled16x16, 17, 64)),
              AllOf(HasSubstr("rows=17"), HasSubstr("multiple of 16"), HasSubstr("MFMA tile")));
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kPreshuffled16x16, 16, 96)),
              AllOf(HasSubstr("K=96"), HasSubstr("multiple of 64"), HasSubstr("32-byte")));
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kNatural, kMax / 32, 64)),
              HasSubstr("overflows int64"));
  EXPECT_THAT(Message(ValidateDataShape(DataLayout::kNatural, 3, kMax - kMax % 32)),
              HasSubstr("overflows int64"));
  EXPECT_THAT(Message(ValidateDataShape(static_cast<DataLayout>(5), 1, 32)),
              HasSubstr("unknown DataLayout value 5"));

  std::vector<uint8_t> src(16 * 32), dst(16 * 32);
  EXPECT_THAT(Message(ConvertDataLayout(absl::MakeConstSpan(src.data(), 500), DataLayout::kNatural,
                                        absl::MakeSpan(dst), DataLayout::kPreshuffled16x16, 16,
                                        64)),
              HasSubstr("src span has 500 bytes, expected exactly 512"));
  EXPECT_THAT(Message(ConvertDataLayout(src, DataLayout::kNatural, absl::MakeSpan(dst.data(), 511),
                                        DataLayout::kPreshuffled16x16, 16, 64)),
              HasSubstr("dst span has 511 bytes, expected exactly 512"));
  // A natural -> natural copy still validates the shape of both sides.
  EXPECT_THAT(Message(ConvertDataLayout(src, DataLayout::kNatural, absl::MakeSpan(dst),
                                        DataLayout::kNatural, 8, 48)),
              HasSubstr("multiple of 32"));
  EXPECT_THAT(Message(ConvertDataLayout(src, DataLayout::kNatural,
                                        absl::MakeSpan(src.data(), src.size()),
                                        DataLayout::kPreshuffled16x16, 16, 64)),
              HasSubstr("overlap"));
  EXPECT_THAT(ConvertDataLayout(src, DataLayout::kPreshuffled16x16, DataLayout::kNatural, 8, 128)
                  .status()
                  .message(),
              HasSubstr("multiple of 16"));
}

}  // namespace
}  // namespace mxfp4
