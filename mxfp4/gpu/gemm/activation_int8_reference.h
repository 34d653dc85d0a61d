// File: mxfp4/gpu/gemm/activation_int8_reference.h
//
// Host reference of the activation's int8 form (LaunchQuantizeAOperandWgmmaOrderInt8,
// internal/tile_config.h): bf16 A quantized by the CPU emulator (EVEN rule),
// then each row summarized (Int8RowScan, int8_accumulation.h) and each
// element of a row with a (ref, spread) encoded as 2 x value x 2^(S - ref),
// in the ring tiles' wgmma order. Tests compare the GPU's bytes with it.

#ifndef MXFP4_GPU_GEMM_ACTIVATION_INT8_REFERENCE_H_
#define MXFP4_GPU_GEMM_ACTIVATION_INT8_REFERENCE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace mxfp4::gpu::gemm_internal {

// The byte of element (row, kk) in the wgmma order of a (rows_padded, k)
// operand with row tiles of `tile_rows` (a multiple of 8): row tile t, block
// g = kk / 32, 8-row group r8 of the tile at ((t * k/32 + g) * tile_rows/8 +
// r8) * 256; even elements in the first 128 bytes, odd ones in the second;
// row % 8 at 16 bytes each; element e of the block at 4 * (e / 8) + (e % 8) / 2.
int64_t WgmmaOrderOffset(int64_t row, int64_t kk, int64_t k, int64_t tile_rows);

struct ActivationInt8 {
  std::vector<int8_t> a_i8;        // rows_padded * k bytes, WgmmaOrderOffset
  // rows_padded: Int8RowScan::Info() with norm 0, or kInt8RowInfoInvalid;
  // and the row's sum of its int8 elements squared (0 without an int8 form):
  // Int8NormBound(row_sumsq) is the row's norm bound (the GEMM compares
  // squared norms: Int8TileRows::AddSumSq).
  std::vector<uint32_t> row_info;
  std::vector<uint32_t> row_sumsq;
  std::vector<uint8_t> scales;     // m * k/32 scale bytes of the quantized A (natural)
  std::vector<uint8_t> codes;      // m * k E2M1 codes, one a byte
};

// A: m x k bf16 bits, row-major. Rows m..rows_padded-1 are padding: info
// kInt8RowInfoInvalid, bytes 0. InvalidArgument unless 0 < m <= rows_padded,
// k a positive multiple of 32, tile_rows a positive multiple of 8 dividing
// rows_padded and a.size() == m * k.
absl::StatusOr<ActivationInt8> ActivationInt8Reference(absl::Span<const uint16_t> a, int64_t m,
                                                       int64_t k, int64_t rows_padded,
                                                       int64_t tile_rows);

// Test activations (m x k bf16 bits, row-major) whose rows cover the cases of
// the int8 form: row r < 9 of kind r, later rows of a random kind, seeded:
//   0 normal values, block exponents within 2 of the row's (mostly valid,
//     some spreads of 4);      1 as 0 with ~1/4 all-zero blocks (+-0);
//   2 all +-0 (kInt8RowZero);  3 block exponents over 12 binades (invalid);
//   4 as 0 with one NaN or +-Inf (a NaN scale: invalid);
//   5 as 0 with one outlier block 2^3 or 2^6 larger; 6 values near 2^-128
//     (scale 0, codes zero and non-zero); 7 values near 2^126 and one +-max
//     bf16 (scale 254); 8 all blocks +-0 but one.
std::vector<uint16_t> MakeInt8TestActivations(int64_t m, int64_t k, uint64_t seed);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_ACTIVATION_INT8_REFERENCE_H_
