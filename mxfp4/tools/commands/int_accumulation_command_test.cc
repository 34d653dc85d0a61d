// File: mxfp4/tools/commands/int_accumulation_command_test.cc
//
// `mxfp4 int-accumulation`: the spread histograms against spreads the test
// computes itself from the shared vectors' scales; a verdict for each reason
// a tile can fail (a B row's spread above 3, an A row's, a NaN scale, the
// bound at a long K, the exponent range) on crafted scales, with the tiles
// counted; the A operand given either way; usage errors.

#include <algorithm>
#include <cstdint>
#include <string>
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

// "0: a, 1: b, 2: c, 3: d, 4-7: e, >=8: f; rows with a NaN scale: g" of a
// natural (rows, groups) scale array, computed here.
std::string Histogram(const NpyArray& scales) {
  const int64_t rows = scales.shape[0], groups = scales.shape[1];
  int64_t bins[6] = {}, nan_rows = 0;
  const uint8_t* s = scales.bytes.data();
  for (int64_t r = 0; r < rows; ++r) {
    int lo = 255, hi = 0;
    bool nan = false;
    for (int64_t g = 0; g < groups; ++g) {
      const int v = s[r * groups + g];
      if (v == 255) {
        nan = true;
      } else {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    if (nan) {
      ++nan_rows;
      continue;
    }
    const int spread = hi - lo;
    ++bins[spread <= 3 ? spread : spread <= 7 ? 4 : 5];
  }
  return absl::StrFormat("0: %d, 1: %d, 2: %d, 3: %d, 4-7: %d, >=8: %d; rows with a NaN scale: %d",
                         bins[0], bins[1], bins[2], bins[3], bins[4], bins[5], nan_rows);
}

TEST(IntAccumulationCommand, SharedVectorsEitherFormOfA) {
  const NpyArray as = ReadNpyOrDie(Vector("As"));
  const NpyArray bs = ReadNpyOrDie(Vector("Bs"));
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
    EXPECT_THAT(r.out, HasSubstr("A scale spread per row (rows): " + Histogram(as))) << r;
    EXPECT_THAT(r.out, HasSubstr("B scale spread per row (rows): " + Histogram(bs))) << r;
    // Normal data: spreads within 3, K = 512.
    EXPECT_THAT(r.out, HasSubstr("output tiles of 64 B rows x 128 A rows: 1 of 1 exact (100.0%)"));
    EXPECT_THAT(r.out, HasSubstr("whole matrix as one tile: exact"));
  }
}

// Operands with all-zero data and the given natural scales.
struct Crafted {
  std::vector<uint8_t> a_scales, b_scales;
  int64_t m, n, groups;
};

ToolResult RunCrafted(const Crafted& c, std::vector<std::string> extra = {}) {
  const std::vector<uint8_t> a_data(c.m * c.groups * 16, 0), b_data(c.n * c.groups * 16, 0);
  WriteNpyOrDie(TempPath("aq.npy"), NpyArray::FromU8({c.m, c.groups * 16}, a_data));
  WriteNpyOrDie(TempPath("as.npy"), NpyArray::FromU8({c.m, c.groups}, c.a_scales));
  WriteNpyOrDie(TempPath("bq.npy"), NpyArray::FromU8({c.n, c.groups * 16}, b_data));
  WriteNpyOrDie(TempPath("bs.npy"), NpyArray::FromU8({c.n, c.groups}, c.b_scales));
  std::vector<std::string> args = {
      "int-accumulation", "--a_data=" + TempPath("aq.npy"), "--a_scales=" + TempPath("as.npy"),
      "--b_data=" + TempPath("bq.npy"), "--b_scales=" + TempPath("bs.npy")};
  args.insert(args.end(), extra.begin(), extra.end());
  return RunTool(args);
}

// m A rows and n B rows over `groups` blocks, every scale `base`.
Crafted Uniform(int64_t m, int64_t n, int64_t groups, uint8_t base) {
  return {std::vector<uint8_t>(m * groups, base), std::vector<uint8_t>(n * groups, base), m, n,
          groups};
}

TEST(IntAccumulationCommand, EachReasonATileFails) {
  // 4 A rows (2 tiles of 2) x 8 B rows (2 tiles of 4), K = 32 x 16.
  const std::vector<std::string> tiles = {"--tile_m=2", "--tile_n=4"};
  {
    Crafted c = Uniform(4, 8, 16, 127);
    c.b_scales[5 * 16 + 3] = 127 + 5;  // B row 5 (second B tile): spread 5
    const ToolResult r = RunCrafted(c, tiles);
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("B scale spread per row (rows): 0: 7, 1: 0, 2: 0, 3: 0, 4-7: 1"));
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
    EXPECT_THAT(r.out, HasSubstr("A scale spread per row (rows): 0: 3, 1: 0, 2: 0, 3: 0, 4-7: 0, "
                                 ">=8: 1; rows with a NaN scale: 0"));
    EXPECT_THAT(r.out, HasSubstr("rows with a NaN scale: 1"));
    EXPECT_THAT(r.out, HasSubstr("1 of 4 exact (25.0%); the others fail on 2: a NaN scale, 1: an A "
                                 "row's spread > 3"))
        << r;
  }
  {
    // Spreads 3 and 3 at 57 blocks: 57 x 4608 x 64 > 2^24 (56 would pass).
    for (int64_t groups : {56, 57}) {
      Crafted c = Uniform(2, 2, groups, 127);
      c.a_scales[1] = 130;
      c.b_scales[groups + 1] = 130;
      const ToolResult r = RunCrafted(c);
      ASSERT_EQ(r.exit_code, 0) << r;
      EXPECT_THAT(r.out, HasSubstr(groups == 56 ? "whole matrix as one tile: exact"
                                                : "not exact (K x 4608 x 2^(spreads) > 2^24)"))
          << r;
    }
  }
  {
    // refA + refB = 128: u would be subnormal.
    const ToolResult r = RunCrafted(Uniform(2, 2, 4, 64));
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("not exact (refA + refB outside [130, 359])")) << r;
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
