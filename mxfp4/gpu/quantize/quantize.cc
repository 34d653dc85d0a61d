// File: mxfp4/gpu/quantize/quantize.cc
//
// Host side of the GPU quantizer (see quantize.h): argument checks with clear
// messages, then one raw launch (quantize_kernel.cu.cc).

#include "mxfp4/gpu/quantize/quantize.h"

#include <cstdint>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/gpu/quantize/quantize_launch.h"

namespace mxfp4::gpu {
namespace {

using internal::QuantizeLayoutId;
using internal::QuantizeRuleId;
using internal::QuantizeVariantId;

static_assert(static_cast<int>(ScaleRule::kEven) == static_cast<int>(QuantizeRuleId::kEven));
static_assert(static_cast<int>(ScaleRule::kOcpFloor) ==
              static_cast<int>(QuantizeRuleId::kOcpFloor));
static_assert(static_cast<int>(ScaleRule::kRceil) == static_cast<int>(QuantizeRuleId::kRceil));
static_assert(static_cast<int>(ScaleLayout::kNatural) ==
              static_cast<int>(QuantizeLayoutId::kNatural));
static_assert(static_cast<int>(ScaleLayout::kShuffled16) ==
              static_cast<int>(QuantizeLayoutId::kShuffled16));
static_assert(static_cast<int>(ScaleLayout::kShuffled32) ==
              static_cast<int>(QuantizeLayoutId::kShuffled32));

static_assert(static_cast<int>(QuantizeKernelVariant::kBf16x2Packed) ==
              static_cast<int>(QuantizeVariantId::kBf16x2Packed));
static_assert(static_cast<int>(QuantizeKernelVariant::kBf16x2PackedTiled) ==
              static_cast<int>(QuantizeVariantId::kBf16x2PackedTiled));
static_assert(static_cast<int>(QuantizeKernelVariant::kFp32Scalar) ==
              static_cast<int>(QuantizeVariantId::kFp32Scalar));

bool IsKnownVariant(QuantizeKernelVariant variant) {
  for (QuantizeKernelVariant v : kAllQuantizeKernelVariants) {
    if (v == variant) return true;
  }
  return false;
}

bool IsKnownLayout(ScaleLayout layout) {
  return layout == ScaleLayout::kNatural || layout == ScaleLayout::kShuffled16 ||
         layout == ScaleLayout::kShuffled32;
}
bool IsKnownRule(ScaleRule rule) {
  return rule == ScaleRule::kEven || rule == ScaleRule::kOcpFloor || rule == ScaleRule::kRceil;
}

bool IsAligned(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % kQuantizeBufferAlignment == 0;
}

}  // namespace

const char* QuantizeKernelVariantName(QuantizeKernelVariant variant) {
  switch (variant) {
#define MXFP4_GPU_QUANTIZE_VARIANT_CASE(name, str) \
  case QuantizeKernelVariant::name:                \
    return str;
    MXFP4_GPU_QUANTIZE_VARIANTS(MXFP4_GPU_QUANTIZE_VARIANT_CASE)
#undef MXFP4_GPU_QUANTIZE_VARIANT_CASE
  }
  return "unknown";
}

absl::StatusOr<QuantizeBufferSizes> QuantizeBufferSizesFor(int64_t m, int64_t k,
                                                           ScaleLayout layout) {
  if (m < 1 || k < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("GPU quantize: shape (m=%d, k=%d) must be positive", m, k));
  }
  if (k % kBlockSize != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "GPU quantize: k=%d is not a multiple of the MXFP4 block size %d", k, kBlockSize));
  }
  if (!IsKnownLayout(layout)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("GPU quantize: unknown ScaleLayout value %d", static_cast<int>(layout)));
  }
  // Every size below is at most 2 * m * k (the input bytes); check that once.
  int64_t elements = 0, input_bytes = 0;
  if (__builtin_mul_overflow(m, k, &elements) ||
      __builtin_mul_overflow(elements, int64_t{2}, &input_bytes) ||
      m > INT64_MAX - kScaleRowPad) {
    return absl::InvalidArgumentError(
        absl::StrFormat("GPU quantize: shape (m=%d, k=%d) overflows int64 byte counts", m, k));
  }
  QuantizeBufferSizes sizes;
  sizes.data_bytes = elements / 2;
  sizes.scale_bytes = ScaleStorageBytes(layout, m, k / kBlockSize);
  return sizes;
}

absl::Status QuantizeBf16OnGpu(const uint16_t* d_x, int64_t m, int64_t k,
                               const QuantizeOptions& options, uint8_t* d_data,
                               uint8_t* d_scales, hipStream_t stream) {
  return QuantizeBf16OnGpu(d_x, m, k, options, kDefaultQuantizeKernelVariant, d_data, d_scales,
                           stream);
}

absl::Status QuantizeBf16OnGpu(const uint16_t* d_x, int64_t m, int64_t k,
                               const QuantizeOptions& options, QuantizeKernelVariant variant,
                               uint8_t* d_data, uint8_t* d_scales, hipStream_t stream) {
  absl::StatusOr<QuantizeBufferSizes> sizes = QuantizeBufferSizesFor(m, k, options.scale_layout);
  if (!sizes.ok()) return sizes.status();
  if (!IsKnownRule(options.rule)) {
    return absl::InvalidArgumentError(absl::StrFormat("GPU quantize: unknown ScaleRule value %d",
                                                      static_cast<int>(options.rule)));
  }
  if (!IsKnownVariant(variant)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "GPU quantize: unknown QuantizeKernelVariant value %d", static_cast<int>(variant)));
  }
  if (d_x == nullptr || d_data == nullptr || d_scales == nullptr) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "GPU quantize: null device pointer (d_x=%p, d_data=%p, d_scales=%p)", d_x, d_data,
        d_scales));
  }
  if (!IsAligned(d_x) || !IsAligned(d_data) ||
      (options.scale_layout != ScaleLayout::kNatural && !IsAligned(d_scales))) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "GPU quantize: d_x=%p and d_data=%p (and d_scales=%p for shuffled layouts) must be "
        "%d-byte aligned (16-byte loads/stores)",
        d_x, d_data, d_scales, kQuantizeBufferAlignment));
  }
  MXFP4_HIP_RETURN_IF_ERROR(internal::LaunchQuantizeBf16(
      d_x, m, k, static_cast<QuantizeRuleId>(options.rule),
      static_cast<QuantizeLayoutId>(options.scale_layout), static_cast<QuantizeVariantId>(variant),
      d_data, d_scales, stream));
  return absl::OkStatus();
}

}  // namespace mxfp4::gpu
