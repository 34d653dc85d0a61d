// File: mxfp4/emu/reference_gemm_kernels.cc
//
// Exact block dot products and the block_fma step over 4x4 output tiles, in
// portable C++ and in AVX2 (selected at run time; identical bits). The AVX2
// functions carry a target attribute instead of the whole file being built
// with -mavx2, so no AVX2 code can leak into functions a non-AVX2 CPU runs.

#include "mxfp4/emu/reference_gemm_kernels.h"

#include <cmath>
#include <cstdint>

#include "mxfp4/emu/accumulation.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MXFP4_HAVE_AVX2_KERNELS 1
#include <immintrin.h>
#endif

namespace mxfp4 {
namespace reference_gemm_internal {

void DotTilePortable(const PreparedOperands& op, int64_t m0, int64_t n0, int32_t* dots) {
  const int64_t k = op.k;
  for (int64_t g = 0; g < op.groups; ++g) {
    for (int i = 0; i < kTile; ++i) {
      const uint8_t* a = op.a_u8.data() + (m0 + i) * k + g * kBlockSize;
      for (int j = 0; j < kTile; ++j) {
        const int8_t* b = op.b_s8.data() + (n0 + j) * k + g * kBlockSize;
        int32_t sum = 0;
        for (int e = 0; e < kBlockSize; ++e) sum += static_cast<int32_t>(a[e]) * b[e];
        dots[g * kTileOutputs + i * kTile + j] = sum - op.b_corr_t[g * op.np + n0 + j];
      }
    }
  }
}

void BlockFmaTilePortable(const PreparedOperands& op, const int32_t* dots, int64_t m0, int64_t n0,
                          int64_t g_begin, int64_t g_end, float* out) {
  float acc[kTileOutputs];
  for (float& x : acc) x = 0.0f;
  for (int64_t g = g_begin; g < g_end; ++g) {
    const float* fa = op.fa_t.data() + g * op.mp + m0;
    const float* fb = op.fb_t.data() + g * op.np + n0;
    const int32_t* d = dots + g * kTileOutputs;
    for (int i = 0; i < kTile; ++i) {
      for (int j = 0; j < kTile; ++j) {
        const int o = i * kTile + j;
        const float s = fa[i] * fb[j];  // one fp32 multiply (BlockScaleProduct)
        acc[o] = std::fma(BlockP(d[o]), s, acc[o]);
      }
    }
  }
  for (int o = 0; o < kTileOutputs; ++o) out[o] = acc[o];
}

#if defined(MXFP4_HAVE_AVX2_KERNELS)

bool CpuHasAvx2Fma() {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

#define MXFP4_AVX2 __attribute__((target("avx2,fma")))
#define MXFP4_AVX2_INLINE __attribute__((target("avx2,fma"), always_inline)) inline

namespace {

// 8 int32 lanes of partial sums for one (row, column) block: 32 products
// (u8 * s8) paired into int16 (|pair| <= 576, no saturation), then into int32.
MXFP4_AVX2_INLINE __m256i BlockPartials(__m256i a, __m256i b) {
  return _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), _mm256_set1_epi16(1));
}

// Lane i of the result = the sum of the 8 lanes of v_i.
MXFP4_AVX2_INLINE __m256i ReduceEight(__m256i v0, __m256i v1, __m256i v2, __m256i v3, __m256i v4,
                                      __m256i v5, __m256i v6, __m256i v7) {
  const __m256i h01 = _mm256_hadd_epi32(v0, v1);
  const __m256i h23 = _mm256_hadd_epi32(v2, v3);
  const __m256i h45 = _mm256_hadd_epi32(v4, v5);
  const __m256i h67 = _mm256_hadd_epi32(v6, v7);
  // Low 128 bits: lanes 0..3 of v0..v3 summed; high 128 bits: lanes 4..7.
  const __m256i q0 = _mm256_hadd_epi32(h01, h23);
  const __m256i q1 = _mm256_hadd_epi32(h45, h67);
  const __m256i lo = _mm256_permute2x128_si256(q0, q1, 0x20);
  const __m256i hi = _mm256_permute2x128_si256(q0, q1, 0x31);
  return _mm256_add_epi32(lo, hi);
}

}  // namespace

MXFP4_AVX2 void DotTileAvx2(const PreparedOperands& op, int64_t m0, int64_t n0, int32_t* dots) {
  const int64_t k = op.k;
  const uint8_t* a0 = op.a_u8.data() + (m0 + 0) * k;
  const uint8_t* a1 = op.a_u8.data() + (m0 + 1) * k;
  const uint8_t* a2 = op.a_u8.data() + (m0 + 2) * k;
  const uint8_t* a3 = op.a_u8.data() + (m0 + 3) * k;
  const int8_t* b0 = op.b_s8.data() + (n0 + 0) * k;
  const int8_t* b1 = op.b_s8.data() + (n0 + 1) * k;
  const int8_t* b2 = op.b_s8.data() + (n0 + 2) * k;
  const int8_t* b3 = op.b_s8.data() + (n0 + 3) * k;
  const int32_t* corr = op.b_corr_t.data() + n0;
  for (int64_t g = 0; g < op.groups; ++g) {
    const int64_t off = g * kBlockSize;
    const __m256i va0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a0 + off));
    const __m256i va1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a1 + off));
    const __m256i va2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a2 + off));
    const __m256i va3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a3 + off));
    const __m256i vb0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b0 + off));
    const __m256i vb1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b1 + off));
    const __m256i vb2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b2 + off));
    const __m256i vb3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b3 + off));
    // Outputs 0..7 = rows 0, 1 x columns 0..3; outputs 8..15 = rows 2, 3.
    const __m256i r01 = ReduceEight(BlockPartials(va0, vb0), BlockPartials(va0, vb1),
                                    BlockPartials(va0, vb2), BlockPartials(va0, vb3),
                                    BlockPartials(va1, vb0), BlockPartials(va1, vb1),
                                    BlockPartials(va1, vb2), BlockPartials(va1, vb3));
    const __m256i r23 = ReduceEight(BlockPartials(va2, vb0), BlockPartials(va2, vb1),
                                    BlockPartials(va2, vb2), BlockPartials(va2, vb3),
                                    BlockPartials(va3, vb0), BlockPartials(va3, vb1),
                                    BlockPartials(va3, vb2), BlockPartials(va3, vb3));
    const __m256i c = _mm256_broadcastsi128_si256(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(corr + g * op.np)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dots + g * kTileOutputs),
                        _mm256_sub_epi32(r01, c));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dots + g * kTileOutputs + 8),
                        _mm256_sub_epi32(r23, c));
  }
}

MXFP4_AVX2 void BlockFmaTileAvx2(const PreparedOperands& op, const int32_t* dots, int64_t m0,
                                 int64_t n0, int64_t g_begin, int64_t g_end, float* out) {
  __m256 acc01 = _mm256_setzero_ps();
  __m256 acc23 = _mm256_setzero_ps();
  const __m256 quarter = _mm256_set1_ps(0.25f);
  for (int64_t g = g_begin; g < g_end; ++g) {
    const float* fa = op.fa_t.data() + g * op.mp + m0;
    const __m256 sb = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(op.fb_t.data() + g * op.np + n0));
    const __m256 sa01 = _mm256_set_m128(_mm_set1_ps(fa[1]), _mm_set1_ps(fa[0]));
    const __m256 sa23 = _mm256_set_m128(_mm_set1_ps(fa[3]), _mm_set1_ps(fa[2]));
    const int32_t* d = dots + g * kTileOutputs;
    // P = dot4 * 0.25 (exact); s = sa * sb, one fp32 multiply; acc = fma(P, s, acc).
    const __m256 p01 = _mm256_mul_ps(
        _mm256_cvtepi32_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(d))), quarter);
    const __m256 p23 = _mm256_mul_ps(
        _mm256_cvtepi32_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(d + 8))), quarter);
    acc01 = _mm256_fmadd_ps(p01, _mm256_mul_ps(sa01, sb), acc01);
    acc23 = _mm256_fmadd_ps(p23, _mm256_mul_ps(sa23, sb), acc23);
  }
  _mm256_storeu_ps(out, acc01);
  _mm256_storeu_ps(out + 8, acc23);
}

#else  // no AVX2 kernels on this architecture

bool CpuHasAvx2Fma() { return false; }

void DotTileAvx2(const PreparedOperands& op, int64_t m0, int64_t n0, int32_t* dots) {
  DotTilePortable(op, m0, n0, dots);
}

void BlockFmaTileAvx2(const PreparedOperands& op, const int32_t* dots, int64_t m0, int64_t n0,
                      int64_t g_begin, int64_t g_end, float* out) {
  BlockFmaTilePortable(op, dots, m0, n0, g_begin, g_end, out);
}

#endif

}  // namespace reference_gemm_internal
}  // namespace mxfp4
