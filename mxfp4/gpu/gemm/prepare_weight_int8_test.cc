// File: mxfp4/gpu/gemm/prepare_weight_int8_test.cc
//
// The int8 prepared copy on the device (PrepareWeight with
// PreparedFormat::kInt8, prepare_weight_kernel.cu.cc) against the host
// reference PrepareWeightInt8Image, byte for byte: data and row_info, written
// into buffers poisoned with 0xAB, from seeded weights with the special rows
// of int8_test_weights.h in all four weight layouts, N not a multiple of 64,
// K = 32 x odd (natural data) and 64 x odd (preshuffled), K-blocks past a
// warp's 32 lanes; into a PreparedWeightBuffer and into caller memory.
// Skips without a GPU.

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/int8_test_weights.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::gpu {
namespace {

constexpr uint8_t kPoison = 0xAB;

// The first byte where `got` and `want` differ, described; success if none.
::testing::AssertionResult SameBytes(const std::string& what, const std::vector<uint8_t>& got,
                                     const std::vector<uint8_t>& want) {
  if (got.size() != want.size()) {
    return ::testing::AssertionFailure()
           << what << ": " << got.size() << " bytes, expected " << want.size();
  }
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) {
      int differing = 0;
      for (size_t j = i; j < got.size(); ++j) differing += got[j] != want[j];
      return ::testing::AssertionFailure()
             << what << ": byte " << i << " is 0x" << std::hex << int{got[i]} << ", host 0x"
             << int{want[i]} << std::dec << " (" << differing << " bytes differ)";
    }
  }
  return ::testing::AssertionSuccess();
}

template <typename T>
std::vector<uint8_t> RawBytes(const std::vector<T>& v) {
  std::vector<uint8_t> bytes(v.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), v.data(), bytes.size());
  return bytes;
}

struct Case {
  int64_t n, k;
  DataLayout data;
  ScaleLayout scales;
  uint64_t seed;
};

std::string Describe(const Case& c) {
  return absl::StrCat("N=", c.n, " K=", c.k, " ", DataLayoutName(c.data), "/",
                      ScaleLayoutName(c.scales), " seed=", c.seed);
}

// The weight of `c` on the device, prepared as int8 into a
// PreparedWeightBuffer (caller_memory false) or into caller-owned buffers,
// both poisoned first; the result against the host image.
::testing::AssertionResult DeviceMatchesHost(const Case& c, bool caller_memory) {
#define CHECK_OK_OR_FAIL(expr)                                                            \
  do {                                                                                    \
    const absl::Status s_ = (expr);                                                       \
    if (!s_.ok()) return ::testing::AssertionFailure() << #expr << ": " << s_.ToString(); \
  } while (0)
#define CHECK_HIP_OR_FAIL(expr)                                                       \
  do {                                                                                \
    const hipError_t e_ = (expr);                                                     \
    if (e_ != hipSuccess) {                                                           \
      return ::testing::AssertionFailure() << #expr << ": " << hipGetErrorString(e_); \
    }                                                                                 \
  } while (0)
  const Mxfp4Matrix natural = int8_testing::Int8TestWeight(c.n, c.k, c.seed);
  absl::StatusOr<Mxfp4View> natural_view = natural.view();
  CHECK_OK_OR_FAIL(natural_view.status());
  absl::StatusOr<PreparedInt8Image> host = PrepareWeightInt8Image(*natural_view);
  CHECK_OK_OR_FAIL(host.status());
  absl::StatusOr<Mxfp4Matrix> m = natural.ToLayout(c.data, c.scales);
  CHECK_OK_OR_FAIL(m.status());

  absl::StatusOr<DeviceStream> stream = DeviceStream::Create();
  CHECK_OK_OR_FAIL(stream.status());
  absl::StatusOr<DeviceBuffer> d_data = DeviceBuffer::Allocate(m->data.size());
  CHECK_OK_OR_FAIL(d_data.status());
  absl::StatusOr<DeviceBuffer> d_scales = DeviceBuffer::Allocate(m->scales.size());
  CHECK_OK_OR_FAIL(d_scales.status());
  CHECK_OK_OR_FAIL(d_data->CopyFromHost(m->data.data(), m->data.size()));
  CHECK_OK_OR_FAIL(d_scales->CopyFromHost(m->scales.data(), m->scales.size()));
  Mxfp4Weight w;
  w.data = d_data->as<uint8_t>();
  w.scales = d_scales->as<uint8_t>();
  w.n = c.n;
  w.k = c.k;
  w.data_layout = c.data;
  w.scale_layout = c.scales;
  w.data_bytes = static_cast<int64_t>(m->data.size());
  w.scale_bytes = static_cast<int64_t>(m->scales.size());

  const int64_t data_bytes = PreparedDataBytes(c.n, c.k);
  const int64_t info_bytes = PreparedInt8RowInfoBytes(c.n);
  PreparedWeightBuffer buffer;
  DeviceBuffer out_data, out_info;
  PreparedWeight view;
  if (caller_memory) {
    absl::StatusOr<DeviceBuffer> d = DeviceBuffer::Allocate(static_cast<size_t>(data_bytes));
    CHECK_OK_OR_FAIL(d.status());
    absl::StatusOr<DeviceBuffer> i = DeviceBuffer::Allocate(static_cast<size_t>(info_bytes));
    CHECK_OK_OR_FAIL(i.status());
    out_data = std::move(*d);
    out_info = std::move(*i);
    CHECK_OK_OR_FAIL(out_data.Fill(kPoison));
    CHECK_OK_OR_FAIL(out_info.Fill(kPoison));
    PreparedWeightOutput out;
    out.data = out_data.as<uint8_t>();
    out.data_bytes = data_bytes;
    out.format = PreparedFormat::kInt8;
    out.row_info = out_info.as<uint32_t>();
    out.row_info_bytes = info_bytes;
    CHECK_OK_OR_FAIL(PrepareWeight(w, out, stream->get()));
    view = out.view();
  } else {
    absl::StatusOr<PreparedWeightBuffer> b =
        PreparedWeightBuffer::Allocate(c.n, c.k, PreparedFormat::kInt8);
    CHECK_OK_OR_FAIL(b.status());
    buffer = std::move(*b);
    view = buffer.view();
    if (view.format != PreparedFormat::kInt8 || view.scales != nullptr || view.scale_bytes != 0 ||
        view.row_info == nullptr || view.data_bytes != data_bytes ||
        view.row_info_bytes != info_bytes) {
      return ::testing::AssertionFailure() << "PreparedWeightBuffer::view() of an int8 buffer";
    }
    CHECK_HIP_OR_FAIL(hipMemsetAsync(buffer.data(), kPoison, data_bytes, stream->get()));
    CHECK_HIP_OR_FAIL(hipMemsetAsync(buffer.row_info(), kPoison, info_bytes, stream->get()));
    CHECK_OK_OR_FAIL(PrepareWeight(w, buffer, stream->get()));
  }
  CHECK_OK_OR_FAIL(stream->Synchronize());
  std::vector<uint8_t> data(static_cast<size_t>(data_bytes));
  std::vector<uint8_t> info(static_cast<size_t>(info_bytes));
  CHECK_HIP_OR_FAIL(hipMemcpy(data.data(), view.data, data.size(), hipMemcpyDeviceToHost));
  CHECK_HIP_OR_FAIL(hipMemcpy(info.data(), view.row_info, info.size(), hipMemcpyDeviceToHost));
  // The image must be usable as the weight's copy as Gemm() checks it.
  Mxfp4Weight with_copy = w;
  with_copy.prepared = view;
  CHECK_OK_OR_FAIL(ValidateWeight(with_copy));
  if (::testing::AssertionResult r = SameBytes("row_info", info, RawBytes(host->row_info)); !r) {
    return r;
  }
  return SameBytes("data", data, host->data);
#undef CHECK_OK_OR_FAIL
#undef CHECK_HIP_OR_FAIL
}

TEST(PrepareWeightInt8, DeviceImageEqualsHostImage) {
  MXFP4_SKIP_IF_NO_GPU();
  std::vector<Case> cases;
  uint64_t seed = 0x48000000;
  const ScaleLayout kScaleLayouts[] = {ScaleLayout::kNatural, ScaleLayout::kShuffled16};
  for (ScaleLayout s : kScaleLayouts) {
    // Natural data: K = 32 x odd (1 to 65 blocks: lanes past 32 blocks).
    for (int64_t n : {12, 37, 144, 1000}) {
      for (int64_t k : {32, 96, 160, 1056, 2080}) {
        cases.push_back({n, k, DataLayout::kNatural, s, ++seed});
      }
    }
    // Preshuffled: N % 16 == 0, K = 64 x odd.
    for (int64_t n : {16, 144, 208}) {
      for (int64_t k : {192, 448, 2112, 4160}) {
        cases.push_back({n, k, DataLayout::kPreshuffled16x16, s, ++seed});
      }
    }
    cases.push_back({4112, 2112, DataLayout::kPreshuffled16x16, s, ++seed});
  }
  int index = 0;
  for (const Case& c : cases) {
    EXPECT_TRUE(DeviceMatchesHost(c, /*caller_memory=*/false)) << Describe(c);
    // Every third case also into caller-owned buffers.
    if (index++ % 3 == 0) {
      EXPECT_TRUE(DeviceMatchesHost(c, /*caller_memory=*/true)) << Describe(c) << " caller memory";
    }
  }
}

// The shifted E4M3 format (the default) is unchanged beside it: a buffer
// allocated without a format has scales and no row_info.
TEST(PrepareWeightInt8, DefaultFormatBufferIsShiftedE4m3) {
  MXFP4_SKIP_IF_NO_GPU();
  absl::StatusOr<PreparedWeightBuffer> b = PreparedWeightBuffer::Allocate(80, 96);
  ASSERT_TRUE(b.ok()) << b.status();
  const PreparedWeight v = b->view();
  EXPECT_EQ(v.format, PreparedFormat::kShiftedE4m3);
  EXPECT_NE(v.scales, nullptr);
  EXPECT_EQ(v.scale_bytes, PreparedScaleBytes(80, 96));
  EXPECT_EQ(v.row_info, nullptr);
  EXPECT_EQ(v.row_info_bytes, 0);
}

}  // namespace
}  // namespace mxfp4::gpu
