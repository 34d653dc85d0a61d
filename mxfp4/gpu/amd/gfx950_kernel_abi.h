// File: mxfp4/gpu/amd/gfx950_kernel_abi.h
//
// What the host and the gfx950 code objects agree on (docs/amd.md): kernel
// symbol names, the one by-value argument struct of each kernel (plain
// integers and pointers, the same layout under g++ x86-64 and clang amdgcn:
// static_asserts below), and the launch geometry (workgroup size, tile per
// workgroup, grid). The host launcher (gfx950_runtime) and the lane-mapping
// test (gfx950_lane_map_test) use the same functions as the kernels, so a
// tile the kernel computes is the tile the test checks.
//
// Kernels (one wave = 64 lanes, 4 waves per workgroup, all K loops in 256-K
// pairs; see gfx950_lane_map.h for the per-lane math):
//   gemm_fused_quant_k512_m{16,32}  bf16 A quantized in registers (EVEN rule,
//       cvt_scalef32_pk_fp4) + scaled FP4 MFMA against preshuffled B; bf16 C.
//       Workgroup tile: 16*kMTiles rows x 128 columns (a wave: 32 columns).
//   gemm_splitk_small_m_m{16,32}   the same over one K split (blockIdx.z);
//       writes fp32 partials [split][M][N].
//   splitk_combine_bf16            C = bf16(((p0 + p1) + p2) + ...).
//   quantize_rows_even_shuffled16  bf16 A -> A_q (natural) + A scales
//       (shuffled16, padding written as 0); one lane per (row, block) slot.
//   gemm_preshuffled_64x64         A_q + shuffled16 A scales x preshuffled B;
//       bf16 C. Workgroup tile 64 x 64 (2 x 2 waves of 32 x 32).

#ifndef MXFP4_GPU_AMD_GFX950_KERNEL_ABI_H_
#define MXFP4_GPU_AMD_GFX950_KERNEL_ABI_H_

#include <cstdint>

#include "mxfp4/gpu/amd/gfx950_lane_map.h"

namespace mxfp4::gfx950 {

inline constexpr int kWorkgroupThreads = 256;
inline constexpr int kWavesPerWorkgroup = kWorkgroupThreads / kWaveSize;

// ---------------------------------------------------------------- fused / split-K

// Columns per wave (two 16-column MFMA tiles sharing one B scale word) and
// per workgroup (4 waves side by side along N).
inline constexpr int kFusedWaveN = 32;
inline constexpr int kFusedWorkgroupN = kFusedWaveN * kWavesPerWorkgroup;  // 128

struct FusedQuantGemmArgs {
  const uint16_t* a;             // bf16 bits (M, K) row-major
  const uint8_t* b_preshuffled;  // (N, K/2) in the preshuffled (16,16) layout
  const uint8_t* b_scales;       // shuffled16, (RoundUp(N,256), RoundUp(K/32,8))
  void* out;                     // bf16 (M, N), or fp32 partials [splits][M][N]
  int32_t m;
  int32_t n;       // multiple of 16
  int32_t k;       // multiple of 64
  int32_t splits;  // 1 for gemm_fused_quant_k512
};
static_assert(sizeof(FusedQuantGemmArgs) == 48, "kernel ABI");

// FusedWorkgroupMRows(): rows of M per workgroup for kMTiles 16-row tiles.
MXFP4_GFX950_HD constexpr int FusedWorkgroupMRows(int m_tiles) { return kMfmaTile * m_tiles; }

// FusedGrid(): {x: N tiles of 128, y: M tiles, z: splits}.
struct Grid3 {
  uint32_t x, y, z;
};
MXFP4_GFX950_HD constexpr Grid3 FusedGrid(int64_t m, int64_t n, int m_tiles, int splits) {
  return Grid3{
      static_cast<uint32_t>((n + kFusedWorkgroupN - 1) / kFusedWorkgroupN),
      static_cast<uint32_t>((m + FusedWorkgroupMRows(m_tiles) - 1) / FusedWorkgroupMRows(m_tiles)),
      static_cast<uint32_t>(splits)};
}

// FusedWaveN0(): first column of wave `wave` in workgroup column `bx`; its
// two MFMA tiles start at FusedWaveN0 and FusedWaveN0 + 16 (OPSEL row half
// 0 and 1 of the B scale word, as the wave's 32 columns are 32-aligned).
MXFP4_GFX950_HD constexpr int64_t FusedWaveN0(uint32_t bx, int wave) {
  return static_cast<int64_t>(bx) * kFusedWorkgroupN + static_cast<int64_t>(wave) * kFusedWaveN;
}

// FusedM0(): first row of M tile `mt` in workgroup row `by`.
MXFP4_GFX950_HD constexpr int64_t FusedM0(uint32_t by, int m_tiles, int mt) {
  return static_cast<int64_t>(by) * FusedWorkgroupMRows(m_tiles) + kMfmaTile * mt;
}

// ---------------------------------------------------------------- split-K combine

struct SplitkCombineArgs {
  const float* partials;  // [splits][M][N]
  uint16_t* out;          // bf16 (M, N)
  int64_t count;          // M * N, a multiple of 4 (N % 16 == 0)
  int32_t splits;
  int32_t pad_;
};
static_assert(sizeof(SplitkCombineArgs) == 32, "kernel ABI");

// Each thread combines 4 consecutive outputs (16-byte partial loads).
MXFP4_GFX950_HD constexpr uint32_t CombineGridX(int64_t count) {
  return static_cast<uint32_t>((count / 4 + kWorkgroupThreads - 1) / kWorkgroupThreads);
}

// ---------------------------------------------------------------- quantize rows

struct QuantizeRowsArgs {
  const uint16_t* a;  // bf16 bits (M, K)
  uint8_t* a_q;       // (M, K/2) natural
  uint8_t* a_scales;  // shuffled16, (RoundUp(M,256), RoundUp(K/32,8)), all written
  int32_t m;
  int32_t k;  // multiple of 32
};
static_assert(sizeof(QuantizeRowsArgs) == 32, "kernel ABI");

// One lane per slot (row, block) of the padded scale grid, slot =
// row * RoundUp(K/32, 8) + block: consecutive lanes take consecutive blocks of
// one row, so their 64-byte reads and 16-byte writes are contiguous.
MXFP4_GFX950_HD constexpr int64_t QuantizeSlots(int64_t m, int64_t k) {
  return (m + 255) / 256 * 256 * ((k / kBlockK + 7) / 8 * 8);
}
MXFP4_GFX950_HD constexpr int64_t QuantizeSlotRow(int64_t slot, int64_t k) {
  return slot / ((k / kBlockK + 7) / 8 * 8);
}
MXFP4_GFX950_HD constexpr int64_t QuantizeSlotBlock(int64_t slot, int64_t k) {
  return slot % ((k / kBlockK + 7) / 8 * 8);
}
MXFP4_GFX950_HD constexpr uint32_t QuantizeGridX(int64_t m, int64_t k) {
  return static_cast<uint32_t>((QuantizeSlots(m, k) + kWorkgroupThreads - 1) / kWorkgroupThreads);
}

// ---------------------------------------------------------------- GEMM on quantized A

// Each wave: 32 rows x 32 columns = 2 x 2 MFMA tiles, which share one A and
// one B scale word per 256-K pair. Workgroup: 2 x 2 waves = 64 x 64.
inline constexpr int kGemmWaveM = 32;
inline constexpr int kGemmWaveN = 32;
inline constexpr int kGemmWorkgroupM = 64;
inline constexpr int kGemmWorkgroupN = 64;

struct GemmPreshuffledArgs {
  const uint8_t* a_q;            // (M, K/2) natural
  const uint8_t* a_scales;       // shuffled16 (RoundUp(M,256), RoundUp(K/32,8))
  const uint8_t* b_preshuffled;  // (N, K/2) preshuffled (16,16)
  const uint8_t* b_scales;       // shuffled16
  uint16_t* out;                 // bf16 (M, N)
  int32_t m;
  int32_t n;  // multiple of 16
  int32_t k;  // multiple of 64
  int32_t pad_;
};
static_assert(sizeof(GemmPreshuffledArgs) == 56, "kernel ABI");

MXFP4_GFX950_HD constexpr Grid3 GemmGrid(int64_t m, int64_t n) {
  return Grid3{static_cast<uint32_t>((n + kGemmWorkgroupN - 1) / kGemmWorkgroupN),
               static_cast<uint32_t>((m + kGemmWorkgroupM - 1) / kGemmWorkgroupM), 1u};
}
MXFP4_GFX950_HD constexpr int64_t GemmWaveM0(uint32_t by, int wave) {
  return static_cast<int64_t>(by) * kGemmWorkgroupM + (wave / 2) * kGemmWaveM;
}
MXFP4_GFX950_HD constexpr int64_t GemmWaveN0(uint32_t bx, int wave) {
  return static_cast<int64_t>(bx) * kGemmWorkgroupN + (wave % 2) * kGemmWaveN;
}

// ---------------------------------------------------------------- symbol names

inline constexpr const char kFusedQuantK512M16Kernel[] = "mxfp4_gfx950_gemm_fused_quant_k512_m16";
inline constexpr const char kFusedQuantK512M32Kernel[] = "mxfp4_gfx950_gemm_fused_quant_k512_m32";
inline constexpr const char kSplitkSmallMM16Kernel[] = "mxfp4_gfx950_gemm_splitk_small_m_m16";
inline constexpr const char kSplitkSmallMM32Kernel[] = "mxfp4_gfx950_gemm_splitk_small_m_m32";
inline constexpr const char kSplitkCombineKernel[] = "mxfp4_gfx950_splitk_combine_bf16";
inline constexpr const char kQuantizeRowsKernel[] = "mxfp4_gfx950_quantize_rows_even_shuffled16";
inline constexpr const char kGemmPreshuffledKernel[] = "mxfp4_gfx950_gemm_preshuffled_64x64";

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_GFX950_KERNEL_ABI_H_
