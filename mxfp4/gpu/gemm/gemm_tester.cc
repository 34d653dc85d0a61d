// File: mxfp4/gpu/gemm/gemm_tester.cc
//
// GemmTester (see gemm_tester.h): inputs, GPU run, emulator references,
// comparisons and diagnosis.

#include "mxfp4/gpu/gemm/gemm_tester.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <random>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/error_report.h"
#include "mxfp4/emu/gemm_test_util.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/gpu/gemm/internal/test_kernels.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/plan_k_split.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::gpu::testing {
namespace {

std::atomic<int> g_bit_exact_runs[4];

int PathIndex(GemmPath path) { return static_cast<int>(path) & 3; }

std::vector<uint16_t> MakeA(int64_t m, int64_t k, AInput input, std::mt19937_64& rng) {
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-133, 125);
  static constexpr uint16_t kSpecials[] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0,
                                           0x0001, 0x8001, 0x7F7F, 0xFF7F, 0x0080};
  std::vector<uint16_t> a(static_cast<size_t>(m * k));
  if (input == AInput::kUnderflowingTerms) return ::mxfp4::testing::UnderflowingTermsA(m, k);
  for (int64_t r = 0; r < m; ++r) {
    for (int64_t g = 0; g < k / 32; ++g) {
      const int e = input == AInput::kWideExponent ? exponent(rng)
                    : input == AInput::kFoldEdges  ? (rng() % 2 == 0 ? -11 : 14)
                    : input == AInput::kFoldHigh   ? 6
                    : input == AInput::kOneWideRow && r == m - 1 ? (g % 2 == 0 ? -8 : 8)
                                                                 : 0;
      const bool zero_block = input == AInput::kZeroBlocks && (r == 1 || (g + r) % 4 == 0);
      for (int i = 0; i < 32; ++i) {
        const double x =
            zero_block ? 0.0 : std::ldexp(static_cast<double>(normal(rng)), e);
        uint16_t bits = FloatToBf16(static_cast<float>(x));
        if (input == AInput::kSpecialValues && rng() % 64 == 0) {
          bits = kSpecials[rng() % (sizeof(kSpecials) / sizeof(kSpecials[0]))];
        }
        a[static_cast<size_t>(r * k + g * 32 + i)] = bits;
      }
    }
  }
  return a;
}

uint8_t RandomScaleByte(BInput input, std::mt19937_64& rng) {
  switch (input) {
    case BInput::kWideScales:
      return static_cast<uint8_t>(rng() % 255);
    case BInput::kExtremeScales: {
      const uint64_t r = rng() % 8;
      if (r < 3) return 0x00;
      if (r < 6) return 0xFE;
      if (r < 7) return 0x7F;
      return static_cast<uint8_t>(rng() % 255);
    }
    case BInput::kNanScales:
      return rng() % 50 == 0 ? 0xFF : static_cast<uint8_t>(rng() % 255);
    case BInput::kFoldRangeScales:
    case BInput::kFoldRangeLastExtreme: {
      const uint64_t r = rng() % 4;
      if (r == 0) return 0x00;
      if (r == 1) return 240;
      return static_cast<uint8_t>(rng() % 241);
    }
    default:
      return 127;
  }
}

absl::StatusOr<Mxfp4Matrix> MakeB(int64_t n, int64_t k, BInput input, std::mt19937_64& rng) {
  if (input == BInput::kNormal) {
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> w(static_cast<size_t>(n * k));
    for (float& x : w) x = normal(rng);
    return QuantizeFloat(w, n, k, QuantizeOptions{});
  }
  if (input == BInput::kUnderflowingTerms) return ::mxfp4::testing::UnderflowingTermsB(n, k, rng);
  Mxfp4Matrix b;
  b.shape = Mxfp4Shape{n, k};
  b.data.resize(static_cast<size_t>(n * (k / 2)));
  for (uint8_t& byte : b.data) byte = static_cast<uint8_t>(rng());
  b.scales.resize(static_cast<size_t>(n * (k / 32)));
  for (uint8_t& s : b.scales) s = RandomScaleByte(input, rng);
  if (input == BInput::kFoldRangeLastExtreme) {
    // The last block of the last row: zero codes (P = 0) and scale 2^127.
    // With an activation scale >= 2 the contract's s = fl(sa * sb) overflows
    // and fmaf(0, inf, acc) is NaN, which the fast form (acc unchanged)
    // would miss.
    b.scales.back() = 0xFE;
    std::fill(b.data.end() - 16, b.data.end(), uint8_t{0});
  }
  return b;
}

// The weight's prepared copy made on the device (into buffers poisoned
// first) and checked bit for bit against the host image.
absl::StatusOr<PreparedWeightBuffer> PrepareAndCheck(const Mxfp4Weight& w,
                                                     const Mxfp4Matrix& natural,
                                                     hipStream_t stream) {
  absl::StatusOr<PreparedWeightBuffer> out = PreparedWeightBuffer::Allocate(w.n, w.k);
  if (!out.ok()) return out.status();
  const PreparedWeight view = out->view();
  MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(out->data(), 0xAB, view.data_bytes, stream));
  MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(out->scales(), 0xAB, view.scale_bytes, stream));
  if (absl::Status s = PrepareWeight(w, *out, stream); !s.ok()) return s;
  MXFP4_HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  std::vector<uint8_t> data(static_cast<size_t>(view.data_bytes));
  std::vector<float> scales(static_cast<size_t>(view.scale_bytes / 4));
  MXFP4_HIP_RETURN_IF_ERROR(
      hipMemcpy(data.data(), out->data(), data.size(), hipMemcpyDeviceToHost));
  MXFP4_HIP_RETURN_IF_ERROR(
      hipMemcpy(scales.data(), out->scales(), view.scale_bytes, hipMemcpyDeviceToHost));
  absl::StatusOr<Mxfp4View> natural_view = natural.view();
  if (!natural_view.ok()) return natural_view.status();
  absl::StatusOr<PreparedWeightImage> host = PrepareWeightImage(*natural_view);
  if (!host.ok()) return host.status();
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] != host->data[i]) {
      return absl::InternalError(absl::StrFormat(
          "PrepareWeight: data byte %d is 0x%02x, the host image has 0x%02x", i, data[i],
          host->data[i]));
    }
  }
  for (size_t i = 0; i < scales.size(); ++i) {
    if (FloatBits(scales[i]) != FloatBits(host->scales[i])) {
      return absl::InternalError(absl::StrFormat(
          "PrepareWeight: scale %d has bits 0x%08x, the host image 0x%08x", i,
          FloatBits(scales[i]), FloatBits(host->scales[i])));
    }
  }
  return out;
}

// The weight's int8 prepared copy made on the device (into buffers poisoned
// first) and checked byte for byte against the host image.
absl::StatusOr<PreparedWeightBuffer> PrepareInt8AndCheck(const Mxfp4Weight& w,
                                                         const Mxfp4Matrix& natural,
                                                         hipStream_t stream) {
  absl::StatusOr<PreparedWeightBuffer> out =
      PreparedWeightBuffer::Allocate(w.n, w.k, PreparedFormat::kInt8);
  if (!out.ok()) return out.status();
  const PreparedWeight view = out->view();
  MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(out->data(), 0xAB, view.data_bytes, stream));
  MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(out->row_info(), 0xAB, view.row_info_bytes, stream));
  if (absl::Status s = PrepareWeight(w, *out, stream); !s.ok()) return s;
  MXFP4_HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  std::vector<uint8_t> data(static_cast<size_t>(view.data_bytes));
  std::vector<uint32_t> info(static_cast<size_t>(view.row_info_bytes / 4));
  MXFP4_HIP_RETURN_IF_ERROR(
      hipMemcpy(data.data(), out->data(), data.size(), hipMemcpyDeviceToHost));
  MXFP4_HIP_RETURN_IF_ERROR(
      hipMemcpy(info.data(), out->row_info(), view.row_info_bytes, hipMemcpyDeviceToHost));
  absl::StatusOr<Mxfp4View> natural_view = natural.view();
  if (!natural_view.ok()) return natural_view.status();
  absl::StatusOr<PreparedInt8Image> host = PrepareWeightInt8Image(*natural_view);
  if (!host.ok()) return host.status();
  if (host->data != data || host->row_info != info) {
    for (size_t i = 0; i < info.size(); ++i) {
      if (info[i] != host->row_info[i]) {
        return absl::InternalError(absl::StrFormat(
            "PrepareWeight (int8): row_info[%d] is 0x%08x, the host image has 0x%08x", i, info[i],
            host->row_info[i]));
      }
    }
    for (size_t i = 0; i < data.size(); ++i) {
      if (data[i] != host->data[i]) {
        return absl::InternalError(absl::StrFormat(
            "PrepareWeight (int8): data byte %d is 0x%02x, the host image has 0x%02x", i, data[i],
            host->data[i]));
      }
    }
  }
  return out;
}

// Everything that lives on the device for one problem.
struct DeviceProblem {
  DeviceStream stream;
  DeviceBuffer a, b_data, b_scales, c, workspace;
  size_t c_bytes = 0;
  // WeightsWrittenLate: other weights to put in b_data / b_scales before each
  // call, and the real ones the late writer copies over them.
  bool weights_written_late = false;
  DeviceBuffer stale_data, stale_scales, real_data, real_scales;
};

// How long the late writer waits before it writes the weights: far longer
// than any GEMM's prologue.
constexpr uint64_t kLateWeightsDelayNs = 50000;

// A device buffer holding a copy of `bytes` host bytes.
absl::StatusOr<DeviceBuffer> Upload(const void* host, size_t bytes) {
  absl::StatusOr<DeviceBuffer> buf = DeviceBuffer::Allocate(bytes);
  if (!buf.ok()) return buf.status();
  if (absl::Status s = buf->CopyFromHost(host, bytes); !s.ok()) return s;
  return buf;
}

absl::Status Enqueue(const GemmArgs& args, const GemmWorkspace& ws, const GemmOptions& options,
                     hipStream_t stream, bool use_graph) {
  if (!use_graph) return Gemm(args, stream, ws, options);
  // Global mode, the strictest and PyTorch's default (torch.cuda.graph's
  // capture_error_mode): any call that may not be made during a capture
  // fails the capture. Where a graph case is a kernel's first use in the
  // process, its one-time shared-memory opt-in happens inside the capture.
  MXFP4_HIP_RETURN_IF_ERROR(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  const absl::Status s = Gemm(args, stream, ws, options);
  hipGraph_t graph = nullptr;
  const hipError_t end = hipStreamEndCapture(stream, &graph);
  if (!s.ok()) {
    if (graph != nullptr) (void)hipGraphDestroy(graph);
    return s;
  }
  MXFP4_HIP_RETURN_IF_ERROR(end);
  hipGraphExec_t exec = nullptr;
  const hipError_t inst = hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
  (void)hipGraphDestroy(graph);
  MXFP4_HIP_RETURN_IF_ERROR(inst);
  const hipError_t launch = hipGraphLaunch(exec, stream);
  const hipError_t sync = hipStreamSynchronize(stream);
  (void)hipGraphExecDestroy(exec);
  MXFP4_HIP_RETURN_IF_ERROR(launch);
  MXFP4_HIP_RETURN_IF_ERROR(sync);
  return absl::OkStatus();
}

// Poison C, run once, copy C back to `out` (c_bytes bytes).
absl::Status RunOnce(DeviceProblem& d, const GemmArgs& args, const GemmOptions& options,
                     bool use_graph, uint8_t poison, std::vector<uint8_t>& out) {
  MXFP4_HIP_RETURN_IF_ERROR(hipMemsetAsync(d.c.get(), poison, d.c_bytes, d.stream.get()));
  if (d.weights_written_late) {
    MXFP4_HIP_RETURN_IF_ERROR(hipMemcpyAsync(d.b_data.get(), d.stale_data.get(), d.b_data.size(),
                                             hipMemcpyDeviceToDevice, d.stream.get()));
    MXFP4_HIP_RETURN_IF_ERROR(hipMemcpyAsync(d.b_scales.get(), d.stale_scales.get(),
                                             d.b_scales.size(), hipMemcpyDeviceToDevice,
                                             d.stream.get()));
    MXFP4_HIP_RETURN_IF_ERROR(gemm_internal::LaunchLateCopyReleasingEarly(
        d.b_data.get(), d.real_data.get(), d.b_data.size(), d.b_scales.get(),
        d.real_scales.get(), d.b_scales.size(), kLateWeightsDelayNs, d.stream.get()));
  }
  const GemmWorkspace ws{d.workspace.get(), d.workspace.size()};
  if (absl::Status s = Enqueue(args, ws, options, d.stream.get(), use_graph); !s.ok()) return s;
  MXFP4_HIP_RETURN_IF_ERROR(hipGetLastError());
  if (absl::Status s = d.stream.Synchronize(); !s.ok()) return s;
  out.resize(d.c_bytes);
  return d.c.CopyToHost(out.data(), d.c_bytes);
}

#define TESTER_ASSIGN_OR_FAIL(lhs, expr)                                        \
  auto lhs##_or = (expr);                                                       \
  if (!lhs##_or.ok()) {                                                         \
    return ::testing::AssertionFailure() << Describe() << ": " << #expr << ": " \
                                         << lhs##_or.status();                  \
  }                                                                             \
  auto lhs = std::move(*lhs##_or)

#define TESTER_RETURN_IF_ERROR(expr)                                                             \
  do {                                                                                           \
    const absl::Status tester_status_ = (expr);                                                  \
    if (!tester_status_.ok()) {                                                                  \
      return ::testing::AssertionFailure() << Describe() << ": " << #expr << ": "                \
                                           << tester_status_;                                    \
    }                                                                                            \
  } while (0)

}  // namespace

const char* AInputName(AInput input) {
  switch (input) {
    case AInput::kNormal: return "normal";
    case AInput::kWideExponent: return "wide_exponent";
    case AInput::kOneWideRow: return "one_wide_row";
    case AInput::kZeroBlocks: return "zero_blocks";
    case AInput::kSpecialValues: return "special_values";
    case AInput::kFoldEdges: return "fold_edges";
    case AInput::kFoldHigh: return "fold_high";
    case AInput::kUnderflowingTerms: return "underflowing_terms";
  }
  return "?";
}

const char* BInputName(BInput input) {
  switch (input) {
    case BInput::kNormal: return "normal";
    case BInput::kWideScales: return "wide_scales";
    case BInput::kExtremeScales: return "extreme_scales";
    case BInput::kNanScales: return "nan_scales";
    case BInput::kFoldRangeScales: return "fold_range_scales";
    case BInput::kFoldRangeLastExtreme: return "fold_range_last_extreme";
    case BInput::kUnderflowingTerms: return "underflowing_terms";
  }
  return "?";
}

std::string GemmTester::Describe() const {
  return absl::StrFormat(
      "M=%d N=%d K=%d seed=%d path=%s split_k=%d grid_split_k=%d tile=%s B=%s/%s out=%s A=%s "
      "B=%s%s%s%s%s%s%s%s",
      m_, n_, k_, seed_, GemmPathName(options_.path), options_.split_k, options_.grid_split_k,
      options_.tile.empty() ? "auto" : options_.tile, DataLayoutName(data_layout_),
      ScaleLayoutName(scale_layout_), output_ == GemmOutputType::kBf16 ? "bf16" : "fp32",
      AInputName(a_input_), BInputName(b_input_), use_graph_ ? " graph" : "",
      weights_written_late_ ? " weights_written_late" : "",
      prepared_int8_ ? " prepared_int8" : (prepared_ ? " prepared" : ""),
      options_.weight_staging == WeightStaging::kAlways  ? " staging=always"
      : options_.weight_staging == WeightStaging::kNever ? " staging=never"
                                                         : "",
      options_.staging_format == StagingFormat::kInt8 ? "(int8)" : "",
      options_.cold_weights ? " cold_weights" : "",
      options_.persistent_grid ? "" : " persistent_grid=off");
}

::testing::AssertionResult GemmTester::Run() const {
  std::mt19937_64 rng(seed_);
  const std::vector<uint16_t> a_host = MakeA(m_, k_, a_input_, rng);
  TESTER_ASSIGN_OR_FAIL(b_natural, MakeB(n_, k_, b_input_, rng));
  TESTER_ASSIGN_OR_FAIL(b_device_layout, b_natural.ToLayout(data_layout_, scale_layout_));

  DeviceProblem d;
  TESTER_ASSIGN_OR_FAIL(stream, DeviceStream::Create());
  d.stream = std::move(stream);
  const bool fp32 = output_ == GemmOutputType::kFp32;
  d.c_bytes = static_cast<size_t>(m_ * n_) * (fp32 ? 4 : 2);
  TESTER_ASSIGN_OR_FAIL(a_buf, Upload(a_host.data(), a_host.size() * 2));
  TESTER_ASSIGN_OR_FAIL(bd_buf, Upload(b_device_layout.data.data(), b_device_layout.data.size()));
  TESTER_ASSIGN_OR_FAIL(bs_buf,
                        Upload(b_device_layout.scales.data(), b_device_layout.scales.size()));
  TESTER_ASSIGN_OR_FAIL(c_buf, DeviceBuffer::Allocate(d.c_bytes));
  d.a = std::move(a_buf);
  d.b_data = std::move(bd_buf);
  d.b_scales = std::move(bs_buf);
  d.c = std::move(c_buf);
  if (weights_written_late_) {
    if (use_graph_ || b_device_layout.data.size() % 16 != 0 ||
        b_device_layout.scales.size() % 16 != 0) {
      return ::testing::AssertionFailure()
             << Describe() << ": WeightsWrittenLate needs no graph and 16-byte multiples";
    }
    // Other weights (the next seed's) until the late writer replaces them.
    std::mt19937_64 stale_rng(seed_ + 0x5EED);
    TESTER_ASSIGN_OR_FAIL(stale_natural, MakeB(n_, k_, b_input_, stale_rng));
    TESTER_ASSIGN_OR_FAIL(stale, stale_natural.ToLayout(data_layout_, scale_layout_));
    d.weights_written_late = true;
    TESTER_ASSIGN_OR_FAIL(sd, Upload(stale.data.data(), stale.data.size()));
    TESTER_ASSIGN_OR_FAIL(ss, Upload(stale.scales.data(), stale.scales.size()));
    TESTER_ASSIGN_OR_FAIL(rd, Upload(b_device_layout.data.data(), b_device_layout.data.size()));
    TESTER_ASSIGN_OR_FAIL(rs,
                          Upload(b_device_layout.scales.data(), b_device_layout.scales.size()));
    d.stale_data = std::move(sd);
    d.stale_scales = std::move(ss);
    d.real_data = std::move(rd);
    d.real_scales = std::move(rs);
  }

  GemmArgs args;
  args.a = d.a.as<uint16_t>();
  args.m = m_;
  args.k = k_;
  args.b = Mxfp4Weight{d.b_data.as<uint8_t>(),
                       d.b_scales.as<uint8_t>(),
                       n_,
                       k_,
                       data_layout_,
                       scale_layout_,
                       static_cast<int64_t>(b_device_layout.data.size()),
                       static_cast<int64_t>(b_device_layout.scales.size()),
                       {}};
  args.c = d.c.get();
  args.c_type = output_;
  PreparedWeightBuffer prepared;
  if (prepared_) {
    if (weights_written_late_) {
      return ::testing::AssertionFailure() << Describe() << ": Prepared with WeightsWrittenLate";
    }
    TESTER_ASSIGN_OR_FAIL(p, PrepareAndCheck(args.b, b_natural, d.stream.get()));
    prepared = std::move(p);
    args.b.prepared = prepared.view();
  }
  if (prepared_int8_) {
    if (prepared_ || weights_written_late_) {
      return ::testing::AssertionFailure()
             << Describe() << ": PreparedInt8 with Prepared or WeightsWrittenLate";
    }
    TESTER_ASSIGN_OR_FAIL(p, PrepareInt8AndCheck(args.b, b_natural, d.stream.get()));
    prepared = std::move(p);
    args.b.prepared = prepared.view();
  }
  GemmOptions options = options_;
  DeviceBuffer int8_counter;
  const bool counts_int8 = prepared_int8_ || staged_int8_;
  if (counts_int8) {
    TESTER_ASSIGN_OR_FAIL(counter, DeviceBuffer::Allocate(sizeof(uint32_t)));
    int8_counter = std::move(counter);
    TESTER_RETURN_IF_ERROR(int8_counter.Fill(0));
    options.int8_cta_counter = int8_counter.as<uint32_t>();
  }
  TESTER_ASSIGN_OR_FAIL(plan, PlanGemm(m_, args.b, options));
  if (counts_int8 && plan.int8_accumulation != (int8_expect_ != Int8Ctas::kPlanDeclines)) {
    return ::testing::AssertionFailure()
           << Describe() << "\nplan: " << plan.ToString()
           << (plan.int8_accumulation ? "\ntakes integer accumulation"
                                      : "\ndoes not take integer accumulation");
  }
  if (prepared_ && require_prepared_read_ && !plan.reads_prepared_weight) {
    return ::testing::AssertionFailure()
           << Describe() << "\nplan: " << plan.ToString() << "\ndoes not read the prepared copy";
  }
  if (options_.cold_weights && plan.prefetches_weight != expect_prefetch_) {
    return ::testing::AssertionFailure() << Describe() << "\nplan: " << plan.ToString()
                                         << "\nprefetches_weight is not " << expect_prefetch_;
  }
  if (check_persistent_ && (plan.persistent_ctas > 0) != expect_persistent_) {
    return ::testing::AssertionFailure()
           << Describe() << "\nplan: " << plan.ToString()
           << (expect_persistent_ ? "\ndoes not take the persistent grid"
                                  : "\ntakes the persistent grid");
  }
  if (require_staging_ && !plan.stages_weight) {
    return ::testing::AssertionFailure()
           << Describe() << "\nplan: " << plan.ToString() << "\ndoes not stage the weight";
  }
  TESTER_ASSIGN_OR_FAIL(ws_buf, DeviceBuffer::Allocate(plan.workspace_bytes));
  d.workspace = std::move(ws_buf);
  // Poisoned where a call must write what it reads: a staged copy, and a grid
  // split's tile counters (the quantizer zeroes them) and partials.
  if (plan.stages_weight || plan.grid_split_ctas > 1) {
    TESTER_RETURN_IF_ERROR(d.workspace.Fill(0xAB));
  }

  std::vector<uint8_t> gpu;
  TESTER_RETURN_IF_ERROR(RunOnce(d, args, options, use_graph_, 0xAB, gpu));
  if (counts_int8) {
    uint32_t ctas = 0;
    TESTER_RETURN_IF_ERROR(int8_counter.CopyToHost(&ctas, sizeof(ctas)));
    const int64_t grid = plan.grid_ctas;
    const bool as_expected = int8_expect_ == Int8Ctas::kEvery  ? ctas == grid
                             : int8_expect_ == Int8Ctas::kSome ? ctas > 0 && ctas < grid
                             : int8_expect_ == Int8Ctas::kAny  ? ctas > 0
                                                               : ctas == 0;
    if (!as_expected) {
      return ::testing::AssertionFailure()
             << Describe() << "\nplan: " << plan.ToString() << "\n" << ctas << " of " << grid
             << " CTAs accumulated in integers, not as expected";
    }
  }

  // The emulator: EVEN-quantized A, the path's contract and K-split.
  TESTER_ASSIGN_OR_FAIL(a_q, QuantizeBf16(a_host, m_, k_, QuantizeOptions{}));
  TESTER_ASSIGN_OR_FAIL(a_view, a_q.view());
  TESTER_ASSIGN_OR_FAIL(b_view, b_natural.view());
  ::mxfp4::GemmOptions contract;
  contract.contract = Contract::kBlockFma;
  contract.k_split = PlanKSplit(plan);
  const int64_t count = m_ * n_;
  ErrorReport report;
  if (fp32) {
    std::vector<float> ref(static_cast<size_t>(count)), got(static_cast<size_t>(count));
    std::memcpy(got.data(), gpu.data(), gpu.size());
    TESTER_RETURN_IF_ERROR(ReferenceGemm(a_view, b_view, contract, absl::MakeSpan(ref)));
    TESTER_ASSIGN_OR_FAIL(r, CompareFp32(got, ref, m_, n_));
    report = std::move(r);
  } else {
    std::vector<uint16_t> ref(static_cast<size_t>(count)), got(static_cast<size_t>(count));
    std::memcpy(got.data(), gpu.data(), gpu.size());
    TESTER_RETURN_IF_ERROR(ReferenceGemmBf16(a_view, b_view, contract, absl::MakeSpan(ref)));
    TESTER_ASSIGN_OR_FAIL(r, CompareBf16(got, ref, m_, n_));
    report = std::move(r);
  }
  if (!report.bit_exact) {
    ::testing::AssertionResult failure = ::testing::AssertionFailure();
    failure << Describe() << "\nplan: " << plan.ToString()
            << "\nnot bit-exact against the emulator's block_fma contract:\n"
            << report.ToString();
    if (!report.first_mismatches.empty()) {
      const ElementMismatch& e = report.first_mismatches.front();
      absl::StatusOr<std::string> trace =
          ExplainGemmElement(a_view, b_view, contract, e.row, e.col);
      if (trace.ok()) {
        std::string text = *trace;
        if (text.size() > 4000) text = text.substr(0, 4000) + "\n... (trace truncated)";
        failure << "\nemulator trace of (" << e.row << ", " << e.col << "):\n" << text;
      }
    }
    return failure;
  }
  g_bit_exact_runs[PathIndex(plan.path)].fetch_add(1);

  // Determinism: identical bits on every run, whatever the poison.
  for (int r = 1; r < repeats_; ++r) {
    std::vector<uint8_t> again;
    TESTER_RETURN_IF_ERROR(RunOnce(d, args, options, use_graph_, (r & 1) ? 0x5C : 0xAB, again));
    if (again != gpu) {
      size_t first = 0;
      while (first < gpu.size() && gpu[first] == again[first]) ++first;
      return ::testing::AssertionFailure()
             << Describe() << "\nplan: " << plan.ToString() << "\nrun " << r
             << " differs from run 0 at byte " << first << " of " << gpu.size();
    }
  }

  if (check_ideal_) {
    ::mxfp4::GemmOptions ideal;
    ideal.contract = Contract::kIdeal;
    ErrorReport vs_ideal;
    if (fp32) {
      std::vector<float> ref(static_cast<size_t>(count)), got(static_cast<size_t>(count));
      std::memcpy(got.data(), gpu.data(), gpu.size());
      TESTER_RETURN_IF_ERROR(ReferenceGemm(a_view, b_view, ideal, absl::MakeSpan(ref)));
      TESTER_ASSIGN_OR_FAIL(r, CompareFp32(got, ref, m_, n_));
      vs_ideal = std::move(r);
    } else {
      std::vector<uint16_t> ref(static_cast<size_t>(count)), got(static_cast<size_t>(count));
      std::memcpy(got.data(), gpu.data(), gpu.size());
      TESTER_RETURN_IF_ERROR(ReferenceGemmBf16(a_view, b_view, ideal, absl::MakeSpan(ref)));
      TESTER_ASSIGN_OR_FAIL(r, CompareBf16(got, ref, m_, n_));
      vs_ideal = std::move(r);
    }
    std::cout << absl::StrFormat(
                     "[ideal] %s: max_abs=%.3g max_rel=%.3g max_ulp=%d outside_tol=%d "
                     "bit_exact=%d\n",
                     Describe(), vs_ideal.max_abs_error, vs_ideal.max_rel_error,
                     vs_ideal.max_ulp_distance, vs_ideal.num_outside_tolerance,
                     vs_ideal.num_bit_mismatches == 0)
              << std::flush;
    if (!vs_ideal.within_tolerance()) {
      return ::testing::AssertionFailure()
             << Describe() << "\nplan: " << plan.ToString()
             << "\noutside atol=rtol=1e-2 of the ideal result:\n"
             << vs_ideal.ToString();
    }
  }
  return ::testing::AssertionSuccess();
}

bool SmallTestScale() {
  const char* scale = std::getenv("MXFP4_TEST_SCALE");
  return scale != nullptr && std::string(scale) == "small";
}

int BitExactRunsOfPath(GemmPath path) { return g_bit_exact_runs[PathIndex(path)].load(); }

void PathRanGuard::TearDown() {
  if (!::mxfp4::testing::GpuForTest().ok()) return;  // skipped (or failed) for want of a GPU
  if (::testing::GTEST_FLAG(filter) != "*") return;  // a filtered run need not cover everything
  if (BitExactRunsOfPath(path_) == 0) {
    ADD_FAILURE() << "guard: a GPU was usable but path " << GemmPathName(path_)
                  << " completed no bit-exact run: it was skipped or never reached";
  }
}

}  // namespace mxfp4::gpu::testing
