// File: mxfp4/bench/device_operands.cc
//
// Seeded operand buffers for the benchmark (device_operands.h).

#include "mxfp4/bench/device_operands.h"

#include <algorithm>
#include <random>

#include "absl/strings/str_cat.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/platform/status.h"

// Assigns the value of a StatusOr expression or returns its status.
#define MXFP4_BENCH_ASSIGN_OR_RETURN(lhs, expr)                       \
  do {                                                                \
    auto mxfp4_bench_value_ = (expr);                                 \
    if (!mxfp4_bench_value_.ok()) return mxfp4_bench_value_.status(); \
    lhs = std::move(*mxfp4_bench_value_);                             \
  } while (0)

namespace mxfp4::bench {
namespace {

// Elements per seeded pattern: large enough that no cache line of A or B
// repeats within a tile, small enough to generate instantly.
constexpr int64_t kPatternBytes = 64 << 10;

absl::StatusOr<gpu::DeviceBuffer> Allocate(int64_t bytes) {
  return gpu::DeviceBuffer::Allocate(static_cast<size_t>(bytes));
}

}  // namespace

std::vector<uint16_t> Bf16NormalPattern(int64_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<uint16_t> out(count);
  for (uint16_t& x : out) x = FloatToBf16(normal(rng));
  return out;
}

std::vector<uint8_t> E4m3Pattern(int64_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> out(count);
  for (uint8_t& x : out) {
    const uint64_t r = rng();
    const uint8_t sign = static_cast<uint8_t>((r & 1) << 7);
    const uint8_t exponent = static_cast<uint8_t>(4 + (r >> 1) % 6);  // biased 4..9: 2^-3..2^2
    const uint8_t mantissa = static_cast<uint8_t>((r >> 8) & 7);
    x = static_cast<uint8_t>(sign | (exponent << 3) | mantissa);
  }
  return out;
}

std::vector<uint8_t> E8m0ScalePattern(int64_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> out(count);
  for (uint8_t& x : out) x = static_cast<uint8_t>(124 + rng() % 7);
  return out;
}

absl::Status FillDeviceWithPattern(void* d_dst, int64_t bytes, const void* pattern,
                                   int64_t pattern_bytes) {
  if (bytes < 0 || pattern_bytes <= 0 || (bytes > 0 && d_dst == nullptr)) {
    return absl::InvalidArgumentError("FillDeviceWithPattern: bad arguments");
  }
  auto* dst = static_cast<uint8_t*>(d_dst);
  const int64_t first = std::min(bytes, pattern_bytes);
  if (first == 0) return absl::OkStatus();
  MXFP4_HIP_RETURN_IF_ERROR(hipMemcpy(dst, pattern, first, hipMemcpyHostToDevice));
  // Double the filled prefix until the buffer is full.
  for (int64_t done = first; done < bytes;) {
    const int64_t chunk = std::min(done, bytes - done);
    MXFP4_HIP_RETURN_IF_ERROR(hipMemcpy(dst + done, dst, chunk, hipMemcpyDeviceToDevice));
    done += chunk;
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<ShapeOperands>> ShapeOperands::Create(const GemmShape& s,
                                                                     const OperandNeeds& needs,
                                                                     uint64_t seed) {
  if (s.m < 1 || s.n < 1 || s.k < 32 || s.k % 32 != 0) {
    return absl::InvalidArgumentError(absl::StrCat("bad benchmark shape ", ShapeName(s)));
  }
  std::unique_ptr<ShapeOperands> o(new ShapeOperands(s));
  const std::vector<uint16_t> normal = Bf16NormalPattern(kPatternBytes / 2, seed);
  const std::vector<uint16_t> normal_b = Bf16NormalPattern(kPatternBytes / 2, seed + 1);
  auto fill_bf16 = [](gpu::DeviceBuffer& b, const std::vector<uint16_t>& p) {
    return FillDeviceWithPattern(b.get(), b.size(), p.data(), p.size() * 2);
  };
  if (needs.mxfp4 || needs.bf16 || needs.quantize) {
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->a_bf16_, Allocate(s.m * s.k * 2));
    MXFP4_GPU_RETURN_IF_ERROR(fill_bf16(o->a_bf16_, normal));
  }
  if (needs.mxfp4 || needs.bf16 || needs.fp8) {
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->c_, Allocate(s.m * s.n * 4));
    MXFP4_GPU_RETURN_IF_ERROR(o->c_.Fill(0));
  }
  if (needs.mxfp4) {
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->b_packed_, Allocate(s.n * s.k / 2));
    std::mt19937_64 rng(seed + 2);
    std::vector<uint8_t> packed(kPatternBytes);
    for (uint8_t& x : packed) x = static_cast<uint8_t>(rng());
    MXFP4_GPU_RETURN_IF_ERROR(FillDeviceWithPattern(o->b_packed_.get(), o->b_packed_.size(),
                                                    packed.data(), packed.size()));
    // Scales: the real values in both layouts (shuffled padding must be 0).
    const int64_t groups = s.k / 32;
    const std::vector<uint8_t> natural = E8m0ScalePattern(s.n * groups, seed + 3);
    absl::StatusOr<std::vector<uint8_t>> shuffled =
        ConvertScaleLayout(natural, ScaleLayout::kNatural, ScaleLayout::kShuffled16, s.n, groups);
    if (!shuffled.ok()) return shuffled.status();
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->b_scales_natural_, Allocate(natural.size()));
    MXFP4_GPU_RETURN_IF_ERROR(o->b_scales_natural_.CopyFromHost(natural.data(), natural.size()));
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->b_scales_shuffled16_, Allocate(shuffled->size()));
    MXFP4_GPU_RETURN_IF_ERROR(
        o->b_scales_shuffled16_.CopyFromHost(shuffled->data(), shuffled->size()));
  }
  if (needs.bf16) {
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->b_bf16_, Allocate(s.n * s.k * 2));
    MXFP4_GPU_RETURN_IF_ERROR(fill_bf16(o->b_bf16_, normal_b));
  }
  if (needs.fp8) {
    const std::vector<uint8_t> pa = E4m3Pattern(kPatternBytes, seed + 4);
    const std::vector<uint8_t> pb = E4m3Pattern(kPatternBytes, seed + 5);
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->a_e4m3_, Allocate(s.m * s.k));
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->b_e4m3_, Allocate(s.n * s.k));
    MXFP4_GPU_RETURN_IF_ERROR(
        FillDeviceWithPattern(o->a_e4m3_.get(), o->a_e4m3_.size(), pa.data(), pa.size()));
    MXFP4_GPU_RETURN_IF_ERROR(
        FillDeviceWithPattern(o->b_e4m3_.get(), o->b_e4m3_.size(), pb.data(), pb.size()));
    float scales[2 * kFp8ScaleStride] = {};
    scales[0] = scales[kFp8ScaleStride] = 1.0f;
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->fp8_scales_, Allocate(sizeof(scales)));
    MXFP4_GPU_RETURN_IF_ERROR(o->fp8_scales_.CopyFromHost(scales, sizeof(scales)));
  }
  if (needs.copy) {
    const int64_t bytes = Mxfp4CallBytes(s);
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->copy_src_, Allocate(bytes));
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->copy_dst_, Allocate(bytes));
    MXFP4_GPU_RETURN_IF_ERROR(o->copy_src_.Fill(0x3C));
    MXFP4_GPU_RETURN_IF_ERROR(o->copy_dst_.Fill(0));
  }
  if (needs.quantize) {
    MXFP4_BENCH_ASSIGN_OR_RETURN(o->a_quant_data_, Allocate(s.m * s.k / 2));
    MXFP4_BENCH_ASSIGN_OR_RETURN(
        o->a_quant_scales_, Allocate(ScaleStorageBytes(ScaleLayout::kShuffled16, s.m, s.k / 32)));
  }
  return o;
}

VendorGemmArgs VendorGemmArgsFor(VendorGemmKind kind, const ShapeOperands& ops, void* workspace,
                                 size_t workspace_bytes) {
  const bool fp8 = VendorGemmIsFp8(kind);
  VendorGemmArgs args;
  args.kind = kind;
  args.shape = ops.shape();
  args.a = fp8 ? static_cast<const void*>(ops.a_e4m3()) : ops.a_bf16();
  args.b = fp8 ? static_cast<const void*>(ops.b_e4m3()) : ops.b_bf16();
  args.c = ops.c();
  args.a_scale = fp8 ? ops.fp8_a_scale() : nullptr;
  args.b_scale = fp8 ? ops.fp8_b_scale() : nullptr;
  args.workspace = workspace;
  args.workspace_bytes = workspace_bytes;
  return args;
}

}  // namespace mxfp4::bench
