// File: mxfp4/gpu/amd/kernels/fused_quant_gemm.h
//
// The wave body shared by gemm_fused_quant_k512 (whole K, bf16 C) and
// gemm_splitk_small_m (one K split per blockIdx.z, fp32 partials): bf16 A is
// quantized in registers with the EVEN rule and v_cvt_scalef32_pk_fp4_f32,
// straight into the MFMA's srcB lane layout, and multiplied against
// preshuffled B with v_mfma_scale_f32_16x16x128_f8f6f4 (spec:
// shared/spec/workload.md paths 1 and 3; docs/amd.md). Device TUs only.
//
// Per wave: kMTiles x 2 MFMA tiles (16 rows of M each x 32 columns of N).
// Per 256-K pair: one B scale word per lane (OPSEL = n-tile + 2 * step);
// per 128-K step and M tile: each lane loads its 32 bf16 (64 bytes), takes
// the block max, the EVEN scale and 16 cvt instructions -> 4 dwords; its
// own scale byte is srcB's scale word (OPSEL 0). Lanes past M or past K feed
// padding (code 0, scale 127). No LDS, no barriers: each wave quantizes the A
// blocks it needs (the 4 waves of a workgroup repeat that work; A is small on
// these paths and its loads hit the cache).
//
// Accumulation contract: kMfma16 (mxfp4/emu/accumulation.h), one chain of
// instructions per output over the split's K in order; for split-K the fp32
// partials are combined by splitk_combine_bf16 in split order.

#ifndef MXFP4_GPU_AMD_KERNELS_FUSED_QUANT_GEMM_H_
#define MXFP4_GPU_AMD_KERNELS_FUSED_QUANT_GEMM_H_

#include <cstdint>

#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/kernels/gfx950_device.h"

namespace mxfp4::gfx950 {

// QuantizeLaneA(): this lane's srcB operand and scale for A rows [m0, m0+16)
// and the step at k0 (padding when the row or block is outside A).
__device__ __forceinline__ void QuantizeLaneA(const uint16_t* a, int64_t m, int64_t k, int64_t m0,
                                              int64_t k0, int lane, V4u32* op, uint32_t* scale) {
  const int64_t row = m0 + OperandRow(lane);
  if (row < m && LaneBlockInK(k0, lane, k)) {
    const uint16_t* src = a + row * k + OperandFirstK(k0, lane);
    uint32_t words[16];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const V4u32 v = LoadGlobal16(src + 8 * q);
      words[4 * q + 0] = v.x;
      words[4 * q + 1] = v.y;
      words[4 * q + 2] = v.z;
      words[4 * q + 3] = v.w;
    }
    uint32_t packed[4];
    *scale = QuantizeBlockEven(words, CvtPk8Fp4{}, packed);
    *op = V4u32{packed[0], packed[1], packed[2], packed[3]};
  } else {
    *op = V4u32{0u, 0u, 0u, 0u};
    *scale = kPadScale;
  }
}

// FusedQuantGemmWave()
//
// kMTiles: 16-row M tiles per workgroup (1 or 2). kPartials: write fp32
// partials [split][M][N] instead of bf16 C. kStreamB: nontemporal B loads
// (B is read once when there is a single M tile row).
template <int kMTiles, bool kPartials, bool kStreamB>
__device__ __forceinline__ void FusedQuantGemmWave(const FusedQuantGemmArgs& args) {
  const int lane = LaneId();
  const int wave = WaveId();
  const int64_t m = args.m, n = args.n, k = args.k;
  const int64_t groups = k / kBlockK;
  const int64_t n_wave0 = FusedWaveN0(blockIdx.x, wave);
  if (n_wave0 >= n) return;  // wave-uniform; this kernel has no barriers
  const bool second_n_tile = n_wave0 + kMfmaTile < n;
  const int split = static_cast<int>(blockIdx.z);
  const int64_t pairs = KPairs(k);
  const int64_t pair_begin = SplitPairBegin(pairs, args.splits, split);
  const int64_t pair_end = SplitPairEnd(pairs, args.splits, split);

  V4f32 acc[kMTiles][2];
#pragma unroll
  for (int mt = 0; mt < kMTiles; ++mt) {
    acc[mt][0] = V4f32{0.0f, 0.0f, 0.0f, 0.0f};
    acc[mt][1] = V4f32{0.0f, 0.0f, 0.0f, 0.0f};
  }

  for (int64_t pair = pair_begin; pair < pair_end; ++pair) {
    const int64_t g0 = kPairBlocks * pair;
    const uint32_t b_word =
        LoadGlobal4(args.b_scales + Shuffled16ScaleWordOffset(n_wave0, g0, groups, lane));
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int64_t k0 = kPairK * pair + kMfmaK * h;
      if (k0 >= k) break;  // K % 256 == 128 or 64: the pair's second step is not issued
      const bool in_k = LaneBlockInK(k0, lane, k);

      V4u32 a_op[kMTiles];
      uint32_t a_scale[kMTiles];
#pragma unroll
      for (int mt = 0; mt < kMTiles; ++mt) {
        QuantizeLaneA(args.a, m, k, FusedM0(blockIdx.y, kMTiles, mt), k0, lane, &a_op[mt],
                      &a_scale[mt]);
      }
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) {
        if (nt == 1 && !second_n_tile) break;
        const int64_t n0 = n_wave0 + kMfmaTile * nt;
        V4u32 b_op = V4u32{0u, 0u, 0u, 0u};
        if (in_k) {
          const uint8_t* src = args.b_preshuffled + PreshuffledBLaneOffset(n0, k0, k, lane);
          b_op = kStreamB ? LoadGlobal16Streaming(src) : LoadGlobal16(src);
        }
        const uint32_t b_scale = in_k ? b_word : kPadScaleWord;
#pragma unroll
        for (int mt = 0; mt < kMTiles; ++mt) {
          // srcA = B (OPSEL: n-tile half + 2 * step), srcB = A (own byte, OPSEL 0).
          acc[mt][nt] = MfmaScaleFp4(b_op, a_op[mt], acc[mt][nt], WaveTileOpsel(nt, h), b_scale,
                                     kLaneOwnScaleOpsel, a_scale[mt]);
        }
      }
    }
  }

#pragma unroll
  for (int mt = 0; mt < kMTiles; ++mt) {
    const int64_t row = FusedM0(blockIdx.y, kMTiles, mt) + AccumulatorM(lane);
    if (row >= m) continue;
#pragma unroll
    for (int nt = 0; nt < 2; ++nt) {
      if (nt == 1 && !second_n_tile) break;
      const int64_t col = n_wave0 + kMfmaTile * nt + AccumulatorN(lane, 0);
      const V4f32 v = acc[mt][nt];
      if constexpr (kPartials) {
        float* out = static_cast<float*>(args.out) + (split * m + row) * n + col;
        StoreGlobal16(out, V4u32{__float_as_uint(v.x), __float_as_uint(v.y), __float_as_uint(v.z),
                                 __float_as_uint(v.w)});
      } else {
        uint16_t* out = static_cast<uint16_t*>(args.out) + row * n + col;
        const uint32_t lo = Fp32BitsToBf16(__float_as_uint(v.x)) |
                            (static_cast<uint32_t>(Fp32BitsToBf16(__float_as_uint(v.y))) << 16);
        const uint32_t hi = Fp32BitsToBf16(__float_as_uint(v.z)) |
                            (static_cast<uint32_t>(Fp32BitsToBf16(__float_as_uint(v.w))) << 16);
        StoreGlobal8(out, lo, hi);
      }
    }
  }
}

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_KERNELS_FUSED_QUANT_GEMM_H_
