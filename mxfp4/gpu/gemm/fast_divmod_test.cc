// FastDivmod against `/` and `%` on the host: every divisor up to 4096 with
// dividends at the edges (multiples of d and their neighbours, 2^31 - 1) and
// seeded random pairs over the whole range.

#include "mxfp4/gpu/gemm/internal/fast_divmod.h"

#include <cstdint>
#include <random>

#include "gtest/gtest.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

constexpr uint32_t kMaxDividend = 0x7FFFFFFFu;

::testing::AssertionResult Matches(const FastDivmod& f, uint32_t n) {
  uint32_t q = 0, r = 0;
  f.DivMod(n, q, r);
  if (q == n / f.divisor && r == n % f.divisor) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << n << " / " << f.divisor << ": got " << q << " rem " << r
                                       << ", want " << n / f.divisor << " rem " << n % f.divisor;
}

TEST(FastDivmod, SmallDivisorsAtTheEdges) {
  for (uint32_t d = 1; d <= 4096; ++d) {
    const FastDivmod f = FastDivmod::Make(d);
    for (uint32_t n : {0u, 1u, d - 1, d, d + 1, 2 * d - 1, 2 * d, kMaxDividend, kMaxDividend - 1,
                       kMaxDividend / d * d, kMaxDividend / d * d - 1}) {
      ASSERT_TRUE(Matches(f, n));
    }
  }
}

TEST(FastDivmod, RandomPairs) {
  const uint32_t seed = 20261130u;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<uint32_t> dividend(0, kMaxDividend);
  for (int shift = 0; shift < 31; ++shift) {
    std::uniform_int_distribution<uint32_t> divisor(1u << shift,
                                                    shift == 30 ? kMaxDividend : (2u << shift) - 1);
    for (int i = 0; i < 20000; ++i) {
      const FastDivmod f = FastDivmod::Make(divisor(rng));
      ASSERT_TRUE(Matches(f, dividend(rng))) << "seed " << seed;
      ASSERT_TRUE(Matches(f, kMaxDividend - (dividend(rng) & 0xFFFFu))) << "seed " << seed;
    }
  }
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
