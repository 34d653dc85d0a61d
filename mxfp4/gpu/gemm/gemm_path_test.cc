// File: mxfp4/gpu/gemm/gemm_path_test.cc
//
// The test list every GEMM path runs (docs/paths.md, "Tests"); compiled once
// per path into <path>_test with MXFP4_GEMM_TEST_PATH set to the GemmPath
// enumerator (XNNPACK-style: one list, instantiated per kernel). Each case is
// bit-exact against the emulator's block_fma contract with the path's own
// K-split (GemmTester); the contest shapes are also checked against the ideal
// result (atol = rtol = 1e-2). Skips without a GPU unless MXFP4_REQUIRE_GPU=1;
// a guard fails the binary if a usable GPU never ran the path.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/gemm_tester.h"
#include "mxfp4/testing/gpu_test_util.h"

#ifndef MXFP4_GEMM_TEST_PATH
#error "define MXFP4_GEMM_TEST_PATH (kFusedQuant, kSplitKSmallM or kQuantThenMma)"
#endif

namespace mxfp4::gpu::testing {
namespace {

constexpr GemmPath kPath = GemmPath::MXFP4_GEMM_TEST_PATH;

[[maybe_unused]] ::testing::Environment* const kGuard =
    ::testing::AddGlobalTestEnvironment(new PathRanGuard(kPath));

bool PathSplitsK() { return kPath != GemmPath::kFusedQuant; }

std::vector<std::string> PathTiles() { return GemmPathTileNames(kPath); }

struct Shape {
  int64_t m, n, k;
};

// The contest's benchmark shapes, then its test shapes (spec: workload.md).
const Shape kContestShapes[] = {{4, 2880, 512},    {16, 2112, 7168}, {32, 4096, 512},
                                {32, 2880, 512},   {64, 7168, 2048}, {256, 3072, 1536},
                                {8, 2112, 7168},   {16, 3072, 1536}, {64, 3072, 1536},
                                {256, 2880, 512}};

GemmTester PathTester() { return GemmTester().Path(kPath); }

// Under MXFP4_TEST_SCALE=small (compute-sanitizer runs) every test keeps its
// first few cases only.
int Limit(int full, int small = 2) { return SmallTestScale() ? std::min(full, small) : full; }

TEST(GemmPath, RegistryListsThisPath) {
  bool found = false;
  for (const GemmPathInfo& info : GemmPathInfos()) found |= info.path == kPath;
  EXPECT_TRUE(found) << GemmPathName(kPath);
}

// Original layouts (preshuffled B, shuffled16 scales), bit-exact + ideal.
TEST(GemmPath, ContestShapesOriginalLayouts) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 100;
  const int count = Limit(10, 1);
  for (int i = 0; i < count; ++i) {
    const Shape& s = kContestShapes[i];
    EXPECT_TRUE(PathTester().M(s.m).N(s.n).K(s.k).Seed(++seed).CheckIdeal(true).Run());
  }
}

TEST(GemmPath, ContestShapesNaturalLayouts) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 200;
  const int count = Limit(10, 1);
  for (int i = 0; i < count; ++i) {
    const Shape& s = kContestShapes[i];
    EXPECT_TRUE(PathTester()
                    .M(s.m).N(s.n).K(s.k).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                    .Run());
  }
}

TEST(GemmPath, MixedLayouts) {
  MXFP4_SKIP_IF_NO_GPU();
  EXPECT_TRUE(PathTester().M(16).N(208).K(1024).Seed(301)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(PathTester().M(40).N(208).K(1024).Seed(302)
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
}

// Every M of the issue; N not a multiple of any tile; K = 32 * odd (natural)
// and K % 64 == 0 (preshuffled).
TEST(GemmPath, MSweep) {
  MXFP4_SKIP_IF_NO_GPU();
  const int64_t ms[] = {1, 17, 2, 3, 4, 8, 15, 16, 31, 32, 33, 64, 255, 256, 1000};
  uint64_t seed = 400;
  const int count = Limit(15);
  for (int i = 0; i < count; ++i) {
    const int64_t m = ms[i];
    EXPECT_TRUE(PathTester().M(m).N(144).K(1088).Seed(++seed).Run());
    EXPECT_TRUE(PathTester().M(m).N(100).K(480).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  }
}

TEST(GemmPath, TinyAndOddShapes) {
  MXFP4_SKIP_IF_NO_GPU();
  EXPECT_TRUE(PathTester().M(5).N(48).K(64).Seed(501).Run());
  EXPECT_TRUE(PathTester().M(5).N(7).K(32).Seed(502)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().M(3).N(1).K(96).Seed(503)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(PathTester().M(70).N(130).K(1376).Seed(504)  // 43 blocks, odd
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  // A long K that crosses several weight-scale phases.
  EXPECT_TRUE(PathTester().M(9).N(80).K(8192 + 2048).Seed(505).Run());
}

TEST(GemmPath, EveryTile) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 600;
  for (const std::string& tile : PathTiles()) {
    EXPECT_TRUE(PathTester().Tile(tile).M(75).N(272).K(2112).Seed(++seed).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(6).N(90).K(352).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    // Fused streaming tiles on short K ranges: warps whose quantization has
    // no block of their own (K = 32; K = 256 in the k8 tiles, whose warps
    // 8..15 then still multiply blocks 4..7) must still load their weights.
    if (tile.rfind("stream_", 0) == 0) {
      EXPECT_TRUE(PathTester().Tile(tile).M(20).N(48).K(32).Seed(++seed)
                      .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
      EXPECT_TRUE(PathTester().Tile(tile).M(9).N(112).K(256).Seed(++seed)
                      .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
      // Preshuffled data with natural scales: the run-time form, also in the
      // fold tiles whose contest layouts have a kernel of their own
      // (HasStreamLayoutKernels).
      EXPECT_TRUE(PathTester().Tile(tile).M(24).N(208).K(512).Seed(++seed)
                      .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
    }
    // Quantization clusters: a grid padded past N (N = 2048 + 32: 65 tiles),
    // rows beyond M, K = 32 * odd in natural layouts.
    if (tile.size() > 3 && tile.compare(tile.size() - 3, 2, "_c") == 0) {
      EXPECT_TRUE(PathTester().Tile(tile).M(17).N(2080).K(512).Seed(++seed).Run());
      EXPECT_TRUE(PathTester().Tile(tile).M(31).N(100).K(480).Seed(++seed)
                      .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    }
    // The ring tiles compile one body per weight layout: the mixed ones too
    // (K = 32 * 69: a partial last loop step and a short last chunk). The
    // m64 / m128 K-split ws tiles hold the original layouts (the default
    // above) in a kernel of their own, the others in the four-body one
    // (HasRingWsLayoutKernels): both run here.
    if (tile.rfind("wgmma8_", 0) == 0) {
      EXPECT_TRUE(PathTester().Tile(tile).M(70).N(136).K(2208).Seed(++seed)
                      .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
      EXPECT_TRUE(PathTester().Tile(tile).M(129).N(208).K(2240).Seed(++seed)
                      .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
      // Their fast loop (K a multiple of 512: equal chunks of whole stages)
      // in every layout, with rows beyond N (N = 272, 90: a row pair whose
      // second row is past N) and a partial last row tile.
      EXPECT_TRUE(PathTester().Tile(tile).M(75).N(272).K(2048).Seed(++seed).Run());
      EXPECT_TRUE(PathTester().Tile(tile).M(70).N(90).K(1024).Seed(++seed)
                      .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
      EXPECT_TRUE(PathTester().Tile(tile).M(130).N(136).K(1536).Seed(++seed)
                      .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
      EXPECT_TRUE(PathTester().Tile(tile).M(129).N(208).K(512).Seed(++seed)
                      .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
    }
  }
}

// The ring tiles on grids of more than one wave (auto's choices for M > 32
// without a forced split: GemmApi.AutoPlanForContestShapes): CTAs of later waves,
// a partial last row tile, the fast loop (K = 1024) and the exact one
// (K = 32 * 17, natural layouts).
TEST(GemmPath, RingTilesOnGridsOfSeveralWaves) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  // 67 x 2 = 134 CTAs of wgmma8_n64_m128_k2_fold; 133 of wgmma8_n64_m64_k2_fold.
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m128_k2_fold").M(200).N(4288).K(1024).Seed(1201).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").M(40).N(8512).K(544).Seed(1202)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  // Auto's tiles beyond one wave: 67 x 2 = 134 CTAs of wgmma8_n128_m128_ws_fold
  // (since session 25; its ring twin before), 133 of wgmma8_n128_m64_k2_fold.
  // The ws producer's whole-stage form (K = 1024) and its checked form (K =
  // 32 x 17; rows past N = 8512).
  for (const char* tile : {"wgmma8_n128_m128_ws_fold", "wgmma8_n128_m128_fold"}) {
    SCOPED_TRACE(tile);
    EXPECT_TRUE(PathTester().Tile(tile).M(200).N(8576).K(1024).Seed(1203).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(130).N(8512).K(544).Seed(1204)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(130).N(8512).K(1024).Seed(1207).Run());
  }
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m64_k2_fold").M(50).N(17024).K(1024).Seed(1205).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m64_k2_fold").M(33).N(17000).K(544).Seed(1206)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
}

// 16 < M <= 32 with K >= 2048 on the 64-row ring tiles (auto's choice on
// 32..132 CTAs since session 17: GemmApi.AutoPlanForContestShapes): most of
// the row tile is padding; the fast loop (k2, k4) and the exact one (K = 32 *
// 67, natural layouts), N not a multiple of the tile.
TEST(GemmPath, RingTilesFor32Rows) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  EXPECT_TRUE(PathTester().M(32).N(2048).K(2048).Seed(1301).Run());  // auto: n64_m64_k2
  EXPECT_TRUE(PathTester().M(17).N(2080).K(4096).Seed(1302)           // auto: n64_m64_k4
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").M(24).N(2090).K(2144).Seed(1303)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").M(31).N(2096).K(2144).Seed(1304)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
}

// Small layers on auto: N <= 1024 with 512 < K <= 4096 run splitk_small_m on
// a narrow tile with K split over 2 CTAs, 4 below N = 256 from K = 1056
// (session 29: every tile of the rule, N not a multiple of the tile, K = 32 x
// odd, fp32 out; session 30: below N = 64 the 8-row tile at every M, where
// sessions 27-28 ran the fused path, and for 8 < M <= 32 the 8-row tiles
// wherever their clusters stay resident).
TEST(GemmPath, SmallLayers) {
  MXFP4_SKIP_IF_NO_GPU();
  auto auto_tester = [] { return PathTester().Path(GemmPath::kAuto); };
  if (kPath == GemmPath::kSplitKSmallM) {
    // Below N = 64: stream_n16_m8_k8 up to K = 4096.
    EXPECT_TRUE(auto_tester().M(8).N(48).K(3072).Seed(1481).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(32).N(32).K(1536).Seed(1482).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(17).N(40).K(2016).Seed(1483)  // K = 32 x 63
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(auto_tester().M(1).N(16).K(4096).Seed(1484).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(30).N(8).K(1056).Seed(1485)  // N below one tile
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                    .Output(GemmOutputType::kFp32).Run());
    // Below N = 256: clusters of 4 from K = 1056.
    EXPECT_TRUE(auto_tester().M(8).N(224).K(3072).Seed(1488).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(32).N(128).K(1536).Seed(1489).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(17).N(200).K(2016).Seed(1490)  // K = 32 x 63
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(auto_tester().M(8).N(1024).K(3072).Seed(1491).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(32).N(512).K(1536).Seed(1492).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(16).N(1024).K(1024).Seed(1493).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(17).N(1000).K(2016).Seed(1494)  // stream_n32_m16_k4
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(auto_tester().M(3).N(520).K(2976).Seed(1495)  // K = 32 x 93
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
    EXPECT_TRUE(auto_tester().M(12).N(776).K(3104).Seed(1496)  // the bulk tile, K = 32 x 97
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                    .Output(GemmOutputType::kFp32).Run());
    EXPECT_TRUE(auto_tester().M(31).N(1024).K(4096).Seed(1497).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(1).N(256).K(1088).Seed(1498).Run());
    // 8 < M <= 32 on the 8-row tiles where their clusters stay resident
    // (session 30): stream_n32_m8_k8_bulk, stream_n16_m8_k8 with 2 and 4.
    EXPECT_TRUE(auto_tester().M(16).N(1024).K(2048).Seed(1499).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(32).N(256).K(4096).Seed(1500).CheckIdeal(true).Run());
    EXPECT_TRUE(auto_tester().M(13).N(200).K(3104).Seed(1501)  // K = 32 x 97
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  } else {
    GTEST_SKIP() << "auto runs small layers as splitk_small_m";
  }
}

// Small layers with a long K on auto (session 30): 256 <= N <= 1024 with K >
// 4096 run splitk_small_m on the bulk tile with the largest cluster of 8, 4
// or 2 that stays resident for M <= 8 (stream_n16_m8_k8 where the bulk slabs
// do not fit; below N = 256 at every M <= 32, stream_n16_m8_k8 first up to
// K = 8192), and the 64-row ring tile with a K-split cluster of up to 8
// for 8 < M <= 32 (k2 where its cluster is larger than k4's; M > 16 at any
// N); N not a multiple of the tile, K = 32 x odd, fp32 out.
TEST(GemmPath, SmallLayersWithLongK) {
  MXFP4_SKIP_IF_NO_GPU();
  auto auto_tester = [] { return PathTester().Path(GemmPath::kAuto); };
  if (kPath == GemmPath::kSplitKSmallM) {
    EXPECT_TRUE(auto_tester().M(1).N(512).K(6144).Seed(1511).CheckIdeal(true).Run());  // c4
    EXPECT_TRUE(auto_tester().M(8).N(1024).K(5120).Seed(1512).CheckIdeal(true).Run());  // c2
    EXPECT_TRUE(auto_tester().M(4).N(1024).K(12288).Seed(1513).Run());  // stream_n16_m8_k8
    EXPECT_TRUE(auto_tester().M(5).N(300).K(4128).Seed(1514)  // c8, K = 32 x 129
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    // Below N = 256, every M <= 32 (call 8): stream_n16_m8_k8 up to K = 8192,
    // else the bulk tile.
    EXPECT_TRUE(auto_tester().M(16).N(208).K(8192).Seed(1516).CheckIdeal(true).Run());  // n16 c4
    EXPECT_TRUE(auto_tester().M(29).N(100).K(12320).Seed(1517)  // bulk c4, K = 32 x 385
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(auto_tester().M(32).N(240).K(8192).Seed(1518).Output(GemmOutputType::kFp32).Run());
    EXPECT_TRUE(auto_tester().M(8).N(776).K(8224).Seed(1515)  // K = 32 x 257
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .Output(GemmOutputType::kFp32).Run());
  } else if (kPath == GemmPath::kQuantThenMma) {
    EXPECT_TRUE(auto_tester().M(16).N(512).K(8192).Seed(1521).CheckIdeal(true).Run());  // k2 c8
    EXPECT_TRUE(auto_tester().M(12).N(1000).K(5152).Seed(1522)  // k2 c4, K = 32 x 161
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(auto_tester().M(32).N(1536).K(12288).Seed(1523).CheckIdeal(true).Run());  // k4 c4
    EXPECT_TRUE(auto_tester().M(24).N(256).K(16384).Seed(1524)  // k4 c8
                    .Output(GemmOutputType::kFp32).Run());
    EXPECT_TRUE(auto_tester().M(17).N(776).K(6176).Seed(1525)  // K = 32 x 193
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
    EXPECT_TRUE(auto_tester().M(64).N(512).K(8192).Seed(1526).CheckIdeal(true).Run());  // k2 c8
    EXPECT_TRUE(auto_tester().M(13).N(1792).K(12288).Seed(1527).Run());  // k4 c4, N > 1024
  } else {
    GTEST_SKIP() << "auto runs long-K small layers as splitk_small_m or quant_then_mma";
  }
}

// Session 31's auto plans (GemmApi.AutoPlanForContestShapes pins them):
// - N < 64 with K > 4096: stream_n16_m8_k8 with clusters of 8;
// - 8 < M <= 16 at 256 <= N < 512: stream_n32_m16_k4 below K = 8192, the
//   ring tile below K = 12288;
// - K <= 2048 from N = 512 (M <= 8: beyond N = 1024): stream_n32_m8_k8, no
//   K-split up to K = 1024, clusters of 2 beyond; M <= 8 at 49..66 N tiles up
//   to K = 4096: the bulk split-K tile with 2;
// - streamq_n32_m16_k8_bulk: 8 < M <= 32 beyond N = 1024 without a K-split
//   (16 < M <= 32 up to K = 3072, and from N = 544 at K <= 2048), 8 < M <= 16
//   at K = 3072..4096 from N = 544 with 2;
// - the ring tile: 16 < M <= 32 at K = 4096 below 32 CTAs (K-split cluster)
//   and from K = 1024 beyond 66 N tiles; 8 < M <= 16 beyond 66 N tiles with K
//   > 4096 and from 128 N tiles at K = 4096;
// - streaming clusters that stay resident (2 for 40 N tiles, 3 where only 3
//   fits the bulk tile, 4 for 16 N tiles).
// N not a multiple of the tile, K = 32 x odd, natural layouts, fp32 out.
TEST(GemmPath, MidLayersAndResidentClusters) {
  MXFP4_SKIP_IF_NO_GPU();
  auto auto_tester = [] { return PathTester().Path(GemmPath::kAuto); };
  const auto natural = [](GemmTester t) -> GemmTester {
    t.WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural);
    return t;
  };
  // Under MXFP4_TEST_SCALE=small (the sanitizer runs) the path's first four
  // cases only.
  std::vector<GemmTester> cases;
  if (kPath == GemmPath::kSplitKSmallM) {
    cases.push_back(auto_tester().M(8).N(48).K(8192).Seed(1531).CheckIdeal(true));  // n16 c8
    cases.push_back(natural(auto_tester().M(30).N(24).K(6176).Seed(1532))           // K = 32 x 193
                        .Output(GemmOutputType::kFp32));
    cases.push_back(auto_tester().M(16).N(256).K(6144).Seed(1533).CheckIdeal(true));  // c8
    cases.push_back(natural(auto_tester().M(12).N(496).K(5152).Seed(1534)));  // c4, 32 x 161
    cases.push_back(auto_tester().M(1).N(1536).K(1024).Seed(1535).CheckIdeal(true));  // c1
    cases.push_back(auto_tester().M(4).N(2112).K(2048).Seed(1536).CheckIdeal(true));  // c2
    cases.push_back(natural(auto_tester().M(7).N(1100).K(1568).Seed(1537))            // K = 32 x 49
                        .Output(GemmOutputType::kFp32));
    cases.push_back(natural(auto_tester().M(1).N(1056).K(12320).Seed(1538)));  // bulk c3
    cases.push_back(auto_tester().M(8).N(1280).K(8192).Seed(1539));            // bulk c2
    // Calls 5-6: 8 < M <= 16 on the 8-row register tile, M <= 8 on the bulk
    // tile with 2 at 49..66 N tiles up to K = 4096.
    cases.push_back(auto_tester().M(12).N(2048).K(1024).Seed(1552).CheckIdeal(true));  // c1
    cases.push_back(natural(auto_tester().M(16).N(800).K(2016).Seed(1553))  // c2, K = 32 x 63
                        .Output(GemmOutputType::kFp32));
    cases.push_back(auto_tester().M(1).N(2048).K(4096).Seed(1554).CheckIdeal(true));  // bulk c2
    cases.push_back(natural(auto_tester().M(5).N(1700).K(3104).Seed(1555)));          // K = 32 x 97
    // Call 7: 16 < M <= 32 on the 8-row register tile from N = 512.
    cases.push_back(auto_tester().M(32).N(1024).K(1024).Seed(1559).CheckIdeal(true));  // c1
    cases.push_back(natural(auto_tester().M(24).N(520).K(2016).Seed(1560))  // c2, K = 32 x 63
                        .Output(GemmOutputType::kFp32));
  } else if (kPath == GemmPath::kQuantThenMma) {
    cases.push_back(auto_tester().M(32).N(1088).K(1024).Seed(1541).CheckIdeal(true));
    cases.push_back(auto_tester().M(17).N(2112).K(3072).Seed(1542));         // 132 CTAs
    cases.push_back(natural(auto_tester().M(20).N(1200).K(2016).Seed(1543))  // K = 32 x 63
                        .Output(GemmOutputType::kFp32));
    cases.push_back(auto_tester().M(32).N(1088).K(4096).Seed(1544).CheckIdeal(true));  // k2 c4
    cases.push_back(natural(auto_tester().M(24).N(2880).K(1056).Seed(1545)));  // K = 32 x 33
    cases.push_back(auto_tester().M(16).N(448).K(10240).Seed(1546).CheckIdeal(true));  // k2 c8
    cases.push_back(natural(auto_tester().M(12).N(2200).K(6176).Seed(1547)));          // k4 c2
    cases.push_back(auto_tester().M(16).N(1280).K(4096).Seed(1548).CheckIdeal(true));  // c2
    cases.push_back(auto_tester().M(12).N(1280).K(8192).Seed(1549));  // E4M3-A bulk c2
    cases.push_back(
        auto_tester().M(16).N(1056).K(8192).Seed(1550).Output(GemmOutputType::kFp32));  // bulk c3
    cases.push_back(auto_tester().M(16).N(496).K(12288).Seed(1551));                    // bulk c4
    // Calls 5-6: 8 < M <= 16 on the 16-row bulk tile without a K-split, and
    // on the ring tile at K = 4096 from 128 N tiles.
    cases.push_back(auto_tester().M(16).N(2048).K(2048).Seed(1556).CheckIdeal(true));
    cases.push_back(natural(auto_tester().M(9).N(2040).K(3040).Seed(1557))  // K = 32 x 95
                        .Output(GemmOutputType::kFp32));
    cases.push_back(auto_tester().M(16).N(4096).K(4096).Seed(1558).CheckIdeal(true));  // k4 c2
    // Call 7: small layers on the 16-row bulk tile (16 < M <= 32 without a
    // K-split, 8 < M <= 16 at K = 3072..4096 with 2).
    cases.push_back(auto_tester().M(32).N(768).K(2048).Seed(1561).CheckIdeal(true));
    cases.push_back(natural(auto_tester().M(13).N(1000).K(3104).Seed(1562)));  // K = 32 x 97
  } else {
    GTEST_SKIP() << "auto runs these as splitk_small_m or quant_then_mma";
  }
  const int n = Limit(static_cast<int>(cases.size()), 4);
  for (int i = 0; i < n; ++i) EXPECT_TRUE(cases[i].Run()) << "case " << i;
}

// Session 78's auto plans for M <= 32 at K <= 512 (fused_quant): the fold
// tile for 16 < M <= 32 at any N, for 8 < M <= 16 the cluster tile _c4 from
// 32 N tiles while resident and the fold tiles beyond (k2 past one wave),
// for M <= 8 the fold tile past the default's wave and the k2 fold past three
// of them; rows not a multiple of the tile, N not a multiple of 64, natural
// layouts, fp32 out.
TEST(GemmPath, FusedTilesForFewRowsAtShortK) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kFusedQuant) GTEST_SKIP() << "auto runs these as fused_quant";
  auto auto_tester = [] { return PathTester().Path(GemmPath::kAuto); };
  std::vector<GemmTester> cases;
  cases.push_back(auto_tester().M(32).N(512).K(512).Seed(1701).CheckIdeal(true));   // fold
  cases.push_back(auto_tester().M(17).N(2848).K(448).Seed(1702).CheckIdeal(true));  // fold
  cases.push_back(auto_tester().M(16).N(2048).K(512).Seed(1703).CheckIdeal(true));  // _c4
  cases.push_back(auto_tester().M(12).N(3872).K(512).Seed(1704));                   // fold
  cases.push_back(auto_tester().M(8).N(4256).K(512).Seed(1706).CheckIdeal(true));  // fold
  cases.push_back(auto_tester().M(3).N(12704).K(512).Seed(1707));                  // k2 fold
  // Natural layouts: K = 32 x odd (the preshuffled layout needs K % 64 == 0).
  const auto natural = [](GemmTester t) -> GemmTester {
    t.WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural);
    return t;
  };
  const auto natural_fp32 = [](GemmTester t) -> GemmTester {
    t.WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural);
    t.Output(GemmOutputType::kFp32);
    return t;
  };
  cases.push_back(natural(auto_tester().M(9).N(8528).K(480).Seed(1705)));  // k2 fold
  cases.push_back(natural_fp32(auto_tester().M(13).N(1000).K(416).Seed(1708)));  // _c4
  cases.push_back(natural_fp32(auto_tester().M(1).N(5000).K(512).Seed(1709)));   // fold
  const int n = Limit(static_cast<int>(cases.size()), 4);
  for (int i = 0; i < n; ++i) EXPECT_TRUE(cases[i].Run()) << "case " << i;
}

// Sessions 32-34's auto plans on quant_then_mma: the k2 ring tile's ws twin
// at M > 32 with K <= 1024 (K = 512, 992), the k2 tile's partial loop at K =
// 2880, clusters of 4 / 8 with 8-block chunks at K = 2048..4096, the ring tile
// for 8 < M <= 16 from K = 10240 and for M <= 8 from K = 8192 at 40..60 N
// tiles (k2 on a cluster tie where the k4 tile's chunks are not whole steps),
// the 16-row bulk tile for 16 < M <= 32 at K = 3072..4096 and with 2 CTAs a
// cluster at 34..38 N tiles from M = 5.
TEST(GemmPath, ShortChunkClustersAndOffStepK) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "auto runs these as quant_then_mma";
  auto auto_tester = [] { return PathTester().Path(GemmPath::kAuto); };
  const auto natural = [](GemmTester t) -> GemmTester {
    t.WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural);
    return t;
  };
  // Under MXFP4_TEST_SCALE=small (the sanitizer runs) the first four only.
  std::vector<GemmTester> cases;
  cases.push_back(auto_tester().M(64).N(512).K(512).Seed(1571).CheckIdeal(true));  // ws twin
  cases.push_back(natural(auto_tester().M(40).N(1000).K(992).Seed(1572))           // ws, 32 x 31
                      .Output(GemmOutputType::kFp32));
  cases.push_back(auto_tester().M(64).N(256).K(4096).Seed(1573).CheckIdeal(true));  // k2 c8
  cases.push_back(natural(auto_tester().M(24).N(1536).K(3616).Seed(1574)));  // bulk c1, 32 x 113
  cases.push_back(auto_tester().M(48).N(256).K(2048).Seed(1575));             // k2 c4
  cases.push_back(auto_tester().M(64).N(5120).K(2880).Seed(1576).CheckIdeal(true));  // k2, K 90x32
  cases.push_back(auto_tester().M(24).N(5120).K(2880).Seed(1577));            // k2, 90 blocks
  cases.push_back(auto_tester().M(16).N(5120).K(2880).Seed(1578));            // k2, 90 blocks
  cases.push_back(auto_tester().M(12).N(1280).K(11264).Seed(1579).CheckIdeal(true));  // k2 c4
  cases.push_back(auto_tester().M(12).N(1280).K(10240).Seed(1580));           // k4 c4
  cases.push_back(auto_tester().M(16).N(1024).K(11008).Seed(1584));           // k2 c4, 344 blocks
  cases.push_back(natural(auto_tester().M(5).N(1296).K(12320).Seed(1585))   // M <= 8: k2 c4,
                      .Output(GemmOutputType::kFp32));                        // 385 blocks
  cases.push_back(auto_tester().M(7).N(1344).K(12288).Seed(1586).CheckIdeal(true));  // k4 c4
  cases.push_back(natural(auto_tester().M(6).N(1424).K(8992).Seed(1587)));   // k2 c4, 281 blocks
  cases.push_back(auto_tester().M(2).N(1600).K(8192).Seed(1588).CheckIdeal(true));  // k4 c4
  cases.push_back(natural(auto_tester().M(32).N(760).K(3104).Seed(1581))      // bulk c2, 32 x 97
                      .Output(GemmOutputType::kFp32));
  cases.push_back(auto_tester().M(16).N(1216).K(4096).Seed(1582).CheckIdeal(true));  // bulk c2
  cases.push_back(natural(auto_tester().M(3).N(5120).K(2880).Seed(1583)));  // k2 decode, 80 CTAs
  const int n = Limit(static_cast<int>(cases.size()), 4);
  for (int i = 0; i < n; ++i) EXPECT_TRUE(cases[i].Run()) << "case " << i;
}

// The k2 ring tiles' partial loop (sessions 32-33): chunks that are not
// whole, equal ring steps (K-blocks not a multiple of 4 x warpgroups x
// cluster: K = 2880, 2112, 1440, 32 x odd) with every block folding. With and
// without a K-split cluster (later ranks' chunks short or empty), decode and
// 64-row kernels, N not a multiple of the tile, natural and original layouts;
// kFoldRangeScales weights keep every block on the folded form. The same
// cases on the k4 tile, which has no partial loop (its exact loop runs them).
TEST(GemmPath, RingTilesChunksOffTheRingStep) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  uint64_t seed = 1590;
  for (const char* tile : {"wgmma8_n64_m64_k2_fold", "wgmma8_n64_m64_k4_fold"}) {
    SCOPED_TRACE(tile);
    auto t = [&] { return PathTester().Tile(tile).Seed(++seed); };
    EXPECT_TRUE(t().M(1).N(400).K(2880).CheckIdeal(true).Run());          // 90 blocks
    EXPECT_TRUE(t().M(16).N(528).K(2112).Run());                          // 66
    EXPECT_TRUE(t().M(33).N(136).K(1440)                                  // 45
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                    .CheckIdeal(true).Run());
    EXPECT_TRUE(t().M(64).N(224).K(2880).SplitK(2).Run());                // ranks of 48 + 42
    EXPECT_TRUE(t().M(80).N(208).K(2112).SplitK(4)                        // a short last rank
                    .B(BInput::kFoldRangeScales).Output(GemmOutputType::kFp32).Run());
    EXPECT_TRUE(t().M(32).N(264).K(992)                                   // 31 blocks
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
    EXPECT_TRUE(t().M(17).N(72).K(5792).SplitK(3)                         // 181 blocks, 3 ranks
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  }
}

// The 64-row ring tiles' decode kernels (session 28): with M <= 8 (16, 32)
// the fast loop runs m64n8k32 (m64n16k32, m64n32k32) wgmmas, the
// accumulator's other columns staying +0. M = 1, 16, 17, 32 on them, and
// M = 33, 80, 96 (partial row tiles of 33, 16 and 32 rows) on the 64-row
// kernel beside them; every weight layout, N not a multiple of the tile;
// K = 2048 and 4096 (equal chunks of whole stages: the fast loop).
TEST(GemmPath, RingTilesNarrowWgmmaForFewRows) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  uint64_t seed = 1460;
  for (const char* tile : {"wgmma8_n64_m64_k2_fold", "wgmma8_n64_m64_k4_fold",
                           "wgmma8_n128_m64_k2_fold", "wgmma8_n128_m64_fold"}) {
    SCOPED_TRACE(tile);
    EXPECT_TRUE(PathTester().Tile(tile).M(1).N(400).K(2048).Seed(++seed).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(16).N(528).K(2048).Seed(++seed).CheckIdeal(true).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(17).N(264).K(2048).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(32).N(272).K(2048).Seed(++seed).CheckIdeal(true).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(33).N(136).K(2048).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(80).N(208).K(2048).Seed(++seed)
                    .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(96).N(200).K(4096).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  }
}

// The k4 decode kernels without a cluster hold up to 16 stages of their own
// rows in the activation ring (RingDeepDecodeRows; 8 at M > 16, session 35),
// the M <= 8 one 32 where its chunks have 96 blocks or more (RingLongDecode,
// session 36): chunks long enough that the ring wraps (68 to 256 blocks a
// warpgroup: 17 to 64 stages), each row form, every weight layout, N not a
// multiple of the tile, K = 32 * 545 (the exact loop; chunks of 140, the last
// one short), and the long kernel's edge: chunks of exactly 96 blocks, and 96
// with the last one short (K = 32 * 380, the exact loop). The long kernel's
// fast loop takes its steps in threes (kLongDecodeStepsAhead, session 38):
// chunks of 24, 40, 26, 25, 27 and 64 steps end with 0, 1, 2, 1, 0 and 1
// steps left over.
TEST(GemmPath, RingDecodeKernelsDeepRingWraps) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  // SplitK(1): no K-split cluster (on these few N tiles the planner would
  // take one, and with it the cluster kernels).
  auto t = [] { return PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(1); };
  EXPECT_TRUE(t().M(1).N(400).K(20480).Seed(1611).CheckIdeal(true).Run());
  EXPECT_TRUE(t().M(12).N(136).K(12288).Seed(1612)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t().M(24).N(264).K(8704).Seed(1613)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t().M(5).N(72).K(32 * 545).Seed(1614)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t().M(16).N(128).K(10240).Seed(1615).A(AInput::kWideExponent)
                  .Repeats(Limit(5, 1)).Run());
  EXPECT_TRUE(t().M(4).N(208).K(32768).Seed(1625)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t().M(8).N(336).K(12288).Seed(1626).CheckIdeal(true).Repeats(Limit(5, 1)).Run());
  EXPECT_TRUE(t().M(2).N(80).K(32 * 380).Seed(1627)
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t().M(7).N(1008).K(16384).Seed(1628).B(BInput::kExtremeScales)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(t().M(3).N(200).K(13312).Seed(1629).CheckIdeal(true)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t().M(6).N(136).K(12800).Seed(1630)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t().M(1).N(272).K(13824).Seed(1631).CheckIdeal(true).Run());
  // The 32-row kernel (8 stages) on preshuffled weights, M not a multiple of
  // 16, its ring wrapping 2.25 times, its last tile one 16-row weight group.
  // Full scale only: racecheck at small scale is near run_all.sh's limit.
  if (SmallTestScale()) return;
  EXPECT_TRUE(t().M(29).N(464).K(9216).Seed(1632).CheckIdeal(true).Run());
}

// The k4 ring tile without a K split over CTAs reads A in the ring's stage
// order (ring_stage_order.h, session 42) where its 4 chunks are whole stages
// of one length, and in K order elsewhere: each side of the rule on every row
// form (the 8 / 16 / 32-row decode kernels, the 64-row kernel, two row tiles
// with a partial one), one stage a chunk (K = 512), chunks of an odd number of
// stages (K = 1536: 12 blocks), chunks off the step (K = 640: 5 blocks) and
// unequal ones (K = 32 * 49), N not a multiple of the tile (of 16 on
// natural weights, the preshuffled layout's unit) or of 4, three weight layouts, fp32 out, wide exponents, the ideal check. The device half
// of ring_stage_order_test: the quantizer's positions and the fills' one copy
// a stage must agree bit for bit.
TEST(GemmPath, RingStageOrderedActivations) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  auto t = [] { return PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(1); };
  EXPECT_TRUE(t().M(1).N(208).K(512).Seed(1641).CheckIdeal(true).Run());
  EXPECT_TRUE(t().M(13).N(136).K(1536).Seed(1642)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t().M(29).N(98).K(1536).Seed(1643).A(AInput::kWideExponent)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t().M(64).N(272).K(4096).Seed(1644).CheckIdeal(true).Run());
  EXPECT_TRUE(t().M(100).N(80).K(1536).Seed(1645).Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(t().M(8).N(144).K(640).Seed(1646).CheckIdeal(true).Run());
  EXPECT_TRUE(t().M(33).N(80).K(32 * 49).Seed(1647)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
}

// The k4 ring tile's decode kernels with K split over independent CTAs as
// well (GemmOptions::grid_split_k, session 39; combine_through_workspace.h):
// each CTA's partials through the poisoned workspace, the last CTA of a tile
// (a ticket from a counter the quantizer zeroes) adding every chunk in order.
// Auto's plans for 1x2048x16384 (4 CTAs a tile, with the ideal result and
// repeats: the counters start from zero on every call) and 16x1024x16384 (8),
// each row form (8 / 16 / 32), every weight layout, N not a multiple of the
// tile or of 4, fp32 outputs, a short chunk and empty ones on the last CTA (K
// = 32 * 67 over 12 chunks of 8: the exact loop there), whole CTAs with no
// block (K = 512 over 8 CTAs), -0 partials kept, and graph replay.
// MXFP4_TEST_SCALE=small (the sanitizer runs) keeps the short-K cases: with
// all of them quant_then_mma_test's racecheck ran past run_all.sh's 240 s
// (session 39 call 3).
TEST(GemmPath, RingDecodeKernelsSplitKOverGrid) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  auto t = [](int splits) {
    return PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(1).GridSplitK(splits);
  };
  EXPECT_TRUE(t(3).M(5).N(136).K(32 * 67).Seed(1643)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t(8).M(3).N(64).K(512).Seed(1644).Repeats(Limit(3, 2)).Run());
  EXPECT_TRUE(t(5).M(32).N(264).K(32 * 99).Seed(1646)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t(3).M(12).N(72).K(32 * 69).Seed(1648)
                  .A(AInput::kUnderflowingTerms).B(BInput::kUnderflowingTerms)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(t(4).M(17).N(98).K(6144).Seed(1647).Output(GemmOutputType::kFp32)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .A(AInput::kWideExponent).B(BInput::kExtremeScales).Run());
  if (SmallTestScale()) return;
  EXPECT_TRUE(PathTester().Path(GemmPath::kAuto).M(1).N(2048).K(16384).Seed(1641)
                  .CheckIdeal(true).Repeats(5).Run());
  EXPECT_TRUE(PathTester().Path(GemmPath::kAuto).M(16).N(1024).K(16384).Seed(1651)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t(2).M(8).N(200).K(8192).Seed(1642)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t(4).M(16).N(272).K(16384).Seed(1645).Output(GemmOutputType::kFp32)
                  .CheckIdeal(true).Run());
  EXPECT_TRUE(t(6).M(1).N(1024).K(12288).Seed(1649).UseGraph(true).Repeats(3).Run());
  EXPECT_TRUE(t(7).M(8).N(5120).K(17920).Seed(1650)
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
}

// Session 80: the 64-row k4 ring tile's pushing K-split clusters (3..8 CTAs)
// split over the grid as well (split_k x grid_split_k CTAs a tile;
// HasRingClusterGridSplitForm): each cluster sums its ranks' runs, the
// clusters' sums meet in the workspace (the contract's KSplit::outer_group).
// 64x512x16384 over 2 clusters of 8 with the ideal check; clusters of 3 with
// a short chunk and empty ones (K = 32 * 67: the exact loop), two row tiles
// with the second partial (M = 100), N not a multiple of the tile or of 4,
// CTAs without a block (K = 512 over 8 x 8 CTAs) with repeats on the counters,
// underflowing terms (-0 kept across the clusters), wide exponents into fp32,
// three weight layouts, a graph.
TEST(GemmPath, RingClustersSplitOverGrid) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  auto t = [](int cluster, int clusters) {
    return PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(cluster).GridSplitK(clusters);
  };
  EXPECT_TRUE(t(8, 2).M(64).N(512).K(16384).Seed(1801).CheckIdeal(true).Run());
  EXPECT_TRUE(t(3, 2).M(33).N(136).K(32 * 67).Seed(1802)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(t(8, 8).M(64).N(64).K(512).Seed(1803).Repeats(Limit(3, 2)).Run());
  EXPECT_TRUE(t(6, 2).M(48).N(200).K(32 * 69).Seed(1804)
                  .A(AInput::kUnderflowingTerms).B(BInput::kUnderflowingTerms)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(t(4, 3).M(100).N(98).K(6144).Seed(1805).Output(GemmOutputType::kFp32)
                  .A(AInput::kWideExponent).B(BInput::kExtremeScales).Run());
  if (SmallTestScale()) return;
  EXPECT_TRUE(t(4, 2).M(64).N(256).K(8192).Seed(1806).UseGraph(true).Repeats(3).Run());
  EXPECT_TRUE(t(5, 4).M(255).N(320).K(32 * 99).Seed(1807)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t(8, 2).M(128).N(512).K(8192).Seed(1808)
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(t(7, 2).M(40).N(1000).K(32 * 515).Seed(1809).CheckIdeal(true).Run());
}

// The bulk streaming tile with A as E5M2 (E4M3 before session 70; auto's choice for 8 < M <= 16
// where the fp16 bulk tile's A slice does not fit in shared memory, since
// session 24: GemmApi.AutoPlanForContestShapes): auto on one CTA per N tile
// (12x2880x4096, with the ideal result and 20 repeats) and on a cluster of 2
// (16x1536x8192); forced at M = 1 and 9 (rows past M), N not a multiple of
// the tile and K = 32 * odd (natural layouts), wide exponents with extreme
// weight scales into fp32, and activation scales at the fold edges.
TEST(GemmPath, BulkTileWithE5m2Activations) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the streamq tiles are quant_then_mma's";
  EXPECT_TRUE(PathTester().M(12).N(2880).K(4096).Seed(1401).CheckIdeal(true)
                  .Repeats(Limit(20, 2)).Run());
  EXPECT_TRUE(PathTester().M(16).N(1536).K(8192).Seed(1402).Run());
  const char* const tile = "streamq_n32_m16_k8_bulk_e5m2";
  EXPECT_TRUE(PathTester().Tile(tile).M(1).N(90).K(4064).Seed(1403)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().Tile(tile).M(9).N(2112).K(7168).Seed(1404).A(AInput::kWideExponent)
                  .B(BInput::kExtremeScales).Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(PathTester().Tile(tile).M(16).N(200).K(2080).Seed(1405)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .A(AInput::kFoldEdges).Run());
}

// Decode GEMMs of large layers (session 27): auto runs M <= 32 with a weight
// of 24 Mi elements or more on the ring tiles (rows beyond M are zeros), and a
// long K over few N tiles, whose streaming tile does not fit at any cluster,
// on the 64-row ring tile with a K-split cluster; since session 28 also N >=
// 5120 with K >= 1024, on the ring tiles' decode kernels (m64n8k32 /
// m64n16k32 / m64n32k32 for M <= 8 / 16 / 32), with or without a prepared
// copy. Auto's plans (gemm_api_test checks which tile) bit for bit against
// the emulator.
TEST(GemmPath, RingTilesForLargeDecodeWeights) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "auto runs these as quant_then_mma";
  auto auto_tester = [] { return PathTester().Path(GemmPath::kAuto); };
  EXPECT_TRUE(auto_tester().M(1).N(8192).K(4096).Seed(1441).Run());      // n64_m64_k4, 32 Mi
  EXPECT_TRUE(auto_tester().M(8).N(7168).K(4096).Seed(1442).Repeats(Limit(5, 1)).Run());
  EXPECT_TRUE(auto_tester().M(24).N(8192).K(4096).Seed(1443)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(auto_tester().M(16).N(256).K(65536).Seed(1444)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(auto_tester().M(1).N(5120).K(2048).Seed(1447).CheckIdeal(true).Run());  // n64_m64_k2
  EXPECT_TRUE(auto_tester().M(9).N(5136).K(1056).Seed(1448)  // K = 32 x 33: the exact loop
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(auto_tester().M(32).N(8192).K(1024).Seed(1449).CheckIdeal(true).Run());
  EXPECT_TRUE(auto_tester().M(20).N(9000).K(1024).Seed(1450)  // n128_m64_k2, N past the tile
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(auto_tester().M(16).N(8192).K(4096).Seed(1451)  // k4: the decode form, not its twin
                  .Prepared(true, /*require_read=*/false).Run());
  // Session 35's plans: k4 without a cluster from K = 2560, the ring tiles
  // with 2 CTAs a cluster at M <= 8 for N = 2880..4096 from K = 5632.
  EXPECT_TRUE(auto_tester().M(5).N(5120).K(3072).Seed(1616).CheckIdeal(true).Run());
  EXPECT_TRUE(auto_tester().M(1).N(2880).K(8192).Seed(1617)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(auto_tester().M(8).N(4096).K(5632).Seed(1618).Run());
  if (!SmallTestScale()) {
    EXPECT_TRUE(auto_tester().M(16).N(16384).K(16384).Seed(1445).Run());  // n128_m64_k2
    EXPECT_TRUE(auto_tester().M(3).N(16384).K(4096).Seed(1446).A(AInput::kWideExponent).Run());
  }
}

// The warp-specialized ring tiles (a producer warpgroup converts the weights
// into shared memory): the contest shapes they would serve, a long K (the
// 4-deep ring wraps 16 times: every empty / full barrier phase flips), a grid
// of more than one wave, the exact loop (K = 32 * 67, a short second chunk)
// in the other layouts, and 20 repeats of one call.
TEST(GemmPath, WarpSpecializedRingTiles) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m128_k2_ws_fold").M(256).N(3072).K(1536).Seed(1351)
                  .CheckIdeal(true).Repeats(Limit(20, 2)).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_ws_fold").M(64).N(7168).K(2048).Seed(1352)
                  .CheckIdeal(true).Repeats(Limit(20, 2)).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m128_ws_fold").M(200).N(8576).K(1024).Seed(1353)
                  .Run());  // 134 CTAs
  // The 192-row tile: a whole row tile, three with a partial last one.
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m192_ws_fold").M(192).N(2048).K(2048).Seed(1358)
                  .CheckIdeal(true).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m192_ws_fold").M(500).N(336).K(1024).Seed(1359)
                  .Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m192_k2_ws_fold").M(384).N(4096).K(4096).Seed(1360)
                  .CheckIdeal(true).Run());
  for (const char* tile : {"wgmma8_n64_m128_k2_ws_fold", "wgmma8_n128_m128_ws_fold",
                           "wgmma8_n64_m64_k2_ws_fold", "wgmma8_n128_m192_ws_fold",
                           "wgmma8_n64_m192_k2_ws_fold"}) {
    SCOPED_TRACE(tile);
    EXPECT_TRUE(PathTester().Tile(tile).M(100).N(208).K(16384).Seed(1354).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(70).N(136).K(2144).Seed(1355)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(129).N(90).K(2144).Seed(1356)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .A(AInput::kWideExponent).Run());
    EXPECT_TRUE(PathTester().Tile(tile).M(65).N(208).K(2240).Seed(1357)
                    .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
  }
}

// The persistent grid (GemmOptions::persistent_grid): the n128_m128 ws tile's
// persistent kernel, 132 CTAs walking more output tiles (auto's plan beyond
// one wave), converting (up to K = 1024), reading a prepared copy or a staged
// one: one CTA
// with a second tile (134 tiles), every CTA with two or three (N not a
// multiple of the tile, M not of its rows), K = 32 x 17 (the exact loop's
// partial last stage, which a persistent ring must still release), K = 512
// (as many stages as the ring), K = 448 (the same, its last stage partial),
// wide exponents, fold-edge and NaN scales (tiles of one CTA on different
// loops), fp32 output, repeats, a graph, weights written late; the plan
// declining at K = 384, on one wave, converting at K = 2048, and with the
// option off. Both epilogue kernels (PersistentWsStoresDirect): the direct
// stores for bf16 with N % 8 == 0 (edge tiles at N = 9000, 8992, 8584, M =
// 200, 255, 129; K up to 1536, and 2048 at the full scale), the partials'
// kernel for fp32 output and N = 5700.
TEST(GemmPath, PersistentGrid) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ws tiles are quant_then_mma's";
  constexpr const char* kTile = "wgmma8_n128_m128_ws_fold";
  auto persistent = [] {
    return PathTester().Tile(kTile).Staging(WeightStaging::kNever).PersistentGrid(true, true);
  };
  EXPECT_TRUE(persistent().M(200).N(8576).K(1024).Seed(1501).Run());  // 134 tiles
  EXPECT_TRUE(persistent().M(300).N(5700).K(544).Seed(1502)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(persistent().M(255).N(9000).K(512).Seed(1503)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .A(AInput::kWideExponent).Run());
  EXPECT_TRUE(persistent().M(384).N(6016).K(1024).Seed(1504)
                  .A(AInput::kFoldHigh).B(BInput::kFoldRangeLastExtreme)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(persistent().Prepared(true).M(256).N(8576).K(1536).Seed(1505)
                  .Repeats(Limit(5, 2)).Run());
  EXPECT_TRUE(persistent().M(200).N(8576).K(640).Seed(1506).UseGraph(true).Run());
  EXPECT_TRUE(persistent().M(129).N(9088).K(448).Seed(1513).A(AInput::kWideExponent).Run());
  // A last N tile of 8 columns (the direct store's checked form: one
  // 8-column segment a row of that tile).
  EXPECT_TRUE(persistent().M(200).N(8584).K(512).Seed(1516)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  // The prepared copy, the caller's and staged (auto's plans beyond the
  // staging threshold are the persistent staged ones).
  EXPECT_TRUE(persistent().Prepared(true).M(300).N(5700).K(544).Seed(1507)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(persistent().Prepared(true).M(255).N(8992).K(1024).Seed(1508)
                  .A(AInput::kWideExponent).B(BInput::kNanScales).Run());
  EXPECT_TRUE(PathTester().Tile(kTile).Staging(WeightStaging::kAlways).PersistentGrid(true, true)
                  .M(384).N(6016).K(1024).Seed(1509).WeightsWrittenLate(true).Run());
  if (!SmallTestScale()) {
    EXPECT_TRUE(PathTester().Path(GemmPath::kAuto).Staging(WeightStaging::kAuto)
                    .PersistentGrid(true, true).M(2048).N(4096).K(2048).Seed(1510).Run());
  }
  // Not taken: K below a ring of stages (12 blocks), one wave, converting
  // beyond K = 1024, the option off.
  EXPECT_TRUE(PathTester().Tile(kTile).PersistentGrid(true, false).M(200).N(8576).K(384)
                  .Seed(1511).Run());
  EXPECT_TRUE(PathTester().Tile(kTile).PersistentGrid(true, false).M(256).N(8192).K(1024)
                  .Seed(1512).Run());  // 128 tiles
  EXPECT_TRUE(PathTester().Tile(kTile).Staging(WeightStaging::kNever).PersistentGrid(true, false)
                  .M(200).N(8576).K(2048).Seed(1514).Run());
  EXPECT_TRUE(persistent().PersistentGrid(false, false).M(300).N(5700).K(544).Seed(1502)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
}

// The persistent grid of the int8 kernels (an int8 copy, the caller's or
// staged): a CTA decides over all its tiles' rows, and one that fails runs
// the converting persistent form - every CTA integer on standard-normal data
// (134 and 135 tiles, N not a multiple of the tile or of 64, M not of its
// rows, natural layouts, fp32 output, repeats, a graph, weights written late,
// auto), some where one activation row is wide (its tiles' CTAs convert),
// none where every weight row's scales are wide (K = 2048, which the
// converting plans alone never run persistent).
TEST(GemmPath, PersistentGridInt8) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ws tiles are quant_then_mma's";
  using Int8Ctas = GemmTester::Int8Ctas;
  auto copy = [](Int8Ctas expect) {
    return PathTester().Tile("wgmma8_n128_m128_ws_fold").PreparedInt8(expect)
        .PersistentGrid(true, true);
  };
  auto staged = [](Int8Ctas expect) {
    return PathTester().Tile("wgmma8_n128_m128_ws_fold").StagedInt8(expect)
        .PersistentGrid(true, true);
  };
  EXPECT_TRUE(copy(Int8Ctas::kEvery).M(200).N(8576).K(1024).Seed(1521).Run());  // 134 tiles
  EXPECT_TRUE(copy(Int8Ctas::kEvery).M(300).N(5700).K(512).Seed(1522)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(copy(Int8Ctas::kEvery).M(255).N(8992).K(1536).Seed(1523)
                  .Repeats(Limit(5, 2)).Run());
  EXPECT_TRUE(copy(Int8Ctas::kSome).M(256).N(8992).K(1536).Seed(1524)
                  .A(AInput::kOneWideRow).Run());
  EXPECT_TRUE(staged(Int8Ctas::kEvery).M(384).N(6016).K(1024).Seed(1525).UseGraph(true).Run());
  EXPECT_TRUE(staged(Int8Ctas::kEvery).M(200).N(8576).K(512).Seed(1528)
                  .WeightsWrittenLate(true).Run());
  EXPECT_TRUE(staged(Int8Ctas::kNone).M(300).N(5700).K(2048).Seed(1526)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .B(BInput::kWideScales).Run());
  if (!SmallTestScale()) {
    EXPECT_TRUE(PathTester().Path(GemmPath::kAuto).PreparedInt8(Int8Ctas::kEvery)
                    .PersistentGrid(true, true).M(1024).N(4096).K(1536).Seed(1527).Run());
  }
  // The option off: one CTA per tile, the same bits.
  EXPECT_TRUE(copy(Int8Ctas::kEvery).PersistentGrid(false, false).M(200).N(8576).K(1024)
                  .Seed(1521).Run());
}

// Prepared weights (prepared_weight.h): the copy PrepareWeight makes equals
// the host image byte for byte (every weight layout), and the ws tiles that
// copy it instead of converting give the emulator's bits: the contest shapes
// auto sends to them, M at tile edges (1, 17, 65, 129, 255), N not a multiple
// of 64 (a last 64-row group partly or wholly past N), K = 32 * odd (short and
// empty chunks: the exact loop), a long K (the ring wraps), wide exponents,
// scales that leave the fast form, NaN scales, fp32 output, 20 repeats, a
// graph; and auto with a prepared copy at every M (the copy unused below
// M = 33).
TEST(GemmPath, PreparedWeights) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ws tiles are quant_then_mma's";
  auto auto_tester = [] {
    return PathTester().Path(GemmPath::kAuto).Prepared(true);
  };
  EXPECT_TRUE(auto_tester().M(256).N(3072).K(1536).Seed(1361).CheckIdeal(true)
                  .Repeats(Limit(20, 2)).Run());
  EXPECT_TRUE(auto_tester().M(64).N(7168).K(2048).Seed(1362).CheckIdeal(true)
                  .Repeats(Limit(20, 2)).Run());
  EXPECT_TRUE(auto_tester().M(64).N(3072).K(1536).Seed(1363).UseGraph(true).Run());
  // The twin of a ring tile that would split K over a cluster.
  EXPECT_TRUE(auto_tester().M(128).N(2048).K(2048).Seed(1364).Run());
  if (!SmallTestScale()) {
    EXPECT_TRUE(auto_tester().M(64).N(2816).K(7168).Seed(1365).Run());
  }
  for (const char* tile : {"wgmma8_n64_m128_k2_ws_fold", "wgmma8_n128_m128_ws_fold",
                           "wgmma8_n64_m64_k2_ws_fold", "wgmma8_n128_m192_ws_fold",
                           "wgmma8_n64_m192_k2_ws_fold"}) {
    SCOPED_TRACE(tile);
    uint64_t seed = 1370;
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(100).N(208).K(16384).Seed(++seed).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(70).N(136).K(2144).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(129).N(90).K(2144).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .A(AInput::kWideExponent).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(65).N(208).K(2240).Seed(++seed)
                    .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(1).N(40).K(96).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(255).N(144).K(1024).Seed(++seed)
                    .A(AInput::kFoldHigh).B(BInput::kFoldRangeLastExtreme).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(17).N(80).K(544).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .B(BInput::kNanScales).Output(GemmOutputType::kFp32).Run());
    EXPECT_TRUE(PathTester().Tile(tile).Prepared(true).M(33).N(2880).K(512).Seed(++seed)
                    .A(AInput::kSpecialValues).B(BInput::kWideScales).Run());
  }
  uint64_t seed = 1390;
  for (int64_t m : {1, 2, 3, 4, 8, 15, 16, 17, 31, 32, 33, 64, 255, 256, 1000}) {
    if (SmallTestScale() && m > 64) continue;
    // From M = 33 auto's ring tile has a ws twin that reads the copy.
    EXPECT_TRUE(auto_tester().Prepared(true, /*require_read=*/m > 32).M(m).N(336).K(1056)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Seed(++seed)
                    .Run());
  }
}

// The ws tiles with an integer form, and the cases each runs on an int8
// copy that `make(expect)` sets up (the caller's or staged; the CTAs that
// take integer accumulation as `expect` says): layouts, M at tile edges, N
// not a multiple of 64, zero blocks, fp32 output, repeats; none where every
// row is wide or NaN scales sit in every tile, some where one row is wide;
// the plan declining where K is not whole stages.
constexpr const char* kInt8Tiles[] = {"wgmma8_n64_m128_k2_ws_fold", "wgmma8_n128_m128_ws_fold",
                                      "wgmma8_n64_m64_k2_ws_fold"};
template <typename MakeTester>
void ExpectInt8TileCases(MakeTester make, uint64_t seed) {
  using Int8Ctas = GemmTester::Int8Ctas;
  EXPECT_TRUE(make(Int8Ctas::kEvery).M(1).N(40).K(256).Seed(++seed)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(make(Int8Ctas::kEvery).M(17).N(208).K(1536).Seed(++seed)
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(make(Int8Ctas::kAny).M(255).N(144).K(2048).Seed(++seed)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(make(Int8Ctas::kEvery).M(70).N(136).K(1024).Seed(++seed)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .A(AInput::kZeroBlocks).Run());
  EXPECT_TRUE(make(Int8Ctas::kEvery).M(129).N(2880).K(512).Seed(++seed).Repeats(3).Run());
  EXPECT_TRUE(make(Int8Ctas::kNone).M(129).N(90).K(2048).Seed(++seed)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .A(AInput::kWideExponent).Run());
  EXPECT_TRUE(make(Int8Ctas::kNone).M(65).N(80).K(512).Seed(++seed)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .B(BInput::kNanScales).Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(make(Int8Ctas::kNone).M(33).N(200).K(1024).Seed(++seed)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .B(BInput::kWideScales).Run());
  EXPECT_TRUE(make(Int8Ctas::kSome).M(200).N(64).K(1024).Seed(++seed)
                  .A(AInput::kOneWideRow).Run());
  EXPECT_TRUE(make(Int8Ctas::kPlanDeclines).M(65).N(208).K(2240).Seed(++seed).Run());
}

// Integer accumulation (int8 prepared weights; docs/paths.md "Integer
// accumulation"): the int8 copy equals the host image byte for byte, the
// quantizer's int8 form and the s8 loop give the emulator's bits, and the
// expected CTAs take it (GemmOptions::int8_cta_counter): every CTA on
// standard-normal data up to K = 1536, at least one beyond (the contest
// shapes auto sends there, every tile with
// an integer form, M at tile edges, N not a multiple of 64 or wholly inside
// one group, zero blocks and an all-zero row, fp32 output, a graph, repeats);
// none where every row's scale spread exceeds 3 or a NaN scale sits in every
// tile (the converting fallback in the same kernel); some where one row is
// wide; and the plan declines where K is not whole stages.
TEST(GemmPath, PreparedInt8Weights) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ws tiles are quant_then_mma's";
  using Int8Ctas = GemmTester::Int8Ctas;
  auto auto_int8 = [](Int8Ctas expect) {
    return PathTester().Path(GemmPath::kAuto).PreparedInt8(expect);
  };
  EXPECT_TRUE(auto_int8(Int8Ctas::kEvery).M(256).N(3072).K(1536).Seed(1441).CheckIdeal(true)
                  .Repeats(Limit(20, 2)).Run());
  EXPECT_TRUE(auto_int8(Int8Ctas::kAny).M(64).N(7168).K(2048).Seed(1442).CheckIdeal(true)
                  .Run());
  EXPECT_TRUE(auto_int8(Int8Ctas::kAny).M(512).N(1024).K(4096).Seed(1443).UseGraph(true)
                  .Run());
  EXPECT_TRUE(auto_int8(Int8Ctas::kSome).M(256).N(3072).K(1536).Seed(1444)
                  .A(AInput::kOneWideRow).Run());
  EXPECT_TRUE(auto_int8(Int8Ctas::kPlanDeclines).M(256).N(336).K(1056).Seed(1445)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  for (const char* tile : kInt8Tiles) {
    SCOPED_TRACE(tile);
    ExpectInt8TileCases(
        [tile](Int8Ctas expect) { return PathTester().Tile(tile).PreparedInt8(expect); }, 1450);
  }
}

// Staged weights (WeightStaging): the call writes the prepared copy into a
// poisoned workspace, then the ws tile reads it; bit for bit as every other
// plan. Each ws tile with staging forced on shapes and layouts of the
// PreparedWeights cases, auto where its rule stages (4096 rows: 32 row tiles
// of a 1024 x 2048 weight), a graph, repeats, weights written by the kernel
// before the call (the staging kernel must wait for it).
TEST(GemmPath, StagedWeights) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ws tiles are quant_then_mma's";
  auto staged = [] { return PathTester().Path(GemmPath::kAuto).Staging(WeightStaging::kAlways); };
  EXPECT_TRUE(staged().M(256).N(3072).K(1536).Seed(1401).CheckIdeal(true)
                  .Repeats(Limit(10, 2)).Run());
  EXPECT_TRUE(staged().M(64).N(7168).K(2048).Seed(1402).UseGraph(true).Run());
  EXPECT_TRUE(staged().M(256).N(3072).K(1536).Seed(1403).WeightsWrittenLate(true).Run());
  EXPECT_TRUE(staged().M(1000).N(336).K(1056).Seed(1404)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  if (!SmallTestScale()) {
    EXPECT_TRUE(PathTester().Path(GemmPath::kAuto).Staging(WeightStaging::kAuto).M(4096)
                    .N(1024).K(2048).Seed(1405).Run());
  }
  uint64_t seed = 1410;
  for (const char* tile : {"wgmma8_n64_m128_k2_ws_fold", "wgmma8_n128_m128_ws_fold",
                           "wgmma8_n64_m64_k2_ws_fold", "wgmma8_n128_m192_ws_fold",
                           "wgmma8_n64_m192_k2_ws_fold"}) {
    SCOPED_TRACE(tile);
    auto forced = [tile] { return PathTester().Tile(tile).Staging(WeightStaging::kAlways); };
    EXPECT_TRUE(forced().M(70).N(136).K(2144).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(forced().M(129).N(90).K(2144).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .A(AInput::kWideExponent).Run());
    EXPECT_TRUE(forced().M(1).N(40).K(96).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(forced().M(65).N(208).K(2240).Seed(++seed)
                    .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
    EXPECT_TRUE(forced().M(255).N(144).K(1024).Seed(++seed)
                    .A(AInput::kFoldHigh).B(BInput::kFoldRangeLastExtreme).Run());
    EXPECT_TRUE(forced().M(17).N(80).K(544).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .B(BInput::kNanScales).Output(GemmOutputType::kFp32).Run());
  }
  // Never: the plan without a copy, as before.
  EXPECT_TRUE(PathTester().Path(GemmPath::kAuto).Staging(WeightStaging::kNever).M(256).N(3072)
                  .K(1536).Seed(1430).Run());
}

// Staged int8 weights (StagingFormat::kInt8): the call writes the int8 copy
// and its row summaries into the poisoned workspace, the int8 quantizer the
// activations, then the ws tile accumulates in integers where the rows allow
// it, else converts; bit for bit as every other plan. The PreparedInt8Weights
// cases with the copy made by the call, auto where its rule stages int8, a
// graph, repeats, weights written by the kernel before the call (the staging
// kernel must wait for it; also where every CTA converts), and shapes without
// an integer form (the E4M3 copy then).
TEST(GemmPath, StagedInt8Weights) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ws tiles are quant_then_mma's";
  using Int8Ctas = GemmTester::Int8Ctas;
  auto staged = [](Int8Ctas expect) {
    return PathTester().Path(GemmPath::kAuto).StagedInt8(expect);
  };
  EXPECT_TRUE(staged(Int8Ctas::kEvery).M(256).N(3072).K(1536).Seed(1461).CheckIdeal(true)
                  .Repeats(Limit(10, 2)).Run());
  EXPECT_TRUE(staged(Int8Ctas::kAny).M(512).N(1024).K(4096).Seed(1462).UseGraph(true).Run());
  EXPECT_TRUE(staged(Int8Ctas::kEvery).M(256).N(3072).K(1536).Seed(1463)
                  .WeightsWrittenLate(true).Run());
  EXPECT_TRUE(staged(Int8Ctas::kSome).M(256).N(3072).K(1536).Seed(1464)
                  .A(AInput::kOneWideRow).Run());
  EXPECT_TRUE(staged(Int8Ctas::kNone).M(300).N(1008).K(2048).Seed(1465)
                  .B(BInput::kWideScales).WeightsWrittenLate(true).Run());
  EXPECT_TRUE(staged(Int8Ctas::kPlanDeclines).M(1000).N(336).K(1056).Seed(1466)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  if (!SmallTestScale()) {
    // Auto's int8 rule stages here (docs/paths.md "Staged weights").
    EXPECT_TRUE(PathTester().Path(GemmPath::kAuto)
                    .Staging(WeightStaging::kAuto, true, StagingFormat::kInt8)
                    .M(1200).N(2048).K(4096).Seed(1467).Run());
  }
  for (const char* tile : kInt8Tiles) {
    SCOPED_TRACE(tile);
    ExpectInt8TileCases(
        [tile](Int8Ctas expect) { return PathTester().Tile(tile).StagedInt8(expect); }, 1470);
  }
}

// GemmOptions::cold_weights (docs/paths.md "Cold weights"): the 64x64 k2
// ring tile's M > 32 form prefetches each CTA's weight tile into L2, a hint
// that must not change a bit - every layout (the natural scales' run trimmed
// to its aligned inside), N past the last tile, K = 32 x odd, a graph,
// weights written by the kernel before; elsewhere the hint is ignored.
TEST(GemmPath, ColdWeightsPrefetch) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  auto cold = [](bool expect) { return PathTester().Path(GemmPath::kAuto).ColdWeights(expect); };
  EXPECT_TRUE(cold(true).M(64).N(7168).K(2048).Seed(1501).CheckIdeal(true).Run());
  EXPECT_TRUE(cold(true).M(64).N(3072).K(1536).Seed(1502).UseGraph(true).Run());
  EXPECT_TRUE(cold(true).M(40).N(7168).K(2048).Seed(1503).WeightsWrittenLate(true).Run());
  EXPECT_TRUE(cold(false).M(256).N(3072).K(1536).Seed(1504).Run());
  EXPECT_TRUE(cold(false).M(1).N(5120).K(4096).Seed(1505).Run());
  auto forced = [](const char* tile, bool expect) {
    return PathTester().Tile(tile).SplitK(1).ColdWeights(expect);
  };
  constexpr const char* kK2 = "wgmma8_n64_m64_k2_fold";
  EXPECT_TRUE(forced(kK2, true).M(70).N(136).K(2144).Seed(1511)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(forced(kK2, true).M(33).N(90).K(1056).Seed(1512)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .A(AInput::kWideExponent).Run());
  EXPECT_TRUE(forced(kK2, true).M(100).N(208).K(2240).Seed(1513)
                  .WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(forced(kK2, true).M(64).N(144).K(1024).Seed(1514)
                  .A(AInput::kFoldHigh).B(BInput::kFoldRangeLastExtreme)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(forced("wgmma8_n64_m64_k4_fold", false).M(70).N(136).K(2144).Seed(1515)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(forced("wgmma8_n128_m64_k2_fold", false).M(65).N(208).K(1024).Seed(1516).Run());
}

// The ring tiles with K split over a (1, 1, split) cluster as well as over
// their warpgroups (session 17): full chunks (fast loop), a short chunk and
// empty ones on the last ranks (exact loop, K = 32 * 67), whole CTAs with no
// block (K = 512 over 16 chunks), the N-split tiles, three weight layouts.
TEST(GemmPath, RingTilesSplitKOverClusters) {
  MXFP4_SKIP_IF_NO_GPU();
  if (kPath != GemmPath::kQuantThenMma) GTEST_SKIP() << "the ring tiles are quant_then_mma's";
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").SplitK(2).M(64).N(208).K(2048)
                  .Seed(1401).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(3).M(40).N(136).K(2144)
                  .Seed(1402).WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m128_k2_fold").SplitK(4).M(130).N(136).K(1024)
                  .Seed(1403).WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").SplitK(8).M(70).N(90).K(512)
                  .Seed(1404).WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m128_fold").SplitK(2).M(200).N(304).K(1536)
                  .Seed(1405).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m64_k2_fold").SplitK(5).M(50).N(400).K(4096)
                  .Seed(1406).WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural)
                  .Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(8).M(33).N(32).K(16384)
                  .Seed(1407).Run());
  // Two-CTA clusters combine as a chain with a split barrier (CombineChainOfTwo:
  // rank 1 exits without waiting): 2 / 4 / 8 four-output chunks a thread,
  // rows and columns past the tile's edge, fp32 outputs, K = 32 x odd.
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(2).M(37).N(200).K(32 * 131)
                  .Seed(1411).WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(2).M(1).N(4096 + 48)
                  .K(64 * 65).Seed(1412).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m128_k2_fold").SplitK(2).M(129).N(72).K(1056)
                  .Seed(1413).WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n128_m64_k2_fold").SplitK(2).M(9).N(136).K(32 * 77)
                  .Seed(1414).WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .Output(GemmOutputType::kFp32).Run());
  // Clusters of more than 2 CTAs push their partials to the chunks' owners
  // (CombinePushedRanks, the receive area over the ring): 3 ranks of 256
  // threads and 6 of 512, fp32 outputs, N not a multiple of 4, K = 32 x odd;
  // below them the decode forms (8, 16 and 32 rows), full chunks (fast loop:
  // K = 16384 over 32 chunks) and short ones, wide-exponent A (exact loop).
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").SplitK(3).M(64).N(98).K(32 * 45)
                  .Seed(1408).WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(6).M(47).N(98).K(32 * 99)
                  .Seed(1409).WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(6).M(47).N(98).K(32 * 99)
                  .Seed(1410).WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(8).M(16).N(80).K(16384)
                  .Seed(1415).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").SplitK(4).M(5).N(136).K(32 * 131)
                  .Seed(1416).WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural)
                  .Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(3).M(32).N(64).K(4096)
                  .Seed(1417).A(AInput::kWideExponent).Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k2_fold").SplitK(6).M(1).N(208).K(6144)
                  .Seed(1418).WeightLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kNatural)
                  .Run());
  EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").SplitK(8).M(64).N(512).K(16384)
                  .Seed(1419).CheckIdeal(true).Run());
}

TEST(GemmPath, EverySplitCount) {
  MXFP4_SKIP_IF_NO_GPU();
  if (!PathSplitsK()) GTEST_SKIP() << GemmPathName(kPath) << " does not split K";
  uint64_t seed = 700;
  const int max_splits = SmallTestScale() ? 3 : 8;
  for (int splits = 1; splits <= max_splits; ++splits) {
    EXPECT_TRUE(PathTester().SplitK(splits).M(17).N(80).K(1376).Seed(++seed)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
    // More splits than K-blocks: trailing splits are empty (+0.0f partials).
    EXPECT_TRUE(PathTester().SplitK(splits).M(4).N(64).K(128).Seed(++seed).Run());
  }
}

TEST(GemmPath, WideExponentsAndSpecialValues) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 800;
  for (BInput b : {BInput::kNormal, BInput::kWideScales, BInput::kExtremeScales,
                   BInput::kNanScales}) {
    for (AInput a : {AInput::kNormal, AInput::kWideExponent, AInput::kSpecialValues}) {
      EXPECT_TRUE(PathTester().M(33).N(96).K(576).Seed(++seed).A(a).B(b).Run());
      if (SmallTestScale()) continue;
      EXPECT_TRUE(PathTester().M(8).N(64).K(2048).Seed(++seed).A(a).B(b)
                      .Output(GemmOutputType::kFp32).Run());
    }
  }
}

// The *_fold tiles (internal/scale_fold.h): their fast stages run with
// activation scales at the edges of the folded range and weight scales up to
// 240 and down to the subnormal 2^-127; extreme/NaN weight scales and
// wide-exponent A (mixed folded and unfolded blocks in one stage) take the
// exact fallback.
TEST(GemmPath, FoldedScalesAtTheEdges) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 850;
  for (const std::string& tile : PathTiles()) {
    if (tile.find("_fold") == std::string::npos) continue;
    for (BInput b : {BInput::kNormal, BInput::kFoldRangeScales, BInput::kExtremeScales}) {
      for (AInput a : {AInput::kNormal, AInput::kFoldEdges, AInput::kWideExponent}) {
        EXPECT_TRUE(PathTester().Tile(tile).M(33).N(96).K(576).Seed(++seed).A(a).B(b)
                        .Output(GemmOutputType::kFp32).Run());
        if (SmallTestScale()) continue;
        EXPECT_TRUE(PathTester().Tile(tile).M(8).N(64).K(2048).Seed(++seed).A(a).B(b).Run());
      }
    }
  }
}

// The ring tiles' weight-scale check loads its first words early
// (WeightScaleByteCheck::kEarlyWords per thread) and the rest at the verdict:
// at K = 8704 (272 blocks: whole stages for 1, 2 and 4 chunks, so the CTA of
// rows 0..63 would take the fast loop) a 64-row tile's scales span more than
// the early words, and the one large byte sits in the rest.
TEST(GemmPath, RingWeightScaleCheckReadsEveryByte) {
  MXFP4_SKIP_IF_NO_GPU();
  std::vector<std::string> ring_tiles;
  for (const std::string& tile : PathTiles()) {
    if (tile.find("wgmma8_") != std::string::npos) ring_tiles.push_back(tile);
  }
  if (ring_tiles.empty()) GTEST_SKIP() << "no wgmma tiles on this path";
  uint64_t seed = 870;
  for (const std::string& tile : ring_tiles) {
    for (const bool shuffled : {true, false}) {
      const ScaleLayout scales = shuffled ? ScaleLayout::kShuffled16 : ScaleLayout::kNatural;
      EXPECT_TRUE(PathTester().Tile(tile).M(65).N(64).K(8704).Seed(++seed)
                      .A(AInput::kFoldHigh).B(BInput::kFoldRangeLastExtreme)
                      .WeightLayout(DataLayout::kPreshuffled16x16, scales)
                      .Output(GemmOutputType::kFp32).Run());
      if (SmallTestScale()) break;
    }
  }
}

// Every block term underflows to -0 (gemm_tester.h, kUnderflowingTerms; the
// emulator's side: reference_gemm_test's UnderflowingBlockTermsKeepNegativeZero),
// so every output is -0 - unless a tile adds anything for a block outside a
// warp's or warpgroup's chunk (fmaf(+0, s, -0) = +0). K = 32 * 69: chunks of
// unequal length in every K-split tile (the ring tiles' trailing chunk idles
// through 3 blocks).
TEST(GemmPath, UnderflowingBlockTermsKeepNegativeZero) {
  MXFP4_SKIP_IF_NO_GPU();
  uint64_t seed = 950;
  for (const std::string& tile : PathTiles()) {
    EXPECT_TRUE(PathTester().Tile(tile).M(20).N(72).K(32 * 69).Seed(++seed)
                    .A(AInput::kUnderflowingTerms).B(BInput::kUnderflowingTerms)
                    .WeightLayout(DataLayout::kNatural, ScaleLayout::kShuffled16)
                    .Output(GemmOutputType::kFp32).Run());
  }
  EXPECT_TRUE(PathTester().M(70).N(136).K(32 * 69).Seed(++seed)
                  .A(AInput::kUnderflowingTerms).B(BInput::kUnderflowingTerms)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
}

TEST(GemmPath, Fp32Output) {
  MXFP4_SKIP_IF_NO_GPU();
  EXPECT_TRUE(PathTester().M(32).N(2880).K(512).Seed(901).Output(GemmOutputType::kFp32)
                  .CheckIdeal(true).Run());
  EXPECT_TRUE(PathTester().M(16).N(2112).K(7168).Seed(902).Output(GemmOutputType::kFp32).Run());
  EXPECT_TRUE(PathTester().M(19).N(75).K(800).Seed(903).Output(GemmOutputType::kFp32)
                  .WeightLayout(DataLayout::kNatural, ScaleLayout::kNatural).Run());
}

// The same call 100 times: identical bits (fresh poison each time).
TEST(GemmPath, Deterministic100Runs) {
  MXFP4_SKIP_IF_NO_GPU();
  if (SmallTestScale()) {
    EXPECT_TRUE(PathTester().M(16).N(256).K(1024).Seed(1001).Repeats(3).Run());
    return;
  }
  EXPECT_TRUE(PathTester().M(16).N(2112).K(7168).Seed(1001).Repeats(100).Run());
  EXPECT_TRUE(PathTester().M(64).N(3072).K(1536).Seed(1002).Repeats(20).Run());
  if (kPath == GemmPath::kFusedQuant) {
    // The quantization-cluster tiles auto picks for 16 < M <= 32, K = 512
    // (distributed shared memory, cluster barriers): same bits every run.
    EXPECT_TRUE(PathTester().Tile("stream_n32_m32_k4_c4").M(32).N(2880).K(512).Seed(1005)
                    .Repeats(20).Run());
    EXPECT_TRUE(PathTester().Tile("stream_n32_m32_k4_c2").M(32).N(4096).K(512).Seed(1006)
                    .Repeats(20).Run());
  }
  if (kPath == GemmPath::kQuantThenMma) {
    // The ring tiles' stage bookkeeping uses shared-memory atomics (never on
    // data): still the same bits every run.
    EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m128_k2_fold").M(256).N(3072).K(1536).Seed(1003)
                    .Repeats(20).Run());
    EXPECT_TRUE(PathTester().Tile("wgmma8_n64_m64_k4_fold").M(64).N(7168).K(2048).Seed(1004)
                    .Repeats(20).Run());
  }
}

TEST(GemmPath, CudaGraphReplay) {
  MXFP4_SKIP_IF_NO_GPU();
  EXPECT_TRUE(PathTester().M(8).N(2112).K(7168).Seed(1101).UseGraph(true).Repeats(3).Run());
  if (SmallTestScale()) return;
  EXPECT_TRUE(PathTester().M(256).N(2880).K(512).Seed(1102).UseGraph(true).Repeats(2).Run());
}

// The weights are written by the kernel right before the call, which releases
// its programmatic dependents before it writes them (a producer of B using
// programmatic dependent launch): no path may read B before that kernel is
// done. Every first kernel of a call launches programmatically (the
// one-kernel paths' GEMM, quant_then_mma's quantizer), and quant_then_mma's
// GEMMs load weights before their own wait (16x2112x7168: a streaming tile;
// 64x7168x2048: a ring tile; 256x3072x1536: a ring tile after a 192-CTA
// quantizer), repeated: the first call's and later ones.
TEST(GemmPath, WeightsWrittenByThePrecedingKernel) {
  MXFP4_SKIP_IF_NO_GPU();
  EXPECT_TRUE(PathTester().M(16).N(2112).K(7168).Seed(1201).WeightsWrittenLate(true)
                  .Repeats(Limit(3, 1)).Run());
  EXPECT_TRUE(PathTester().M(64).N(7168).K(2048).Seed(1202).WeightsWrittenLate(true)
                  .Repeats(Limit(3, 1)).Run());
  EXPECT_TRUE(PathTester().M(4).N(2880).K(512).Seed(1203).WeightsWrittenLate(true).Run());
  EXPECT_TRUE(PathTester().M(256).N(3072).K(1536).Seed(1204).WeightsWrittenLate(true).Run());
}

}  // namespace
}  // namespace mxfp4::gpu::testing
