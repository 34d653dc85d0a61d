// File: mxfp4/core/prepared_layout_test.cc
//
// Tests of the prepared weight image (prepared_layout.h): sizes, the shifted
// E4M3 encoding against an independent E4M3 decoder, the offsets being
// bijections (plus hand-checked values), round trips from every data/scale
// layout, and the decoder's rejections.

#include "mxfp4/core/prepared_layout.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mxfp4 {
namespace {

using ::testing::HasSubstr;

// A plain E4M3 (OCP FN) decoder, independent of the code under test: sign,
// 4-bit exponent with bias 7, 3-bit mantissa, subnormals at exponent 0.
double DecodeE4m3(uint8_t b) {
  const int sign = b >> 7, exponent = (b >> 3) & 0xF, mantissa = b & 7;
  const double magnitude = exponent == 0 ? std::ldexp(mantissa / 8.0, -6)
                                         : std::ldexp(1.0 + mantissa / 8.0, exponent - 7);
  return sign ? -magnitude : magnitude;
}

Mxfp4Matrix RandomNaturalMatrix(int64_t rows, int64_t k, std::mt19937_64* rng) {
  Mxfp4Matrix m;
  m.shape = {rows, k};
  m.data.resize(m.shape.data_bytes());
  m.scales.resize(rows * m.shape.groups());
  for (auto& b : m.data) b = static_cast<uint8_t>((*rng)());  // two random codes
  for (auto& s : m.scales) s = static_cast<uint8_t>((*rng)());  // 0..255, 255 = NaN
  if (!m.scales.empty()) m.scales.back() = 255;  // always cover NaN
  return m;
}

TEST(PreparedLayout, Sizes) {
  for (int64_t rows : {1, 63, 64, 65, 130}) {
    for (int64_t k : {32, 96, 512}) {
      const int64_t groups = (rows + 63) / 64;
      EXPECT_EQ(PreparedRowGroups(rows), groups) << rows;
      EXPECT_EQ(PreparedDataBytes(rows, k), groups * (k / 32) * 2048) << rows << " " << k;
      EXPECT_EQ(PreparedScaleBytes(rows, k), groups * (k / 32) * 256) << rows << " " << k;
    }
  }
  EXPECT_EQ(PreparedDataBytes(65, 96), 2 * 3 * 2048);
}

TEST(PreparedLayout, ShiftedE4m3IsE2m1TimesTwoToMinus6) {
  std::set<uint8_t> images;
  for (int c = 0; c < 16; ++c) {
    const uint8_t b = E2m1ToShiftedE4m3(static_cast<uint8_t>(c));
    const double expected = std::ldexp(static_cast<double>(E2m1ToFloat(c)), -6);
    EXPECT_EQ(DecodeE4m3(b), expected) << "code " << c;
    EXPECT_EQ(std::signbit(DecodeE4m3(b)), std::signbit(E2m1ToFloat(c))) << "code " << c;
    EXPECT_EQ(ShiftedE4m3ToE2m1(b), std::optional<uint8_t>(c)) << "code " << c;
    // High nibble garbage is ignored.
    EXPECT_EQ(E2m1ToShiftedE4m3(static_cast<uint8_t>(c | 0xA0)), b);
    images.insert(b);
  }
  EXPECT_EQ(images.size(), 16u);
  int rejected = 0;
  for (int b = 0; b < 256; ++b) {
    if (images.count(static_cast<uint8_t>(b))) continue;
    EXPECT_EQ(ShiftedE4m3ToE2m1(static_cast<uint8_t>(b)), std::nullopt) << "byte " << b;
    ++rejected;
  }
  EXPECT_EQ(rejected, 240);
}

TEST(PreparedLayout, OffsetsAreBijections) {
  const int64_t rows = 130, k = 96;
  std::vector<int> data_hits(PreparedDataBytes(rows, k), 0);
  std::vector<int> scale_hits(PreparedScaleBytes(rows, k) / 4, 0);
  const int64_t padded = PreparedRowGroups(rows) * 64;
  for (int64_t r = 0; r < padded; ++r) {
    for (int64_t c = 0; c < k; ++c) {
      const int64_t o = PreparedDataOffset(r, c, k);
      ASSERT_GE(o, 0);
      ASSERT_LT(o, static_cast<int64_t>(data_hits.size())) << r << "," << c;
      ++data_hits[o];
    }
    for (int64_t g = 0; g < k / 32; ++g) {
      const int64_t i = PreparedScaleIndex(r, g, k);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, static_cast<int64_t>(scale_hits.size())) << r << "," << g;
      ++scale_hits[i];
    }
  }
  // Every slot exactly once over the padded rows; hence real rows never collide.
  for (size_t i = 0; i < data_hits.size(); ++i) ASSERT_EQ(data_hits[i], 1) << "byte " << i;
  for (size_t i = 0; i < scale_hits.size(); ++i) ASSERT_EQ(scale_hits[i], 1) << "float " << i;
}

TEST(PreparedLayout, HandCheckedOffsets) {
  EXPECT_EQ(PreparedDataOffset(0, 0, 96), 0);
  EXPECT_EQ(PreparedDataOffset(0, 1, 96), 128);
  EXPECT_EQ(PreparedDataOffset(0, 2, 96), 1);
  EXPECT_EQ(PreparedDataOffset(0, 8, 96), 4);
  EXPECT_EQ(PreparedDataOffset(0, 31, 96), 128 + 12 + 3);
  EXPECT_EQ(PreparedDataOffset(1, 0, 96), 16);
  EXPECT_EQ(PreparedDataOffset(8, 0, 96), 256);
  EXPECT_EQ(PreparedDataOffset(0, 32, 96), 2048);
  EXPECT_EQ(PreparedDataOffset(64, 0, 96), 3 * 2048);
  EXPECT_EQ(PreparedScaleIndex(0, 0, 96), 0);
  EXPECT_EQ(PreparedScaleIndex(8, 0, 96), 1);
  EXPECT_EQ(PreparedScaleIndex(1, 0, 96), 2);
  EXPECT_EQ(PreparedScaleIndex(16, 0, 96), 16);
  EXPECT_EQ(PreparedScaleIndex(0, 1, 96), 64);
  EXPECT_EQ(PreparedScaleIndex(64, 0, 96), 3 * 64);
}

TEST(PreparedLayout, RoundTripsFromEveryLayout) {
  const uint64_t seed = 0x5eed2025;
  SCOPED_TRACE(absl::StrCat("seed=", seed));
  std::mt19937_64 rng(seed);
  struct Case {
    int64_t rows, k;
  };
  for (const Case& cs : {Case{1, 32}, Case{65, 96}, Case{130, 512}, Case{128, 512}}) {
    const Mxfp4Matrix natural = RandomNaturalMatrix(cs.rows, cs.k, &rng);
    for (DataLayout dl : {DataLayout::kNatural, DataLayout::kPreshuffled16x16}) {
      if (dl == DataLayout::kPreshuffled16x16 && (cs.rows % 16 != 0 || cs.k % 64 != 0)) continue;
      for (ScaleLayout sl : {ScaleLayout::kNatural, ScaleLayout::kShuffled16}) {
        SCOPED_TRACE(absl::StrCat(cs.rows, "x", cs.k, " ", DataLayoutName(dl), "/",
                                  ScaleLayoutName(sl)));
        absl::StatusOr<Mxfp4Matrix> m = natural.ToLayout(dl, sl);
        ASSERT_TRUE(m.ok()) << m.status();
        absl::StatusOr<Mxfp4View> v = m->view();
        ASSERT_TRUE(v.ok()) << v.status();
        absl::StatusOr<PreparedWeightImage> image = PrepareWeightImage(*v);
        ASSERT_TRUE(image.ok()) << image.status();
        EXPECT_EQ(image->rows, cs.rows);
        EXPECT_EQ(image->k, cs.k);
        absl::StatusOr<Mxfp4Matrix> back =
            DecodePreparedWeightImage(image->data, image->scales, cs.rows, cs.k);
        ASSERT_TRUE(back.ok()) << back.status();
        absl::StatusOr<Mxfp4View> bv = back->view();
        ASSERT_TRUE(bv.ok()) << bv.status();
        for (int64_t r = 0; r < cs.rows; ++r) {
          for (int64_t c = 0; c < cs.k; ++c) {
            ASSERT_EQ(bv->code(r, c), v->code(r, c)) << r << "," << c;
          }
          for (int64_t g = 0; g < cs.k / 32; ++g) ASSERT_EQ(bv->scale(r, g), v->scale(r, g)) << r;
        }
        EXPECT_TRUE(back->data == natural.data);
        EXPECT_TRUE(back->scales == natural.scales);
        for (int64_t r = cs.rows; r < PreparedRowGroups(cs.rows) * 64; ++r) {
          for (int64_t c = 0; c < cs.k; ++c) {
            ASSERT_EQ(image->data[PreparedDataOffset(r, c, cs.k)], 0) << r << "," << c;
          }
          for (int64_t g = 0; g < cs.k / 32; ++g) {
            ASSERT_EQ(FloatBits(image->scales[PreparedScaleIndex(r, g, cs.k)]), 0u) << r;
          }
        }
      }
    }
  }
}

TEST(PreparedLayout, DecodeRejectsBadImages) {
  std::mt19937_64 rng(77);
  const int64_t rows = 65, k = 96;
  Mxfp4Matrix natural = RandomNaturalMatrix(rows, k, &rng);
  absl::StatusOr<PreparedWeightImage> good = PrepareWeightImage(*natural.view());
  ASSERT_TRUE(good.ok()) << good.status();
  auto decode_error = [&](const PreparedWeightImage& im, int64_t r, int64_t kk) {
    absl::StatusOr<Mxfp4Matrix> d = DecodePreparedWeightImage(im.data, im.scales, r, kk);
    EXPECT_FALSE(d.ok());
    EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(d.status().message());
  };
  ASSERT_TRUE(DecodePreparedWeightImage(good->data, good->scales, rows, k).ok());

  EXPECT_THAT(decode_error(*good, 0, k), HasSubstr("rows=0"));
  EXPECT_THAT(decode_error(*good, rows, 48), HasSubstr("multiple of 32"));
  EXPECT_THAT(decode_error(*good, rows, 64), HasSubstr("expected exactly"));
  EXPECT_THAT(decode_error(*good, 129, k), HasSubstr("expected exactly"));
  PreparedWeightImage im = *good;
  im.data.pop_back();
  EXPECT_THAT(decode_error(im, rows, k), HasSubstr("expected exactly"));
  im = *good;
  im.scales.push_back(1.0f);
  EXPECT_THAT(decode_error(im, rows, k), HasSubstr("expected exactly"));

  im = *good;
  im.data[PreparedDataOffset(5, 7, k)] |= 1;
  EXPECT_THAT(decode_error(im, rows, k), HasSubstr("element (5, 7)"));

  im = *good;
  im.scales[PreparedScaleIndex(3, 1, k)] = 0.75f;
  EXPECT_THAT(decode_error(im, rows, k), HasSubstr("row 3 scale of block 1"));
  for (float bad : {0.0f, -1.0f, INFINITY}) {
    im.scales[PreparedScaleIndex(3, 1, k)] = bad;
    EXPECT_THAT(decode_error(im, rows, k), HasSubstr("not E8m0ToFloat")) << bad;
  }

  im = *good;
  im.data[PreparedDataOffset(100, 3, k)] = E2m1ToShiftedE4m3(2);  // a valid code, but padding
  EXPECT_THAT(decode_error(im, rows, k), HasSubstr("padding row 100"));
  im = *good;
  im.scales[PreparedScaleIndex(127, 2, k)] = -0.0f;
  EXPECT_THAT(decode_error(im, rows, k), HasSubstr("padding row 127"));

  // Every NaN reads as the E8M0 NaN, and 2^-127 as byte 0.
  im = *good;
  im.scales[PreparedScaleIndex(4, 0, k)] = -std::nanf("");
  im.scales[PreparedScaleIndex(4, 1, k)] = BitsToFloat(0x00400000u);
  absl::StatusOr<Mxfp4Matrix> d = DecodePreparedWeightImage(im.data, im.scales, rows, k);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->scales[4 * 3 + 0], 255);
  EXPECT_EQ(d->scales[4 * 3 + 1], 0);
}

TEST(PreparedLayout, PrepareRejectsEmptyWeight) {
  Mxfp4Matrix m;
  m.shape = {0, 64};
  absl::StatusOr<PreparedWeightImage> image = PrepareWeightImage(*m.view());
  ASSERT_FALSE(image.ok());
  EXPECT_EQ(image.status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace mxfp4
