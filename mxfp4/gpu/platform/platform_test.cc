// File: mxfp4/gpu/platform/platform_test.cc
//
// Platform layer: error -> status mapping (host only, runs everywhere), the
// no-GPU report, and on a GPU the example kernel, buffers, streams and events.

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/device.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/example_iota.h"
#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::gpu {
namespace {

absl::Status FailingCall() {
  MXFP4_HIP_RETURN_IF_ERROR(hipErrorInvalidValue);
  return absl::OkStatus();
}

TEST(HipStatusTest, SuccessIsOk) { EXPECT_TRUE(HipErrorToStatus(hipSuccess, "x", "f", 1).ok()); }

TEST(HipStatusTest, ErrorNamesCallFileAndLine) {
  absl::Status s = FailingCall();
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.message(), "hipErrorInvalidValue")) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "platform_test.cc:")) << s;
  if (GpuBuildEnabled()) {
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  } else {
    EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
    EXPECT_TRUE(absl::StartsWith(s.message(), "built without GPU support")) << s;
  }
}

TEST(HipStatusTest, CodesByKind) {
  if (!GpuBuildEnabled()) GTEST_SKIP() << "stub build maps every error to kUnavailable";
  EXPECT_EQ(HipErrorToStatus(hipErrorNoDevice, "c", "f", 1).code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(HipErrorToStatus(hipErrorInsufficientDriver, "c", "f", 1).code(),
            absl::StatusCode::kUnavailable);
  EXPECT_EQ(HipErrorToStatus(hipErrorOutOfMemory, "c", "f", 1).code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(HipErrorToStatus(hipErrorIllegalAddress, "c", "f", 1).code(),
            absl::StatusCode::kInternal);
}

TEST(DeviceTest, AvailabilityIsAStatusNotACrash) {
  absl::Status s = GpuAvailable();
  if (!s.ok()) {
    EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
    EXPECT_FALSE(s.message().empty());
  }
  EXPECT_FALSE(DescribeGpu().empty());
}

TEST(ExampleIotaTest, ValidatesArgumentsWithoutGpu) {
  EXPECT_EQ(IotaU32OnGpu(nullptr, 5, 0, nullptr).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(IotaU32OnGpu(nullptr, -1, 0, nullptr).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(IotaU32OnGpu(nullptr, 0, 0, nullptr).ok());
}

TEST(ExampleIotaTest, StubBuildSaysUnavailable) {
  if (GpuBuildEnabled()) GTEST_SKIP() << "GPU build";
  uint32_t fake = 0;
  absl::Status s = IotaU32OnGpu(&fake, 1, 0, nullptr);
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_TRUE(absl::StartsWith(s.message(), "built without GPU support")) << s;
}

TEST(ExampleIotaTest, FillsOnStream) {
  MXFP4_SKIP_IF_NO_GPU();
  for (int64_t n : {1, 255, 256, 257, 100000, 20000000}) {
    absl::StatusOr<DeviceBuffer> buffer = DeviceBuffer::Allocate(n * sizeof(uint32_t));
    ASSERT_TRUE(buffer.ok()) << buffer.status();
    ASSERT_TRUE(buffer->Fill(0xAB).ok());
    absl::StatusOr<DeviceStream> stream = DeviceStream::Create();
    ASSERT_TRUE(stream.ok()) << stream.status();
    const uint32_t start = 0xFFFFFF00u;  // wraps around: unsigned arithmetic
    ASSERT_TRUE(IotaU32OnGpu(buffer->as<uint32_t>(), n, start, stream->get()).ok());
    ASSERT_TRUE(stream->Synchronize().ok());
    std::vector<uint32_t> host(n);
    ASSERT_TRUE(buffer->CopyToHost(host.data(), n * sizeof(uint32_t)).ok());
    for (int64_t i = 0; i < n; ++i) {
      ASSERT_EQ(host[i], start + static_cast<uint32_t>(i)) << "n=" << n << " i=" << i;
    }
  }
}

TEST(DeviceTest, EventsTimeAStream) {
  MXFP4_SKIP_IF_NO_GPU();
  hipEvent_t start = nullptr, stop = nullptr;
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipEventCreate(&start)).ok());
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipEventCreate(&stop)).ok());
  absl::StatusOr<DeviceBuffer> buffer = DeviceBuffer::Allocate(1 << 20);
  ASSERT_TRUE(buffer.ok());
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipEventRecord(start, nullptr)).ok());
  ASSERT_TRUE(IotaU32OnGpu(buffer->as<uint32_t>(), (1 << 20) / 4, 0, nullptr).ok());
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipEventRecord(stop, nullptr)).ok());
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipEventSynchronize(stop)).ok());
  float ms = -1;
  ASSERT_TRUE(MXFP4_HIP_STATUS(hipEventElapsedTime(&ms, start, stop)).ok());
  EXPECT_GE(ms, 0.0f);
  EXPECT_TRUE(MXFP4_HIP_STATUS(hipEventDestroy(start)).ok());
  EXPECT_TRUE(MXFP4_HIP_STATUS(hipEventDestroy(stop)).ok());
}

TEST(DeviceTest, OutOfRangeCopyIsInvalidArgument) {
  MXFP4_SKIP_IF_NO_GPU();
  absl::StatusOr<DeviceBuffer> buffer = DeviceBuffer::Allocate(16);
  ASSERT_TRUE(buffer.ok());
  std::vector<uint8_t> host(32);
  EXPECT_EQ(buffer->CopyFromHost(host.data(), 32).code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace mxfp4::gpu
