// File: mxfp4/tools/cli/gpu_gemm.cc
//
// Device buffers, calls and timing of the GPU GEMM for the `mxfp4` tool
// (see gpu_gemm.h).

#include "mxfp4/tools/cli/gpu_gemm.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/device.h"
#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::cli {
namespace {

// Bytes written between timed calls to evict B from L2 (the contest flushed
// L2 before each call): twice the L2 size, at least 64 MiB.
int64_t FlushBytes() {
  absl::StatusOr<gpu::GpuDeviceInfo> info = gpu::GetGpuDeviceInfo(0);
  const int64_t l2 = info.ok() ? info->l2_cache_bytes : 0;
  return std::max<int64_t>(2 * l2, int64_t{64} << 20);
}

// Owns a pair of events; destroyed on every path.
class EventPair {
 public:
  ~EventPair() {
    if (start_ != nullptr) (void)hipEventDestroy(start_);
    if (stop_ != nullptr) (void)hipEventDestroy(stop_);
  }
  absl::Status Create() {
    MXFP4_HIP_RETURN_IF_ERROR(hipEventCreate(&start_));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventCreate(&stop_));
    return absl::OkStatus();
  }
  hipEvent_t start() const { return start_; }
  hipEvent_t stop() const { return stop_; }

 private:
  hipEvent_t start_ = nullptr;
  hipEvent_t stop_ = nullptr;
};

}  // namespace

std::string GpuGemmUnavailableReason() {
  if (!gpu::GpuBuildEnabled()) {
    return "this binary was built without GPU support (build it where nvcc is installed to get "
           "the GPU GEMM)";
  }
  // GpuAvailable()'s message already says what is missing ("no GPU device
  // found", "no usable GPU driver: ...").
  if (absl::Status s = gpu::GpuAvailable(); !s.ok()) return std::string(s.message());
  return "";
}

std::string GpuDescription() { return gpu::DescribeGpu(); }

absl::StatusOr<gpu::GemmPlan> PlanGpuGemm(const Mxfp4Matrix& b, int64_t m,
                                          const gpu::GemmOptions& options) {
  // PlanGemm reads shapes, layouts and sizes only; no device pointers needed.
  const gpu::Mxfp4Weight weight{nullptr,
                                nullptr,
                                b.shape.rows,
                                b.shape.k,
                                b.data_layout,
                                b.scale_layout,
                                static_cast<int64_t>(b.data.size()),
                                static_cast<int64_t>(b.scales.size()),
                                {}};
  return gpu::PlanGemm(m, weight, options);
}

absl::StatusOr<std::unique_ptr<GpuGemmSession>> GpuGemmSession::Create(
    const Mxfp4Matrix& b, int64_t max_m, const gpu::GemmOptions& options) {
  std::unique_ptr<GpuGemmSession> s(new GpuGemmSession());
  s->options_ = options;
  s->max_m_ = max_m;
  const int64_t n = b.shape.rows, k = b.shape.k;
  absl::StatusOr<gpu::DeviceBuffer> buffer = gpu::DeviceBuffer::Allocate(b.data.size());
  if (!buffer.ok()) return buffer.status();
  s->b_data_ = *std::move(buffer);
  if (absl::Status st = s->b_data_.CopyFromHost(b.data.data(), b.data.size()); !st.ok()) return st;
  buffer = gpu::DeviceBuffer::Allocate(b.scales.size());
  if (!buffer.ok()) return buffer.status();
  s->b_scales_ = *std::move(buffer);
  if (absl::Status st = s->b_scales_.CopyFromHost(b.scales.data(), b.scales.size()); !st.ok()) {
    return st;
  }
  s->weight_ = gpu::Mxfp4Weight{s->b_data_.as<uint8_t>(),
                                s->b_scales_.as<uint8_t>(),
                                n,
                                k,
                                b.data_layout,
                                b.scale_layout,
                                static_cast<int64_t>(b.data.size()),
                                static_cast<int64_t>(b.scales.size()),
                                {}};
  // C is sized for fp32, the larger output type.
  buffer = gpu::DeviceBuffer::Allocate(max_m * k * sizeof(uint16_t));
  if (!buffer.ok()) return buffer.status();
  s->a_ = *std::move(buffer);
  buffer = gpu::DeviceBuffer::Allocate(max_m * n * sizeof(float));
  if (!buffer.ok()) return buffer.status();
  s->c_ = *std::move(buffer);
  absl::StatusOr<size_t> ws = gpu::GemmWorkspaceSize(max_m, s->weight_, options);
  if (!ws.ok()) return ws.status();
  buffer = gpu::DeviceBuffer::Allocate(*ws);
  if (!buffer.ok()) return buffer.status();
  s->workspace_ = *std::move(buffer);
  absl::StatusOr<gpu::DeviceStream> stream = gpu::DeviceStream::Create();
  if (!stream.ok()) return stream.status();
  s->stream_ = *std::move(stream);
  return s;
}

absl::StatusOr<gpu::GemmPlan> GpuGemmSession::Plan(int64_t m) const {
  return gpu::PlanGemm(m, weight_, options_);
}

absl::Status GpuGemmSession::Multiply(absl::Span<const uint16_t> a, int64_t m,
                                      gpu::GemmOutputType type, void* c_host) {
  if (m < 0 || m > max_m_ || static_cast<int64_t>(a.size()) != m * weight_.k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "GpuGemmSession::Multiply: expected A of %d x %d (m <= %d), found m=%d and %d values", m,
        weight_.k, max_m_, m, a.size()));
  }
  MXFP4_GPU_RETURN_IF_ERROR(a_.CopyFromHost(a.data(), a.size() * sizeof(uint16_t)));
  const gpu::GemmArgs args{a_.as<uint16_t>(), m, weight_.k, weight_, c_.get(), type};
  MXFP4_GPU_RETURN_IF_ERROR(gpu::Gemm(
      args, stream_.get(), gpu::GemmWorkspace{workspace_.get(), workspace_.size()}, options_));
  MXFP4_GPU_RETURN_IF_ERROR(stream_.Synchronize());
  const size_t item = type == gpu::GemmOutputType::kFp32 ? sizeof(float) : sizeof(uint16_t);
  return c_.CopyToHost(c_host, m * weight_.n * item);
}

absl::StatusOr<double> GpuGemmSession::TimeCalls(int64_t m, int calls) {
  if (calls < 1) return absl::InvalidArgumentError("GpuGemmSession::TimeCalls: calls must be >= 1");
  if (flush_.size() == 0) {
    absl::StatusOr<gpu::DeviceBuffer> buffer = gpu::DeviceBuffer::Allocate(FlushBytes());
    if (!buffer.ok()) return buffer.status();
    flush_ = *std::move(buffer);
  }
  const gpu::GemmArgs args{a_.as<uint16_t>(), m,        weight_.k,
                           weight_,           c_.get(), gpu::GemmOutputType::kBf16};
  const gpu::GemmWorkspace ws{workspace_.get(), workspace_.size()};
  EventPair events;
  MXFP4_GPU_RETURN_IF_ERROR(events.Create());
  std::vector<double> seconds;
  seconds.reserve(calls);
  for (int i = 0; i < calls; ++i) {
    MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(flush_.get(), i & 0xFF, flush_.size(), stream_.get()));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(events.start(), stream_.get()));
    MXFP4_GPU_RETURN_IF_ERROR(gpu::Gemm(args, stream_.get(), ws, options_));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(events.stop(), stream_.get()));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventSynchronize(events.stop()));
    float ms = 0.0f;
    MXFP4_HIP_RETURN_IF_ERROR(hipEventElapsedTime(&ms, events.start(), events.stop()));
    seconds.push_back(ms * 1e-3);
  }
  std::nth_element(seconds.begin(), seconds.begin() + seconds.size() / 2, seconds.end());
  return seconds[seconds.size() / 2];
}

}  // namespace mxfp4::cli
