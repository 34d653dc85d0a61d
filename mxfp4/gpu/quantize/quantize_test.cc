// File: mxfp4/gpu/quantize/quantize_test.cc
//
// GPU quantization vs the CPU emulator, bit for bit (QuantizeTester), for every
// kernel variant, scale rule and scale layout: every finite bf16 value, rows
// 1..300 (tile edges 32/256 and non-multiples), K = 32..8192, the spec's edge
// values, NaN/Inf, poisoned outputs and guard bytes (every output byte
// written, none past the end), the contest shapes, graph capture (no host
// sync inside). Argument checks run everywhere; GPU cases skip without a GPU
// unless MXFP4_REQUIRE_GPU=1. MXFP4_TEST_SCALE=small trims repetitions (for
// compute-sanitizer runs).

#include "mxfp4/gpu/quantize/quantize.h"

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"
#include "mxfp4/testing/quantize_tester.h"

namespace mxfp4::gpu {
namespace {

using ::mxfp4::testing::AllFiniteBf16;
using ::mxfp4::testing::Bf16Distribution;
using ::mxfp4::testing::QuantizeTester;
using ::mxfp4::testing::TestScaleIsSmall;

constexpr ScaleRule kRules[] = {ScaleRule::kEven, ScaleRule::kOcpFloor, ScaleRule::kRceil};
constexpr ScaleLayout kLayouts[] = {ScaleLayout::kNatural, ScaleLayout::kShuffled16,
                                    ScaleLayout::kShuffled32};
constexpr Bf16Distribution kRandomDistributions[] = {
    Bf16Distribution::kNormal, Bf16Distribution::kWideExponent, Bf16Distribution::kEdgeValues,
    Bf16Distribution::kSpecials};

// All rules normally; EVEN only under MXFP4_TEST_SCALE=small (sanitizer runs).
std::vector<ScaleRule> RulesForScale() {
  if (TestScaleIsSmall()) return {ScaleRule::kEven};
  return {ScaleRule::kEven, ScaleRule::kOcpFloor, ScaleRule::kRceil};
}

// Fake, aligned device addresses: validation must reject before touching them.
const uint16_t* const kFakeX = reinterpret_cast<const uint16_t*>(uintptr_t{0x10000});
uint8_t* const kFakeData = reinterpret_cast<uint8_t*>(uintptr_t{0x20000});
uint8_t* const kFakeScales = reinterpret_cast<uint8_t*>(uintptr_t{0x30000});

// ---------------------------------------------------------------- everywhere

TEST(QuantizeGpuArgumentsTest, BufferSizes) {
  auto natural = QuantizeBufferSizesFor(4, 512, ScaleLayout::kNatural);
  ASSERT_TRUE(natural.ok()) << natural.status();
  EXPECT_EQ(natural->data_bytes, 4 * 256);
  EXPECT_EQ(natural->scale_bytes, 4 * 16);
  auto shuffled = QuantizeBufferSizesFor(4, 512, ScaleLayout::kShuffled16);
  ASSERT_TRUE(shuffled.ok());
  EXPECT_EQ(shuffled->scale_bytes, 256 * 16);
  auto odd = QuantizeBufferSizesFor(257, 96, ScaleLayout::kShuffled32);
  ASSERT_TRUE(odd.ok());
  EXPECT_EQ(odd->scale_bytes, 512 * 8);
  EXPECT_EQ(QuantizeBufferSizesFor(0, 32, ScaleLayout::kNatural).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(QuantizeBufferSizesFor(1, 48, ScaleLayout::kNatural).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(QuantizeBufferSizesFor(int64_t{1} << 40, int64_t{1} << 30, ScaleLayout::kNatural)
                .status()
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(QuantizeBufferSizesFor(1, 32, static_cast<ScaleLayout>(9)).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(QuantizeGpuArgumentsTest, RejectsBadArgumentsBeforeLaunching) {
  const QuantizeOptions ok_options;
  auto run = [&](const uint16_t* x, int64_t m, int64_t k, const QuantizeOptions& options,
                 uint8_t* data, uint8_t* scales) {
    return QuantizeBf16OnGpu(x, m, k, options, data, scales, nullptr);
  };
  EXPECT_EQ(run(kFakeX, 4, 48, ok_options, kFakeData, kFakeScales).code(),
            absl::StatusCode::kInvalidArgument);  // k % 32
  EXPECT_EQ(run(kFakeX, -1, 32, ok_options, kFakeData, kFakeScales).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(run(nullptr, 4, 32, ok_options, kFakeData, kFakeScales).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(run(kFakeX, 4, 32, ok_options, nullptr, kFakeScales).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(run(kFakeX, 4, 32, ok_options, kFakeData, nullptr).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(run(kFakeX + 1, 4, 32, ok_options, kFakeData, kFakeScales).code(),
            absl::StatusCode::kInvalidArgument);  // 2-byte aligned only
  EXPECT_EQ(run(kFakeX, 4, 32, ok_options, kFakeData + 8, kFakeScales).code(),
            absl::StatusCode::kInvalidArgument);
  QuantizeOptions shuffled;
  shuffled.scale_layout = ScaleLayout::kShuffled16;
  EXPECT_EQ(run(kFakeX, 4, 32, shuffled, kFakeData, kFakeScales + 1).code(),
            absl::StatusCode::kInvalidArgument);
  QuantizeOptions bad_rule;
  bad_rule.rule = static_cast<ScaleRule>(7);
  absl::Status s = run(kFakeX, 4, 32, bad_rule, kFakeData, kFakeScales);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(s.message(), "ScaleRule")) << s;
  EXPECT_EQ(QuantizeBf16OnGpu(kFakeX, 4, 32, ok_options, static_cast<QuantizeKernelVariant>(5),
                              kFakeData, kFakeScales, nullptr)
                .code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(QuantizeGpuArgumentsTest, StubBuildSaysBuiltWithoutGpuSupport) {
  if (GpuBuildEnabled()) GTEST_SKIP() << "GPU build";
  absl::Status s = QuantizeBf16OnGpu(kFakeX, 4, 32, QuantizeOptions{}, kFakeData, kFakeScales,
                                     nullptr);
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_TRUE(absl::StartsWith(s.message(), "built without GPU support")) << s;
}

TEST(QuantizeGpuArgumentsTest, VariantNames) {
  EXPECT_STREQ(QuantizeKernelVariantName(QuantizeKernelVariant::kBf16x2Packed), "bf16x2_packed");
  EXPECT_STREQ(QuantizeKernelVariantName(QuantizeKernelVariant::kBf16x2PackedTiled),
               "bf16x2_packed_tiled");
  EXPECT_STREQ(QuantizeKernelVariantName(QuantizeKernelVariant::kFp32Scalar), "fp32_scalar");
}

// ---------------------------------------------------------------- on a GPU

class QuantizeGpuTest : public ::testing::Test {
 protected:
  void SetUp() override { MXFP4_SKIP_IF_NO_GPU(); }
};

// Every finite bf16 value (65280 of them), in order (each block holds its
// neighbours: the max is near every element) and shuffled (random maxima).
TEST_F(QuantizeGpuTest, EveryFiniteBf16Value) {
  for (QuantizeKernelVariant variant : kAllQuantizeKernelVariants) {
    for (ScaleRule rule : kRules) {
      EXPECT_TRUE(QuantizeTester()
                      .m(32).k(2048).rule(rule).layout(ScaleLayout::kNatural).variant(variant)
                      .distribution(Bf16Distribution::kAllFinite).Test());
      const int seeds = TestScaleIsSmall() ? 1 : 3;
      for (int seed = 1; seed <= seeds; ++seed) {
        EXPECT_TRUE(QuantizeTester()
                        .m(32).k(2048).rule(rule).layout(ScaleLayout::kShuffled16)
                        .variant(variant).distribution(Bf16Distribution::kAllFiniteShuffled)
                        .seed(seed).Test());
      }
    }
  }
}

// Every finite bf16 value under maxima that pick every kind of scale: blocks of
// 31 consecutive values plus one max (powers of two, mantissas around 1.75,
// max bf16, denormals, the smallest normal).
TEST_F(QuantizeGpuTest, EveryFiniteValueUnderManyMaxima) {
  const std::vector<uint16_t> all = AllFiniteBf16();
  std::vector<uint16_t> maxima = {0x0001, 0x0040, 0x007F, 0x0080, 0x7F7F, 0x7F00, 0x7F60};
  for (int e = 1; e < 255; e += TestScaleIsSmall() ? 37 : 11) {
    for (uint16_t mantissa : {0x00, 0x5F, 0x60, 0x7F}) {
      maxima.push_back(static_cast<uint16_t>((e << 7) | mantissa));
    }
  }
  const int64_t blocks = (static_cast<int64_t>(all.size()) + 30) / 31;
  const int64_t k = 32 * 64;
  const int64_t m = (blocks + 63) / 64;
  for (QuantizeKernelVariant variant : kAllQuantizeKernelVariants) {
    for (ScaleRule rule : RulesForScale()) {
      for (size_t j = 0; j < maxima.size(); ++j) {
        std::vector<uint16_t> x(m * k, 0);
        for (int64_t b = 0; b < m * 64; ++b) {
          uint16_t* block = x.data() + b * 32;
          const int position = static_cast<int>((b + j) % 32);
          for (int i = 0, v = 0; i < 32; ++i) {
            if (i == position) {
              block[i] = static_cast<uint16_t>(maxima[j] | ((b & 1) ? 0x8000 : 0));
            } else {
              block[i] = all[(b * 31 + v++) % all.size()];
            }
          }
        }
        ASSERT_TRUE(QuantizeTester()
                        .m(m).k(k).rule(rule).layout(ScaleLayout::kNatural).variant(variant)
                        .input(std::move(x)).seed(j).Test())
            << "max #" << j << " = 0x" << std::hex << maxima[j];
      }
    }
  }
}

// Rows 1..300 (tiles of 32 and 256 rows, and everything in between) with a
// group count that is not a multiple of 8 (K = 96), natural and shuffled16.
TEST_F(QuantizeGpuTest, RowsOneTo300) {
  const int step = TestScaleIsSmall() ? 37 : 1;
  for (int64_t m = 1; m <= 300; m += step) {
    for (ScaleLayout layout : {ScaleLayout::kNatural, ScaleLayout::kShuffled16}) {
      ASSERT_TRUE(QuantizeTester()
                      .m(m).k(96).layout(layout).distribution(kRandomDistributions[m % 4])
                      .seed(m).Test());
    }
  }
}

// K = 32..8192 (one block, partial 8-group tiles, the contest's Ks) for every
// rule, layout and variant, at row counts around the tile edges.
TEST_F(QuantizeGpuTest, KFrom32To8192) {
  std::vector<int64_t> ks = {32, 64, 96, 224, 256, 288, 512, 1536, 2048, 7168, 8192};
  std::vector<int64_t> ms = {1, 7, 33, 257};
  if (TestScaleIsSmall()) {
    ks = {32, 96, 288, 8192};
    ms = {1, 33};
  }
  uint64_t seed = 100;
  for (int64_t k : ks) {
    for (int64_t m : ms) {
      for (QuantizeKernelVariant variant : kAllQuantizeKernelVariants) {
        for (ScaleRule rule : RulesForScale()) {
          for (ScaleLayout layout : kLayouts) {
            ++seed;
            ASSERT_TRUE(QuantizeTester()
                            .m(m).k(k).rule(rule).layout(layout).variant(variant)
                            .distribution(kRandomDistributions[seed % 4]).seed(seed).Test());
          }
        }
      }
    }
  }
}

// The spec's edge values and NaN/Inf blocks, many seeds.
TEST_F(QuantizeGpuTest, EdgeAndSpecialValues) {
  const int seeds = TestScaleIsSmall() ? 1 : 8;
  for (int seed = 1; seed <= seeds; ++seed) {
    for (Bf16Distribution distribution :
         {Bf16Distribution::kEdgeValues, Bf16Distribution::kSpecials,
          Bf16Distribution::kWideExponent}) {
      for (QuantizeKernelVariant variant : kAllQuantizeKernelVariants) {
        for (ScaleRule rule : kRules) {
          for (ScaleLayout layout : kLayouts) {
            ASSERT_TRUE(QuantizeTester()
                            .m(65).k(1024).rule(rule).layout(layout).variant(variant)
                            .distribution(distribution).seed(seed).Test());
          }
        }
      }
    }
  }
}

// Every output byte is written whatever was there before (0x00 would hide
// unwritten padding, so also 0xFF and 0xAB), and nothing past the end.
TEST_F(QuantizeGpuTest, PoisonedOutputsAreFullyOverwritten) {
  for (uint8_t poison : {0x00, 0xFF, 0xAB, 0x55}) {
    for (ScaleLayout layout : kLayouts) {
      for (int64_t m : {1, 31, 300}) {
        EXPECT_TRUE(QuantizeTester().m(m).k(32).layout(layout).poison(poison).seed(m).Test());
        EXPECT_TRUE(QuantizeTester().m(m).k(288).layout(layout).poison(poison).seed(m).Test());
      }
    }
  }
}

// The contest's shapes (M, K), EVEN, shuffled16 scales (what the GEMM reads).
TEST_F(QuantizeGpuTest, ContestShapes) {
  for (int64_t m : {4, 8, 16, 32, 64, 256}) {
    for (int64_t k : {512, 1536, 2048, 7168}) {
      ASSERT_TRUE(
          QuantizeTester().m(m).k(k).layout(ScaleLayout::kShuffled16).seed(m * k).Test());
    }
  }
}

TEST_F(QuantizeGpuTest, LargeMatrix) {
  if (TestScaleIsSmall()) GTEST_SKIP() << "MXFP4_TEST_SCALE=small";
  for (QuantizeKernelVariant variant : kAllQuantizeKernelVariants) {
    EXPECT_TRUE(QuantizeTester()
                    .m(4096).k(8192).layout(ScaleLayout::kShuffled16).variant(variant).seed(3)
                    .Test());
  }
}

// The call is capturable into a graph (no host synchronization or allocation
// inside), and replaying the graph on new input bytes gives the new result.
TEST_F(QuantizeGpuTest, GraphCaptureReplay) {
  const int64_t m = 64, k = 2048;
  QuantizeOptions options;
  options.scale_layout = ScaleLayout::kShuffled16;
  auto sizes = QuantizeBufferSizesFor(m, k, options.scale_layout);
  ASSERT_TRUE(sizes.ok());
  auto d_x = DeviceBuffer::Allocate(m * k * 2);
  auto d_data = DeviceBuffer::Allocate(sizes->data_bytes);
  auto d_scales = DeviceBuffer::Allocate(sizes->scale_bytes);
  auto stream = DeviceStream::Create();
  ASSERT_TRUE(d_x.ok() && d_data.ok() && d_scales.ok() && stream.ok());

  hipGraph_t graph = nullptr;
  hipGraphExec_t exec = nullptr;
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipStreamBeginCapture(stream->get(), hipStreamCaptureModeGlobal)).ok());
  absl::Status captured = QuantizeBf16OnGpu(d_x->as<uint16_t>(), m, k, options,
                                            d_data->as<uint8_t>(), d_scales->as<uint8_t>(),
                                            stream->get());
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipStreamEndCapture(stream->get(), &graph)).ok());
  ASSERT_TRUE(captured.ok()) << captured;
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0)).ok());

  for (uint64_t seed : {1, 2}) {
    const std::vector<uint16_t> x =
        ::mxfp4::testing::MakeBf16Input(Bf16Distribution::kNormal, m, k, seed);
    ASSERT_TRUE(d_x->CopyFromHost(x.data(), x.size() * 2).ok());
    ASSERT_TRUE(d_scales->Fill(0xAB).ok());
    ASSERT_TRUE(MXFP4_HIP_STATUS(hipGraphLaunch(exec, stream->get())).ok());
    ASSERT_TRUE(stream->Synchronize().ok());
    std::vector<uint8_t> data(sizes->data_bytes), scales(sizes->scale_bytes);
    ASSERT_TRUE(d_data->CopyToHost(data.data(), data.size()).ok());
    ASSERT_TRUE(d_scales->CopyToHost(scales.data(), scales.size()).ok());
    auto want = QuantizeBf16(x, m, k, options);
    ASSERT_TRUE(want.ok());
    EXPECT_EQ(data, want->data) << "seed " << seed;
    EXPECT_EQ(scales, want->scales) << "seed " << seed;
  }
  EXPECT_TRUE(MXFP4_HIP_STATUS(hipGraphExecDestroy(exec)).ok());
  EXPECT_TRUE(MXFP4_HIP_STATUS(hipGraphDestroy(graph)).ok());
}

}  // namespace
}  // namespace mxfp4::gpu
