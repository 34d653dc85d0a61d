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
#include "mxfp4/gpu/gemm/internal/prepared_copy_check.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {
namespace {

bool IsAligned16(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 15u) == 0; }

// The copy of an (n, k) weight in `format` at these buffers, with its sizes;
// the buffer a format does not have stays null.
PreparedWeight PreparedWeightOf(int64_t n, int64_t k, PreparedFormat format, const uint8_t* data,
                                const float* scales, const uint32_t* row_info) {
  PreparedWeight v;
  v.data = data;
  v.data_bytes = PreparedDataBytes(n, k);
  v.format = format;
  if (format == PreparedFormat::kInt8) {
    v.row_info = row_info;
    v.row_info_bytes = PreparedInt8RowInfoBytes(n);
  } else {
    v.scales = scales;
    v.scale_bytes = PreparedScaleBytes(n, k);
  }
  return v;
}

}  // namespace

namespace gemm_internal {

absl::Status ValidatePreparedCopy(const PreparedWeight& p, int64_t n, int64_t k,
                                  absl::string_view caller) {
  if (!p.present()) return absl::OkStatus();
  if (p.format == PreparedFormat::kInt8) {
    if (p.data == nullptr || p.row_info == nullptr) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: an int8 prepared copy needs non-null data and row_info pointers", caller));
    }
    if (p.scales != nullptr || p.scale_bytes != 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: an int8 prepared copy has no scales (scales null, scale_bytes 0)", caller));
    }
    if (!IsAligned16(p.data) || !IsAligned16(p.row_info)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: int8 prepared data and row_info must be 16-byte aligned", caller));
    }
    const int64_t want_data = PreparedDataBytes(n, k);
    const int64_t want_info = PreparedInt8RowInfoBytes(n);
    if (p.data_bytes != want_data || p.row_info_bytes != want_info) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: int8 prepared copy has %d data and %d row_info bytes but (N=%d, K=%d) needs %d "
          "and %d (PreparedDataBytes / PreparedInt8RowInfoBytes)",
          caller, p.data_bytes, p.row_info_bytes, n, k, want_data, want_info));
    }
    return absl::OkStatus();
  }
  if (p.format != PreparedFormat::kShiftedE4m3) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: unknown prepared weight format %d", caller, static_cast<int>(p.format)));
  }
  if (p.row_info != nullptr || p.row_info_bytes != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: a shifted-E4M3 prepared copy has no row_info (null, 0 bytes; it is the int8 "
        "format's)",
        caller));
  }
  if (p.data == nullptr || p.scales == nullptr) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: prepared copy has only one of its data and scale pointers", caller));
  }
  if (!IsAligned16(p.data) || !IsAligned16(p.scales)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: prepared data and scales must be 16-byte aligned", caller));
  }
  const int64_t want_data = PreparedDataBytes(n, k);
  const int64_t want_scales = PreparedScaleBytes(n, k);
  if (p.data_bytes != want_data || p.scale_bytes != want_scales) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: prepared copy has %d data and %d scale bytes but (N=%d, K=%d) needs %d and %d "
        "(PreparedDataBytes / PreparedScaleBytes)",
        caller, p.data_bytes, p.scale_bytes, n, k, want_data, want_scales));
  }
  return absl::OkStatus();
}

}  // namespace gemm_internal

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
  return PreparedWeightOf(n_, k_, format_, data(), scales(), row_info());
}

PreparedWeight PreparedWeightForPlanning(int64_t n, int64_t k, PreparedFormat format) {
  alignas(16) static const uint32_t kPlaceholder[4] = {};
  return PreparedWeightOf(n, k, format, reinterpret_cast<const uint8_t*>(kPlaceholder),
                          reinterpret_cast<const float*>(kPlaceholder), kPlaceholder);
}

absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightOutput& out,
                           hipStream_t stream) {
  // The weight first (the output's sizes follow from its shape; its own
  // prepared copy, if any, is not an input), then the output as the copy
  // Gemm() will read (the same check).
  Mxfp4Weight plain = weight;
  plain.prepared = PreparedWeight{};
  if (absl::Status s = ValidateWeight(plain); !s.ok()) return s;
  if (out.format != PreparedFormat::kShiftedE4m3 && out.format != PreparedFormat::kInt8) {
    return absl::InvalidArgumentError(
        absl::StrFormat("PrepareWeight: unknown output format %d", static_cast<int>(out.format)));
  }
  const PreparedWeight copy = out.view();
  if (!copy.present()) {
    return absl::InvalidArgumentError("PrepareWeight: output data and scale pointers are null");
  }
  if (absl::Status s = gemm_internal::ValidatePreparedCopy(copy, weight.n, weight.k,
                                                           "PrepareWeight");
      !s.ok()) {
    return s;
  }
  const bool preshuffled = weight.data_layout == DataLayout::kPreshuffled16x16;
  const bool scales_shuffled16 = weight.scale_layout == ScaleLayout::kShuffled16;
  if (out.format == PreparedFormat::kInt8) {
    MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchPrepareWeightInt8(
        weight.data, weight.scales, static_cast<int32_t>(weight.n), static_cast<int32_t>(weight.k),
        preshuffled, scales_shuffled16, out.data, out.row_info, stream));
    return absl::OkStatus();
  }
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
