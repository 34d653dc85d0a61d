// File: mxfp4/gpu/platform/device_buffer.h
//
// An owning device allocation (RAII around hipMalloc/hipFree) plus typed
// host<->device copies that return absl::Status. For tests, tools and
// per-shape workspaces; hot paths take caller-provided device pointers instead
// (no allocation per call: shared/spec/gpu-design.md).
//
// Example:
//   ASSIGN_OR_RETURN(DeviceBuffer d_x, DeviceBuffer::Allocate(n * sizeof(uint16_t)));
//   MXFP4_GPU_RETURN_IF_ERROR(d_x.CopyFromHost(host.data(), n * sizeof(uint16_t)));

#ifndef MXFP4_GPU_PLATFORM_DEVICE_BUFFER_H_
#define MXFP4_GPU_PLATFORM_DEVICE_BUFFER_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  // Allocate()
  // `bytes` of device memory (hipMalloc: 256-byte aligned). 0 bytes gives an
  // empty buffer with a null pointer.
  static absl::StatusOr<DeviceBuffer> Allocate(size_t bytes);

  void* get() const { return ptr_; }
  template <typename T>
  T* as() const {
    return static_cast<T*>(ptr_);
  }
  size_t size() const { return bytes_; }

  // Copies of `bytes` (<= size()) from the start of the buffer, complete on
  // return with respect to every stream (they synchronize the device: for
  // setup and checks, not for hot paths). hipMemcpy/hipMemset alone are not
  // ordered with work on hipStreamNonBlocking streams such as DeviceStream's.
  absl::Status CopyFromHost(const void* host, size_t bytes);
  absl::Status CopyToHost(void* host, size_t bytes) const;
  // Sets every byte to `value` (e.g. 0xAB to poison outputs before a kernel);
  // complete on return, like the copies.
  absl::Status Fill(uint8_t value);

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

// An owning stream (hipStreamNonBlocking).
class DeviceStream {
 public:
  DeviceStream() = default;
  ~DeviceStream();
  DeviceStream(DeviceStream&& other) noexcept;
  DeviceStream& operator=(DeviceStream&& other) noexcept;
  DeviceStream(const DeviceStream&) = delete;
  DeviceStream& operator=(const DeviceStream&) = delete;

  static absl::StatusOr<DeviceStream> Create();
  hipStream_t get() const { return stream_; }
  absl::Status Synchronize() const;

 private:
  hipStream_t stream_ = nullptr;
};

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_PLATFORM_DEVICE_BUFFER_H_
