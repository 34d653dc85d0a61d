// File: mxfp4/gpu/quantize/quantize.h
//
// bf16 (M, K) -> MXFP4 on the GPU, bit-exact with the CPU emulator
// (mxfp4/emu/quantize.h; spec: shared/spec/mxfp4-semantics.md §2 arithmetic,
// §3 layouts). One kernel launch, one pass over the input: each 32-element
// block is loaded with 16-byte loads, its scale chosen by the named rule
// (EVEN default, OCP FLOOR, RCEIL), its 16 packed bytes written with one
// 16-byte store, and the scale written straight into the requested layout
// (natural, shuffled16 or shuffled32; padding bytes of the shuffled layouts
// are written as 0). Every byte of both output buffers is written.
//
// Caller-provided device buffers, no allocation, no host synchronization:
// capture it in a graph or run it on any stream.
//
// Example:
//   absl::StatusOr<QuantizeBufferSizes> sizes = QuantizeBufferSizesFor(m, k, ScaleLayout::kShuffled16);
//   ... hipMalloc d_data (sizes->data_bytes) and d_scales (sizes->scale_bytes) once ...
//   QuantizeOptions options;
//   options.scale_layout = ScaleLayout::kShuffled16;
//   MXFP4_GPU_RETURN_IF_ERROR(QuantizeBf16OnGpu(d_x, m, k, options, d_data, d_scales, stream));

#ifndef MXFP4_GPU_QUANTIZE_QUANTIZE_H_
#define MXFP4_GPU_QUANTIZE_QUANTIZE_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

// Bytes of the two output buffers of an (m, k) quantization.
struct QuantizeBufferSizes {
  int64_t data_bytes = 0;   // m * k / 2: packed E2M1, (m, k/2) row-major
  int64_t scale_bytes = 0;  // ScaleStorageBytes(layout, m, k / 32), padding included
};

// QuantizeBufferSizesFor()
// Sizes for (m, k) with scales in `layout`; InvalidArgument for m < 1, k < 1,
// k % 32 != 0, an unknown layout or sizes that overflow int64.
// Example: QuantizeBufferSizesFor(4, 512, ScaleLayout::kShuffled16)
//          -> {data_bytes = 1024, scale_bytes = 256 * 16 = 4096}
absl::StatusOr<QuantizeBufferSizes> QuantizeBufferSizesFor(int64_t m, int64_t k,
                                                           ScaleLayout layout);

// How a kernel computes the E2M1 codes; every variant gives the same bits
// (the tests check each one against the emulator). One list, expanded into
// the enum, names, tests and benchmarks (add a variant = add a line).
//   kBf16x2Packed:      two elements per instruction: q = |x| * 2^(127-S) with
//                       mul.rn.bf16x2 (exact), codes by 16x2 integer min/max
//                       (sm_90); threads walk blocks in memory order, shuffled
//                       scales are written as scattered bytes. Default.
//   kBf16x2PackedTiled: the same codes; shuffled scales assembled per 32x8 tile
//                       in shared memory and written with 16-byte stores.
//   kFp32Scalar:        one element at a time in fp32 (the emulator's
//                       formulation), memory-order threads.
#define MXFP4_GPU_QUANTIZE_VARIANTS(X)          \
  X(kBf16x2Packed, "bf16x2_packed")             \
  X(kBf16x2PackedTiled, "bf16x2_packed_tiled")  \
  X(kFp32Scalar, "fp32_scalar")

enum class QuantizeKernelVariant : int {
#define MXFP4_GPU_QUANTIZE_VARIANT_ENUM(name, str) name,
  MXFP4_GPU_QUANTIZE_VARIANTS(MXFP4_GPU_QUANTIZE_VARIANT_ENUM)
#undef MXFP4_GPU_QUANTIZE_VARIANT_ENUM
};

inline constexpr QuantizeKernelVariant kDefaultQuantizeKernelVariant =
    QuantizeKernelVariant::kBf16x2Packed;

// QuantizeKernelVariantName(): "bf16x2_packed", "fp32_scalar".
const char* QuantizeKernelVariantName(QuantizeKernelVariant variant);

// All variants, in list order (for tests and benchmarks).
inline constexpr QuantizeKernelVariant kAllQuantizeKernelVariants[] = {
#define MXFP4_GPU_QUANTIZE_VARIANT_VALUE(name, str) QuantizeKernelVariant::name,
    MXFP4_GPU_QUANTIZE_VARIANTS(MXFP4_GPU_QUANTIZE_VARIANT_VALUE)
#undef MXFP4_GPU_QUANTIZE_VARIANT_VALUE
};

// Byte alignment required of d_x and d_data, and of d_scales in the shuffled
// layouts (hipMalloc gives 256).
inline constexpr int64_t kQuantizeBufferAlignment = 16;

// QuantizeBf16OnGpu()
// Quantizes the row-major bf16 matrix d_x (m, k) into d_data (QuantizeBufferSizes
// ::data_bytes) and d_scales (::scale_bytes), asynchronously on `stream`.
// Uses options.rule and options.scale_layout; options.num_threads is a CPU
// setting and is ignored. Returns InvalidArgument for bad shapes, null or
// misaligned pointers, or unknown enum values (before launching anything);
// Unavailable without a GPU ("built without GPU support" in a stub build);
// the launch error otherwise. Kernel faults surface at the next synchronization.
absl::Status QuantizeBf16OnGpu(const uint16_t* d_x, int64_t m, int64_t k,
                               const QuantizeOptions& options, uint8_t* d_data,
                               uint8_t* d_scales, hipStream_t stream);

// Same, with an explicit kernel variant (tests, benchmarks).
absl::Status QuantizeBf16OnGpu(const uint16_t* d_x, int64_t m, int64_t k,
                               const QuantizeOptions& options, QuantizeKernelVariant variant,
                               uint8_t* d_data, uint8_t* d_scales, hipStream_t stream);

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_QUANTIZE_QUANTIZE_H_
