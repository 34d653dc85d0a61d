// File: mxfp4/testing/quantize_tester.cc
//
// See quantize_tester.h.

#include "mxfp4/testing/quantize_tester.h"

#include <cmath>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/byte_diff.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::testing {
namespace {

// Bytes after each output buffer that the kernel must leave alone.
constexpr int64_t kGuardBytes = 256;

std::string Bf16Text(uint16_t bits) {
  return absl::StrFormat("0x%04x (%g)", bits, Bf16ToFloat(bits));
}

std::string ScaleText(uint8_t s) {
  if (s == E8m0Format::kNan) return "0xff (NaN)";
  return absl::StrFormat("0x%02x (2^%d)", s, static_cast<int>(s) - 127);
}

std::string CodeText(uint8_t code, uint8_t scale) {
  const double value = E2m1ToFloat(code) * std::ldexp(1.0, static_cast<int>(scale) - 127);
  return absl::StrFormat("code 0x%x (%g x 2^%d = %g)", code, E2m1ToFloat(code),
                         static_cast<int>(scale) - 127, scale == 0xFF ? NAN : value);
}

// The 32 inputs of block (r, g), 8 per line.
std::string BlockInputs(const std::vector<uint16_t>& x, int64_t k, int64_t r, int64_t g) {
  std::string out = absl::StrFormat("  inputs of block (row %d, group %d), bf16 bits (value):\n", r, g);
  for (int i = 0; i < kBlockSize; ++i) {
    if (i % 8 == 0) absl::StrAppendFormat(&out, "    [%2d]", i);
    const uint16_t v = x[r * k + g * kBlockSize + i];
    absl::StrAppendFormat(&out, " %04x(%.4g)", v, Bf16ToFloat(v));
    if (i % 8 == 7) out += "\n";
  }
  return out;
}

// Logical (r, g) of every storage byte of a scale buffer, or (-1, -1) for padding.
std::vector<std::pair<int64_t, int64_t>> ScaleOwners(ScaleLayout layout, int64_t rows,
                                                     int64_t groups) {
  std::vector<std::pair<int64_t, int64_t>> owners(ScaleStorageBytes(layout, rows, groups),
                                                  {-1, -1});
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) owners[ScaleOffset(layout, r, g, groups)] = {r, g};
  }
  return owners;
}

}  // namespace

std::string QuantizeTester::Describe() const {
  return absl::StrFormat("m=%d k=%d rule=%s layout=%s variant=%s input=%s seed=%d poison=0x%02x",
                         m_, k_, ScaleRuleName(rule_), ScaleLayoutName(layout_),
                         gpu::QuantizeKernelVariantName(variant_),
                         input_ ? "explicit" : Bf16DistributionName(distribution_), seed_,
                         poison_);
}

bool QuantizeTester::Test() const {
  const std::string what = Describe();
  if (absl::Status gpu = GpuForTest(); !gpu.ok()) {
    ADD_FAILURE() << what << ": no GPU (call MXFP4_SKIP_IF_NO_GPU() first): " << gpu;
    return false;
  }
  const std::vector<uint16_t> x = input_ ? *input_ : MakeBf16Input(distribution_, m_, k_, seed_);
  if (static_cast<int64_t>(x.size()) != m_ * k_) {
    ADD_FAILURE() << what << ": input has " << x.size() << " values, want m*k = " << m_ * k_;
    return false;
  }
  const int64_t groups = k_ / kBlockSize;

  // Emulator.
  QuantizeOptions options;
  options.rule = rule_;
  options.scale_layout = layout_;
  absl::StatusOr<Mxfp4Matrix> want = QuantizeBf16(x, m_, k_, options);
  if (!want.ok()) {
    ADD_FAILURE() << what << ": emulator failed: " << want.status();
    return false;
  }

  // GPU, into poisoned buffers with guard bytes.
  absl::StatusOr<gpu::QuantizeBufferSizes> sizes =
      gpu::QuantizeBufferSizesFor(m_, k_, layout_);
  if (!sizes.ok()) {
    ADD_FAILURE() << what << ": " << sizes.status();
    return false;
  }
  if (sizes->data_bytes != static_cast<int64_t>(want->data.size()) ||
      sizes->scale_bytes != static_cast<int64_t>(want->scales.size())) {
    ADD_FAILURE() << what << ": buffer sizes disagree with the emulator: GPU data "
                  << sizes->data_bytes << " scales " << sizes->scale_bytes << ", emulator data "
                  << want->data.size() << " scales " << want->scales.size();
    return false;
  }
  const int64_t data_alloc = sizes->data_bytes + kGuardBytes;
  const int64_t scale_alloc = sizes->scale_bytes + kGuardBytes;
  auto d_x = gpu::DeviceBuffer::Allocate(x.size() * sizeof(uint16_t));
  auto d_data = gpu::DeviceBuffer::Allocate(data_alloc);
  auto d_scales = gpu::DeviceBuffer::Allocate(scale_alloc);
  auto stream = gpu::DeviceStream::Create();
  for (const absl::Status& s : {d_x.status(), d_data.status(), d_scales.status(), stream.status()}) {
    if (!s.ok()) {
      ADD_FAILURE() << what << ": setup failed: " << s;
      return false;
    }
  }
  absl::Status status = d_x->CopyFromHost(x.data(), x.size() * sizeof(uint16_t));
  if (status.ok()) status = d_data->Fill(poison_);
  if (status.ok()) status = d_scales->Fill(poison_);
  if (status.ok()) {
    status = gpu::QuantizeBf16OnGpu(d_x->as<uint16_t>(), m_, k_, options, variant_,
                                    d_data->as<uint8_t>(), d_scales->as<uint8_t>(), stream->get());
  }
  if (status.ok()) status = stream->Synchronize();
  std::vector<uint8_t> got_data(data_alloc), got_scales(scale_alloc);
  if (status.ok()) status = d_data->CopyToHost(got_data.data(), data_alloc);
  if (status.ok()) status = d_scales->CopyToHost(got_scales.data(), scale_alloc);
  if (!status.ok()) {
    ADD_FAILURE() << what << ": GPU run failed: " << status;
    return false;
  }

  bool ok = true;
  // Packed data.
  const ByteDiff data_diff = DiffBytes(got_data.data(), want->data.data(), sizes->data_bytes);
  if (data_diff.count > 0) {
    ok = false;
    const int64_t row_bytes = k_ / 2;
    const int64_t r = data_diff.first / row_bytes;
    const int64_t b = data_diff.first % row_bytes;
    const int64_t g = (2 * b) / kBlockSize;
    const uint8_t gpu_byte = got_data[data_diff.first], emu_byte = want->data[data_diff.first];
    const uint8_t scale = want->scales[ScaleOffset(layout_, r, g, groups)];
    const uint8_t gpu_scale = got_scales[ScaleOffset(layout_, r, g, groups)];
    std::string msg = absl::StrFormat(
        "%s\n%d of %d data bytes differ; first at byte %d = row %d, byte %d (elements k=%d,%d; "
        "block %d)\n",
        what, data_diff.count, sizes->data_bytes, data_diff.first, r, b, 2 * b, 2 * b + 1, g);
    absl::StrAppendFormat(&msg, "  GPU      byte 0x%02x: even %s, odd %s\n", gpu_byte,
                          CodeText(UnpackFp4Even(gpu_byte), gpu_scale),
                          CodeText(UnpackFp4Odd(gpu_byte), gpu_scale));
    absl::StrAppendFormat(&msg, "  emulator byte 0x%02x: even %s, odd %s\n", emu_byte,
                          CodeText(UnpackFp4Even(emu_byte), scale),
                          CodeText(UnpackFp4Odd(emu_byte), scale));
    absl::StrAppendFormat(&msg, "  inputs: k=%d %s, k=%d %s; block scale GPU %s, emulator %s\n",
                          2 * b, Bf16Text(x[r * k_ + 2 * b]), 2 * b + 1,
                          Bf16Text(x[r * k_ + 2 * b + 1]), ScaleText(gpu_scale),
                          ScaleText(scale));
    msg += BlockInputs(x, k_, r, g);
    msg += HexNeighbourhood(got_data.data(), want->data.data(), sizes->data_bytes,
                            data_diff.first, 8);
    ADD_FAILURE() << msg;
  }

  // Scales (padding bytes must be 0, like the emulator's).
  const ByteDiff scale_diff =
      DiffBytes(got_scales.data(), want->scales.data(), sizes->scale_bytes);
  if (scale_diff.count > 0) {
    ok = false;
    const auto owners = ScaleOwners(layout_, m_, groups);
    const auto [r, g] = owners[scale_diff.first];
    std::string msg = absl::StrFormat("%s\n%d of %d scale bytes differ; first at offset %d = ",
                                      what, scale_diff.count, sizes->scale_bytes, scale_diff.first);
    if (r < 0) {
      msg += "a padding byte (must be 0)\n";
    } else {
      absl::StrAppendFormat(&msg, "scale of row %d, group %d\n", r, g);
    }
    absl::StrAppendFormat(&msg, "  GPU %s, emulator %s\n", ScaleText(got_scales[scale_diff.first]),
                          ScaleText(want->scales[scale_diff.first]));
    if (r >= 0) msg += BlockInputs(x, k_, r, g);
    msg += HexNeighbourhood(got_scales.data(), want->scales.data(), sizes->scale_bytes,
                            scale_diff.first, 8);
    ADD_FAILURE() << msg;
  }

  // Guard bytes after both buffers.
  for (const auto& [name, bytes, size] :
       {std::tuple<const char*, const std::vector<uint8_t>*, int64_t>{"data", &got_data,
                                                                      sizes->data_bytes},
        {"scales", &got_scales, sizes->scale_bytes}}) {
    for (int64_t i = size; i < size + kGuardBytes; ++i) {
      if ((*bytes)[i] != poison_) {
        ok = false;
        ADD_FAILURE() << absl::StrFormat(
            "%s\nwrote past the end of the %s buffer (%d bytes): byte %d is 0x%02x, poison was "
            "0x%02x",
            what, name, size, i, (*bytes)[i], poison_);
        break;
      }
    }
  }
  return ok;
}

}  // namespace mxfp4::testing
