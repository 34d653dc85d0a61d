// File: mxfp4/testing/bf16_inputs.h
//
// Seeded bf16 test inputs for GPU-vs-emulator testers (quantization now, GEMM
// next): the contest's standard normal data, wide exponent ranges, and the
// edge values of shared/spec/mxfp4-semantics.md §1-2 (zeros, -0, denormals,
// max bf16, smallest normal, exact E2M1 ties after scaling, maxima whose
// mantissa is >= 1.75 so EVEN rounds the scale up), optionally NaN/Inf.
// Same seed -> same bytes on every machine (SplitMix64, no <random>
// distributions whose output is implementation-defined).
//
// Example:
//   std::vector<uint16_t> a = MakeBf16Input(Bf16Distribution::kEdgeValues, 17, 96, /*seed=*/7);

#ifndef MXFP4_TESTING_BF16_INPUTS_H_
#define MXFP4_TESTING_BF16_INPUTS_H_

#include <cstdint>
#include <vector>

namespace mxfp4::testing {

enum class Bf16Distribution {
  kNormal,        // standard normal (the contest's inputs), rounded to bf16 RNE
  kWideExponent,  // per block a random top exponent over the whole bf16 range
                  // (denormals included), elements up to 24 binades below it
  kEdgeValues,    // per block one edge pattern (zeros, -0, denormals, max
                  // bf16, ties at every E2M1 midpoint, maxima >= 1.75 * 2^e, ...)
  kSpecials,      // kEdgeValues plus NaN and +-Inf in some blocks
  kAllFinite,     // every finite bf16 bit pattern in order, repeated (65280)
  kAllFiniteShuffled,  // the same, in a seeded random order
};

const char* Bf16DistributionName(Bf16Distribution distribution);

// SplitMix64: tiny, fast, the same everywhere.
class TestRng {
 public:
  explicit TestRng(uint64_t seed) : state_(seed) {}
  uint64_t Next();
  uint32_t Next32() { return static_cast<uint32_t>(Next() >> 32); }
  uint64_t Below(uint64_t n) { return Next() % n; }  // n > 0
  bool Bit() { return (Next() >> 63) != 0; }
  double Uniform01() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
  double Normal();  // Box-Muller

 private:
  uint64_t state_;
};

// MakeBf16Input()
// rows * k bf16 bit patterns, row-major. Blocks (32 along k) are the unit of
// the per-block patterns; k should be a multiple of 32 for those to line up.
std::vector<uint16_t> MakeBf16Input(Bf16Distribution distribution, int64_t rows, int64_t k,
                                    uint64_t seed);

// Every finite bf16 bit pattern (no NaN, no +-Inf), ascending by bits.
std::vector<uint16_t> AllFiniteBf16();

// TestScaleIsSmall(): true when MXFP4_TEST_SCALE=small (run_all.sh sets it for
// compute-sanitizer runs, which are 10-100x slower): loops keep their edge
// cases and drop repetitions.
bool TestScaleIsSmall();

}  // namespace mxfp4::testing

#endif  // MXFP4_TESTING_BF16_INPUTS_H_
