// BytesAboveMarks (internal/byte_compare.h) on the host, for every limit the
// check can take (0x80..0xFF): each byte value in each position of a word
// with seeded random neighbours, and every pair of adjacent byte values (no
// carry from one byte's sum reaches the next byte's mark). The device run of
// the same arithmetic is the ring tiles' fast / exact choice in the GEMM path
// tests (weight scales 0xFE, random 0..254 and the fold limit 240).

#include "mxfp4/gpu/gemm/internal/byte_compare.h"

#include <cstdint>
#include <random>
#include <utility>

#include "gtest/gtest.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

constexpr uint64_t kSeed = 0x5CA1EB17Eull;

// Bit 7 of each byte of BytesAboveMarks(x) against a plain compare.
template <uint32_t kMaxByte>
void ExpectMarks(uint32_t x) {
  const uint32_t marks = BytesAboveMarks<kMaxByte>(x);
  for (int j = 0; j < 4; ++j) {
    const uint32_t byte = (x >> (8 * j)) & 0xFFu;
    ASSERT_EQ(((marks >> (8 * j + 7)) & 1u) != 0u, byte > kMaxByte)
        << "x=0x" << std::hex << x << " byte " << j;
  }
}

template <uint32_t kMaxByte>
void CheckLimit() {
  SCOPED_TRACE(::testing::Message() << "kMaxByte=" << kMaxByte << " seed=" << kSeed);
  std::mt19937_64 rng(kSeed + kMaxByte);
  for (int pos = 0; pos < 4; ++pos) {
    for (uint32_t b = 0; b < 256; ++b) {
      for (int trial = 0; trial < 8; ++trial) {
        const uint32_t x = (static_cast<uint32_t>(rng()) & ~(0xFFu << (8 * pos))) | (b << (8 * pos));
        ExpectMarks<kMaxByte>(x);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  for (uint32_t pair = 0; pair < 65536; ++pair) {
    for (int pos = 0; pos < 3; ++pos) {
      ExpectMarks<kMaxByte>(pair << (8 * pos));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

template <uint32_t... kLimits>
void CheckLimits(std::integer_sequence<uint32_t, kLimits...>) {
  (CheckLimit<0x80u + kLimits>(), ...);
}

TEST(ByteCompare, BytesAboveMarksOnEveryLimit) {
  CheckLimits(std::make_integer_sequence<uint32_t, 128>{});
}

// The limit the ring tiles use (scale_fold.h kFoldMaxWeightScaleByte = 240)
// accepts 240 and rejects 241 in every position.
TEST(ByteCompare, FoldLimitBoundary) {
  for (int pos = 0; pos < 4; ++pos) {
    EXPECT_EQ(BytesAboveMarks<240>(240u << (8 * pos)) & 0x80808080u, 0u) << pos;
    EXPECT_NE(BytesAboveMarks<240>(241u << (8 * pos)) & 0x80808080u, 0u) << pos;
  }
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
