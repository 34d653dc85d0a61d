// File: mxfp4/bench/reference_rates.cc
//
// Copy bandwidth and GEMM peaks of this GPU (reference_rates.h).

#include "mxfp4/bench/reference_rates.h"

#include <algorithm>
#include <memory>

#include "absl/strings/str_cat.h"
#include "mxfp4/bench/call_timer.h"
#include "mxfp4/bench/device_operands.h"
#include "mxfp4/bench/vendor_gemm.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::bench {
namespace {

constexpr int kCallsPerGraph = 5;

// Best time per call (µs) of `enqueue` over `replays` graph replays.
absl::StatusOr<double> BestGraphTimeUs(EnqueueCall enqueue, hipStream_t stream, int replays) {
  absl::StatusOr<std::unique_ptr<CallTimer>> timer = CallTimer::Create(
      TimingMode::kGraphReplay, std::move(enqueue), stream, nullptr, kCallsPerGraph, 2);
  if (!timer.ok()) return timer.status();
  double best = 0;
  for (int i = 0; i < replays; ++i) {
    absl::StatusOr<double> us = (*timer)->TimeOnce();
    if (!us.ok()) return us.status();
    best = i == 0 ? *us : std::min(best, *us);
  }
  return best;
}

absl::StatusOr<double> GemmFlopsPerSecond(VendorGemmKind kind, const ShapeOperands& ops,
                                          void* workspace, hipStream_t stream, int replays) {
  absl::StatusOr<std::unique_ptr<VendorGemm>> gemm =
      VendorGemm::Create(VendorGemmArgsFor(kind, ops, workspace, kVendorWorkspaceBytes));
  if (!gemm.ok()) return gemm.status();
  VendorGemm* g = gemm->get();
  absl::StatusOr<double> us =
      BestGraphTimeUs([g](hipStream_t s) { return g->Enqueue(s); }, stream, replays);
  if (!us.ok()) return us.status();
  return GemmFlops(ops.shape()) / (*us * 1e-6);
}

}  // namespace

absl::StatusOr<ReferenceRateReport> MeasureReferenceRates(hipStream_t stream,
                                                          const ReferenceRateOptions& options) {
  if (options.copy_bytes <= 0 || options.gemm_size < 16 || options.gemm_size % 16 != 0 ||
      options.replays < 1) {
    return absl::InvalidArgumentError("bad ReferenceRateOptions");
  }
  ReferenceRateReport report;
  // copy_bytes and twice that; the faster one counts (see reference_rates.h).
  for (const int64_t copied : {options.copy_bytes, 2 * options.copy_bytes}) {
    absl::StatusOr<gpu::DeviceBuffer> src = gpu::DeviceBuffer::Allocate(copied);
    if (!src.ok()) return src.status();
    absl::StatusOr<gpu::DeviceBuffer> dst = gpu::DeviceBuffer::Allocate(copied);
    if (!dst.ok()) return dst.status();
    MXFP4_GPU_RETURN_IF_ERROR(src->Fill(0x5A));
    void* s_ptr = src->get();
    void* d_ptr = dst->get();
    const size_t bytes = static_cast<size_t>(copied);
    absl::StatusOr<double> us = BestGraphTimeUs(
        [=](hipStream_t s) -> absl::Status {
          MXFP4_HIP_RETURN_IF_ERROR(
              hipMemcpyAsync(d_ptr, s_ptr, bytes, hipMemcpyDeviceToDevice, s));
          return absl::OkStatus();
        },
        stream, options.replays);
    if (!us.ok()) return us.status();
    report.rates.copy_bytes_per_second =
        std::max(report.rates.copy_bytes_per_second, 2.0 * copied / (*us * 1e-6));
  }
  if (absl::Status blas = VendorBlasAvailable(); !blas.ok()) {
    report.notes = absl::StrCat("GEMM peaks not measured: ", blas.message());
    return report;
  }
  const int64_t n = options.gemm_size;
  OperandNeeds needs;
  needs.bf16 = true;
  needs.fp8 = true;
  absl::StatusOr<std::unique_ptr<ShapeOperands>> ops =
      ShapeOperands::Create({n, n, n}, needs, /*seed=*/8192);
  if (!ops.ok()) return ops.status();
  absl::StatusOr<gpu::DeviceBuffer> workspace = gpu::DeviceBuffer::Allocate(kVendorWorkspaceBytes);
  if (!workspace.ok()) return workspace.status();
  struct Peak {
    VendorGemmKind kind;
    double* out;
  } peaks[] = {
      {VendorGemmKind::kCublasLtFp8, &report.fp8_default_flops_per_second},
      {VendorGemmKind::kCublasLtFp8FastAccum, &report.fp8_fast_accum_flops_per_second},
      {VendorGemmKind::kCublasLtBf16, &report.rates.bf16_flops_per_second},
  };
  for (const Peak& p : peaks) {
    absl::StatusOr<double> rate =
        GemmFlopsPerSecond(p.kind, **ops, workspace->get(), stream, options.replays);
    if (!rate.ok()) {
      absl::StrAppend(&report.notes, report.notes.empty() ? "" : "; ", VendorGemmKindName(p.kind),
                      " peak not measured: ", rate.status().message());
      continue;
    }
    *p.out = *rate;
  }
  report.rates.fp8_flops_per_second =
      std::max(report.fp8_default_flops_per_second, report.fp8_fast_accum_flops_per_second);
  return report;
}

}  // namespace mxfp4::bench
