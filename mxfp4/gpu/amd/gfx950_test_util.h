// File: mxfp4/gpu/amd/gfx950_test_util.h
//
// Testonly helpers shared by the emulated (CI) and the on-GPU (MI355X) tests
// of the gfx950 kernels (docs/amd.md): seeded inputs, the case list named
// after tile edges, the kMfma16 reference for a plan, and a bit comparison
// that explains the first mismatches (ExplainGemmElement).
//
// Example:
//   GemmInputs in = MakeInputs(33, 48, 512, AValues::kNormal, BScales::kNarrow, seed);
//   absl::StatusOr<Reference> ref = ComputeReference(in, plan, MfmaRoundingModel::kExactSumSingleRounding);
//   std::string report;
//   EXPECT_EQ(CompareBits(in, *ref, got_fp32, got_bf16, &report), 0) << report;

#ifndef MXFP4_GPU_AMD_GFX950_TEST_UTIL_H_
#define MXFP4_GPU_AMD_GFX950_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"

namespace mxfp4::gfx950::testing {

// How A's bf16 values are drawn.
enum class AValues {
  kNormal,    // N(0, 1) rounded to bf16, like the contest inputs
  kWide,      // random sign/mantissa, block exponents over the whole range
  kSpecials,  // normal plus ~1% NaN, +-Inf, denormals, +-0 and +-max
};

// How B's scale bytes are drawn.
enum class BScales {
  kNarrow,   // 120..134
  kWide,     // 0..254 (subnormal and overflowing block terms)
  kWithNan,  // wide plus ~2% 0xFF
};

// Inputs of one GEMM: bf16 A (M, K) and natural-layout MXFP4 B (N, K).
struct GemmInputs {
  int64_t m = 0, n = 0, k = 0;
  uint64_t seed = 0;
  std::vector<uint16_t> a;
  Mxfp4Matrix b;
};

GemmInputs MakeInputs(int64_t m, int64_t n, int64_t k, AValues a_values, BScales b_scales,
                      uint64_t seed);

// A test case; names follow the tile edges they exercise.
struct GemmCase {
  const char* name;
  int64_t m, n, k;
  bool force_path;
  Gfx950Path path;
  int splits;  // 0 = automatic
  AValues a_values;
  BScales b_scales;
};

// Every path with M, N, K edges (tails, half waves, empty splits, specials).
std::vector<GemmCase> PathCases();
// Contest shapes with automatic dispatch (spec: workload.md), small ones.
std::vector<GemmCase> ContestCases();
// The seed a case's inputs are drawn with.
uint64_t CaseSeed(const GemmCase& c);
Gfx950PathOptions CaseOptions(const GemmCase& c);

// A 256-byte aligned host buffer, standing for one device allocation.
class DeviceLikeBuffer {
 public:
  DeviceLikeBuffer(int64_t bytes, uint8_t fill);
  uint8_t* data() { return data_; }
  int64_t bytes() const { return bytes_; }
  template <typename T>
  T* as() {
    return reinterpret_cast<T*>(data_);
  }

 private:
  std::vector<uint8_t> storage_;
  uint8_t* data_;
  int64_t bytes_;
};

// B in the kernels' layouts (preshuffled data, shuffled16 scales).
absl::StatusOr<Mxfp4Matrix> DeviceLayoutB(const GemmInputs& in);

// The kMfma16 reference for what `plan` computes: A quantized by QuantizeBf16
// (EVEN), the plan's K split (split-K), fp32 and bf16 results.
struct Reference {
  Mxfp4Matrix a_q;  // natural data + natural scales
  GemmOptions options;
  std::vector<float> fp32;
  std::vector<uint16_t> bf16;
};
absl::StatusOr<Reference> ComputeReference(const GemmInputs& in, const Gfx950Plan& plan,
                                           MfmaRoundingModel model);

// CompareBits(): mismatching outputs (fp32 bits where `got_fp32` is not
// empty, and bf16 bits); the first few are explained in `report`.
int64_t CompareBits(const GemmInputs& in, const Reference& ref, absl::Span<const float> got_fp32,
                    absl::Span<const uint16_t> got_bf16, std::string* report);

// Expected number of MFMA instructions a plan issues (all waves).
int64_t ExpectedMfmaCount(const GemmInputs& in, const Gfx950Plan& plan);

}  // namespace mxfp4::gfx950::testing

#endif  // MXFP4_GPU_AMD_GFX950_TEST_UTIL_H_
