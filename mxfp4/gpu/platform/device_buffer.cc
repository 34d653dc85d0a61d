// File: mxfp4/gpu/platform/device_buffer.cc
//
// DeviceBuffer / DeviceStream (see device_buffer.h).

#include "mxfp4/gpu/platform/device_buffer.h"

#include <utility>

#include "absl/strings/str_format.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {

DeviceBuffer::~DeviceBuffer() {
  // A failing hipFree in a destructor cannot be reported; the pointer came
  // from hipMalloc, so it only fails if the context is already broken.
  if (ptr_ != nullptr) (void)hipFree(ptr_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    if (ptr_ != nullptr) (void)hipFree(ptr_);
    ptr_ = std::exchange(other.ptr_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

absl::StatusOr<DeviceBuffer> DeviceBuffer::Allocate(size_t bytes) {
  DeviceBuffer buffer;
  if (bytes == 0) return buffer;
  MXFP4_HIP_RETURN_IF_ERROR(hipMalloc(&buffer.ptr_, bytes));
  buffer.bytes_ = bytes;
  return buffer;
}

absl::Status DeviceBuffer::CopyFromHost(const void* host, size_t bytes) {
  if (bytes > bytes_) {
    return absl::InvalidArgumentError(
        absl::StrFormat("CopyFromHost: %d bytes into a %d-byte device buffer", bytes, bytes_));
  }
  if (bytes == 0) return absl::OkStatus();
  MXFP4_HIP_RETURN_IF_ERROR(hipMemcpy(ptr_, host, bytes, hipMemcpyHostToDevice));
  // hipMemcpy from pageable memory may return before the DMA has landed, and
  // work on non-blocking streams does not wait for it: finish it here.
  MXFP4_HIP_RETURN_IF_ERROR(hipDeviceSynchronize());
  return absl::OkStatus();
}

absl::Status DeviceBuffer::CopyToHost(void* host, size_t bytes) const {
  if (bytes > bytes_) {
    return absl::InvalidArgumentError(
        absl::StrFormat("CopyToHost: %d bytes from a %d-byte device buffer", bytes, bytes_));
  }
  if (bytes == 0) return absl::OkStatus();
  MXFP4_HIP_RETURN_IF_ERROR(hipDeviceSynchronize());  // see CopyFromHost
  MXFP4_HIP_RETURN_IF_ERROR(hipMemcpy(host, ptr_, bytes, hipMemcpyDeviceToHost));
  return absl::OkStatus();
}

absl::Status DeviceBuffer::Fill(uint8_t value) {
  if (bytes_ == 0) return absl::OkStatus();
  MXFP4_HIP_RETURN_IF_ERROR(hipMemset(ptr_, value, bytes_));
  // hipMemset on device memory is asynchronous to the host; non-blocking
  // streams would not wait for it (a poisoned output could be re-poisoned
  // after the kernel wrote it).
  MXFP4_HIP_RETURN_IF_ERROR(hipDeviceSynchronize());
  return absl::OkStatus();
}

DeviceStream::~DeviceStream() {
  if (stream_ != nullptr) (void)hipStreamDestroy(stream_);
}

DeviceStream::DeviceStream(DeviceStream&& other) noexcept
    : stream_(std::exchange(other.stream_, nullptr)) {}

DeviceStream& DeviceStream::operator=(DeviceStream&& other) noexcept {
  if (this != &other) {
    if (stream_ != nullptr) (void)hipStreamDestroy(stream_);
    stream_ = std::exchange(other.stream_, nullptr);
  }
  return *this;
}

absl::StatusOr<DeviceStream> DeviceStream::Create() {
  DeviceStream stream;
  MXFP4_HIP_RETURN_IF_ERROR(hipStreamCreateWithFlags(&stream.stream_, hipStreamNonBlocking));
  return stream;
}

absl::Status DeviceStream::Synchronize() const {
  MXFP4_HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream_));
  return absl::OkStatus();
}

}  // namespace mxfp4::gpu
