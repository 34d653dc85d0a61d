// File: mxfp4/core/mxfp4_matrix_test.cc
//
// Tests of Mxfp4View::Create (size/shape validation) and Mxfp4Matrix::ToLayout
// (every layout combination keeps every logical code and scale; spec:
// shared/spec/mxfp4-semantics.md §3), including empty matrices, which are
// valid with 0 bytes.

#include "mxfp4/core/mxfp4_matrix.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mxfp4 {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

Mxfp4Matrix RandomNaturalMatrix(int64_t rows, int64_t k, std::mt19937* rng) {
  Mxfp4Matrix m;
  m.shape = {rows, k};
  m.data.resize(m.shape.data_bytes());
  m.scales.resize(rows * m.shape.groups());
  for (auto& b : m.data) b = static_cast<uint8_t>((*rng)());
  for (auto& s : m.scales) s = static_cast<uint8_t>((*rng)());
  return m;
}

TEST(Mxfp4View, CreateAcceptsExactSizes) {
  std::vector<uint8_t> data(17 * 32), scales(256 * 8);
  absl::StatusOr<Mxfp4View> v = Mxfp4View::Create(data, scales, {17, 64}, DataLayout::kNatural,
                                                  ScaleLayout::kShuffled16);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->rows(), 17);
  EXPECT_EQ(v->k(), 64);
  EXPECT_EQ(v->groups(), 2);
  EXPECT_EQ(v->data().size(), data.size());
  EXPECT_EQ(v->scales().size(), scales.size());
}

TEST(Mxfp4View, CreateRejectsBadShapesAndSizes) {
  std::vector<uint8_t> data(16 * 32), scales(16 * 2);
  auto create = [&](absl::Span<const uint8_t> d, absl::Span<const uint8_t> s, Mxfp4Shape shape,
                    DataLayout dl, ScaleLayout sl) {
    return std::string(Mxfp4View::Create(d, s, shape, dl, sl).status().message());
  };
  EXPECT_THAT(create(data, scales, {16, 48}, DataLayout::kNatural, ScaleLayout::kNatural),
              AllOf(HasSubstr("Mxfp4View::Create"), HasSubstr("multiple of 32")));
  EXPECT_THAT(create(data, scales, {-16, 64}, DataLayout::kNatural, ScaleLayout::kNatural),
              HasSubstr("non-negative"));
  EXPECT_THAT(create(absl::MakeConstSpan(data.data(), 500), scales, {16, 64},
                     DataLayout::kNatural, ScaleLayout::kNatural),
              HasSubstr("data has 500 bytes, expected exactly 512"));
  EXPECT_THAT(create(data, scales, {16, 64}, DataLayout::kNatural, ScaleLayout::kShuffled16),
              AllOf(HasSubstr("scales have 32 bytes, expected exactly 2048"),
                    HasSubstr("shuffled16")));
  EXPECT_THAT(create(data, scales, {16, 96}, DataLayout::kPreshuffled16x16,
                     ScaleLayout::kNatural),
              HasSubstr("multiple of 64"));
  std::vector<uint8_t> data15(15 * 32), scales15(15 * 2);
  EXPECT_THAT(create(data15, scales15, {15, 64}, DataLayout::kPreshuffled16x16,
                     ScaleLayout::kNatural),
              HasSubstr("multiple of 16"));
}

TEST(Mxfp4Matrix, ToLayoutKeepsEveryCodeAndScale) {
  const uint32_t seed = 1603;
  std::mt19937 rng(seed);
  const std::vector<std::pair<int64_t, int64_t>> shapes = {{16, 64}, {48, 320}, {272, 512}};
  for (const auto& [rows, k] : shapes) {
    const Mxfp4Matrix natural = RandomNaturalMatrix(rows, k, &rng);
    absl::StatusOr<Mxfp4View> nv = natural.view();
    ASSERT_TRUE(nv.ok()) << nv.status();
    for (DataLayout dl : {DataLayout::kNatural, DataLayout::kPreshuffled16x16}) {
      for (ScaleLayout sl :
           {ScaleLayout::kNatural, ScaleLayout::kShuffled16, ScaleLayout::kShuffled32}) {
        SCOPED_TRACE(absl::StrCat(rows, "x", k, " ", DataLayoutName(dl), "/",
                                  ScaleLayoutName(sl), " seed=", seed));
        absl::StatusOr<Mxfp4Matrix> m = natural.ToLayout(dl, sl);
        ASSERT_TRUE(m.ok()) << m.status();
        EXPECT_EQ(m->data_layout, dl);
        EXPECT_EQ(m->scale_layout, sl);
        absl::StatusOr<Mxfp4View> v = m->view();
        ASSERT_TRUE(v.ok()) << v.status();
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t c = 0; c < k; ++c) ASSERT_EQ(v->code(r, c), nv->code(r, c));
          for (int64_t b = 0; b < k / 2; ++b) ASSERT_EQ(v->packed_byte(r, b), nv->packed_byte(r, b));
          for (int64_t g = 0; g < k / 32; ++g) ASSERT_EQ(v->scale(r, g), nv->scale(r, g));
        }
        absl::StatusOr<Mxfp4Matrix> back = m->ToLayout(DataLayout::kNatural, ScaleLayout::kNatural);
        ASSERT_TRUE(back.ok()) << back.status();
        EXPECT_TRUE(back->data == natural.data);
        EXPECT_TRUE(back->scales == natural.scales);
      }
    }
  }
}

TEST(Mxfp4Matrix, CodeAccessorFollowsFp4x2Packing) {
  Mxfp4Matrix m;
  m.shape = {1, 32};
  m.data.resize(16);
  m.scales = {127};
  for (int j = 0; j < 16; ++j) m.data[j] = PackFp4x2(j % 16, 15 - j % 16);
  absl::StatusOr<Mxfp4View> v = m.view();
  ASSERT_TRUE(v.ok());
  for (int j = 0; j < 16; ++j) {
    EXPECT_EQ(v->code(0, 2 * j), j);       // even element: low nibble
    EXPECT_EQ(v->code(0, 2 * j + 1), 15 - j);  // odd element: high nibble
  }
}

TEST(Mxfp4Matrix, EmptyMatricesAreValid) {
  for (auto [rows, k] : {std::pair<int64_t, int64_t>{0, 64}, {16, 0}, {0, 0}}) {
    Mxfp4Matrix m;
    m.shape = {rows, k};
    ASSERT_TRUE(m.view().ok()) << m.view().status();
    absl::StatusOr<Mxfp4Matrix> s = m.ToLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16);
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_TRUE(s->data.empty());
    EXPECT_TRUE(s->scales.empty());
  }
}

TEST(Mxfp4Matrix, ToLayoutReportsInconsistentOrUnsupported) {
  std::mt19937 rng(1604);
  Mxfp4Matrix m = RandomNaturalMatrix(17, 64, &rng);
  absl::StatusOr<Mxfp4Matrix> r = m.ToLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              AllOf(HasSubstr("ToLayout"), HasSubstr("multiple of 16")));
  m.data.pop_back();
  r = m.ToLayout(DataLayout::kNatural, ScaleLayout::kShuffled16);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              AllOf(HasSubstr("inconsistent"), HasSubstr("expected exactly 544")));
}

}  // namespace
}  // namespace mxfp4
