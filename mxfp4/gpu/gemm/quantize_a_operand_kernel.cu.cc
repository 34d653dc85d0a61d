// File: mxfp4/gpu/gemm/quantize_a_operand_kernel.cu.cc
//
// QuantizeAOperand: the first kernel of path quant_then_mma (docs/paths.md).
// bf16 A (m, k) -> EVEN-rule MXFP4, written directly in the form the tile GEMM
// consumes: operands of value/2 (fp16, E4M3 for the e4m3 tiles, or E5M2 - the
// fp16's high byte - for the bulk E5M2-A tile),
// (rows_padded, k) row-major or, for the bulk streaming tiles (tile_rows > 0),
// [row tile][k/32][tile_rows][32] (a tile's blocks one contiguous run: one
// bulk copy per K-range), and fp32 scales 2^(S-127) transposed to
// [k/32][rows_padded], so a GEMM stage is a handful of 16-byte cp.async
// copies. Padding rows are zeros. A quad of lanes owns one 32-element block
// (16-byte loads, coalesced along K). A second kernel writes the wgmma order
// of the ring tiles (E4M3, folded, with fold flags; tile_config.h).

#include <cooperative_groups.h>

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/fast_divmod.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/gpu/gemm/internal/launch_util.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

constexpr int kQuantThreads = 256;
// At most 32 registers a thread (65536 / (256 * 8)): a quantizer launched
// early must fit beside the GEMM still running on its SMs (session 43 call
// 3: 40 registers cost 16x2112x7168 7.82 -> 8.41 us while both kernels' own
// phases were level).
constexpr int kQuantMinCtasPerSm = 8;

// Quantizers launch with programmatic serialization: their CTAs may start
// while the previous kernel (e.g. the previous call's GEMM) finishes; the
// kernel waits for it before reading A or writing the workspace. A grid of
// more than kProgrammaticQuantMaxCtas launched early behind a GEMM that
// releases its dependents at the start of its epilogue (the streaming and
// pipelined tiles) crowds onto the SMs that GEMM leaves free and quantizes on
// those few (H200, contest benchmark, graph replay, sessions 5 and 8:
// 256x3072x1536's 192 CTAs 12.3 -> 13.1 us, 10.55 -> 11.2 us, while
// 16x2112x7168's 56 CTAs gained 10.4 -> 9.5 us): such grids launch plainly.
// The ring tiles release after their stores (session 10), so the ring
// tiles' wgmma-order quantizer launches programmatically at any size
// (session 11: 256x3072x1536 10.49 -> 10.18 us, the others unchanged).
constexpr int64_t kProgrammaticQuantMaxCtas = 64;

// Launches a quantizer kernel of `ctas` CTAs: programmatically when ctas <=
// max_programmatic_ctas, else plainly (above).
template <typename... Params, typename... Args>
hipError_t LaunchQuantizer(void (*kernel)(Params...), unsigned ctas, int64_t max_programmatic_ctas,
                           hipStream_t stream, Args... args) {
  if (ctas <= max_programmatic_ctas) {
    return LaunchProgrammatic(kernel, dim3(ctas), dim3(kQuantThreads), stream, args...);
  }
  kernel<<<dim3(ctas), dim3(kQuantThreads), 0, stream>>>(static_cast<Params>(args)...);
  return hipGetLastError();
}

// Where block `block` (< total_blocks) of QuantizeAOperandKernel lives: its
// row, its K block g, its first element in A and its first operand element
// in the workspace.
struct QuantBlockPlace {
  int64_t row = 0;
  int64_t g = 0;
  int64_t a_offset = 0;
  int64_t op = 0;
};

__device__ __forceinline__ QuantBlockPlace PlaceQuantBlock(uint32_t block, int32_t k,
                                                           int32_t groups, int32_t tile_rows,
                                                           FastDivmod by_groups,
                                                           FastDivmod by_tile_rows) {
  uint32_t row32 = 0, g32 = 0;
  by_groups.DivMod(block, row32, g32);
  QuantBlockPlace p;
  p.row = row32;
  p.g = g32;
  p.a_offset = p.row * k + p.g * 32;
  p.op = p.a_offset;
  if (tile_rows > 0) {
    uint32_t tile = 0, tile_row = 0;
    by_tile_rows.DivMod(row32, tile, tile_row);
    p.op = (static_cast<int64_t>(tile) * groups + p.g) * tile_rows * 32 + tile_row * 32;
  }
  return p;
}

__global__ void __launch_bounds__(kQuantThreads, kQuantMinCtasPerSm)
    QuantizeAOperandKernel(const uint16_t* __restrict__ a, int32_t m, int32_t k,
                           int32_t rows_padded, MmaOperands operands, int32_t fold,
                           int32_t tile_rows, FastDivmod by_groups, FastDivmod by_tile_rows,
                           uint8_t* __restrict__ a_ops, float* __restrict__ a_scales) {
  const int groups = k >> 5;
  // rows_padded * groups < 2^31 (PlanGemm): 32-bit block indices, split by
  // FastDivmod (a 64-bit division was a call on the path to every load).
  const uint32_t total_blocks = static_cast<uint32_t>(rows_padded) * static_cast<uint32_t>(groups);
  const int q = static_cast<int>(threadIdx.x) & 3;
  const uint32_t stride = gridDim.x * (kQuantThreads / 4);
  // Uniform trip count across the warp so the quad shuffles never diverge.
  const uint32_t first = blockIdx.x * (kQuantThreads / 4) + (threadIdx.x >> 2);
  const uint32_t warp_first = first & ~7u;
  // The first block's place before the wait (registers only: it runs under
  // the tail of the kernel before; session 43 measured the same for the
  // wgmma-order quantizer), each next one's at the end of an iteration.
  QuantBlockPlace place;
  if (first < total_blocks) {
    place = PlaceQuantBlock(first, k, groups, tile_rows, by_groups, by_tile_rows);
  }
  // Launched with programmatic serialization (LaunchQuantizer; a no-op for a
  // plain launch): the preceding kernel (the producer of A, or the previous
  // GEMM still reading the workspace we write) may still run. Nothing is read
  // or written before.
  GridDependencyWait();
  // Only then may the dependent GEMM start: its prologue reads B and the
  // weight scales before its own wait, and the kernel before us may be the
  // one that writes them (released early, GemmPath.WeightsWrittenByThe
  // PrecedingKernel). It waits for our completion before touching A.
  GridDependencyLaunchDependents();
  for (uint32_t base = warp_first; base < total_blocks; base += stride) {
    const uint32_t block = base + (first - warp_first);
    const bool valid = block < total_blocks;
    const int64_t row = place.row;
    const int64_t g = place.g;
    const int64_t op = place.op;
    uint32_t x[4] = {0, 0, 0, 0};
    if (valid && row < m) {
      const uint4 v = __ldg(reinterpret_cast<const uint4*>(a + place.a_offset + q * 8));
      x[0] = v.x;
      x[1] = v.y;
      x[2] = v.z;
      x[3] = v.w;
    }
    const bool real = valid && row < m;
    uint32_t scale;
    if (operands == MmaOperands::kF16) {
      quant::QuantizedQuarterF16 r = quant::QuantizeQuarterToHalfF16(x);
      scale = r.scale;
      // Folded activation scale (internal/scale_fold.h): the scales array
      // keeps sa, from which the GEMM knows which blocks were folded.
      if (fold) FoldQuarterF16x2(r.h, scale);
      if (valid) {
        *reinterpret_cast<uint4*>(a_ops + (op + q * 8) * 2) =
            real ? make_uint4(r.h[0], r.h[1], r.h[2], r.h[3]) : make_uint4(0u, 0u, 0u, 0u);
      }
    } else if (operands == MmaOperands::kE5m2) {
      // E5M2 = the fp16 operand's high byte (its low byte is zero).
      const quant::QuantizedQuarterF16 r = quant::QuantizeQuarterToHalfF16(x);
      scale = r.scale;
      if (valid) {
        *reinterpret_cast<uint2*>(a_ops + op + q * 8) =
            real ? make_uint2(__byte_perm(r.h[0], r.h[1], 0x7531u),
                              __byte_perm(r.h[2], r.h[3], 0x7531u))
                 : make_uint2(0u, 0u);
      }
    } else {
      const quant::QuantizedQuarter r = quant::QuantizeQuarterToHalfE4m3(x);
      scale = r.scale;
      if (valid) {
        *reinterpret_cast<uint2*>(a_ops + op + q * 8) =
            real ? make_uint2(r.lo, r.hi) : make_uint2(0u, 0u);
      }
    }
    if (valid && q == 0) a_scales[g * rows_padded + row] = real ? quant::E8m0ToFloat(scale) : 0.0f;
    const uint32_t next = block + stride;
    if (next < total_blocks) {
      place = PlaceQuantBlock(next, k, groups, tile_rows, by_groups, by_tile_rows);
    }
  }
}

// Two fp16 halves (low = first element) -> two E4M3 bytes (low = first);
// exact for every value the wgmma-order quantizer converts.
__device__ __forceinline__ uint32_t F16x2ToE4m3x2(uint32_t halves) {
  uint16_t d;
  asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(d) : "r"(halves));
  return d;
}

// The E4M3 operand's part of a wgmma-order item (both wgmma-order kernels):
// the quad's halves, with the scale folded in where the E4M3 operand takes
// it, as even elements then odd ones (the weights' order,
// Fp4x8ToShiftedE4m3, mma_ops.h) at dst and dst + 128 (dst = place(), called
// after the conversion: the order the E4M3 kernel was tuned in); the row's
// block scale (lane q = 0: a_scales[g][row]); the warp's fold flag of block g
// of its 8 rows r8 (fold_flags[r8][g]), and after the last block the padding
// columns' (they read as folded: the ring tiles' whole-CTA check).
template <typename Place>
__device__ __forceinline__ void StoreE4m3Item(quant::QuantizedQuarterF16 r, bool real, int q,
                                              int lane, int g, int groups, int64_t flag_columns,
                                              Place place, float* a_scales, int32_t rows_padded,
                                              int64_t row, uint8_t* fold_flags, uint32_t r8) {
  const bool folded = ActivationScaleFoldsE4m3(r.scale);
  if (folded) {
#pragma unroll
    for (int i = 0; i < 4; ++i) r.h[i] = FoldScaleF16x2(r.h[i], r.scale);
  }
  const uint32_t e03 = real ? F16x2ToE4m3x2(r.h[0]) | (F16x2ToE4m3x2(r.h[1]) << 16) : 0u;
  const uint32_t e47 = real ? F16x2ToE4m3x2(r.h[2]) | (F16x2ToE4m3x2(r.h[3]) << 16) : 0u;
  uint8_t* const dst = place();
  *reinterpret_cast<uint32_t*>(dst) = __byte_perm(e03, e47, 0x6420);
  *reinterpret_cast<uint32_t*>(dst + 128) = __byte_perm(e03, e47, 0x7531);
  if (q == 0) {
    a_scales[static_cast<int64_t>(g) * rows_padded + row] =
        real ? quant::E8m0ToFloat(r.scale) : 0.0f;
  }
  const bool all = __all_sync(0xFFFFFFFFu, folded || !real);
  if (lane == 0) {
    uint8_t* const flag_row = fold_flags + static_cast<int64_t>(r8) * flag_columns;
    flag_row[g] = all ? 1u : 0u;
    if (g == groups - 1) {
      for (int64_t c = groups; c < flag_columns; ++c) flag_row[c] = 1u;
    }
  }
}

// The wgmma-order variant (ring tiles): warp item (g, r8) = block g of the 8
// rows 8 * r8 .. 8 * r8 + 7, quad i = row 8 * r8 + i, lane q of the quad =
// elements 8q .. 8q + 7; the warp writes the item's 256 bytes (two core
// matrices, at their place in the row tile's run of blocks) and one fold flag
// for the 8 rows. kPow2Tile: tile_rows / 8 = 2^tile8_log2 (a shift and a
// mask), else by_tile8 (the 192-row tile). kStageOrder: block g at its
// stage-ordered position (RingStagePosition, ring_stage_order.h; a template
// parameter because the K-order plans lost ~1% to a runtime test of it,
// session 42 call 4).
template <bool kPow2Tile, bool kStageOrder>
__global__ void __launch_bounds__(kQuantThreads)
    QuantizeAOperandWgmmaOrderKernel(const uint16_t* __restrict__ a, int32_t m, int32_t k,
                                     int32_t rows_padded, int32_t tile8_log2,
                                     int32_t interleave_chunk, int32_t warps_k,
                                     FastDivmod by_groups, FastDivmod by_tile8, FastDivmod by_chunk,
                                     uint8_t* __restrict__ a_ops, float* __restrict__ a_scales,
                                     uint8_t* __restrict__ fold_flags,
                                     uint32_t* __restrict__ zero_words, int32_t zero_count) {
  const int groups = k >> 5;
  const int groups8 = rows_padded >> 3;
  const int64_t flag_columns = RingFlagColumns(groups);
  // groups8 * groups < 2^31 (PlanGemm): 32-bit items, split by FastDivmod.
  const uint32_t items = static_cast<uint32_t>(groups8) * static_cast<uint32_t>(groups);
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int quad = lane >> 2;
  const int q = lane & 3;
  constexpr int kWarps = kQuantThreads / 32;
  const uint32_t stride = gridDim.x * kWarps;
  // Consecutive warps take consecutive blocks of the same 8 rows. The first
  // item's indices before the wait (registers only: they run under the tail
  // of the kernel before), each next one's at the end of an iteration.
  uint32_t item = blockIdx.x * kWarps + (threadIdx.x >> 5);
  uint32_t r8 = 0, g32 = 0;
  by_groups.DivMod(item, r8, g32);
  GridDependencyWait();  // then the release, as QuantizeAOperandKernel
  GridDependencyLaunchDependents();
  while (item < items) {  // warp-uniform
    const int g = static_cast<int>(g32);
    const int64_t row = static_cast<int64_t>(r8) * 8 + quad;
    const bool real = row < m;
    uint32_t x[4] = {0, 0, 0, 0};
    if (real) {
      const uint4 v = __ldg(reinterpret_cast<const uint4*>(a + row * k + g * 32 + q * 8));
      x[0] = v.x;
      x[1] = v.y;
      x[2] = v.z;
      x[3] = v.w;
    }
    const quant::QuantizedQuarterF16 r = quant::QuantizeQuarterToHalfF16(x);
    auto place = [&]() {
      // Row tile r8 / tile8, block g, 8-row group r8 % tile8 of the tile
      // (tile8 = tile_rows / 8).
      uint32_t tile8 = 0, tile = 0, r_in = 0;
      if constexpr (kPow2Tile) {
        tile8 = 1u << tile8_log2;
        tile = r8 >> tile8_log2;
        r_in = r8 & (tile8 - 1);
      } else {
        tile8 = by_tile8.divisor;
        by_tile8.DivMod(r8, tile, r_in);
      }
      // RingStagePosition(g, interleave_chunk, warps_k), without a division
      // (warps_k a power of two).
      int pos = g;
      if constexpr (kStageOrder) {
        uint32_t c = 0, j = 0;
        by_chunk.DivMod(g32, c, j);
        pos = RingStagePositionInChunk(static_cast<int>(c), static_cast<int>(c) & (warps_k - 1),
                                       j, interleave_chunk, warps_k);
      }
      return a_ops + ((static_cast<int64_t>(tile) * groups + pos) * tile8 + r_in) * 256 +
             quad * 16 + q * 4;
    };
    StoreE4m3Item(r, real, q, lane, g, groups, flag_columns, place,
                  a_scales, rows_padded, row, fold_flags, r8);
    item += stride;
    // Past the last item (possibly beyond FastDivmod's range) the indices
    // are not used.
    by_groups.DivMod(item, r8, g32);
  }
  // The grid-split GEMM's tile counters (after the wait: the GEMM before may
  // still have been counting; the GEMM after reads them after its own wait,
  // which returns once this grid is done; CTA 0's items go first).
  if (blockIdx.x == 0) {
    for (int i = static_cast<int>(threadIdx.x); i < zero_count; i += kQuantThreads) {
      zero_words[i] = 0u;
    }
  }
}

// ---------------------------------------------------------------------------
// The int8 form (LaunchQuantizeAOperandWgmmaOrderInt8): the same E4M3 operand,
// scales and fold flags, plus each row's int8 elements at the row's shift,
// which needs the smallest scale over the whole row before the first int8
// store. A (C, 1, 1) cluster takes one 8-row group; CTA c's warp w takes the
// blocks g = (c * kIpw + i) * 8 + w, i < kIpw (consecutive warps on
// consecutive blocks, as the grid-stride kernel). Each CTA scans its blocks
// of the 8 rows, stores the scan into every peer's shared memory, and after
// one release/acquire cluster barrier every CTA holds the whole rows'. Then
// the rows' sums of squares (the norm bounds, a_row_sumsq): each thread sums
// its items' at the row's ref, each warp adds its rows' in shared memory and
// the CTA its total into a_row_sumsq with one atomic a row after its int8
// stores (rank 0 zeroed them before its release: exact integers, so the order
// does not matter), with no serial combine on the way to the int8 stores
// (session 49 call 2: a combine through the peers' shared memory cost 0.75
// of the kernel's 4.6 µs at 256x3072x1536).

// An Int8RowScan in one word whose merge is a bytewise max (__vmaxu4):
// byte 0 = 255 - nonzero_min, byte 1 = nonzero_max, byte 2 = zero_max; 0 is
// the empty scan. any_nonzero <=> nonzero_min <= nonzero_max, and nan <=> a
// max byte is 0xFF (a 0xFF block sets one of the two).
__device__ __forceinline__ uint32_t Int8ScanWord(uint32_t scale, bool zero_block) {
  return zero_block ? scale << 16 : (255u - scale) | (scale << 8);
}

__device__ __forceinline__ Int8RowScan Int8ScanOfWord(uint32_t w) {
  Int8RowScan s;
  s.nonzero_min = 255u - (w & 0xFFu);
  s.nonzero_max = (w >> 8) & 0xFFu;
  s.zero_max = (w >> 16) & 0xFFu;
  s.nan = s.nonzero_max == 0xFFu || s.zero_max == 0xFFu;
  s.any_nonzero = s.nonzero_min <= s.nonzero_max;
  return s;
}

// The sum of `acc` and the squares of a word's 4 int8 bytes.
__device__ __forceinline__ uint32_t AddSquaresS8x4(uint32_t x, uint32_t acc) {
  uint32_t d;
  asm("dp4a.s32.s32 %0, %1, %1, %2;" : "=r"(d) : "r"(x), "r"(acc));
  return d;
}

// Per fp16 half of value/2 (never NaN: the quantizer clamps), the low byte of
// 4 x (value/2) + 1536 = 2 x value + 1536 is the int8 2 x value: 1536 + y for
// |y| <= 12 lies in [1024, 2048), where the fp16 ulp is 1 (exact).
__device__ __forceinline__ uint32_t HalfF16x2ToInt8Halves(uint32_t halves) {
  uint32_t r;
  asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r) : "r"(halves), "r"(0x44004400u), "r"(0x66006600u));
  return r;
}

// Clusters of at most 8 CTAs (the portable size): with ipw = ceil(G / 64)
// <= 4 items a warp, C = ceil(G / (8 ipw)) <= 8.
constexpr int kInt8MaxClusterCtas = 8;

template <int kIpw>
__global__ void __launch_bounds__(kQuantThreads) QuantizeAOperandWgmmaOrderInt8Kernel(
    const uint16_t* __restrict__ a, int32_t m, int32_t k, int32_t rows_padded, int32_t tile8_log2,
    int32_t cluster_ctas, uint8_t* __restrict__ a_ops, float* __restrict__ a_scales,
    uint8_t* __restrict__ fold_flags, uint8_t* __restrict__ a_i8, uint32_t* __restrict__ a_row_info,
    uint32_t* __restrict__ a_row_sumsq, uint32_t* __restrict__ zero_words, int32_t zero_count) {
  namespace cg = cooperative_groups;
  constexpr int kWarps = kQuantThreads / 32;
  __shared__ uint32_t warp_scan[kWarps][8];
  // [rank of the writer][row]: written only by the cluster's CTAs (remotely).
  __shared__ uint32_t peer_scan[kInt8MaxClusterCtas][8];
  // The CTA's part of each row's sum of squares (one global atomic a row).
  __shared__ uint32_t cta_sumsq[8];
  // "This CTA runs": the peers' shared memory may be written after the
  // matching wait (the first phase, long complete by then).
  ClusterArriveRelaxed();
  const int groups = k >> 5;
  const int64_t flag_columns = RingFlagColumns(groups);
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int quad = lane >> 2;
  const int q = lane & 3;
  const int warp = static_cast<int>(threadIdx.x) >> 5;
  const int rank = static_cast<int>(cg::this_cluster().block_rank());
  const uint32_t r8 = blockIdx.x / static_cast<uint32_t>(cluster_ctas);
  const int64_t row = static_cast<int64_t>(r8) * 8 + quad;
  const bool real = row < m;
  const uint32_t tile8 = 1u << tile8_log2;
  const int64_t tile = r8 >> tile8_log2;
  const uint32_t r_in = r8 & (tile8 - 1);
  const int g0 = rank * kIpw * 8 + warp;
  if (threadIdx.x < 8) cta_sumsq[threadIdx.x] = 0u;  // before the __syncthreads below
  GridDependencyWait();  // then the release, as QuantizeAOperandKernel
  GridDependencyLaunchDependents();
  uint32_t x[kIpw][4];
#pragma unroll
  for (int i = 0; i < kIpw; ++i) {
    const int g = g0 + i * 8;
    x[i][0] = x[i][1] = x[i][2] = x[i][3] = 0u;
    if (real && g < groups) {
      const uint4 v = __ldg(reinterpret_cast<const uint4*>(a + row * k + g * 32 + q * 8));
      x[i][0] = v.x;
      x[i][1] = v.y;
      x[i][2] = v.z;
      x[i][3] = v.w;
    }
  }
  // Kept to the int8 stores: the int8 bytes at shift 0 in the wgmma lane
  // order and the scale byte of each item; to the rows' sums: the lane's
  // sum of squares of each item at shift 0.
  uint32_t i8_lo[kIpw], i8_hi[kIpw], scales[kIpw], sq[kIpw];
  uint32_t scan = 0;
#pragma unroll
  for (int i = 0; i < kIpw; ++i) {
    const int g = g0 + i * 8;
    i8_lo[i] = i8_hi[i] = 0u;
    scales[i] = sq[i] = 0u;
    if (g >= groups) continue;  // warp-uniform
    quant::QuantizedQuarterF16 r = quant::QuantizeQuarterToHalfF16(x[i]);
    scales[i] = r.scale;
    {
      // Before folding: the int8 encodes the unscaled value.
      const uint32_t w0 = HalfF16x2ToInt8Halves(r.h[0]), w1 = HalfF16x2ToInt8Halves(r.h[1]);
      const uint32_t w2 = HalfF16x2ToInt8Halves(r.h[2]), w3 = HalfF16x2ToInt8Halves(r.h[3]);
      const uint32_t i03 = __byte_perm(w0, w1, 0x6420);
      const uint32_t i47 = __byte_perm(w2, w3, 0x6420);
      // The E4M3 operand's order below: even elements, then odd ones.
      i8_lo[i] = __byte_perm(i03, i47, 0x6420);
      i8_hi[i] = __byte_perm(i03, i47, 0x7531);
      sq[i] = AddSquaresS8x4(i8_hi[i], AddSquaresS8x4(i8_lo[i], 0u));
    }
    // All 32 codes +-0 <=> every int8 of the quad's lanes is 0.
    const uint32_t nonzero_lanes = __ballot_sync(0xFFFFFFFFu, (i8_lo[i] | i8_hi[i]) != 0u);
    scan = __vmaxu4(scan, Int8ScanWord(r.scale, ((nonzero_lanes >> (quad * 4)) & 0xFu) == 0u));
    const int64_t at = ((tile * groups + g) * tile8 + r_in) * 256 + quad * 16 + q * 4;
    StoreE4m3Item(r, real, q, lane, g, groups, flag_columns, [&] { return a_ops + at; },
                  a_scales, rows_padded, row, fold_flags, r8);
  }
  if (q == 0) warp_scan[warp][quad] = scan;
  __syncthreads();
  ClusterWait();  // every peer runs
  if (static_cast<int>(threadIdx.x) < 8 * cluster_ctas) {
    const int peer = static_cast<int>(threadIdx.x) >> 3;
    const int rr = static_cast<int>(threadIdx.x) & 7;
    uint32_t merged = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) merged = __vmaxu4(merged, warp_scan[w][rr]);
    *cg::this_cluster().map_shared_rank(&peer_scan[rank][rr], peer) = merged;
  }
  // The rows' sums start at 0 before any CTA of the cluster adds (after the
  // barrier below, which releases this store).
  if (rank == 0 && warp == 0 && q == 0) a_row_sumsq[row] = 0u;
  ClusterArriveRelease();
  ClusterWait();  // no shared memory is touched remotely after this
  uint32_t whole = 0;
  for (int c = 0; c < cluster_ctas; ++c) whole = __vmaxu4(whole, peer_scan[c][quad]);
  const uint32_t info = real ? Int8ScanOfWord(whole).Info() : kInt8RowInfoInvalid;  // norm 0
  const bool valid = Int8RowEncodes(info);
  const uint32_t ref = Int8RowRef(info);
  if (rank == 0 && warp == 0 && q == 0) a_row_info[row] = info;
  {
    // The items' squares at the row's ref (zero blocks add 0; the other
    // blocks of a valid row sit 0..3 above ref; a row with no int8 form adds
    // nothing).
    uint32_t sum = 0;
#pragma unroll
    for (int i = 0; i < kIpw; ++i) sum += valid ? Int8SumSqShift(sq[i], scales[i] - ref) : 0u;
    sum += __shfl_xor_sync(0xFFFFFFFFu, sum, 1);
    sum += __shfl_xor_sync(0xFFFFFFFFu, sum, 2);
    if (q == 0 && sum != 0u) atomicAdd(&cta_sumsq[quad], sum);
  }
#pragma unroll
  for (int i = 0; i < kIpw; ++i) {
    const int g = g0 + i * 8;
    if (g >= groups) continue;
    // Shifting a word carries each byte's top bits into the next byte's low
    // ones, which the mask clears (a shifted byte's own low bits are 0).
    const uint32_t shift = Int8BlockShift(scales[i], ref);
    const uint32_t mask = valid ? ((0xFFu << shift) & 0xFFu) * 0x01010101u : 0u;
    const int64_t at = ((tile * groups + g) * tile8 + r_in) * 256 + quad * 16 + q * 4;
    *reinterpret_cast<uint32_t*>(a_i8 + at) = (i8_lo[i] << shift) & mask;
    *reinterpret_cast<uint32_t*>(a_i8 + at + 128) = (i8_hi[i] << shift) & mask;
  }
  __syncthreads();  // the CTA's sums (after its int8 stores are on their way)
  if (threadIdx.x < 8 && cta_sumsq[threadIdx.x] != 0u) {
    atomicAdd(a_row_sumsq + static_cast<int64_t>(r8) * 8 + threadIdx.x, cta_sumsq[threadIdx.x]);
  }
  if (blockIdx.x == 0) {  // as QuantizeAOperandWgmmaOrderKernel
    for (int i = static_cast<int>(threadIdx.x); i < zero_count; i += kQuantThreads) {
      zero_words[i] = 0u;
    }
  }
}

}  // namespace

hipError_t LaunchQuantizeAOperandWgmmaOrderInt8(const uint16_t* a, int32_t m, int32_t k,
                                                int32_t rows_padded, int32_t tile_rows,
                                                uint8_t* a_ops, float* a_scales,
                                                uint8_t* fold_flags, uint8_t* a_i8,
                                                uint32_t* a_row_info, uint32_t* a_row_sumsq,
                                                hipStream_t stream, uint32_t* zero_words,
                                                int32_t zero_count) {
  if (zero_count < 0 || (zero_count > 0 && zero_words == nullptr)) return hipErrorInvalidValue;
  if (a_i8 == nullptr || a_row_info == nullptr || a_row_sumsq == nullptr) {
    return hipErrorInvalidValue;
  }
  if (m <= 0 || rows_padded < m || !QuantizeAOperandInt8Supports(k, tile_rows) ||
      rows_padded % tile_rows != 0) {
    return hipErrorInvalidValue;
  }
  const int groups = k / 32;
  const int64_t items = static_cast<int64_t>(rows_padded / 8) * groups;
  if (items > kMaxQuantizerBlocks) return hipErrorInvalidValue;
  // ipw <= 4 (Supports: groups <= 256); the grid (<= items CTAs) fits in 31 bits.
  const int ipw = QuantizeAOperandInt8ItemsPerWarp(groups, rows_padded);
  const int cluster_ctas = (groups + 8 * ipw - 1) / (8 * ipw);
  cudaLaunchConfig_t launch = {};
  launch.gridDim = dim3(static_cast<unsigned>(rows_padded / 8 * cluster_ctas));
  launch.blockDim = dim3(kQuantThreads);
  launch.dynamicSmemBytes = 0;
  launch.stream = stream;
  cudaLaunchAttribute attrs[2];
  attrs[0].id = cudaLaunchAttributeClusterDimension;
  attrs[0].val.clusterDim.x = static_cast<unsigned>(cluster_ctas);
  attrs[0].val.clusterDim.y = 1;
  attrs[0].val.clusterDim.z = 1;
  attrs[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attrs[1].val.programmaticStreamSerializationAllowed = 1;
  launch.attrs = attrs;
  launch.numAttrs = 2;
  const int32_t tile8_log2 = tile_rows == 64 ? 3 : 4;
  auto* const kernel = ipw == 1   ? QuantizeAOperandWgmmaOrderInt8Kernel<1>
                       : ipw == 2 ? QuantizeAOperandWgmmaOrderInt8Kernel<2>
                       : ipw == 3 ? QuantizeAOperandWgmmaOrderInt8Kernel<3>
                                  : QuantizeAOperandWgmmaOrderInt8Kernel<4>;
  return ToHip(cudaLaunchKernelEx(&launch, kernel, a, m, k, rows_padded, tile8_log2, cluster_ctas,
                                  a_ops, a_scales, fold_flags, a_i8, a_row_info, a_row_sumsq,
                                  zero_words, zero_count));
}

hipError_t LaunchQuantizeAOperandWgmmaOrder(const uint16_t* a, int32_t m, int32_t k,
                                            int32_t rows_padded, int32_t tile_rows,
                                            int32_t interleave_chunk, int32_t warps_k,
                                            uint8_t* a_ops, float* a_scales, uint8_t* fold_flags,
                                            hipStream_t stream, uint32_t* zero_words,
                                            int32_t zero_count) {
  const bool decode_tile = tile_rows == 8 || tile_rows == 16 || tile_rows == 32;
  if (zero_count < 0 || (zero_count > 0 && zero_words == nullptr)) return hipErrorInvalidValue;
  if (m <= 0 || k <= 0 || rows_padded < m || tile_rows <= 0 ||
      (tile_rows % 64 != 0 && !decode_tile) || rows_padded % tile_rows != 0 || k % 32 != 0) {
    return hipErrorInvalidValue;
  }
  // A stage-ordered run is a permutation of the tile's blocks (whole chunks).
  if (interleave_chunk != 0 &&
      ((warps_k != 2 && warps_k != 4) || interleave_chunk < 0 ||
       interleave_chunk % kRingStageBlocks != 0 ||
       (k / 32) % (static_cast<int64_t>(interleave_chunk) * warps_k) != 0)) {
    return hipErrorInvalidValue;
  }
  const int64_t items = static_cast<int64_t>(rows_padded / 8) * (k / 32);
  if (items > kMaxQuantizerBlocks) return hipErrorInvalidValue;
  constexpr int kWarps = kQuantThreads / 32;
  const int64_t ctas_needed = (items + kWarps - 1) / kWarps;
  const unsigned ctas = static_cast<unsigned>(ctas_needed < 4096 ? ctas_needed : 4096);
  const uint32_t tile8 = static_cast<uint32_t>(tile_rows / 8);
  const bool pow2 = (tile8 & (tile8 - 1)) == 0;
  const int32_t tile8_log2 = pow2 ? __builtin_ctz(tile8) : 0;
  // The stage order serves the k4 tiles, whose row tiles (8-64 rows) are powers of two.
  if (interleave_chunk != 0 && !pow2) return hipErrorInvalidValue;
  return LaunchQuantizer(interleave_chunk != 0 ? QuantizeAOperandWgmmaOrderKernel<true, true>
                         : pow2                ? QuantizeAOperandWgmmaOrderKernel<true, false>
                                               : QuantizeAOperandWgmmaOrderKernel<false, false>,
                         ctas, /*max_programmatic_ctas=*/ctas, stream, a, m, k, rows_padded,
                         tile8_log2, interleave_chunk, warps_k,
                         FastDivmod::Make(static_cast<uint32_t>(k / 32)),
                         FastDivmod::Make(tile8),
                         FastDivmod::Make(static_cast<uint32_t>(interleave_chunk != 0
                                                                    ? interleave_chunk
                                                                    : 1)),
                         a_ops, a_scales, fold_flags, zero_words,
                         zero_count);
}

hipError_t LaunchQuantizeAOperand(const uint16_t* a, int32_t m, int32_t k, int32_t rows_padded,
                                  MmaOperands operands, uint8_t* a_ops, float* a_scales,
                                  hipStream_t stream, bool fold_scales, int32_t tile_rows) {
  if (m <= 0 || k <= 0 || rows_padded < m || k % 32 != 0 || tile_rows < 0 ||
      (tile_rows > 0 && rows_padded % tile_rows != 0)) {
    return hipErrorInvalidValue;
  }
  const int64_t total_blocks = static_cast<int64_t>(rows_padded) * (k / 32);
  if (total_blocks > kMaxQuantizerBlocks) return hipErrorInvalidValue;
  const int64_t ctas_needed = (total_blocks + kQuantThreads / 4 - 1) / (kQuantThreads / 4);
  const unsigned ctas = static_cast<unsigned>(ctas_needed < 4096 ? ctas_needed : 4096);
  return LaunchQuantizer(
      QuantizeAOperandKernel, ctas, kProgrammaticQuantMaxCtas, stream, a, m, k, rows_padded,
      operands, fold_scales && operands == MmaOperands::kF16 ? 1 : 0, tile_rows,
      FastDivmod::Make(static_cast<uint32_t>(k / 32)),
      FastDivmod::Make(static_cast<uint32_t>(tile_rows > 0 ? tile_rows : 1)), a_ops, a_scales);
}

}  // namespace mxfp4::gpu::gemm_internal
