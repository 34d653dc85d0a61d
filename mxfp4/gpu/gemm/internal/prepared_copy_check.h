// File: mxfp4/gpu/gemm/internal/prepared_copy_check.h
//
// The one check of a prepared weight copy's pointers and sizes against the
// weight's shape (either format), shared by Gemm() (the copy it will read)
// and PrepareWeight() (the copy it will write), so that the two cannot
// disagree; `caller` starts each message ("Gemm", "PrepareWeight").
// Host only; defined in prepared_weight.cc.

#ifndef MXFP4_GPU_GEMM_INTERNAL_PREPARED_COPY_CHECK_H_
#define MXFP4_GPU_GEMM_INTERNAL_PREPARED_COPY_CHECK_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"

namespace mxfp4::gpu::gemm_internal {

// OK for no copy (!copy.present()); else the copy must be a complete copy of
// its format for a weight of shape (n, k), 16-byte aligned.
absl::Status ValidatePreparedCopy(const PreparedWeight& copy, int64_t n, int64_t k,
                                  absl::string_view caller);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_PREPARED_COPY_CHECK_H_
