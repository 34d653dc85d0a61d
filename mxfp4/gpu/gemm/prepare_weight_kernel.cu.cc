// File: mxfp4/gpu/gemm/prepare_weight_kernel.cu.cc
//
// PrepareWeightKernel: an MXFP4 weight (natural or preshuffled16x16 data,
// natural or shuffled16 scales) -> its prepared image (internal/
// prepared_image.h, mxfp4/core/prepared_layout.h): per 64-row group and
// K-block, 2048 bytes of shifted E4M3 in the ws tiles' shared-memory order
// and 64 fp32 scales. Run once per weight (PrepareWeight), not per call.
// One thread per (row, K-block): one 16-byte load of E2M1, two 16-byte
// stores (64 consecutive threads write one 2048-byte block); rows past N
// give zeros and +0 scales.

#include <algorithm>
#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"
#include "mxfp4/gpu/gemm/internal/prepared_image.h"
#include "mxfp4/gpu/gemm/internal/shifted_e4m3.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/platform/kernel_launch.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

constexpr int kPrepareThreads = 256;
constexpr int64_t kPrepareMaxCtas = 132 * 16;  // a grid-stride loop past this

__global__ void __launch_bounds__(kPrepareThreads)
    PrepareWeightKernel(const uint8_t* __restrict__ data, const uint8_t* __restrict__ scales,
                        int32_t n, int32_t k, int32_t preshuffled, int32_t scales_shuffled16,
                        uint8_t* __restrict__ out_data, float* __restrict__ out_scales) {
  const int blocks = k >> 5;
  const int64_t groups_n = (static_cast<int64_t>(n) + kPreparedGroupRows - 1) / kPreparedGroupRows;
  const int64_t total = groups_n * blocks * kPreparedGroupRows;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * kPrepareThreads + threadIdx.x; i < total;
       i += static_cast<int64_t>(gridDim.x) * kPrepareThreads) {
    const int r = static_cast<int>(i & (kPreparedGroupRows - 1));
    const int64_t block = i >> 6;  // (group, g) in image order
    const int g = static_cast<int>(block % blocks);
    const int group = static_cast<int>(block / blocks);
    const int row = group * kPreparedGroupRows + r;
    uint4 w = make_uint4(0u, 0u, 0u, 0u);
    float s = 0.0f;
    if (row < n) {
      w = __ldg(reinterpret_cast<const uint4*>(data + WeightBlockOffset(k, preshuffled != 0, row, g)));
      s = quant::E8m0ToFloat(__ldg(scales + WeightScaleOffset(k, scales_shuffled16 != 0, row, g)));
    }
    const Bytes8 x0 = Fp4x8ToShiftedE4m3(w.x);
    const Bytes8 x1 = Fp4x8ToShiftedE4m3(w.y);
    const Bytes8 x2 = Fp4x8ToShiftedE4m3(w.z);
    const Bytes8 x3 = Fp4x8ToShiftedE4m3(w.w);
    uint8_t* const dst = out_data + block * kPreparedBlockBytes + PreparedRowOffset(r);
    *reinterpret_cast<uint4*>(dst) = make_uint4(x0.lo, x1.lo, x2.lo, x3.lo);
    *reinterpret_cast<uint4*>(dst + 128) = make_uint4(x0.hi, x1.hi, x2.hi, x3.hi);
    out_scales[block * kPreparedBlockScaleFloats + RingWsScaleIndex(r)] = s;
  }
}

}  // namespace

hipError_t LaunchPrepareWeight(const uint8_t* data, const uint8_t* scales, int32_t n, int32_t k,
                               bool preshuffled, bool scales_shuffled16, uint8_t* out_data,
                               float* out_scales, hipStream_t stream) {
  if (n <= 0 || k <= 0 || k % 32 != 0) return hipErrorInvalidValue;
  const int64_t groups_n = (static_cast<int64_t>(n) + kPreparedGroupRows - 1) / kPreparedGroupRows;
  const int64_t threads = groups_n * (k / 32) * kPreparedGroupRows;
  const int64_t ctas =
      std::min<int64_t>((threads + kPrepareThreads - 1) / kPrepareThreads, kPrepareMaxCtas);
  hipLaunchKernelGGL(PrepareWeightKernel, dim3(static_cast<unsigned>(ctas)), dim3(kPrepareThreads),
                     0, stream, data, scales, n, k, preshuffled ? 1 : 0, scales_shuffled16 ? 1 : 0,
                     out_data, out_scales);
  return hipGetLastError();
}

}  // namespace mxfp4::gpu::gemm_internal
