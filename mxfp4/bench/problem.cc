// File: mxfp4/bench/problem.cc
//
// Shapes and byte/FLOP counts of the benchmarked problems (see problem.h).

#include "mxfp4/bench/problem.h"

#include "absl/strings/str_format.h"

namespace mxfp4::bench {

std::string ShapeName(const GemmShape& shape) {
  return absl::StrFormat("%dx%dx%d", shape.m, shape.n, shape.k);
}

ShapeSet ContestShapes() {
  return {"contest",
          {{4, 2880, 512},
           {16, 2112, 7168},
           {32, 4096, 512},
           {32, 2880, 512},
           {64, 7168, 2048},
           {256, 3072, 1536}}};
}

ShapeSet SweepShapes() {
  ShapeSet set{"sweep", {}};
  // M from decode to prefill at a mid-size square weight.
  for (int64_t m : {1, 4, 16, 32, 64, 256, 1024, 4096, 8192}) set.shapes.push_back({m, 4096, 4096});
  // Weight size at decode (M = 16); 4096 is already in the M sweep.
  for (int64_t nk : {512, 1024, 2048, 8192, 16384}) set.shapes.push_back({16, nk, nk});
  // Weight size at prefill (M = 4096).
  for (int64_t nk : {512, 1024, 16384}) set.shapes.push_back({4096, nk, nk});
  // Lopsided: wide-and-shallow and narrow-and-deep (split-K territory).
  set.shapes.push_back({64, 16384, 512});
  set.shapes.push_back({64, 512, 16384});
  return set;
}

int64_t Mxfp4CallBytes(const GemmShape& s) {
  return s.m * s.k * 2 + s.n * (s.k / 2) + s.n * (s.k / 32) + s.m * s.n * 2;
}

int64_t Bf16GemmBytes(const GemmShape& s) { return (s.m * s.k + s.n * s.k + s.m * s.n) * 2; }

int64_t Fp8GemmBytes(const GemmShape& s) { return s.m * s.k + s.n * s.k + s.m * s.n * 2; }

int64_t QuantizeBytes(int64_t rows, int64_t k) {
  return rows * k * 2 + rows * (k / 2) + rows * (k / 32);
}

double GemmFlops(const GemmShape& s) {
  return 2.0 * static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k);
}

}  // namespace mxfp4::bench
