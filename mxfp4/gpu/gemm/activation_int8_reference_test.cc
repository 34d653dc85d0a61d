// File: mxfp4/gpu/gemm/activation_int8_reference_test.cc
//
// The host reference of the activation's int8 form against its own claims:
// the wgmma-order offsets are a bijection; every int8 of a row with a (ref,
// spread) times 2^(ref - 128) is the element's dequantized value, and fits
// the encoding; zero, invalid and padding rows are all zeros; a lane's bytes
// are Fp4x8ToShiftedInt8's of its 8 codes permuted as the E4M3 operand's;
// the test activations reach every row class.

#include "mxfp4/gpu/gemm/activation_int8_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

TEST(ActivationInt8Reference, WgmmaOrderOffsetIsABijection) {
  for (const auto& [rows_padded, k, tile_rows] :
       {std::tuple<int64_t, int64_t, int64_t>{128, 96, 64}, {256, 512, 128}, {384, 1504, 128}}) {
    std::vector<int> hits(static_cast<size_t>(rows_padded * k), 0);
    for (int64_t row = 0; row < rows_padded; ++row) {
      for (int64_t kk = 0; kk < k; ++kk) {
        const int64_t at = WgmmaOrderOffset(row, kk, k, tile_rows);
        ASSERT_GE(at, 0);
        ASSERT_LT(at, rows_padded * k);
        ++hits[at];
      }
    }
    for (const int h : hits) ASSERT_EQ(h, 1);
  }
}

TEST(ActivationInt8Reference, BytesDecodeToTheQuantizedValues) {
  constexpr int64_t kM = 300, kK = 1504, kRowsPadded = 384, kTileRows = 128;
  const uint64_t seed = 20261205;
  SCOPED_TRACE(::testing::Message() << "seed " << seed);
  const std::vector<uint16_t> a = MakeInt8TestActivations(kM, kK, seed);
  absl::StatusOr<ActivationInt8> ref = ActivationInt8Reference(a, kM, kK, kRowsPadded, kTileRows);
  ASSERT_TRUE(ref.ok()) << ref.status();
  ASSERT_EQ(ref->a_i8.size(), static_cast<size_t>(kRowsPadded * kK));
  ASSERT_EQ(ref->row_info.size(), static_cast<size_t>(kRowsPadded));
  ASSERT_EQ(ref->row_sumsq.size(), static_cast<size_t>(kRowsPadded));
  constexpr int64_t kGroups = kK / 32;
  int valid_rows = 0, zero_rows = 0, invalid_rows = 0, max_spread = 0;
  for (int64_t row = 0; row < kRowsPadded; ++row) {
    const uint32_t info = ref->row_info[row];
    const uint32_t mark = Int8RowMark(info);
    const uint32_t rref = Int8RowRef(info);
    if (row >= kM) {
      EXPECT_EQ(info, kInt8RowInfoInvalid) << "padding row " << row;
    } else if (mark == kInt8RowZero) {
      ++zero_rows;
      EXPECT_EQ(Int8RowNorm(info), 0u) << "zero row " << row;
      for (int64_t kk = 0; kk < kK; ++kk) {
        ASSERT_EQ(ref->codes[row * kK + kk] & 7, 0) << "zero row " << row;
      }
    } else if (mark == kInt8RowInvalid) {
      ++invalid_rows;
    } else {
      ++valid_rows;
      ASSERT_LE(mark, static_cast<uint32_t>(kInt8MaxShift));
      max_spread = std::max(max_spread, static_cast<int>(mark));
    }
    // Kind 2 is all zeros, kinds 3 and 4 (NaN / Inf, scale 0xFF) invalid.
    if (row == 2) {
      EXPECT_EQ(mark, kInt8RowZero);
    }
    if (row == 3 || row == 4) {
      EXPECT_EQ(info, kInt8RowInfoInvalid) << "row " << row;
    }
    const bool encoded = row < kM && mark <= static_cast<uint32_t>(kInt8MaxShift);
    int64_t sumsq = 0;
    for (int64_t kk = 0; kk < kK; ++kk) {
      const int v = ref->a_i8[WgmmaOrderOffset(row, kk, kK, kTileRows)];
      sumsq += v * v;
      if (!encoded) {
        ASSERT_EQ(v, 0) << "row " << row << " k " << kk;
        continue;
      }
      ASSERT_LE(std::abs(v), 96);
      const uint8_t code = ref->codes[row * kK + kk];
      const uint8_t s = ref->scales[row * kGroups + kk / 32];
      const double want = double{E2m1ToFloat(code)} * std::ldexp(1.0, static_cast<int>(s) - 127);
      const double got = std::ldexp(static_cast<double>(v), static_cast<int>(rref) - 128);
      ASSERT_EQ(got, want) << "row " << row << " k " << kk << " code " << int{code} << " S "
                           << int{s} << " ref " << rref;
    }
    // The info carries no norm; the sum of squares is the bytes' (0 where
    // nothing is encoded), and with it the whole summary's norm bound is
    // ceil(sqrt(sum of the bytes squared)).
    EXPECT_EQ(Int8RowNorm(info), row < kM && mark != kInt8RowInvalid ? 0u : 0xFFFFu) << "row " << row;
    EXPECT_EQ(ref->row_sumsq[row], static_cast<uint32_t>(sumsq)) << "row " << row;
    if (encoded) {
      const int64_t norm = Int8NormBound(ref->row_sumsq[row]);
      EXPECT_GE(norm * norm, sumsq) << "row " << row;
      EXPECT_LT((norm - 1) * (norm - 1), sumsq) << "row " << row;
    }
  }
  // The activations reach every class, and the largest spread.
  EXPECT_GT(valid_rows, 0);
  EXPECT_GT(zero_rows, 0);
  EXPECT_GT(invalid_rows, 0);
  EXPECT_EQ(max_spread, kInt8MaxShift);
}

TEST(ActivationInt8Reference, LaneBytesAreTheShiftedInt8Permuted) {
  constexpr int64_t kM = 64, kK = 512, kTileRows = 64;
  const std::vector<uint16_t> a = MakeInt8TestActivations(kM, kK, 7);
  absl::StatusOr<ActivationInt8> ref = ActivationInt8Reference(a, kM, kK, kM, kTileRows);
  ASSERT_TRUE(ref.ok()) << ref.status();
  for (int64_t row = 0; row < kM; ++row) {
    const uint32_t info = ref->row_info[row];
    if (!Int8RowEncodes(info)) continue;
    for (int64_t kk = 0; kk < kK; kk += 8) {
      // The lane holding elements kk .. kk + 7: its word at the first
      // element's offset (lo, even elements) and 128 bytes on (hi, odd).
      uint32_t w = 0;
      for (int j = 0; j < 8; ++j) w |= uint32_t{ref->codes[row * kK + kk + j]} << (4 * j);
      const uint32_t shift =
          Int8BlockShift(ref->scales[row * (kK / 32) + kk / 32], Int8RowRef(info));
      const Bytes8 natural = Fp4x8ToShiftedInt8(w, ShiftedInt8Tables(shift));
      const int64_t at = WgmmaOrderOffset(row, kk, kK, kTileRows);
      uint32_t lo = 0, hi = 0;
      for (int j = 0; j < 4; ++j) {
        lo |= uint32_t{static_cast<uint8_t>(ref->a_i8[at + j])} << (8 * j);
        hi |= uint32_t{static_cast<uint8_t>(ref->a_i8[at + 128 + j])} << (8 * j);
      }
      ASSERT_EQ(lo, PermuteBytes(natural.lo, natural.hi, 0x6420)) << "row " << row << " k " << kk;
      ASSERT_EQ(hi, PermuteBytes(natural.lo, natural.hi, 0x7531)) << "row " << row << " k " << kk;
    }
  }
}

TEST(ActivationInt8Reference, RejectsBadShapes) {
  const std::vector<uint16_t> a(64 * 96, 0);
  EXPECT_FALSE(ActivationInt8Reference(a, 64, 96, 64, 48).ok());
  EXPECT_FALSE(ActivationInt8Reference(a, 64, 96, 32, 32).ok());
  EXPECT_FALSE(ActivationInt8Reference(a, 64, 100, 64, 64).ok());
  EXPECT_TRUE(ActivationInt8Reference(a, 64, 96, 128, 64).ok());
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
