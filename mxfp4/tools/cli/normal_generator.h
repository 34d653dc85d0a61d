// File: mxfp4/tools/cli/normal_generator.h
//
// The seeded standard-normal bf16 generator behind `mxfp4 run` (docs/cli.md,
// "Inputs of run"). It is specified exactly, so that anyone can regenerate
// the same A and B in a few lines of numpy:
//   1. SplitMix64: state_i = seed + i * 0x9E3779B97F4A7C15 (i = 1, 2, ...,
//      mod 2^64); x_i = mix(state_i) with the standard SplitMix64 finalizer
//      (xor-shift 30, * 0xBF58476D1CE4E5B9, xor-shift 27, * 0x94D049BB133111EB,
//      xor-shift 31).
//   2. Box-Muller on pairs (x_{2j+1}, x_{2j+2}), in double:
//      u1 = ((x >> 11) + 1) * 2^-53 in (0, 1], u2 = (x' >> 11) * 2^-53 in [0, 1),
//      r = sqrt(-2 ln u1), t = (2 pi) * u2; normal 2j = r cos t, 2j+1 = r sin t.
//   3. Each normal: double -> fp32 (round to nearest) -> bf16 (RNE).
// A shape's inputs are one stream from --seed: A (M, K) row-major takes the
// first M*K values, B (N, K) row-major the next N*K (A then B, as the contest
// did). std::normal_distribution is not used: its output is not specified by
// the C++ standard, so it differs between standard libraries.
//
// Example:
//   NormalBf16Generator gen(/*seed=*/7);
//   std::vector<uint16_t> a(m * k), b(n * k);
//   gen.Fill(absl::MakeSpan(a));
//   gen.Fill(absl::MakeSpan(b));

#ifndef MXFP4_TOOLS_CLI_NORMAL_GENERATOR_H_
#define MXFP4_TOOLS_CLI_NORMAL_GENERATOR_H_

#include <cstdint>

#include "absl/types/span.h"

namespace mxfp4::cli {

class NormalBf16Generator {
 public:
  explicit NormalBf16Generator(uint64_t seed) : state_(seed) {}

  // Next raw SplitMix64 output.
  uint64_t NextU64();
  // Next standard normal as an fp32 (steps 1-2 above, then double -> fp32).
  float NextFloat();
  // Fills `out` with the next out.size() values as bf16 bits (step 3).
  void Fill(absl::Span<uint16_t> out);

 private:
  uint64_t state_;
  bool has_spare_ = false;  // the sine half of the last Box-Muller pair
  float spare_ = 0.0f;
};

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_NORMAL_GENERATOR_H_
