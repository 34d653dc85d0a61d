// File: mxfp4/testing/gpu_test_util.h
//
// Skip-or-fail policy for GPU tests (ruy-style guard against silent skips):
//  - no usable GPU (CI, stub build, no driver): the test is skipped with
//    GTEST_SKIP() and the reason;
//  - but when MXFP4_REQUIRE_GPU=1 (set by tools/device/run_all.sh on the GPU
//    machine) the same situation is a test failure, so a device run can never
//    pass by skipping everything.
//
// Example:
//   TEST(QuantizeGpuTest, Basic) {
//     MXFP4_SKIP_IF_NO_GPU();
//     ...
//   }

#ifndef MXFP4_TESTING_GPU_TEST_UTIL_H_
#define MXFP4_TESTING_GPU_TEST_UTIL_H_

#include "absl/status/status.h"
#include "gtest/gtest.h"

namespace mxfp4::testing {

// GpuRequired(): true when the environment variable MXFP4_REQUIRE_GPU is "1".
bool GpuRequired();

// GpuForTest(): OkStatus if GPU tests can run; else the reason, with a hint
// about MXFP4_REQUIRE_GPU. Prints the device once per process.
absl::Status GpuForTest();

}  // namespace mxfp4::testing

// MXFP4_SKIP_IF_NO_GPU()
// In a TEST body (or a fixture's SetUp): returns early with a skip, or fails
// if MXFP4_REQUIRE_GPU=1.
#define MXFP4_SKIP_IF_NO_GPU()                                                          \
  do {                                                                                  \
    const ::absl::Status mxfp4_gpu_for_test_ = ::mxfp4::testing::GpuForTest();          \
    if (!mxfp4_gpu_for_test_.ok()) {                                                    \
      if (::mxfp4::testing::GpuRequired()) {                                            \
        GTEST_FAIL() << "MXFP4_REQUIRE_GPU=1 but no GPU: " << mxfp4_gpu_for_test_;      \
      } else {                                                                          \
        GTEST_SKIP() << "no GPU, skipping (set MXFP4_REQUIRE_GPU=1 to fail instead): " \
                     << mxfp4_gpu_for_test_.message();                                  \
      }                                                                                 \
    }                                                                                   \
  } while (0)

#endif  // MXFP4_TESTING_GPU_TEST_UTIL_H_
