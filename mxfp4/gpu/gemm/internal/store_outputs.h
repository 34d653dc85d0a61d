// File: mxfp4/gpu/gemm/internal/store_outputs.h
//
// StoreOutputs4(): the last step of every GEMM body - four fp32 results of
// row m, columns n..n+3 to C as bf16 (RNE, NaN -> 0x7FC0) or fp32 (NaN ->
// 0x7FC00000); one vector store when n % 4 == 0 holds for all of C
// (c_vector_ok), else element stores clipped to N.
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_STORE_OUTPUTS_H_
#define MXFP4_GPU_GEMM_INTERNAL_STORE_OUTPUTS_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

MXFP4_DEVICE_INLINE void StoreOutputs4(const GemmKernelArgs& p, int m, int n, float4 v) {
  const float vals[4] = {v.x, v.y, v.z, v.w};
  const int64_t base = static_cast<int64_t>(m) * p.n + n;
  if (p.c_fp32) {
    float* out = static_cast<float*>(p.c) + base;
    if (p.c_vector_ok) {
      *reinterpret_cast<float4*>(out) = make_float4(CanonicalNan(vals[0]), CanonicalNan(vals[1]),
                                                    CanonicalNan(vals[2]), CanonicalNan(vals[3]));
    } else {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        if (n + i < p.n) out[i] = CanonicalNan(vals[i]);
      }
    }
  } else {
    uint16_t* out = static_cast<uint16_t*>(p.c) + base;
    if (p.c_vector_ok) {
      *reinterpret_cast<uint2*>(out) =
          make_uint2(Float2ToBf16x2Bits(vals[0], vals[1]), Float2ToBf16x2Bits(vals[2], vals[3]));
    } else {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        if (n + i < p.n) out[i] = static_cast<uint16_t>(FloatToBf16Bits(vals[i]));
      }
    }
  }
}

// StoreOutput1(): one fp32 result of output (m, n), n < p.n, as
// StoreOutputs4 stores each of its four.
MXFP4_DEVICE_INLINE void StoreOutput1(const GemmKernelArgs& p, int m, int n, float v) {
  const int64_t at = static_cast<int64_t>(m) * p.n + n;
  if (p.c_fp32) {
    static_cast<float*>(p.c)[at] = CanonicalNan(v);
  } else {
    static_cast<uint16_t*>(p.c)[at] = static_cast<uint16_t>(FloatToBf16Bits(v));
  }
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_STORE_OUTPUTS_H_
