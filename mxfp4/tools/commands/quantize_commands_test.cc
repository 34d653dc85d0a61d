// File: mxfp4/tools/commands/quantize_commands_test.cc
//
// `quantize` and `dequantize` end to end: the shared quantization vectors
// (testdata/quant_*) byte for byte, every rule and scale layout against the
// library called directly, fp32 vs bf16 inputs, and dequantize round trips
// through every layout.

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

TEST(QuantizeCommandTest, SharedVectorsBitForBit) {
  const std::string q = TempPath("q.npy"), s = TempPath("s.npy");
  ToolResult r = RunTool({"quantize", "--input=" + SharedTestdata("quant_input_bf16bits.npy"),
                          "--output_data=" + q, "--output_scales=" + s});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(
      ArrayDifference(ReadNpyOrDie(SharedTestdata("quant_expected_fp4.npy")), ReadNpyOrDie(q)), "");
  EXPECT_EQ(
      ArrayDifference(ReadNpyOrDie(SharedTestdata("quant_expected_scales.npy")), ReadNpyOrDie(s)),
      "");
}

// The gemm vectors' A_q / A_s are the EVEN quantization of A too.
TEST(QuantizeCommandTest, GemmVectorsAQuantizeToAqAs) {
  for (const char* shape : {"16x64x256", "33x48x512", "4x96x1024"}) {
    SCOPED_TRACE(shape);
    const std::string prefix = absl::StrCat("gemm_", shape, "_");
    ToolResult r = RunTool({"quantize", "--input=" + SharedTestdata(prefix + "A_bf16bits.npy"),
                            "--output_data=" + TempPath("aq.npy"),
                            "--output_scales=" + TempPath("as.npy"), "--rule=even"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(ArrayDifference(ReadNpyOrDie(SharedTestdata(prefix + "Aq.npy")),
                              ReadNpyOrDie(TempPath("aq.npy"))),
              "");
    EXPECT_EQ(ArrayDifference(ReadNpyOrDie(SharedTestdata(prefix + "As.npy")),
                              ReadNpyOrDie(TempPath("as.npy"))),
              "");
  }
}

// Seeded random input with a wide exponent spread so the rules disagree.
std::vector<uint16_t> RandomBf16(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  std::uniform_int_distribution<int> exp_shift(-20, 20);
  std::vector<uint16_t> v(n);
  for (auto& x : v) x = FloatToBf16(std::ldexp(normal(rng), exp_shift(rng)));
  return v;
}

// The tool passes --rule and --scale_layout through: its output equals the
// library's for every combination, and shuffled scales have the padded 2-D shape.
TEST(QuantizeCommandTest, EveryRuleAndLayoutMatchesTheLibrary) {
  const uint32_t seed = 2024;
  const int64_t rows = 37, k = 320;
  const std::vector<uint16_t> x = RandomBf16(rows * k, seed);
  WriteNpyOrDie(TempPath("x.npy"), NpyArray::FromU16({rows, k}, x));
  const std::vector<std::pair<std::string, ScaleRule>> rules = {
      {"even", ScaleRule::kEven}, {"floor", ScaleRule::kOcpFloor}, {"rceil", ScaleRule::kRceil}};
  const std::vector<std::pair<std::string, ScaleLayout>> layouts = {
      {"natural", ScaleLayout::kNatural},
      {"shuffled16", ScaleLayout::kShuffled16},
      {"shuffled32", ScaleLayout::kShuffled32}};
  std::vector<std::vector<uint8_t>> natural_scales_per_rule;
  for (const auto& [rule_name, rule] : rules) {
    for (const auto& [layout_name, layout] : layouts) {
      SCOPED_TRACE(absl::StrCat(rule_name, " ", layout_name, " seed=", seed));
      ToolResult r =
          RunTool({"quantize", "--input=" + TempPath("x.npy"), "--output_data=" + TempPath("q.npy"),
                   "--output_scales=" + TempPath("s.npy"), "--rule=" + rule_name,
                   "--scale_layout=" + layout_name});
      ASSERT_EQ(r.exit_code, 0) << r;
      QuantizeOptions options;
      options.rule = rule;
      options.scale_layout = layout;
      absl::StatusOr<Mxfp4Matrix> want = QuantizeBf16(x, rows, k, options);
      ASSERT_TRUE(want.ok()) << want.status();
      EXPECT_EQ(ArrayDifference(NpyArray::FromU8({rows, k / 2}, want->data),
                                ReadNpyOrDie(TempPath("q.npy"))),
                "");
      EXPECT_EQ(ArrayDifference(NpyArray::FromU8({ScaleStorageRows(layout, rows),
                                                  ScaleStorageGroups(layout, k / 32)},
                                                 want->scales),
                                ReadNpyOrDie(TempPath("s.npy"))),
                "");
      if (layout == ScaleLayout::kNatural) natural_scales_per_rule.push_back(want->scales);
    }
  }
  // The data really exercises the rules (otherwise --rule could be ignored).
  ASSERT_EQ(natural_scales_per_rule.size(), 3u);
  EXPECT_NE(natural_scales_per_rule[0], natural_scales_per_rule[1]);
  EXPECT_NE(natural_scales_per_rule[0], natural_scales_per_rule[2]);
}

TEST(QuantizeCommandTest, Fp32InputEqualsBf16InputOfTheSameValues) {
  const NpyArray bits = ReadNpyOrDie(SharedTestdata("quant_input_bf16bits.npy"));
  std::vector<float> f(bits.num_elements());
  for (size_t i = 0; i < f.size(); ++i) {
    uint16_t b;
    std::memcpy(&b, &bits.bytes[2 * i], 2);
    f[i] = Bf16ToFloat(b);
  }
  WriteNpyOrDie(TempPath("x_f32.npy"), NpyArray::FromF32(bits.shape, f));
  ToolResult r =
      RunTool({"quantize", "--input=" + TempPath("x_f32.npy"), "--output_data=" + TempPath("q.npy"),
               "--output_scales=" + TempPath("s.npy")});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(SharedTestdata("quant_expected_fp4.npy")),
                            ReadNpyOrDie(TempPath("q.npy"))),
            "");
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(SharedTestdata("quant_expected_scales.npy")),
                            ReadNpyOrDie(TempPath("s.npy"))),
            "");
}

// quantize -> dequantize in every scale layout (and preshuffled data) gives
// the same values as the library's Dequantize on natural layouts; bf16 output
// is the RNE of the fp32 output.
TEST(DequantizeCommandTest, EveryLayoutGivesTheSameValues) {
  const uint32_t seed = 77;
  const int64_t rows = 48, k = 256;  // preshuffled needs rows % 16, K % 64
  const std::vector<uint16_t> x = RandomBf16(rows * k, seed);
  WriteNpyOrDie(TempPath("x.npy"), NpyArray::FromU16({rows, k}, x));
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(x, rows, k, {});
  ASSERT_TRUE(q.ok()) << q.status();
  absl::StatusOr<Mxfp4View> view = q->view();
  ASSERT_TRUE(view.ok());
  absl::StatusOr<std::vector<float>> want = Dequantize(*view);
  ASSERT_TRUE(want.ok());
  const NpyArray want_f32 = NpyArray::FromF32({rows, k}, *want);
  std::vector<uint16_t> want_bf16_bits(want->size());
  for (size_t i = 0; i < want->size(); ++i) want_bf16_bits[i] = FloatToBf16((*want)[i]);
  const NpyArray want_bf16 = NpyArray::FromU16({rows, k}, want_bf16_bits);

  for (const char* scale_layout : {"natural", "shuffled16", "shuffled32"}) {
    for (const char* data_layout : {"natural", "preshuffled"}) {
      SCOPED_TRACE(absl::StrCat(scale_layout, " ", data_layout, " seed=", seed));
      ToolResult r = RunTool(
          {"quantize", "--input=" + TempPath("x.npy"), "--output_data=" + TempPath("q.npy"),
           "--output_scales=" + TempPath("s.npy"), std::string("--scale_layout=") + scale_layout});
      ASSERT_EQ(r.exit_code, 0) << r;
      std::string data = TempPath("q.npy");
      if (std::string(data_layout) == "preshuffled") {
        r = RunTool({"preshuffle-b", "--input=" + data, "--output=" + TempPath("q_pre.npy")});
        ASSERT_EQ(r.exit_code, 0) << r;
        data = TempPath("q_pre.npy");
      }
      for (const char* dtype : {"f32", "bf16"}) {
        r = RunTool({"dequantize", "--data=" + data, "--scales=" + TempPath("s.npy"),
                     std::string("--scale_layout=") + scale_layout,
                     std::string("--data_layout=") + data_layout, "--output=" + TempPath("x2.npy"),
                     std::string("--output_dtype=") + dtype});
        ASSERT_EQ(r.exit_code, 0) << r;
        EXPECT_EQ(ArrayDifference(std::string(dtype) == "f32" ? want_f32 : want_bf16,
                                  ReadNpyOrDie(TempPath("x2.npy"))),
                  "")
            << dtype;
      }
    }
  }
}

TEST(DequantizeCommandTest, ScalesMustMatchTheDataShapeAndLayout) {
  const std::string aq = SharedTestdata("gemm_33x48x512_Aq.npy");
  const std::string as = SharedTestdata("gemm_33x48x512_As.npy");
  ToolResult r = RunTool({"dequantize", "--data=" + aq, "--scales=" + as,
                          "--scale_layout=shuffled16", "--output=" + TempPath("x.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--scales: " + as));
  EXPECT_THAT(r.err, HasSubstr("shape (256, 16)"));
  EXPECT_THAT(r.err, HasSubstr("found shape (33, 16)"));
  // 33 rows cannot be preshuffled.
  r = RunTool({"dequantize", "--data=" + aq, "--scales=" + as, "--data_layout=preshuffled",
               "--output=" + TempPath("x.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("rows % 16 == 0"));
  // Data of another operand: K disagrees with the scales.
  r = RunTool({"dequantize", "--data=" + SharedTestdata("gemm_4x96x1024_Aq.npy"),
               "--scales=" + SharedTestdata("gemm_4x96x1024_Bs.npy"),
               "--output=" + TempPath("x.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("expected E8M0 scales of shape (4, 32)"));
  EXPECT_THAT(r.err, HasSubstr("found shape (96, 32)"));
}

}  // namespace
}  // namespace mxfp4::cli
