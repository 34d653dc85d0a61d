// File: mxfp4/emu/reference_gemm_kernels.h
//
// Internal to reference_gemm.cc: operands expanded for fast exact block dot
// products, and the per-tile kernels (portable C++ and AVX2) that compute them
// and run the block_fma contract over a 4x4 output tile. Split out so that the
// architecture-specific code is in one place; not a public API.
//
// Representation (docs/accumulation.md, "How the emulator computes it"):
//   a_u8[m][k] = E2m1ToTwice(code) + 12 (0..24, unsigned, for vpmaddubsw)
//   b_s8[n][k] = E2m1ToTwice(code)      (-12..12)
//   dot4(m, n, g) = sum_k a_u8 * b_s8 - 12 * sum_k b_s8   (exact int32)
// so the kernels need no sign fix-up per product.

#ifndef MXFP4_EMU_REFERENCE_GEMM_KERNELS_H_
#define MXFP4_EMU_REFERENCE_GEMM_KERNELS_H_

#include <cstdint>
#include <vector>

namespace mxfp4 {
namespace reference_gemm_internal {

// Output tiles are kTile x kTile; dot4 values of a tile are stored per block g
// as dots[g * 16 + i * 4 + j] for row m0 + i, column n0 + j.
inline constexpr int kTile = 4;
inline constexpr int kTileOutputs = kTile * kTile;
inline constexpr int kTwiceOffset = 12;

struct PreparedOperands {
  int64_t m = 0, n = 0, k = 0, groups = 0;
  int64_t mp = 0, np = 0;  // m, n rounded up to kTile (padding rows are zero, scale 127)
  std::vector<uint8_t> a_u8;        // mp * k
  std::vector<int8_t> b_s8;         // np * k
  std::vector<int32_t> b_corr_t;    // groups * np: 12 * block sum of b_s8, [g][n]
  std::vector<uint8_t> sa, sb;      // mp * groups, np * groups (natural order)
  std::vector<float> fa_t, fb_t;    // groups * mp, groups * np: E8m0ToFloat, [g][row]
};

// Fills dots[g * 16 + i * 4 + j] for all blocks of the tile at (m0, n0).
void DotTilePortable(const PreparedOperands& op, int64_t m0, int64_t n0, int32_t* dots);
void DotTileAvx2(const PreparedOperands& op, int64_t m0, int64_t n0, int32_t* dots);

// block_fma over blocks [g_begin, g_end) of a tile, from +0.0f: out[16].
void BlockFmaTilePortable(const PreparedOperands& op, const int32_t* dots, int64_t m0, int64_t n0,
                          int64_t g_begin, int64_t g_end, float* out);
void BlockFmaTileAvx2(const PreparedOperands& op, const int32_t* dots, int64_t m0, int64_t n0,
                      int64_t g_begin, int64_t g_end, float* out);

// True when this CPU runs the AVX2 kernels (AVX2 and FMA).
bool CpuHasAvx2Fma();

}  // namespace reference_gemm_internal
}  // namespace mxfp4

#endif  // MXFP4_EMU_REFERENCE_GEMM_KERNELS_H_
