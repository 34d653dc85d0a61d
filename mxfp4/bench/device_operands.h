// File: mxfp4/bench/device_operands.h
//
// Device buffers for one benchmarked shape, filled once with seeded values
// of the right kind: bf16 A (and bf16 B for the unquantized baselines) near
// standard normal like the contest's inputs (shared/spec/workload.md), e4m3
// A/B for the FP8 baseline, random packed E2M1 bytes and E8M0 scales near 1
// (natural and shuffled16 layouts, padding 0) for the MXFP4 weight. Timing
// does not depend on the values beyond "finite, no NaN", which all of these are.
//
// Filling is fast for the large sweep shapes: a 64 KiB seeded pattern is
// copied to the device and doubled in place with device copies.

#ifndef MXFP4_BENCH_DEVICE_OPERANDS_H_
#define MXFP4_BENCH_DEVICE_OPERANDS_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/bench/problem.h"
#include "mxfp4/bench/vendor_gemm.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::bench {

// Seeded host patterns (exposed for tests).
// Bf16NormalPattern(): `count` bf16 bit patterns of ~N(0, 1) values.
std::vector<uint16_t> Bf16NormalPattern(int64_t count, uint64_t seed);
// E4m3Pattern(): `count` finite e4m3 bytes with |x| in [2^-3, 2^3).
std::vector<uint8_t> E4m3Pattern(int64_t count, uint64_t seed);
// E8m0ScalePattern(): `count` scale bytes in [124, 130] (2^-3 .. 2^3).
std::vector<uint8_t> E8m0ScalePattern(int64_t count, uint64_t seed);

// FillDeviceWithPattern()
// Writes `bytes` bytes at `d_dst` as the pattern repeated (synchronously).
absl::Status FillDeviceWithPattern(void* d_dst, int64_t bytes, const void* pattern,
                                   int64_t pattern_bytes);

// Which operand groups a shape needs (allocate only what the rows use).
struct OperandNeeds {
  bool mxfp4 = false;     // bf16 A, MXFP4 B (both layouts), bf16/fp32 C
  bool bf16 = false;      // bf16 A, bf16 B, bf16 C
  bool fp8 = false;       // e4m3 A, e4m3 B, fp32 scales, bf16 C
  bool copy = false;      // two buffers of Mxfp4CallBytes
  bool quantize = false;  // A quantized: packed data + shuffled16 scales
};

class ShapeOperands {
 public:
  static absl::StatusOr<std::unique_ptr<ShapeOperands>> Create(const GemmShape& shape,
                                                               const OperandNeeds& needs,
                                                               uint64_t seed);
  const GemmShape& shape() const { return shape_; }

  // bf16 (m, k); present when mxfp4 or bf16 was needed.
  const uint16_t* a_bf16() const { return a_bf16_.as<uint16_t>(); }
  // (m, n) output, 4 bytes per element (fits bf16 and fp32 outputs).
  void* c() const { return c_.get(); }
  // MXFP4 weight: packed bytes (valid as natural or preshuffled16x16 data:
  // random bytes are a preshuffle of other random bytes) and E8M0 scales.
  const uint8_t* b_packed() const { return b_packed_.as<uint8_t>(); }
  int64_t b_packed_bytes() const { return static_cast<int64_t>(b_packed_.size()); }
  const uint8_t* b_scales_natural() const { return b_scales_natural_.as<uint8_t>(); }
  int64_t b_scales_natural_bytes() const { return static_cast<int64_t>(b_scales_natural_.size()); }
  const uint8_t* b_scales_shuffled16() const { return b_scales_shuffled16_.as<uint8_t>(); }
  int64_t b_scales_shuffled16_bytes() const {
    return static_cast<int64_t>(b_scales_shuffled16_.size());
  }
  const uint16_t* b_bf16() const { return b_bf16_.as<uint16_t>(); }
  const uint8_t* a_e4m3() const { return a_e4m3_.as<uint8_t>(); }
  const uint8_t* b_e4m3() const { return b_e4m3_.as<uint8_t>(); }
  // Per-tensor FP8 scales (1.0), each on its own 256-byte boundary: cuBLASLt
  // rejects a scale pointer that is only 4-byte aligned.
  const float* fp8_a_scale() const { return fp8_scales_.as<float>(); }
  const float* fp8_b_scale() const { return fp8_scales_.as<float>() + kFp8ScaleStride; }
  static constexpr int kFp8ScaleStride = 64;  // floats
  void* copy_src() const { return copy_src_.get(); }
  void* copy_dst() const { return copy_dst_.get(); }
  int64_t copy_bytes() const { return static_cast<int64_t>(copy_src_.size()); }
  uint8_t* a_quant_data() const { return a_quant_data_.as<uint8_t>(); }
  uint8_t* a_quant_scales() const { return a_quant_scales_.as<uint8_t>(); }

 private:
  explicit ShapeOperands(const GemmShape& shape) : shape_(shape) {}
  GemmShape shape_;
  gpu::DeviceBuffer a_bf16_, c_, b_packed_, b_scales_natural_, b_scales_shuffled16_, b_bf16_,
      a_e4m3_, b_e4m3_, fp8_scales_, copy_src_, copy_dst_, a_quant_data_, a_quant_scales_;
};

// VendorGemmArgsFor()
// The arguments of a vendor GEMM of `kind` on `ops`: bf16 A/B, or e4m3 A/B with
// their per-tensor scales for the FP8 kinds; C and the caller's workspace.
VendorGemmArgs VendorGemmArgsFor(VendorGemmKind kind, const ShapeOperands& ops, void* workspace,
                                 size_t workspace_bytes);

}  // namespace mxfp4::bench

#endif  // MXFP4_BENCH_DEVICE_OPERANDS_H_
