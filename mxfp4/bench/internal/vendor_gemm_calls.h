// File: mxfp4/bench/internal/vendor_gemm_calls.h
//
// Raw layer under vendor_gemm.h: loads cuBLAS/cuBLASLt at run time (dlopen)
// and builds/enqueues one vendor GEMM. Implemented by vendor_gemm_calls.cu.cc
// (nvcc: it needs cublasLt.h) or vendor_gemm_calls_stub.cc (no nvcc). Errors
// are plain strings here because device-compiler TUs stay free of absl
// (docs/gpu.md); vendor_gemm.cc turns them into absl::Status.
//
// Why dlopen: the static cuBLAS libraries are not shipped with CUDA 13, and
// libcublasLt.so is ~540 MB, too large to carry to the GPU machine. The GPU
// machine has its own CUDA 13 (and PyTorch's copy); dlopen finds either, and
// a missing cuBLAS only disables the baselines instead of the whole binary.

#ifndef MXFP4_BENCH_INTERNAL_VENDOR_GEMM_CALLS_H_
#define MXFP4_BENCH_INTERNAL_VENDOR_GEMM_CALLS_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::bench::internal {

// Same values as mxfp4::bench::VendorGemmKind.
enum class RawVendorGemmKind : int {
  kCublasBf16 = 0,    // cublasGemmEx, bf16 in/out, fp32 compute
  kCublasLtBf16 = 1,  // cublasLtMatmul, bf16 in/out, fp32 compute, first heuristic algo that runs
  kCublasLtFp8 = 2,   // cublasLtMatmul, e4m3 A and B, per-tensor fp32 scales, bf16 out
  kCublasLtFp8FastAccum = 3,  // as kCublasLtFp8 with CUBLASLT_MATMUL_DESC_FAST_ACCUM = 1
};

// Row-major problem C[m][n] = sum_k A[m][k] * B[n][k] (B given as (n, k)).
struct RawVendorGemmArgs {
  RawVendorGemmKind kind = RawVendorGemmKind::kCublasBf16;
  int64_t m = 0;
  int64_t n = 0;
  int64_t k = 0;
  const void* a = nullptr;         // (m, k) row-major, bf16 or e4m3
  const void* b = nullptr;         // (n, k) row-major, bf16 or e4m3
  void* c = nullptr;               // (m, n) row-major bf16
  const float* a_scale = nullptr;  // FP8 only: device fp32, one value
  const float* b_scale = nullptr;  // FP8 only: device fp32, one value
  void* workspace = nullptr;       // device scratch for cuBLAS (graph-capture safe)
  size_t workspace_bytes = 0;
};

struct RawVendorGemmPlan;  // opaque: handles, descriptors, chosen algorithm

// LoadVendorBlas()
// Loads the libraries once per process. Returns "" on success and fills
// `description` (paths and version); otherwise the reason (every path tried).
std::string LoadVendorBlas(std::string* description);

// CreateVendorGemmPlan()
// "" and *plan on success; the error otherwise (*plan untouched). cuBLASLt
// kinds run one trial GEMM per heuristic candidate (synchronously, on the
// legacy default stream) and keep the first that cuBLASLt accepts.
std::string CreateVendorGemmPlan(const RawVendorGemmArgs& args, RawVendorGemmPlan** plan);

// EnqueueVendorGemm()
// Enqueues one GEMM on `stream` (no host synchronization; capturable).
std::string EnqueueVendorGemm(RawVendorGemmPlan* plan, hipStream_t stream);

// DescribeVendorGemmPlan(): e.g. "cublasLt algo 23 tile 15 stages 9 splitK 1".
std::string DescribeVendorGemmPlan(const RawVendorGemmPlan* plan);

void DestroyVendorGemmPlan(RawVendorGemmPlan* plan);

}  // namespace mxfp4::bench::internal

#endif  // MXFP4_BENCH_INTERNAL_VENDOR_GEMM_CALLS_H_
