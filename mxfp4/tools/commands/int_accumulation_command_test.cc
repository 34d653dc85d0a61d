// File: mxfp4/tools/commands/int_accumulation_command_test.cc
//
// `mxfp4 int-accumulation`: the spread histograms (over non-zero blocks)
// against spreads the test computes itself from the shared vectors' codes and
// scales; a verdict for each reason a tile can fail (a NaN scale, an A or B
// row's spread above 3, a zero block's scale, the weight refs, the exponent
// range, the bound on the sums) on crafted operands with non-zero codes, with
// the tiles counted; zero rows and zero blocks skipped; the norm bound taking
// a long K the worst case rejects; the A operand given either way; usage
// errors.

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

std::string Vector(const std::string& what) {
  return SharedTestdata(absl::StrCat("gemm_33x48x512_", what, ".npy"));
}

// "0: a, 1: b, 2: c, 3: d, 4-7: e, >=8: f; zero rows: z; rows with a NaN scale:
// g" of natural (rows, K/2) data and (rows, groups) scales, computed here:
// a block whose codes are all +-0 is left out of its row's spread.
std::string Histogram(const NpyArray& data, const NpyArray& scales) {
  const int64_t rows = scales.shape[0], groups = scales.shape[1];
  int64_t bins[6] = {}, nan_rows = 0, zero_rows = 0;
  const uint8_t* s = scales.bytes.data();
  for (int64_t r = 0; r < rows; ++r) {
    int lo = 255, hi = -1;
    bool nan = false;
    for (int64_t g = 0; g < groups; ++g) {
      const int v = s[r * groups + g];
      nan = nan || v == 255;
      bool zero = true;
      for (int64_t b = 0; b < 16; ++b) {
        zero = zero && (data.bytes[(r * groups + g) * 16 + b] & 0x77) == 0;
      }
      if (!zero) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    if (nan) {
      ++nan_rows;
    } else if (hi < 0) {
      ++zero_rows;
    } else {
      const int spread = hi - lo;
      ++bins[spread <= 3 ? spread : spread <= 7 ? 4 : 5];
    }
  }
  return absl::StrFormat(
      "0: %d, 1: %d, 2: %d, 3: %d, 4-7: %d, >=8: %d; zero rows: %d; rows with a NaN scale: %d",
      bins[0], bins[1], bins[2], bins[3], bins[4], bins[5], zero_rows, nan_rows);
}

TEST(IntAccumulationCommand, SharedVectorsEitherFormOfA) {
  const NpyArray aq = ReadNpyOrDie(Vector("Aq")), as = ReadNpyOrDie(Vector("As"));
  const NpyArray bq = ReadNpyOrDie(Vector("Bq")), bs = ReadNpyOrDie(Vector("Bs"));
  const std::string b_flags[] = {"--b_data=" + Vector("Bq"), "--b_scales=" + Vector("Bs")};
  for (bool real_a : {true, false}) {
    std::vector<std::string> args = {"int-accumulation", b_flags[0], b_flags[1]};
    if (real_a) {
      args.push_back("--a=" + Vector("A_bf16bits"));
    } else {
      args.push_back("--a_data=" + Vector("Aq"));
      args.push_back("--a_scales=" + Vector("As"));
    }
    const ToolResult r = RunTool(args);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("M=33 N=48 K=512 (16 blocks)"));
    EXPECT_THAT(r.out,
                HasSubstr("A scale spread per row (non-zero blocks; rows): " + Histogram(aq, as)))
        << r;
    EXPECT_THAT(r.out,
                HasSubstr("B scale spread per row (non-zero blocks; rows): " + Histogram(bq, bs)))
        << r;
    // Normal data: spreads within 3, K = 512.
    EXPECT_THAT(r.out, HasSubstr("output tiles of 64 B rows x 128 A rows: 1 of 1 exact (100.0%)"));
    EXPECT_THAT(r.out, HasSubstr("whole matrix as one tile: exact"));
  }
}

// Operands with the given natural scales and data: 16 bytes a block, 0x22
// (codes 2, 2: 1.0 each) unless set, so that no row is a zero row.
struct Crafted {
  std::vector<uint8_t> a_scales, b_scales;
  int64_t m, n, groups;
  std::vector<uint8_t> a_data, b_data;
  // The 16 data bytes of block g of A row `row` (b = false) or B row `row`.
  void Fill(bool b, int64_t row, int64_t g, uint8_t byte) {
    std::fill_n((b ? b_data : a_data).begin() + (row * groups + g) * 16, 16, byte);
  }
};

ToolResult RunCrafted(const Crafted& c, std::vector<std::string> extra = {}) {
  WriteNpyOrDie(TempPath("aq.npy"), NpyArray::FromU8({c.m, c.groups * 16}, c.a_data));
  WriteNpyOrDie(TempPath("as.npy"), NpyArray::FromU8({c.m, c.groups}, c.a_scales));
  WriteNpyOrDie(TempPath("bq.npy"), NpyArray::FromU8({c.n, c.groups * 16}, c.b_data));
  WriteNpyOrDie(TempPath("bs.npy"), NpyArray::FromU8({c.n, c.groups}, c.b_scales));
  std::vector<std::string> args = {
      "int-accumulation", "--a_data=" + TempPath("aq.npy"), "--a_scales=" + TempPath("as.npy"),
      "--b_data=" + TempPath("bq.npy"), "--b_scales=" + TempPath("bs.npy")};
  args.insert(args.end(), extra.begin(), extra.end());
  return RunTool(args);
}

// m A rows and n B rows over `groups` blocks, every scale `base`, every data
// byte `data`.
Crafted Uniform(int64_t m, int64_t n, int64_t groups, uint8_t base, uint8_t data = 0x22) {
  return {std::vector<uint8_t>(m * groups, base),
          std::vector<uint8_t>(n * groups, base),
          m,
          n,
          groups,
          std::vector<uint8_t>(m * groups * 16, data),
          std::vector<uint8_t>(n * groups * 16, data)};
}

TEST(IntAccumulationCommand, EachReasonATileFails) {
  // 4 A rows (2 tiles of 2) x 8 B rows (2 tiles of 4), K = 32 x 16.
  const std::vector<std::string> tiles = {"--tile_m=2", "--tile_n=4"};
  {
    Crafted c = Uniform(4, 8, 16, 127);
    c.b_scales[5 * 16 + 3] = 127 + 5;  // B row 5 (second B tile): spread 5
    const ToolResult r = RunCrafted(c, tiles);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out,
                HasSubstr("B scale spread per row (non-zero blocks; rows): 0: 7, 1: 0, 2: 0, "
                          "3: 0, 4-7: 1, >=8: 0; zero rows: 0; rows with a NaN scale: 0"));
    EXPECT_THAT(r.out,
                HasSubstr("2 of 4 exact (50.0%); the others fail on 2: a B row's spread > 3"))
        << r;
    EXPECT_THAT(r.out, HasSubstr("whole matrix as one tile: not exact (a B row's spread > 3)"));
  }
  {
    Crafted c = Uniform(4, 8, 16, 127);
    c.a_scales[0] = 127 + 9;   // A row 0: spread 9
    c.b_scales[7 * 16] = 255;  // B row 7: NaN (checked first)
    const ToolResult r = RunCrafted(c, tiles);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out,
                HasSubstr("A scale spread per row (non-zero blocks; rows): 0: 3, 1: 0, 2: 0, "
                          "3: 0, 4-7: 0, >=8: 1; zero rows: 0; rows with a NaN scale: 0"));
    EXPECT_THAT(r.out, HasSubstr("zero rows: 0; rows with a NaN scale: 1"));
    EXPECT_THAT(r.out, HasSubstr("1 of 4 exact (25.0%); the others fail on 2: a NaN scale, 1: an A "
                                 "row's spread > 3"))
        << r;
  }
  {
    // refA + refB = 128: u would be subnormal.
    const ToolResult r = RunCrafted(Uniform(2, 2, 4, 64));
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("not exact (refA + refB outside [130, 359])")) << r;
  }
  // Weight refs 1 and 240 (refA + refB 201 and 340 in range): the epilogue's
  // first factor would not be exact.
  for (auto [a_ref, b_ref] : {std::pair{200, 1}, std::pair{100, 240}}) {
    Crafted c = Uniform(2, 2, 4, static_cast<uint8_t>(a_ref));
    std::fill(c.b_scales.begin(), c.b_scales.end(), static_cast<uint8_t>(b_ref));
    const ToolResult r = RunCrafted(c);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("not exact (weight refs outside [2, 231])")) << r;
  }
}

TEST(IntAccumulationCommand, ZeroRowsAndBlocksAreSkipped) {
  const std::vector<std::string> tiles = {"--tile_m=2", "--tile_n=4"};
  {
    Crafted c = Uniform(4, 8, 16, 127);
    // A row 0: block 3 all +0 codes at scale 100, which would be spread 27.
    c.a_scales[3] = 100;
    c.Fill(false, 0, 3, 0x00);
    // A row 1: every code -0, scales <= 127: a zero row.
    for (int64_t g = 0; g < 16; ++g) {
      c.Fill(false, 1, g, 0x88);
      c.a_scales[16 + g] = static_cast<uint8_t>(g % 2 == 0 ? 50 : 127);
    }
    // B row 6: a zero block at 200 > 127 (its products could overflow).
    c.b_scales[6 * 16 + 2] = 200;
    c.Fill(true, 6, 2, 0x00);
    const ToolResult r = RunCrafted(c, tiles);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out,
                HasSubstr("A scale spread per row (non-zero blocks; rows): 0: 3, 1: 0, 2: 0, "
                          "3: 0, 4-7: 0, >=8: 0; zero rows: 1; rows with a NaN scale: 0"))
        << r;
    EXPECT_THAT(r.out,
                HasSubstr("B scale spread per row (non-zero blocks; rows): 0: 8, 1: 0, 2: 0, "
                          "3: 0, 4-7: 0, >=8: 0; zero rows: 0; rows with a NaN scale: 0"))
        << r;
    EXPECT_THAT(r.out, HasSubstr("2 of 4 exact (50.0%); the others fail on 2: a zero block's "
                                 "scale too large"))
        << r;
    EXPECT_THAT(r.out, HasSubstr("whole matrix as one tile: not exact (a zero block's scale too "
                                 "large)"));
  }
  {
    // Every A row zero (scales <= 127): every output is +0, whatever B (here
    // weight refs 1).
    Crafted c = Uniform(2, 2, 4, 127);
    std::fill(c.a_data.begin(), c.a_data.end(), 0x00);
    std::fill(c.b_scales.begin(), c.b_scales.end(), 1);
    const ToolResult r = RunCrafted(c);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("zero rows: 2; rows with a NaN scale: 0")) << r;
    EXPECT_THAT(r.out, HasSubstr("whole matrix as one tile: exact")) << r;
  }
}

TEST(IntAccumulationCommand, TheBoundOnTheSums) {
  constexpr char kBound[] =
      "not exact (the sums may exceed 2^24 units (neither G x 4608 x 2^(spreads) nor normA x "
      "normB bounds them))";
  // Every row: block 0 at 127, the others `high`, `code` in every element.
  const auto rows = [](int64_t groups, uint8_t a_high, uint8_t b_high, int code) {
    Crafted c = Uniform(2, 2, groups, 127, static_cast<uint8_t>(code * 0x11));
    for (int64_t r = 0; r < 2; ++r) {
      for (int64_t g = 1; g < groups; ++g) {
        c.a_scales[r * groups + g] = a_high;
        c.b_scales[r * groups + g] = b_high;
      }
    }
    return c;
  };
  {
    // Spreads 3 and 3, code 7 (6.0, 2v = 12): normA^2 = normB^2 = 4608 x (1 + 64 (G - 1)).
    // G = 57: the worst case 57 x 4608 x 64 > 2^24 rejects, the norms
    // (4608 x 3585 = 16,519,680 <= 2^24; B's bound ceil(sqrt) = 4065) accept;
    // G = 58: 4608 x 3649 = 16,814,592 > 2^24, neither.
    for (int64_t groups : {57, 58}) {
      const ToolResult r = RunCrafted(rows(groups, 130, 130, 7));
      ASSERT_EQ(r.exit_code, 0) << r;
      EXPECT_THAT(r.out, HasSubstr(groups == 57 ? "whole matrix as one tile: exact" : kBound))
          << groups << "\n"
          << r;
    }
  }
  {
    // G = 128, spreads 3 and 2: the worst case 128 x 4608 x 32 > 2^24 rejects.
    // Code 1 (0.5, 2v = 1): normA^2 = 32 x (1 + 64 x 127), normB^2 = 32 x (1 +
    // 16 x 127), product ~1.3e5 <= 2^24: exact. Code 7: x 4608 / 32 each,
    // normA x normB ~ 6120 x 3061 > 2^24: not.
    for (int code : {1, 7}) {
      const ToolResult r = RunCrafted(rows(128, 130, 129, code));
      ASSERT_EQ(r.exit_code, 0) << r;
      EXPECT_THAT(r.out, HasSubstr(code == 1 ? "whole matrix as one tile: exact" : kBound))
          << code << "\n"
          << r;
    }
  }
}

TEST(IntAccumulationCommand, UsageErrors) {
  ToolResult r = RunCrafted(Uniform(2, 2, 4, 127), {"--tile_n=0"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--tile_n: expected 1..2^20, found 0"));
  r = RunTool({"int-accumulation", "--a=" + Vector("A_bf16bits"),
               "--b_data=" + SharedTestdata("gemm_4x96x1024_Bq.npy"),
               "--b_scales=" + SharedTestdata("gemm_4x96x1024_Bs.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("mismatched K: A has K=512"));
  r = RunTool({"int-accumulation", "--b_data=" + Vector("Bq"), "--b_scales=" + Vector("Bs")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("missing A"));
}

}  // namespace
}  // namespace mxfp4::cli
