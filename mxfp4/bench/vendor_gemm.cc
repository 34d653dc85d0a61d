// File: mxfp4/bench/vendor_gemm.cc
//
// absl::Status layer over internal/vendor_gemm_calls.h (see vendor_gemm.h).

#include "mxfp4/bench/vendor_gemm.h"

#include "absl/strings/str_cat.h"
#include "mxfp4/bench/internal/vendor_gemm_calls.h"

namespace mxfp4::bench {
namespace {

internal::RawVendorGemmPlan* Raw(void* plan) {
  return static_cast<internal::RawVendorGemmPlan*>(plan);
}

}  // namespace

const char* VendorGemmKindName(VendorGemmKind kind) {
  switch (kind) {
    case VendorGemmKind::kCublasBf16:
      return "cublas_bf16";
    case VendorGemmKind::kCublasLtBf16:
      return "cublaslt_bf16";
    case VendorGemmKind::kCublasLtFp8:
      return "cublaslt_fp8";
    case VendorGemmKind::kCublasLtFp8FastAccum:
      return "cublaslt_fp8_fastaccum";
  }
  return "unknown";
}

absl::Status VendorBlasAvailable() {
  const std::string error = internal::LoadVendorBlas(nullptr);
  if (error.empty()) return absl::OkStatus();
  return absl::UnavailableError(error);
}

std::string VendorBlasDescription() {
  std::string description;
  const std::string error = internal::LoadVendorBlas(&description);
  return error.empty() ? description : error;
}

bool VendorGemmIsFp8(VendorGemmKind kind) {
  return kind == VendorGemmKind::kCublasLtFp8 || kind == VendorGemmKind::kCublasLtFp8FastAccum;
}

absl::StatusOr<std::unique_ptr<VendorGemm>> VendorGemm::Create(const VendorGemmArgs& args) {
  const int kind = static_cast<int>(args.kind);
  if (kind < 0 || kind > static_cast<int>(VendorGemmKind::kCublasLtFp8FastAccum)) {
    return absl::InvalidArgumentError(absl::StrCat("unknown VendorGemmKind ", kind));
  }
  if (VendorGemmIsFp8(args.kind) && args.shape.k % 16 != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cuBLASLt FP8 needs K % 16 == 0, got K = ", args.shape.k));
  }
  if (absl::Status s = VendorBlasAvailable(); !s.ok()) return s;
  internal::RawVendorGemmArgs raw;
  raw.kind = static_cast<internal::RawVendorGemmKind>(kind);
  raw.m = args.shape.m;
  raw.n = args.shape.n;
  raw.k = args.shape.k;
  raw.a = args.a;
  raw.b = args.b;
  raw.c = args.c;
  raw.a_scale = args.a_scale;
  raw.b_scale = args.b_scale;
  raw.workspace = args.workspace;
  raw.workspace_bytes = args.workspace_bytes;
  internal::RawVendorGemmPlan* plan = nullptr;
  const std::string error = internal::CreateVendorGemmPlan(raw, &plan);
  if (!error.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(VendorGemmKindName(args.kind), " ", ShapeName(args.shape), ": ", error));
  }
  return std::unique_ptr<VendorGemm>(new VendorGemm(plan));
}

VendorGemm::~VendorGemm() { internal::DestroyVendorGemmPlan(Raw(plan_)); }

absl::Status VendorGemm::Enqueue(hipStream_t stream) {
  const std::string error = internal::EnqueueVendorGemm(Raw(plan_), stream);
  if (error.empty()) return absl::OkStatus();
  return absl::InternalError(error);
}

std::string VendorGemm::Description() const { return internal::DescribeVendorGemmPlan(Raw(plan_)); }

}  // namespace mxfp4::bench
