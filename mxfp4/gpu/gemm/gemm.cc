// File: mxfp4/gpu/gemm/gemm.cc
//
// Gemm() (gemm.h; docs/paths.md): checks the arguments, plans the call
// (gemm_plan.cc) and launches its kernels with their operand pointers and
// workspace parts. Plain g++; the kernels are behind the raw launchers of
// internal/tile_config.h (stubs without nvcc).

#include "mxfp4/gpu/gemm/gemm.h"

#include <cstdint>
#include <utility>

#include "absl/strings/str_format.h"
#include "mxfp4/gpu/gemm/internal/path_tiles.h"
#include "mxfp4/gpu/gemm/internal/prepare_weight_launch.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_checks.h"
#include "mxfp4/gpu/gemm/internal/workspace_layout.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {

using gemm_internal::GemmKernelArgs;
using gemm_internal::GetTileConfig;
using gemm_internal::GridOutputTiles;
using gemm_internal::Int8ActivationLayout;
using gemm_internal::Int8ActivationOffsets;
using gemm_internal::IsAligned;
using gemm_internal::kWorkspaceAlign;
using gemm_internal::PrequantWorkspace;
using gemm_internal::PrequantWorkspaceLayout;
using gemm_internal::StagedWeightLayout;
using gemm_internal::StagedWeightOffsets;
using gemm_internal::TileByName;
using gemm_internal::TileConfigDesc;
using gemm_internal::TileConfigId;
using gemm_internal::ValidateWeightBuffers;
using gemm_internal::ValidateWeightShape;

absl::StatusOr<GemmWorkspaceBuffer> GemmWorkspaceBuffer::Allocate(size_t bytes) {
  absl::StatusOr<DeviceBuffer> buffer = DeviceBuffer::Allocate(bytes);
  if (!buffer.ok()) return buffer.status();
  GemmWorkspaceBuffer ws;
  ws.buffer_ = std::move(*buffer);
  return ws;
}

absl::Status ValidateWeight(const Mxfp4Weight& b) {
  if (absl::Status s = ValidateWeightShape(b); !s.ok()) return s;
  return ValidateWeightBuffers(b);
}

absl::Status Gemm(const GemmArgs& args, hipStream_t stream, const GemmWorkspace& workspace,
                  const GemmOptions& options) {
  const Mxfp4Weight& b = args.b;
  if (absl::Status s = ValidateWeightShape(b); !s.ok()) return s;
  if (args.k != b.k) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: A has K=%d but the weight has K=%d", args.k, b.k));
  }
  if (args.c_type != GemmOutputType::kBf16 && args.c_type != GemmOutputType::kFp32) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: unknown output type %d", static_cast<int>(args.c_type)));
  }
  if (absl::Status s = ValidateWeightBuffers(b); !s.ok()) return s;
  absl::StatusOr<GemmPlan> plan = PlanGemm(args.m, b, options);
  if (!plan.ok()) return plan.status();
  if (args.m == 0) return absl::OkStatus();
  if (args.a == nullptr || args.c == nullptr) {
    return absl::InvalidArgumentError("Gemm: A or C pointer is null");
  }
  if (!IsAligned(args.a, 16) || !IsAligned(args.c, 16)) {
    return absl::InvalidArgumentError("Gemm: A and C pointers must be 16-byte aligned");
  }
  if (plan->workspace_bytes > 0) {
    if (workspace.data == nullptr || workspace.bytes < plan->workspace_bytes) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "Gemm: path %s needs %d bytes of workspace, got %d (see GemmWorkspaceSize)",
          GemmPathName(plan->path), plan->workspace_bytes, workspace.bytes));
    }
    if (!IsAligned(workspace.data, kWorkspaceAlign)) {
      return absl::InvalidArgumentError("Gemm: workspace must be 256-byte aligned");
    }
  }

  absl::StatusOr<TileConfigId> tile = TileByName(plan->tile);
  if (!tile.ok()) return tile.status();
  GemmKernelArgs k;
  k.a_bf16 = args.a;
  k.b_data = b.data;
  k.b_scales = b.scales;
  k.b_preshuffled = b.data_layout == DataLayout::kPreshuffled16x16;
  k.b_scales_shuffled16 = b.scale_layout == ScaleLayout::kShuffled16;
  k.m = static_cast<int32_t>(args.m);
  k.n = static_cast<int32_t>(b.n);
  k.k = static_cast<int32_t>(b.k);
  k.blocks_per_split = static_cast<int32_t>(plan->blocks_per_split);
  // CTAs a tile along z: a cluster's, a grid split's, or clusters x grid.
  k.splits = plan->grid_split_ctas * plan->cluster_ctas;
  k.c = args.c;
  k.c_fp32 = args.c_type == GemmOutputType::kFp32;
  k.c_vector_ok = b.n % 4 == 0;
  k.phase_clock = options.phase_clock;
  k.prefetch_weight_tile = plan->prefetches_weight ? 1 : 0;
  switch (plan->path) {
    case GemmPath::kFusedQuant:
      MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchGemmFusedQuant(k, *tile, stream));
      break;
    case GemmPath::kSplitKSmallM:
      MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchGemmSplitKSmallM(k, *tile, stream));
      break;
    case GemmPath::kQuantThenMma: {
      const int64_t rows = (args.m + plan->block_m - 1) / plan->block_m * plan->block_m;
      k.a_rows_padded = static_cast<int32_t>(rows);
      const TileConfigDesc cfg = GetTileConfig(*tile);
      const PrequantWorkspace layout = PrequantWorkspaceLayout(
          cfg, static_cast<size_t>(rows), static_cast<size_t>(b.k), args.m,
          GridOutputTiles(cfg, args.m, b.n), plan->grid_split_ctas, plan->cluster_ctas);
      uint8_t* const ws = static_cast<uint8_t*>(workspace.data);
      k.a_ops = ws;
      k.a_scales = reinterpret_cast<const float*>(ws + layout.scales);
      if (cfg.wgmma_ring) k.a_fold_flags = ws + layout.flags;
      if (plan->grid_split_ctas > 1) {
        k.grid_split_partials = reinterpret_cast<float*>(ws + layout.grid_split_partials);
        k.grid_split_counters = reinterpret_cast<uint32_t*>(ws + layout.grid_split_counters);
      }
      gemm_internal::PreparedWeightArgs prepared;
      gemm_internal::Int8OperandArgs int8;
      // The int8 activations (GemmPlan::int8_accumulation) follow the
      // prequantized operands, a staged copy follows both.
      const Int8ActivationLayout a8 =
          Int8ActivationOffsets(layout.total, static_cast<size_t>(rows), static_cast<size_t>(b.k));
      if (plan->int8_accumulation) {
        int8.a_i8 = ws + a8.a_i8;
        int8.a_row_info = reinterpret_cast<const uint32_t*>(ws + a8.row_info);
        int8.a_row_sumsq = reinterpret_cast<const uint32_t*>(ws + a8.row_sumsq);
        int8.int8_ctas = options.int8_cta_counter;
      }
      if (plan->stages_weight) {
        // The copy into the workspace first (a plain launch: the kernel before
        // may still read the previous call's copy); the quantizer waits for it
        // before it releases the GEMM, whose prologue reads the copy.
        const StagedWeightLayout staged = StagedWeightOffsets(
            plan->int8_accumulation ? a8.total : layout.total, b.n, b.k, plan->int8_accumulation);
        const int32_t n32 = static_cast<int32_t>(b.n), k32 = static_cast<int32_t>(b.k);
        if (plan->int8_accumulation) {
          uint32_t* const row_info = reinterpret_cast<uint32_t*>(ws + staged.scales);
          MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchPrepareWeightInt8(
              b.data, b.scales, n32, k32, k.b_preshuffled != 0, k.b_scales_shuffled16 != 0,
              ws + staged.data, row_info, stream));
          int8.w_data = ws + staged.data;
          int8.w_row_info = row_info;
        } else {
          float* const staged_scales = reinterpret_cast<float*>(ws + staged.scales);
          MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchPrepareWeight(
              b.data, b.scales, n32, k32, k.b_preshuffled != 0, k.b_scales_shuffled16 != 0,
              ws + staged.data, staged_scales, stream));
          prepared = {ws + staged.data, staged_scales};
        }
      } else if (plan->int8_accumulation) {  // the caller's copies
        int8.w_data = b.prepared.data;
        int8.w_row_info = b.prepared.row_info;
      } else if (plan->reads_prepared_weight) {
        prepared = {b.prepared.data, b.prepared.scales};
      }
      MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchGemmQuantThenMma(
          k, *tile, stream, prepared, int8, static_cast<int32_t>(plan->persistent_ctas),
          plan->grid_split_ctas > 1 ? plan->cluster_ctas : 1));
      break;
    }
    default:
      return absl::InternalError("Gemm: planner returned no path");
  }
  return absl::OkStatus();
}

}  // namespace mxfp4::gpu
