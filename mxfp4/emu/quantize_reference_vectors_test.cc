// File: mxfp4/emu/quantize_reference_vectors_test.cc
//
// The reference vectors of testdata/ (made from shared/spec/mxfp4-semantics.md
// §2 outside this project): quant_input_bf16bits.npy (every finite bf16 value
// and edge cases) must quantize with the EVEN rule to exactly
// quant_expected_fp4.npy (packed codes) and quant_expected_scales.npy (natural
// scales), bit for bit, for any thread count and through either input type.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/io/npy.h"

namespace mxfp4 {
namespace {

// Test working directory is the runfiles root of the workspace.
NpyArray ReadOrFail(const std::string& name) {
  absl::StatusOr<NpyArray> a = ReadNpy("testdata/" + name);
  EXPECT_TRUE(a.ok()) << a.status();
  return a.ok() ? *a : NpyArray();
}

TEST(QuantizeReferenceVectors, EvenRuleMatchesBitForBit) {
  const NpyArray input = ReadOrFail("quant_input_bf16bits.npy");
  const NpyArray want_fp4 = ReadOrFail("quant_expected_fp4.npy");
  const NpyArray want_scales = ReadOrFail("quant_expected_scales.npy");
  ASSERT_EQ(input.shape.size(), 2u);
  const int64_t rows = input.shape[0], k = input.shape[1];
  ASSERT_EQ(want_fp4.shape, (std::vector<int64_t>{rows, k / 2}));
  ASSERT_EQ(want_scales.shape, (std::vector<int64_t>{rows, k / 32}));
  absl::StatusOr<std::vector<uint16_t>> x = input.AsU16();
  absl::StatusOr<std::vector<uint8_t>> fp4 = want_fp4.AsU8();
  absl::StatusOr<std::vector<uint8_t>> scales = want_scales.AsU8();
  ASSERT_TRUE(x.ok() && fp4.ok() && scales.ok());

  std::vector<float> widened(x->size());
  for (size_t i = 0; i < x->size(); ++i) widened[i] = Bf16ToFloat((*x)[i]);

  for (int threads : {1, 2}) {
    for (bool from_float : {false, true}) {
      QuantizeOptions options;  // EVEN, natural scales
      options.num_threads = threads;
      absl::StatusOr<Mxfp4Matrix> q = from_float ? QuantizeFloat(widened, rows, k, options)
                                                 : QuantizeBf16(*x, rows, k, options);
      ASSERT_TRUE(q.ok()) << q.status();
      const std::string what =
          absl::StrFormat("threads=%d input=%s", threads, from_float ? "fp32" : "bf16");
      int reported = 0;
      for (int64_t i = 0; i < rows * (k / 32) && reported < 10; ++i) {
        if (q->scales[i] != (*scales)[i]) {
          ++reported;
          ADD_FAILURE() << what << ": scale (" << i / (k / 32) << ", " << i % (k / 32) << ") got "
                        << int{q->scales[i]} << " want " << int{(*scales)[i]};
        }
      }
      for (int64_t i = 0; i < rows * (k / 2) && reported < 10; ++i) {
        if (q->data[i] != (*fp4)[i]) {
          ++reported;
          const int64_t r = i / (k / 2), element = 2 * (i % (k / 2));
          ADD_FAILURE() << what
                        << absl::StrFormat(
                               ": byte (%d, %d) got 0x%02x want 0x%02x; inputs 0x%04x 0x%04x", r,
                               i % (k / 2), q->data[i], (*fp4)[i], (*x)[r * k + element],
                               (*x)[r * k + element + 1]);
        }
      }
      EXPECT_EQ(reported, 0) << what;
    }
  }
}

}  // namespace
}  // namespace mxfp4
