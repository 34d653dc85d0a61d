// File: mxfp4/gpu/gemm/internal/weight_checks.h
//
// The checks of an Mxfp4Weight that Gemm() and PlanGemm() make before they
// plan or launch (gemm.h ValidateWeight): shape and layouts first (planning
// needs no buffers), then the buffers' sizes, pointers and prepared copy.
// Host only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WEIGHT_CHECKS_H_
#define MXFP4_GPU_GEMM_INTERNAL_WEIGHT_CHECKS_H_

#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "mxfp4/gpu/gemm/gemm.h"

namespace mxfp4::gpu::gemm_internal {

// The largest M, N or K the paths index with 32-bit integers.
inline constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

inline bool IsAligned(const void* p, uintptr_t alignment) {
  return reinterpret_cast<uintptr_t>(p) % alignment == 0;
}

// InvalidArgument unless N, K > 0, K % 32 == 0, both fit int32, and the
// layouts are ones the paths read (preshuffled16x16 with N % 16 == 0 and
// K % 64 == 0; scales natural or shuffled16).
absl::Status ValidateWeightShape(const Mxfp4Weight& b);

// For a weight whose shape and layouts ValidateWeightShape accepted:
// InvalidArgument unless the byte counts match the shape, the pointers are
// non-null (data 16-byte aligned), and a prepared copy, if any, is whole.
absl::Status ValidateWeightBuffers(const Mxfp4Weight& b);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WEIGHT_CHECKS_H_
