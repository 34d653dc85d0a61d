// File: mxfp4/gpu/gemm/activation_int8_reference.cc

#include "mxfp4/gpu/gemm/activation_int8_reference.h"

#include <cmath>
#include <random>

#include "absl/status/status.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"

namespace mxfp4::gpu::gemm_internal {

int64_t WgmmaOrderOffset(int64_t row, int64_t kk, int64_t k, int64_t tile_rows) {
  const int64_t groups = k / 32;
  const int64_t r = row % tile_rows;
  const int64_t e = kk % 32;
  return ((row / tile_rows * groups + kk / 32) * (tile_rows / 8) + r / 8) * 256 + (e & 1) * 128 +
         (r % 8) * 16 + 4 * (e >> 3) + ((e & 7) >> 1);
}

absl::StatusOr<ActivationInt8> ActivationInt8Reference(absl::Span<const uint16_t> a, int64_t m,
                                                       int64_t k, int64_t rows_padded,
                                                       int64_t tile_rows) {
  if (m <= 0 || rows_padded < m || k <= 0 || k % 32 != 0 || tile_rows <= 0 || tile_rows % 8 != 0 ||
      rows_padded % tile_rows != 0 || static_cast<int64_t>(a.size()) != m * k) {
    return absl::InvalidArgumentError("ActivationInt8Reference: bad shape");
  }
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(a, m, k, QuantizeOptions{});
  if (!q.ok()) return q.status();
  const int64_t groups = k / 32;
  ActivationInt8 out;
  out.a_i8.assign(static_cast<size_t>(rows_padded * k), 0);
  out.row_info.assign(static_cast<size_t>(rows_padded), kInt8RowInfoInvalid);
  out.row_sumsq.assign(static_cast<size_t>(rows_padded), 0u);
  out.scales = q->scales;
  out.codes.resize(static_cast<size_t>(m * k));
  absl::StatusOr<Mxfp4View> view = q->view();
  if (!view.ok()) return view.status();
  for (int64_t row = 0; row < m; ++row) {
    const uint8_t* const scales = q->scales.data() + row * groups;
    uint8_t* const codes = out.codes.data() + row * k;
    for (int64_t kk = 0; kk < k; ++kk) codes[kk] = view->code(row, kk);
    const Int8RowScan scan = Int8RowScanOfRow(*view, row);
    const uint32_t info = scan.Info();
    if (!Int8RowEncodes(info)) {  // zero or invalid: bytes 0, sum 0
      out.row_info[row] = info;
      continue;
    }
    // The scan's sum is at its smallest non-zero byte, the row's ref.
    out.row_info[row] = Int8RowInfo(Int8RowRef(info), Int8RowMark(info));
    out.row_sumsq[row] = scan.sumsq;
    const uint32_t ref = Int8RowRef(info);
    for (int64_t kk = 0; kk < k; ++kk) {
      const int v = E2m1ToTwice(codes[kk]) * (1 << Int8BlockShift(scales[kk / 32], ref));
      out.a_i8[WgmmaOrderOffset(row, kk, k, tile_rows)] = static_cast<int8_t>(v);
    }
  }
  return out;
}

std::vector<uint16_t> MakeInt8TestActivations(int64_t m, int64_t k, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  const int64_t groups = k / 32;
  std::vector<uint16_t> a(static_cast<size_t>(m * k));
  for (int64_t row = 0; row < m; ++row) {
    const int kind = row < 9 ? static_cast<int>(row) : static_cast<int>(rng() % 9);
    const int base = kind == 6 ? -129 : kind == 7 ? 125 : static_cast<int>(rng() % 61) - 30;
    const int64_t outlier = static_cast<int64_t>(rng() % groups);
    const int outlier_shift = rng() % 2 == 0 ? 3 : 6;
    uint16_t* const r = a.data() + row * k;
    for (int64_t g = 0; g < groups; ++g) {
      int e = base + static_cast<int>(rng() % 3);
      if (kind == 3) e = base + static_cast<int>(rng() % 13);
      if (kind == 5 && g == outlier) e += outlier_shift;
      if (kind == 6 || kind == 7) e = base + static_cast<int>(rng() % 2);
      const bool zero_block =
          kind == 2 || (kind == 1 && rng() % 4 == 0) || (kind == 8 && g != outlier);
      for (int64_t i = 0; i < 32; ++i) {
        uint16_t bits = FloatToBf16(static_cast<float>(std::ldexp(normal(rng), e)));
        if (zero_block) bits = rng() % 2 == 0 ? 0x0000 : 0x8000;
        r[g * 32 + i] = bits;
      }
    }
    // The largest bf16: scale byte 254.
    if (kind == 7) r[outlier * 32 + static_cast<int64_t>(rng() % 32)] = rng() % 2 ? 0x7F7F : 0xFF7F;
    if (kind == 4) {
      static constexpr uint16_t kNonFinite[] = {0x7FC0, 0xFFC0, 0x7F80, 0xFF80};
      r[rng() % k] = kNonFinite[rng() % 4];
    }
  }
  return a;
}

}  // namespace mxfp4::gpu::gemm_internal
