// File: mxfp4/gpu/gemm/internal/prepared_image.h
//
// The prepared weight image (mxfp4/core/prepared_layout.h; docs/paths.md
// "Prepared weights") as the device code addresses it: the producer of the
// warp-specialized ring tiles (wgmma_ring_ws_gemm_body.h) copies a K-block
// of 64 weight rows as kPreparedBlockBytes contiguous bytes of shifted E4M3
// (their shared-memory image) plus kPreparedBlockScaleFloats fp32 scales;
// PrepareWeightKernel (prepare_weight_kernel.cu.cc) writes it. The host
// definition in mxfp4/core is the reference the GPU test compares against.

#ifndef MXFP4_GPU_GEMM_INTERNAL_PREPARED_IMAGE_H_
#define MXFP4_GPU_GEMM_INTERNAL_PREPARED_IMAGE_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

inline constexpr int kPreparedGroupRows = 64;
inline constexpr uint32_t kPreparedBlockBytes = 64u * 32u;
inline constexpr uint32_t kPreparedBlockScaleFloats = 64u;

// The prepared copy as the GEMM kernel that reads it takes it: a second
// kernel parameter next to GemmKernelArgs (whose layout, and so every other
// kernel's code, stays as it was).
struct PreparedWeightArgs {
  const uint8_t* data = nullptr;
  const float* scales = nullptr;
};

// The operands of the integer-accumulation ws kernels (int8_accumulation.h;
// wgmma_ring_ws_int8_body.h), a kernel parameter next to GemmKernelArgs: the
// weight's int8 prepared image (PreparedFormat::kInt8: the E4M3 image's
// geometry, one uint32 row summary a row) and the quantizer's int8
// activations (a_ops' layout) with their row summaries.
struct Int8OperandArgs {
  const uint8_t* w_data = nullptr;
  const uint32_t* w_row_info = nullptr;
  const uint8_t* a_i8 = nullptr;
  const uint32_t* a_row_info = nullptr;
  const uint32_t* a_row_sumsq = nullptr;  // the activation rows' sums of squares (norms squared)
  // Diagnostics (GemmOptions::int8_cta_counter; null in production): each
  // CTA that accumulates in integers adds 1.
  uint32_t* int8_ctas = nullptr;
  bool present() const { return w_data != nullptr; }
};

// Index of weight row r (0..63 of a 64-row group) in a block's scale array:
// rows r and r + 8 of each 16-row group adjacent, so a consumer lane of the
// ws tiles reads its rows gid / gid + 8 with one 8-byte load.
MXFP4_HOST_DEVICE inline int RingWsScaleIndex(int r) {
  return (r & ~15) + 2 * (r & 7) + ((r >> 3) & 1);
}

// Byte offset of row r's first 16 bytes (elements 8t, 8t+2, 8t+4, 8t+6 at
// bytes 4t) in its group's block; the second 16 (the odd elements) are
// 128 bytes further: the no-swizzle K-major core-matrix order of the wgmma.
MXFP4_HOST_DEVICE inline uint32_t PreparedRowOffset(int r) {
  return static_cast<uint32_t>(r >> 3) * 256u + static_cast<uint32_t>(r & 7) * 16u;
}

// Index of (64-row group, K-block) among the image's blocks.
MXFP4_HOST_DEVICE inline int64_t PreparedBlockIndex(int group, int g, int blocks) {
  return static_cast<int64_t>(group) * blocks + g;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_PREPARED_IMAGE_H_
