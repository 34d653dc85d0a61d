// File: mxfp4/gpu/amd/kernels/splitk_combine.hip
//
// Deterministic split-K combination for gemm_splitk_small_m: each thread
// takes 4 consecutive outputs, adds the fp32 partials in split order
// (((p0 + p1) + p2) + ..., CombineSplits in gfx950_lane_map.h; the KSplit
// rule of mxfp4/emu/accumulation.h) and writes bf16 (RNE).

#include <cstdint>

#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/kernels/gfx950_device.h"

namespace mxfp4::gfx950 {
namespace {

__device__ __forceinline__ void SplitkCombine(const SplitkCombineArgs& args) {
  const int64_t i = 4 * (static_cast<int64_t>(blockIdx.x) * kWorkgroupThreads + threadIdx.x);
  if (i >= args.count) return;
  float sum[4];
#pragma unroll
  for (int e = 0; e < 4; ++e) {
    sum[e] = CombineSplits(args.splits, [&](int s) {
      return __uint_as_float(LoadGlobal4(args.partials + s * args.count + i + e));
    });
  }
  const uint32_t lo = Fp32BitsToBf16(__float_as_uint(sum[0])) |
                      (static_cast<uint32_t>(Fp32BitsToBf16(__float_as_uint(sum[1]))) << 16);
  const uint32_t hi = Fp32BitsToBf16(__float_as_uint(sum[2])) |
                      (static_cast<uint32_t>(Fp32BitsToBf16(__float_as_uint(sum[3]))) << 16);
  StoreGlobal8(args.out + i, lo, hi);
}

}  // namespace
}  // namespace mxfp4::gfx950

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_splitk_combine_bf16(
    mxfp4::gfx950::SplitkCombineArgs args) {
  mxfp4::gfx950::SplitkCombine(args);
}
