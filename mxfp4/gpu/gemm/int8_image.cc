// File: mxfp4/gpu/gemm/int8_image.cc
//
// Host reference of the int8 prepared weight image (layout in int8_image.h).
// The row summary is int8_accumulation.h's Int8RowScan; each byte is written
// from its definition (twice the E2M1 value, shifted) and placed with
// PreparedDataOffset, independently of the device's word-wise encoder.

#include "mxfp4/gpu/gemm/int8_image.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"

namespace mxfp4::gpu {

using gemm_internal::Int8BlockShift;
using gemm_internal::Int8RowEncodes;
using gemm_internal::Int8RowRef;
using gemm_internal::Int8RowScan;
using gemm_internal::kInt8RowInfoInvalid;

Int8RowScan Int8RowScanOfRow(const Mxfp4View& matrix, int64_t row) {
  Int8RowScan scan;
  for (int64_t g = 0; g < matrix.groups(); ++g) {
    bool zero_block = true;
    uint32_t sumsq = 0;
    for (int64_t e = 0; e < kBlockSize; ++e) {
      const int twice = E2m1ToTwice(matrix.code(row, g * kBlockSize + e));
      zero_block = zero_block && twice == 0;
      sumsq += static_cast<uint32_t>(twice * twice);
    }
    scan.Add(matrix.scale(row, g), zero_block, sumsq);
  }
  return scan;
}

absl::StatusOr<PreparedInt8Image> PrepareWeightInt8Image(const Mxfp4View& weight) {
  const int64_t rows = weight.rows();
  const int64_t k = weight.k();
  if (rows <= 0 || k <= 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PrepareWeightInt8Image: empty weight (rows=%d, K=%d) has no prepared image", rows, k));
  }
  PreparedInt8Image image;
  image.rows = rows;
  image.k = k;
  // Zero-filled: the content of padding rows and of rows without an int8 form.
  image.data.assign(PreparedDataBytes(rows, k), 0);
  image.row_info.assign(PreparedInt8RowInfoBytes(rows) / sizeof(uint32_t), kInt8RowInfoInvalid);
  const int64_t blocks = weight.groups();
  for (int64_t r = 0; r < rows; ++r) {
    const uint32_t info = Int8RowScanOfRow(weight, r).Info();
    image.row_info[r] = info;
    if (!Int8RowEncodes(info)) continue;  // a mark: zeros
    const uint32_t ref = Int8RowRef(info);
    for (int64_t g = 0; g < blocks; ++g) {
      const int shift = static_cast<int>(Int8BlockShift(weight.scale(r, g), ref));
      for (int64_t e = 0; e < kBlockSize; ++e) {
        const int64_t c = g * kBlockSize + e;
        const int v = E2m1ToTwice(weight.code(r, c)) * (1 << shift);
        image.data[PreparedDataOffset(r, c, k)] = static_cast<uint8_t>(static_cast<int8_t>(v));
      }
    }
  }
  return image;
}

}  // namespace mxfp4::gpu
