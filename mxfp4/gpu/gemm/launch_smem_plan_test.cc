// MakeLaunchSmemPlan and CombinePushedRanks' ownership on the host: for every
// tile and K-split cluster of 1..8 CTAs over a range of chunk lengths, the
// launch's plan is the kernel's own plan (MakeSmemPlan) plus, exactly where
// PushesRanks says so, the receive area at the plan's end, within the
// dynamic shared-memory limit (the kernel finds it at MakeStreamSmemPlan's
// total); every chunk of a tile has one owner, every owner's slots fit the
// area, and the bytes an owner expects are the bytes the other ranks push;
// the ring tiles' receive area fits over their ring; a quantization
// cluster's tile has its exchange barrier at its plan's end.

#include <cstdint>

#include "gtest/gtest.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

TEST(LaunchSmemPlan, ReceiveAreaExactlyWherePushesRanks) {
  int pushing = 0, declined = 0;
  for (int id = 0; id < static_cast<int>(TileConfigId::kCount); ++id) {
    const TileConfigDesc c = GetTileConfig(static_cast<TileConfigId>(id));
    if (c.block_n() == 0) continue;
    for (int cluster = 1; cluster <= 8; ++cluster) {
      for (int bps : {1, 2, 3, 8, 14, 52, 96, 208, 400}) {
        const SmemPlan base = MakeSmemPlan(c, bps, cluster);
        const SmemPlan launch = MakeLaunchSmemPlan(c, bps, cluster);
        SCOPED_TRACE(::testing::Message() << c.name << " cluster " << cluster << " bps " << bps);
        // A quantization cluster's tile: its exchange barrier at the
        // kernel's plan's end (the kernel's address for it; it never splits
        // K over a cluster too).
        const bool exchange = c.stream_b && c.quant_cluster > 1 && cluster == 1;
        if (exchange) {
          EXPECT_EQ(launch.barriers, MakeStreamSmemPlan(c, bps).total);
          EXPECT_FALSE(PushesRanks(c, bps, cluster));
        }
        if (!PushesRanks(c, bps, cluster)) {
          // A ring tile's area after its plan: RingReceiveAreaFitsOverTheRing.
          const uint32_t ring_area = RingReceiveAfterPlanBytes(c, cluster);
          EXPECT_EQ(launch.total,
                    (exchange ? AlignSmem(base.total + 8u) : base.total) + ring_area);
          EXPECT_EQ(launch.c_receive, ring_area != 0u ? base.total : base.c_receive);
          if (cluster > 2 && CombinesByPushedRanks(c) && !c.wgmma_ring) ++declined;
          continue;
        }
        ++pushing;
        EXPECT_GT(cluster, 2);
        EXPECT_TRUE(CombinesByPushedRanks(c));
        EXPECT_EQ(launch.c_receive, MakeStreamSmemPlan(c, bps).total);
        EXPECT_EQ(launch.c_receive, base.total);
        EXPECT_EQ(launch.total,
                  AlignSmem(base.total +
                            PushedRanksReceiveBytes(c.block_m(), c.block_n(), cluster) +
                            8u));
        EXPECT_LE(launch.total, static_cast<uint32_t>(kMaxDynamicSmem));
        EXPECT_EQ(launch.c_receive % 16u, 0u);
      }
    }
  }
  EXPECT_GT(pushing, 0);
  EXPECT_GT(declined, 0);  // the longest chunks keep the general loop
}

// The ring tiles' pushed-ranks kernels put the receive area after their plan
// where it fits (RingReceiveAfterPlan: the launch's plan grows by it), else
// over the ring's stages, and its barrier after the stages' barriers (the
// kernel asserts the same at compile time for its rows): for every ring tile
// that RingPushesRanks, at its full rows and every decode form's, and every
// cluster of 3..8 CTAs, both fit.
TEST(LaunchSmemPlan, RingReceiveAreaFitsOverTheRing) {
  int pushing = 0, after_plan = 0;
  for (int id = 0; id < static_cast<int>(TileConfigId::kCount); ++id) {
    const TileConfigDesc c = GetTileConfig(static_cast<TileConfigId>(id));
    if (c.block_n() == 0 || !c.wgmma_ring) continue;
    for (int cluster = 1; cluster <= 8; ++cluster) {
      SCOPED_TRACE(::testing::Message() << c.name << " cluster " << cluster);
      if (!RingPushesRanks(c, cluster)) {
        EXPECT_TRUE(cluster <= 2 || c.producer_wg || c.warps_k == 1);
        continue;
      }
      ++pushing;
      EXPECT_FALSE(PushesRanks(c, 16, cluster));
      const SmemPlan launch = MakeLaunchSmemPlan(c, 16, cluster);
      if (RingReceiveAfterPlan(c)) {
        ++after_plan;
        EXPECT_EQ(launch.c_receive, MakeRingSmemPlan(c).total);
        EXPECT_EQ(launch.total,
                  AlignSmem(MakeRingSmemPlan(c).total +
                            PushedRanksReceiveBytes(c.block_m(), c.block_n(), cluster)));
        EXPECT_EQ(RingReceiveAfterPlanBytes(c, cluster), launch.total - MakeRingSmemPlan(c).total);
        EXPECT_LE(launch.total, static_cast<uint32_t>(kMaxDynamicSmem));
      } else {
        EXPECT_EQ(launch.total, MakeSmemPlan(c, 16, cluster).total);
        EXPECT_EQ(RingReceiveAfterPlanBytes(c, cluster), 0u);
      }
      const SmemPlan ring = MakeRingSmemPlan(c);
      const uint32_t ring_stage_bytes = ring.a_scales - ring.a_stages;
      for (int rows : {8, 16, 32, c.block_m()}) {
        if (rows != c.block_m() && !HasRingDecodeForm(c)) continue;
        EXPECT_LE(PushedRanksReceiveBytes(rows, c.block_n(), cluster),
                  ring_stage_bytes);
        EXPECT_TRUE(RingReceiveFits(c, rows));  // the kernel's compile-time check
      }
      EXPECT_LE(ring.barriers + 8u * static_cast<uint32_t>(RingStages(c) + 1), ring.c_tile);
    }
    // No area where the tile does not push.
    EXPECT_EQ(RingReceiveAfterPlanBytes(c, 2), 0u);
  }
  EXPECT_GT(pushing, 0);
  EXPECT_GT(after_plan, 0);  // the 64-row k2 / k4 tiles
}

TEST(LaunchSmemPlan, EveryChunkHasOneOwnerAndEverySlotFits) {
  for (int chunks : {32, 64, 128, 256, 512}) {
    for (int ranks = 3; ranks <= 8; ++ranks) {
        SCOPED_TRACE(::testing::Message() << chunks << " chunks, " << ranks << " ranks");
        const int owned_max = PushedRanksOwnedMax(chunks, ranks);
        int total = 0;
        int pushed_to[8] = {};
        for (int r = 0; r < ranks; ++r) {
          EXPECT_LE(PushedRanksOwned(chunks, ranks, r), owned_max);
          total += PushedRanksOwned(chunks, ranks, r);
        }
        EXPECT_EQ(total, chunks);
        for (int c = 0; c < chunks; ++c) {
          const int owner = c % ranks;
          const int j = c / ranks;
          ASSERT_LT(j, PushedRanksOwned(chunks, ranks, owner));
          ++pushed_to[owner];
          // The last slot a pusher writes for this chunk (its sum of its
          // own partials) lies inside the area.
          const int last_slot = (ranks - 1) * owned_max + j;
          ASSERT_LT(static_cast<uint32_t>(last_slot) * 16u,
                    static_cast<uint32_t>(ranks * owned_max) * 16u);
        }
        for (int r = 0; r < ranks; ++r) EXPECT_EQ(pushed_to[r], PushedRanksOwned(chunks, ranks, r));
        // The area of a tile of `chunks` chunks (block_m x block_n / 4).
        EXPECT_EQ(PushedRanksReceiveBytes(8, chunks / 2, ranks),
                  static_cast<uint32_t>(ranks * owned_max) * 16u);
    }
  }
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
