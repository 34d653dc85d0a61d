// File: mxfp4/gpu/gemm/internal/per_device_once.h
//
// PerDeviceOnce: the devices on which a one-time step has been done, for
// steps whose effect belongs to one device's context: a kernel's
// shared-memory opt-in (cudaFuncSetAttribute sets the attribute of the
// kernel in the current device's context only, so a process-wide "done"
// flag left every later device without it, and launches there beyond 48 KB
// of shared memory failed: a process driving several GPUs, e.g. tensor
// parallel inference). Devices 0..63 are remembered; beyond them the step
// runs on every call (correct, only slower). Thread-safe; doing a step twice
// on one device is harmless, so two threads may race to do it.
// Host only, no CUDA dependency (tested on the CPU: per_device_once_test).

#ifndef MXFP4_GPU_GEMM_INTERNAL_PER_DEVICE_ONCE_H_
#define MXFP4_GPU_GEMM_INTERNAL_PER_DEVICE_ONCE_H_

#include <atomic>
#include <cstdint>

namespace mxfp4::gpu::gemm_internal {

class PerDeviceOnce {
 public:
  static constexpr int kRememberedDevices = 64;

  bool Done(int device) const {
    const uint64_t bit = Bit(device);
    return bit != 0u && (done_.load(std::memory_order_acquire) & bit) != 0u;
  }
  void MarkDone(int device) { done_.fetch_or(Bit(device), std::memory_order_release); }

 private:
  static uint64_t Bit(int device) {
    return device >= 0 && device < kRememberedDevices ? uint64_t{1} << device : 0u;
  }
  std::atomic<uint64_t> done_{0};
};

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_PER_DEVICE_ONCE_H_
