// File: mxfp4/emu/quantize_test_util.h
//
// Small testonly helpers shared by the quantization tests: a seeded, fast
// random generator (the seed comes from $MXFP4_TEST_SEED when set, so a failure
// printed with its seed can be replayed) and bf16/fp32 samplers that cover
// every exponent.

#ifndef MXFP4_EMU_QUANTIZE_TEST_UTIL_H_
#define MXFP4_EMU_QUANTIZE_TEST_UTIL_H_

#include <cstdint>
#include <cstdlib>

namespace mxfp4 {
namespace testing_util {

// TestSeed()
//
// $MXFP4_TEST_SEED if set (decimal), else `default_seed`.
inline uint64_t TestSeed(uint64_t default_seed) {
  const char* env = std::getenv("MXFP4_TEST_SEED");
  return env != nullptr ? std::strtoull(env, nullptr, 10) : default_seed;
}

// SplitMix64: tiny, fast and good enough to spread test inputs.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t Next32() { return static_cast<uint32_t>(Next() >> 32); }
  // Uniform in [0, n) for n > 0 (the tiny modulo bias does not matter here).
  uint64_t Below(uint64_t n) { return Next() % n; }
  bool Bit() { return (Next() >> 63) != 0; }

 private:
  uint64_t state_;
};

// RandomMagnitudeBits()
//
// A random non-negative bit pattern <= `max_bits` (bf16 or fp32 magnitudes
// order like their bits): half the time uniform over all patterns below (so
// every smaller exponent, denormals and 0 show up), half the time within
// `near` patterns of the max (values that round to the top codes).
inline uint32_t RandomMagnitudeBits(Rng& rng, uint32_t max_bits, uint32_t near) {
  if (rng.Bit()) return static_cast<uint32_t>(rng.Below(uint64_t{max_bits} + 1));
  const uint32_t span = max_bits < near ? max_bits + 1 : near;
  return max_bits - static_cast<uint32_t>(rng.Below(span));
}

}  // namespace testing_util
}  // namespace mxfp4

#endif  // MXFP4_EMU_QUANTIZE_TEST_UTIL_H_
