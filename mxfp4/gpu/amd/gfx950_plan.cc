// File: mxfp4/gpu/amd/gfx950_plan.cc
//
// Path choice, split count, workspace layout and launch lists for the gfx950
// GEMM (see gfx950_plan.h; spec: shared/spec/workload.md).

#include "mxfp4/gpu/amd/gfx950_plan.h"

#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"

namespace mxfp4::gfx950 {
namespace {

constexpr int64_t kWorkspaceAlign = 256;
constexpr int kMaxAutoSplits = 8;
constexpr int kMaxForcedSplits = 64;

constexpr int64_t AlignUp(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

int64_t AqBytes(const Gfx950GemmShape& s) { return s.m * (s.k / 2); }

int64_t AScaleBytes(const Gfx950GemmShape& s) {
  return (s.m + 255) / 256 * 256 * ((s.k / kBlockK + 7) / 8 * 8);
}

}  // namespace

const char* Gfx950PathName(Gfx950Path path) {
  switch (path) {
    case Gfx950Path::kFusedQuantK512:
      return "fused_quant_k512";
    case Gfx950Path::kSplitKSmallM:
      return "splitk_small_m";
    case Gfx950Path::kQuantThenGemm:
      return "quant_then_gemm";
  }
  return "unknown";
}

const char* Gfx950KernelSymbol(Gfx950Kernel kernel) {
  switch (kernel) {
    case Gfx950Kernel::kFusedQuantK512M16:
      return kFusedQuantK512M16Kernel;
    case Gfx950Kernel::kFusedQuantK512M32:
      return kFusedQuantK512M32Kernel;
    case Gfx950Kernel::kSplitkSmallMM16:
      return kSplitkSmallMM16Kernel;
    case Gfx950Kernel::kSplitkSmallMM32:
      return kSplitkSmallMM32Kernel;
    case Gfx950Kernel::kSplitkCombine:
      return kSplitkCombineKernel;
    case Gfx950Kernel::kQuantizeRows:
      return kQuantizeRowsKernel;
    case Gfx950Kernel::kGemmPreshuffled:
      return kGemmPreshuffledKernel;
  }
  return "unknown";
}

const char* Gfx950KernelCodeObject(Gfx950Kernel kernel) {
  switch (kernel) {
    case Gfx950Kernel::kFusedQuantK512M16:
    case Gfx950Kernel::kFusedQuantK512M32:
      return "gemm_fused_quant_k512";
    case Gfx950Kernel::kSplitkSmallMM16:
    case Gfx950Kernel::kSplitkSmallMM32:
      return "gemm_splitk_small_m";
    case Gfx950Kernel::kSplitkCombine:
      return "splitk_combine";
    case Gfx950Kernel::kQuantizeRows:
      return "quantize_rows";
    case Gfx950Kernel::kGemmPreshuffled:
      return "gemm_preshuffled";
  }
  return "unknown";
}

Gfx950Path ChooseGfx950Path(const Gfx950GemmShape& shape, const Gfx950PathOptions& options) {
  if (options.force_path) return options.path;
  if (shape.k <= 512) return Gfx950Path::kFusedQuantK512;
  if (shape.m <= 32) return Gfx950Path::kSplitKSmallM;
  return Gfx950Path::kQuantThenGemm;
}

int Gfx950MTiles(int64_t m) { return m <= kMfmaTile ? 1 : 2; }

int Gfx950Splits(const Gfx950GemmShape& shape, const Gfx950PathOptions& options) {
  if (ChooseGfx950Path(shape, options) != Gfx950Path::kSplitKSmallM) return 1;
  if (options.splits > 0) return options.splits;
  const Grid3 tiles = FusedGrid(shape.m, shape.n, Gfx950MTiles(shape.m), 1);
  const int64_t workgroups = static_cast<int64_t>(tiles.x) * tiles.y;
  const int64_t cus = options.num_compute_units > 0 ? options.num_compute_units : 1;
  int64_t splits = (cus + workgroups - 1) / workgroups;
  if (splits > kMaxAutoSplits) splits = kMaxAutoSplits;
  const int64_t pairs = KPairs(shape.k);
  if (splits > pairs) splits = pairs;
  if (splits < 1) splits = 1;
  // Drop splits the even partition would leave empty.
  const int64_t per = PairsPerSplit(pairs, static_cast<int>(splits));
  return static_cast<int>((pairs + per - 1) / per);
}

absl::Status ValidateGfx950Shape(const Gfx950GemmShape& s) {
  if (s.m < 1) return absl::InvalidArgumentError(absl::StrFormat("gfx950 GEMM: M = %d < 1", s.m));
  if (s.n < 16 || s.n % 16 != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "gfx950 GEMM: N = %d must be a positive multiple of 16 (preshuffled B)", s.n));
  }
  if (s.k < 64 || s.k % 64 != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "gfx950 GEMM: K = %d must be a positive multiple of 64 (preshuffled B)", s.k));
  }
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  if (s.m > kMax || s.n > kMax || s.k > kMax || s.m > kMax / s.n || s.m > kMax / s.k ||
      s.n > kMax / s.k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "gfx950 GEMM: (M, N, K) = (%d, %d, %d) exceeds the kernels' 32-bit sizes", s.m, s.n, s.k));
  }
  return absl::OkStatus();
}

int64_t Gfx950AqOffset() { return 0; }

int64_t Gfx950AScalesOffset(const Gfx950GemmShape& shape) {
  return AlignUp(AqBytes(shape), kWorkspaceAlign);
}

int64_t Gfx950WorkspaceBytes(const Gfx950GemmShape& shape, const Gfx950PathOptions& options) {
  if (!ValidateGfx950Shape(shape).ok()) return 0;
  switch (ChooseGfx950Path(shape, options)) {
    case Gfx950Path::kFusedQuantK512:
      return 0;
    case Gfx950Path::kSplitKSmallM:
      return AlignUp(static_cast<int64_t>(Gfx950Splits(shape, options)) * shape.m * shape.n *
                         static_cast<int64_t>(sizeof(float)),
                     kWorkspaceAlign);
    case Gfx950Path::kQuantThenGemm:
      return Gfx950AScalesOffset(shape) + AlignUp(AScaleBytes(shape), kWorkspaceAlign);
  }
  return 0;
}

absl::StatusOr<Gfx950Plan> BuildGfx950GemmPlan(const Gfx950GemmShape& shape,
                                               const Gfx950PathOptions& options,
                                               const Gfx950GemmBuffers& buffers) {
  if (absl::Status s = ValidateGfx950Shape(shape); !s.ok()) return s;
  if (options.splits < 0 || options.splits > kMaxForcedSplits) {
    return absl::InvalidArgumentError(absl::StrFormat("gfx950 GEMM: splits = %d outside [0, %d]",
                                                      options.splits, kMaxForcedSplits));
  }
  if (buffers.a == nullptr || buffers.b_preshuffled == nullptr || buffers.b_scales == nullptr ||
      buffers.c == nullptr) {
    return absl::InvalidArgumentError("gfx950 GEMM: null A, B, B scales or C buffer");
  }
  const int64_t need = Gfx950WorkspaceBytes(shape, options);
  if (need > 0) {
    if (buffers.workspace == nullptr || buffers.workspace_bytes < need) {
      return absl::InvalidArgumentError(
          absl::StrFormat("gfx950 GEMM: workspace of %d bytes is too small, the plan needs %d",
                          buffers.workspace_bytes, need));
    }
    if (reinterpret_cast<uintptr_t>(buffers.workspace) % kWorkspaceAlign != 0) {
      return absl::InvalidArgumentError("gfx950 GEMM: workspace is not 256-byte aligned");
    }
  }

  Gfx950Plan plan;
  plan.path = ChooseGfx950Path(shape, options);
  plan.splits = Gfx950Splits(shape, options);
  const int32_t m = static_cast<int32_t>(shape.m);
  const int32_t n = static_cast<int32_t>(shape.n);
  const int32_t k = static_cast<int32_t>(shape.k);
  const int m_tiles = Gfx950MTiles(shape.m);

  switch (plan.path) {
    case Gfx950Path::kFusedQuantK512:
    case Gfx950Path::kSplitKSmallM: {
      const bool split = plan.path == Gfx950Path::kSplitKSmallM;
      Gfx950Launch& l = plan.launches[plan.num_launches++];
      l.kernel =
          split ? (m_tiles == 1 ? Gfx950Kernel::kSplitkSmallMM16 : Gfx950Kernel::kSplitkSmallMM32)
                : (m_tiles == 1 ? Gfx950Kernel::kFusedQuantK512M16
                                : Gfx950Kernel::kFusedQuantK512M32);
      l.grid = FusedGrid(shape.m, shape.n, m_tiles, plan.splits);
      l.fused = FusedQuantGemmArgs{buffers.a,
                                   buffers.b_preshuffled,
                                   buffers.b_scales,
                                   split ? buffers.workspace : static_cast<void*>(buffers.c),
                                   m,
                                   n,
                                   k,
                                   plan.splits};
      if (split) {
        Gfx950Launch& c = plan.launches[plan.num_launches++];
        c.kernel = Gfx950Kernel::kSplitkCombine;
        c.grid = Grid3{CombineGridX(shape.m * shape.n), 1, 1};
        c.combine = SplitkCombineArgs{static_cast<const float*>(buffers.workspace), buffers.c,
                                      shape.m * shape.n, plan.splits, 0};
      }
      break;
    }
    case Gfx950Path::kQuantThenGemm: {
      uint8_t* ws = static_cast<uint8_t*>(buffers.workspace);
      uint8_t* a_q = ws + Gfx950AqOffset();
      uint8_t* a_scales = ws + Gfx950AScalesOffset(shape);
      Gfx950Launch& q = plan.launches[plan.num_launches++];
      q.kernel = Gfx950Kernel::kQuantizeRows;
      q.grid = Grid3{QuantizeGridX(shape.m, shape.k), 1, 1};
      q.quantize = QuantizeRowsArgs{buffers.a, a_q, a_scales, m, k};
      Gfx950Launch& g = plan.launches[plan.num_launches++];
      g.kernel = Gfx950Kernel::kGemmPreshuffled;
      g.grid = GemmGrid(shape.m, shape.n);
      g.gemm = GemmPreshuffledArgs{
          a_q, a_scales, buffers.b_preshuffled, buffers.b_scales, buffers.c, m, n, k, 0};
      break;
    }
  }
  return plan;
}

}  // namespace mxfp4::gfx950
