// File: mxfp4/gpu/gemm/plan_snapshot.cc
//
// Prints PlanGemm's plan (and GemmWorkspaceSize) over a fixed grid of
// shapes, layouts and options, one line each: M over 38 values, N over 23, K
// over 20, both weight layouts; staging never / always / int8, cold weights,
// the persistent grid off, a grid split, every forced path x split_k, a
// caller's E4M3 and int8 copy; then every forced tile on a smaller grid.
// Host only (no GPU; the build without nvcc is enough).
// Why: the dispatch rules (internal/dispatch_rules.cc) are retuned often;
// tools/plan_diff.sh diffs this output between two revisions, which shows
// exactly which plans a rule change moves (session 54 split the planner out
// of gemm.cc and found every plan unchanged this way).

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"

namespace mxfp4::gpu {
namespace {

void PrintPlan(const char* tag, int64_t m, const Mxfp4Weight& b, const GemmOptions& o) {
  const absl::StatusOr<GemmPlan> plan = PlanGemm(m, b, o);
  const absl::StatusOr<size_t> ws = GemmWorkspaceSize(m, b, o);
  std::string splits;
  if (plan.ok()) {
    for (int64_t s : plan->split_boundaries) splits += " " + std::to_string(s);
  }
  std::printf("%s %lldx%lldx%lld: %s | ws %s |%s\n", tag, static_cast<long long>(m),
              static_cast<long long>(b.n), static_cast<long long>(b.k),
              plan.ok() ? plan->ToString().c_str() : std::string(plan.status().message()).c_str(),
              ws.ok() ? std::to_string(*ws).c_str() : "error", splits.c_str());
}

Mxfp4Weight Weight(int64_t n, int64_t k, bool preshuffled) {
  Mxfp4Weight b;
  b.n = n;
  b.k = k;
  b.data_layout = preshuffled ? DataLayout::kPreshuffled16x16 : DataLayout::kNatural;
  b.scale_layout = preshuffled ? ScaleLayout::kShuffled16 : ScaleLayout::kNatural;
  return b;
}

Mxfp4Weight WithCopy(Mxfp4Weight b, PreparedFormat format) {
  b.prepared = PreparedWeightForPlanning(b.n, b.k, format);
  return b;
}

void PrintAll() {
  const std::vector<int64_t> ms = {0,    1,    2,    3,    4,    5,    8,    9,    12,  15,
                                   16,   17,   24,   31,   32,   33,   48,   63,   64,  65,
                                   96,   128,  129,  192,  255,  256,  257,  384,  512, 768,
                                   1000, 1024, 1536, 2048, 3072, 4096, 8192, 16384};
  const std::vector<int64_t> ns = {16,   32,   48,   64,   128,  256,  512,  544,
                                   1024, 1056, 1088, 1280, 1408, 1536, 2048, 2112,
                                   2880, 3072, 4096, 5120, 7168, 8192, 16384};
  const std::vector<int64_t> ks = {32,   64,   96,   256,  416,  480,  512,  544,   1024,  1536,
                                   2048, 3072, 3584, 4096, 6144, 7168, 8192, 16384, 22016, 53248};
  for (int64_t n : ns) {
    for (int64_t k : ks) {
      for (bool preshuffled : {false, true}) {
        const Mxfp4Weight b = Weight(n, k, preshuffled);
        for (int64_t m : ms) {
          const GemmOptions o;
          PrintPlan(preshuffled ? "auto/preshuffled" : "auto", m, b, o);
          if (preshuffled) continue;
          GemmOptions x = o;
          x.weight_staging = WeightStaging::kNever;
          PrintPlan("staging_never", m, b, x);
          x = o;
          x.weight_staging = WeightStaging::kAlways;
          PrintPlan("staging_always", m, b, x);
          x = o;
          x.staging_format = StagingFormat::kInt8;
          PrintPlan("staging_int8", m, b, x);
          x.weight_staging = WeightStaging::kAlways;
          PrintPlan("staging_int8_always", m, b, x);
          x = o;
          x.cold_weights = true;
          PrintPlan("cold_weights", m, b, x);
          x = o;
          x.persistent_grid = false;
          PrintPlan("one_tile_grid", m, b, x);
          x = o;
          x.grid_split_k = 2;
          PrintPlan("grid_split_2", m, b, x);
          for (GemmPath p :
               {GemmPath::kFusedQuant, GemmPath::kSplitKSmallM, GemmPath::kQuantThenMma}) {
            for (int s : {0, 1, 2, 4}) {
              x = o;
              x.path = p;
              x.split_k = s;
              PrintPlan((std::string(GemmPathName(p)) + "/split_" + std::to_string(s)).c_str(), m,
                        b, x);
            }
          }
          PrintPlan("copy_e4m3", m, WithCopy(b, PreparedFormat::kShiftedE4m3), o);
          x = o;
          x.persistent_grid = false;
          PrintPlan("copy_e4m3/one_tile_grid", m, WithCopy(b, PreparedFormat::kShiftedE4m3), x);
          PrintPlan("copy_int8", m, WithCopy(b, PreparedFormat::kInt8), o);
        }
      }
    }
  }
  // Every forced tile on a smaller grid.
  for (GemmPath p : {GemmPath::kFusedQuant, GemmPath::kSplitKSmallM, GemmPath::kQuantThenMma}) {
    for (const std::string& tile : GemmPathTileNames(p)) {
      for (int64_t m : {1, 8, 16, 32, 64, 256, 4096}) {
        for (int64_t n : {64, 2880, 4096}) {
          for (int64_t k : {512, 2048, 7168}) {
            for (int s : {0, 1, 2}) {
              for (bool copy : {false, true}) {
                Mxfp4Weight b = Weight(n, k, /*preshuffled=*/false);
                if (copy) b = WithCopy(b, PreparedFormat::kShiftedE4m3);
                GemmOptions x;
                x.path = p;
                x.tile = tile;
                x.split_k = s;
                PrintPlan(("tile/" + tile + (copy ? "/copy" : "")).c_str(), m, b, x);
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace mxfp4::gpu

int main() {
  mxfp4::gpu::PrintAll();
  return 0;
}
