// File: mxfp4/tools/cli/normal_generator.cc
//
// SplitMix64 + Box-Muller standard normals rounded to bf16; the exact recipe
// is in normal_generator.h and docs/cli.md (with an equivalent numpy snippet).

#include "mxfp4/tools/cli/normal_generator.h"

#include <cmath>

#include "mxfp4/core/formats.h"

namespace mxfp4::cli {

uint64_t NormalBf16Generator::NextU64() {
  state_ += 0x9E3779B97F4A7C15ull;
  uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

float NormalBf16Generator::NextFloat() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  constexpr double kTwoPow53Inv = 1.0 / 9007199254740992.0;  // 2^-53
  constexpr double kTwoPi = 2.0 * 3.141592653589793;         // == 2 * np.pi
  const double u1 = static_cast<double>((NextU64() >> 11) + 1) * kTwoPow53Inv;
  const double u2 = static_cast<double>(NextU64() >> 11) * kTwoPow53Inv;
  const double r = std::sqrt(-2.0 * std::log(u1));
  const double t = kTwoPi * u2;
  spare_ = static_cast<float>(r * std::sin(t));
  has_spare_ = true;
  return static_cast<float>(r * std::cos(t));
}

void NormalBf16Generator::Fill(absl::Span<uint16_t> out) {
  for (uint16_t& v : out) v = FloatToBf16(NextFloat());
}

}  // namespace mxfp4::cli
