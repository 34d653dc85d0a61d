// File: mxfp4/gpu/gemm/prepared_weight.h
//
// Prepared weights (docs/paths.md "Prepared weights"): an opt-in copy of an
// Mxfp4Weight, made once when the weight is loaded, that the warp-specialized
// wgmma tiles of large-M (prefill) calls copy into shared memory as it is
// instead of converting E2M1 to E4M3 in every call. The copy holds ~2.1x the
// weight's bytes (mxfp4/core/prepared_layout.h); the original stays in use
// (every other tile reads it). Results are bit for bit those without it.
//
// Example:
//   ASSIGN_OR_RETURN(PreparedWeightBuffer prepared, PreparedWeightBuffer::Allocate(w.n, w.k));
//   RETURN_IF_ERROR(PrepareWeight(w, prepared, stream));   // once
//   w.prepared = prepared.view();
//   RETURN_IF_ERROR(Gemm(GemmArgs{d_a, M, K, w, d_c}, stream, ws));   // any number of times
//
// Host header (no device code).

#ifndef MXFP4_GPU_GEMM_PREPARED_WEIGHT_H_
#define MXFP4_GPU_GEMM_PREPARED_WEIGHT_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

// PreparedWeightBuffer: library-owned device memory for one weight's
// prepared copy (PreparedDataBytes(n, k) + PreparedScaleBytes(n, k)).
class PreparedWeightBuffer {
 public:
  PreparedWeightBuffer() = default;
  // InvalidArgument for a shape Gemm() refuses (n, k <= 0, k % 32).
  static absl::StatusOr<PreparedWeightBuffer> Allocate(int64_t n, int64_t k);
  int64_t n() const { return n_; }
  int64_t k() const { return k_; }
  uint8_t* data() const { return data_.as<uint8_t>(); }
  float* scales() const { return scales_.as<float>(); }
  // What Mxfp4Weight::prepared takes.
  PreparedWeight view() const;

 private:
  DeviceBuffer data_;
  DeviceBuffer scales_;
  int64_t n_ = 0;
  int64_t k_ = 0;
};

// PrepareWeight()
// Enqueues on `stream` the kernel that writes `weight`'s prepared copy
// (from its data and scales in any layout Gemm() accepts; weight.prepared
// is ignored) into `out`, which must have been allocated for (weight.n,
// weight.k). InvalidArgument for a weight ValidateWeight() refuses or a
// buffer of another shape; Unavailable without a GPU build. A Gemm() on the
// same stream after it sees the finished copy.
absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightBuffer& out,
                           hipStream_t stream);

// PreparedWeightOutput: caller-owned device memory for a prepared copy, as
// Mxfp4Weight::prepared will take it (16-byte aligned; data_bytes =
// PreparedDataBytes(n, k), scale_bytes = PreparedScaleBytes(n, k), from
// mxfp4/core/prepared_layout.h).
struct PreparedWeightOutput {
  uint8_t* data = nullptr;
  float* scales = nullptr;
  int64_t data_bytes = 0;
  int64_t scale_bytes = 0;
  PreparedWeight view() const { return PreparedWeight{data, scales, data_bytes, scale_bytes}; }
};

// PrepareWeight() into caller-owned memory: as above; InvalidArgument also for
// null, misaligned or wrongly sized output buffers.
absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightOutput& out,
                           hipStream_t stream);

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_GEMM_PREPARED_WEIGHT_H_
