// File: mxfp4/emu/longhand_reference.cc
//
// The long-hand reference of longhand_reference.h: real-valued arithmetic in
// double, nearest-by-distance rounding and the spec's tie table (spec:
// shared/spec/mxfp4-semantics.md §2, step 5).

#include "mxfp4/emu/longhand_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mxfp4 {
namespace longhand {
namespace {

// The E2M1 magnitudes, code = index.
constexpr double kGrid[8] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};

// Spec §2 step 5: "Ties: 0.25->0, 0.75->1.0, 1.25->1.0, 1.75->2.0, 2.5->2.0,
// 3.5->4.0, 5.0->4.0" (as magnitude -> code).
struct Tie {
  double midpoint;
  uint8_t code;
};
constexpr Tie kTieTable[] = {{0.25, 0}, {0.75, 2}, {1.25, 2}, {1.75, 4},
                             {2.5, 4},  {3.5, 6},  {5.0, 6}};

// floor(log2 a) for finite a > 0 (exact: frexp gives a = m * 2^e, m in [0.5, 1)).
int FloorLog2(double a) {
  int e = 0;
  std::frexp(a, &e);
  return e - 1;
}

int ClampExponentToByte(double e) {
  return static_cast<int>(std::min(127.0, std::max(-127.0, e))) + 127;
}

}  // namespace

int ReferenceBlockScale(double max_abs, ScaleRule rule) {
  const double a = std::fabs(max_abs);
  if (std::isnan(a) || std::isinf(a)) return 0xFF;
  const double minus_inf = -std::numeric_limits<double>::infinity();
  switch (rule) {
    case ScaleRule::kEven: {
      if (a == 0) return ClampExponentToByte(minus_inf);
      int p = FloorLog2(a);
      const double mantissa = a / std::ldexp(1.0, p);  // exact, in [1, 2)
      if (mantissa >= 1.75) ++p;
      // The rounded max is an fp32: 2^128 does not exist, it becomes Inf and
      // log2(Inf) - 2 clamps to 127.
      if (p >= 128) return ClampExponentToByte(std::numeric_limits<double>::infinity());
      return ClampExponentToByte(p - 2.0);
    }
    case ScaleRule::kOcpFloor:
      if (a == 0) return ClampExponentToByte(minus_inf);
      return ClampExponentToByte(FloorLog2(a) - 2.0);
    case ScaleRule::kRceil: {
      int e = -127;
      while (e < 127 && std::ldexp(6.0, e) < a) ++e;
      return e + 127;
    }
  }
  return -1;
}

uint8_t ReferenceElementCode(double x, int scale) {
  const uint8_t sign = std::signbit(x) ? 8 : 0;
  if (std::isnan(x) || std::isinf(x)) return sign | 7;
  const double q = std::ldexp(std::fabs(x), 127 - scale);  // exact in double
  if (q >= 6.0) return sign | 7;
  int i = 0;
  while (!(q < kGrid[i + 1])) ++i;  // kGrid[i] <= q < kGrid[i + 1]
  const double below = q - kGrid[i], above = kGrid[i + 1] - q;
  if (below < above) return sign | i;
  if (above < below) return sign | (i + 1);
  for (const Tie& tie : kTieTable) {
    if (tie.midpoint == q) return sign | tie.code;
  }
  return kInvalidCode;
}

int ReferenceQuantizeBlock(const float* x, ScaleRule rule, uint8_t* codes) {
  double max_abs = 0;
  bool non_finite = false;
  for (int i = 0; i < 32; ++i) {
    if (!std::isfinite(x[i])) non_finite = true;
    max_abs = std::max(max_abs, std::fabs(static_cast<double>(x[i])));
  }
  const int scale = non_finite ? 0xFF : ReferenceBlockScale(max_abs, rule);
  for (int i = 0; i < 32; ++i) codes[i] = ReferenceElementCode(x[i], scale);
  return scale;
}

}  // namespace longhand
}  // namespace mxfp4
