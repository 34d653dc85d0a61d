// File: mxfp4/gpu/gemm/prepared_weight.cc
//
// Host side of prepared weights (prepared_weight.h): validation, allocation
// and the converters' launches (internal/prepare_weight_launch.h; a stub
// without nvcc).

#include "mxfp4/gpu/gemm/prepared_weight.h"

#include <cstdint>
#include <utility>

#include "absl/strings/str_format.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {
namespace {

bool IsAligned16(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 15u) == 0; }

// The int8 output's own checks (its format has no scales but row summaries),
// named for PrepareWeight; ValidateWeight then checks it as Gemm() will.
absl::Status ValidateInt8Output(const Mxfp4Weight& weight, const PreparedWeightOutput& out) {
  if (out.data == nullptr || out.row_info == nullptr) {
    return absl::InvalidArgumentError(
        "PrepareWeight: int8 output needs non-null data and row_info pointers");
  }
  if (out.scales != nullptr || out.scale_bytes != 0) {
    return absl::InvalidArgumentError(
        "PrepareWeight: int8 output has no scales (scales must be null, scale_bytes 0)");
  }
  if (!IsAligned16(out.data) || !IsAligned16(out.row_info)) {
    return absl::InvalidArgumentError(
        "PrepareWeight: int8 output data and row_info must be 16-byte aligned");
  }
  const int64_t want_data = PreparedDataBytes(weight.n, weight.k);
  const int64_t want_info = PreparedInt8RowInfoBytes(weight.n);
  if (out.data_bytes != want_data || out.row_info_bytes != want_info) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PrepareWeight: int8 output has %d data and %d row_info bytes but (N=%d, K=%d) needs %d "
        "and %d (PreparedDataBytes / PreparedInt8RowInfoBytes)",
        out.data_bytes, out.row_info_bytes, weight.n, weight.k, want_data, want_info));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<PreparedWeightBuffer> PreparedWeightBuffer::Allocate(int64_t n, int64_t k,
                                                                    PreparedFormat format) {
  if (n <= 0 || k <= 0 || k % 32 != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PreparedWeightBuffer: shape (N=%d, K=%d) needs N, K > 0 and K %% 32 == 0", n, k));
  }
  if (format != PreparedFormat::kShiftedE4m3 && format != PreparedFormat::kInt8) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PreparedWeightBuffer: unknown prepared format %d", static_cast<int>(format)));
  }
  PreparedWeightBuffer b;
  absl::StatusOr<DeviceBuffer> data =
      DeviceBuffer::Allocate(static_cast<size_t>(PreparedDataBytes(n, k)));
  if (!data.ok()) return data.status();
  b.data_ = std::move(*data);
  if (format == PreparedFormat::kInt8) {
    absl::StatusOr<DeviceBuffer> info =
        DeviceBuffer::Allocate(static_cast<size_t>(PreparedInt8RowInfoBytes(n)));
    if (!info.ok()) return info.status();
    b.row_info_ = std::move(*info);
  } else {
    absl::StatusOr<DeviceBuffer> scales =
        DeviceBuffer::Allocate(static_cast<size_t>(PreparedScaleBytes(n, k)));
    if (!scales.ok()) return scales.status();
    b.scales_ = std::move(*scales);
  }
  b.n_ = n;
  b.k_ = k;
  b.format_ = format;
  return b;
}

PreparedWeight PreparedWeightBuffer::view() const {
  PreparedWeight v;
  v.data = data();
  v.data_bytes = PreparedDataBytes(n_, k_);
  v.format = format_;
  if (format_ == PreparedFormat::kInt8) {
    v.row_info = row_info();
    v.row_info_bytes = PreparedInt8RowInfoBytes(n_);
  } else {
    v.scales = scales();
    v.scale_bytes = PreparedScaleBytes(n_, k_);
  }
  return v;
}

absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightOutput& out,
                           hipStream_t stream) {
  // The weight with `out` as its copy: ValidateWeight checks both (the
  // weight's own prepared copy, if any, is not an input).
  Mxfp4Weight checked = weight;
  checked.prepared = out.view();
  const bool preshuffled = weight.data_layout == DataLayout::kPreshuffled16x16;
  const bool scales_shuffled16 = weight.scale_layout == ScaleLayout::kShuffled16;
  if (out.format == PreparedFormat::kInt8) {
    // The weight first: the output's sizes follow from its shape.
    Mxfp4Weight plain = weight;
    plain.prepared = PreparedWeight{};
    if (absl::Status s = ValidateWeight(plain); !s.ok()) return s;
    if (absl::Status s = ValidateInt8Output(weight, out); !s.ok()) return s;
    if (absl::Status s = ValidateWeight(checked); !s.ok()) return s;
    MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchPrepareWeightInt8(
        weight.data, weight.scales, static_cast<int32_t>(weight.n), static_cast<int32_t>(weight.k),
        preshuffled, scales_shuffled16, out.data, out.row_info, stream));
    return absl::OkStatus();
  }
  if (out.format != PreparedFormat::kShiftedE4m3) {
    return absl::InvalidArgumentError(
        absl::StrFormat("PrepareWeight: unknown output format %d", static_cast<int>(out.format)));
  }
  if (out.row_info != nullptr || out.row_info_bytes != 0) {
    return absl::InvalidArgumentError(
        "PrepareWeight: a shifted E4M3 output has no row_info (null, 0 bytes; it is for kInt8)");
  }
  if (out.data == nullptr && out.scales == nullptr) {
    return absl::InvalidArgumentError("PrepareWeight: output data and scale pointers are null");
  }
  if (absl::Status s = ValidateWeight(checked); !s.ok()) return s;
  MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchPrepareWeight(
      weight.data, weight.scales, static_cast<int32_t>(weight.n), static_cast<int32_t>(weight.k),
      preshuffled, scales_shuffled16, out.data, out.scales, stream));
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
  PreparedWeightOutput o;
  o.data = out.data();
  o.scales = out.scales();
  o.data_bytes = v.data_bytes;
  o.scale_bytes = v.scale_bytes;
  o.format = v.format;
  o.row_info = out.row_info();
  o.row_info_bytes = v.row_info_bytes;
  return PrepareWeight(weight, o, stream);
}

}  // namespace mxfp4::gpu
