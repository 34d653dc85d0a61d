// File: mxfp4/gpu/gemm/quantize_a_operand_int8_test.cc
//
// LaunchQuantizeAOperandWgmmaOrderInt8 (internal/tile_config.h) against
// LaunchQuantizeAOperandWgmmaOrder on the same A (E4M3 operand, scales, fold
// flags and zero words identical byte for byte) and against the host
// reference ActivationInt8Reference (int8 bytes, row infos and sums of squares), over M with
// padding, both row tiles and K from one cluster CTA to eight with up to four
// blocks a warp; the activations (MakeInt8TestActivations) hold zero blocks
// and rows, spreads above 3, NaN / Inf and outlier blocks. Buffers start
// poisoned (0xAB). Skips without a GPU unless MXFP4_REQUIRE_GPU=1.

#include <cstdint>
#include <cstdio>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "mxfp4/gpu/gemm/activation_int8_reference.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

#define ASSERT_OK(expr)                                       \
  do {                                                        \
    const absl::Status assert_ok_status_ = (expr);            \
    ASSERT_TRUE(assert_ok_status_.ok()) << assert_ok_status_; \
  } while (0)

constexpr uint8_t kPoison = 0xAB;
// The grid-split counters' words (and one past them, which must stay poisoned).
constexpr int32_t kZeroCount = 37;

// A device buffer of `bytes` filled with kPoison.
absl::StatusOr<DeviceBuffer> Poisoned(size_t bytes) {
  absl::StatusOr<DeviceBuffer> d = DeviceBuffer::Allocate(bytes);
  if (!d.ok()) return d.status();
  if (absl::Status s = d->Fill(kPoison); !s.ok()) return s;
  return d;
}

std::vector<uint8_t> ToHost(const DeviceBuffer& d, size_t bytes) {
  std::vector<uint8_t> h(bytes);
  const absl::Status s = d.CopyToHost(h.data(), bytes);
  EXPECT_TRUE(s.ok()) << s;
  return h;
}

// The first few differing bytes of `name`, as failures; returns their count.
int64_t CountDiffs(const char* name, const std::vector<uint8_t>& got,
                   const std::vector<uint8_t>& want) {
  EXPECT_EQ(got.size(), want.size()) << name;
  int64_t diffs = 0;
  for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
    if (got[i] != want[i] && ++diffs <= 8) {
      ADD_FAILURE() << name << " byte " << i << ": got 0x" << std::hex << int{got[i]} << " want 0x"
                    << int{want[i]} << std::dec;
    }
  }
  return diffs;
}

void CheckCase(int32_t m, int32_t k, int32_t tile_rows, uint64_t seed) {
  const int32_t rows_padded = (m + tile_rows - 1) / tile_rows * tile_rows;
  SCOPED_TRACE(::testing::Message()
               << "m " << m << " k " << k << " tile_rows " << tile_rows << " seed " << seed);
  std::printf("case m=%d k=%d tile_rows=%d seed=%llu\n", m, k, tile_rows,
              static_cast<unsigned long long>(seed));
  const std::vector<uint16_t> a = MakeInt8TestActivations(m, k, seed);
  absl::StatusOr<ActivationInt8> ref = ActivationInt8Reference(a, m, k, rows_padded, tile_rows);
  ASSERT_TRUE(ref.ok()) << ref.status();

  const int64_t groups = k / 32;
  const size_t op_bytes = static_cast<size_t>(rows_padded) * k;
  const size_t scale_bytes = static_cast<size_t>(rows_padded) * groups * 4;
  const size_t flag_bytes = static_cast<size_t>(rows_padded / 8 * RingFlagColumns(groups));
  const size_t zero_bytes = (kZeroCount + 1) * 4;
  absl::StatusOr<DeviceBuffer> ad = DeviceBuffer::Allocate(a.size() * 2);
  ASSERT_TRUE(ad.ok()) << ad.status();
  ASSERT_OK(ad->CopyFromHost(a.data(), a.size() * 2));
  // [0]: LaunchQuantizeAOperandWgmmaOrder, [1]: the int8 launcher.
  absl::StatusOr<DeviceBuffer> ops[2], scales[2], flags[2], zeros[2];
  for (int i = 0; i < 2; ++i) {
    ops[i] = Poisoned(op_bytes);
    scales[i] = Poisoned(scale_bytes);
    flags[i] = Poisoned(flag_bytes);
    zeros[i] = Poisoned(zero_bytes);
    ASSERT_TRUE(ops[i].ok() && scales[i].ok() && flags[i].ok() && zeros[i].ok());
  }
  absl::StatusOr<DeviceBuffer> i8 = Poisoned(op_bytes);
  absl::StatusOr<DeviceBuffer> info = Poisoned(static_cast<size_t>(rows_padded) * 4);
  absl::StatusOr<DeviceBuffer> sumsq = Poisoned(static_cast<size_t>(rows_padded) * 4);
  ASSERT_TRUE(i8.ok() && info.ok() && sumsq.ok());

  ASSERT_OK(MXFP4_HIP_STATUS(LaunchQuantizeAOperandWgmmaOrder(
      ad->as<uint16_t>(), m, k, rows_padded, tile_rows, /*interleave_chunk=*/0, /*warps_k=*/2,
      ops[0]->as<uint8_t>(), scales[0]->as<float>(), flags[0]->as<uint8_t>(), nullptr,
      zeros[0]->as<uint32_t>(), kZeroCount)));
  ASSERT_OK(MXFP4_HIP_STATUS(LaunchQuantizeAOperandWgmmaOrderInt8(
      ad->as<uint16_t>(), m, k, rows_padded, tile_rows, ops[1]->as<uint8_t>(),
      scales[1]->as<float>(), flags[1]->as<uint8_t>(), i8->as<uint8_t>(), info->as<uint32_t>(),
      sumsq->as<uint32_t>(), nullptr, zeros[1]->as<uint32_t>(), kZeroCount)));
  ASSERT_OK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));

  int64_t bad = 0;
  bad += CountDiffs("a_ops", ToHost(*ops[1], op_bytes), ToHost(*ops[0], op_bytes));
  bad += CountDiffs("a_scales", ToHost(*scales[1], scale_bytes), ToHost(*scales[0], scale_bytes));
  bad += CountDiffs("fold_flags", ToHost(*flags[1], flag_bytes), ToHost(*flags[0], flag_bytes));
  std::vector<uint8_t> want_zeros(zero_bytes, 0);
  for (size_t i = kZeroCount * 4; i < zero_bytes; ++i) want_zeros[i] = kPoison;
  bad += CountDiffs("zero_words (reference launcher)", ToHost(*zeros[0], zero_bytes), want_zeros);
  bad += CountDiffs("zero_words", ToHost(*zeros[1], zero_bytes), want_zeros);

  std::vector<uint8_t> want_i8(op_bytes);
  for (size_t i = 0; i < op_bytes; ++i) want_i8[i] = static_cast<uint8_t>(ref->a_i8[i]);
  bad += CountDiffs("a_i8", ToHost(*i8, op_bytes), want_i8);
  const std::vector<uint8_t> got_info = ToHost(*info, static_cast<size_t>(rows_padded) * 4);
  const std::vector<uint8_t> got_sumsq = ToHost(*sumsq, static_cast<size_t>(rows_padded) * 4);
  auto word = [](const std::vector<uint8_t>& bytes, int32_t i) {
    uint32_t w = 0;
    for (int b = 0; b < 4; ++b) w |= uint32_t{bytes[4 * i + b]} << (8 * b);
    return w;
  };
  for (int32_t row = 0; row < rows_padded; ++row) {
    const uint32_t got = word(got_info, row), got_sq = word(got_sumsq, row);
    if ((got != ref->row_info[row] || got_sq != ref->row_sumsq[row]) && ++bad <= 8) {
      ADD_FAILURE() << "a_row_info[" << row << "]: got 0x" << std::hex << got << " want 0x"
                    << ref->row_info[row] << std::dec << "; a_row_sumsq: got " << got_sq
                    << " want " << ref->row_sumsq[row];
    }
  }
  EXPECT_EQ(bad, 0);
}

TEST(QuantizeAOperandInt8, MatchesTheE4m3QuantizerAndTheHostReference) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 20261205;
  // Clusters (C CTAs, ipw blocks a warp): 96 (1, 1), 1504 (6, 1), 4192 (6, 3)
  // with K = 32 x odd; 512 (2, 1), 1536 (6, 1), 4096 (8, 2), 6144 (8, 3),
  // 8192 (8, 4).
  for (const int32_t k : {96, 1504, 4192, 512, 1536, 4096, 6144, 8192}) {
    for (const int32_t m : {1, 17, 128, 300}) {
      for (const int32_t tile_rows : {64, 128}) {
        CheckCase(m, k, tile_rows, seed++);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  // Grids of kInt8QuantManyCtas CTAs or more: 4 blocks a warp whatever K.
  for (const int32_t k : {1504, 4096}) {
    const int32_t m = 1400;  // 1408 padded rows: 176 groups x 6 or 8 CTAs
    ASSERT_EQ(QuantizeAOperandInt8ItemsPerWarp(k / 32, 1408), 4);
    CheckCase(m, k, 64, seed++);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Host-side argument checks (before any device call).
TEST(QuantizeAOperandInt8, RefusesWhatItDoesNotSupport) {
  EXPECT_TRUE(QuantizeAOperandInt8Supports(8192, 64));
  EXPECT_TRUE(QuantizeAOperandInt8Supports(96, 128));
  EXPECT_FALSE(QuantizeAOperandInt8Supports(8224, 64));  // 257 blocks: 5 a warp
  EXPECT_FALSE(QuantizeAOperandInt8Supports(100, 64));
  // Items a warp: the fewest that take K in 8 CTAs, or 4 on grids of 1024
  // CTAs and more.
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(48, 512), 1);     // 64 groups x 6 CTAs
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(128, 1016), 2);   // 127 x 8
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(128, 1024), 4);   // 128 x 8 = 1024
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(48, 1368), 4);    // 171 x 6 = 1026
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(48, 1360), 1);    // 170 x 6 = 1020
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(256, 64), 4);
  EXPECT_EQ(QuantizeAOperandInt8ItemsPerWarp(3, 65536), 4);
  for (const int32_t tile_rows : {8, 16, 32, 192, 256}) {
    EXPECT_FALSE(QuantizeAOperandInt8Supports(512, tile_rows)) << tile_rows;
  }
  // Non-null but never dereferenced: every call below is refused first.
  uint8_t byte = 0;
  uint16_t half = 0;
  float f = 0;
  uint32_t word = 0;
  const uint16_t* a = &half;
  const auto launch = [&](int32_t m, int32_t k, int32_t rows_padded, int32_t tile_rows,
                          uint8_t* a_i8, uint32_t* zero_words, int32_t zero_count) {
    return LaunchQuantizeAOperandWgmmaOrderInt8(a, m, k, rows_padded, tile_rows, &byte, &f, &byte,
                                                a_i8, &word, &word, nullptr, zero_words,
                                                zero_count);
  };
  if (launch(64, 8224, 64, 64, &byte, nullptr, 0) == hipErrorNoDevice) {
    GTEST_SKIP() << "built without GPU support (--define=mxfp4_gpu=none): the launcher is a stub";
  }
  EXPECT_EQ(launch(64, 8224, 64, 64, &byte, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(launch(64, 512, 192, 192, &byte, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(launch(64, 512, 64, 32, &byte, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(launch(65, 512, 64, 64, &byte, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(launch(64, 512, 96, 64, &byte, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(launch(0, 512, 64, 64, &byte, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(launch(64, 512, 64, 64, nullptr, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(LaunchQuantizeAOperandWgmmaOrderInt8(a, 64, 512, 64, 64, &byte, &f, &byte, &byte, &word,
                                                 /*a_row_sumsq=*/nullptr, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(launch(64, 512, 64, 64, &byte, nullptr, 1), hipErrorInvalidValue);
  EXPECT_EQ(launch(64, 512, 64, 64, &byte, &word, -1), hipErrorInvalidValue);
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
