// File: mxfp4/bench/bench_harness_test.cc
//
// The pieces the benchmark's numbers rest on: seeded operand patterns (host),
// the device fill, both timing modes, and the cuBLAS baselines computing the
// right product in the right layout (checked against a CPU reference, so a
// baseline can never be fast because it computes something else). GPU cases
// skip without a GPU (MXFP4_SKIP_IF_NO_GPU); the cuBLAS cases also skip when
// cuBLAS cannot be loaded.

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/bench/call_timer.h"
#include "mxfp4/bench/device_operands.h"
#include "mxfp4/bench/problem.h"
#include "mxfp4/bench/vendor_gemm.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::bench {
namespace {

// Value of an OCP e4m3 byte (no Inf; 0x7F/0xFF are NaN).
float E4m3ToFloat(uint8_t x) {
  const int sign = x >> 7, exponent = (x >> 3) & 0xF, mantissa = x & 7;
  if (exponent == 0xF && mantissa == 7) return NAN;
  const float magnitude = exponent == 0 ? std::ldexp(mantissa / 8.0f, -6)
                                        : std::ldexp(1.0f + mantissa / 8.0f, exponent - 7);
  return sign ? -magnitude : magnitude;
}

TEST(PatternTest, Bf16NormalLooksStandardNormalAndIsSeeded) {
  const std::vector<uint16_t> x = Bf16NormalPattern(1 << 15, 7);
  double sum = 0, sum_sq = 0;
  for (uint16_t b : x) {
    const float f = Bf16ToFloat(b);
    ASSERT_TRUE(std::isfinite(f));
    sum += f;
    sum_sq += f * f;
  }
  const double mean = sum / x.size(), var = sum_sq / x.size() - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.05);
  EXPECT_NEAR(var, 1.0, 0.05);
  EXPECT_EQ(x, Bf16NormalPattern(1 << 15, 7));
  EXPECT_NE(x, Bf16NormalPattern(1 << 15, 8));
}

TEST(PatternTest, E4m3IsFiniteAndInRange) {
  for (uint8_t b : E4m3Pattern(1 << 14, 3)) {
    const float f = std::fabs(E4m3ToFloat(b));
    ASSERT_TRUE(std::isfinite(f)) << int(b);
    EXPECT_GE(f, 0.125f) << int(b);
    EXPECT_LT(f, 8.0f) << int(b);
  }
}

TEST(PatternTest, E8m0ScalesNearOne) {
  for (uint8_t s : E8m0ScalePattern(4096, 5)) {
    EXPECT_GE(s, 124);
    EXPECT_LE(s, 130);
  }
}

TEST(CallTimerTest, RejectsBadArguments) {
  auto noop = [](hipStream_t) { return absl::OkStatus(); };
  EXPECT_EQ(CallTimer::Create(TimingMode::kL2Flushed, noop, nullptr, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CallTimer::Create(static_cast<TimingMode>(7), noop, nullptr, nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(L2Flusher::Create(0).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(L2FlushBytesFor(50 << 20), int64_t{128} << 20);
  EXPECT_EQ(L2FlushBytesFor(int64_t{96} << 20), int64_t{192} << 20);
}

TEST(DeviceFillTest, RepeatsThePatternExactly) {
  MXFP4_SKIP_IF_NO_GPU();
  std::vector<uint8_t> pattern(1000);
  std::mt19937 rng(11);
  for (uint8_t& b : pattern) b = static_cast<uint8_t>(rng());
  const int64_t bytes = 7 * 1000 + 17;  // not a multiple of the pattern
  absl::StatusOr<gpu::DeviceBuffer> d = gpu::DeviceBuffer::Allocate(bytes);
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_TRUE(FillDeviceWithPattern(d->get(), bytes, pattern.data(), pattern.size()).ok());
  std::vector<uint8_t> back(bytes);
  ASSERT_TRUE(d->CopyToHost(back.data(), bytes).ok());
  for (int64_t i = 0; i < bytes; ++i) ASSERT_EQ(back[i], pattern[i % 1000]) << "byte " << i;
}

TEST(CallTimerTest, BothModesTimeACopy) {
  MXFP4_SKIP_IF_NO_GPU();
  absl::StatusOr<gpu::DeviceStream> stream = gpu::DeviceStream::Create();
  ASSERT_TRUE(stream.ok()) << stream.status();
  const size_t bytes = 8 << 20;
  absl::StatusOr<gpu::DeviceBuffer> src = gpu::DeviceBuffer::Allocate(bytes);
  absl::StatusOr<gpu::DeviceBuffer> dst = gpu::DeviceBuffer::Allocate(bytes);
  ASSERT_TRUE(src.ok() && dst.ok());
  absl::StatusOr<L2Flusher> flusher = L2Flusher::Create(128 << 20);
  ASSERT_TRUE(flusher.ok()) << flusher.status();
  void* s_ptr = src->get();
  void* d_ptr = dst->get();
  int enqueued = 0;
  auto copy = [&](hipStream_t s) -> absl::Status {
    ++enqueued;
    MXFP4_HIP_RETURN_IF_ERROR(hipMemcpyAsync(d_ptr, s_ptr, bytes, hipMemcpyDeviceToDevice, s));
    return absl::OkStatus();
  };
  for (TimingMode mode : {TimingMode::kL2Flushed, TimingMode::kGraphReplay}) {
    absl::StatusOr<std::unique_ptr<CallTimer>> timer =
        CallTimer::Create(mode, copy, stream->get(), &*flusher);
    ASSERT_TRUE(timer.ok()) << timer.status();
    const int calls = (*timer)->calls_per_measurement();
    EXPECT_GE(calls, 1);
    EXPECT_LE(calls, kDefaultCallsPerGraph);
    if (mode == TimingMode::kL2Flushed) {
      EXPECT_EQ(calls, 1);
    }
    const int before = enqueued;
    for (int i = 0; i < 3; ++i) {
      absl::StatusOr<double> us = (*timer)->TimeOnce();
      ASSERT_TRUE(us.ok()) << us.status();
      // 16 MB moved: more than 0.5 µs, less than 10 ms on any GPU this runs on.
      EXPECT_GT(*us, 0.5) << TimingModeName(mode);
      EXPECT_LT(*us, 10000.0) << TimingModeName(mode);
    }
    // Replays run the captured graph; the host enqueues nothing new.
    if (mode == TimingMode::kGraphReplay) {
      EXPECT_EQ(enqueued, before);
    }
  }
}

// C (m, n) of a vendor GEMM vs a double-precision CPU product of the same
// decoded inputs. Tolerance: bf16 output rounding plus fp32 accumulation; FP8
// gets more, because Hopper's FP8 tensor cores accumulate with fewer than
// fp32's bits (seen on the H200: errors up to ~1% of |C| and ~0.2% of the
// sum of |products|). A wrong layout or scale pointer is off by O(|C|).
void CheckVendorGemm(VendorGemmKind kind, const GemmShape& shape, uint64_t seed) {
  SCOPED_TRACE(::testing::Message()
               << VendorGemmKindName(kind) << " " << ShapeName(shape) << " seed " << seed);
  const bool fp8 =
      kind == VendorGemmKind::kCublasLtFp8 || kind == VendorGemmKind::kCublasLtFp8FastAccum;
  const int64_t m = shape.m, n = shape.n, k = shape.k;
  const int64_t elem = fp8 ? 1 : 2;
  std::vector<uint8_t> a_bytes(m * k * elem), b_bytes(n * k * elem);
  std::vector<double> a(m * k), b(n * k);
  if (fp8) {
    const std::vector<uint8_t> pa = E4m3Pattern(m * k, seed), pb = E4m3Pattern(n * k, seed + 1);
    a_bytes = pa;
    b_bytes = pb;
    for (int64_t i = 0; i < m * k; ++i) a[i] = E4m3ToFloat(pa[i]);
    for (int64_t i = 0; i < n * k; ++i) b[i] = E4m3ToFloat(pb[i]);
  } else {
    const std::vector<uint16_t> pa = Bf16NormalPattern(m * k, seed);
    const std::vector<uint16_t> pb = Bf16NormalPattern(n * k, seed + 1);
    std::memcpy(a_bytes.data(), pa.data(), a_bytes.size());
    std::memcpy(b_bytes.data(), pb.data(), b_bytes.size());
    for (int64_t i = 0; i < m * k; ++i) a[i] = Bf16ToFloat(pa[i]);
    for (int64_t i = 0; i < n * k; ++i) b[i] = Bf16ToFloat(pb[i]);
  }
  // Distinct per-tensor scales, so swapped scale pointers would show; each on
  // its own 256-byte boundary (as ShapeOperands keeps them).
  constexpr int kStride = ShapeOperands::kFp8ScaleStride;
  float scales[2 * kStride] = {};
  scales[0] = 2.0f;         // a
  scales[kStride] = 0.25f;  // b
  const double scale = fp8 ? 0.5 : 1.0;

  auto d_a = gpu::DeviceBuffer::Allocate(a_bytes.size());
  auto d_b = gpu::DeviceBuffer::Allocate(b_bytes.size());
  auto d_c = gpu::DeviceBuffer::Allocate(m * n * 2);
  auto d_s = gpu::DeviceBuffer::Allocate(sizeof(scales));
  auto d_ws = gpu::DeviceBuffer::Allocate(kVendorWorkspaceBytes);
  ASSERT_TRUE(d_a.ok() && d_b.ok() && d_c.ok() && d_s.ok() && d_ws.ok());
  ASSERT_TRUE(d_a->CopyFromHost(a_bytes.data(), a_bytes.size()).ok());
  ASSERT_TRUE(d_b->CopyFromHost(b_bytes.data(), b_bytes.size()).ok());
  ASSERT_TRUE(d_s->CopyFromHost(scales, sizeof(scales)).ok());
  ASSERT_TRUE(d_c->Fill(0xFF).ok());  // NaN bf16s: every output must be written

  VendorGemmArgs args;
  args.kind = kind;
  args.shape = shape;
  args.a = d_a->get();
  args.b = d_b->get();
  args.c = d_c->get();
  args.a_scale = d_s->as<float>();
  args.b_scale = d_s->as<float>() + kStride;
  args.workspace = d_ws->get();
  args.workspace_bytes = kVendorWorkspaceBytes;
  absl::StatusOr<std::unique_ptr<VendorGemm>> gemm = VendorGemm::Create(args);
  ASSERT_TRUE(gemm.ok()) << gemm.status();
  absl::StatusOr<gpu::DeviceStream> stream = gpu::DeviceStream::Create();
  ASSERT_TRUE(stream.ok());
  const absl::Status enqueued = (*gemm)->Enqueue(stream->get());
  ASSERT_TRUE(enqueued.ok()) << enqueued << " (" << (*gemm)->Description() << ")";
  ASSERT_TRUE(stream->Synchronize().ok());
  std::vector<uint16_t> c(m * n);
  ASSERT_TRUE(d_c->CopyToHost(c.data(), c.size() * 2).ok());

  int bad = 0;
  for (int64_t i = 0; i < m && bad < 5; ++i) {
    for (int64_t j = 0; j < n && bad < 5; ++j) {
      double want = 0, magnitude = 0;
      for (int64_t kk = 0; kk < k; ++kk) {
        want += a[i * k + kk] * b[j * k + kk];
        magnitude += std::fabs(a[i * k + kk] * b[j * k + kk]);
      }
      want *= scale;
      magnitude *= scale;
      const double got = Bf16ToFloat(c[i * n + j]);
      const double tolerance = fp8 ? std::fabs(want) * 0x1p-6 + magnitude * 0x1p-8 + 1e-6
                                   : std::fabs(want) * 0x1p-8 + magnitude * 1e-5 + 1e-6;
      if (!(std::fabs(got - want) <= tolerance)) {
        ADD_FAILURE() << "C[" << i << "][" << j << "] = " << got << ", want " << want
                      << " (tolerance " << tolerance << ")";
        ++bad;
      }
    }
  }
}

class VendorGemmTest : public ::testing::TestWithParam<VendorGemmKind> {
 protected:
  void SetUp() override {
    MXFP4_SKIP_IF_NO_GPU();
    if (absl::Status s = VendorBlasAvailable(); !s.ok()) GTEST_SKIP() << s.message();
  }
};

TEST_P(VendorGemmTest, MatchesCpuProductInRowMajorLayout) {
  // M not a multiple of 16 (the contest has M = 4); N = 48, K = 96.
  CheckVendorGemm(GetParam(), {5, 48, 96}, 21);
  CheckVendorGemm(GetParam(), {32, 80, 256}, 22);
}

INSTANTIATE_TEST_SUITE_P(Kinds, VendorGemmTest,
                         ::testing::Values(VendorGemmKind::kCublasBf16,
                                           VendorGemmKind::kCublasLtBf16,
                                           VendorGemmKind::kCublasLtFp8,
                                           VendorGemmKind::kCublasLtFp8FastAccum),
                         [](const ::testing::TestParamInfo<VendorGemmKind>& info) {
                           return std::string(VendorGemmKindName(info.param));
                         });

// dlopen must find the toolkit's cuBLAS where it is installed (no GPU needed).
TEST(VendorBlasTest, FindsTheToolkitsCublas) {
  if (!gpu::GpuBuildEnabled()) GTEST_SKIP() << "stub build: no cuBLAS loader";
  if (access("/usr/local/cuda/lib64/libcublasLt.so.13", R_OK) != 0) {
    GTEST_SKIP() << "no /usr/local/cuda/lib64/libcublasLt.so.13 here";
  }
  EXPECT_TRUE(VendorBlasAvailable().ok()) << VendorBlasDescription();
  std::printf("%s\n", VendorBlasDescription().c_str());
}

TEST(VendorGemmTest, RejectsFp8WithKNotMultipleOf16) {
  VendorGemmArgs args;
  args.kind = VendorGemmKind::kCublasLtFp8;
  args.shape = {4, 32, 40};
  EXPECT_EQ(VendorGemm::Create(args).status().code(), absl::StatusCode::kInvalidArgument);
  args.kind = static_cast<VendorGemmKind>(9);
  EXPECT_EQ(VendorGemm::Create(args).status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace mxfp4::bench
