// File: mxfp4/gpu/gemm/internal/weight_checks.cc
//
// Mxfp4Weight checks (weight_checks.h).

#include "mxfp4/gpu/gemm/internal/weight_checks.h"

#include "absl/strings/str_format.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/gemm/internal/prepared_copy_check.h"

namespace mxfp4::gpu::gemm_internal {

absl::Status ValidateWeightShape(const Mxfp4Weight& b) {
  if (b.n <= 0 || b.k <= 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: weight shape (N=%d, K=%d) must be positive", b.n, b.k));
  }
  if (b.k % 32 != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: K=%d is not a multiple of 32 (one E8M0 scale per 32 elements)", b.k));
  }
  if (b.n > kInt32Max || b.k > kInt32Max) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: weight shape (N=%d, K=%d) exceeds 2^31-1", b.n, b.k));
  }
  if (b.data_layout != DataLayout::kNatural && b.data_layout != DataLayout::kPreshuffled16x16) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: unknown weight data layout %d", static_cast<int>(b.data_layout)));
  }
  if (b.data_layout == DataLayout::kPreshuffled16x16 && (b.n % 16 != 0 || b.k % 64 != 0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: preshuffled16x16 weights need N %% 16 == 0 and K %% 64 == 0 (N=%d, K=%d)", b.n,
        b.k));
  }
  if (b.scale_layout != ScaleLayout::kNatural && b.scale_layout != ScaleLayout::kShuffled16) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: weight scale layout %s is not supported (use natural or shuffled16)",
                        ScaleLayoutName(b.scale_layout)));
  }
  return absl::OkStatus();
}

absl::Status ValidateWeightBuffers(const Mxfp4Weight& b) {
  const int64_t want_data = b.n * (b.k / 2);
  const int64_t want_scales = ScaleStorageBytes(b.scale_layout, b.n, b.k / 32);
  if (b.data_bytes != want_data) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: weight data has %d bytes but (N=%d, K=%d) needs N*K/2 = %d",
                        b.data_bytes, b.n, b.k, want_data));
  }
  if (b.scale_bytes != want_scales) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: weight scales have %d bytes but (N=%d, K/32=%d) in layout %s needs %d",
        b.scale_bytes, b.n, b.k / 32, ScaleLayoutName(b.scale_layout), want_scales));
  }
  if (b.data == nullptr || b.scales == nullptr) {
    return absl::InvalidArgumentError("Gemm: weight data or scale pointer is null");
  }
  if (!IsAligned(b.data, 16)) {
    return absl::InvalidArgumentError("Gemm: weight data pointer must be 16-byte aligned");
  }
  return ValidatePreparedCopy(b.prepared, b.n, b.k, "Gemm");
}

}  // namespace mxfp4::gpu::gemm_internal
