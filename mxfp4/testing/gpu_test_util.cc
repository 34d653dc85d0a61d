// File: mxfp4/testing/gpu_test_util.cc
//
// See gpu_test_util.h.

#include "mxfp4/testing/gpu_test_util.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "mxfp4/gpu/platform/device.h"

namespace mxfp4::testing {

bool GpuRequired() {
  const char* value = std::getenv("MXFP4_REQUIRE_GPU");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

absl::Status GpuForTest() {
  static const absl::Status* const status = [] {
    auto* s = new absl::Status(gpu::GpuAvailable());
    std::fprintf(stderr, "[mxfp4] GPU: %s\n", gpu::DescribeGpu().c_str());
    return s;
  }();
  return *status;
}

}  // namespace mxfp4::testing
