// File: mxfp4/gpu/gemm/per_device_once_test.cc
//
// PerDeviceOnce: a step done on one device is done there only; devices
// beyond the remembered range (and negative ones) are never done; marking
// from several threads at once loses no device.

#include "mxfp4/gpu/gemm/internal/per_device_once.h"

#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

TEST(PerDeviceOnce, EachDeviceOnItsOwn) {
  PerDeviceOnce once;
  for (int d = 0; d < PerDeviceOnce::kRememberedDevices; ++d) EXPECT_FALSE(once.Done(d)) << d;
  once.MarkDone(1);
  EXPECT_TRUE(once.Done(1));
  EXPECT_FALSE(once.Done(0));
  EXPECT_FALSE(once.Done(2));
  once.MarkDone(63);
  EXPECT_TRUE(once.Done(63));
  EXPECT_TRUE(once.Done(1));
  EXPECT_FALSE(once.Done(62));
}

TEST(PerDeviceOnce, DevicesBeyondTheRangeAreNeverDone) {
  PerDeviceOnce once;
  for (int d : {64, 65, 1000, -1}) {
    once.MarkDone(d);
    EXPECT_FALSE(once.Done(d)) << d;
  }
  for (int d = 0; d < PerDeviceOnce::kRememberedDevices; ++d) EXPECT_FALSE(once.Done(d)) << d;
}

TEST(PerDeviceOnce, ConcurrentMarksAllStick) {
  PerDeviceOnce once;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&once, t] {
      for (int d = t; d < PerDeviceOnce::kRememberedDevices; d += 8) once.MarkDone(d);
    });
  }
  for (std::thread& t : threads) t.join();
  for (int d = 0; d < PerDeviceOnce::kRememberedDevices; ++d) EXPECT_TRUE(once.Done(d)) << d;
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
