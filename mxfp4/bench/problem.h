// File: mxfp4/bench/problem.h
//
// The GEMM problems the benchmark times and what each one costs at minimum:
// the contest shapes and a sweep (shared/spec/workload.md, "Shapes"; "Real
// users go further"), the bytes an MXFP4 call must move, its FLOPs, and the
// floors those imply against measured copy bandwidth and FP8 tensor-core peak.
// Host code only; no GPU needed (unit-tested in problem_test.cc).
//
// Conventions (docs/performance.md, "How to read the numbers"):
//   - "MXFP4 bytes" of (M, N, K): bf16 A (M*K*2) + packed B (N*K/2) + B's
//     E8M0 scales (N*K/32) + bf16 C (M*N*2). Padding of the shuffled scale
//     layout is not counted: it is a layout choice, not part of the problem.
//   - FLOPs: 2*M*N*K.
//   - Bandwidths count bytes read plus bytes written (a copy of X bytes moves
//     2X), so "% of copy bandwidth" of a GEMM is how close it comes to moving
//     each of its bytes through HBM once at the speed a large copy achieves.

#ifndef MXFP4_BENCH_PROBLEM_H_
#define MXFP4_BENCH_PROBLEM_H_

#include <cstdint>
#include <string>
#include <vector>

namespace mxfp4::bench {

struct GemmShape {
  int64_t m = 0;
  int64_t n = 0;
  int64_t k = 0;
};

// ShapeName()
// "MxNxK", the token used in benchmark names.
// Example: ShapeName({4, 2880, 512}) == "4x2880x512".
std::string ShapeName(const GemmShape& shape);

// A named list of shapes: "contest" or "sweep".
struct ShapeSet {
  std::string name;
  std::vector<GemmShape> shapes;
};

// ContestShapes()
// The six benchmark shapes of the contest, in its order (workload.md).
ShapeSet ContestShapes();

// SweepShapes()
// A small sweep over M in [1, 8192] and N, K in [512, 16384] (M at N = K =
// 4096; N = K at decode M = 16 and prefill M = 4096; two lopsided shapes),
// chosen so the whole benchmark runs in a few minutes on an H200.
ShapeSet SweepShapes();

// Mxfp4CallBytes()
// Minimum bytes an MXFP4 call moves (see the header comment).
// Example: Mxfp4CallBytes({64, 7168, 2048}) == 64*2048*2 + 7168*1024 + 7168*64 + 64*7168*2.
int64_t Mxfp4CallBytes(const GemmShape& shape);

// Bf16GemmBytes()
// Minimum bytes of the unquantized bf16 GEMM on the same shape (A, B, C in bf16).
int64_t Bf16GemmBytes(const GemmShape& shape);

// Fp8GemmBytes()
// Minimum bytes of an FP8 e4m3 GEMM with bf16 output (A, B one byte each).
int64_t Fp8GemmBytes(const GemmShape& shape);

// QuantizeBytes()
// Bytes of quantizing a (rows, k) bf16 matrix: read rows*k*2, write rows*k/2
// packed codes and rows*k/32 scale bytes.
int64_t QuantizeBytes(int64_t rows, int64_t k);

// GemmFlops()
// 2*M*N*K, as a double (the counters are doubles).
double GemmFlops(const GemmShape& shape);

}  // namespace mxfp4::bench

#endif  // MXFP4_BENCH_PROBLEM_H_
