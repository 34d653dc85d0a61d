// File: mxfp4/gpu/gemm/gemm.h
//
// MXFP4 GEMM on the GPU: C = quantize_even(A) * B^T with bf16 A (M, K) on the
// device, an MXFP4 weight B (N, K) and bf16 or fp32 C (M, N). Every path
// reproduces the emulator's "block_fma" contract bit for bit
// (mxfp4/emu/reference_gemm.h; docs/accumulation.md; spec:
// shared/spec/gpu-design.md): per output and 32-element K-block in increasing
// order, P = exact block dot product, s = fp32(2^(sa-127) * 2^(sb-127)),
// acc = fmaf(P, s, acc) from +0.0f; a K-split path accumulates each split from
// +0.0f and combines ((p0 + p1) + p2) + ... in split order; bf16 output is RNE.
// A is quantized with the EVEN rule exactly as mxfp4/emu/quantize.h does.
//
// Paths (docs/paths.md; GemmPathInfos() lists them with their tiles):
//   fused_quant     one kernel, A quantized inside the GEMM (auto: M <= 32, K <= 512)
//   splitk_small_m  one kernel, A quantized inside, K split over a cluster (auto:
//                   small layers, M <= 32 with N <= 1024 and 512 < K <= 4096, on a
//                   cluster of 2 (4 below N = 256 from K = 1056; 16 < M <= 32 from
//                   N = 544 at K >= 3072 runs quant_then_mma); K > 4096 with
//                   N < 256 (M <= 32), 256 <= N <= 1024 (M <= 8) or 256 <= N <
//                   512 below K = 8192 (8 < M <= 16); M <= 8 beyond N = 1024
//                   with K <= 2048 (M <= 16: K <= 1024); M <= 8, K > 512, where
//                   quant_then_mma would need more than 132 CTAs and the weight
//                   has fewer than 24 Mi elements and N < 5120 or K < 1024 (not
//                   from K = 8192 at 40 N tiles of 32 rows up to N = 1920);
//                   docs/paths.md "Dispatch")
//   quant_then_mma  two kernels: A quantizer + tensor-core GEMM (auto: the rest); at
//                   large M a third first, which stages a prepared copy of the
//                   weight in the workspace (WeightStaging, StagingFormat)
// Gemm() picks one by shape (GemmPath::kAuto) or runs the one you force.
//
// Host header (no device code). A call enqueues its kernels on `stream` and
// returns: no host synchronization, no allocation, CUDA-graph capturable.
//
// Example:
//   Mxfp4Weight w{d_bq, d_bs, N, K, DataLayout::kPreshuffled16x16,
//                 ScaleLayout::kShuffled16, bq_bytes, bs_bytes};
//   GemmArgs args{d_a, M, K, w, d_c, GemmOutputType::kBf16};
//   ASSIGN_OR_RETURN(size_t ws_bytes, GemmWorkspaceSize(M, w));
//   ASSIGN_OR_RETURN(GemmWorkspaceBuffer ws, GemmWorkspaceBuffer::Allocate(ws_bytes));
//   RETURN_IF_ERROR(Gemm(args, stream, ws.workspace()));      // any number of times

#ifndef MXFP4_GPU_GEMM_GEMM_H_
#define MXFP4_GPU_GEMM_GEMM_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/gemm/gemm_phase_slots.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

// The format of a prepared weight copy (PreparedWeight::format).
enum class PreparedFormat {
  // data: each E2M1 code as a shifted E4M3 byte (mxfp4/core/prepared_layout.h);
  // scales: fp32 per (row, K-block); row_info null / 0 bytes.
  kShiftedE4m3,
  // data: the int8 image (int8_image.h; same geometry, each element's scale
  // shift folded into its byte); scales null / 0 bytes; row_info required:
  // one uint32 summary per row (PreparedInt8RowInfoBytes(n) bytes).
  kInt8,
};

// PreparedWeight: an optional second copy of a weight, made once by
// PrepareWeight (prepared_weight.h) for large-M (prefill) calls: its E2M1
// codes as E4M3 bytes and its scales as fp32, in the shared-memory order of
// the warp-specialized wgmma tiles (mxfp4/core/prepared_layout.h), which
// then copy it instead of converting the weights in every call. ~2.1x the
// bytes of data + scales; only those tiles read it (every other tile, and
// their weight-scale check, reads Mxfp4Weight::data / scales). Same results,
// bit for bit. With format kInt8 the copy is the int8 image instead, for
// integer accumulation (docs/paths.md "Prepared weights", "Int8 format").
struct PreparedWeight {
  const uint8_t* data = nullptr;   // PreparedDataBytes(n, k) bytes, 16-byte aligned
  const float* scales = nullptr;   // PreparedScaleBytes(n, k) bytes, 16-byte aligned (E4M3 only)
  int64_t data_bytes = 0;
  int64_t scale_bytes = 0;
  PreparedFormat format = PreparedFormat::kShiftedE4m3;
  // kInt8 only: PreparedInt8RowInfoBytes(n) bytes, 16-byte aligned.
  const uint32_t* row_info = nullptr;
  int64_t row_info_bytes = 0;
  bool present() const { return data != nullptr || scales != nullptr || row_info != nullptr; }
};

// Mxfp4Weight: the B operand in device memory, as the original system kept it.
struct Mxfp4Weight {
  const uint8_t* data = nullptr;    // packed E2M1, (n, k/2) bytes in data_layout
  const uint8_t* scales = nullptr;  // E8M0, ScaleStorageBytes(scale_layout, n, k/32) bytes
  int64_t n = 0;
  int64_t k = 0;
  // kNatural or kPreshuffled16x16 (AITER shuffle_weight (16,16); n % 16 == 0, k % 64 == 0).
  DataLayout data_layout = DataLayout::kNatural;
  // kNatural or kShuffled16 (AITER e8m0_shuffle). kShuffled32 is not supported.
  ScaleLayout scale_layout = ScaleLayout::kNatural;
  // Sizes of the two buffers, checked against the shape and layouts.
  int64_t data_bytes = 0;
  int64_t scale_bytes = 0;
  // Optional (absent by default): the prepared copy of this weight. When
  // present, auto runs M > 64 (quant_then_mma) on the warp-specialized tile
  // that reads it (docs/paths.md "Prepared weights").
  PreparedWeight prepared;
};

enum class GemmOutputType {
  kBf16,  // uint16_t bf16 bits, RNE from the fp32 accumulator (NaN -> 0x7FC0)
  kFp32,  // the fp32 accumulator itself (NaN -> 0x7FC00000)
};

// GemmArgs: one problem. All pointers are device pointers.
struct GemmArgs {
  const uint16_t* a = nullptr;  // bf16 bits, (m, k) row-major, 16-byte aligned
  int64_t m = 0;
  int64_t k = 0;
  Mxfp4Weight b;
  void* c = nullptr;  // (m, b.n) row-major, 16-byte aligned
  GemmOutputType c_type = GemmOutputType::kBf16;
};

// GemmPath: each value is one dispatch path of docs/paths.md.
enum class GemmPath {
  // Pick by shape (the tuned thresholds of docs/paths.md).
  kAuto,
  // "fused_quant": one kernel; each CTA loads bf16 A rows and quantizes them
  // in the GEMM into fp16 operands of mma.sync m16n8k16 (swap AB: N on the
  // MMA's 16-row side). No cluster K-split (streaming tiles split a CTA's
  // K-range over its warps; the quantization-cluster tiles share the
  // quantization of their A rows along N). Chosen for M <= 32 with
  // K <= 512.
  kFusedQuant,
  // "splitk_small_m": as kFusedQuant, with K split over the 1..8 CTAs of a
  // thread-block cluster that reduce in split order through distributed
  // shared memory. Chosen for small layers (M <= 32, N <= 1024, 512 < K <=
  // 4096; M <= 8: K <= 3072 for 64 <= N < 512) with a 2- or 4-CTA cluster,
  // for K > 4096 with N < 256 (M <= 32), 256 <= N <= 1024 (M <= 8) or
  // 256 <= N < 512 below K = 8192 (8 < M <= 16) with a resident cluster of
  // up to 8, for M <= 8 (M <= 16: K <= 1024) beyond N = 1024 with K <= 2048,
  // and for M <= 8 with K > 512 where quant_then_mma's plan would need more
  // than 132 CTAs (docs/paths.md "Dispatch").
  kSplitKSmallM,
  // "quant_then_mma": a quantizer kernel writes A once as tensor-core
  // operands into the workspace (fp16; E4M3 in the wgmma order for the e4m3
  // wgmma ring tiles), then the tensor-core GEMM (programmatic dependent
  // launch; K split over a cluster, or over the ring tiles' warpgroups).
  // Chosen for M > 32, for 8 < M <= 32 with K > 512, for M <= 8 with
  // K > 512 where its plan has at most 132 CTAs, and for M <= 32 with K > 512
  // and a weight of at least 24 Mi elements or N >= 5120 with K >= 1024 (the
  // ring tiles' decode kernels).
  kQuantThenMma,
};

// "auto", "fused_quant", "splitk_small_m", "quant_then_mma".
const char* GemmPathName(GemmPath path);
absl::StatusOr<GemmPath> ParseGemmPath(const std::string& name);

// WeightStaging: whether a quant_then_mma call without a caller's prepared
// copy first writes one into the workspace (a PrepareWeight kernel, then the
// warp-specialized tile reading it: the per-CTA E2M1 -> E4M3 conversion done
// once per call instead of once per row tile). It pays at large M (prefill)
// where many row tiles share each weight tile (docs/paths.md "Staged
// weights"); the workspace grows by PreparedDataBytes + PreparedScaleBytes.
enum class WeightStaging {
  kAuto,    // by shape (the measured rule in internal/dispatch_rules.cc)
  kNever,   // never (smaller workspace)
  kAlways,  // whenever the plan's tile has a warp-specialized form that reads a copy
};

// StagingFormat: which copy a staged call writes (docs/paths.md "Staged
// weights"). The int8 copy (PreparedFormat::kInt8) lets the GEMM's CTAs
// accumulate in integers where their rows allow it (docs/paths.md "Integer
// accumulation"): 1.2-1.6x faster at large M where every row of A and B has a
// small scale spread (<= 3 over K: e.g. normal or Hadamard-rotated data), but
// a CTA whose rows fail that check converts the packed weight as an unstaged
// call does, 1.3x slower than the E4M3 copy where every CTA fails (outlier
// channels). So it is the caller's choice; `mxfp4 int-accumulation` tells
// from dumped tensors whether their tiles pass. Results are the same bit for
// bit either way.
enum class StagingFormat {
  kE4m3,  // the shifted-E4M3 copy: the same speed whatever the data
  kInt8,  // the int8 copy where the plan's tile has an integer form, else E4M3
};
// With kInt8, WeightStaging::kAuto stages by its own rule (from K = 1024 and
// fewer row tiles than E4M3's, internal/dispatch_rules.cc Int8StagingPays) and the workspace
// holds the int8 activations, PreparedDataBytes + PreparedInt8RowInfoBytes.

struct GemmOptions {
  GemmPath path = GemmPath::kAuto;
  // CTAs per output tile that split K (a thread-block cluster; 1..8) for the
  // paths that support it; 0 = choose by shape. Streaming tiles split each
  // CTA's K-range once more over their warps (GemmPlan::splits).
  int split_k = 0;
  // CTAs per output tile that split K without a cluster (1..8; 0 = choose by
  // shape, which only happens with split_k = 0): independent CTAs that write
  // their partials to the workspace, the last one of a tile adding them in
  // chunk order (the same KSplit as a cluster's). Only the 64-row k4 ring
  // tile (wgmma8_n64_m64_k4_fold): for M <= 32 with split_k at most 1; for
  // M > 32 with split_k 3..8, clusters of split_k CTAs grid_split_k times a
  // tile, each cluster's sums meeting in the workspace (GemmPlan::
  // split_outer_group). For layers with fewer weight tiles than SMs
  // (docs/paths.md).
  int grid_split_k = 0;
  // Tile configuration by name (GemmPlan::tile, e.g. "prequant_n128_m64",
  // or an "_e4m3" variant that uses the FP8 MMA instead of fp16);
  // empty = choose by shape. For tuning and benchmarks.
  std::string tile;
  // Diagnostics (benchmarks, tuning; docs/paths.md "Phase clocks"): device
  // memory for kGemmPhaseSlots values per CTA of the GEMM kernel
  // (GemmPlan::grid_ctas); thread 0 of every CTA writes its phase stamps
  // there. nullptr (the default) = off; the kernels then only test the
  // pointer.
  uint64_t* phase_clock = nullptr;
  // Diagnostics (tests, benchmarks; GemmPlan::int8_accumulation): device
  // memory for one uint32 that each GEMM CTA taking integer accumulation
  // increments (the caller zeroes it); a CTA whose rows fail the check
  // converts instead and does not count. nullptr (the default) = off.
  uint32_t* int8_cta_counter = nullptr;
  // Staging of the weight's prepared image in the workspace, and which image
  // (above).
  WeightStaging weight_staging = WeightStaging::kAuto;
  StagingFormat staging_format = StagingFormat::kE4m3;
  // A hint that the weight is probably not in L2 when the call runs (e.g. a
  // layer read once per token, its bytes evicted by the other layers since).
  // Plans that gain from it - quant_then_mma on the 64x64 k2 ring tile
  // (wgmma8_n64_m64_k2_fold) for M > 32 without a K split over CTAs, weights
  // up to 16 MiB (GemmPlan::prefetches_weight) - then ask L2 for each CTA's
  // whole weight tile behind their first fills: 10-13% faster with the weight
  // in HBM (64x7168x2048 10.2 -> 9.0 us), 1-2% slower with it in L2, so off by
  // default (docs/paths.md "Cold weights"). Results are the same bit for bit.
  bool cold_weights = false;
  // Plans whose grid of the n128_m128 warp-specialized tile exceeds one wave
  // (prefill) run its persistent kernel (or its int8 form's): one CTA per SM
  // walks the output tiles, the next tile's first stages filled while this
  // tile's outputs are stored (GemmPlan::persistent_ctas; docs/paths.md
  // "Persistent grid"). False keeps one CTA per output tile (tests and
  // tuning); the bits are the same.
  bool persistent_grid = true;
};


// GemmPlan: what Gemm() will run for a shape (for tests, benchmarks, logs).
struct GemmPlan {
  GemmPath path = GemmPath::kAuto;
  std::string tile;        // e.g. "fused_n64_m16"
  int block_n = 0;         // weight rows per CTA
  int block_m = 0;         // activation rows per CTA
  int splits = 1;          // K-splits in all (cluster_ctas x grid_split_ctas x the tile's warps along K)
  int cluster_ctas = 1;    // CTAs per output tile (a thread-block cluster when > 1)
  // CTAs (or, with cluster_ctas > 1, clusters) per output tile that split K
  // further, combining through the workspace (GemmOptions::grid_split_k).
  int grid_split_ctas = 1;
  int64_t blocks_per_split = 0;
  // Interior split starts in K-blocks (empty: no split); split s covers blocks
  // [s * blocks_per_split, min((s+1) * blocks_per_split, k/32)). This is
  // KSplit::FromBoundaries(split_boundaries) of mxfp4/emu/accumulation.h,
  // with KSplit::group = split_group, KSplit::outer_group = split_outer_group.
  std::vector<int64_t> split_boundaries;
  // Consecutive splits whose partials are summed first, then those sums in
  // order (KSplit::group; 1 = the plain chain ((p0 + p1) + p2) + ...): the
  // tile's warps along K where a K-split cluster of more than two CTAs pushes
  // (each CTA sums its own splits and sends one tile, a quarter of the bytes
  // of its four partials; docs/accumulation.md "K-split").
  int split_group = 1;
  // Consecutive runs (of split_group splits) summed next, then those sums in
  // order (KSplit::outer_group; 1 = none): cluster_ctas where clusters that
  // push are split over the grid too (each cluster sums its CTAs' runs; the
  // clusters' sums meet in the workspace).
  int split_outer_group = 1;
  int launches = 1;
  size_t workspace_bytes = 0;
  int64_t grid_ctas = 0;   // CTAs of the GEMM kernel
  bool reads_prepared_weight = false;  // the tile reads a prepared copy (the caller's or staged)
  // The copy is int8 (PreparedFormat::kInt8): the quantizer writes int8
  // activations too and the tile's CTAs accumulate in integers where their
  // rows allow it (docs/paths.md "Integer accumulation"), else convert.
  bool int8_accumulation = false;
  // The call writes the prepared copy into the workspace first (WeightStaging;
  // launches then counts that kernel).
  bool stages_weight = false;
  // GemmOptions::cold_weights took effect: the GEMM prefetches each CTA's
  // weight tile into L2.
  bool prefetches_weight = false;
  // > 0: the GEMM kernel is the tile's persistent form on this many CTAs
  // (grid_ctas), each walking several output tiles (GemmOptions::persistent_grid).
  int64_t persistent_ctas = 0;
  size_t shared_memory_bytes = 0;

  std::string ToString() const;  // one line
};

// PlanGemm()
// The plan for (m, weight shape/layouts) under `options`, or InvalidArgument
// (bad shape/layout, split_k out of range, a forced path that cannot run the
// shape). Pure host computation: no GPU needed.
absl::StatusOr<GemmPlan> PlanGemm(int64_t m, const Mxfp4Weight& b, const GemmOptions& options = {});

// GemmWorkspaceSize()
// Device bytes of workspace Gemm() needs for (m, b) under `options` (0 for
// the one-kernel paths). Size the buffer once for the largest m you will run.
// With a staged weight (GemmPlan::stages_weight: large M, WeightStaging) it
// includes the prepared copy, ~2.1x the weight's data + scale bytes
// (WeightStaging::kNever keeps it out).
absl::StatusOr<size_t> GemmWorkspaceSize(int64_t m, const Mxfp4Weight& b,
                                         const GemmOptions& options = {});

// GemmWorkspace: caller-owned device scratch (256-byte aligned).
struct GemmWorkspace {
  void* data = nullptr;
  size_t bytes = 0;
};

// GemmWorkspaceBuffer: library-owned workspace (allocated once, up front).
class GemmWorkspaceBuffer {
 public:
  GemmWorkspaceBuffer() = default;
  static absl::StatusOr<GemmWorkspaceBuffer> Allocate(size_t bytes);
  GemmWorkspace workspace() const { return GemmWorkspace{buffer_.get(), buffer_.size()}; }

 private:
  DeviceBuffer buffer_;
};

// ValidateWeight()
// The checks Gemm() applies to a weight: shape, layouts, buffer sizes, null
// or misaligned pointers, and its prepared copy's (when present).
absl::Status ValidateWeight(const Mxfp4Weight& b);

// Gemm()
// Enqueues C = A * B^T on `stream`. Returns InvalidArgument for bad input:
// K not a multiple of 32, K != b.k, N % 16 or K % 64 for preshuffled B, null
// or misaligned pointers, buffer sizes that do not match the shape/layouts,
// unsupported layouts; FailedPrecondition when the path needs more workspace
// than given (the message says how much); Unavailable without a GPU build;
// a launch failure as the HIP error's status. m == 0 is a no-op.
// Stream order: the launches may overlap the kernel before them on `stream`
// (programmatic dependent launch: the call's first kernel becomes resident
// while that kernel finishes), but nothing reads A, B, the scales or the
// workspace, or writes C, before that kernel has completed, even when it
// releases its dependents early (GemmPath.WeightsWrittenByThePrecedingKernel).
absl::Status Gemm(const GemmArgs& args, hipStream_t stream, const GemmWorkspace& workspace = {},
                  const GemmOptions& options = {});

// GemmPathInfo: the registry of paths (ruy-style: what each path is).
struct GemmPathInfo {
  GemmPath path;
  const char* name;
  const char* kernels;      // what runs, one line
  const char* contract;     // accumulation contract and split rule
  const char* tiles;        // tile configurations it may use
  const char* shapes;       // the shapes it supports (forced) and when kAuto picks it
  int launches;
};

// GemmPathInfos(): every real path (not kAuto), in enum order.
absl::Span<const GemmPathInfo> GemmPathInfos();

// GemmPathTileNames(): the names GemmOptions::tile accepts for `path` (none
// for kAuto), in the tile table's order.
std::vector<std::string> GemmPathTileNames(GemmPath path);

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_GEMM_GEMM_H_
