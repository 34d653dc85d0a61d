// File: mxfp4/core/layouts.cc
//
// Validation and conversion of MXFP4 data/scale layouts (spec:
// shared/spec/mxfp4-semantics.md §3; offset formulas live inline in
// layouts.h, documented in docs/formats.md).
//
// Conventions, shared by every function here:
//  - Sizes are int64; negative sizes, K % 32 != 0 and any size whose byte
//    count (padded, for shuffled scales) overflows int64 are rejected.
//  - Empty matrices (rows == 0 or K == 0 / groups == 0) are valid and have 0
//    storage bytes in every layout (the padded scale size is 0 too, because
//    RoundUp(0, m) == 0); converting them is a no-op.
//  - Span sizes must match exactly; the message gives expected and actual.
//  - Converters write every dst byte: padding of shuffled scale layouts is 0
//    and padding bytes of a shuffled source are never read.
//  - src and dst must not overlap (conversions are scatters, not in place).

#include "mxfp4/core/layouts.h"

#include <cstring>
#include <limits>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"

namespace mxfp4 {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

bool IsKnown(ScaleLayout l) {
  return l == ScaleLayout::kNatural || l == ScaleLayout::kShuffled16 ||
         l == ScaleLayout::kShuffled32;
}
bool IsKnown(DataLayout l) {
  return l == DataLayout::kNatural || l == DataLayout::kPreshuffled16x16;
}

absl::Status UnknownLayout(const char* what, int value) {
  return absl::InvalidArgumentError(
      absl::StrFormat("unknown %s value %d (expected one of the enum's named values)", what,
                      value));
}

bool Overlap(absl::Span<const uint8_t> a, absl::Span<const uint8_t> b) {
  if (a.empty() || b.empty()) return false;
  const uint8_t* a0 = a.data();
  const uint8_t* b0 = b.data();
  return a0 < b0 + b.size() && b0 < a0 + a.size();
}

absl::Status SizeMismatch(const char* caller, const char* which, size_t actual,
                          int64_t expected, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrFormat(
      "%s: %s span has %d bytes, expected exactly %d for %s", caller, which, actual, expected,
      what));
}

}  // namespace

const char* ScaleLayoutName(ScaleLayout layout) {
  switch (layout) {
    case ScaleLayout::kNatural:
      return "natural";
    case ScaleLayout::kShuffled16:
      return "shuffled16";
    case ScaleLayout::kShuffled32:
      return "shuffled32";
  }
  return "unknown";
}

const char* DataLayoutName(DataLayout layout) {
  switch (layout) {
    case DataLayout::kNatural:
      return "natural";
    case DataLayout::kPreshuffled16x16:
      return "preshuffled";
  }
  return "unknown";
}

absl::Status ValidateDataShape(DataLayout layout, int64_t rows, int64_t k) {
  if (!IsKnown(layout)) return UnknownLayout("DataLayout", static_cast<int>(layout));
  if (rows < 0 || k < 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "data shape (rows=%d, K=%d): sizes must be non-negative", rows, k));
  }
  if (k % kBlockSize != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "data shape (rows=%d, K=%d): K must be a multiple of %d (one E8M0 scale per %d "
        "elements along K); K %% %d = %d",
        rows, k, kBlockSize, kBlockSize, kBlockSize, k % kBlockSize));
  }
  // rows * K elements must be countable; the byte count rows * K/2 then fits too.
  if (k != 0 && rows > kInt64Max / k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "data shape (rows=%d, K=%d): rows*K overflows int64; sizes this large cannot be "
        "addressed",
        rows, k));
  }
  if (layout == DataLayout::kPreshuffled16x16) {
    if (rows % 16 != 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "data shape (rows=%d, K=%d) in layout preshuffled: rows (N) must be a multiple of 16 "
          "(each 16-row group is one 16x16x128 MFMA tile); rows %% 16 = %d",
          rows, k, rows % 16));
    }
    if (k % 64 != 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "data shape (rows=%d, K=%d) in layout preshuffled: K must be a multiple of 64 (rows "
          "are shuffled in 32-byte chunks of K/2 = 64 elements); K %% 64 = %d",
          rows, k, k % 64));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateScaleShape(ScaleLayout layout, int64_t rows, int64_t groups) {
  if (!IsKnown(layout)) return UnknownLayout("ScaleLayout", static_cast<int>(layout));
  if (rows < 0 || groups < 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "scale shape (rows=%d, groups=%d): sizes must be non-negative", rows, groups));
  }
  // Padded sizes (rows to 256, groups to 8) and their product must fit int64.
  if (rows > kInt64Max - (kScaleRowPad - 1) || groups > kInt64Max - (kScaleGroupPad - 1)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "scale shape (rows=%d, groups=%d): padding to multiples of %d rows / %d groups "
        "overflows int64",
        rows, groups, kScaleRowPad, kScaleGroupPad));
  }
  const int64_t storage_rows = ScaleStorageRows(layout, rows);
  const int64_t storage_groups = ScaleStorageGroups(layout, groups);
  if (storage_groups != 0 && storage_rows > kInt64Max / storage_groups) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "scale shape (rows=%d, groups=%d) in layout %s: storage of %d x %d bytes overflows "
        "int64",
        rows, groups, ScaleLayoutName(layout), storage_rows, storage_groups));
  }
  return absl::OkStatus();
}

absl::Status ConvertScaleLayout(absl::Span<const uint8_t> src, ScaleLayout from,
                                absl::Span<uint8_t> dst, ScaleLayout to, int64_t rows,
                                int64_t groups) {
  constexpr const char* kCaller = "ConvertScaleLayout";
  for (ScaleLayout l : {from, to}) {
    if (absl::Status s = ValidateScaleShape(l, rows, groups); !s.ok()) {
      return absl::Status(s.code(), absl::StrFormat("%s: %s", kCaller, s.message()));
    }
  }
  const int64_t src_bytes = ScaleStorageBytes(from, rows, groups);
  const int64_t dst_bytes = ScaleStorageBytes(to, rows, groups);
  if (static_cast<int64_t>(src.size()) != src_bytes) {
    return SizeMismatch(kCaller, "src", src.size(), src_bytes,
                        absl::StrFormat("(rows=%d, groups=%d) in layout %s", rows, groups,
                                        ScaleLayoutName(from)));
  }
  if (static_cast<int64_t>(dst.size()) != dst_bytes) {
    return SizeMismatch(kCaller, "dst", dst.size(), dst_bytes,
                        absl::StrFormat("(rows=%d, groups=%d) in layout %s", rows, groups,
                                        ScaleLayoutName(to)));
  }
  if (Overlap(src, dst)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: src and dst overlap; in-place conversion is not supported", kCaller));
  }
  if (dst_bytes == 0) return absl::OkStatus();

  if (from == ScaleLayout::kNatural && to == ScaleLayout::kNatural) {
    std::memcpy(dst.data(), src.data(), src.size());
    return absl::OkStatus();
  }
  // Zero first so that padding (present only in shuffled layouts) reads 0.
  if (to != ScaleLayout::kNatural) std::memset(dst.data(), 0, dst.size());
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) {
      dst[ScaleOffset(to, r, g, groups)] = src[ScaleOffset(from, r, g, groups)];
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<uint8_t>> ConvertScaleLayout(absl::Span<const uint8_t> src,
                                                        ScaleLayout from, ScaleLayout to,
                                                        int64_t rows, int64_t groups) {
  if (absl::Status s = ValidateScaleShape(to, rows, groups); !s.ok()) {
    return absl::Status(s.code(), absl::StrFormat("ConvertScaleLayout: %s", s.message()));
  }
  // The checked overload rejects a wrong src size before anything is written,
  // and src's size bounds dst's (at most 256 x 8 times larger for tiny shapes).
  if (absl::Status s = ValidateScaleShape(from, rows, groups); !s.ok()) {
    return absl::Status(s.code(), absl::StrFormat("ConvertScaleLayout: %s", s.message()));
  }
  if (static_cast<int64_t>(src.size()) != ScaleStorageBytes(from, rows, groups)) {
    return SizeMismatch("ConvertScaleLayout", "src", src.size(),
                        ScaleStorageBytes(from, rows, groups),
                        absl::StrFormat("(rows=%d, groups=%d) in layout %s", rows, groups,
                                        ScaleLayoutName(from)));
  }
  std::vector<uint8_t> dst(ScaleStorageBytes(to, rows, groups));
  if (absl::Status s = ConvertScaleLayout(src, from, absl::MakeSpan(dst), to, rows, groups);
      !s.ok()) {
    return s;
  }
  return dst;
}

absl::Status ConvertDataLayout(absl::Span<const uint8_t> src, DataLayout from,
                               absl::Span<uint8_t> dst, DataLayout to, int64_t rows, int64_t k) {
  constexpr const char* kCaller = "ConvertDataLayout";
  for (DataLayout l : {from, to}) {
    if (absl::Status s = ValidateDataShape(l, rows, k); !s.ok()) {
      return absl::Status(s.code(), absl::StrFormat("%s: %s", kCaller, s.message()));
    }
  }
  const int64_t kb = k / 2;  // bytes per row
  const int64_t bytes = rows * kb;
  const std::string what = absl::StrFormat("(rows=%d, K=%d): rows*K/2 packed bytes", rows, k);
  if (static_cast<int64_t>(src.size()) != bytes) {
    return SizeMismatch(kCaller, "src", src.size(), bytes, what);
  }
  if (static_cast<int64_t>(dst.size()) != bytes) {
    return SizeMismatch(kCaller, "dst", dst.size(), bytes, what);
  }
  if (Overlap(src, dst)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: src and dst overlap; in-place conversion is not supported", kCaller));
  }
  if (bytes == 0) return absl::OkStatus();
  if (from == to) {
    std::memcpy(dst.data(), src.data(), src.size());
    return absl::OkStatus();
  }
  // One side is preshuffled (no padding). Its layout keeps runs of 16 bytes
  // of one row contiguous (b % 16 is the innermost index), so move 16-byte runs.
  const bool to_preshuffled = to == DataLayout::kPreshuffled16x16;
  for (int64_t n = 0; n < rows; ++n) {
    for (int64_t b = 0; b < kb; b += 16) {
      const int64_t natural = n * kb + b;
      const int64_t shuffled = PreshuffledBOffset(n, b, kb);
      if (to_preshuffled) {
        std::memcpy(&dst[shuffled], &src[natural], 16);
      } else {
        std::memcpy(&dst[natural], &src[shuffled], 16);
      }
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<uint8_t>> ConvertDataLayout(absl::Span<const uint8_t> src,
                                                       DataLayout from, DataLayout to,
                                                       int64_t rows, int64_t k) {
  for (DataLayout l : {from, to}) {
    if (absl::Status s = ValidateDataShape(l, rows, k); !s.ok()) {
      return absl::Status(s.code(), absl::StrFormat("ConvertDataLayout: %s", s.message()));
    }
  }
  const int64_t bytes = rows * (k / 2);
  if (static_cast<int64_t>(src.size()) != bytes) {
    return SizeMismatch("ConvertDataLayout", "src", src.size(), bytes,
                        absl::StrFormat("(rows=%d, K=%d): rows*K/2 packed bytes", rows, k));
  }
  std::vector<uint8_t> dst(bytes);
  if (absl::Status s = ConvertDataLayout(src, from, absl::MakeSpan(dst), to, rows, k); !s.ok()) {
    return s;
  }
  return dst;
}

}  // namespace mxfp4
