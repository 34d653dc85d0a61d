// File: mxfp4/tools/commands/layout_commands_test.cc
//
// shuffle-scales / unshuffle-scales / preshuffle-b / unpreshuffle-b against
// the shared reference vectors (testdata/scale_shuffle_*, b_preshuffle_*),
// byte for byte, and round trips through every layout on seeded random data.

#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

NpyArray RandomBytes(int64_t rows, int64_t cols, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(rows * cols);
  for (uint8_t& b : v) b = static_cast<uint8_t>(rng());
  return NpyArray::FromU8({rows, cols}, v);
}

struct ScaleVector {
  const char* name;  // scale_shuffle_<name>_{in,out}.npy
  int64_t rows, groups;
};

class ScaleShuffleGoldenTest : public ::testing::TestWithParam<ScaleVector> {};

TEST_P(ScaleShuffleGoldenTest, MatchesReferenceAndRoundTrips) {
  const ScaleVector& v = GetParam();
  const std::string in = SharedTestdata(absl::StrCat("scale_shuffle_", v.name, "_in.npy"));
  const std::string out = SharedTestdata(absl::StrCat("scale_shuffle_", v.name, "_out.npy"));
  const std::string shuffled = TempPath(absl::StrCat("shuffled_", v.name, ".npy"));
  const std::string back = TempPath(absl::StrCat("back_", v.name, ".npy"));

  ToolResult r = RunTool({"shuffle-scales", "--input=" + in, "--output=" + shuffled});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(out), ReadNpyOrDie(shuffled)), "");

  r = RunTool({"unshuffle-scales", "--input=" + out, "--output=" + back,
               absl::StrCat("--rows=", v.rows), absl::StrCat("--groups=", v.groups)});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(in), ReadNpyOrDie(back)), "");
}

INSTANTIATE_TEST_SUITE_P(SharedVectors, ScaleShuffleGoldenTest,
                         ::testing::Values(ScaleVector{"256x16", 256, 16},
                                           ScaleVector{"300x9", 300, 9},
                                           ScaleVector{"40x12", 40, 12}),
                         [](const auto& info) { return std::string(info.param.name); });

// Both shuffled layouts, shapes at and around the padding edges; --k and
// --groups spell the same shape.
TEST(ScaleShuffleTest, RoundTripsEveryLayoutAndShape) {
  const uint32_t seed = 1234;
  for (const char* layout : {"shuffled16", "shuffled32"}) {
    for (auto [rows, groups] : std::vector<std::pair<int64_t, int64_t>>{
             {1, 1}, {16, 4}, {33, 8}, {255, 9}, {256, 16}, {257, 17}}) {
      SCOPED_TRACE(absl::StrCat(layout, " rows=", rows, " groups=", groups, " seed=", seed));
      const std::string in = TempPath("s_in.npy"), sh = TempPath("s_sh.npy"),
                        back = TempPath("s_back.npy");
      const NpyArray original = RandomBytes(rows, groups, seed + rows * 31 + groups);
      WriteNpyOrDie(in, original);
      ToolResult r = RunTool(
          {"shuffle-scales", "--input=" + in, "--output=" + sh, std::string("--layout=") + layout});
      ASSERT_EQ(r.exit_code, 0) << r;
      const NpyArray shuffled = ReadNpyOrDie(sh);
      const ScaleLayout l =
          std::string(layout) == "shuffled16" ? ScaleLayout::kShuffled16 : ScaleLayout::kShuffled32;
      EXPECT_EQ(shuffled.shape,
                (std::vector<int64_t>{ScaleStorageRows(l, rows), ScaleStorageGroups(l, groups)}));
      // Every logical scale sits at the offset layouts.h defines.
      for (int64_t row = 0; row < rows; ++row) {
        for (int64_t g = 0; g < groups; ++g) {
          ASSERT_EQ(shuffled.bytes[ScaleOffset(l, row, g, groups)],
                    original.bytes[row * groups + g])
              << "row " << row << " group " << g;
        }
      }
      const std::string shape_flag =
          rows % 2 ? absl::StrCat("--groups=", groups) : absl::StrCat("--k=", groups * 32);
      r = RunTool({"unshuffle-scales", "--input=" + sh, "--output=" + back,
                   std::string("--layout=") + layout, absl::StrCat("--rows=", rows), shape_flag});
      ASSERT_EQ(r.exit_code, 0) << r;
      EXPECT_EQ(ArrayDifference(original, ReadNpyOrDie(back)), "");
    }
  }
}

TEST(ScaleShuffleTest, UnshuffleNeedsExactlyOneOfGroupsAndK) {
  const std::string in = SharedTestdata("scale_shuffle_40x12_out.npy");
  ToolResult r =
      RunTool({"unshuffle-scales", "--input=" + in, "--output=" + TempPath("x.npy"), "--rows=40"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("exactly one of --groups and --k"));
  r = RunTool({"unshuffle-scales", "--input=" + in, "--output=" + TempPath("x.npy"), "--rows=40",
               "--groups=12", "--k=384"});
  EXPECT_EQ(r.exit_code, 2) << r;
  r = RunTool({"unshuffle-scales", "--input=" + in, "--output=" + TempPath("x.npy"), "--rows=40",
               "--k=100"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--k: expected a positive multiple of 32, found 100"));
  // A logical shape that does not pad to the file's shape is named in full.
  r = RunTool({"unshuffle-scales", "--input=" + in, "--output=" + TempPath("x.npy"), "--rows=40",
               "--groups=20"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("expected E8M0 scales of shape (256, 24)"));
  EXPECT_THAT(r.err, HasSubstr("found shape (256, 16)"));
}

TEST(PreshuffleBTest, MatchesReferenceAndRoundTrips) {
  for (const char* name : {"32x64", "48x160"}) {
    SCOPED_TRACE(name);
    const std::string in = SharedTestdata(absl::StrCat("b_preshuffle_", name, "_in.npy"));
    const std::string out = SharedTestdata(absl::StrCat("b_preshuffle_", name, "_out.npy"));
    ToolResult r = RunTool({"preshuffle-b", "--input=" + in, "--output=" + TempPath("b_sh.npy")});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(ArrayDifference(ReadNpyOrDie(out), ReadNpyOrDie(TempPath("b_sh.npy"))), "");
    r = RunTool({"unpreshuffle-b", "--input=" + out, "--output=" + TempPath("b_back.npy"),
                 "--layout=preshuffled"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(ArrayDifference(ReadNpyOrDie(in), ReadNpyOrDie(TempPath("b_back.npy"))), "");
  }
}

TEST(PreshuffleBTest, RandomRoundTripFollowsTheOffsetFormula) {
  const uint32_t seed = 99;
  const int64_t n = 64, kb = 96;  // K = 192
  const NpyArray original = RandomBytes(n, kb, seed);
  WriteNpyOrDie(TempPath("b.npy"), original);
  ToolResult r =
      RunTool({"preshuffle-b", "--input=" + TempPath("b.npy"), "--output=" + TempPath("b_sh.npy")});
  ASSERT_EQ(r.exit_code, 0) << r;
  const NpyArray shuffled = ReadNpyOrDie(TempPath("b_sh.npy"));
  for (int64_t row = 0; row < n; ++row) {
    for (int64_t b = 0; b < kb; ++b) {
      ASSERT_EQ(shuffled.bytes[PreshuffledBOffset(row, b, kb)], original.bytes[row * kb + b])
          << "seed " << seed << " n " << row << " b " << b;
    }
  }
  r = RunTool(
      {"unpreshuffle-b", "--input=" + TempPath("b_sh.npy"), "--output=" + TempPath("b_back.npy")});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(original, ReadNpyOrDie(TempPath("b_back.npy"))), "");
}

TEST(PreshuffleBTest, RejectsShapesTheLayoutCannotHold) {
  for (auto [n, kb] : std::vector<std::pair<int64_t, int64_t>>{{40, 64}, {32, 48}, {0, 32}}) {
    WriteNpyOrDie(TempPath("b_bad.npy"), RandomBytes(n, kb, 5));
    ToolResult r = RunTool(
        {"preshuffle-b", "--input=" + TempPath("b_bad.npy"), "--output=" + TempPath("b_out.npy")});
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_THAT(r.err, HasSubstr("N % 16 == 0 and (K/2) % 32 == 0"));
    EXPECT_THAT(r.err, HasSubstr(absl::StrCat("found shape (", n, ", ", kb, ")")));
  }
}

}  // namespace
}  // namespace mxfp4::cli
