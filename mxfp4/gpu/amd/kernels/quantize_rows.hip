// File: mxfp4/gpu/amd/kernels/quantize_rows.hip
//
// gfx950 quantization for path 2 (spec: shared/spec/workload.md): bf16 A (M, K)
// -> A_q (M, K/2) natural + A scales directly in the shuffled16 layout that
// gemm_preshuffled reads, EVEN rule, with v_cvt_scalef32_pk_fp4_f32. One lane
// per slot of the padded scale grid (RoundUp(M,256) x RoundUp(K/32,8)); slots
// outside A write scale 0, so every byte of the scale buffer is defined (as
// QuantizeBf16 in mxfp4/emu/quantize.h does). The per-block math is
// QuantizeBlockEven() of gfx950_lane_map.h, the same as the fused kernels'.

#include <cstdint>

#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/kernels/gfx950_device.h"

namespace mxfp4::gfx950 {
namespace {

__device__ __forceinline__ void QuantizeRows(const QuantizeRowsArgs& args) {
  const int64_t m = args.m, k = args.k, groups = k / kBlockK;
  const int64_t slot = static_cast<int64_t>(blockIdx.x) * kWorkgroupThreads + threadIdx.x;
  if (slot >= QuantizeSlots(m, k)) return;
  const int64_t row = QuantizeSlotRow(slot, k);
  const int64_t g = QuantizeSlotBlock(slot, k);
  uint8_t scale = 0;
  if (row < m && g < groups) {
    const uint16_t* src = args.a + row * k + g * kBlockK;
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
    scale = QuantizeBlockEven(words, CvtPk8Fp4{}, packed);
    StoreGlobal16(args.a_q + row * (k / 2) + g * (kBlockK / 2),
                  V4u32{packed[0], packed[1], packed[2], packed[3]});
  }
  StoreGlobal1(args.a_scales + Shuffled16ScaleByteOffset(row, g, groups), scale);
}

}  // namespace
}  // namespace mxfp4::gfx950

extern "C" __global__ __launch_bounds__(256) void mxfp4_gfx950_quantize_rows_even_shuffled16(
    mxfp4::gfx950::QuantizeRowsArgs args) {
  mxfp4::gfx950::QuantizeRows(args);
}
