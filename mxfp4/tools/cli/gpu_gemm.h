// File: mxfp4/tools/cli/gpu_gemm.h
//
// The GPU side of the `mxfp4` tool (`gemm --backend=gpu|auto`, `run`): one
// MXFP4 weight B uploaded once, then calls of the GPU GEMM API
// (mxfp4/gpu/gemm/gemm.h: A bf16 quantized with EVEN inside the call, the
// block_fma contract, the path's own K-split) on it. Device buffers for A, C
// and the workspace are allocated up front for the largest M, so a call does
// no allocation (shared/spec/gpu-design.md). Timing follows the contest's
// judging (shared/spec/workload.md): L2 flushed before every call, each call
// timed alone with events, the median reported.
//
// In a build without GPU support (no nvcc), the GPU library is a stub and
// Create() returns Unavailable; callers ask GpuGemmUnavailableReason() first.
//
// Example:
//   ASSIGN_OR_RETURN(auto session, GpuGemmSession::Create(b_preshuffled, m, {}));
//   ASSIGN_OR_RETURN(gpu::GemmPlan plan, session->Plan(m));
//   RETURN_IF_ERROR(session->Multiply(a_bits, m, gpu::GemmOutputType::kBf16, c.data()));
//   ASSIGN_OR_RETURN(double seconds, session->TimeCalls(m, 50));

#ifndef MXFP4_TOOLS_CLI_GPU_GEMM_H_
#define MXFP4_TOOLS_CLI_GPU_GEMM_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/platform/device_buffer.h"

namespace mxfp4::cli {

// GpuGemmUnavailableReason(): "" when this binary has GPU kernels and a usable
// GPU is present; otherwise a sentence saying which is missing.
std::string GpuGemmUnavailableReason();

// GpuDescription(): one line naming the GPU (or why none is usable).
std::string GpuDescription();

// PlanGpuGemm(): what the GPU GEMM would run for A with `m` rows against `b`
// (path, tile, K-split boundaries). Host computation only: works without a
// GPU, so the emulator can follow the same path's contract.
absl::StatusOr<gpu::GemmPlan> PlanGpuGemm(const Mxfp4Matrix& b, int64_t m,
                                          const gpu::GemmOptions& options);

class GpuGemmSession {
 public:
  // Create(): uploads `b` (natural or preshuffled data; natural or shuffled16
  // scales) and allocates A/C/workspace for up to `max_m` rows.
  static absl::StatusOr<std::unique_ptr<GpuGemmSession>> Create(const Mxfp4Matrix& b, int64_t max_m,
                                                                const gpu::GemmOptions& options);

  // Plan(): what a call with `m` rows runs (path, tile, K-split boundaries).
  absl::StatusOr<gpu::GemmPlan> Plan(int64_t m) const;

  // Multiply(): one call. Uploads A ((m, K) bf16 bits), runs the GEMM, waits,
  // and downloads C ((m, N), bf16 bits or fp32 per `type`) into `c_host`,
  // which must hold m * N elements of that type.
  absl::Status Multiply(absl::Span<const uint16_t> a, int64_t m, gpu::GemmOutputType type,
                        void* c_host);

  // TimeCalls(): runs `calls` calls on the A last uploaded (bf16 output), L2
  // flushed before each, and returns the median seconds per call.
  absl::StatusOr<double> TimeCalls(int64_t m, int calls);

 private:
  GpuGemmSession() = default;

  gpu::Mxfp4Weight weight_;
  gpu::GemmOptions options_;
  int64_t max_m_ = 0;
  gpu::DeviceBuffer b_data_, b_scales_, a_, c_, workspace_, flush_;
  gpu::DeviceStream stream_;
};

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_GPU_GEMM_H_
