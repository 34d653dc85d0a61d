// File: mxfp4/gpu/gemm/int8_image_test.cc
//
// The int8 prepared image's host reference (int8_image.h) on seeded weights
// in every layout the view reads: every byte of a valid row decodes back to
// its code's value (byte / 2^shift / 2), rows without an int8 form and
// padding rows are zeros, every byte of the image is placed exactly once, the
// row info equals the rule written out long-hand here, and the deliberate
// special rows (NaN, spread 4, zero rows, zero blocks with large scales)
// summarize as they must.

#include "mxfp4/gpu/gemm/int8_image.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/int8_test_weights.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"

namespace mxfp4::gpu {
namespace {

using gemm_internal::Int8BlockShift;
using int8_testing::Int8TestWeight;
using int8_testing::kSpecialInfo;
using int8_testing::kSpecialRows;

constexpr uint32_t kInvalid = 0xFFFFFF00u;
constexpr uint32_t kZeroRow = 0xFE00u;

// The row rule, long-hand: NaN anywhere -> invalid; no non-zero block ->
// zero row if every byte <= 127, else invalid; otherwise ref = the smallest
// non-zero block byte, spread = largest - smallest <= 3, and every zero
// block's byte <= max(127, largest), else invalid; the norm: the smallest
// integer whose square is at least the sum of the row's int8 values squared,
// at most 0xFFFF.
uint32_t LonghandInfo(const Mxfp4View& w, int64_t r) {
  bool nan = false;
  int nonzero_min = 256, nonzero_max = -1, zero_max = -1;
  for (int64_t g = 0; g < w.groups(); ++g) {
    const int s = w.scale(r, g);
    if (s == 0xFF) nan = true;
    bool zero = true;
    for (int e = 0; e < 32; ++e) zero = zero && E2m1ToTwice(w.code(r, 32 * g + e)) == 0;
    if (zero) {
      zero_max = std::max(zero_max, s);
    } else {
      nonzero_min = std::min(nonzero_min, s);
      nonzero_max = std::max(nonzero_max, s);
    }
  }
  if (nan) return kInvalid;
  if (nonzero_max < 0) return zero_max <= 127 ? kZeroRow : kInvalid;
  if (nonzero_max - nonzero_min > 3) return kInvalid;
  if (zero_max > std::max(127, nonzero_max)) return kInvalid;
  int64_t sumsq = 0;
  for (int64_t c = 0; c < w.k(); ++c) {
    const int64_t twice = E2m1ToTwice(w.code(r, c));
    if (twice == 0) continue;  // zero blocks may sit below nonzero_min
    const int64_t v = twice << (w.scale(r, c / 32) - nonzero_min);
    sumsq += v * v;
  }
  int64_t norm = 0;
  while (norm * norm < sumsq && norm < 0xFFFF) ++norm;
  return static_cast<uint32_t>(nonzero_min | ((nonzero_max - nonzero_min) << 8) | (norm << 16));
}

bool IsValidInfo(uint32_t info) { return ((info >> 8) & 0xFF) <= 3; }

// Rows of each kind seen, so the tests can insist on a mix.
struct RowCounts {
  int valid = 0, zero = 0, invalid = 0;
};

::testing::AssertionResult CheckImage(const PreparedInt8Image& img, const Mxfp4View& w,
                                      RowCounts* counts) {
  const int64_t rows = w.rows(), k = w.k();
  const int64_t padded = PreparedRowGroups(rows) * 64;
  if (img.rows != rows || img.k != k ||
      static_cast<int64_t>(img.data.size()) != PreparedDataBytes(rows, k) ||
      static_cast<int64_t>(img.row_info.size() * 4) != PreparedInt8RowInfoBytes(rows) ||
      static_cast<int64_t>(img.row_info.size()) != padded) {
    return ::testing::AssertionFailure() << "image shape or sizes wrong";
  }
  std::vector<int> placed(img.data.size(), 0);
  for (int64_t r = 0; r < padded; ++r) {
    const uint32_t want = r < rows ? LonghandInfo(w, r) : kInvalid;
    const uint32_t info = img.row_info[r];
    if (info != want) {
      return ::testing::AssertionFailure()
             << "row " << r << " info 0x" << std::hex << info << ", long-hand rule 0x" << want;
    }
    if (r < rows) {
      if (IsValidInfo(info)) ++counts->valid;
      if (info == kZeroRow) ++counts->zero;
      if (info == kInvalid) ++counts->invalid;
    }
    const bool valid = r < rows && IsValidInfo(info);
    for (int64_t c = 0; c < k; ++c) {
      const int64_t off = PreparedDataOffset(r, c, k);
      ++placed[off];
      const int8_t byte = static_cast<int8_t>(img.data[off]);
      if (!valid) {
        if (byte != 0) {
          return ::testing::AssertionFailure()
                 << (r < rows ? "row without an int8 form " : "padding row ") << r << " element "
                 << c << " is " << int{byte} << ", expected 0";
        }
        continue;
      }
      const uint8_t code = w.code(r, c);
      const uint32_t shift = Int8BlockShift(w.scale(r, c / 32), info & 0xFFu);
      const double decoded = std::ldexp(static_cast<double>(byte), -static_cast<int>(shift)) / 2;
      if (shift > 3 || decoded != static_cast<double>(E2m1ToFloat(code)) ||
          std::abs(int{byte}) > 96) {
        return ::testing::AssertionFailure()
               << "row " << r << " element " << c << " (code " << int{code} << ", scale "
               << int{w.scale(r, c / 32)} << ", ref " << (info & 0xFF) << ", shift " << shift
               << ") is " << int{byte} << ", decodes to " << decoded << " not "
               << E2m1ToFloat(code);
      }
    }
  }
  for (size_t i = 0; i < placed.size(); ++i) {
    if (placed[i] != 1) {
      return ::testing::AssertionFailure() << "byte " << i << " placed " << placed[i] << " times";
    }
  }
  return ::testing::AssertionSuccess();
}

struct Layout {
  DataLayout data;
  ScaleLayout scales;
};
constexpr Layout kLayouts[] = {
    {DataLayout::kNatural, ScaleLayout::kNatural},
    {DataLayout::kNatural, ScaleLayout::kShuffled16},
    {DataLayout::kPreshuffled16x16, ScaleLayout::kNatural},
    {DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16},
};

// Every layout the shape allows (preshuffled: rows % 16, K % 64) gives the
// natural image, which passes CheckImage.
void CheckAllLayouts(int64_t rows, int64_t k, uint64_t seed, RowCounts* counts) {
  SCOPED_TRACE(absl::StrCat("rows=", rows, " K=", k, " seed=", seed));
  const Mxfp4Matrix natural = Int8TestWeight(rows, k, seed);
  absl::StatusOr<Mxfp4View> nv = natural.view();
  ASSERT_TRUE(nv.ok()) << nv.status();
  absl::StatusOr<PreparedInt8Image> want = PrepareWeightInt8Image(*nv);
  ASSERT_TRUE(want.ok()) << want.status();
  EXPECT_TRUE(CheckImage(*want, *nv, counts));
  int layouts = 0;
  for (const Layout& l : kLayouts) {
    if (l.data == DataLayout::kPreshuffled16x16 && (rows % 16 != 0 || k % 64 != 0)) continue;
    SCOPED_TRACE(absl::StrCat(DataLayoutName(l.data), "/", ScaleLayoutName(l.scales)));
    absl::StatusOr<Mxfp4Matrix> m = natural.ToLayout(l.data, l.scales);
    ASSERT_TRUE(m.ok()) << m.status();
    absl::StatusOr<Mxfp4View> v = m->view();
    ASSERT_TRUE(v.ok()) << v.status();
    absl::StatusOr<PreparedInt8Image> img = PrepareWeightInt8Image(*v);
    ASSERT_TRUE(img.ok()) << img.status();
    EXPECT_TRUE(img->data == want->data) << "data differs from the natural layout's";
    EXPECT_TRUE(img->row_info == want->row_info) << "row_info differs from the natural layout's";
    ++layouts;
  }
  EXPECT_GE(layouts, 2);
}

TEST(Int8Image, Sizes) {
  EXPECT_EQ(PreparedInt8RowInfoBytes(1), 256);  // a uint32 a row
  EXPECT_EQ(PreparedInt8RowInfoBytes(64), 256);
  EXPECT_EQ(PreparedInt8RowInfoBytes(65), 512);
  EXPECT_EQ(PreparedInt8RowInfoBytes(144), 3 * 256);
}

TEST(Int8Image, RandomWeightsEveryLayout) {
  RowCounts counts;
  uint64_t seed = 0x1A8E0000;
  // Rows not a multiple of 64; K = 32 x odd (natural data) and 64 x odd
  // (preshuffled needs K % 64).
  for (int64_t rows : {144, 80, 208}) {
    for (int64_t k : {96, 160, 192, 448, 1056}) CheckAllLayouts(rows, k, ++seed, &counts);
  }
  for (int64_t rows : {1, 13, 37, 100}) {
    for (int64_t k : {32, 128, 224}) CheckAllLayouts(rows, k, ++seed, &counts);
  }
  // The generator reached every kind of row.
  EXPECT_GT(counts.valid, 100);
  EXPECT_GT(counts.zero, 20);
  EXPECT_GT(counts.invalid, 100);
}

TEST(Int8Image, SpecialRows) {
  for (uint64_t seed : {7u, 8u, 9u}) {
    for (int64_t k : {128, 160, 1024}) {
      SCOPED_TRACE(absl::StrCat("K=", k, " seed=", seed));
      const Mxfp4Matrix m = Int8TestWeight(kSpecialRows + 4, k, seed);
      absl::StatusOr<Mxfp4View> v = m.view();
      ASSERT_TRUE(v.ok()) << v.status();
      absl::StatusOr<PreparedInt8Image> img = PrepareWeightInt8Image(*v);
      ASSERT_TRUE(img.ok()) << img.status();
      for (int r = 0; r < kSpecialRows; ++r) {
        const uint32_t info = img->row_info[r];
        EXPECT_EQ(info & 0xFFFFu, kSpecialInfo[r]) << "special row " << r;
        if (!IsValidInfo(info)) {
          EXPECT_EQ(info, kSpecialInfo[r] == 0xFE00 ? kZeroRow : kInvalid) << "special row " << r;
        }
      }
      // Row 10: one +-1 a block, so the norm is ceil(sqrt(blocks)).
      const uint32_t norm10 = k == 128 ? 2 : k == 160 ? 3 : 6;
      EXPECT_EQ(img->row_info[10] >> 16, norm10);
      // Row 9: codes +-6 at shift 3 (its blocks of scale 254) are +-96.
      for (int64_t c = 32; c < 64; ++c) {
        EXPECT_EQ(std::abs(int{static_cast<int8_t>(img->data[PreparedDataOffset(9, c, k)])}), 96);
      }
      RowCounts counts;
      EXPECT_TRUE(CheckImage(*img, *v, &counts));
    }
  }
}

TEST(Int8Image, EmptyWeightIsInvalidArgument) {
  Mxfp4Matrix m;
  m.shape = Mxfp4Shape{0, 64};
  absl::StatusOr<Mxfp4View> v = m.view();
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(PrepareWeightInt8Image(*v).status().code(), absl::StatusCode::kInvalidArgument);
  m.shape = Mxfp4Shape{16, 0};
  v = m.view();
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(PrepareWeightInt8Image(*v).status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace mxfp4::gpu
