// File: mxfp4/emu/gemm_test_util.h
//
// Testonly helpers for the GEMM / MFMA tests: seeded random MXFP4 matrices
// with chosen scale distributions, and NaN-aware bit comparison helpers.

#ifndef MXFP4_EMU_GEMM_TEST_UTIL_H_
#define MXFP4_EMU_GEMM_TEST_UTIL_H_

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4 {
namespace testing {

// Scale byte distributions the tests draw from.
enum class ScaleMix {
  kUnit,     // all 127 (scale 1.0)
  kNarrow,   // 120..134, what real data looks like
  kWide,     // 0..254 uniformly, extremes included
  kExtreme,  // mostly 0x00 / 0xFE / 0x7F, some random
  kWithNan,  // kWide plus ~2% 0xFF
};

inline const char* ScaleMixName(ScaleMix mix) {
  switch (mix) {
    case ScaleMix::kUnit: return "unit";
    case ScaleMix::kNarrow: return "narrow";
    case ScaleMix::kWide: return "wide";
    case ScaleMix::kExtreme: return "extreme";
    case ScaleMix::kWithNan: return "with_nan";
  }
  return "?";
}

inline uint8_t RandomScale(ScaleMix mix, std::mt19937_64& rng) {
  switch (mix) {
    case ScaleMix::kUnit:
      return 127;
    case ScaleMix::kNarrow:
      return static_cast<uint8_t>(120 + rng() % 15);
    case ScaleMix::kWide:
      return static_cast<uint8_t>(rng() % 255);
    case ScaleMix::kExtreme: {
      const uint64_t r = rng() % 8;
      if (r < 3) return 0x00;
      if (r < 6) return 0xFE;
      if (r < 7) return 0x7F;
      return static_cast<uint8_t>(rng() % 255);
    }
    case ScaleMix::kWithNan:
      return rng() % 50 == 0 ? 0xFF : static_cast<uint8_t>(rng() % 255);
  }
  return 127;
}

// A natural-layout (rows, k) matrix with uniformly random codes.
inline Mxfp4Matrix RandomMatrix(int64_t rows, int64_t k, ScaleMix mix, std::mt19937_64& rng) {
  Mxfp4Matrix m;
  m.shape = Mxfp4Shape{rows, k};
  m.data.resize(rows * (k / 2));
  for (uint8_t& b : m.data) b = static_cast<uint8_t>(rng());
  m.scales.resize(rows * (k / kBlockSize));
  for (uint8_t& s : m.scales) s = RandomScale(mix, rng);
  return m;
}

// Sets code (r, k) of a natural-layout matrix.
inline void SetCode(Mxfp4Matrix& m, int64_t r, int64_t k, uint8_t code) {
  uint8_t& byte = m.data[r * (m.shape.k / 2) + k / 2];
  byte = (k & 1) ? static_cast<uint8_t>((byte & 0x0F) | (code << 4))
                 : static_cast<uint8_t>((byte & 0xF0) | (code & 0xF));
}

// Inputs whose every block_fma term underflows to -0. A (rows, k) bf16: each
// 32-block [2^-20, 2^-23 x 31], which quantizes (EVEN) to scale byte 105 with
// codes 4 and 0.5. B (rows, k): per row and block one code -0.5 at a random
// element 1..31, zeros elsewhere, scale byte 0 (2^-127). Each block then adds
// fmaf(-0.25, 2^-149, acc), whose -2^-151 rounds to -0, so every chunk
// partial and every output is -0; a path that adds anything for a block
// outside its chunk (fmaf(+0, s, -0) = +0) shows. Used by the emulator's
// tests and by the GPU tests (gemm_tester's kUnderflowingTerms).
inline std::vector<uint16_t> UnderflowingTermsA(int64_t rows, int64_t k) {
  std::vector<uint16_t> a(static_cast<size_t>(rows * k));
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = FloatToBf16(std::ldexp(1.0f, i % kBlockSize == 0 ? -20 : -23));
  }
  return a;
}
inline Mxfp4Matrix UnderflowingTermsB(int64_t rows, int64_t k, std::mt19937_64& rng) {
  Mxfp4Matrix m;
  m.shape = Mxfp4Shape{rows, k};
  m.data.assign(static_cast<size_t>(rows * (k / 2)), 0);
  m.scales.assign(static_cast<size_t>(rows * (k / kBlockSize)), 0);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < k / kBlockSize; ++g) {
      SetCode(m, r, g * kBlockSize + 1 + static_cast<int64_t>(rng() % 31), 0x9);  // -0.5
    }
  }
  return m;
}

inline bool SameBitsNanAware(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || FloatBits(a) == FloatBits(b);
}
inline bool SameBitsNanAware(uint16_t a, uint16_t b) {
  const bool a_nan = (a & 0x7FFF) > 0x7F80;
  const bool b_nan = (b & 0x7FFF) > 0x7F80;
  return (a_nan && b_nan) || a == b;
}

inline std::string FloatHex(float v) {
  return absl::StrFormat("0x%08x (%.9g)", FloatBits(v), static_cast<double>(v));
}

}  // namespace testing
}  // namespace mxfp4

#endif  // MXFP4_EMU_GEMM_TEST_UTIL_H_
