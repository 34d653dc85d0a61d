// File: mxfp4/core/prepared_layout.cc
//
// Encoder and validating decoder of the prepared weight image (layout in
// prepared_layout.h). Both walk logical elements and place them with
// PreparedDataOffset / PreparedScaleIndex, so the formulas live in one place.

#include "mxfp4/core/prepared_layout.h"

#include <cmath>
#include <limits>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace mxfp4 {
namespace {

// The E8M0 byte whose E8m0ToFloat has exactly these bits, or -1.
int ScaleByteOfFloat(float f) {
  if (std::isnan(f)) return E8m0Format::kNan;  // any NaN: see the header
  const uint32_t bits = FloatBits(f);
  if (bits == 0x00400000u) return 0;  // 2^-127, the one subnormal
  const uint32_t exponent = bits >> 23;  // sign bit included: negatives fail below
  if ((bits & 0x007FFFFFu) != 0 || exponent == 0 || exponent >= 0xFF) return -1;
  return static_cast<int>(exponent);
}

}  // namespace

absl::StatusOr<PreparedWeightImage> PrepareWeightImage(const Mxfp4View& weight) {
  const int64_t rows = weight.rows();
  const int64_t k = weight.k();
  if (rows <= 0 || k <= 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PrepareWeightImage: empty weight (rows=%d, K=%d) has no prepared image", rows, k));
  }
  PreparedWeightImage image;
  image.rows = rows;
  image.k = k;
  // Zero-filled, which is the padding rows' required content.
  image.data.assign(PreparedDataBytes(rows, k), 0);
  image.scales.assign(PreparedScaleBytes(rows, k) / sizeof(float), 0.0f);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < k; ++c) {
      image.data[PreparedDataOffset(r, c, k)] = E2m1ToShiftedE4m3(weight.code(r, c));
    }
    for (int64_t g = 0; g < weight.groups(); ++g) {
      image.scales[PreparedScaleIndex(r, g, k)] = E8m0ToFloat(weight.scale(r, g));
    }
  }
  return image;
}

absl::StatusOr<Mxfp4Matrix> DecodePreparedWeightImage(absl::Span<const uint8_t> data,
                                                      absl::Span<const float> scales,
                                                      int64_t rows, int64_t k) {
  if (rows <= 0 || k <= 0 || k % kBlockSize != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "DecodePreparedWeightImage: rows=%d, K=%d: need rows > 0 and K > 0 a multiple of 32",
        rows, k));
  }
  // Keep the size formulas below in int64 range for any caller-given shape.
  const int64_t blocks = k / kBlockSize;
  if (PreparedRowGroups(rows) >
      std::numeric_limits<int64_t>::max() / kPreparedBlockDataBytes / blocks) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "DecodePreparedWeightImage: rows=%d, K=%d: image size overflows int64", rows, k));
  }
  const int64_t data_bytes = PreparedDataBytes(rows, k);
  const int64_t scale_bytes = PreparedScaleBytes(rows, k);
  if (static_cast<int64_t>(data.size()) != data_bytes ||
      static_cast<int64_t>(scales.size() * sizeof(float)) != scale_bytes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "DecodePreparedWeightImage: data has %d bytes and scales %d floats, expected exactly "
        "%d and %d for rows=%d, K=%d",
        data.size(), scales.size(), data_bytes, scale_bytes / 4, rows, k));
  }
  Mxfp4Matrix m;
  m.shape = {rows, k};
  m.data.assign(m.shape.data_bytes(), 0);
  m.scales.assign(rows * blocks, 0);
  // The E2M1 code of real element (r, c), or the error naming it.
  auto code_at = [&](int64_t r, int64_t c) -> absl::StatusOr<uint8_t> {
    const uint8_t byte = data[PreparedDataOffset(r, c, k)];
    const std::optional<uint8_t> code = ShiftedE4m3ToE2m1(byte);
    if (!code.has_value()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "DecodePreparedWeightImage: element (%d, %d) byte 0x%02x is not a shifted E2M1 "
          "code (bits 0, 1, 5, 6 must be clear)",
          r, c, byte));
    }
    return *code;
  };
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < k; c += 2) {
      const absl::StatusOr<uint8_t> even = code_at(r, c);
      if (!even.ok()) return even.status();
      const absl::StatusOr<uint8_t> odd = code_at(r, c + 1);
      if (!odd.ok()) return odd.status();
      m.data[r * (k / 2) + c / 2] = PackFp4x2(*even, *odd);
    }
    for (int64_t g = 0; g < blocks; ++g) {
      const float s = scales[PreparedScaleIndex(r, g, k)];
      const int byte = ScaleByteOfFloat(s);
      if (byte < 0) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "DecodePreparedWeightImage: row %d scale of block %d is %g (bits 0x%08x), not "
            "E8m0ToFloat of any byte",
            r, g, s, FloatBits(s)));
      }
      m.scales[r * blocks + g] = static_cast<uint8_t>(byte);
    }
  }
  // The padding rows of the last group: zero bytes and +0.0f scales.
  const int64_t padded_rows = PreparedRowGroups(rows) * kPreparedRowsPerGroup;
  for (int64_t r = rows; r < padded_rows; ++r) {
    for (int64_t c = 0; c < k; ++c) {
      const uint8_t byte = data[PreparedDataOffset(r, c, k)];
      if (byte != 0) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "DecodePreparedWeightImage: padding row %d (rows=%d) element %d is 0x%02x, "
            "expected 0",
            r, rows, c, byte));
      }
    }
    for (int64_t g = 0; g < blocks; ++g) {
      const float s = scales[PreparedScaleIndex(r, g, k)];
      if (FloatBits(s) != 0) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "DecodePreparedWeightImage: padding row %d (rows=%d) scale of block %d has bits "
            "0x%08x, expected +0.0f",
            r, rows, g, FloatBits(s)));
      }
    }
  }
  return m;
}

}  // namespace mxfp4
