// File: mxfp4/emu/quantize.cc
//
// Matrix quantization (spec: shared/spec/mxfp4-semantics.md §2 for the
// arithmetic, §3 for the scale layouts): validates the arguments, then
// quantizes 32-element blocks row by row, writing packed E2M1 data (natural
// layout) and scales straight into the requested scale layout. Large inputs are
// split by rows over std::threads; every block depends only on its own input,
// so the result is the same for any thread count.

#include "mxfp4/emu/quantize.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <system_error>
#include <thread>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/internal/quantize_kernels.h"

namespace mxfp4 {
namespace {

using emu_internal::BlockScaleInline;
using emu_internal::QuantizeFloatBitsInline;
using emu_internal::ScaleReciprocal;

// Bits of element i of a block, widened to fp32 bits (bf16 widening is exact).
inline uint32_t ElementBits(const uint16_t* x, int i) { return static_cast<uint32_t>(x[i]) << 16; }
inline uint32_t ElementBits(const float* x, int i) { return FloatBits(x[i]); }

// Largest |x| of a block as fp32 bits. NaN bit patterns sort above Inf, so a
// NaN anywhere in the block makes the result a NaN pattern.
inline uint32_t BlockMaxAbsBits(const uint16_t* x) {
  uint16_t max_abs = 0;
  for (int i = 0; i < kBlockSize; ++i) max_abs = std::max<uint16_t>(max_abs, x[i] & 0x7FFF);
  return static_cast<uint32_t>(max_abs) << 16;
}
inline uint32_t BlockMaxAbsBits(const float* x) {
  uint32_t max_abs = 0;
  for (int i = 0; i < kBlockSize; ++i) {
    max_abs = std::max<uint32_t>(max_abs, FloatBits(x[i]) & emu_internal::kAbsMask);
  }
  return max_abs;
}

// QuantizeBlock()
//
// One 32-element block: writes 16 packed bytes to `out` and returns the scale.
template <ScaleRule kRule, typename Element>
inline uint8_t QuantizeBlock(const Element* x, uint8_t* out) {
  const uint8_t scale = BlockScaleInline(BlockMaxAbsBits(x), kRule);
  const float reciprocal = ScaleReciprocal(scale);
  uint8_t codes[kBlockSize];
  for (int i = 0; i < kBlockSize; ++i)
    codes[i] = QuantizeFloatBitsInline(ElementBits(x, i), reciprocal);
  for (int j = 0; j < kBlockSize / 2; ++j) out[j] = PackFp4x2(codes[2 * j], codes[2 * j + 1]);
  return scale;
}

// Rows [row_begin, row_end) of a (rows, k) matrix.
template <ScaleRule kRule, typename Element>
void QuantizeRowRange(const Element* x, int64_t k, ScaleLayout layout, int64_t row_begin,
                      int64_t row_end, uint8_t* data, uint8_t* scales) {
  const int64_t groups = k / kBlockSize;
  const int64_t row_bytes = k / 2;
  for (int64_t r = row_begin; r < row_end; ++r) {
    const Element* row_in = x + r * k;
    uint8_t* row_out = data + r * row_bytes;
    if (layout == ScaleLayout::kNatural) {
      uint8_t* row_scales = scales + r * groups;
      for (int64_t g = 0; g < groups; ++g) {
        row_scales[g] =
            QuantizeBlock<kRule>(row_in + g * kBlockSize, row_out + g * (kBlockSize / 2));
      }
    } else {
      for (int64_t g = 0; g < groups; ++g) {
        scales[ScaleOffset(layout, r, g, groups)] =
            QuantizeBlock<kRule>(row_in + g * kBlockSize, row_out + g * (kBlockSize / 2));
      }
    }
  }
}

template <typename Element>
void QuantizeRowRangeForRule(ScaleRule rule, const Element* x, int64_t k, ScaleLayout layout,
                             int64_t row_begin, int64_t row_end, uint8_t* data, uint8_t* scales) {
  switch (rule) {
    case ScaleRule::kEven:
      return QuantizeRowRange<ScaleRule::kEven>(x, k, layout, row_begin, row_end, data, scales);
    case ScaleRule::kOcpFloor:
      return QuantizeRowRange<ScaleRule::kOcpFloor>(x, k, layout, row_begin, row_end, data, scales);
    case ScaleRule::kRceil:
      return QuantizeRowRange<ScaleRule::kRceil>(x, k, layout, row_begin, row_end, data, scales);
  }
}

// ParallelForRows()
//
// Calls fn(row_begin, row_end) over disjoint row ranges covering [0, rows),
// on up to `num_threads` threads (0 = hardware concurrency), never giving a
// thread fewer than kQuantizeMinElementsPerThread elements. If a thread cannot be
// started, its range runs on the calling thread instead.
template <typename Fn>
void ParallelForRows(int64_t rows, int64_t elements_per_row, int num_threads, const Fn& fn) {
  int64_t threads = num_threads > 0 ? num_threads : std::thread::hardware_concurrency();
  const int64_t useful =
      std::max<int64_t>(1, rows * elements_per_row / kQuantizeMinElementsPerThread);
  threads = std::max<int64_t>(1, std::min({threads, useful, rows}));
  if (threads == 1) {
    fn(int64_t{0}, rows);
    return;
  }
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  auto range_begin = [&](int64_t t) { return rows * t / threads; };
  for (int64_t t = 1; t < threads; ++t) {
    const int64_t begin = range_begin(t), end = range_begin(t + 1);
    try {
      workers.emplace_back([&fn, begin, end] { fn(begin, end); });
    } catch (const std::system_error&) {
      fn(begin, end);
    }
  }
  fn(int64_t{0}, range_begin(1));
  for (std::thread& worker : workers) worker.join();
}

bool IsKnownRule(ScaleRule rule) {
  return rule == ScaleRule::kEven || rule == ScaleRule::kOcpFloor || rule == ScaleRule::kRceil;
}
bool IsKnownScaleLayout(ScaleLayout layout) {
  return layout == ScaleLayout::kNatural || layout == ScaleLayout::kShuffled16 ||
         layout == ScaleLayout::kShuffled32;
}

// Checks everything about the arguments except the output buffers.
absl::Status ValidateInput(const char* function, size_t input_size, int64_t rows, int64_t k,
                           const QuantizeOptions& options) {
  if (rows <= 0 || k <= 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: empty or negative shape (rows=%d, k=%d); both must be positive", function, rows, k));
  }
  if (k % kBlockSize != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: k=%d is not a multiple of the MXFP4 block size %d", function, k, kBlockSize));
  }
  int64_t elements = 0;
  if (__builtin_mul_overflow(rows, k, &elements)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: rows*k overflows int64 (rows=%d, k=%d)", function, rows, k));
  }
  if (static_cast<uint64_t>(elements) != input_size) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: input has %d elements but rows*k = %d*%d = %d", function, input_size,
                        rows, k, elements));
  }
  if (!IsKnownRule(options.rule)) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: unknown ScaleRule value %d", function,
                                                      static_cast<int>(options.rule)));
  }
  if (!IsKnownScaleLayout(options.scale_layout)) {
    return absl::InvalidArgumentError(absl::StrFormat("%s: unknown ScaleLayout value %d", function,
                                                      static_cast<int>(options.scale_layout)));
  }
  if (options.num_threads < 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: num_threads=%d is negative (0 means hardware concurrency)", function,
                        options.num_threads));
  }
  return absl::OkStatus();
}

absl::Status ValidateOutput(const char* function, int64_t rows, int64_t k,
                            const QuantizeOptions& options, size_t data_size, size_t scales_size) {
  const int64_t want_data = rows * (k / 2);
  const int64_t want_scales = ScaleStorageBytes(options.scale_layout, rows, k / kBlockSize);
  if (static_cast<uint64_t>(want_data) != data_size) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: data buffer has %d bytes but (rows=%d, k=%d) needs rows*k/2 = %d",
                        function, data_size, rows, k, want_data));
  }
  if (static_cast<uint64_t>(want_scales) != scales_size) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: scale buffer has %d bytes but (rows=%d, groups=%d) in layout %s needs %d", function,
        scales_size, rows, k / kBlockSize, ScaleLayoutName(options.scale_layout), want_scales));
  }
  return absl::OkStatus();
}

// Shared body of the *Into functions, after validation.
template <typename Element>
void QuantizeValidated(const Element* x, int64_t rows, int64_t k, const QuantizeOptions& options,
                       uint8_t* data, uint8_t* scales, size_t scales_size) {
  // Shuffled layouts have padding bytes that no block writes: they must be 0.
  if (options.scale_layout != ScaleLayout::kNatural) std::memset(scales, 0, scales_size);
  ParallelForRows(rows, k, options.num_threads, [&](int64_t row_begin, int64_t row_end) {
    QuantizeRowRangeForRule(options.rule, x, k, options.scale_layout, row_begin, row_end, data,
                            scales);
  });
}

template <typename Element>
absl::Status QuantizeInto(const char* function, absl::Span<const Element> x, int64_t rows,
                          int64_t k, const QuantizeOptions& options, absl::Span<uint8_t> data,
                          absl::Span<uint8_t> scales) {
  absl::Status status = ValidateInput(function, x.size(), rows, k, options);
  if (!status.ok()) return status;
  status = ValidateOutput(function, rows, k, options, data.size(), scales.size());
  if (!status.ok()) return status;
  QuantizeValidated(x.data(), rows, k, options, data.data(), scales.data(), scales.size());
  return absl::OkStatus();
}

template <typename Element>
absl::StatusOr<Mxfp4Matrix> QuantizeAllocating(const char* function, absl::Span<const Element> x,
                                               int64_t rows, int64_t k,
                                               const QuantizeOptions& options) {
  absl::Status status = ValidateInput(function, x.size(), rows, k, options);
  if (!status.ok()) return status;
  Mxfp4Matrix m;
  m.shape.rows = rows;
  m.shape.k = k;
  m.data_layout = DataLayout::kNatural;
  m.scale_layout = options.scale_layout;
  m.data.resize(rows * (k / 2));
  m.scales.resize(ScaleStorageBytes(options.scale_layout, rows, k / kBlockSize));
  QuantizeValidated(x.data(), rows, k, options, m.data.data(), m.scales.data(), m.scales.size());
  return m;
}

}  // namespace

absl::StatusOr<Mxfp4Matrix> QuantizeBf16(absl::Span<const uint16_t> x, int64_t rows, int64_t k,
                                         const QuantizeOptions& options) {
  return QuantizeAllocating("QuantizeBf16", x, rows, k, options);
}

absl::StatusOr<Mxfp4Matrix> QuantizeFloat(absl::Span<const float> x, int64_t rows, int64_t k,
                                          const QuantizeOptions& options) {
  return QuantizeAllocating("QuantizeFloat", x, rows, k, options);
}

absl::Status QuantizeBf16Into(absl::Span<const uint16_t> x, int64_t rows, int64_t k,
                              const QuantizeOptions& options, absl::Span<uint8_t> data,
                              absl::Span<uint8_t> scales) {
  return QuantizeInto("QuantizeBf16Into", x, rows, k, options, data, scales);
}

absl::Status QuantizeFloatInto(absl::Span<const float> x, int64_t rows, int64_t k,
                               const QuantizeOptions& options, absl::Span<uint8_t> data,
                               absl::Span<uint8_t> scales) {
  return QuantizeInto("QuantizeFloatInto", x, rows, k, options, data, scales);
}

}  // namespace mxfp4
