// File: mxfp4/bench/benchmark_rows.h
//
// The "rows" of the GEMM benchmark: every way of computing (or just moving
// the bytes of) one shape's C = A . B^T that the benchmark times, each as a
// RowSpec that can be prepared for a shape and then enqueued repeatedly
// (docs/performance.md, "What is measured"):
//
//   copy            hipMemcpyAsync D2D of the MXFP4 call's bytes
//   cublas_bf16     cublasGemmEx on unquantized bf16 A and B
//   cublaslt_bf16   cublasLtMatmul, same data
//   cublaslt_fp8    cublasLtMatmul e4m3 x e4m3, per-tensor scales, bf16 out
//   quantize_a      the GPU quantizer alone on A (EVEN, shuffled16 scales)
//   mxfp4_<path>    gpu::Gemm forced onto each path of GemmPathInfos()
//   mxfp4_auto      gpu::Gemm with GemmPath::kAuto: the dispatcher
//   mxfp4_auto_prepared  the same with the weight's prepared copy
//                   (gpu/gemm/prepared_weight.h), made once before timing:
//                   static weights, not the contest's per-call inputs
//
// MXFP4 rows take the contest's inputs: bf16 A, B preshuffled (16,16), B
// scales shuffled16, bf16 C; A quantization is part of every MXFP4 call.

#ifndef MXFP4_BENCH_BENCHMARK_ROWS_H_
#define MXFP4_BENCH_BENCHMARK_ROWS_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "mxfp4/bench/call_timer.h"
#include "mxfp4/bench/device_operands.h"
#include "mxfp4/bench/metrics.h"
#include "mxfp4/bench/problem.h"

namespace mxfp4::bench {

enum class RowKind {
  kGemm,      // computes C; bytes = MXFP4 call bytes, flops = 2MNK
  kCopy,      // moves bytes; bytes = read + written
  kQuantize,  // quantizes A; bytes = its own read + written
};

// A row made ready for one shape: the call to time and what it is.
struct PreparedRow {
  EnqueueCall enqueue;
  std::string label;  // which algorithm/plan runs, for the report
  RowWork work;
  std::shared_ptr<void> owned;  // plans and workspaces `enqueue` uses
};

// Process-wide resources a row may use while preparing.
struct RowResources {
  void* vendor_workspace = nullptr;  // kVendorWorkspaceBytes of device scratch
};

struct RowSpec {
  std::string name;
  RowKind kind = RowKind::kGemm;
  // Whether the row can run `shape` (decided without a GPU, at registration).
  std::function<bool(const GemmShape&)> applies;
  std::function<absl::StatusOr<PreparedRow>(const ShapeOperands&, const RowResources&)> prepare;
};

// AllRows()
// Every row, in report order (baselines first, then the MXFP4 paths and the
// dispatcher). The cuBLAS bf16 row is named kCublasBf16RowName: the others'
// speedup counter is relative to it.
std::vector<RowSpec> AllRows();

inline constexpr char kCublasBf16RowName[] = "cublas_bf16";

// What ShapeOperands every row needs (all of them, so one allocation per shape).
OperandNeeds AllOperandNeeds();

}  // namespace mxfp4::bench

#endif  // MXFP4_BENCH_BENCHMARK_ROWS_H_
