// File: mxfp4/tools/commands/prepared_commands_test.cc
//
// prepare-b / unprepare-b: seeded random weights round trip byte for byte
// (natural and original-system layouts, N at and around the 64-row groups),
// prepare-b writes exactly PrepareWeightImage's bytes and scale bits, and
// malformed images (wrong dtype or shape, K not dividing, corrupted bytes or
// scales, non-zero padding) exit 2 naming the flag and file.

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

// Every byte is valid: any nibble is an E2M1 code, any byte an E8M0 scale
// (0xFF = NaN included).
NpyArray RandomBytes(int64_t rows, int64_t cols, std::mt19937& rng) {
  std::vector<uint8_t> v(rows * cols);
  for (uint8_t& b : v) b = static_cast<uint8_t>(rng());
  return NpyArray::FromU8({rows, cols}, v);
}

// Natural B of (n, k) written to b_data.npy / b_scales.npy.
struct NaturalB {
  NpyArray data, scales;
};
NaturalB WriteRandomB(int64_t n, int64_t k, uint32_t seed) {
  std::mt19937 rng(seed);
  NaturalB b{RandomBytes(n, k / 2, rng), RandomBytes(n, k / 32, rng)};
  WriteNpyOrDie(TempPath("b_data.npy"), b.data);
  WriteNpyOrDie(TempPath("b_scales.npy"), b.scales);
  return b;
}

ToolResult Prepare(const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {
      "prepare-b", "--b_data=" + TempPath("b_data.npy"), "--b_scales=" + TempPath("b_scales.npy"),
      "--output_data=" + TempPath("p_data.npy"), "--output_scales=" + TempPath("p_scales.npy")};
  args.insert(args.end(), extra.begin(), extra.end());
  return RunTool(args);
}

ToolResult Unprepare(int64_t rows, const std::string& data = TempPath("p_data.npy"),
                     const std::string& scales = TempPath("p_scales.npy")) {
  return RunTool({"unprepare-b", "--data=" + data, "--scales=" + scales,
                  absl::StrCat("--rows=", rows), "--output_data=" + TempPath("back_data.npy"),
                  "--output_scales=" + TempPath("back_scales.npy")});
}

TEST(PreparedCommandsTest, RoundTripsAndMatchesTheLibrary) {
  for (int64_t n : {1, 64, 65, 130}) {
    for (int64_t k : {32, 96, 512}) {
      const uint32_t seed = static_cast<uint32_t>(1000 + n * 7 + k);
      SCOPED_TRACE(absl::StrCat("N=", n, " K=", k, " seed=", seed));
      const NaturalB b = WriteRandomB(n, k, seed);
      ToolResult r = Prepare();
      ASSERT_EQ(r.exit_code, 0) << r;

      // The files hold PrepareWeightImage's bytes, and its scales' bits.
      Mxfp4Matrix m;
      m.shape = {n, k};
      m.data = b.data.bytes;
      m.scales = b.scales.bytes;
      absl::StatusOr<Mxfp4View> view = m.view();
      ASSERT_TRUE(view.ok()) << view.status();
      absl::StatusOr<PreparedWeightImage> image = PrepareWeightImage(*view);
      ASSERT_TRUE(image.ok()) << image.status();
      const int64_t blocks = PreparedRowGroups(n) * (k / 32);
      EXPECT_EQ(ArrayDifference(NpyArray::FromU8({blocks, 2048}, image->data),
                                ReadNpyOrDie(TempPath("p_data.npy"))),
                "");
      EXPECT_EQ(ArrayDifference(NpyArray::FromF32({blocks, 64}, image->scales),
                                ReadNpyOrDie(TempPath("p_scales.npy"))),
                "");

      r = Unprepare(n);
      ASSERT_EQ(r.exit_code, 0) << r;
      EXPECT_EQ(ArrayDifference(b.data, ReadNpyOrDie(TempPath("back_data.npy"))), "");
      EXPECT_EQ(ArrayDifference(b.scales, ReadNpyOrDie(TempPath("back_scales.npy"))), "");
    }
  }
}

// The original system's layouts give the same image as the natural ones.
TEST(PreparedCommandsTest, PreshuffledDataAndShuffledScales) {
  const int64_t n = 128, k = 512;
  const uint32_t seed = 77;
  SCOPED_TRACE(absl::StrCat("seed=", seed));
  const NaturalB b = WriteRandomB(n, k, seed);
  ASSERT_EQ(Prepare().exit_code, 0);
  const NpyArray natural_image = ReadNpyOrDie(TempPath("p_data.npy"));
  const NpyArray natural_scales = ReadNpyOrDie(TempPath("p_scales.npy"));

  ToolResult r = RunTool({"preshuffle-b", "--input=" + TempPath("b_data.npy"),
                          "--output=" + TempPath("b_data_sh.npy")});
  ASSERT_EQ(r.exit_code, 0) << r;
  r = RunTool({"shuffle-scales", "--input=" + TempPath("b_scales.npy"),
               "--output=" + TempPath("b_scales_sh.npy"), "--layout=shuffled16"});
  ASSERT_EQ(r.exit_code, 0) << r;
  r = RunTool({"prepare-b", "--b_data=" + TempPath("b_data_sh.npy"),
               "--b_scales=" + TempPath("b_scales_sh.npy"), "--b_layout=preshuffled",
               "--b_scale_layout=shuffled16", "--output_data=" + TempPath("p_data.npy"),
               "--output_scales=" + TempPath("p_scales.npy")});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(natural_image, ReadNpyOrDie(TempPath("p_data.npy"))), "");
  EXPECT_EQ(ArrayDifference(natural_scales, ReadNpyOrDie(TempPath("p_scales.npy"))), "");

  r = Unprepare(n);
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(b.data, ReadNpyOrDie(TempPath("back_data.npy"))), "");
  EXPECT_EQ(ArrayDifference(b.scales, ReadNpyOrDie(TempPath("back_scales.npy"))), "");
}

class MalformedImageTest : public ::testing::Test {
 protected:
  // A valid image of N = 130, K = 96: 3 groups x 3 blocks.
  void SetUp() override {
    WriteRandomB(kN, kK, /*seed=*/5);
    ASSERT_EQ(Prepare().exit_code, 0);
    data_ = ReadNpyOrDie(TempPath("p_data.npy"));
    scales_ = ReadNpyOrDie(TempPath("p_scales.npy"));
  }
  void ExpectBad(const ToolResult& r, const std::vector<std::string>& fragments) {
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_THAT(r.err, HasSubstr("mxfp4 unprepare-b: error: ")) << r;
    for (const std::string& f : fragments) EXPECT_THAT(r.err, HasSubstr(f)) << r;
  }
  static constexpr int64_t kN = 130, kK = 96;
  NpyArray data_, scales_;
};

TEST_F(MalformedImageTest, WrongDtypes) {
  const std::string data = TempPath("p_data.npy"), scales = TempPath("p_scales.npy");
  ExpectBad(Unprepare(kN, scales, scales),
            {"--data: ", scales, "expected dtype '|u1' (prepared weight data), found '<f4'"});
  ExpectBad(Unprepare(kN, data, data), {"--scales: ", data, "expected dtype '<f4'", "found '|u1'"});
}

TEST_F(MalformedImageTest, WrongShapes) {
  const std::string bad = TempPath("bad.npy");
  WriteNpyOrDie(bad, NpyArray::FromU8({18, 1024}, data_.bytes));
  ExpectBad(Unprepare(kN, bad), {"--data: ", bad, "(3 * K/32, 2048)", "found shape (18, 1024)"});
  WriteNpyOrDie(bad, NpyArray::FromU8({9, 16, 128}, data_.bytes));
  ExpectBad(Unprepare(kN, bad), {"--data: ", bad, "2-D", "found shape (9, 16, 128)"});
  WriteNpyOrDie(bad, NpyArray::FromF32({18, 32}, *scales_.AsF32()));
  ExpectBad(Unprepare(kN, TempPath("p_data.npy"), bad),
            {"--scales: ", bad, "shape (9, 64)", "found shape (18, 32)"});
}

TEST_F(MalformedImageTest, KDoesNotDivide) {
  // 9 blocks are 3 K-blocks of 3 groups (N = 130) but not a whole number of
  // K-blocks of 2 groups (N = 100).
  ExpectBad(Unprepare(100),
            {"--data: ", "p_data.npy", "2 group(s) for --rows=100", "found shape (9, 2048)"});
  ExpectBad(Unprepare(0), {"--rows: expected a positive row count, found 0"});
}

TEST_F(MalformedImageTest, CorruptedDataByte) {
  NpyArray corrupt = data_;
  corrupt.bytes[PreparedDataOffset(/*row=*/70, /*col=*/40, kK)] |= 1;
  const std::string bad = TempPath("corrupt_data.npy");
  WriteNpyOrDie(bad, corrupt);
  ExpectBad(Unprepare(kN, bad), {"--data: ", bad, "not a valid prepared weight image",
                                 "element (70, 40)", "not a shifted E2M1 code"});
}

TEST_F(MalformedImageTest, CorruptedScaleAndPadding) {
  std::vector<float> scales = *scales_.AsF32();
  scales[PreparedScaleIndex(/*row=*/3, /*group=*/1, kK)] = 3.0f;
  const std::string bad = TempPath("corrupt_scales.npy");
  WriteNpyOrDie(bad, NpyArray::FromF32(scales_.shape, scales));
  ExpectBad(Unprepare(kN, TempPath("p_data.npy"), bad),
            {"--scales: ", bad, "row 3 scale of block 1", "not E8m0ToFloat"});
  // An N too small by one leaves a real row where padding must be zero.
  ExpectBad(Unprepare(kN - 1), {"padding row 129", "is --rows the real N?"});
}

TEST(PreparedCommandsTest, Help) {
  for (const char* command : {"prepare-b", "unprepare-b"}) {
    ToolResult r = RunTool({command, "--help"});
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr(absl::StrCat("usage: mxfp4 ", command)));
    EXPECT_THAT(r.out, HasSubstr("--output_data"));
  }
  EXPECT_THAT(RunTool({"prepare-b", "--help"}).out, HasSubstr("--b_scale_layout"));
  EXPECT_THAT(RunTool({"unprepare-b", "--help"}).out, HasSubstr("--rows"));
}

}  // namespace
}  // namespace mxfp4::cli
