// File: mxfp4/gpu/amd/kernels/gemm_preshuffled.hip
//
// gfx950 path 2 GEMM (K > 512, M > 32; spec: shared/spec/workload.md): A_q
// (natural) + A scales (shuffled16, from quantize_rows) x preshuffled B + B
// scales (shuffled16); bf16 C. Each wave computes 32 x 32 outputs as 2 x 2
// MFMA tiles; per 256-K pair a lane loads ONE A and ONE B scale word and the
// four instructions of each step pick their bytes with OPSEL (A: m-tile +
// 2 * step, B: n-tile + 2 * step). Contract kMfma16 (docs/amd.md).

#include <cstdint>

#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/kernels/gfx950_device.h"

namespace mxfp4::gfx950 {
namespace {

__device__ __forceinline__ void GemmPreshuffled(const GemmPreshuffledArgs& args) {
  const int lane = LaneId();
  const int wave = WaveId();
  const int64_t m = args.m, n = args.n, k = args.k, groups = k / kBlockK;
  const int64_t m_wave0 = GemmWaveM0(blockIdx.y, wave);
  const int64_t n_wave0 = GemmWaveN0(blockIdx.x, wave);
  if (m_wave0 >= m || n_wave0 >= n) return;  // wave-uniform; no barriers here
  const bool n_tile_valid[2] = {true, n_wave0 + kMfmaTile < n};

  V4f32 acc[2][2];
#pragma unroll
  for (int mt = 0; mt < 2; ++mt) {
    acc[mt][0] = V4f32{0.0f, 0.0f, 0.0f, 0.0f};
    acc[mt][1] = V4f32{0.0f, 0.0f, 0.0f, 0.0f};
  }

  const int64_t pairs = KPairs(k);
  for (int64_t pair = 0; pair < pairs; ++pair) {
    const int64_t g0 = kPairBlocks * pair;
    const uint32_t a_word =
        LoadGlobal4(args.a_scales + Shuffled16ScaleWordOffset(m_wave0, g0, groups, lane));
    const uint32_t b_word =
        LoadGlobal4(args.b_scales + Shuffled16ScaleWordOffset(n_wave0, g0, groups, lane));
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int64_t k0 = kPairK * pair + kMfmaK * h;
      if (k0 >= k) break;
      const bool in_k = LaneBlockInK(k0, lane, k);
      V4u32 a_op[2], b_op[2];
#pragma unroll
      for (int t = 0; t < 2; ++t) {
        const int64_t m0 = m_wave0 + kMfmaTile * t;
        a_op[t] = V4u32{0u, 0u, 0u, 0u};
        if (in_k && m0 + OperandRow(lane) < m) {
          a_op[t] = LoadGlobal16(args.a_q + NaturalLaneOffset(m0, k0, k, lane));
        }
        const int64_t n0 = n_wave0 + kMfmaTile * t;
        b_op[t] = V4u32{0u, 0u, 0u, 0u};
        if (in_k && n_tile_valid[t]) {
          b_op[t] = LoadGlobal16(args.b_preshuffled + PreshuffledBLaneOffset(n0, k0, k, lane));
        }
      }
      const uint32_t a_scale = in_k ? a_word : kPadScaleWord;
      const uint32_t b_scale = in_k ? b_word : kPadScaleWord;
#pragma unroll
      for (int mt = 0; mt < 2; ++mt) {
#pragma unroll
        for (int nt = 0; nt < 2; ++nt) {
          if (!n_tile_valid[nt]) continue;
          acc[mt][nt] = MfmaScaleFp4(b_op[nt], a_op[mt], acc[mt][nt], WaveTileOpsel(nt, h), b_scale,
                                     WaveTileOpsel(mt, h), a_scale);
        }
      }
    }
  }

#pragma unroll
  for (int mt = 0; mt < 2; ++mt) {
    const int64_t row = m_wave0 + kMfmaTile * mt + AccumulatorM(lane);
    if (row >= m) continue;
#pragma unroll
    for (int nt = 0; nt < 2; ++nt) {
      if (!n_tile_valid[nt]) continue;
      const int64_t col = n_wave0 + kMfmaTile * nt + AccumulatorN(lane, 0);
      const V4f32 v = acc[mt][nt];
      const uint32_t lo = Fp32BitsToBf16(__float_as_uint(v.x)) |
                          (static_cast<uint32_t>(Fp32BitsToBf16(__float_as_uint(v.y))) << 16);
      const uint32_t hi = Fp32BitsToBf16(__float_as_uint(v.z)) |
                          (static_cast<uint32_t>(Fp32BitsToBf16(__float_as_uint(v.w))) << 16);
      StoreGlobal8(args.out + row * n + col, lo, hi);
    }
  }
}

}  // namespace
}  // namespace mxfp4::gfx950

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_gemm_preshuffled_64x64(
    mxfp4::gfx950::GemmPreshuffledArgs args) {
  mxfp4::gfx950::GemmPreshuffled(args);
}
