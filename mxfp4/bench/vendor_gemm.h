// File: mxfp4/bench/vendor_gemm.h
//
// The GEMMs users would pick instead of MXFP4 (docs/performance.md): cuBLAS
// and cuBLASLt bf16 on the unquantized operands, and cuBLASLt FP8 e4m3 with
// per-tensor scales. Each is planned once per shape (handle, descriptors,
// heuristic algorithm, caller-provided workspace, so that a CUDA graph can
// capture it) and then enqueued without host synchronization.
//
// cuBLAS is loaded at run time (see internal/vendor_gemm_calls.h): when it is
// missing, Create() returns kUnavailable with the paths tried, and only the
// baselines are lost. MXFP4_CUBLAS_DIR names the directory to use.
//
// Example:
//   ASSIGN_OR_RETURN(std::unique_ptr<VendorGemm> g, VendorGemm::Create({
//       VendorGemmKind::kCublasLtFp8, shape, d_a, d_b, d_c, d_sa, d_sb, d_ws, ws_bytes}));
//   MXFP4_GPU_RETURN_IF_ERROR(g->Enqueue(stream));

#ifndef MXFP4_BENCH_VENDOR_GEMM_H_
#define MXFP4_BENCH_VENDOR_GEMM_H_

#include <cstddef>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/bench/problem.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::bench {

enum class VendorGemmKind : int {
  kCublasBf16 = 0,            // cublasGemmEx, bf16 A/B/C, fp32 accumulate
  kCublasLtBf16 = 1,          // cublasLtMatmul, same data, first heuristic algorithm that runs
  kCublasLtFp8 = 2,           // cublasLtMatmul, e4m3 A/B, fp32 per-tensor scales, bf16 C
  kCublasLtFp8FastAccum = 3,  // same with CUBLASLT_MATMUL_DESC_FAST_ACCUM (peak only)
};

// VendorGemmKindName(): "cublas_bf16", "cublaslt_bf16", "cublaslt_fp8",
// "cublaslt_fp8_fastaccum".
const char* VendorGemmKindName(VendorGemmKind kind);

// Row-major C (m, n) = A (m, k) . B (n, k)^T; all pointers are device memory.
// VendorGemmIsFp8()
// Whether `kind` multiplies e4m3 operands with per-tensor fp32 scales.
bool VendorGemmIsFp8(VendorGemmKind kind);

struct VendorGemmArgs {
  VendorGemmKind kind = VendorGemmKind::kCublasBf16;
  GemmShape shape;
  const void* a = nullptr;         // bf16 or e4m3
  const void* b = nullptr;         // bf16 or e4m3
  void* c = nullptr;               // bf16
  const float* a_scale = nullptr;  // FP8 kinds only
  const float* b_scale = nullptr;  // FP8 kinds only
  void* workspace = nullptr;
  size_t workspace_bytes = 0;
};

// Workspace the benchmark gives every vendor GEMM (what PyTorch gives cuBLAS
// on Hopper).
inline constexpr size_t kVendorWorkspaceBytes = size_t{32} << 20;

// VendorBlasAvailable()
// OkStatus when cuBLAS could be loaded; kUnavailable and the paths tried otherwise.
absl::Status VendorBlasAvailable();

// VendorBlasDescription(): "cuBLASLt 130000 from /usr/local/cuda/lib64" or the reason.
std::string VendorBlasDescription();

class VendorGemm {
 public:
  // Create()
  // Plans one GEMM (cuBLASLt kinds run it once, synchronously, to pick an
  // algorithm that cuBLASLt accepts for these pointers). kUnavailable without cuBLAS or GPU;
  // kInvalidArgument for a shape cuBLAS cannot take (e.g. FP8 with K % 16 != 0).
  static absl::StatusOr<std::unique_ptr<VendorGemm>> Create(const VendorGemmArgs& args);
  ~VendorGemm();
  VendorGemm(const VendorGemm&) = delete;
  VendorGemm& operator=(const VendorGemm&) = delete;

  // Enqueue(): one GEMM on `stream`, asynchronously.
  absl::Status Enqueue(hipStream_t stream);

  // Description(): which algorithm cuBLAS chose (for benchmark labels).
  std::string Description() const;

 private:
  explicit VendorGemm(void* plan) : plan_(plan) {}
  void* plan_;  // internal::RawVendorGemmPlan*
};

}  // namespace mxfp4::bench

#endif  // MXFP4_BENCH_VENDOR_GEMM_H_
