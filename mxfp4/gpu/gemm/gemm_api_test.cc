// File: mxfp4/gpu/gemm/gemm_api_test.cc
//
// The host side of gemm.h, no GPU needed (runs in CI): path names, the
// registry, the planner's choices for the contest shapes and its K-split
// boundaries, workspace sizes, and every argument error Gemm() reports
// before it would launch anything.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/plan_k_split.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"

namespace mxfp4::gpu {
namespace {

// Fake device pointers: validation never dereferences them, and every test
// below fails validation before a launch.
alignas(256) uint8_t g_fake[1024];

Mxfp4Weight PreshuffledWeight(int64_t n, int64_t k) {
  Mxfp4Weight w;
  w.data = g_fake;
  w.scales = g_fake;
  w.n = n;
  w.k = k;
  w.data_layout = DataLayout::kPreshuffled16x16;
  w.scale_layout = ScaleLayout::kShuffled16;
  w.data_bytes = n * k / 2;
  w.scale_bytes = ScaleStorageBytes(ScaleLayout::kShuffled16, n, k / 32);
  return w;
}

Mxfp4Weight NaturalWeight(int64_t n, int64_t k) {
  Mxfp4Weight w = PreshuffledWeight(n, k);
  w.data_layout = DataLayout::kNatural;
  w.scale_layout = ScaleLayout::kNatural;
  w.scale_bytes = n * (k / 32);
  return w;
}

GemmArgs ValidArgs(int64_t m, int64_t n, int64_t k) {
  GemmArgs a;
  a.a = reinterpret_cast<const uint16_t*>(g_fake);
  a.m = m;
  a.k = k;
  a.b = PreshuffledWeight(n, k);
  a.c = g_fake;
  return a;
}

void ExpectError(const absl::Status& s, absl::StatusCode code, const std::string& fragment) {
  EXPECT_EQ(s.code(), code) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), fragment)) << s << " (wanted \"" << fragment << "\")";
}

TEST(GemmApi, PathNamesRoundTrip) {
  for (GemmPath p : {GemmPath::kAuto, GemmPath::kFusedQuant, GemmPath::kSplitKSmallM,
                     GemmPath::kQuantThenMma}) {
    absl::StatusOr<GemmPath> parsed = ParseGemmPath(GemmPathName(p));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, p);
  }
  EXPECT_EQ(ParseGemmPath("fast").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(GemmApi, RegistryListsEveryPathOnce) {
  ASSERT_EQ(GemmPathInfos().size(), 3u);
  int index = 0;
  for (const GemmPathInfo& info : GemmPathInfos()) {
    EXPECT_EQ(static_cast<int>(info.path), ++index);
    EXPECT_STREQ(info.name, GemmPathName(info.path));
    EXPECT_NE(std::string(info.contract).find("block_fma"), std::string::npos);
    EXPECT_GE(info.launches, 1);
  }
}

// The auto plans measured fastest on the H200 (docs/paths.md, "Dispatch").
TEST(GemmApi, AutoPlanForContestShapes) {
  struct Case {
    int64_t m, n, k;
    GemmPath path;
    const char* tile;
    int splits;
  };
  const Case cases[] = {
      {4, 2880, 512, GemmPath::kFusedQuant, "stream_n32_m8_k4", 4},
      {16, 2112, 7168, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},
      {32, 4096, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      {32, 2880, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      {64, 7168, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {256, 3072, 1536, GemmPath::kQuantThenMma, "wgmma8_n64_m128_k2_ws_fold", 2},
      {8, 2112, 7168, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},
      // M <= 8, long K: splitk_small_m where quant_then_mma would need 256 CTAs.
      {4, 4096, 4096, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 8},
      {16, 3072, 1536, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      {64, 3072, 1536, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {256, 2880, 512, GemmPath::kQuantThenMma, "wgmma8_n64_m128_k2_ws_fold", 2},
      // M <= 8 up to K = 512: the default tile within one wave, the fold tile
      // while its grid fits one, the default up to 3 waves, the k2 fold
      // beyond (session 78).
      {8, 4224, 512, GemmPath::kFusedQuant, "stream_n32_m8_k4", 4},        // 132 CTAs
      {8, 4256, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},  // 133
      {1, 8448, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},  // 132 fold CTAs
      {4, 8512, 256, GemmPath::kFusedQuant, "stream_n32_m8_k4", 4},
      {8, 12672, 512, GemmPath::kFusedQuant, "stream_n32_m8_k4", 4},        // 396 CTAs
      {8, 12704, 512, GemmPath::kFusedQuant, "stream_n64_m16_k2_fold", 2},  // 397
      // 8 < M <= 16 up to K = 512: fused (session 11); from 32 N tiles of 32
      // rows the quantization cluster of 4 while 30 clusters hold the grid,
      // beyond the fold tile, its k2 twin beyond one wave (session 78).
      {16, 992, 512, GemmPath::kFusedQuant, "stream_n32_m16_k4", 4},      // 31 N tiles
      {16, 1024, 512, GemmPath::kFusedQuant, "stream_n32_m16_k4_c4", 4},  // 32
      {16, 2880, 512, GemmPath::kFusedQuant, "stream_n32_m16_k4_c4", 4},
      {12, 3840, 512, GemmPath::kFusedQuant, "stream_n32_m16_k4_c4", 4},  // 120
      {12, 3872, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      {9, 4096, 256, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      {16, 8448, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},  // 132 CTAs
      {16, 8512, 512, GemmPath::kFusedQuant, "stream_n64_m16_k2_fold", 2},  // 133: k2
      {9, 28672, 512, GemmPath::kFusedQuant, "stream_n64_m16_k2_fold", 2},
      {16, 2880, 576, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      // 8 < M <= 16 where the fp16 bulk tile's A slice does not fit at the
      // default tile's cluster: the byte-A (E5M2) bulk tile (session 24).
      {12, 2880, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 8},
      {16, 1536, 8192, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 16},
      // 16 < M <= 32 up to K = 512: fused, two 16-row tiles (session 78: at
      // any N; before, a quantization cluster of 4 below 90 N tiles of 32
      // rows); beyond, quant_then_mma.
      {17, 2880, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      {17, 2848, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      {32, 256, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},
      // Beyond one wave of that tile (132 CTAs), its k2 twin (two CTAs a SM).
      {32, 4224, 512, GemmPath::kFusedQuant, "stream_n64_m16_k4_fold", 4},  // 132 CTAs
      {32, 4288, 512, GemmPath::kFusedQuant, "stream_n64_m16_k2_fold", 2},  // 134
      {24, 7168, 512, GemmPath::kFusedQuant, "stream_n64_m16_k2_fold", 2},
      {24, 2880, 576, GemmPath::kQuantThenMma, "streamq_n32_m32_k4", 4},
      // M > 32: the ring tiles, one wave or several (session 16: 1.3x-2.8x
      // faster than the pipelined tile on several waves); beyond one wave of
      // the K-split tiles (132 CTAs), tiles whose warpgroups (also) split N.
      {256, 4224, 1536, GemmPath::kQuantThenMma, "wgmma8_n64_m128_k2_ws_fold", 2},  // 132 CTAs
      {256, 4288, 1536, GemmPath::kQuantThenMma, "wgmma8_n128_m128_ws_fold", 1},    // 134
      {384, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m192_k2_ws_fold", 2},  // 128 CTAs
      {384, 3072, 1536, GemmPath::kQuantThenMma, "wgmma8_n64_m192_k2_ws_fold", 2},  // 96
      {192, 7168, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m192_k2_ws_fold", 2},  // 112
      {256, 8448, 2048, GemmPath::kQuantThenMma, "wgmma8_n128_m128_ws_fold", 1},    // 264 / 264
      {4096, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n128_m128_ws_fold", 1},
      // The 192-row ws tile where its grid needs fewer waves x rows (session 26).
      {768, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n128_m192_ws_fold", 1},   // 1 x 192 < 2 x 128
      {3072, 3072, 3072, GemmPath::kQuantThenMma, "wgmma8_n128_m192_ws_fold", 1},  // 3 x 192 < 5 x 128
      {1536, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n128_m128_ws_fold", 1},  // a tie: 384
      {2048, 7168, 2048, GemmPath::kQuantThenMma, "wgmma8_n128_m128_ws_fold", 1},  // 7 x 128 < 5 x 192
      {64, 8448, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},   // 132 CTAs
      {64, 8512, 2048, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},  // 133
      {33, 16384, 512, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},
      // Session 17: the 64-row K-split tile wherever its grid fits one wave,
      // however small (k4 from K = 4096), before the 128-row tile.
      {64, 2048, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},     // 32 x 2 CTAs
      // Up to K = 1024 its warp-specialized twin (session 32).
      {64, 1024, 512, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_ws_fold", 2},   // 16
      {64, 960, 512, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_ws_fold", 2},    // 15
      {48, 128, 512, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_ws_fold", 2},    // 2
      {256, 2048, 1024, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_ws_fold", 2},  // 128
      {32, 2880, 1024, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // M <= 32
      {64, 1024, 1536, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // K > 1024
      // From K = 2048 below 4096 clusters of 4 where chunks of 8 blocks or
      // more stay whole loop steps and resident (session 32).
      {64, 512, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},      // 8 x 4
      {192, 512, 3072, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},     // 24 x 4
      {64, 512, 3584, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},      // 14-block chunks
      {96, 1024, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},     // 32 x 4 > 30
      {33, 32, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},      // 1 x 8
      {64, 1024, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},     // 16 x 4
      {128, 2048, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},    // 64 x 2
      {160, 2560, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 4},    // 120
      {256, 1024, 4032, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},    // 126 blocks
      {256, 1024, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},    // 128 blocks
      {128, 4224, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},    // 132
      {128, 4288, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m128_k2_ws_fold", 2},  // 134 -> 67
      // Few output tiles with long K: the ring tiles split K over a cluster
      // too, chunks of >= 16 blocks, one wave (session 17).
      {64, 512, 16384, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 32},   // 8 x 8
      {64, 256, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},    // 4 x 8
      // 16 < M <= 32 with K >= 2048: the 64-row ring tile on 32..132 CTAs,
      // else the streaming tiles (session 17); since session 31 from K = 1024
      // on 32..132 CTAs, at K >= 4096 below 32 (with a K-split cluster), and
      // up to 66 N tiles below K = 4096 the 16-row bulk streaming tile.
      {32, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},      // 64 x 2
      {17, 8448, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // 132 CTAs
      {32, 2048, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},    // 64 x 2 CTAs
      {32, 2048, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      {32, 2048, 3136, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},    // K < 4096
      {24, 1536, 3584, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      {32, 2048, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},     // 32 x 2
      {17, 2112, 1024, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},    // 66 x 2 CTAs
      {17, 2144, 1024, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // 67 x 2
      {32, 1088, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},     // 17 x 4
      {32, 1088, 4032, GemmPath::kQuantThenMma, "streamq_n32_m32_k4", 12},        // 34 x 3
      {32, 8512, 2048, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},    // 133: decode
      {32, 1984, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},     // 31 x 2
      {32, 4096, 1984, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // 64 CTAs
      {32, 4096, 960, GemmPath::kQuantThenMma, "streamq_n32_m32_k8", 8},          // K < 1024
      // M = 16 keeps a streaming tile (the byte-A bulk one since session 24).
      {16, 2880, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 8},
      // ... and from 128 N tiles at K = 4096 the ring tile (session 31).
      {16, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},      // 64 x 2
      {16, 4096, 4032, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 8},
      // M <= 32 with a weight of 24 Mi elements or more: the ring tiles
      // (session 27), also where split-K ran M <= 8 before.
      {16, 16384, 16384, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},
      {32, 16384, 16384, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},
      {1, 16384, 16384, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},
      {8, 16384, 16384, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},
      {16, 8192, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 4},    // one wave
      {16, 7168, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 4},    // 28 Mi
      // Below 24 Mi elements, N >= 5120 and K >= 1024: the ring tiles' decode
      // forms (session 28); N = 5056 or K = 960 keep the streaming tiles.
      {1, 5120, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // 80 CTAs
      {8, 8192, 1024, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {16, 16384, 1024, GemmPath::kQuantThenMma, "wgmma8_n128_m64_k2_fold", 2},
      {32, 8192, 1024, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {16, 7168, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {16, 5056, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      // K = 2880 (90 blocks: the k2 tile's chunks are not whole ring steps):
      // the ring tiles' partial loop (session 33) keeps them on the k2 tile.
      {16, 5120, 2880, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {24, 5120, 2880, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {64, 5120, 2880, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {1, 5120, 2880, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {32, 2880, 2880, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},    // 45 x 2
      {16, 5120, 960, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      {8, 4096, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      // Small layers (64 <= N <= 1024, 512 < K <= 4096; M <= 8: K <= 3072
      // below N = 512): splitk_small_m on a narrow tile with K split over 2
      // CTAs (session 29), where sessions 27-28 ran the fused path; for M > 8
      // the 8-row tiles where their clusters stay resident (session 30).
      // 8 < M <= 16 from N = 544 (session 31): the 8-row register tile.
      {16, 1024, 1024, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 8},
      {16, 512, 1024, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {8, 1024, 1024, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {1, 256, 1024, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {32, 1024, 1024, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 8},         // 128 CTAs
      {24, 768, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},   // 96 of 2 > 66
      {32, 512, 1536, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 16},        // 64 of 2
      {32, 512, 3072, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},   // K > 2048
      {16, 1024, 2048, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 16},        // 64 of 2
      {24, 1024, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      {16, 1024, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},  // 32 x 2
      {12, 544, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},
      {12, 512, 3072, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {16, 1024, 2112, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},
      {8, 1024, 3072, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {8, 1024, 3136, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {16, 512, 3072, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},        // 64 of 2
      // 16 < M <= 32 at K = 3072..4096 from N = 544 (session 32): quant_then_mma's
      // 16-row bulk tile with 2 CTAs a cluster up to 96 CTAs, without beyond,
      // the ring tile at K = 4096 where that does not fit.
      {32, 1024, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},    // 16 x 4
      {32, 1024, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},   // 128 CTAs
      {32, 544, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},   // 34 x 2
      {24, 544, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},
      {32, 512, 4096, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},     // N = 512
      {16, 256, 3072, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {16, 256, 3136, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {32, 256, 4096, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},         // 64 of 2
      {24, 768, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},  // 48 x 2
      {24, 768, 2560, GemmPath::kSplitKSmallM, "stream_n32_m16_k4", 8},          // K < 3072
      // Below N = 256 (session 29 call 8): clusters of 4 from K = 1056, no
      // bulk tile.
      {1, 96, 960, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      {1, 96, 1088, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 32},
      {16, 224, 2048, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 32},         // 28 of 4
      {32, 128, 3072, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},         // 32 of 4 > 30
      // Below N = 64 (session 30): the 8-row tile at every M, K <= 4096.
      {16, 48, 2048, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 32},
      {32, 16, 4096, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 32},
      {1, 32, 1024, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},
      // Outside it (N > 1024, K > 2048, beyond the mid-layer rules): quant_then_mma.
      {16, 1040, 2112, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},   // 33 x 2
      // K > 4096 with 256 <= N <= 1024 (session 30): M <= 8 on the bulk
      // split-K tile with the largest resident cluster of 8, 4 or 2
      // (stream_n16_m8_k8 where its slabs do not fit), 8 < M <= 32 on the
      // 64-row ring tile (M <= 16: from N = 512; M > 16: any N) with a
      // resident K-split cluster.
      {1, 512, 6144, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 32},     // 16 x 4
      {8, 1024, 5120, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},    // 32 x 2
      {5, 304, 4160, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 64},     // 10 x 8
      {4, 1024, 12288, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 16},        // 64 x 2
      {4, 1024, 24576, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 32},  // 24 Mi: 8 CTAs a tile
      {16, 1024, 4160, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},    // 16 x 4
      {16, 512, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},    // 8 x 8
      {24, 256, 16384, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 32},   // 4 x 8
      {32, 1536, 12288, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},  // 24 x 4
      {16, 1536, 12288, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},  // 24 x 4
      // From K = 10240 where the k4 tile's clusters of 4 stay resident, from
      // K = 11264 beyond (session 32); on a tie of clusters the k2 tile where
      // the k4 tile's chunks are not whole loop steps (session 33).
      {16, 1536, 12224, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},   // 382 blocks
      {16, 4096, 11008, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},   // 344: 88 x 2
      {1, 4096, 11008, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},
      {1, 5120, 13824, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 4},    // 432: 108 x 4
      {16, 4096, 14336, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},   // 448: 56 x 8
      // M <= 8 from K = 8192 at 40 N tiles of 32 rows up to N = 1920: the
      // ring tile with 4 CTAs a cluster (sessions 33-34), k2 where k4's chunks
      // are off the ring step.
      {1, 1280, 12288, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},   // 20 x 4
      {8, 1920, 12288, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},   // 30 x 4
      {8, 1248, 12288, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 24},    // 39 N tiles: 3
      {1, 1952, 12288, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 16},         // 31 x 4 > 30
      {4, 1280, 11264, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},    // 352 blocks
      {8, 1536, 10240, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},   // 24 x 4
      {1, 1536, 8960, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},     // 280 blocks
      {1, 1920, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},    // K = 8192
      {8, 1280, 7168, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},   // K < 8192
      {1, 1248, 8192, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 24},   // 39 N tiles
      {4, 1952, 8192, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},     // 31 x 4 > 30
      {16, 1536, 10240, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},  // 20-block chunks
      // M <= 8 beyond 66 N tiles of 32 rows up to 64 tiles of 64 rows from K =
      // 4608, below the 24 Mi elements (session 35): the ring tiles with 2
      // CTAs a cluster, k2 where k4's chunks are off the ring step; split-K at
      // K = 4096 and up to N = 2112.
      {8, 2240, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},     // 70 N tiles
      {8, 2112, 8192, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},     // 66 x 2
      {1, 2880, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},     // 45 x 2
      {4, 3072, 7168, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},
      {8, 4096, 5632, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},     // 176 blocks
      {1, 2880, 4096, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 8},
      {4, 3072, 4608, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},     // 144 blocks
      {8, 2560, 5120, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},
      {8, 2048, 8192, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},     // 32 tiles
      // Session 36: from M = 5 the band starts at K = 4096; at M <= 4 an
      // off-step K (K-blocks % 16 != 0) below 5632 stays on split-K.
      {5, 2880, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},
      {8, 4096, 4096, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},
      {4, 4096, 4096, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 8},
      {5, 2112, 4096, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},     // 66 x 2
      {6, 3072, 3968, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 8},      // 124 blocks
      {4, 2560, 4864, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 8},      // 152 blocks
      {1, 3072, 5376, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 8},      // 168 blocks
      {4, 3072, 5120, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},     // 160 blocks
      {7, 2560, 4864, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 4},
      // M <= 32 on the ring tiles without a cluster below K = 4096 (session
      // 35): the k4 decode kernels from K = 2560 where k4's chunks are whole
      // loop steps, else the k2 tile; M > 32 keeps k2.
      {1, 5120, 3072, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 4},
      {32, 8192, 2560, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 4},
      {16, 7168, 2048, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {8, 5120, 2880, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},     // 90 blocks
      {64, 7168, 3072, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 2},
      {12, 1280, 11264, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 8},   // 44, not 22
      {16, 2048, 10240, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 16},  // 32 tiles
      {16, 2048, 11264, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},   // 32 x 2
      {16, 1536, 9216, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 16},
      {9, 1056, 12288, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},   // 17 x 4
      {9, 1200, 12288, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 24},  // 38 x 3
      {9, 1200, 16384, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},   // 19 x 4
      // Below N = 256 (session 30 call 8), every M <= 32: stream_n16_m8_k8 up
      // to K = 8192 where its resident cluster has 4 CTAs or more, else the
      // bulk tile with its own.
      {16, 208, 8192, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 32},       // 26 x 4
      {1, 64, 8192, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 64},         // 4 x 8
      {32, 192, 16384, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 32},  // 24 x 4
      {16, 128, 16384, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 64},  // 8 x 8
      {32, 240, 8192, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},   // 32 x 2
      // N < 64 (session 31): stream_n16_m8_k8 with its largest resident
      // cluster at every M <= 32.
      {8, 48, 8192, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 64},          // 3 x 8
      {32, 16, 16384, GemmPath::kSplitKSmallM, "stream_n16_m8_k8", 64},        // 4 x 8
      // 8 < M <= 16 with 256 <= N < 512 (session 31): stream_n32_m16_k4 with
      // its largest resident cluster below K = 8192, the ring tile below K =
      // 12288, the streaming tile beyond.
      {16, 256, 6144, GemmPath::kSplitKSmallM, "stream_n32_m16_k4", 32},       // 8 x 8
      {12, 496, 5120, GemmPath::kSplitKSmallM, "stream_n32_m16_k4", 16},       // 16 x 4
      {16, 256, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},  // 4 x 8
      {16, 448, 12224, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},
      {16, 256, 12288, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 64},
      {16, 496, 12288, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 32},  // 16 x 4 (not 8)
      // 8 < M <= 16 beyond 66 N tiles with K > 4096 (session 31): the ring tile.
      {12, 2144, 6144, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},
      {12, 2112, 6144, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},  // 66 x 2
      // M <= 8 with 1024 < N, K <= 2048 (session 31): stream_n32_m8_k8, no
      // K-split up to K = 1024, 2 CTAs beyond up to 66 N tiles.
      {1, 1536, 1024, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 8},
      {8, 4096, 1024, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 8},
      {4, 2112, 2048, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 16},       // 66 x 2
      {4, 2144, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},  // 67
      {4, 2048, 2112, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 16},   // 64 N tiles
      {4, 1536, 2112, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},  // 48
      {4, 2048, 4160, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},  // K > 4096
      // 8 < M <= 16 beyond N = 1024: the 8-row register tile at K <= 1024 (up
      // to 132 CTAs), the 16-row bulk tile without a K-split at K <= 2048 and
      // at K = 3072 from 64 N tiles (session 31).
      {16, 1088, 1024, GemmPath::kSplitKSmallM, "stream_n32_m8_k8", 8},
      {12, 2144, 1024, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},    // 67 x 2
      {16, 2048, 2048, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},
      {9, 2048, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 8},     // 64
      {9, 2016, 3072, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},    // 63
      // Streaming clusters that stay resident (session 31): 40 N tiles take 2
      // where 3 did not fit at once, 33 take 3 where the bulk tile fits only
      // there.
      {12, 1280, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},
      {16, 1280, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},
      {12, 1280, 8192, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk_e5m2", 16},
      {16, 1056, 8192, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 24},
      // 34..39 N tiles: 3 by the CTA count, 2 from M = 5 where the bulk tile
      // fits there (session 32).
      {16, 1216, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 16},  // 38 x 2
      {4, 1216, 4096, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 24},   // 38 x 3
      {12, 1088, 9216, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 24},  // 2 does not fit
      {1, 1056, 12288, GemmPath::kSplitKSmallM, "stream_n32_m8_k8_bulk", 24},
      {16, 256, 16384, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 64},
      {17, 256, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},    // 4 x 8
      // The ring tiles' clusters stay resident (session 30): 16 of 8 do not
      // (15 do), 32 of 4 do not (30 do).
      {64, 1024, 16384, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 16},  // 16 x 4
      {64, 2048, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 8},    // 32 x 2
      {64, 512, 8192, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k2_fold", 16},    // 8 x 8
      {8, 256, 3136, GemmPath::kQuantThenMma, "streamq_n32_m16_k8_bulk", 64},
      // Below it, a long K over few N tiles whose streaming tile's A slice
      // does not fit at any cluster: the ring tile, not the pipelined one.
      {16, 256, 65536, GemmPath::kQuantThenMma, "wgmma8_n64_m64_k4_fold", 32},   // 4 x 8
  };
  // The tiles as chosen without staged weights (StagedWeightPlans checks
  // where auto stages them: the large-M rows here).
  GemmOptions no_staging;
  no_staging.weight_staging = WeightStaging::kNever;
  for (const Case& c : cases) {
    absl::StatusOr<GemmPlan> plan = PlanGemm(c.m, PreshuffledWeight(c.n, c.k), no_staging);
    ASSERT_TRUE(plan.ok()) << plan.status();
    const std::string shape = absl::StrCat(c.m, "x", c.n, "x", c.k, ": ", plan->ToString());
    EXPECT_EQ(plan->path, c.path) << shape;
    EXPECT_EQ(plan->tile, c.tile) << shape;
    EXPECT_EQ(plan->splits, c.splits) << shape;
    EXPECT_EQ(static_cast<int64_t>(plan->split_boundaries.size()), c.splits - 1) << shape;
    EXPECT_EQ(plan->launches, c.path == GemmPath::kQuantThenMma ? 2 : 1);
    EXPECT_EQ(plan->workspace_bytes > 0, c.path == GemmPath::kQuantThenMma);
    EXPECT_LE(plan->shared_memory_bytes, 227u * 1024u);
  }
}

// A forced fused_quant with 16 < M <= 32 and K <= 512 takes
// stream_n64_m16_k4_fold (its k2 twin beyond one wave), with 8 < M <= 16 the
// 16-row rule's tile (auto's); other shapes keep the path's default.
TEST(GemmApi, ForcedFusedQuantTileFor16To32Rows) {
  GemmOptions o;
  o.path = GemmPath::kFusedQuant;
  struct Case {
    int64_t m, n, k;
    const char* tile;
  };
  const Case cases[] = {
      {32, 2848, 512, "stream_n64_m16_k4_fold"}, {17, 2848, 448, "stream_n64_m16_k4_fold"},
      {32, 2880, 512, "stream_n64_m16_k4_fold"}, {17, 2880, 448, "stream_n64_m16_k4_fold"},
      {32, 4096, 512, "stream_n64_m16_k4_fold"}, {16, 4096, 512, "stream_n64_m16_k4_fold"},
      {16, 2048, 512, "stream_n32_m16_k4_c4"},   {16, 512, 512, "stream_n32_m16_k4"},
      {32, 4096, 576, "stream_n32_m16_k4"},    {8, 4096, 512, "stream_n32_m8_k4"},
      {32, 7168, 512, "stream_n64_m16_k2_fold"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<GemmPlan> plan = PlanGemm(c.m, PreshuffledWeight(c.n, c.k), o);
    ASSERT_TRUE(plan.ok()) << plan.status();
    EXPECT_EQ(plan->tile, c.tile) << c.m << "x" << c.n << "x" << c.k << ": " << plan->ToString();
  }
}

// A ring tile splits K over its warpgroups and, forced with split_k > 1 (or
// by auto on few output tiles, AutoPlanForContestShapes), over a cluster of
// CTAs: chunk c = rank * warps_k + warpgroup. Auto with a forced split count
// takes the pipelined tile.
TEST(GemmApi, RingTileSplitCounts) {
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n64_m64_k4_fold";
  absl::StatusOr<GemmPlan> plan = PlanGemm(64, PreshuffledWeight(7168, 2048), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 1);
  EXPECT_EQ(plan->splits, 4);
  EXPECT_EQ(plan->blocks_per_split, 16);
  EXPECT_EQ(plan->split_boundaries, (std::vector<int64_t>{16, 32, 48}));
  o.split_k = 2;
  plan = PlanGemm(64, PreshuffledWeight(7168, 2048), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 2);
  EXPECT_EQ(plan->splits, 8);
  EXPECT_EQ(plan->blocks_per_split, 8);
  EXPECT_EQ(plan->grid_ctas, 224);
  // Chunks round up to whole ring stages of 4 blocks: 67 blocks over 12
  // chunks are 8 full chunks, one of 3 and three empty ones.
  o.split_k = 3;
  plan = PlanGemm(40, NaturalWeight(136, 2144), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->splits, 12);
  EXPECT_EQ(plan->blocks_per_split, 8);
  EXPECT_EQ(plan->split_boundaries,
            (std::vector<int64_t>{8, 16, 24, 32, 40, 48, 56, 64, 67, 67, 67}));
  o.split_k = 9;
  EXPECT_EQ(PlanGemm(64, PreshuffledWeight(7168, 2048), o).status().code(),
            absl::StatusCode::kInvalidArgument);
  GemmOptions forced_split;
  forced_split.split_k = 2;
  plan = PlanGemm(64, PreshuffledWeight(7168, 2048), forced_split);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->tile, "prequant_n64_m64_s2_fold");
  EXPECT_EQ(plan->cluster_ctas, 2);
  plan = PlanGemm(64, PreshuffledWeight(128, 1536));
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->tile, "wgmma8_n64_m64_k2_fold");  // 2 CTAs: still a ring tile (session 17)
}

// The K-split over independent CTAs (GemmOptions::grid_split_k; session 39):
// auto takes it for the k4 ring tile's decode kernels, the most CTAs a tile
// within one wave (RingGridSplitCtas), in place of a K-split cluster of at
// most half as many CTAs or where a CTA keeps 192 blocks or more; forced
// counts plan the same KSplit as a cluster of that size, and every misuse is
// a clear error.
TEST(GemmApi, GridSplitPlans) {
  struct Case {
    int64_t m, n, k;
    int grid_splits;
  };
  const Case cases[] = {
      {1, 4096, 14336, 2},   // 64 tiles, 224 blocks a CTA: not a cluster of 2
      {16, 4096, 4096, 1},   // 64 blocks a CTA: the cluster of 2 stays
      {1, 2048, 16384, 4},   // 32 tiles: clusters of 4 would not stay resident (30), 2 do
      {32, 2048, 7168, 1},   // 224 blocks: 4 CTAs would end off the ring step
      {1, 1280, 12288, 1},   // 20 tiles: 6 CTAs (120) against a cluster of 4
      {16, 1024, 16384, 8},  // 16 tiles: 128 CTAs against a cluster of 4
      {4, 1024, 24576, 8},
      {1, 5120, 13824, 1},   // 80 tiles: a second wave costs more than it saves
      {1, 8192, 8192, 1},    // 128 tiles: a wave already
      {64, 2048, 16384, 1},  // no decode kernel
  };
  for (const Case& c : cases) {
    absl::StatusOr<GemmPlan> plan = PlanGemm(c.m, PreshuffledWeight(c.n, c.k));
    ASSERT_TRUE(plan.ok()) << plan.status();
    const std::string shape = absl::StrCat(c.m, "x", c.n, "x", c.k, ": ", plan->ToString());
    EXPECT_EQ(plan->grid_split_ctas, c.grid_splits) << shape;
    if (c.grid_splits == 1) continue;
    EXPECT_EQ(plan->tile, "wgmma8_n64_m64_k4_fold") << shape;
    EXPECT_EQ(plan->cluster_ctas, 1) << shape;
    EXPECT_EQ(plan->splits, 4 * c.grid_splits) << shape;
    EXPECT_EQ(plan->grid_ctas, (c.n / 64) * c.grid_splits) << shape;
    EXPECT_EQ(plan->blocks_per_split * plan->splits, c.k / 32) << shape;  // whole chunks
  }
  // Forced: the chunks of a cluster of the same size, and the workspace grows
  // by the partials ([tiles][splits][4][8 rows][64] fp32) and the counters.
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n64_m64_k4_fold";
  o.grid_split_k = 3;
  absl::StatusOr<GemmPlan> grid = PlanGemm(5, NaturalWeight(136, 2144), o);
  ASSERT_TRUE(grid.ok()) << grid.status();
  o.grid_split_k = 0;
  o.split_k = 3;
  absl::StatusOr<GemmPlan> cluster = PlanGemm(5, NaturalWeight(136, 2144), o);
  ASSERT_TRUE(cluster.ok()) << cluster.status();
  EXPECT_EQ(grid->split_boundaries, cluster->split_boundaries);
  EXPECT_EQ(grid->grid_split_ctas, 3);
  EXPECT_EQ(grid->cluster_ctas, 1);
  EXPECT_EQ(grid->grid_ctas, 9);
  EXPECT_GE(grid->workspace_bytes, cluster->workspace_bytes + 3 * 3 * 4 * 8 * 64 * 4 + 3 * 4);
  o.split_k = 1;
  o.grid_split_k = 1;
  absl::StatusOr<GemmPlan> none = PlanGemm(5, NaturalWeight(136, 2144), o);
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->grid_split_ctas, 1);
  EXPECT_EQ(none->splits, 4);
  // Misuse: out of range, with a cluster, another tile, M > 32, another path.
  auto refused = [](int64_t m, const GemmOptions& options) {
    return PlanGemm(m, PreshuffledWeight(5120, 13824), options).status().code() ==
           absl::StatusCode::kInvalidArgument;
  };
  GemmOptions bad;
  bad.grid_split_k = 9;
  EXPECT_TRUE(refused(1, bad));
  bad.grid_split_k = -1;
  EXPECT_TRUE(refused(1, bad));
  bad.grid_split_k = 2;
  bad.split_k = 2;
  EXPECT_TRUE(refused(1, bad));
  bad.split_k = 0;
  bad.tile = "wgmma8_n64_m64_k2_fold";
  EXPECT_TRUE(refused(1, bad));
  bad.tile = "";
  EXPECT_TRUE(refused(64, bad));
  bad.path = GemmPath::kSplitKSmallM;
  EXPECT_TRUE(refused(1, bad));
  bad.path = GemmPath::kAuto;
  EXPECT_FALSE(refused(1, bad));  // auto's k4 tile at M = 1 takes it
}

// Clusters split over the grid (session 80; HasRingClusterGridSplitForm):
// split_k 3..8 with grid_split_k 2..8 on the 64-row k4 ring tile beyond its
// decode forms. The plan's chunks are the clusters' in order, each cluster's
// runs summed next (split_outer_group = the cluster), the workspace holds a
// tile of sums a cluster and a counter a tile and rank; other tiles, two-CTA
// clusters and the decode forms refuse it.
TEST(GemmApi, ClustersSplitOverGrid) {
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n64_m64_k4_fold";
  o.split_k = 8;
  absl::StatusOr<GemmPlan> cluster = PlanGemm(64, PreshuffledWeight(512, 16384), o);
  ASSERT_TRUE(cluster.ok()) << cluster.status();
  o.grid_split_k = 2;
  absl::StatusOr<GemmPlan> plan = PlanGemm(64, PreshuffledWeight(512, 16384), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 8);
  EXPECT_EQ(plan->grid_split_ctas, 2);
  EXPECT_EQ(plan->splits, 64);
  EXPECT_EQ(plan->blocks_per_split, 8);
  EXPECT_EQ(plan->grid_ctas, 8 * 16);
  EXPECT_EQ(plan->split_group, 4);
  EXPECT_EQ(plan->split_outer_group, 8);
  EXPECT_EQ(plan->shared_memory_bytes, cluster->shared_memory_bytes);
  // A 64x64 fp32 tile of sums a cluster and a counter a tile and rank.
  EXPECT_GE(plan->workspace_bytes, cluster->workspace_bytes + 8 * 2 * 64 * 64 * 4 + 8 * 8 * 4);
  EXPECT_TRUE(absl::StrContains(plan->ToString(),
                                "(cluster 8, grid split 2, splits summed in runs of 4, runs in "
                                "runs of 8)"))
      << plan->ToString();
  const KSplit split = PlanKSplit(*plan);
  EXPECT_EQ(split.boundaries, plan->split_boundaries);
  EXPECT_EQ(split.group, 4);
  EXPECT_EQ(split.outer_group, 8);
  EXPECT_TRUE(absl::StartsWith(split.ToString(512), "{([0,8)[8,16)[16,24)[24,32))([32,40)"))
      << split.ToString(512);
  // Uneven: clusters of 3 over 3 (36 chunks of 32 * 67 / 36 -> 4 blocks).
  o.split_k = 3;
  o.grid_split_k = 3;
  plan = PlanGemm(100, NaturalWeight(98, 32 * 67), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->splits, 36);
  EXPECT_EQ(plan->split_outer_group, 3);
  EXPECT_EQ(plan->grid_ctas, 2 * 2 * 9);  // 2 N tiles x 2 row tiles x 9 CTAs
  // Refused: a two-CTA cluster (no push), the decode forms (M <= 32), the k2
  // tile, the ws tile, fused_quant.
  auto refused = [](int64_t m, const GemmOptions& options) {
    return PlanGemm(m, PreshuffledWeight(512, 16384), options).status().code() ==
           absl::StatusCode::kInvalidArgument;
  };
  GemmOptions bad = o;
  bad.split_k = 2;
  bad.grid_split_k = 2;
  EXPECT_TRUE(refused(64, bad));
  bad.split_k = 8;
  EXPECT_FALSE(refused(64, bad));
  EXPECT_TRUE(refused(32, bad));
  bad.tile = "wgmma8_n64_m64_k2_fold";
  EXPECT_TRUE(refused(64, bad));
  bad.tile = "wgmma8_n64_m128_k2_ws_fold";
  EXPECT_TRUE(refused(256, bad));
  bad.tile = "";
  bad.path = GemmPath::kFusedQuant;
  EXPECT_TRUE(refused(64, bad));
  // Without a forced grid split the plans keep one cluster a tile.
  o.grid_split_k = 0;
  o.split_k = 8;
  plan = PlanGemm(64, PreshuffledWeight(512, 16384), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->grid_split_ctas, 1);
  EXPECT_EQ(plan->split_outer_group, 1);
}

// The warp-specialized ring tiles split K over their two consumer
// warpgroups only: a forced split count above 1 is refused, 0 and 1 plan one
// CTA per output tile; a CTA is 3 warpgroups and its shared memory a 4-deep
// ring with the partials over it.
TEST(GemmApi, WarpSpecializedRingTilePlans) {
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n64_m128_k2_ws_fold";
  absl::StatusOr<GemmPlan> plan = PlanGemm(256, PreshuffledWeight(3072, 1536), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 1);
  EXPECT_EQ(plan->splits, 2);
  EXPECT_EQ(plan->blocks_per_split, 24);
  EXPECT_EQ(plan->grid_ctas, 96);
  EXPECT_EQ(plan->shared_memory_bytes, 4 * (32768 + 16384 + 2048) + 2 * 4 * 128 * 16 + 128);
  o.split_k = 1;
  EXPECT_TRUE(PlanGemm(256, PreshuffledWeight(3072, 1536), o).ok());
  for (const char* tile : {"wgmma8_n64_m128_k2_ws_fold", "wgmma8_n128_m128_ws_fold",
                           "wgmma8_n64_m64_k2_ws_fold", "wgmma8_n128_m192_ws_fold",
                           "wgmma8_n64_m192_k2_ws_fold"}) {
    o.tile = tile;
    o.split_k = 2;
    const absl::Status status = PlanGemm(256, PreshuffledWeight(3072, 1536), o).status();
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << tile;
    EXPECT_NE(std::string(status.message()).find(tile), std::string::npos) << status;
  }
  o.tile = "wgmma8_n128_m128_ws_fold";
  o.split_k = 0;
  plan = PlanGemm(200, NaturalWeight(136, 2144), o);  // 67 blocks: one chunk of 68
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->splits, 1);
  EXPECT_EQ(plan->blocks_per_split, 68);
  EXPECT_EQ(plan->grid_ctas, 2 * 2);
  // 192 activation rows: rows padded to a multiple of 192 for the quantizer,
  // a 4-deep ring of 24 KiB activation stages, the partials over the ring.
  o.tile = "wgmma8_n128_m192_ws_fold";
  plan = PlanGemm(500, PreshuffledWeight(4096, 4096), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->block_m, 192);
  EXPECT_EQ(plan->grid_ctas, 32 * 3);
  EXPECT_EQ(plan->shared_memory_bytes, 4 * (24576 + 16384 + 2048) + 2 * 4 * 128 * 16 + 128);
  EXPECT_GE(plan->workspace_bytes, 576u * 4096u + 576u * 128u * 4u);
}

// GemmOptions::cold_weights takes effect (GemmPlan::prefetches_weight, the
// kernel's flag) only on the 64x64 k2 ring tile's M > 32 form without a K
// split over CTAs and for weights up to 16 MiB; the plan is otherwise the
// same, and without the hint no plan prefetches.
TEST(GemmApi, ColdWeightsPrefetchOnlyWhereItPays) {
  GemmOptions cold;
  cold.cold_weights = true;
  struct Case {
    int64_t m, n, k;
    bool prefetches;
  };
  for (const Case& c : std::vector<Case>{
           {64, 7168, 2048, true},    // ring m64 k2 (contest)
           {64, 3072, 1536, true},    // ring m64 k2
           {40, 7168, 2048, true},    // ring m64, M just above the decode forms
           {256, 3072, 1536, false},  // ws m128 (contest)
           {1, 5120, 4096, false},    // k4 decode form
           {32, 4096, 512, false},    // fused_quant (contest)
           {16, 2112, 7168, false},   // streamq bulk (contest)
           {64, 16384, 512, false},   // ring n128 m64 k2 (lost 3% cold)
           {96, 2880, 4096, false},   // ring m64 k4 (level cold)
           {4096, 4096, 4096, false}, // staged ws prefill
       }) {
    SCOPED_TRACE(absl::StrCat(c.m, "x", c.n, "x", c.k));
    absl::StatusOr<GemmPlan> hinted = PlanGemm(c.m, PreshuffledWeight(c.n, c.k), cold);
    absl::StatusOr<GemmPlan> plain = PlanGemm(c.m, PreshuffledWeight(c.n, c.k));
    ASSERT_TRUE(hinted.ok()) << hinted.status();
    ASSERT_TRUE(plain.ok()) << plain.status();
    EXPECT_EQ(hinted->prefetches_weight, c.prefetches) << hinted->ToString();
    EXPECT_FALSE(plain->prefetches_weight);
    EXPECT_EQ(hinted->tile, plain->tile);
    EXPECT_EQ(hinted->grid_ctas, plain->grid_ctas);
    EXPECT_EQ(hinted->workspace_bytes, plain->workspace_bytes);
    EXPECT_EQ(hinted->ToString().find("prefetch_weight") != std::string::npos, c.prefetches);
  }
  // The ring m64 tile with a K-split cluster, and a weight over 16 MiB.
  GemmOptions split = cold;
  split.path = GemmPath::kQuantThenMma;
  split.tile = "wgmma8_n64_m64_k2_fold";
  split.split_k = 2;
  absl::StatusOr<GemmPlan> plan = PlanGemm(64, PreshuffledWeight(7168, 2048), split);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 2);
  EXPECT_FALSE(plan->prefetches_weight);
  split.split_k = 1;
  plan = PlanGemm(64, PreshuffledWeight(8192, 4096 + 64), split);  // 16 MiB + 256 KiB
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_FALSE(plan->prefetches_weight);
  plan = PlanGemm(64, PreshuffledWeight(8192, 4096), split);  // exactly 16 MiB
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_TRUE(plan->prefetches_weight);
}

// Every tile name a path lists plans on that path; kAuto lists none; the
// lists are disjoint between the fused-A and the prequantized-A paths.
TEST(GemmApi, PathTileNamesPlan) {
  EXPECT_TRUE(GemmPathTileNames(GemmPath::kAuto).empty());
  for (GemmPath path : {GemmPath::kFusedQuant, GemmPath::kSplitKSmallM, GemmPath::kQuantThenMma}) {
    const std::vector<std::string> names = GemmPathTileNames(path);
    EXPECT_GE(names.size(), 10u) << GemmPathName(path);
    for (const std::string& name : names) {
      GemmOptions o;
      o.path = path;
      o.tile = name;
      absl::StatusOr<GemmPlan> plan = PlanGemm(16, PreshuffledWeight(256, 512), o);
      ASSERT_TRUE(plan.ok()) << GemmPathName(path) << " " << name << ": " << plan.status();
      EXPECT_EQ(plan->tile, name);
    }
  }
  for (const std::string& name : GemmPathTileNames(GemmPath::kQuantThenMma)) {
    for (const std::string& fused : GemmPathTileNames(GemmPath::kFusedQuant)) {
      EXPECT_NE(name, fused);
    }
  }
}

// Ring chunks start on a loop step (4 blocks): constant load offsets.
TEST(GemmApi, RingChunksAreAlignedToLoopSteps) {
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n64_m64_k4_fold";
  absl::StatusOr<GemmPlan> plan = PlanGemm(64, PreshuffledWeight(1024, 1408), o);  // 44 blocks
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->blocks_per_split, 12);
  EXPECT_EQ(plan->split_boundaries, (std::vector<int64_t>{12, 24, 36}));
  o.tile = "wgmma8_n64_m128_k2_fold";
  plan = PlanGemm(256, PreshuffledWeight(1024, 320), o);  // 10 blocks
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->blocks_per_split, 8);
  EXPECT_EQ(plan->split_boundaries, (std::vector<int64_t>{8}));
}

TEST(GemmApi, SplitBoundariesAreTheEvenPartition) {
  GemmOptions o;
  o.path = GemmPath::kSplitKSmallM;
  o.tile = "fused_n64_m16";  // pipelined: one split per cluster CTA
  o.split_k = 4;
  absl::StatusOr<GemmPlan> plan = PlanGemm(16, PreshuffledWeight(2112, 7168), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->splits, 4);
  EXPECT_EQ(plan->cluster_ctas, 4);
  EXPECT_EQ(plan->blocks_per_split, 56);
  EXPECT_EQ(plan->split_boundaries, (std::vector<int64_t>{56, 112, 168}));
  // More splits than blocks: trailing empty splits.
  o.split_k = 8;
  plan = PlanGemm(4, PreshuffledWeight(64, 128), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->split_boundaries, (std::vector<int64_t>{1, 2, 3, 4, 4, 4, 4}));
}

// K-split clusters of more than two CTAs that push (CombinePushedRanks) sum
// each CTA's own splits first (GemmPlan::split_group = its warps along K);
// two-CTA chains, pulling clusters, lone CTAs and grid splits keep the plain
// chain. Auto's ring cluster for 64x512x16384 (k4: 4 warpgroups) and a
// forced streaming cluster of 4 (stream_n32_m16_k8: 8 warps along K).
TEST(GemmApi, PushedClustersSumEachCtasSplitsFirst) {
  absl::StatusOr<GemmPlan> ring = PlanGemm(64, PreshuffledWeight(512, 16384));
  ASSERT_TRUE(ring.ok()) << ring.status();
  ASSERT_GT(ring->cluster_ctas, 2) << ring->ToString();
  EXPECT_EQ(ring->split_group, 4) << ring->ToString();
  EXPECT_EQ(ring->splits, ring->cluster_ctas * 4);
  EXPECT_TRUE(absl::StrContains(ring->ToString(), "splits summed in runs of 4"));
  // The emulator's split of the plan (what the GPU tests and the tools check
  // against): its boundaries, in runs of 4.
  const KSplit split = PlanKSplit(*ring);
  EXPECT_EQ(split.boundaries, ring->split_boundaries);
  EXPECT_EQ(split.group, 4);
  EXPECT_TRUE(absl::StartsWith(split.ToString(512), "([0,16)[16,32)[32,48)[48,64))([64,80)"))
      << split.ToString(512);
  GemmOptions o;
  o.path = GemmPath::kSplitKSmallM;
  o.tile = "stream_n32_m16_k8";
  for (int split_k : {1, 2, 3, 4, 8}) {
    o.split_k = split_k;
    absl::StatusOr<GemmPlan> plan = PlanGemm(16, PreshuffledWeight(512, 4096), o);
    ASSERT_TRUE(plan.ok()) << plan.status();
    EXPECT_EQ(plan->split_group, split_k > 2 ? 8 : 1) << plan->ToString();
  }
  // Two CTAs: the chain (rank 1 continues rank 0's sum split by split).
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n64_m64_k4_fold";
  o.split_k = 2;
  absl::StatusOr<GemmPlan> pair = PlanGemm(64, PreshuffledWeight(512, 16384), o);
  ASSERT_TRUE(pair.ok()) << pair.status();
  EXPECT_EQ(pair->split_group, 1);
  for (const int64_t m : {1, 16, 64, 256}) {
    for (const int64_t n : {512, 2112, 7168}) {
      for (const int64_t k : {512, 2048, 7168, 16384}) {
        absl::StatusOr<GemmPlan> plan = PlanGemm(m, PreshuffledWeight(n, k));
        ASSERT_TRUE(plan.ok()) << plan.status();
        if (plan->cluster_ctas <= 2) {
          EXPECT_EQ(plan->split_group, 1) << plan->ToString();
        }
        if (plan->split_group > 1) {
          EXPECT_EQ(plan->splits, plan->cluster_ctas * plan->split_group) << plan->ToString();
        }
      }
    }
  }
}

// Streaming tiles split each CTA's K-range once more over their warps_k warps:
// split_k = 2 CTAs x 8 warps = 16 chunks of ceil(224 / 16) = 14 blocks.
TEST(GemmApi, StreamingTilesSplitOverWarpsToo) {
  GemmOptions o;
  o.path = GemmPath::kSplitKSmallM;
  o.tile = "stream_n32_m16_k8";
  o.split_k = 2;
  absl::StatusOr<GemmPlan> plan = PlanGemm(16, PreshuffledWeight(2112, 7168), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 2);
  EXPECT_EQ(plan->splits, 16);
  EXPECT_EQ(plan->blocks_per_split, 14);
  ASSERT_EQ(plan->split_boundaries.size(), 15u);
  EXPECT_EQ(plan->split_boundaries.front(), 14);
  EXPECT_EQ(plan->split_boundaries.back(), 210);
  EXPECT_EQ(plan->grid_ctas, 66 * 2);
  // A forced streaming tile whose CTA K-range of A does not fit in shared
  // memory is an error; the default tile falls back to a pipelined one.
  o.split_k = 1;
  ExpectError(PlanGemm(32, PreshuffledWeight(2112, 65536), o).status(),
              absl::StatusCode::kInvalidArgument, "shared memory");
  o.tile.clear();
  plan = PlanGemm(16, PreshuffledWeight(2112, 65536), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->tile, "fused_n64_m16");
}


// The default bulk tile keeps its twin's splits and gives way to the twin
// when its weight slabs do not fit in shared memory next to A.
TEST(GemmApi, BulkTilesFallBackToTheirTwin) {
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  absl::StatusOr<GemmPlan> bulk = PlanGemm(16, PreshuffledWeight(2112, 7168), o);
  ASSERT_TRUE(bulk.ok()) << bulk.status();
  EXPECT_EQ(bulk->tile, "streamq_n32_m16_k8_bulk");
  o.tile = "streamq_n32_m16_k8";
  absl::StatusOr<GemmPlan> twin = PlanGemm(16, PreshuffledWeight(2112, 7168), o);
  ASSERT_TRUE(twin.ok()) << twin.status();
  EXPECT_EQ(bulk->splits, twin->splits);
  EXPECT_GT(bulk->shared_memory_bytes, twin->shared_memory_bytes);
  EXPECT_LE(bulk->shared_memory_bytes, 227u * 1024u);
  // One 32-row N tile, so 8 cluster CTAs of 160 K-blocks each: the twin's A
  // (~170 KB) fits, the weight slabs on top of it do not; with A as E5M2
  // (half the bytes) they do.
  o.tile.clear();
  absl::StatusOr<GemmPlan> wide_k = PlanGemm(16, PreshuffledWeight(32, 40960), o);
  ASSERT_TRUE(wide_k.ok()) << wide_k.status();
  EXPECT_EQ(wide_k->tile, "streamq_n32_m16_k8_bulk_e5m2");
  EXPECT_EQ(wide_k->splits, 64);
  EXPECT_LE(wide_k->shared_memory_bytes, 227u * 1024u);
  // 176 K-blocks a CTA: the twin's A (~180 KB) still fits, neither bulk
  // form does.
  absl::StatusOr<GemmPlan> wider_k = PlanGemm(16, PreshuffledWeight(32, 45056), o);
  ASSERT_TRUE(wider_k.ok()) << wider_k.status();
  EXPECT_EQ(wider_k->tile, "streamq_n32_m16_k8");
  EXPECT_LE(wider_k->shared_memory_bytes, 227u * 1024u);
}
TEST(GemmApi, ForcedPathsAndTiles) {
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "prequant_n128_m64_e4m3";
  absl::StatusOr<GemmPlan> plan = PlanGemm(4, PreshuffledWeight(2880, 512), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->tile, "prequant_n128_m64_e4m3");
  EXPECT_EQ(plan->block_n, 128);
  EXPECT_EQ(plan->block_m, 64);
  o.tile = "fused_n64_m8";
  ExpectError(PlanGemm(4, PreshuffledWeight(2880, 512), o).status(),
              absl::StatusCode::kInvalidArgument, "cannot run path");
  o.tile = "nonsense";
  ExpectError(PlanGemm(4, PreshuffledWeight(2880, 512), o).status(),
              absl::StatusCode::kInvalidArgument, "unknown GEMM tile");
  GemmOptions fused;
  fused.path = GemmPath::kFusedQuant;
  fused.split_k = 2;
  ExpectError(PlanGemm(4, PreshuffledWeight(2880, 512), fused).status(),
              absl::StatusCode::kInvalidArgument, "does not split K");
  GemmOptions bad_split;
  bad_split.split_k = 9;
  ExpectError(PlanGemm(4, PreshuffledWeight(2880, 512), bad_split).status(),
              absl::StatusCode::kInvalidArgument, "split_k=9");
}

TEST(GemmApi, WorkspaceSize) {
  absl::StatusOr<size_t> none = GemmWorkspaceSize(4, PreshuffledWeight(2880, 512));
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(*none, 0u);
  absl::StatusOr<size_t> some = GemmWorkspaceSize(256, PreshuffledWeight(3072, 1536));
  ASSERT_TRUE(some.ok());
  EXPECT_GE(*some, 256u * 1536u + 256u * 48u * 4u);
}

TEST(GemmApi, ShapeErrors) {
  GemmArgs a = ValidArgs(4, 64, 96);
  a.b.data_layout = DataLayout::kNatural;
  a.b.scale_layout = ScaleLayout::kNatural;
  a.b.data_bytes = 64 * 48;
  a.b.scale_bytes = 64 * 3;
  a.k = a.b.k = 100;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "multiple of 32");
  a.k = 128;
  a.b.k = 96;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "A has K=128");

  GemmArgs p = ValidArgs(4, 72, 512);
  ExpectError(Gemm(p, nullptr), absl::StatusCode::kInvalidArgument, "N % 16 == 0");
  p = ValidArgs(4, 64, 96);
  ExpectError(Gemm(p, nullptr), absl::StatusCode::kInvalidArgument, "K % 64 == 0");
  p = ValidArgs(4, 64, 512);
  p.b.scale_layout = ScaleLayout::kShuffled32;
  ExpectError(Gemm(p, nullptr), absl::StatusCode::kInvalidArgument, "not supported");
  p = ValidArgs(-1, 64, 512);
  ExpectError(Gemm(p, nullptr), absl::StatusCode::kInvalidArgument, "M=-1");
  // quant_then_mma's quantizer indexes A's blocks in 32 bits: 4194240 rows of
  // 1024 blocks are refused by the planner (32767 row tiles of 128 fit the
  // grid).
  const absl::StatusOr<GemmPlan> huge = PlanGemm(4194240, PreshuffledWeight(256, 32768));
  ExpectError(huge.status(), absl::StatusCode::kInvalidArgument, "2^31-1 blocks of 32");
  EXPECT_TRUE(PlanGemm(2097024, PreshuffledWeight(256, 32768)).ok());  // 2^31 - 131072 blocks
}

TEST(GemmApi, SizeErrors) {
  GemmArgs a = ValidArgs(4, 64, 512);
  a.b.data_bytes -= 1;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "weight data has");
  a = ValidArgs(4, 64, 512);
  a.b.scale_bytes = 64 * 16;  // the natural size, but the layout is shuffled16
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "weight scales have");
}

TEST(GemmApi, PointerErrors) {
  GemmArgs a = ValidArgs(4, 64, 512);
  a.a = nullptr;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "null");
  a = ValidArgs(4, 64, 512);
  a.c = nullptr;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "null");
  a = ValidArgs(4, 64, 512);
  a.b.scales = nullptr;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "null");
  a = ValidArgs(4, 64, 512);
  a.a = reinterpret_cast<const uint16_t*>(g_fake + 2);
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "16-byte aligned");
  a = ValidArgs(4, 64, 512);
  a.b.data = g_fake + 8;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "16-byte aligned");
}

TEST(GemmApi, WorkspaceErrors) {
  GemmArgs a = ValidArgs(256, 64, 1536);
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  ExpectError(Gemm(a, nullptr, {}, o), absl::StatusCode::kFailedPrecondition, "workspace");
  GemmWorkspace small{g_fake, 16};
  ExpectError(Gemm(a, nullptr, small, o), absl::StatusCode::kFailedPrecondition, "needs");
}

// A weight with a (fake) prepared copy of the right sizes.
Mxfp4Weight WithPrepared(Mxfp4Weight w) {
  w.prepared.data = g_fake;
  w.prepared.scales = reinterpret_cast<const float*>(g_fake + 256);
  w.prepared.data_bytes = PreparedDataBytes(w.n, w.k);
  w.prepared.scale_bytes = PreparedScaleBytes(w.n, w.k);
  return w;
}

// PreparedWeightForPlanning: the sizes of a PreparedWeightBuffer's view, a
// copy ValidateWeight accepts and PlanGemm plans for, in either format.
TEST(GemmApi, PreparedWeightForPlanning) {
  Mxfp4Weight w = PreshuffledWeight(4096, 4096);
  w.prepared = PreparedWeightForPlanning(w.n, w.k, PreparedFormat::kShiftedE4m3);
  EXPECT_EQ(w.prepared.data_bytes, PreparedDataBytes(w.n, w.k));
  EXPECT_EQ(w.prepared.scale_bytes, PreparedScaleBytes(w.n, w.k));
  EXPECT_EQ(w.prepared.row_info, nullptr);
  EXPECT_TRUE(ValidateWeight(w).ok()) << ValidateWeight(w);
  absl::StatusOr<GemmPlan> plan = PlanGemm(4096, w);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_TRUE(plan->reads_prepared_weight && !plan->int8_accumulation) << plan->ToString();

  w.prepared = PreparedWeightForPlanning(w.n, w.k, PreparedFormat::kInt8);
  EXPECT_EQ(w.prepared.format, PreparedFormat::kInt8);
  EXPECT_EQ(w.prepared.data_bytes, PreparedDataBytes(w.n, w.k));
  EXPECT_EQ(w.prepared.row_info_bytes, PreparedInt8RowInfoBytes(w.n));
  EXPECT_EQ(w.prepared.scales, nullptr);
  EXPECT_TRUE(ValidateWeight(w).ok()) << ValidateWeight(w);
  plan = PlanGemm(4096, w);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_TRUE(plan->int8_accumulation) << plan->ToString();
}

// With a prepared copy, auto runs the ws twin of its ring tile unless the
// ring tile's K-split cluster has the twin's grid under 32 CTAs (docs/paths.md
// "Prepared weights"); the tiles that do not read the copy are unchanged.
TEST(GemmApi, AutoPlanWithPreparedWeight) {
  struct Case {
    int64_t m, n, k;
    const char* tile;
    bool reads;
  };
  const Case cases[] = {
      {4, 2880, 512, "stream_n32_m8_k4", false},
      {16, 2112, 7168, "streamq_n32_m16_k8_bulk", false},
      {32, 4096, 512, "stream_n64_m16_k4_fold", false},
      {64, 7168, 2048, "wgmma8_n64_m64_k2_ws_fold", true},
      {64, 2816, 7168, "wgmma8_n64_m64_k2_ws_fold", true},   // k4, cluster 3 without
      {128, 2048, 2048, "wgmma8_n64_m64_k2_ws_fold", true},  // k2, cluster 2 without
      {256, 3072, 1536, "wgmma8_n64_m128_k2_ws_fold", true},
      {4096, 4096, 4096, "wgmma8_n128_m128_ws_fold", true},
      // The 192-row ws tile costs ~224 rows a CTA with the copy (session 26).
      {768, 4096, 4096, "wgmma8_n128_m192_ws_fold", true},   // 1 x 224 < 2 x 128
      {3072, 3072, 3072, "wgmma8_n128_m128_ws_fold", true},  // 5 x 128 < 3 x 224 (m192 plain)
      {64, 16384, 4096, "wgmma8_n128_m64_k2_fold", false},   // no ws twin
      // M <= 32: the k4 tile's decode form beats its twin, the k2 tile's not.
      {16, 8192, 8192, "wgmma8_n64_m64_k4_fold", false},
      {32, 4096, 4096, "wgmma8_n64_m64_k4_fold", false},
      {32, 2880, 2048, "wgmma8_n64_m64_k2_ws_fold", true},
      // Up to 66 N tiles below K = 4096, 16 < M <= 32 runs the 16-row bulk
      // streaming tile (session 31: 32x2048x2048 5.57 us, the twin with the
      // copy 6.18 in session 28).
      {32, 2048, 2048, "streamq_n32_m16_k8_bulk", false},
      {64, 512, 16384, "wgmma8_n64_m64_k4_fold", false},     // cluster 8 kept (8 ws CTAs)
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.m, "x", c.n, "x", c.k));
    GemmOptions no_staging;
    no_staging.weight_staging = WeightStaging::kNever;
    absl::StatusOr<GemmPlan> plain = PlanGemm(c.m, PreshuffledWeight(c.n, c.k), no_staging);
    ASSERT_TRUE(plain.ok()) << plain.status();
    EXPECT_FALSE(plain->reads_prepared_weight);
    absl::StatusOr<GemmPlan> plan = PlanGemm(c.m, WithPrepared(PreshuffledWeight(c.n, c.k)));
    ASSERT_TRUE(plan.ok()) << plan.status();
    EXPECT_EQ(plan->tile, c.tile) << plan->ToString();
    EXPECT_EQ(plan->reads_prepared_weight, c.reads) << plan->ToString();
    EXPECT_EQ(absl::StrContains(plan->ToString(), "prepared_weight"), c.reads);
    if (!c.reads) {
      EXPECT_EQ(plan->tile, plain->tile);
      EXPECT_EQ(plan->splits, plain->splits);
    }
  }
  // Forced tiles: a ws tile reads the copy, a ring tile does not.
  GemmOptions o;
  o.path = GemmPath::kQuantThenMma;
  o.tile = "wgmma8_n128_m128_ws_fold";
  absl::StatusOr<GemmPlan> ws = PlanGemm(64, WithPrepared(NaturalWeight(90, 2144)), o);
  ASSERT_TRUE(ws.ok()) << ws.status();
  EXPECT_TRUE(ws->reads_prepared_weight);
  o.tile = "wgmma8_n64_m64_k2_fold";
  absl::StatusOr<GemmPlan> ring = PlanGemm(64, WithPrepared(NaturalWeight(90, 2144)), o);
  ASSERT_TRUE(ring.ok()) << ring.status();
  EXPECT_FALSE(ring->reads_prepared_weight);
}

// Staged weights: the plan of a weight without a copy as if it had one, plus
// the staging kernel and the copy's workspace, where WeightStaging says so.
TEST(GemmApi, StagedWeightPlans) {
  const Mxfp4Weight w = PreshuffledWeight(4096, 4096);
  GemmOptions never;
  never.weight_staging = WeightStaging::kNever;
  GemmOptions always;
  always.weight_staging = WeightStaging::kAlways;
  absl::StatusOr<GemmPlan> plain = PlanGemm(4096, w, never);
  absl::StatusOr<GemmPlan> with_copy = PlanGemm(4096, WithPrepared(w));
  absl::StatusOr<GemmPlan> staged = PlanGemm(4096, w);  // auto stages at this M
  ASSERT_TRUE(plain.ok() && with_copy.ok() && staged.ok());
  EXPECT_FALSE(plain->stages_weight);
  EXPECT_FALSE(with_copy->stages_weight);  // the caller's copy is read as it is
  EXPECT_TRUE(staged->stages_weight) << staged->ToString();
  EXPECT_TRUE(staged->reads_prepared_weight);
  EXPECT_EQ(staged->tile, with_copy->tile);
  EXPECT_EQ(staged->launches, plain->launches + 1);
  EXPECT_GE(staged->workspace_bytes, with_copy->workspace_bytes +
                                         static_cast<size_t>(PreparedDataBytes(4096, 4096) +
                                                             PreparedScaleBytes(4096, 4096)));
  EXPECT_TRUE(absl::StrContains(staged->ToString(), "(staged)"));
  absl::StatusOr<size_t> ws = GemmWorkspaceSize(4096, w);
  ASSERT_TRUE(ws.ok());
  EXPECT_EQ(*ws, staged->workspace_bytes);

  struct Case {
    int64_t m, n, k;
    bool auto_stages, always_stages;
  };
  const Case cases[] = {
      {64, 7168, 2048, false, true},      // few row tiles; the m64 ws twin reads a copy
      {256, 3072, 1536, false, true},
      {16, 2112, 7168, false, false},     // streaming tile: nothing reads a copy
      {32, 4096, 512, false, false},      // fused_quant
      {64, 16384, 4096, false, false},    // n128_m64_k2 has no ws twin
      {4096, 512, 512, false, true},      // the staging kernel's launch outweighs
      {4096, 2880, 512, false, true},
      {1024, 4096, 4096, false, true},    // 8 row tiles: below the staging kernel's cost
      {1536, 4096, 4096, true, true},     // 12
      {2048, 7168, 2048, true, true},
      {4096, 1024, 4096, true, true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.m, "x", c.n, "x", c.k));
    const Mxfp4Weight b = NaturalWeight(c.n, c.k);
    absl::StatusOr<GemmPlan> a = PlanGemm(c.m, b);
    absl::StatusOr<GemmPlan> s = PlanGemm(c.m, b, always);
    absl::StatusOr<GemmPlan> n = PlanGemm(c.m, b, never);
    ASSERT_TRUE(a.ok() && s.ok() && n.ok());
    EXPECT_EQ(a->stages_weight, c.auto_stages) << a->ToString();
    EXPECT_EQ(s->stages_weight, c.always_stages) << s->ToString();
    EXPECT_FALSE(n->stages_weight);
    EXPECT_EQ(s->reads_prepared_weight, c.always_stages);
  }
  // A forced ws tile stages under kAlways; a forced ring tile has no copy to read.
  GemmOptions forced = always;
  forced.path = GemmPath::kQuantThenMma;
  forced.tile = "wgmma8_n128_m128_ws_fold";
  absl::StatusOr<GemmPlan> ws_tile = PlanGemm(100, NaturalWeight(90, 2144), forced);
  ASSERT_TRUE(ws_tile.ok()) << ws_tile.status();
  EXPECT_TRUE(ws_tile->stages_weight);
  forced.tile = "wgmma8_n64_m64_k2_fold";
  absl::StatusOr<GemmPlan> ring_tile = PlanGemm(100, NaturalWeight(90, 2144), forced);
  ASSERT_TRUE(ring_tile.ok()) << ring_tile.status();
  EXPECT_FALSE(ring_tile->stages_weight);
  // An unknown value is an error, not a silent default.
  GemmOptions bad;
  bad.weight_staging = static_cast<WeightStaging>(7);
  ExpectError(PlanGemm(4096, w, bad).status(), absl::StatusCode::kInvalidArgument,
              "weight_staging");
  GemmOptions bad_format;
  bad_format.staging_format = static_cast<StagingFormat>(7);
  ExpectError(PlanGemm(4096, w, bad_format).status(), absl::StatusCode::kInvalidArgument,
              "staging_format");
}

// Every valid shape of a grid around the planner's thresholds plans under
// each WeightStaging (auto's rules never pick a tile that cannot run it), the
// plan fits shared memory, and GemmWorkspaceSize agrees with it.
TEST(GemmApi, EveryShapeOfAGridPlans) {
  const int64_t ms[] = {1, 2, 3, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 65, 128, 255, 256, 577, 1000, 4096};
  const int64_t ns[] = {16, 96, 1024, 1040, 2880, 4096, 16384};
  const int64_t ks[] = {32, 480, 512, 544, 992, 1024, 1056, 2048, 4096, 16384, 65536};
  int planned = 0;
  for (WeightStaging staging :
       {WeightStaging::kAuto, WeightStaging::kNever, WeightStaging::kAlways}) {
    GemmOptions o;
    o.weight_staging = staging;
    for (int64_t m : ms) {
      for (int64_t n : ns) {
        for (int64_t k : ks) {
          const Mxfp4Weight w = NaturalWeight(n, k);
          absl::StatusOr<GemmPlan> plan = PlanGemm(m, w, o);
          ASSERT_TRUE(plan.ok()) << m << "x" << n << "x" << k << ": " << plan.status();
          EXPECT_LE(plan->shared_memory_bytes, 227u * 1024u) << plan->ToString();
          EXPECT_EQ(plan->stages_weight && staging == WeightStaging::kNever, false);
          absl::StatusOr<size_t> ws = GemmWorkspaceSize(m, w, o);
          ASSERT_TRUE(ws.ok());
          EXPECT_EQ(*ws, plan->workspace_bytes);
          ++planned;
        }
      }
    }
  }
  EXPECT_EQ(planned, 3 * 20 * 7 * 11);
}

// The persistent grid (GemmOptions::persistent_grid, on by default): plans of
// the n128_m128 ws tile whose one-tile grid exceeds 132 CTAs take its
// persistent kernel on 132 CTAs where a tile has at least a ring of 4 stages
// (K >= 416) - plans reading an E4M3 copy (the caller's or staged) at any
// longer K, converting ones up to K = 1024 - with the kernel's own shared
// memory; int8 plans, one-wave grids, other tiles, short K and converting
// plans at longer K keep one CTA per tile, and so does every plan with the
// option off.
Mxfp4Weight WithPreparedInt8(Mxfp4Weight w);

TEST(GemmApi, PersistentGridPlans) {
  GemmOptions never;
  never.weight_staging = WeightStaging::kNever;
  GemmOptions off = never;
  off.persistent_grid = false;
  GemmOptions forced = never;
  forced.tile = "wgmma8_n128_m128_ws_fold";
  struct Case {
    int64_t m, n, k;
    const GemmOptions* options;
    bool persistent;
  };
  const Case cases[] = {
      {1024, 4096, 1024, &never, true},   // 8 x 32 tiles, converting up to K = 1024
      {1024, 4096, 4096, &never, false},  // converting beyond: one CTA per tile
      {4096, 2880, 512, &never, true},    // K = 512: 4 stages, the ring's depth
      {200, 8576, 1024, &forced, true},   // 134 tiles
      {256, 8192, 1024, &forced, false},  // 128 tiles: one wave
      {4096, 2880, 448, &forced, true},   // 14 blocks: 4 stages
      {4096, 2880, 384, &forced, false},  // 12 blocks: fewer stages than the ring
      {1024, 4096, 1024, &off, false},
      {256, 3072, 1536, &never, false},  // the contest's K-split tile
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.m, "x", c.n, "x", c.k));
    absl::StatusOr<GemmPlan> plan = PlanGemm(c.m, PreshuffledWeight(c.n, c.k), *c.options);
    ASSERT_TRUE(plan.ok()) << plan.status();
    EXPECT_EQ(plan->persistent_ctas > 0, c.persistent) << plan->ToString();
    EXPECT_EQ(absl::StrContains(plan->ToString(), "(persistent)"), c.persistent);
    if (!c.persistent) continue;
    EXPECT_EQ(plan->tile, "wgmma8_n128_m128_ws_fold");
    EXPECT_EQ(plan->persistent_ctas, 132);
    EXPECT_EQ(plan->grid_ctas, 132);
    // Its own partial tile beside the ring: more shared memory than the
    // one-tile kernel's, within the limit.
    GemmOptions one_tile = *c.options;
    one_tile.persistent_grid = false;
    absl::StatusOr<GemmPlan> flat = PlanGemm(c.m, PreshuffledWeight(c.n, c.k), one_tile);
    ASSERT_TRUE(flat.ok());
    EXPECT_EQ(flat->persistent_ctas, 0);
    EXPECT_GT(flat->grid_ctas, 132);
    EXPECT_GT(plan->shared_memory_bytes, flat->shared_memory_bytes);
    EXPECT_LE(plan->shared_memory_bytes, 227u * 1024u);
    EXPECT_EQ(plan->workspace_bytes, flat->workspace_bytes);
    EXPECT_EQ(plan->split_boundaries, flat->split_boundaries);
  }
  // Staged (auto at large M), the caller's E4M3 copy, int8 staging and the
  // caller's int8 copy: persistent at any K (the int8 kernels' persistent
  // form falls back to the converting one's).
  const Mxfp4Weight b = PreshuffledWeight(4096, 4096);
  absl::StatusOr<GemmPlan> staged = PlanGemm(4096, b);
  ASSERT_TRUE(staged.ok());
  EXPECT_TRUE(staged->stages_weight);
  EXPECT_EQ(staged->tile, "wgmma8_n128_m128_ws_fold");
  EXPECT_EQ(staged->persistent_ctas, 132) << staged->ToString();
  absl::StatusOr<GemmPlan> copy = PlanGemm(1024, WithPrepared(b));
  ASSERT_TRUE(copy.ok());
  EXPECT_TRUE(copy->reads_prepared_weight);
  EXPECT_EQ(copy->persistent_ctas, 132) << copy->ToString();
  GemmOptions int8;
  int8.staging_format = StagingFormat::kInt8;
  absl::StatusOr<GemmPlan> staged_int8 = PlanGemm(4096, b, int8);
  ASSERT_TRUE(staged_int8.ok());
  EXPECT_TRUE(staged_int8->int8_accumulation);
  EXPECT_EQ(staged_int8->persistent_ctas, 132) << staged_int8->ToString();
  EXPECT_EQ(staged_int8->grid_ctas, 132);
  GemmOptions int8_flat = int8;
  int8_flat.persistent_grid = false;
  absl::StatusOr<GemmPlan> staged_int8_flat = PlanGemm(4096, b, int8_flat);
  ASSERT_TRUE(staged_int8_flat.ok());
  EXPECT_TRUE(staged_int8_flat->int8_accumulation);
  EXPECT_EQ(staged_int8_flat->persistent_ctas, 0);
  EXPECT_EQ(staged_int8_flat->grid_ctas, 1024);
  EXPECT_EQ(staged_int8_flat->workspace_bytes, staged_int8->workspace_bytes);
  absl::StatusOr<GemmPlan> copy_int8 = PlanGemm(1024, WithPreparedInt8(b));
  ASSERT_TRUE(copy_int8.ok());
  EXPECT_TRUE(copy_int8->int8_accumulation);
  EXPECT_EQ(copy_int8->persistent_ctas, 132) << copy_int8->ToString();
  absl::StatusOr<GemmPlan> copy_int8_short =
      PlanGemm(1024, WithPreparedInt8(PreshuffledWeight(4096, 1536)));  // gemm_path_test's
  ASSERT_TRUE(copy_int8_short.ok());
  EXPECT_TRUE(copy_int8_short->int8_accumulation);
  EXPECT_EQ(copy_int8_short->persistent_ctas, 132) << copy_int8_short->ToString();
  // One wave of int8 tiles (4 x 32): one CTA per tile.
  absl::StatusOr<GemmPlan> one_wave_int8 =
      PlanGemm(512, WithPreparedInt8(PreshuffledWeight(4096, 1536)));
  ASSERT_TRUE(one_wave_int8.ok());
  EXPECT_TRUE(one_wave_int8->int8_accumulation);
  EXPECT_EQ(one_wave_int8->persistent_ctas, 0) << one_wave_int8->ToString();
}

// A weight with a (fake) int8 prepared copy of the right sizes.
Mxfp4Weight WithPreparedInt8(Mxfp4Weight w) {
  w.prepared = PreparedWeight{};
  w.prepared.format = PreparedFormat::kInt8;
  w.prepared.data = g_fake;
  w.prepared.data_bytes = PreparedDataBytes(w.n, w.k);
  w.prepared.row_info = reinterpret_cast<const uint32_t*>(g_fake + 256);
  w.prepared.row_info_bytes = PreparedInt8RowInfoBytes(w.n);
  return w;
}

// StagingFormat::kInt8: the staged copy is the int8 image where the staged
// plan's tile has an integer form (auto staging then by its own rule: from K =
// 1024 where (row tiles - 1) x N x K > 2^26), else the E4M3 copy by the E4M3
// rule; the int8 activations and the copy's row summaries in the workspace.
TEST(GemmApi, StagedInt8WeightPlans) {
  GemmOptions int8;
  int8.staging_format = StagingFormat::kInt8;
  GemmOptions int8_always = int8;
  int8_always.weight_staging = WeightStaging::kAlways;
  struct Case {
    int64_t m, n, k;
    bool auto_stages, int8_form;
  };
  const Case cases[] = {
      {4096, 4096, 4096, true, true},
      {1024, 4096, 4096, true, true},   // 8 row tiles: the E4M3 rule does not stage
      {1200, 2048, 4096, true, true},   // 10 (GemmPath.StagedInt8Weights' auto case)
      {2048, 3072, 1536, true, true},   // 16 x 4.7 Mi elements
      {1024, 3072, 1536, false, true},  // 8: level in session 50's timing
      {512, 4096, 4096, false, true},   // 4: level
      {256, 3072, 1536, false, true},
      {4096, 2880, 512, false, true},  // K = 512: the int8 quantizer's clusters cost more
      {8192, 2880, 512, false, true},
      {768, 4096, 4096, true, true},    // the 128-row tile where E4M3 takes the 192-row one
      {3072, 4096, 4096, true, true},
      {384, 4096, 4096, false, true},   // (the 192-row K-split tile for E4M3)
      {1000, 336, 1088, false, false},  // K = 34 blocks: not whole ring stages
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.m, "x", c.n, "x", c.k));
    const Mxfp4Weight b = PreshuffledWeight(c.n, c.k);
    absl::StatusOr<GemmPlan> a = PlanGemm(c.m, b, int8);
    absl::StatusOr<GemmPlan> s = PlanGemm(c.m, b, int8_always);
    absl::StatusOr<GemmPlan> e4m3 = PlanGemm(c.m, b);
    absl::StatusOr<GemmPlan> copy = PlanGemm(c.m, WithPreparedInt8(b));
    ASSERT_TRUE(a.ok() && s.ok() && e4m3.ok() && copy.ok());
    EXPECT_EQ(a->stages_weight, c.auto_stages) << a->ToString();
    EXPECT_EQ(a->int8_accumulation, c.auto_stages && c.int8_form) << a->ToString();
    EXPECT_TRUE(s->stages_weight) << s->ToString();
    EXPECT_EQ(s->int8_accumulation, c.int8_form) << s->ToString();
    if (!c.int8_form) {
      EXPECT_EQ(a->stages_weight, e4m3->stages_weight);  // the E4M3 rule
      continue;
    }
    EXPECT_EQ(s->tile.find("m192"), std::string::npos) << s->ToString();
    // The plan a caller's int8 copy gets, plus the staging kernel and the copy.
    EXPECT_EQ(s->tile, copy->tile);
    EXPECT_EQ(s->launches, copy->launches + 1);
    EXPECT_GE(s->workspace_bytes,
              copy->workspace_bytes +
                  static_cast<size_t>(PreparedDataBytes(c.n, c.k) + PreparedInt8RowInfoBytes(c.n)));
    EXPECT_TRUE(absl::StrContains(s->ToString(), "(staged int8)")) << s->ToString();
    absl::StatusOr<size_t> ws = GemmWorkspaceSize(c.m, b, int8_always);
    ASSERT_TRUE(ws.ok());
    EXPECT_EQ(*ws, s->workspace_bytes);
  }
}

// An int8 copy: the plan takes integer accumulation where a ws tile with an
// integer form reads the copy on whole stages (the workspace grows by the int8
// activations; the 128-row tiles where the E4M3 copy would take a 192-row
// one), else plans without a copy; Gemm() checks the copy's buffers.
TEST(GemmApi, PreparedInt8Weights) {
  struct Case {
    int64_t m, n, k;
    bool int8;
  };
  const Case cases[] = {
      {256, 3072, 1536, true},   {64, 7168, 2048, true},   {4096, 4096, 4096, true},
      {1024, 4096, 4096, true},  {256, 336, 1056, false},  {4, 2880, 512, false},
      {384, 4096, 4096, true},  // the 128-row tile where the E4M3 copy takes the 192-row one
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.m, "x", c.n, "x", c.k));
    const Mxfp4Weight w = WithPreparedInt8(c.k % 64 == 0 ? PreshuffledWeight(c.n, c.k)
                                                         : NaturalWeight(c.n, c.k));
    absl::StatusOr<GemmPlan> plan = PlanGemm(c.m, w);
    ASSERT_TRUE(plan.ok()) << plan.status();
    EXPECT_EQ(plan->int8_accumulation, c.int8) << plan->ToString();
    if (c.int8) {
      EXPECT_TRUE(plan->reads_prepared_weight);
      EXPECT_NE(plan->ToString().find("prepared_weight (int8)"), std::string::npos);
      // The int8 activations come on top of the E4M3 copy's plan's workspace.
      Mxfp4Weight e4m3 = w;
      e4m3.prepared = PreparedWeight{};
      absl::StatusOr<GemmPlan> with_e4m3 = PlanGemm(c.m, WithPrepared(e4m3));
      ASSERT_TRUE(with_e4m3.ok());
      if (absl::StrContains(with_e4m3->tile, "m192")) {  // no integer form
        EXPECT_EQ(plan->tile, "wgmma8_n128_m128_ws_fold");
      } else {
        EXPECT_EQ(plan->tile, with_e4m3->tile);
        EXPECT_GT(plan->workspace_bytes, with_e4m3->workspace_bytes);
      }
    } else {
      EXPECT_FALSE(plan->reads_prepared_weight) << plan->ToString();
    }
  }
  GemmArgs a = ValidArgs(256, 3072, 1536);
  EXPECT_EQ(ValidateWeight(WithPreparedInt8(a.b)).code(), absl::StatusCode::kOk);
  a.b = WithPreparedInt8(a.b);
  a.b.prepared.row_info = nullptr;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "row_info");
  a.b = WithPreparedInt8(a.b);
  a.b.prepared.scales = reinterpret_cast<const float*>(g_fake);
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "no scales");
  a.b = WithPreparedInt8(a.b);
  a.b.prepared.row_info = reinterpret_cast<const uint32_t*>(g_fake + 4);
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "16-byte aligned");
  a.b = WithPreparedInt8(a.b);
  a.b.prepared.row_info_bytes -= 4;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "PreparedInt8RowInfoBytes");
  a.b.prepared = PreparedWeight{};
  a.b = WithPrepared(a.b);
  a.b.prepared.row_info = reinterpret_cast<const uint32_t*>(g_fake + 256);
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "no row_info");
}

TEST(GemmApi, PreparedWeightErrors) {
  GemmArgs a = ValidArgs(256, 3072, 1536);
  a.b = WithPrepared(a.b);
  a.b.prepared.scales = nullptr;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "only one of");
  a.b = WithPrepared(PreshuffledWeight(3072, 1536));
  a.b.prepared.data = g_fake + 8;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "16-byte aligned");
  a.b = WithPrepared(PreshuffledWeight(3072, 1536));
  a.b.prepared.data_bytes -= 2048;
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "PreparedDataBytes");
  a.b = WithPrepared(PreshuffledWeight(3072, 1536));
  a.b.prepared.scale_bytes = PreparedScaleBytes(3072, 1504);
  ExpectError(Gemm(a, nullptr), absl::StatusCode::kInvalidArgument, "PreparedDataBytes");
  EXPECT_EQ(ValidateWeight(WithPrepared(PreshuffledWeight(3072, 1536))).code(),
            absl::StatusCode::kOk);
  // PrepareWeight into caller-owned memory: the output's checks come before
  // any launch (no GPU needed).
  alignas(16) static uint8_t out_data[64];
  alignas(16) static float out_scales[16];
  const Mxfp4Weight w = PreshuffledWeight(3072, 1536);
  PreparedWeightOutput out{out_data, out_scales, PreparedDataBytes(3072, 1536),
                           PreparedScaleBytes(3072, 1536)};
  PreparedWeightOutput bad = out;
  bad.data = nullptr;
  bad.scales = nullptr;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument, "null");
  bad = out;
  bad.scales = nullptr;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument, "only one of");
  bad = out;
  bad.data = out_data + 4;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "16-byte aligned");
  bad = out;
  bad.scale_bytes -= 256;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "PreparedDataBytes");
  Mxfp4Weight bad_weight = w;
  bad_weight.data_bytes -= 1;
  ExpectError(PrepareWeight(bad_weight, out, nullptr), absl::StatusCode::kInvalidArgument,
              "N*K/2");
  EXPECT_EQ(PreparedWeightBuffer::Allocate(64, 48).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(PreparedWeightBuffer::Allocate(0, 64).status().code(),
            absl::StatusCode::kInvalidArgument);
  // A shifted E4M3 output has no row summaries.
  alignas(16) static uint32_t out_info[64];
  bad = out;
  bad.row_info = out_info;
  bad.row_info_bytes = PreparedInt8RowInfoBytes(3072);
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument, "row_info");
}

// The int8 output (PreparedFormat::kInt8: data and row_info, no scales): its
// checks come before any launch too (no GPU needed).
TEST(GemmApi, PrepareWeightInt8OutputErrors) {
  alignas(16) static uint8_t out_data[64];
  alignas(16) static float out_scales[16];
  alignas(16) static uint32_t out_info[64];
  const Mxfp4Weight w = PreshuffledWeight(3072, 1536);
  PreparedWeightOutput out;
  out.data = out_data;
  out.data_bytes = PreparedDataBytes(3072, 1536);
  out.format = PreparedFormat::kInt8;
  out.row_info = out_info;
  out.row_info_bytes = PreparedInt8RowInfoBytes(3072);
  EXPECT_EQ(out.row_info_bytes, 3072 * 4);
  EXPECT_EQ(PreparedInt8RowInfoBytes(3000), 3008 * 4);  // 64-row groups
  // view() carries the int8 fields; row_info alone makes a copy present.
  const PreparedWeight v = out.view();
  EXPECT_EQ(v.format, PreparedFormat::kInt8);
  EXPECT_EQ(v.row_info, out_info);
  EXPECT_EQ(v.row_info_bytes, out.row_info_bytes);
  EXPECT_EQ(v.scales, nullptr);
  PreparedWeight only_info;
  only_info.row_info = out_info;
  EXPECT_TRUE(only_info.present());
  EXPECT_FALSE(PreparedWeight{}.present());

  PreparedWeightOutput bad = out;
  bad.data = nullptr;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument, "null");
  bad = out;
  bad.row_info = nullptr;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument, "null");
  bad = out;
  bad.scales = out_scales;
  bad.scale_bytes = PreparedScaleBytes(3072, 1536);
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument, "no scales");
  bad = out;
  bad.data = out_data + 4;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "16-byte aligned");
  bad = out;
  bad.row_info = out_info + 1;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "16-byte aligned");
  bad = out;
  bad.row_info_bytes -= 4;
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "PreparedInt8RowInfoBytes");
  bad = out;
  bad.data_bytes = PreparedDataBytes(3072, 1504);
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "PreparedDataBytes");
  bad = out;
  bad.format = static_cast<PreparedFormat>(7);
  ExpectError(PrepareWeight(w, bad, nullptr), absl::StatusCode::kInvalidArgument,
              "unknown output format");
  // The weight's own errors still come first.
  Mxfp4Weight bad_weight = w;
  bad_weight.data_bytes -= 1;
  ExpectError(PrepareWeight(bad_weight, out, nullptr), absl::StatusCode::kInvalidArgument, "N*K/2");
  EXPECT_EQ(PreparedWeightBuffer::Allocate(64, 48, PreparedFormat::kInt8).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(PreparedWeightBuffer::Allocate(64, 64, static_cast<PreparedFormat>(7)).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(GemmApi, EmptyMIsANoOp) {
  GemmArgs a = ValidArgs(0, 64, 512);
  a.a = nullptr;
  a.c = nullptr;
  EXPECT_TRUE(Gemm(a, nullptr).ok());
}

}  // namespace
}  // namespace mxfp4::gpu
