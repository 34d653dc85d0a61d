// The ring tiles' stage order of A (internal/ring_stage_order.h) on the host:
// for every plan shape it applies to, RingStagePosition is a permutation of a
// row tile's blocks, and each CTA's ring stage t is one contiguous run that
// holds blocks 4t .. 4t + 3 of each of its chunks, in chunk order (the
// stage's layout in shared memory, which one bulk copy fills); where the rule
// does not apply (chunks not whole, equal stages; one chunk a CTA) blocks stay
// in K order. The device side (the GEMMs reading what the quantizer wrote,
// bit for bit) is quant_then_mma_test.

#include "mxfp4/gpu/gemm/internal/ring_stage_order.h"

#include <vector>

#include "gtest/gtest.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

// The position rule for 2 or 4 chunks a CTA and any CTAs along K (the plan
// rule, RingStageInterleaveChunk, takes only 4 chunks that are the whole K:
// the kernels with a K split over CTAs read K order).
TEST(RingStageOrder, EachCtaStageIsOneRunInChunkOrder) {
  for (int warps_k : {2, 4}) {
    for (int ctas_k : {1, 2, 3, 4, 8}) {
      for (int chunk = 4; chunk <= 176; chunk += 4) {
        const int groups = chunk * warps_k * ctas_k;
        const int ic = chunk;
        EXPECT_EQ(RingStageInterleaveChunk(warps_k, chunk, groups),
                  warps_k == 4 && ctas_k == 1 ? chunk : 0);
        std::vector<int> block_at(groups, -1);
        for (int g = 0; g < groups; ++g) {
          const int pos = RingStagePosition(g, ic, warps_k);
          // The quantizer's form: i by a mask (warps_k a power of two).
          const int c = g / ic;
          ASSERT_EQ(RingStagePositionInChunk(c, c & (warps_k - 1),
                                             static_cast<uint32_t>(g - c * ic), ic, warps_k),
                    pos);
          ASSERT_GE(pos, 0);
          ASSERT_LT(pos, groups);
          ASSERT_EQ(block_at[pos], -1) << "two blocks at " << pos << " (chunk " << chunk << ")";
          block_at[pos] = g;
        }
        for (int w = 0; w < ctas_k; ++w) {
          for (int t = 0; t < chunk / 4; ++t) {
            const int run = w * warps_k * chunk + t * warps_k * 4;
            for (int i = 0; i < warps_k; ++i) {
              for (int u = 0; u < 4; ++u) {
                ASSERT_EQ(block_at[run + i * 4 + u], (w * warps_k + i) * chunk + 4 * t + u)
                    << "warps_k " << warps_k << " ctas_k " << ctas_k << " chunk " << chunk
                    << " CTA " << w << " stage " << t << " chunk " << i << " block " << u;
              }
            }
          }
        }
      }
    }
  }
}

TEST(RingStageOrder, KOrderWhereChunksAreNotWholeEqualStages) {
  EXPECT_EQ(RingStageInterleaveChunk(1, 48, 48), 0);    // one chunk a CTA
  EXPECT_EQ(RingStageInterleaveChunk(2, 36, 69), 0);    // K = 32 x 69: 36 + 33
  EXPECT_EQ(RingStageInterleaveChunk(2, 18, 36), 0);    // chunks off the step
  EXPECT_EQ(RingStageInterleaveChunk(4, 32, 448), 0);   // 4 x 32 = 128 != 448
  EXPECT_EQ(RingStageInterleaveChunk(3, 4, 12), 0);     // not 2 or 4 warpgroups
  EXPECT_EQ(RingStageInterleaveChunk(2, 0, 0), 0);
  EXPECT_EQ(RingStageInterleaveChunk(2, 32, 64), 0);    // k2 tiles: K order (measured)
  EXPECT_EQ(RingStageInterleaveChunk(4, 16, 128), 0);   // one CTA's chunks of a K split over 2
  EXPECT_EQ(RingStageInterleaveChunk(4, 64, 256), 64);  // 1x8192x8192, k4 decode
  for (int g = 0; g < 100; ++g) EXPECT_EQ(RingStagePosition(g, 0, 2), g);
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
