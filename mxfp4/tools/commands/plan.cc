// File: mxfp4/tools/commands/plan.cc
//
// `mxfp4 plan`: what the GPU GEMM runs for each shape (user guide:
// docs/cli.md) - its path, tile, K-split cluster, grid, launches and
// workspace (gpu::PlanGemm, the dispatch of docs/paths.md "Dispatch") - and
// the emulator K-split whose block_fma result is bit for bit what that plan
// computes (`mxfp4 gemm --contract=block_fma --k_splits --k_split_group`
// reproduces it where the split is even; mxfp4/emu/accumulation.h for uneven
// ones). Planning is
// host-only: no GPU needed, no data read.

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/plan_k_split.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/shapes.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "plan";

// The library's own path names (gpu::GemmPathName), so the flag and the plan
// lines it prints never disagree.
Choices<gpu::GemmPath> GemmPathChoices() {
  Choices<gpu::GemmPath> choices;
  for (gpu::GemmPath p : {gpu::GemmPath::kAuto, gpu::GemmPath::kFusedQuant,
                          gpu::GemmPath::kSplitKSmallM, gpu::GemmPath::kQuantThenMma}) {
    choices.emplace_back(gpu::GemmPathName(p), p);
  }
  return choices;
}

Choices<gpu::WeightStaging> WeightStagingChoices() {
  return {{"auto", gpu::WeightStaging::kAuto},
          {"never", gpu::WeightStaging::kNever},
          {"always", gpu::WeightStaging::kAlways}};
}

Choices<gpu::StagingFormat> StagingFormatChoices() {
  return {{"e4m3", gpu::StagingFormat::kE4m3}, {"int8", gpu::StagingFormat::kInt8}};
}

// --prepared: whether the planned weight has a caller's prepared copy
// (prepare-b, gpu::PrepareWeight) and in which format.
enum class PreparedCopy { kNone, kE4m3, kInt8 };

Choices<PreparedCopy> PreparedCopyChoices() {
  return {
      {"none", PreparedCopy::kNone}, {"e4m3", PreparedCopy::kE4m3}, {"int8", PreparedCopy::kInt8}};
}

// The weight PlanGemm sees: shapes, layouts and sizes, and a prepared copy
// where `prepared` says so (placeholders, no device memory).
gpu::Mxfp4Weight PlannedWeight(const Shape& s, DataLayout data_layout, ScaleLayout scale_layout,
                               PreparedCopy prepared) {
  gpu::Mxfp4Weight w;
  w.n = s.n;
  w.k = s.k;
  w.data_layout = data_layout;
  w.scale_layout = scale_layout;
  w.data_bytes = s.n * s.k / 2;
  w.scale_bytes = ScaleStorageBytes(scale_layout, s.n, s.k / kBlockSize);
  if (prepared != PreparedCopy::kNone) {
    w.prepared = gpu::PreparedWeightForPlanning(s.n, s.k,
                                                prepared == PreparedCopy::kInt8
                                                    ? gpu::PreparedFormat::kInt8
                                                    : gpu::PreparedFormat::kShiftedE4m3);
  }
  return w;
}

int RunPlan(absl::Span<const std::string> args, const CommandIo& io) {
  std::string shapes_text = "contest";
  DataLayout b_layout = DataLayout::kPreshuffled16x16;
  ScaleLayout b_scale_layout = ScaleLayout::kShuffled16;
  gpu::GemmOptions options;
  int64_t split_k = 0;
  int64_t grid_split_k = 0;
  PreparedCopy prepared = PreparedCopy::kNone;
  FlagSet flags(kName,
                "Prints what the GPU GEMM runs for each shape - path, tile, K-split cluster,\n"
                "CTAs, launches, workspace - and the emulator K-split that computes the same\n"
                "bits (block_fma contract). Host only: no GPU, no data.",
                "A plan line per shape, then its emulator K-split ('none' or the boundaries of\n"
                "the splits in 32-element blocks). Plans are those of a weight without a\n"
                "prepared copy unless --prepared says otherwise; with --weight_staging=auto\n"
                "large M stages one.");
  flags.AddString("shapes", &shapes_text,
                  "Comma-separated MxNxK shapes; 'contest' = the six benchmark shapes.");
  flags.AddEnum("b_layout", &b_layout, DataLayoutChoices(),
                "B data: preshuffled (the original system's, N % 16 == 0, K % 64 == 0) or\n"
                "natural.");
  flags.AddEnum("b_scale_layout", &b_scale_layout, ScaleLayoutChoices(),
                "B scales: shuffled16 (the original system's) or natural (the GPU GEMM\n"
                "refuses shuffled32).");
  flags.AddEnum("path", &options.path, GemmPathChoices(),
                "Force a path (auto: by shape, as Gemm() does).");
  flags.AddString("tile", &options.tile, "Force a tile by name (gemm_paths.cc lists them).");
  flags.AddInt64("split_k", &split_k, "Force the K-split cluster (1..8; 0: by shape).");
  flags.AddInt64("grid_split_k", &grid_split_k,
                 "Force the K-split over independent CTAs (1..8; 0: by shape; the k4 ring\n"
                 "tile at M <= 32 only), or with --split_k=3..8 over that many clusters\n"
                 "(the k4 ring tile at M > 32).");
  flags.AddEnum("weight_staging", &options.weight_staging, WeightStagingChoices(),
                "Staging of a prepared weight copy in the workspace (large M).");
  flags.AddEnum("staging_format", &options.staging_format, StagingFormatChoices(),
                "The staged copy: e4m3 (default; the same speed whatever the data) or int8\n"
                "(integer accumulation where the rows allow it: faster at large M on data\n"
                "with small per-row scale spreads, slower where they fail).");
  flags.AddBool("cold_weights", &options.cold_weights,
                "GemmOptions::cold_weights: the weight is probably not in L2; plans that gain\n"
                "from it say prefetch_weight (the 64x64 k2 ring tile, M > 32).");
  flags.AddEnum("prepared", &prepared, PreparedCopyChoices(),
                "Plan for a weight with a caller's prepared copy (prepare-b, PrepareWeight):\n"
                "e4m3 or int8 (integer accumulation where the plan's tile has an integer\n"
                "form); none (default) plans the packed weight alone.");
  flags.AddBool("persistent_grid", &options.persistent_grid,
                "GemmOptions::persistent_grid (default true): prefill plans beyond one wave\n"
                "run the persistent kernel; false keeps one CTA per output tile.");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
  // The forced split counts: a K-split cluster, or independent CTAs.
  for (const auto& [flag, value, field] :
       {std::tuple{"--split_k", split_k, &options.split_k},
        std::tuple{"--grid_split_k", grid_split_k, &options.grid_split_k}}) {
    if (value < 0 || value > 8) {
      return ReportError(kName,
                         absl::InvalidArgumentError(absl::StrFormat(
                             "%s: expected 0 (by shape) or 1..8, found %d", flag, value)),
                         io);
    }
    *field = static_cast<int>(value);
  }
  absl::StatusOr<std::vector<Shape>> shapes = ParseShapes(shapes_text);
  if (!shapes.ok()) return ReportError(kName, shapes.status(), io);

  int exit_code = kExitOk;
  for (const Shape& s : *shapes) {
    if (s.k % kBlockSize != 0) {
      exit_code = ReportError(
          kName,
          absl::InvalidArgumentError(absl::StrFormat(
              "%s: K must be a multiple of %d (one scale per block)", s.ToString(), kBlockSize)),
          io);
      continue;
    }
    absl::StatusOr<gpu::GemmPlan> plan =
        gpu::PlanGemm(s.m, PlannedWeight(s, b_layout, b_scale_layout, prepared), options);
    if (!plan.ok()) {
      exit_code = ReportError(
          kName, absl::InvalidArgumentError(absl::StrCat(s.ToString(), ": ", plan.status().message())),
          io);
      continue;
    }
    io.out << s.ToString() << ": " << plan->ToString() << "\n"
           << "  emulator: contract block_fma, k-split "
           << gpu::PlanKSplit(*plan).ToString(s.k / kBlockSize) << "\n";
  }
  return exit_code;
}

}  // namespace

const Command& PlanCommand() {
  static const Command command = {
      kName, "the GPU GEMM's plan of shapes (path, tile, K-split) and its emulator K-split",
      &RunPlan};
  return command;
}

}  // namespace mxfp4::cli
