// File: mxfp4/core/prepared_layout.h
//
// The prepared weight image: an opt-in second copy of an MXFP4 weight matrix
// (rows = N, K elements per row, K % 32 == 0) in the byte image of the
// warp-specialized e4m3 wgmma tiles' shared-memory stages, so that those tiles
// can fill a stage with bulk copies instead of converting E2M1 -> E4M3 in the
// kernel: a K-block of 64 rows is 2048 contiguous data bytes plus 256 bytes of
// fp32 scales, i.e. a stage is two copies.
//
// Layout. Rows come in groups of 64 (G = row / 64, r = row % 64; there are
// ceil(rows / 64) groups, and the rows past `rows` in the last one are padding:
// data bytes 0, scales +0.0f). With g = col / 32, e = col % 32, blocks = K / 32:
//   - data: a 2048-byte block per (G, g) at byte (G * blocks + g) * 2048, and in
//     it element (r, e) at
//       (r >> 3) * 256 + (e & 1) * 128 + (r & 7) * 16 + 4 * (e >> 3) + ((e & 7) >> 1)
//     i.e. the core-matrix order of the no-swizzle K-major wgmma operand (8-row
//     core matrices of 16 bytes a row; even elements in the first 128 bytes of
//     an 8-row slab, odd ones in the second). Each byte is the shifted E4M3 of
//     the E2M1 code c: (sign << 7) | (magnitude << 2), the E4M3 byte of the
//     E2M1 value x 2^-6 (code 1 = 0.5 becomes the E4M3 subnormal 2^-7).
//   - scales: 64 fp32 per (G, g), at float index
//       (G * blocks + g) * 64 + (r & ~15) + 2 * (r & 7) + ((r >> 3) & 1)
//     (rows r and r + 8 of each 16-row group adjacent, so one consumer lane
//     reads both as a float2), value E8m0ToFloat(scale byte).
// The GPU converter (mxfp4/gpu/gemm/prepare_weight_kernel.cu.cc, with
// RingWsScaleIndex / PreparedRowOffset of mxfp4/gpu/gemm/internal/
// prepared_image.h and the lo/hi halves of Fp4x8ToShiftedE4m3 in
// mxfp4/gpu/gemm/internal/shifted_e4m3.h stored 128 bytes apart) writes the same
// order, which the ws tiles' consumers read (wgmma_ring_ws_gemm_body.h); the GPU test checks a device-prepared image byte for byte against
// PrepareWeightImage.
//
// Cost: 1 byte per element plus 4 bytes per 32 elements, against 0.5 + 1/32
// for the packed weight: more than twice the bytes (2.125x, plus row padding),
// which is why the image is opt-in and the packed weight stays the source.

#ifndef MXFP4_CORE_PREPARED_LAYOUT_H_
#define MXFP4_CORE_PREPARED_LAYOUT_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4 {

inline constexpr int64_t kPreparedRowsPerGroup = 64;
inline constexpr int64_t kPreparedBlockDataBytes = 2048;  // 64 rows x 32 bytes
inline constexpr int64_t kPreparedBlockScales = 64;       // one fp32 per row

// Inline: the encoder, decoder and tests evaluate these per element.
inline constexpr int64_t PreparedRowGroups(int64_t rows) {
  return (rows + kPreparedRowsPerGroup - 1) / kPreparedRowsPerGroup;
}
inline constexpr int64_t PreparedDataBytes(int64_t rows, int64_t k) {
  return PreparedRowGroups(rows) * (k / kBlockSize) * kPreparedBlockDataBytes;
}
inline constexpr int64_t PreparedScaleBytes(int64_t rows, int64_t k) {
  return PreparedRowGroups(rows) * (k / kBlockSize) * kPreparedBlockScales *
         static_cast<int64_t>(sizeof(float));
}

// Byte of element (row, col) in the data image of a matrix with K = k.
inline constexpr int64_t PreparedDataOffset(int64_t row, int64_t col, int64_t k) {
  const int64_t r = row % kPreparedRowsPerGroup;
  const int64_t e = col % kBlockSize;
  const int64_t block = (row / kPreparedRowsPerGroup) * (k / kBlockSize) + col / kBlockSize;
  return block * kPreparedBlockDataBytes + (r >> 3) * 256 + (e & 1) * 128 + (r & 7) * 16 +
         4 * (e >> 3) + ((e & 7) >> 1);
}

// Float index of the scale of (row, K-block `group`) in the scale image.
inline constexpr int64_t PreparedScaleIndex(int64_t row, int64_t group, int64_t k) {
  const int64_t r = row % kPreparedRowsPerGroup;
  const int64_t block = (row / kPreparedRowsPerGroup) * (k / kBlockSize) + group;
  return block * kPreparedBlockScales + (r & ~int64_t{15}) + 2 * (r & 7) + ((r >> 3) & 1);
}

// E2M1 code (low 4 bits used) -> its shifted E4M3 byte.
inline constexpr uint8_t E2m1ToShiftedE4m3(uint8_t code) {
  return static_cast<uint8_t>((((code >> 3) & 1) << 7) | ((code & 7) << 2));
}

// The inverse; nullopt for the 240 bytes that no E2M1 code maps to (any of
// bits 0, 1, 5, 6 set).
inline constexpr std::optional<uint8_t> ShiftedE4m3ToE2m1(uint8_t byte) {
  if ((byte & 0x63) != 0) return std::nullopt;
  return static_cast<uint8_t>(((byte >> 4) & 0x8) | ((byte >> 2) & 0x7));
}

struct PreparedWeightImage {
  int64_t rows = 0;
  int64_t k = 0;
  std::vector<uint8_t> data;  // PreparedDataBytes(rows, k) bytes
  std::vector<float> scales;  // PreparedScaleBytes(rows, k) / 4 floats
};

// The image of `weight` (any data and scale layout: it reads through the
// view's layout-aware code() / scale()). An empty weight (rows == 0 or K == 0)
// is InvalidArgument, as DecodePreparedWeightImage rejects it: a kernel never
// needs the image of one.
absl::StatusOr<PreparedWeightImage> PrepareWeightImage(const Mxfp4View& weight);

// The inverse, into DataLayout::kNatural / ScaleLayout::kNatural. Validates the
// image completely (it may come from a file or a device buffer): shape (rows,
// k > 0, k % 32 == 0), exact sizes, every data byte a shifted E2M1 code, every
// real row's scale exactly E8m0ToFloat of some byte (compared by bits: only
// 2^-127 .. 2^127; +0.0f, negatives, Inf and other values are rejected), and
// padding rows all zero bytes / +0.0f. A NaN scale of any sign and payload
// decodes to 0xFF: E8M0 has one NaN and every NaN acts the same in the
// kernels, so a device that writes another NaN pattern still round-trips.
// Errors are InvalidArgument naming the element or row and why.
absl::StatusOr<Mxfp4Matrix> DecodePreparedWeightImage(absl::Span<const uint8_t> data,
                                                      absl::Span<const float> scales,
                                                      int64_t rows, int64_t k);

}  // namespace mxfp4

#endif  // MXFP4_CORE_PREPARED_LAYOUT_H_
