// File: mxfp4/gpu/gemm/wgmma_exactness_test.cc
//
// Probe, not a GEMM path: does wgmma.mma_async (sm_90a) form one 32-element
// block's partial P exactly, from a zero accumulator, with a zero sum = +0.0?
// That is what the accumulation contract needs of every block partial
// (shared/spec/gpu-design.md, "The accumulation contract"; docs/accumulation.md
// §1) and what a wgmma GEMM path would rely on (docs/paths.md, "wgmma
// exactness probe"). Run it on the H200 before writing such a path.
//
// Each 64 x 64 tile (internal/wgmma_probe.h) is compared, raw fp32 bits, with
// the exact integer dot product on the CPU (E2m1ToTwice products / 4), for
// fp16 operands (two chained m64n64k16) and e4m3 operands (one m64n64k32), on
// cases: random codes, all-max magnitudes (|P| = 1152, the largest), signs
// alternating along K, sparse, all zeros of either sign (all -0 products
// included), and sums cancelling to exactly 0 (across the two k16 steps and
// inside each). Outputs are poisoned before the launch. Skips without a GPU
// unless MXFP4_REQUIRE_GPU=1.

#include <cstdint>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/gpu/gemm/internal/wgmma_probe.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::gpu {
namespace {

using gemm_internal::kWgmmaProbeK;
using gemm_internal::kWgmmaProbeM;
using gemm_internal::kWgmmaProbeN;

constexpr uint64_t kSeed = 0x5767'6D6D'6131ull;  // printed with every failure
constexpr int kTilesPerCase = 24;
constexpr uint8_t kPoisonByte = 0xAB;  // 0xABABABAB: not a multiple of 1/4

enum class Case { kRandom, kAllMax, kAlternatingSigns, kSparse, kAllZeros, kCancelling };
constexpr Case kCases[] = {Case::kRandom,   Case::kAllMax,   Case::kAlternatingSigns,
                           Case::kSparse,   Case::kAllZeros, Case::kCancelling};

const char* CaseName(Case c) {
  switch (c) {
    case Case::kRandom: return "random codes";
    case Case::kAllMax: return "all-max magnitude, same sign per row/column (|P| = 1152)";
    case Case::kAlternatingSigns: return "signs alternating along K";
    case Case::kSparse: return "sparse (about 1 in 8 non-zero)";
    case Case::kAllZeros: return "all zeros, +0 and -0 (tile 0: every product -0)";
    case Case::kCancelling: return "cancelling to exactly 0 (across and within k16 steps)";
  }
  return "?";
}

// One tile's codes: a = weights (64 rows x 32), b = activations (N columns x 32).
struct Tile {
  std::vector<uint8_t> a = std::vector<uint8_t>(kWgmmaProbeM * kWgmmaProbeK);
  std::vector<uint8_t> b = std::vector<uint8_t>(kWgmmaProbeN * kWgmmaProbeK);
};

// Fills one row (or column) of 32 codes for case `c`; `index` is the tile
// number (a few cases vary their pattern with it), `row` the row/column.
void FillVector(Case c, int index, int row, bool is_a, std::mt19937_64& rng, uint8_t* v) {
  auto code = [&rng] { return static_cast<uint8_t>(rng() & 15); };
  switch (c) {
    case Case::kRandom:
      for (int k = 0; k < kWgmmaProbeK; ++k) v[k] = code();
      break;
    case Case::kAllMax: {
      // Tile 0: every sign +; otherwise one random sign per row/column, so
      // P = +-1152 (32 products of 6 * 6).
      const uint8_t sign = (index == 0) ? 0 : static_cast<uint8_t>((rng() & 1) << 3);
      for (int k = 0; k < kWgmmaProbeK; ++k) v[k] = 7 | sign;
      break;
    }
    case Case::kAlternatingSigns: {
      // Weights: random magnitudes with signs +,-,+,-...; activations: even
      // tiles all max (+6), odd tiles random magnitudes, all positive.
      for (int k = 0; k < kWgmmaProbeK; ++k) {
        if (is_a) {
          v[k] = static_cast<uint8_t>((rng() & 7) | ((k & 1) << 3));
        } else {
          v[k] = (index % 2 == 0) ? 7 : static_cast<uint8_t>(rng() & 7);
        }
      }
      break;
    }
    case Case::kSparse:
      for (int k = 0; k < kWgmmaProbeK; ++k) {
        v[k] = (rng() % 8 == 0) ? code() : static_cast<uint8_t>(rng() & 8);  // else +-0
      }
      break;
    case Case::kAllZeros:
      // Tile 0: weights all -0 (code 8), activations all +0: 32 products of -0
      // (an IEEE sum of them is -0; the contract wants +0). Tile 1: both -0.
      // Others: random +-0 everywhere.
      for (int k = 0; k < kWgmmaProbeK; ++k) {
        if (index == 0) {
          v[k] = is_a ? 8 : 0;
        } else if (index == 1) {
          v[k] = 8;
        } else {
          v[k] = static_cast<uint8_t>(rng() & 8);
        }
      }
      break;
    case Case::kCancelling: {
      // Weights: element k + 16 (even tiles; the second k16 step cancels the
      // first) or k + 8 within each 16 (odd tiles; each step sums to 0) is
      // element k with the sign flipped; activations repeat with the same
      // period, so every dot product is exactly 0.
      const int half = (index % 2 == 0) ? 16 : 8;
      for (int k = 0; k < kWgmmaProbeK; ++k) {
        const bool second = (k % (2 * half)) >= half;
        if (second) {
          v[k] = is_a ? static_cast<uint8_t>(v[k - half] ^ 8) : v[k - half];
        } else {
          v[k] = is_a ? code() : static_cast<uint8_t>((rng() & 7) | ((row & 1) << 3));
        }
      }
      break;
    }
  }
}

Tile MakeTile(Case c, int index, std::mt19937_64& rng) {
  Tile t;
  for (int r = 0; r < kWgmmaProbeM; ++r) {
    FillVector(c, index, r, /*is_a=*/true, rng, &t.a[r * kWgmmaProbeK]);
  }
  for (int n = 0; n < kWgmmaProbeN; ++n) {
    FillVector(c, index, n, /*is_a=*/false, rng, &t.b[n * kWgmmaProbeK]);
  }
  return t;
}

// The exact block partial P = (sum of 2a * 2b) / 4: an integer multiple of
// 1/4 below 1152 in magnitude, exact in fp32; a zero sum is +0.0f.
float ExactBlockDot(const Tile& t, int row, int col) {
  int32_t dot4 = 0;
  for (int k = 0; k < kWgmmaProbeK; ++k) {
    dot4 += E2m1ToTwice(t.a[row * kWgmmaProbeK + k]) * E2m1ToTwice(t.b[col * kWgmmaProbeK + k]);
  }
  return static_cast<float>(dot4) * 0.25f;
}

std::string CodesString(const uint8_t* v) {
  std::string s;
  for (int k = 0; k < kWgmmaProbeK; ++k) s += absl::StrFormat("%X", v[k]);
  return s;
}

// Runs every case through the probe (fp16 or e4m3 operands; with
// `shifted_act_exp` set, the shifted e4m3 encoding with activations scaled by
// 2^act_exp, whose exact result is the dot x 2^(act_exp - 7)) and checks every
// output bit for bit, reporting per case the first mismatch and the count.
void CheckWgmmaExactness(bool f16, std::optional<int> shifted_act_exp = std::nullopt) {
  const std::string kind =
      shifted_act_exp
          ? absl::StrFormat("shifted e4m3 (m64n64k32, activations x 2^%d)", *shifted_act_exp)
          : std::string(f16 ? "f16 (2 x m64n64k16)" : "e4m3 (m64n64k32)");
  const int scale_exp = shifted_act_exp ? *shifted_act_exp - 7 : 0;
  std::mt19937_64 rng(kSeed);
  constexpr size_t kOutPerTile = size_t{kWgmmaProbeM} * kWgmmaProbeN;
  for (Case c : kCases) {
    SCOPED_TRACE(absl::StrFormat("seed 0x%x, operands %s, case \"%s\"", kSeed, kind, CaseName(c)));
    std::vector<Tile> tiles;
    std::vector<uint8_t> a, b;
    for (int i = 0; i < kTilesPerCase; ++i) {
      tiles.push_back(MakeTile(c, i, rng));
      a.insert(a.end(), tiles.back().a.begin(), tiles.back().a.end());
      b.insert(b.end(), tiles.back().b.begin(), tiles.back().b.end());
    }
    absl::StatusOr<DeviceBuffer> a_dev = DeviceBuffer::Allocate(a.size());
    absl::StatusOr<DeviceBuffer> b_dev = DeviceBuffer::Allocate(b.size());
    absl::StatusOr<DeviceBuffer> d_dev = DeviceBuffer::Allocate(kTilesPerCase * kOutPerTile * 4);
    ASSERT_TRUE(a_dev.ok()) << a_dev.status();
    ASSERT_TRUE(b_dev.ok()) << b_dev.status();
    ASSERT_TRUE(d_dev.ok()) << d_dev.status();
    ASSERT_TRUE(a_dev->CopyFromHost(a.data(), a.size()).ok());
    ASSERT_TRUE(b_dev->CopyFromHost(b.data(), b.size()).ok());
    ASSERT_TRUE(d_dev->Fill(kPoisonByte).ok());
    const absl::Status launched = MXFP4_HIP_STATUS(
        shifted_act_exp
            ? gemm_internal::LaunchWgmmaProbeShiftedE4m3(a_dev->as<uint8_t>(), b_dev->as<uint8_t>(),
                                                         d_dev->as<float>(), kTilesPerCase,
                                                         *shifted_act_exp, nullptr)
            : gemm_internal::LaunchWgmmaProbe(a_dev->as<uint8_t>(), b_dev->as<uint8_t>(),
                                              d_dev->as<float>(), kTilesPerCase, f16, nullptr));
    ASSERT_TRUE(launched.ok()) << launched;
    const absl::Status synced = MXFP4_HIP_STATUS(hipDeviceSynchronize());
    ASSERT_TRUE(synced.ok()) << synced;
    std::vector<float> d(kTilesPerCase * kOutPerTile);
    ASSERT_TRUE(d_dev->CopyToHost(d.data(), d.size() * 4).ok());

    int64_t mismatches = 0;
    std::string first;
    for (int i = 0; i < kTilesPerCase; ++i) {
      for (int row = 0; row < kWgmmaProbeM; ++row) {
        for (int col = 0; col < kWgmmaProbeN; ++col) {
          // A power-of-two scale of an exact multiple of 1/4 below 1152: exact.
          const float want = std::ldexp(ExactBlockDot(tiles[i], row, col), scale_exp);
          const float got = d[i * kOutPerTile + row * kWgmmaProbeN + col];
          if (FloatBits(got) == FloatBits(want)) continue;
          if (++mismatches == 1) {
            first = absl::StrFormat(
                "first mismatch: tile %d row %d col %d: got 0x%08X (%.9g) want 0x%08X (%.9g)%s\n"
                "  weight codes (row, k = 0..31): %s\n  activation codes (col):         %s",
                i, row, col, FloatBits(got), got, FloatBits(want), want,
                FloatBits(got) == 0xABABABABu ? " [poison: never written]" : "",
                CodesString(&tiles[i].a[row * kWgmmaProbeK]),
                CodesString(&tiles[i].b[col * kWgmmaProbeK]));
          }
        }
      }
    }
    EXPECT_EQ(mismatches, 0) << mismatches << " of " << kTilesPerCase * kOutPerTile
                             << " outputs differ; " << first;
    std::printf("[wgmma probe] seed 0x%llx %s, case \"%s\": %lld mismatches of %zu outputs\n",
                static_cast<unsigned long long>(kSeed), kind.c_str(), CaseName(c),
                static_cast<long long>(mismatches), kTilesPerCase * kOutPerTile);
  }
}

TEST(WgmmaExactness, F16TwoK16StepsFromZeroAccumulatorAreExact) {
  MXFP4_SKIP_IF_NO_GPU();
  CheckWgmmaExactness(/*f16=*/true);
}

TEST(WgmmaExactness, E4m3OneK32FromZeroAccumulatorIsExact) {
  MXFP4_SKIP_IF_NO_GPU();
  CheckWgmmaExactness(/*f16=*/false);
}

// The shifted weight encoding (weights x 2^-6, E2M1 code 1 an E4M3
// subnormal) with activations at both ends of the folded range and unscaled.
TEST(WgmmaExactness, E4m3ShiftedWeightEncodingIsExact) {
  MXFP4_SKIP_IF_NO_GPU();
  for (int act_exp : {-7, 0, 7}) CheckWgmmaExactness(/*f16=*/false, act_exp);
}

// Integer accumulation (internal/int8_accumulation.h): int8 operands 2 x value
// x 2^shift with a shift per row (column) and block, s8 wgmmas accumulating
// `groups` blocks into s32 - compared, exactly, with the integer sums on the
// CPU (from E2m1ToTwice, not the encoder). Cases: random codes and shifts;
// every code the largest magnitude at shift 3 with one sign per row / column
// (|d| = groups x 32 x 96 x 96, the largest); signs alternating along K; each
// odd block the negation of the even one before it (sums cancel to exactly 0
// across blocks); all +-0. The accumulator starts as a poison: the first
// wgmma (scale-d = 0) must ignore it.
TEST(WgmmaExactness, S8AccumulatesShiftedBlocksExactly) {
  MXFP4_SKIP_IF_NO_GPU();
  constexpr int kTiles = 16;
  constexpr size_t kOutPerTile = size_t{kWgmmaProbeM} * kWgmmaProbeN;
  static_assert(kWgmmaProbeM == kWgmmaProbeN, "a and b have the same shape");
  const char* kCaseNames[] = {"random codes and shifts", "all-max magnitude at shift 3",
                              "signs alternating along K", "odd blocks cancel even ones",
                              "all +-0"};
  std::mt19937_64 rng(kSeed);
  for (int groups : {1, 3, gemm_internal::kWgmmaProbeMaxGroups}) {
    for (int c = 0; c < 5; ++c) {
      SCOPED_TRACE(
          absl::StrFormat("seed 0x%x, s8 groups %d, case \"%s\"", kSeed, groups, kCaseNames[c]));
      const size_t codes = size_t{kTiles} * kWgmmaProbeM * kWgmmaProbeK * groups;
      const size_t shifts_n = size_t{kTiles} * kWgmmaProbeM * groups;
      // [operand][tile][row][group][k] codes, [operand][tile][row][group] shifts.
      std::vector<uint8_t> code[2] = {std::vector<uint8_t>(codes), std::vector<uint8_t>(codes)};
      std::vector<uint8_t> shift[2] = {std::vector<uint8_t>(shifts_n),
                                       std::vector<uint8_t>(shifts_n)};
      for (int op = 0; op < 2; ++op) {
        for (size_t v = 0; v < shifts_n; ++v) {  // one (tile, row, group)
          const int g = static_cast<int>(v % groups);
          uint8_t* block = &code[op][v * kWgmmaProbeK];
          const uint8_t sign = static_cast<uint8_t>((rng() & 1) << 3);
          shift[op][v] =
              c == 1 ? 3 : static_cast<uint8_t>(rng() % (gemm_internal::kInt8MaxShift + 1));
          for (int k = 0; k < kWgmmaProbeK; ++k) {
            switch (c) {
              case 0:
                block[k] = static_cast<uint8_t>(rng() & 15);
                break;
              case 1:
                block[k] = static_cast<uint8_t>(7 | (op == 0 ? sign : 0));
                break;
              case 2:
                block[k] = static_cast<uint8_t>((rng() & 7) | (op == 0 ? (k & 1) << 3 : 0));
                break;
              case 3:
                if (g % 2 == 1) {
                  // a negated, b and both shifts repeated: this block's sum is
                  // minus the previous one's.
                  block[k] = static_cast<uint8_t>(block[k - kWgmmaProbeK] ^ (op == 0 ? 8 : 0));
                } else {
                  block[k] = static_cast<uint8_t>(rng() & 15);
                }
                break;
              default:
                block[k] = static_cast<uint8_t>(rng() & 8);
                break;
            }
          }
          if (c == 3 && g % 2 == 1) shift[op][v] = shift[op][v - 1];
        }
      }
      absl::StatusOr<DeviceBuffer> dev[5] = {
          DeviceBuffer::Allocate(codes), DeviceBuffer::Allocate(codes),
          DeviceBuffer::Allocate(shifts_n), DeviceBuffer::Allocate(shifts_n),
          DeviceBuffer::Allocate(kTiles * kOutPerTile * 4)};
      for (auto& b : dev) ASSERT_TRUE(b.ok()) << b.status();
      ASSERT_TRUE(dev[0]->CopyFromHost(code[0].data(), codes).ok());
      ASSERT_TRUE(dev[1]->CopyFromHost(code[1].data(), codes).ok());
      ASSERT_TRUE(dev[2]->CopyFromHost(shift[0].data(), shifts_n).ok());
      ASSERT_TRUE(dev[3]->CopyFromHost(shift[1].data(), shifts_n).ok());
      ASSERT_TRUE(dev[4]->Fill(kPoisonByte).ok());
      const absl::Status launched = MXFP4_HIP_STATUS(gemm_internal::LaunchWgmmaProbeInt8(
          dev[0]->as<uint8_t>(), dev[1]->as<uint8_t>(), dev[2]->as<uint8_t>(),
          dev[3]->as<uint8_t>(), dev[4]->as<int32_t>(), kTiles, groups, nullptr));
      ASSERT_TRUE(launched.ok()) << launched;
      const absl::Status synced = MXFP4_HIP_STATUS(hipDeviceSynchronize());
      ASSERT_TRUE(synced.ok()) << synced;
      std::vector<int32_t> d(kTiles * kOutPerTile);
      ASSERT_TRUE(dev[4]->CopyToHost(d.data(), d.size() * 4).ok());
      int64_t mismatches = 0;
      std::string first;
      for (int t = 0; t < kTiles; ++t) {
        for (int row = 0; row < kWgmmaProbeM; ++row) {
          for (int col = 0; col < kWgmmaProbeN; ++col) {
            int64_t want = 0;
            for (int g = 0; g < groups; ++g) {
              const size_t ra = (static_cast<size_t>(t) * kWgmmaProbeM + row) * groups + g;
              const size_t rb = (static_cast<size_t>(t) * kWgmmaProbeN + col) * groups + g;
              int64_t dot = 0;
              for (int k = 0; k < kWgmmaProbeK; ++k) {
                dot += E2m1ToTwice(code[0][ra * kWgmmaProbeK + k]) *
                       E2m1ToTwice(code[1][rb * kWgmmaProbeK + k]);
              }
              want += dot << (shift[0][ra] + shift[1][rb]);
            }
            const int32_t got = d[t * kOutPerTile + row * kWgmmaProbeN + col];
            if (got == want) continue;
            if (++mismatches == 1) {
              first = absl::StrFormat(
                  "first mismatch: tile %d row %d col %d: got %d (0x%08X) want %d%s", t, row, col,
                  got, static_cast<uint32_t>(got), want,
                  static_cast<uint32_t>(got) == 0xABABABABu ? " [poison: never written]" : "");
            }
          }
        }
      }
      EXPECT_EQ(mismatches, 0) << mismatches << " of " << kTiles * kOutPerTile
                               << " outputs differ; " << first;
      std::printf(
          "[wgmma probe] seed 0x%llx s8 groups %d, case \"%s\": %lld mismatches of %zu outputs\n",
          static_cast<unsigned long long>(kSeed), groups, kCaseNames[c],
          static_cast<long long>(mismatches), kTiles * kOutPerTile);
    }
  }
}

}  // namespace
}  // namespace mxfp4::gpu
