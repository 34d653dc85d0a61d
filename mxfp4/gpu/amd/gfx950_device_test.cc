// File: mxfp4/gpu/amd/gfx950_device_test.cc
//
// The gfx950 kernels ON AN MI355X (docs/amd.md, "Running on an MI355X"): the
// same cases as the emulated test, run through the HIP module runtime
// (gfx950_runtime.h), compared with the kMfma16 reference bit for bit. Where
// the hardware differs, the test says whether the alternative MFMA rounding
// model (block_sequential_fma) explains it: this is where the unverified
// parts of the model (how one instruction rounds its 4 blocks and C; the cvt
// instruction's edge cases) meet the hardware. Also checked: two runs give
// identical bits (no atomics), and the hardware quantization (A_q, shuffled
// scales) equals QuantizeBf16.
//
// Without a usable gfx950 GPU (no libamdhip64, no GPU, another GPU, or no
// code objects) every test is SKIPPED with the reason, unless
// MXFP4_REQUIRE_AMD_GPU=1, which turns that into a failure (so a run on the
// MI355X cannot pass by skipping).

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"
#include "mxfp4/gpu/amd/gfx950_runtime.h"
#include "mxfp4/gpu/amd/gfx950_test_util.h"

namespace mxfp4::gfx950 {
namespace {

using testing::GemmCase;
using testing::GemmInputs;
using testing::Reference;

bool AmdGpuRequired() {
  const char* v = std::getenv("MXFP4_REQUIRE_AMD_GPU");
  return v != nullptr && std::string(v) == "1";
}

// One runtime per process (loading the modules once).
Gfx950Runtime* SharedRuntime(absl::Status* why) {
  static absl::StatusOr<std::unique_ptr<Gfx950Runtime>>* rt = [] {
    auto* r = new absl::StatusOr<std::unique_ptr<Gfx950Runtime>>(Gfx950Runtime::Create());
    if (r->ok()) std::printf("gfx950 device: %s\n", (**r)->device_name().c_str());
    return r;
  }();
  if (!rt->ok()) {
    *why = rt->status();
    return nullptr;
  }
  return rt->value().get();
}

// The runtime, or a skip (a failure with MXFP4_REQUIRE_AMD_GPU=1) when no
// gfx950 GPU is usable.
#define MXFP4_GFX950_RUNTIME_OR_SKIP(rt)                                                \
  Gfx950Runtime* rt = nullptr;                                                          \
  do {                                                                                  \
    absl::Status why_;                                                                  \
    rt = SharedRuntime(&why_);                                                          \
    if (rt == nullptr) {                                                                \
      if (AmdGpuRequired()) {                                                           \
        GTEST_FAIL() << "MXFP4_REQUIRE_AMD_GPU=1 but " << why_;                         \
      } else {                                                                          \
        GTEST_SKIP() << "no gfx950 GPU (set MXFP4_REQUIRE_AMD_GPU=1 to fail instead): " \
                     << why_.message();                                                 \
      }                                                                                 \
    }                                                                                   \
  } while (0)

// Device memory freed on scope exit.
class DeviceBuffer {
 public:
  DeviceBuffer(Gfx950Runtime* rt, size_t bytes) : rt_(rt) {
    absl::StatusOr<void*> p = rt->Malloc(bytes == 0 ? 1 : bytes);
    status_ = p.status();
    if (p.ok()) p_ = *p;
  }
  ~DeviceBuffer() {
    if (p_ != nullptr) rt_->Free(p_).IgnoreError();
  }
  void* get() const { return p_; }
  const absl::Status& status() const { return status_; }

 private:
  Gfx950Runtime* rt_;
  void* p_ = nullptr;
  absl::Status status_;
};

struct DeviceRun {
  Gfx950Plan plan;
  std::vector<uint16_t> c;
  std::vector<uint8_t> workspace;
};

// Uploads the inputs, runs the plan `repeats` times (C and workspace
// poisoned before each), checks every run gives the same bits.
void RunOnDevice(Gfx950Runtime* rt, const GemmInputs& in, const Gfx950PathOptions& options,
                 int repeats, DeviceRun* out) {
  const Gfx950GemmShape shape{in.m, in.n, in.k};
  absl::StatusOr<Mxfp4Matrix> b = testing::DeviceLayoutB(in);
  ASSERT_TRUE(b.ok()) << b.status();
  const int64_t ws_bytes = Gfx950WorkspaceBytes(shape, options);
  DeviceBuffer d_a(rt, in.a.size() * 2), d_b(rt, b->data.size()), d_bs(rt, b->scales.size()),
      d_c(rt, static_cast<size_t>(in.m * in.n * 2)), d_ws(rt, static_cast<size_t>(ws_bytes));
  for (const DeviceBuffer* d : {&d_a, &d_b, &d_bs, &d_c, &d_ws}) ASSERT_TRUE(d->status().ok());
  ASSERT_TRUE(rt->CopyToDevice(d_a.get(), in.a.data(), in.a.size() * 2).ok());
  ASSERT_TRUE(rt->CopyToDevice(d_b.get(), b->data.data(), b->data.size()).ok());
  ASSERT_TRUE(rt->CopyToDevice(d_bs.get(), b->scales.data(), b->scales.size()).ok());
  absl::StatusOr<Gfx950Plan> plan = BuildGfx950GemmPlan(
      shape, options,
      Gfx950GemmBuffers{static_cast<const uint16_t*>(d_a.get()),
                        static_cast<const uint8_t*>(d_b.get()),
                        static_cast<const uint8_t*>(d_bs.get()), static_cast<uint16_t*>(d_c.get()),
                        ws_bytes > 0 ? d_ws.get() : nullptr, ws_bytes});
  ASSERT_TRUE(plan.ok()) << plan.status();
  out->plan = *plan;
  for (int r = 0; r < repeats; ++r) {
    ASSERT_TRUE(rt->Memset(d_c.get(), 0xBF, static_cast<size_t>(in.m * in.n * 2)).ok());
    if (ws_bytes > 0) {
      ASSERT_TRUE(rt->Memset(d_ws.get(), 0xA5, static_cast<size_t>(ws_bytes)).ok());
    }
    const absl::Status run = rt->Run(*plan);
    ASSERT_TRUE(run.ok()) << run;
    ASSERT_TRUE(rt->Synchronize().ok());
    std::vector<uint16_t> c(static_cast<size_t>(in.m * in.n));
    std::vector<uint8_t> ws(static_cast<size_t>(ws_bytes));
    ASSERT_TRUE(rt->CopyToHost(c.data(), d_c.get(), c.size() * 2).ok());
    if (ws_bytes > 0) {
      ASSERT_TRUE(rt->CopyToHost(ws.data(), d_ws.get(), ws.size()).ok());
    }
    if (r == 0) {
      out->c = std::move(c);
      out->workspace = std::move(ws);
    } else {
      ASSERT_EQ(c, out->c) << "run " << r << " differs from run 0 (not deterministic)";
    }
  }
}

void ExpectDeviceMatchesReference(Gfx950Runtime* rt, const GemmInputs& in,
                                  const Gfx950PathOptions& options) {
  DeviceRun run;
  RunOnDevice(rt, in, options, /*repeats=*/2, &run);
  if (::testing::Test::HasFatalFailure()) return;
  const std::string what = absl::StrFormat("(M, N, K) = (%d, %d, %d), path %s, splits %d, seed %d",
                                           in.m, in.n, in.k, Gfx950PathName(run.plan.path),
                                           run.plan.splits, in.seed);
  // fp32 where the device exposes it: split-K partials combined in order.
  std::vector<float> fp32;
  if (run.plan.path == Gfx950Path::kSplitKSmallM) {
    const float* p = reinterpret_cast<const float*>(run.workspace.data());
    fp32.resize(static_cast<size_t>(in.m * in.n));
    for (int64_t i = 0; i < in.m * in.n; ++i) {
      fp32[i] = CombineSplits(run.plan.splits, [&](int s) { return p[s * in.m * in.n + i]; });
    }
  }
  absl::StatusOr<Reference> ref =
      testing::ComputeReference(in, run.plan, MfmaRoundingModel::kExactSumSingleRounding);
  ASSERT_TRUE(ref.ok()) << ref.status();
  std::string report;
  const int64_t bad = testing::CompareBits(in, *ref, fp32, run.c, &report);
  if (bad > 0) {
    absl::StatusOr<Reference> alt =
        testing::ComputeReference(in, run.plan, MfmaRoundingModel::kBlockSequentialFma);
    std::string alt_report;
    const int64_t alt_bad =
        alt.ok() ? testing::CompareBits(in, *alt, fp32, run.c, &alt_report) : -1;
    ADD_FAILURE() << what << ": the hardware differs from the kMfma16 exact_sum model\n"
                  << report << "block_fma model: " << alt_bad << " outputs differ"
                  << (alt_bad == 0 ? " (the hardware matches block_sequential_fma)" : "");
  }
  if (run.plan.path == Gfx950Path::kQuantThenGemm) {
    // The hardware quantization (cvt_scalef32_pk_fp4) equals the emulator's.
    const Gfx950GemmShape shape{in.m, in.n, in.k};
    QuantizeOptions q;
    q.rule = ScaleRule::kEven;
    q.scale_layout = ScaleLayout::kShuffled16;
    absl::StatusOr<Mxfp4Matrix> expected = QuantizeBf16(in.a, in.m, in.k, q);
    ASSERT_TRUE(expected.ok());
    EXPECT_EQ(0, std::memcmp(run.workspace.data() + Gfx950AqOffset(), expected->data.data(),
                             expected->data.size()))
        << what << ": A_q differs from QuantizeBf16";
    EXPECT_EQ(0, std::memcmp(run.workspace.data() + Gfx950AScalesOffset(shape),
                             expected->scales.data(), expected->scales.size()))
        << what << ": shuffled A scales differ from QuantizeBf16";
  }
}

class Gfx950DeviceTest : public ::testing::TestWithParam<GemmCase> {};

TEST_P(Gfx950DeviceTest, MatchesReferenceBitForBit) {
  MXFP4_GFX950_RUNTIME_OR_SKIP(rt);
  const GemmCase& c = GetParam();
  const GemmInputs in =
      testing::MakeInputs(c.m, c.n, c.k, c.a_values, c.b_scales, testing::CaseSeed(c));
  ExpectDeviceMatchesReference(rt, in, testing::CaseOptions(c));
}

// The fp32 accumulators of the fused kernel body, through split-K with one
// split (its partials are the whole fp32 result): the sharpest check of the
// MFMA rounding model on hardware.
TEST_P(Gfx950DeviceTest, Fp32AccumulatorsThroughOneSplit) {
  MXFP4_GFX950_RUNTIME_OR_SKIP(rt);
  const GemmCase& c = GetParam();
  const GemmInputs in =
      testing::MakeInputs(c.m, c.n, c.k, c.a_values, c.b_scales, testing::CaseSeed(c) + 1);
  Gfx950PathOptions options;
  options.force_path = true;
  options.path = Gfx950Path::kSplitKSmallM;
  options.splits = 1;
  ExpectDeviceMatchesReference(rt, in, options);
}

std::string CaseName(const ::testing::TestParamInfo<GemmCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Paths, Gfx950DeviceTest, ::testing::ValuesIn(testing::PathCases()),
                         CaseName);
INSTANTIATE_TEST_SUITE_P(Contest, Gfx950DeviceTest, ::testing::ValuesIn(testing::ContestCases()),
                         CaseName);

}  // namespace
}  // namespace mxfp4::gfx950
