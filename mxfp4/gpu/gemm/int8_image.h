// File: mxfp4/gpu/gemm/int8_image.h
//
// The int8 prepared weight image (PreparedFormat::kInt8, gemm.h): the
// weight as the integer-accumulation ws tiles read it (internal/
// int8_accumulation.h; docs/paths.md "Prepared weights", "Int8 format").
// PrepareWeightInt8Image is the host reference that the device converter
// (LaunchPrepareWeightInt8, prepare_weight_kernel.cu.cc) is tested against
// byte for byte.
//
// Layout, for a weight of `rows` rows (N) and K = k:
//   - data: PreparedDataBytes(rows, k) bytes, the geometry of the shifted
//     E4M3 image (mxfp4/core/prepared_layout.h): element (row, col) at
//     PreparedDataOffset(row, col, k) - 64-row groups, 2048 bytes per (group,
//     K-block), the even elements of each 8-element run in the first 128
//     bytes of an 8-row slab, the odd ones in the second. Each byte is the
//     int8 2 x value x 2^Int8BlockShift(S, ref): value the E2M1 value of the
//     code (+-0 give 0), S the block's scale byte, ref the row's reference
//     (the low byte of its row info). Rows whose info is not a (ref, spread)
//     - kInt8RowZero or kInt8RowInvalid marks - and the padding rows of the
//     last group have all data bytes 0.
//   - row_info: one uint32 per row of the padded row count (PreparedRowGroups
//     (rows) * 64 entries): Int8RowScan over the row's K-blocks (Add(scale
//     byte, all 32 codes +-0, the block's sum of (2 x value)^2)), then Info()
//     (ref, spread or mark, norm bound); padding rows kInt8RowInfoInvalid.
//   - no scales: a valid row's scales are its ref plus the shifts folded into
//     the bytes.

#ifndef MXFP4_GPU_GEMM_INT8_IMAGE_H_
#define MXFP4_GPU_GEMM_INT8_IMAGE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"

namespace mxfp4::gpu {

// Bytes of the row_info buffer: one uint32 per row of the 64-row groups.
inline constexpr int64_t PreparedInt8RowInfoBytes(int64_t rows) {
  return PreparedRowGroups(rows) * kPreparedRowsPerGroup * static_cast<int64_t>(sizeof(uint32_t));
}

struct PreparedInt8Image {
  int64_t rows = 0;
  int64_t k = 0;
  std::vector<uint8_t> data;       // PreparedDataBytes(rows, k) bytes (int8 values)
  std::vector<uint32_t> row_info;  // PreparedInt8RowInfoBytes(rows) / 4 entries
};

// Row `row` of `matrix` summarized over all of K as the GPU's int8 pieces do
// it (PrepareWeight for a weight, the int8 quantizer for activations):
// Int8RowScan::Add(scale byte, all 32 codes +-0, the block's sum of (2 x
// value)^2) for each block. The host references and `mxfp4 int-accumulation`
// share it.
gemm_internal::Int8RowScan Int8RowScanOfRow(const Mxfp4View& matrix, int64_t row);

// The int8 image of `weight` (any data and scale layout: it reads through the
// view's layout-aware code() / scale()). An empty weight (rows == 0 or K == 0)
// is InvalidArgument, as for PrepareWeightImage.
absl::StatusOr<PreparedInt8Image> PrepareWeightInt8Image(const Mxfp4View& weight);

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_GEMM_INT8_IMAGE_H_
