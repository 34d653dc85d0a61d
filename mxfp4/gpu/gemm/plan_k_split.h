// File: mxfp4/gpu/gemm/plan_k_split.h
//
// PlanKSplit(): the emulator's K-split (mxfp4/emu/accumulation.h) whose
// block_fma result is, bit for bit, what a GemmPlan computes: its split
// boundaries, its runs of splits summed first (GemmPlan::split_group) and
// its runs of runs summed next (GemmPlan::split_outer_group).
// The one place that builds it, so that the GPU tests, `mxfp4 plan`, `mxfp4
// gemm` and `mxfp4 run` cannot disagree on the contract. Host only.
//
//   absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(m, weight);
//   GemmOptions contract;                       // mxfp4/emu/reference_gemm.h
//   contract.k_split = gpu::PlanKSplit(*plan);

#ifndef MXFP4_GPU_GEMM_PLAN_K_SPLIT_H_
#define MXFP4_GPU_GEMM_PLAN_K_SPLIT_H_

#include "mxfp4/emu/accumulation.h"
#include "mxfp4/gpu/gemm/gemm.h"

namespace mxfp4::gpu {

inline KSplit PlanKSplit(const GemmPlan& plan) {
  KSplit split = KSplit::FromBoundaries(plan.split_boundaries);
  split.group = plan.split_group;
  split.outer_group = plan.split_outer_group;
  return split;
}

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_GEMM_PLAN_K_SPLIT_H_
