// File: mxfp4/testing/bf16_inputs.cc
//
// Seeded bf16 test inputs (see bf16_inputs.h).

#include "mxfp4/testing/bf16_inputs.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "mxfp4/core/formats.h"

namespace mxfp4::testing {
namespace {

constexpr int kBlock = 32;
constexpr uint16_t kMaxFiniteBits = 0x7F7F;  // largest finite bf16 magnitude
constexpr uint16_t kSign = 0x8000;

// bf16 bits of sign * 2^e * t for an E2M1-grid or midpoint value t (at most
// two significant bits), or of the nearest finite value when 2^e * t leaves
// the bf16 range (then it is no longer an exact tie; still a valid input).
uint16_t ScaledBits(double t, int e, bool negative) {
  const float f = static_cast<float>(std::ldexp(t, e));
  uint16_t bits = FloatToBf16(f);
  if ((bits & 0x7FFF) >= 0x7F80) bits = kMaxFiniteBits;  // overflowed
  return negative ? static_cast<uint16_t>(bits | kSign) : bits;
}

// Values whose scaled magnitude is an E2M1 grid point or a rounding midpoint.
constexpr double kGridAndTies[] = {0.0,  0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75,
                                   2.0,  2.5,  3.0, 3.5,  4.0, 5.0,  6.0, 5.5};

void FillNormal(TestRng& rng, uint16_t* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = FloatToBf16(static_cast<float>(rng.Normal()));
}

// A random finite bf16 with biased exponent field `exponent` (0 = denormal).
uint16_t WithExponent(TestRng& rng, int exponent) {
  const uint16_t mantissa = static_cast<uint16_t>(rng.Below(128));
  uint16_t bits = static_cast<uint16_t>((exponent << 7) | mantissa);
  if (rng.Bit()) bits |= kSign;
  return bits;
}

void FillWideExponentBlock(TestRng& rng, uint16_t* block) {
  const int top = static_cast<int>(rng.Below(255));  // 0..254
  for (int i = 0; i < kBlock; ++i) {
    int e = top - static_cast<int>(rng.Below(25));
    if (e < 0) e = 0;
    block[i] = WithExponent(rng, e);
  }
}

// One edge pattern per block; `specials` adds NaN/Inf patterns.
void FillEdgeBlock(TestRng& rng, uint16_t* block, bool specials) {
  const int patterns = specials ? 12 : 10;
  const int pattern = static_cast<int>(rng.Below(patterns));
  switch (pattern) {
    case 0:  // zeros and negative zeros
      for (int i = 0; i < kBlock; ++i) block[i] = rng.Bit() ? kSign : 0;
      break;
    case 1:  // denormals only (the block max is tiny: scale 0, upscaling by 2^127)
      for (int i = 0; i < kBlock; ++i) {
        block[i] = static_cast<uint16_t>(rng.Below(128) | (rng.Bit() ? kSign : 0));
      }
      break;
    case 2:  // max bf16 with random company
      for (int i = 0; i < kBlock; ++i) block[i] = WithExponent(rng, static_cast<int>(rng.Below(255)));
      block[rng.Below(kBlock)] = rng.Bit() ? kMaxFiniteBits : (kMaxFiniteBits | kSign);
      break;
    case 3:
    case 4:
    case 5: {  // exact ties and grid points after scaling by 2^p, max = 6 * 2^p or 4 * 2^p
      const int p = static_cast<int>(rng.Below(260)) - 133;
      for (int i = 0; i < kBlock; ++i) {
        block[i] = ScaledBits(kGridAndTies[rng.Below(16)], p, rng.Bit());
      }
      block[rng.Below(kBlock)] = ScaledBits(rng.Bit() ? 6.0 : 4.0, p, rng.Bit());
      break;
    }
    case 6: {  // maxima with mantissa around 1.75 (EVEN rounds the exponent up at >= 1.75)
      const int e = static_cast<int>(rng.Below(254)) + 1;
      static constexpr uint16_t kMantissas[] = {0x5F, 0x60, 0x61, 0x7F, 0x00, 0x40, 0x41, 0x3F};
      const uint16_t max_bits = static_cast<uint16_t>((e << 7) | kMantissas[rng.Below(8)]);
      for (int i = 0; i < kBlock; ++i) {
        block[i] = static_cast<uint16_t>(rng.Below(max_bits + 1u) | (rng.Bit() ? kSign : 0));
      }
      block[rng.Below(kBlock)] = static_cast<uint16_t>(max_bits | (rng.Bit() ? kSign : 0));
      break;
    }
    case 7:  // smallest normal, largest denormal, smallest denormal, zeros
      for (int i = 0; i < kBlock; ++i) {
        static constexpr uint16_t kTiny[] = {0x0080, 0x007F, 0x0001, 0x0000, 0x0040, 0x00C0};
        block[i] = static_cast<uint16_t>(kTiny[rng.Below(6)] | (rng.Bit() ? kSign : 0));
      }
      break;
    case 8:  // one large value, the rest far below (codes 0 and -0)
      for (int i = 0; i < kBlock; ++i) block[i] = WithExponent(rng, static_cast<int>(rng.Below(40)));
      block[rng.Below(kBlock)] = WithExponent(rng, 200 + static_cast<int>(rng.Below(55)));
      break;
    case 9:  // all equal magnitude
    {
      const uint16_t v = WithExponent(rng, static_cast<int>(rng.Below(255)));
      for (int i = 0; i < kBlock; ++i) block[i] = static_cast<uint16_t>((v & 0x7FFF) | (rng.Bit() ? kSign : 0));
      break;
    }
    case 10:  // NaN somewhere (NaN block: scale 0xFF)
      for (int i = 0; i < kBlock; ++i) block[i] = WithExponent(rng, static_cast<int>(rng.Below(255)));
      block[rng.Below(kBlock)] =
          static_cast<uint16_t>(0x7F80 | (1 + rng.Below(127)) | (rng.Bit() ? kSign : 0));
      break;
    default:  // +-Inf somewhere
      for (int i = 0; i < kBlock; ++i) block[i] = WithExponent(rng, static_cast<int>(rng.Below(255)));
      block[rng.Below(kBlock)] = rng.Bit() ? 0x7F80 : 0xFF80;
      break;
  }
}

}  // namespace

uint64_t TestRng::Next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double TestRng::Normal() {
  double u1 = Uniform01();
  while (u1 <= 0.0) u1 = Uniform01();
  const double u2 = Uniform01();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

const char* Bf16DistributionName(Bf16Distribution distribution) {
  switch (distribution) {
    case Bf16Distribution::kNormal: return "normal";
    case Bf16Distribution::kWideExponent: return "wide_exponent";
    case Bf16Distribution::kEdgeValues: return "edge_values";
    case Bf16Distribution::kSpecials: return "specials";
    case Bf16Distribution::kAllFinite: return "all_finite";
    case Bf16Distribution::kAllFiniteShuffled: return "all_finite_shuffled";
  }
  return "unknown";
}

std::vector<uint16_t> AllFiniteBf16() {
  std::vector<uint16_t> values;
  values.reserve(65280);
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    if ((bits & 0x7F80) == 0x7F80) continue;  // Inf or NaN
    values.push_back(static_cast<uint16_t>(bits));
  }
  return values;
}

std::vector<uint16_t> MakeBf16Input(Bf16Distribution distribution, int64_t rows, int64_t k,
                                    uint64_t seed) {
  const int64_t n = rows * k;
  std::vector<uint16_t> out(n > 0 ? n : 0);
  TestRng rng(seed * 0x2545F4914F6CDD1Dull + static_cast<uint64_t>(distribution));
  switch (distribution) {
    case Bf16Distribution::kNormal:
      FillNormal(rng, out.data(), n);
      break;
    case Bf16Distribution::kWideExponent:
    case Bf16Distribution::kEdgeValues:
    case Bf16Distribution::kSpecials: {
      uint16_t block[kBlock];
      for (int64_t i = 0; i < n; i += kBlock) {
        if (distribution == Bf16Distribution::kWideExponent) {
          FillWideExponentBlock(rng, block);
        } else {
          FillEdgeBlock(rng, block, distribution == Bf16Distribution::kSpecials);
        }
        const int64_t count = n - i < kBlock ? n - i : kBlock;
        std::memcpy(out.data() + i, block, count * sizeof(uint16_t));
      }
      break;
    }
    case Bf16Distribution::kAllFinite:
    case Bf16Distribution::kAllFiniteShuffled: {
      std::vector<uint16_t> all = AllFiniteBf16();
      if (distribution == Bf16Distribution::kAllFiniteShuffled) {
        for (size_t i = all.size() - 1; i > 0; --i) std::swap(all[i], all[rng.Below(i + 1)]);
      }
      for (int64_t i = 0; i < n; ++i) out[i] = all[i % all.size()];
      break;
    }
  }
  return out;
}

bool TestScaleIsSmall() {
  const char* value = std::getenv("MXFP4_TEST_SCALE");
  return value != nullptr && std::strcmp(value, "small") == 0;
}

}  // namespace mxfp4::testing
