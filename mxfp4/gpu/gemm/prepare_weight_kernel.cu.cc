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
//
// PrepareWeightInt8Kernel: the same weight -> its int8 image (int8_image.h):
// the E4M3 image's geometry with int8 bytes 2 x value x 2^shift, and one
// uint32 row summary (internal/int8_accumulation.h Int8RowScan) per row.
// A CTA per 8 rows, 32 threads per row: each scans every 32nd block of its
// row (scale byte, all-zero codes, sum of squares), the row's scans are
// merged in shared memory, then the same threads convert their blocks with
// the row's ref (or store zeros for rows without an int8 form and padding).

#include <algorithm>
#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"
#include "mxfp4/gpu/gemm/internal/prepared_image.h"
#include "mxfp4/gpu/gemm/internal/shifted_e4m3.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/platform/intrinsics.h"
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

// Rows per CTA of the int8 converter and K-block lanes per row: a warp holds
// 8 rows x 4 consecutive blocks, so its loads read whole 32-byte sectors and
// its stores write whole 128-byte runs of the image (rows r..r+7 of a block
// are one core matrix: 128 bytes of even, 128 of odd elements). Session 50:
// a warp per row (its 32 lanes' 16-byte stores each in another 2 KB block)
// took 22.5 us for a 4096 x 4096 weight, the E4M3 converter 9.
constexpr int kInt8PrepareRows = 8;
constexpr int kInt8PrepareLanes = kPrepareThreads / kInt8PrepareRows;

__global__ void __launch_bounds__(kPrepareThreads)
    PrepareWeightInt8Kernel(const uint8_t* __restrict__ data, const uint8_t* __restrict__ scales,
                            int32_t n, int32_t k, int32_t preshuffled, int32_t scales_shuffled16,
                            uint8_t* __restrict__ out_data, uint32_t* __restrict__ out_row_info) {
  // Each thread's partial scan (nonzero_min, nonzero_max, zero_max, sumsq,
  // flags) for the merge, then the rows' summaries for the conversion.
  __shared__ uint32_t partial[5][kInt8PrepareLanes][kInt8PrepareRows];
  __shared__ uint32_t unit_info[kInt8PrepareRows];
  const int blocks = k >> 5;
  const int r = static_cast<int>(threadIdx.x) % kInt8PrepareRows;
  const int lane = static_cast<int>(threadIdx.x) / kInt8PrepareRows;
  const bool pre = preshuffled != 0;
  const bool shuffled = scales_shuffled16 != 0;
  const int64_t padded_rows =
      (static_cast<int64_t>(n) + kPreparedGroupRows - 1) / kPreparedGroupRows * kPreparedGroupRows;
  const int64_t units = padded_rows / kInt8PrepareRows;
  for (int64_t unit = blockIdx.x; unit < units; unit += gridDim.x) {
    const int row = static_cast<int>(unit * kInt8PrepareRows) + r;
    Int8RowScan scan;
    if (row < n) {
#pragma unroll 4
      for (int g = lane; g < blocks; g += kInt8PrepareLanes) {
        const uint4 w =
            __ldg(reinterpret_cast<const uint4*>(data + WeightBlockOffset(k, pre, row, g)));
        const uint32_t s = __ldg(scales + WeightScaleOffset(k, shuffled, row, g));
        const uint32_t sumsq = Fp4x8SumSquares(w.x) + Fp4x8SumSquares(w.y) + Fp4x8SumSquares(w.z) +
                               Fp4x8SumSquares(w.w);
        scan.Add(s, ((w.x | w.y | w.z | w.w) & 0x77777777u) == 0u, sumsq);  // zero: +-0 only
      }
    }
    partial[0][lane][r] = scan.nonzero_min;
    partial[1][lane][r] = scan.nonzero_max;
    partial[2][lane][r] = scan.zero_max;
    partial[3][lane][r] = scan.sumsq;
    partial[4][lane][r] = (scan.nan ? 1u : 0u) | (scan.any_nonzero ? 2u : 0u);
    __syncthreads();
    if (threadIdx.x < kInt8PrepareRows) {
      // Merging is exact (integers, saturation at one cap): any order gives
      // the host scan's summary.
      for (int l = 1; l < kInt8PrepareLanes; ++l) {
        Int8RowScan o;
        o.nonzero_min = partial[0][l][r];
        o.nonzero_max = partial[1][l][r];
        o.zero_max = partial[2][l][r];
        o.sumsq = partial[3][l][r];
        o.nan = (partial[4][l][r] & 1u) != 0u;
        o.any_nonzero = (partial[4][l][r] & 2u) != 0u;
        scan.Merge(o);
      }
      const uint32_t info = row < n ? scan.Info() : kInt8RowInfoInvalid;  // padding rows
      out_row_info[row] = info;
      unit_info[r] = info;
    }
    __syncthreads();
    const uint32_t info = unit_info[r];
    // A mark (zero / invalid row) has a high byte above any spread: zeros.
    const bool encode = Int8RowEncodes(info);
    const uint32_t ref = Int8RowRef(info);
    const int group = row / kPreparedGroupRows;
    const uint32_t row_offset = PreparedRowOffset(row % kPreparedGroupRows);
#pragma unroll 4
    for (int g = lane; g < blocks; g += kInt8PrepareLanes) {
      uint4 even = make_uint4(0u, 0u, 0u, 0u);
      uint4 odd = even;
      if (encode) {
        const uint4 w =
            __ldg(reinterpret_cast<const uint4*>(data + WeightBlockOffset(k, pre, row, g)));
        const uint32_t s = __ldg(scales + WeightScaleOffset(k, shuffled, row, g));
        const Int8Tables t = ShiftedInt8Tables(Int8BlockShift(s, ref));
        const Bytes8 x0 = Fp4x8ToShiftedInt8(w.x, t);
        const Bytes8 x1 = Fp4x8ToShiftedInt8(w.y, t);
        const Bytes8 x2 = Fp4x8ToShiftedInt8(w.z, t);
        const Bytes8 x3 = Fp4x8ToShiftedInt8(w.w, t);
        // lo / hi are elements 0..3 / 4..7 of a word; the image wants the
        // even elements (0, 2, 4, 6) in the first half, the odd in the second.
        even = make_uint4(PermuteBytes(x0.lo, x0.hi, 0x6420u), PermuteBytes(x1.lo, x1.hi, 0x6420u),
                          PermuteBytes(x2.lo, x2.hi, 0x6420u), PermuteBytes(x3.lo, x3.hi, 0x6420u));
        odd = make_uint4(PermuteBytes(x0.lo, x0.hi, 0x7531u), PermuteBytes(x1.lo, x1.hi, 0x7531u),
                         PermuteBytes(x2.lo, x2.hi, 0x7531u), PermuteBytes(x3.lo, x3.hi, 0x7531u));
      }
      uint8_t* const dst =
          out_data + PreparedBlockIndex(group, g, blocks) * kPreparedBlockBytes + row_offset;
      *reinterpret_cast<uint4*>(dst) = even;
      *reinterpret_cast<uint4*>(dst + 128) = odd;
    }
  }
}

}  // namespace

hipError_t LaunchPrepareWeightInt8(const uint8_t* data, const uint8_t* scales, int32_t n, int32_t k,
                                   bool preshuffled, bool scales_shuffled16, uint8_t* out_data,
                                   uint32_t* out_row_info, hipStream_t stream) {
  if (n <= 0 || k <= 0 || k % 32 != 0) return hipErrorInvalidValue;
  const int64_t padded_rows =
      (static_cast<int64_t>(n) + kPreparedGroupRows - 1) / kPreparedGroupRows * kPreparedGroupRows;
  const int64_t ctas = std::min<int64_t>(padded_rows / kInt8PrepareRows, kPrepareMaxCtas);
  hipLaunchKernelGGL(PrepareWeightInt8Kernel, dim3(static_cast<unsigned>(ctas)),
                     dim3(kPrepareThreads), 0, stream, data, scales, n, k, preshuffled ? 1 : 0,
                     scales_shuffled16 ? 1 : 0, out_data, out_row_info);
  return hipGetLastError();
}

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
