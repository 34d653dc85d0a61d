// File: mxfp4/bench/call_timer.cc
//
// Event timing with an L2 flush, and CUDA-graph replay timing (call_timer.h).

#include "mxfp4/bench/call_timer.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::bench {

const char* TimingModeName(TimingMode mode) {
  switch (mode) {
    case TimingMode::kL2Flushed:
      return "l2flush";
    case TimingMode::kGraphReplay:
      return "graph";
  }
  return "unknown";
}

int64_t L2FlushBytesFor(int64_t l2_bytes) {
  return std::max<int64_t>(2 * l2_bytes, int64_t{128} << 20);
}

absl::StatusOr<L2Flusher> L2Flusher::Create(int64_t bytes) {
  if (bytes <= 0) return absl::InvalidArgumentError(absl::StrCat("flush bytes ", bytes));
  absl::StatusOr<gpu::DeviceBuffer> buffer = gpu::DeviceBuffer::Allocate(bytes);
  if (!buffer.ok()) return buffer.status();
  return L2Flusher(std::move(*buffer));
}

absl::Status L2Flusher::Enqueue(hipStream_t stream) {
  MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(buffer_.get(), next_value_++, buffer_.size(), stream));
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<CallTimer>> CallTimer::Create(TimingMode mode, EnqueueCall enqueue,
                                                             hipStream_t stream, L2Flusher* flusher,
                                                             int max_calls_per_graph,
                                                             int warmup_calls) {
  if (mode == TimingMode::kL2Flushed && flusher == nullptr) {
    return absl::InvalidArgumentError("kL2Flushed timing needs an L2Flusher");
  }
  if (mode != TimingMode::kL2Flushed && mode != TimingMode::kGraphReplay) {
    return absl::InvalidArgumentError("unknown TimingMode");
  }
  if (max_calls_per_graph < 1 || warmup_calls < 0) {
    return absl::InvalidArgumentError("max_calls_per_graph must be >= 1, warmup_calls >= 0");
  }
  if (stream == nullptr) {
    return absl::InvalidArgumentError("CallTimer needs a created stream (graph capture)");
  }
  std::unique_ptr<CallTimer> t(
      new CallTimer(mode, std::move(enqueue), stream, flusher, max_calls_per_graph));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventCreate(&t->start_));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventCreate(&t->stop_));
  for (int i = 0; i < warmup_calls; ++i) MXFP4_GPU_RETURN_IF_ERROR(t->enqueue_(stream));
  MXFP4_HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  if (mode == TimingMode::kGraphReplay) {
    // One timed call sizes the graph.
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(t->start_, stream));
    MXFP4_GPU_RETURN_IF_ERROR(t->enqueue_(stream));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(t->stop_, stream));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventSynchronize(t->stop_));
    float ms = 0;
    MXFP4_HIP_RETURN_IF_ERROR(hipEventElapsedTime(&ms, t->start_, t->stop_));
    const double call_us = std::max(static_cast<double>(ms) * 1e3, 1e-3);
    t->calls_per_graph_ = static_cast<int>(
        std::clamp(kGraphTargetUs / call_us, 1.0, static_cast<double>(max_calls_per_graph)));
    MXFP4_HIP_RETURN_IF_ERROR(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal));
    absl::Status captured = absl::OkStatus();
    for (int i = 0; i < t->calls_per_graph_ && captured.ok(); ++i) captured = t->enqueue_(stream);
    // End the capture even when a call failed, so the stream is usable again.
    const hipError_t end = hipStreamEndCapture(stream, &t->graph_);
    if (!captured.ok()) return captured;
    MXFP4_HIP_RETURN_IF_ERROR(end);
    MXFP4_HIP_RETURN_IF_ERROR(hipGraphInstantiate(&t->graph_exec_, t->graph_, nullptr, nullptr, 0));
    // First replay uploads the graph; keep it out of the measurements.
    MXFP4_HIP_RETURN_IF_ERROR(hipGraphLaunch(t->graph_exec_, stream));
    MXFP4_HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  }
  return t;
}

CallTimer::~CallTimer() {
  if (graph_exec_ != nullptr) (void)hipGraphExecDestroy(graph_exec_);
  if (graph_ != nullptr) (void)hipGraphDestroy(graph_);
  if (stop_ != nullptr) (void)hipEventDestroy(stop_);
  if (start_ != nullptr) (void)hipEventDestroy(start_);
}

absl::StatusOr<double> CallTimer::TimeOnce() {
  int calls = 1;
  if (mode_ == TimingMode::kL2Flushed) {
    MXFP4_GPU_RETURN_IF_ERROR(flusher_->Enqueue(stream_));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(start_, stream_));
    MXFP4_GPU_RETURN_IF_ERROR(enqueue_(stream_));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(stop_, stream_));
  } else {
    calls = calls_per_graph_;
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(start_, stream_));
    MXFP4_HIP_RETURN_IF_ERROR(hipGraphLaunch(graph_exec_, stream_));
    MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(stop_, stream_));
  }
  MXFP4_HIP_RETURN_IF_ERROR(hipEventSynchronize(stop_));
  float ms = 0;
  MXFP4_HIP_RETURN_IF_ERROR(hipEventElapsedTime(&ms, start_, stop_));
  return static_cast<double>(ms) * 1e3 / calls;
}

}  // namespace mxfp4::bench
