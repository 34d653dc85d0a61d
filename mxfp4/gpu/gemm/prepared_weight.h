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
// Formats (PreparedFormat, gemm.h): kShiftedE4m3 (the default above) or
// kInt8, the int8 image with one uint16 summary per row and no scales, for
// integer accumulation (int8_image.h; docs/paths.md "Prepared weights"):
//   PreparedWeightBuffer::Allocate(w.n, w.k, PreparedFormat::kInt8)
//
// Host header (no device code).

#ifndef MXFP4_GPU_GEMM_PREPARED_WEIGHT_H_
#define MXFP4_GPU_GEMM_PREPARED_WEIGHT_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

// PreparedWeightBuffer: library-owned device memory for one weight's
// prepared copy: PreparedDataBytes(n, k) bytes of data plus, for
// kShiftedE4m3, PreparedScaleBytes(n, k) of scales or, for kInt8,
// PreparedInt8RowInfoBytes(n) of row summaries.
class PreparedWeightBuffer {
 public:
  PreparedWeightBuffer() = default;
  // InvalidArgument for a shape Gemm() refuses (n, k <= 0, k % 32) or an
  // unknown format.
  static absl::StatusOr<PreparedWeightBuffer> Allocate(
      int64_t n, int64_t k, PreparedFormat format = PreparedFormat::kShiftedE4m3);
  int64_t n() const { return n_; }
  int64_t k() const { return k_; }
  PreparedFormat format() const { return format_; }
  uint8_t* data() const { return data_.as<uint8_t>(); }
  float* scales() const { return scales_.as<float>(); }            // null for kInt8
  uint32_t* row_info() const { return row_info_.as<uint32_t>(); }  // null for kShiftedE4m3
  // What Mxfp4Weight::prepared takes.
  PreparedWeight view() const;

 private:
  DeviceBuffer data_;
  DeviceBuffer scales_;
  DeviceBuffer row_info_;
  int64_t n_ = 0;
  int64_t k_ = 0;
  PreparedFormat format_ = PreparedFormat::kShiftedE4m3;
};

// PreparedWeightForPlanning()
// A PreparedWeight of shape (n, k) in `format` with the sizes a
// PreparedWeightBuffer's view() has, whose pointers are placeholders in host
// memory: what PlanGemm() and GemmWorkspaceSize() need to plan for a caller's
// copy without device memory (`mxfp4 plan --prepared`, plan_snapshot). Never
// for Gemm(): its kernels would read the placeholders.
PreparedWeight PreparedWeightForPlanning(int64_t n, int64_t k, PreparedFormat format);

// PrepareWeight()
// Enqueues on `stream` the kernel that writes `weight`'s prepared copy
// (from its data and scales in any layout Gemm() accepts; weight.prepared
// is ignored) into `out`, in out's format, which must have been allocated
// for (weight.n, weight.k). InvalidArgument for a weight ValidateWeight()
// refuses or a buffer of another shape; Unavailable without a GPU build. A
// Gemm() on the same stream after it sees the finished copy.
absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightBuffer& out,
                           hipStream_t stream);

// PreparedWeightOutput: caller-owned device memory for a prepared copy, as
// Mxfp4Weight::prepared will take it (every buffer 16-byte aligned; data_bytes
// = PreparedDataBytes(n, k), from mxfp4/core/prepared_layout.h). kShiftedE4m3:
// scale_bytes = PreparedScaleBytes(n, k), row_info null / 0 bytes. kInt8:
// scales null / 0 bytes, row_info_bytes = PreparedInt8RowInfoBytes(n)
// (int8_image.h).
struct PreparedWeightOutput {
  uint8_t* data = nullptr;
  float* scales = nullptr;
  int64_t data_bytes = 0;
  int64_t scale_bytes = 0;
  PreparedFormat format = PreparedFormat::kShiftedE4m3;
  uint32_t* row_info = nullptr;
  int64_t row_info_bytes = 0;
  PreparedWeight view() const {
    return PreparedWeight{data, scales, data_bytes, scale_bytes, format, row_info, row_info_bytes};
  }
};

// PrepareWeight() into caller-owned memory: as above, in out.format;
// InvalidArgument also for null, misaligned or wrongly sized output buffers,
// a buffer the format does not have (scales for kInt8, row_info for
// kShiftedE4m3) or an unknown format, all before any launch.
absl::Status PrepareWeight(const Mxfp4Weight& weight, const PreparedWeightOutput& out,
                           hipStream_t stream);

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_GEMM_PREPARED_WEIGHT_H_
