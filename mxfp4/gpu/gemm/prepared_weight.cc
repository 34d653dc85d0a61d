// File: mxfp4/gpu/gemm/prepared_weight.cc
//
// Host side of prepared weights (prepared_weight.h): validation, allocation
// and the converter's launch (internal/prepare_weight_launch.h; a stub
// without nvcc).

#include "mxfp4/gpu/gemm/prepared_weight.h"

#include "absl/strings/str_format.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {

absl::StatusOr<PreparedWeightBuffer> PreparedWeightBuffer::Allocate(int64_t n, int64_t k) {
  if (n <= 0 || k <= 0 || k % 32 != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PreparedWeightBuffer: shape (N=%d, K=%d) needs N, K > 0 and K %% 32 == 0", n, k));
  }
  PreparedWeightBuffer b;
  absl::StatusOr<DeviceBuffer> data =
      DeviceBuffer::Allocate(static_cast<size_t>(PreparedDataBytes(n, k)));
  if (!data.ok()) return data.status();
  absl::StatusOr<DeviceBuffer> scales =
      DeviceBuffer::Allocate(static_cast<size_t>(PreparedScaleBytes(n, k)));
  if (!scales.ok()) return scales.status();
  b.data_ = std::move(*data);
  b.scales_ = std::move(*scales);
  b.n_ = n;
  b.k_ = k;
  return b;
}

PreparedWeight PreparedWeightBuffer::view() const {
  PreparedWeight v;
  v.data = data();
  v.scales = scales();
  v.data_bytes = PreparedDataBytes(n_, k_);
  v.scale_bytes = PreparedScaleBytes(n_, k_);
  return v;
}

absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightOutput& out,
                           hipStream_t stream) {
  // The weight with `out` as its copy: ValidateWeight checks both (the
  // weight's own prepared copy, if any, is not an input).
  Mxfp4Weight checked = weight;
  checked.prepared = out.view();
  if (!checked.prepared.present()) {
    return absl::InvalidArgumentError("PrepareWeight: output data and scale pointers are null");
  }
  if (absl::Status s = ValidateWeight(checked); !s.ok()) return s;
  MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchPrepareWeight(
      weight.data, weight.scales, static_cast<int32_t>(weight.n), static_cast<int32_t>(weight.k),
      weight.data_layout == DataLayout::kPreshuffled16x16,
      weight.scale_layout == ScaleLayout::kShuffled16, out.data, out.scales, stream));
  return absl::OkStatus();
}

absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightBuffer& out,
                           hipStream_t stream) {
  if (out.n() != weight.n || out.k() != weight.k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PrepareWeight: buffer allocated for (N=%d, K=%d), weight is (N=%d, K=%d)", out.n(),
        out.k(), weight.n, weight.k));
  }
  const PreparedWeight v = out.view();
  return PrepareWeight(weight, PreparedWeightOutput{out.data(), out.scales(), v.data_bytes,
                                                    v.scale_bytes},
                       stream);
}

}  // namespace mxfp4::gpu
