// File: mxfp4/emu/reference_gemm_vectors_test.cc
//
// The small reference GEMMs in testdata/gemm_<M>x<N>x<K>_* (made with
// shared/spec/mxfp4-semantics.md): quantizing A (bf16 bits) with the EVEN rule
// gives Aq / As, and the ideal contract from Aq, As, Bq, Bs (natural packed
// data, natural scales) equals C_ideal_f32 bit for bit.

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/error_report.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/io/npy.h"

namespace mxfp4 {
namespace {

struct VectorCase {
  int64_t m, n, k;
};

class ReferenceGemmVectorsTest : public ::testing::TestWithParam<VectorCase> {};

std::string Path(const VectorCase& c, const std::string& what) {
  return "testdata/gemm_" + std::to_string(c.m) + "x" + std::to_string(c.n) + "x" +
         std::to_string(c.k) + "_" + what + ".npy";
}

template <typename T>
std::vector<T> Load(const VectorCase& c, const std::string& what,
                    const std::vector<int64_t>& shape) {
  absl::StatusOr<NpyArray> array = ReadNpy(Path(c, what));
  EXPECT_TRUE(array.ok()) << array.status();
  if (!array.ok()) return {};
  EXPECT_EQ(array->shape, shape) << Path(c, what);
  absl::StatusOr<std::vector<T>> values;
  if constexpr (std::is_same_v<T, uint8_t>) {
    values = array->AsU8();
  } else if constexpr (std::is_same_v<T, uint16_t>) {
    values = array->AsU16();
  } else {
    values = array->AsF32();
  }
  EXPECT_TRUE(values.ok()) << values.status();
  return values.ok() ? *values : std::vector<T>{};
}

TEST_P(ReferenceGemmVectorsTest, QuantizeThenIdealMatchesReference) {
  const VectorCase c = GetParam();
  const std::vector<uint16_t> a_bits = Load<uint16_t>(c, "A_bf16bits", {c.m, c.k});
  const std::vector<uint8_t> aq = Load<uint8_t>(c, "Aq", {c.m, c.k / 2});
  const std::vector<uint8_t> as = Load<uint8_t>(c, "As", {c.m, c.k / 32});
  const std::vector<uint8_t> bq = Load<uint8_t>(c, "Bq", {c.n, c.k / 2});
  const std::vector<uint8_t> bs = Load<uint8_t>(c, "Bs", {c.n, c.k / 32});
  const std::vector<float> expected = Load<float>(c, "C_ideal_f32", {c.m, c.n});
  ASSERT_FALSE(HasFailure());

  // EVEN quantization of A reproduces the stored Aq / As.
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(a_bits, c.m, c.k, QuantizeOptions{});
  ASSERT_TRUE(q.ok()) << q.status();
  EXPECT_EQ(q->data, aq);
  EXPECT_EQ(q->scales, as);

  absl::StatusOr<Mxfp4View> a = Mxfp4View::Create(aq, as, Mxfp4Shape{c.m, c.k},
                                                   DataLayout::kNatural, ScaleLayout::kNatural);
  absl::StatusOr<Mxfp4View> b = Mxfp4View::Create(bq, bs, Mxfp4Shape{c.n, c.k},
                                                   DataLayout::kNatural, ScaleLayout::kNatural);
  ASSERT_TRUE(a.ok() && b.ok()) << a.status() << b.status();
  for (CpuKernel kernel : {CpuKernel::kPortable, CpuKernel::kAuto}) {
    GemmOptions options;
    options.contract = Contract::kIdeal;
    options.cpu_kernel = kernel;
    std::vector<float> got(c.m * c.n);
    ASSERT_TRUE(ReferenceGemm(*a, *b, options, absl::MakeSpan(got)).ok());
    absl::StatusOr<ErrorReport> report = CompareFp32(got, expected, c.m, c.n);
    ASSERT_TRUE(report.ok());
    EXPECT_TRUE(report->bit_exact) << CpuKernelName(kernel) << "\n" << report->ToString();
  }
  // And block_fma is within the contest tolerance of it (a sanity check on
  // the data, not a contract).
  GemmOptions fma;
  std::vector<float> got(c.m * c.n);
  ASSERT_TRUE(ReferenceGemm(*a, *b, fma, absl::MakeSpan(got)).ok());
  absl::StatusOr<ErrorReport> report = CompareFp32(got, expected, c.m, c.n);
  ASSERT_TRUE(report.ok());
  EXPECT_TRUE(report->within_tolerance()) << report->ToString();
}

INSTANTIATE_TEST_SUITE_P(Testdata, ReferenceGemmVectorsTest,
                         ::testing::Values(VectorCase{16, 64, 256}, VectorCase{33, 48, 512},
                                           VectorCase{4, 96, 1024}),
                         [](const ::testing::TestParamInfo<VectorCase>& info) {
                           return "m" + std::to_string(info.param.m) + "_n" +
                                  std::to_string(info.param.n) + "_k" +
                                  std::to_string(info.param.k);
                         });

}  // namespace
}  // namespace mxfp4
