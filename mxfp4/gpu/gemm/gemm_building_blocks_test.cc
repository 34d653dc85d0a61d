// File: mxfp4/gpu/gemm/gemm_building_blocks_test.cc
//
// The GEMM's device building blocks in isolation, against the CPU:
//   - the element quantizer of device_block_quantize.h (fp16 and E4M3 value/2
//     encoders) on EVERY bf16 input and EVERY scale byte (2^24 cases) vs
//     mxfp4::QuantizeElement, and the fp16 encoder's exponent-shift form on
//     every bf16 that fits a block of each scale byte 3..254;
//   - one MMA tile with the weight conversion - fp16 (two chained mma.sync
//     m16n8k16) and e4m3 (m16n8k32) - vs the exact E2M1 dot product (random,
//     all-max, alternating, cancelling and all-zero blocks: a zero sum must
//     be +0.0, not -0.0);
//   - the standalone A-operand quantizer (QuantizeAOperand) vs
//     mxfp4::QuantizeBf16 on wide-exponent and special inputs;
//   - the epilogue's paired bf16 conversion on every fp32 bit pattern.
// Skips without a GPU unless MXFP4_REQUIRE_GPU=1.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/gemm/internal/test_kernels.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/testing/gpu_test_util.h"

namespace mxfp4::gpu {
namespace {

// E4M3 bytes / fp16 bits of value/2 for E2M1 magnitude codes 0..7:
// 0, .25, .5, .75, 1, 1.5, 2, 3.
constexpr uint8_t kHalfE4m3[8] = {0x00, 0x28, 0x30, 0x34, 0x38, 0x3C, 0x40, 0x44};
constexpr uint16_t kHalfF16[8] = {0x0000, 0x3400, 0x3800, 0x3A00, 0x3C00, 0x3E00, 0x4000, 0x4200};

uint16_t HalfF16OfCode(uint8_t code) {
  return static_cast<uint16_t>(kHalfF16[code & 7] | ((code & 8) ? 0x8000 : 0));
}

// Inverse of HalfF16OfCode (0xFF for bits it never produces).
uint8_t CodeOfHalfF16(uint16_t bits) {
  for (uint8_t c = 0; c < 16; ++c) {
    if (HalfF16OfCode(c) == bits) return c;
  }
  return 0xFF;
}

uint8_t HalfE4m3OfCode(uint8_t code) {
  return static_cast<uint8_t>(kHalfE4m3[code & 7] | ((code & 8) ? 0x80 : 0));
}

// Inverse of HalfE4m3OfCode (0xFF for bytes it never produces).
uint8_t CodeOfHalfE4m3(uint8_t byte) {
  for (uint8_t c = 0; c < 16; ++c) {
    if (HalfE4m3OfCode(c) == byte) return c;
  }
  return 0xFF;
}

#define ASSERT_OK(expr)                                      \
  do {                                                       \
    const absl::Status assert_ok_status_ = (expr);           \
    ASSERT_TRUE(assert_ok_status_.ok()) << assert_ok_status_; \
  } while (0)

TEST(BuildingBlocks, ElementQuantizerOnEveryBf16AndScale) {
  MXFP4_SKIP_IF_NO_GPU();
  constexpr size_t kCount = size_t{1} << 24;
  absl::StatusOr<DeviceBuffer> out_f16 = DeviceBuffer::Allocate(kCount * 2);
  absl::StatusOr<DeviceBuffer> out_e4m3 = DeviceBuffer::Allocate(kCount);
  absl::StatusOr<DeviceBuffer> out_shifted = DeviceBuffer::Allocate(kCount * 2);
  ASSERT_TRUE(out_f16.ok() && out_e4m3.ok() && out_shifted.ok());
  ASSERT_OK(out_f16->Fill(0xAB));
  ASSERT_OK(out_e4m3->Fill(0xAB));
  ASSERT_OK(out_shifted->Fill(0xAB));
  ASSERT_OK(MXFP4_HIP_STATUS(gemm_internal::LaunchQuantizeEveryElement(
      out_f16->as<uint16_t>(), out_e4m3->as<uint8_t>(), out_shifted->as<uint16_t>(), nullptr)));
  ASSERT_OK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));
  std::vector<uint16_t> got_f16(kCount);
  std::vector<uint8_t> got_e4m3(kCount);
  std::vector<uint16_t> got_shifted(kCount);
  ASSERT_OK(out_f16->CopyToHost(got_f16.data(), kCount * 2));
  ASSERT_OK(out_e4m3->CopyToHost(got_e4m3.data(), kCount));
  ASSERT_OK(out_shifted->CopyToHost(got_shifted.data(), kCount * 2));
  int64_t mismatches = 0;
  int64_t shifted_checked = 0;
  for (uint32_t i = 0; i < kCount; ++i) {
    const uint16_t x = static_cast<uint16_t>(i & 0xFFFF);
    const uint8_t s = static_cast<uint8_t>(i >> 16);
    const uint8_t code = QuantizeElement(Bf16ToFloat(x), s);
    if ((got_f16[i] != HalfF16OfCode(code) || got_e4m3[i] != HalfE4m3OfCode(code)) &&
        ++mismatches <= 10) {
      ADD_FAILURE() << "bf16 0x" << std::hex << x << " scale 0x" << int{s} << ": got f16 0x"
                    << got_f16[i] << " e4m3 0x" << int{got_e4m3[i]} << ", want code 0x"
                    << int{code} << std::dec;
    }
    // The exponent-shift form (scale bytes 3..254) holds for every |x| that
    // can be in a block of scale s: |x|'s own block scale is at most s.
    const uint32_t abs_bits = static_cast<uint32_t>(x & 0x7FFFu) << 16;
    if (s < 3 || s > 254 || BlockScale(abs_bits, ScaleRule::kEven) > s) continue;
    ++shifted_checked;
    if (got_shifted[i] != HalfF16OfCode(code) && ++mismatches <= 10) {
      ADD_FAILURE() << "bf16 0x" << std::hex << x << " scale 0x" << int{s}
                    << ": exponent-shift form got f16 0x" << got_shifted[i] << ", want code 0x"
                    << int{code} << std::dec;
    }
  }
  EXPECT_EQ(mismatches, 0);
  // 252 scale bytes, up to 2^16 bf16 each (fewer where |x| needs a larger scale).
  EXPECT_GT(shifted_checked, int64_t{4} << 20);
}

struct Tile {
  std::vector<uint8_t> w_codes;  // [16][32]
  std::vector<uint8_t> x_codes;  // [8][32]
};

Tile RandomTile(std::mt19937_64& rng, int pattern) {
  Tile t;
  t.w_codes.resize(16 * 32);
  t.x_codes.resize(8 * 32);
  for (int i = 0; i < 16 * 32; ++i) {
    switch (pattern) {
      case 0: t.w_codes[i] = rng() & 15; break;                  // random
      case 1: t.w_codes[i] = 7; break;                           // all +6
      case 2: t.w_codes[i] = (i & 1) ? 15 : 7; break;            // alternating +-6
      case 3: t.w_codes[i] = (rng() % 8 == 0) ? rng() & 15 : 0; break;  // sparse
      case 4: t.w_codes[i] = 8; break;                           // all -0
      default: t.w_codes[i] = (i & 1) ? 9 : 1; break;            // +-0.5 (cancels)
    }
  }
  for (int i = 0; i < 8 * 32; ++i) {
    switch (pattern) {
      case 1: case 2: t.x_codes[i] = 7; break;
      case 4: t.x_codes[i] = rng() & 15; break;
      case 5: t.x_codes[i] = 1; break;  // so each row sums to 0 exactly
      default: t.x_codes[i] = rng() & 15; break;
    }
  }
  return t;
}

void CheckMmaTiles(bool f16) {
  std::mt19937_64 rng(77);
  constexpr int kPatterns = 6;
  constexpr int kPerPattern = 400;
  constexpr int kTiles = kPatterns * kPerPattern;
  std::vector<Tile> tiles;
  std::vector<uint32_t> w(kTiles * 16 * 4);
  std::vector<uint8_t> x(kTiles * 8 * 32);
  for (int i = 0; i < kTiles; ++i) {
    tiles.push_back(RandomTile(rng, i / kPerPattern));
    const Tile& t = tiles.back();
    for (int r = 0; r < 16; ++r) {
      for (int word = 0; word < 4; ++word) {
        uint32_t v = 0;
        for (int j = 0; j < 8; ++j) v |= uint32_t{t.w_codes[r * 32 + word * 8 + j]} << (4 * j);
        w[(i * 16 + r) * 4 + word] = v;
      }
    }
    for (int c = 0; c < 8; ++c) {
      for (int k = 0; k < 32; ++k) x[(i * 8 + c) * 32 + k] = t.x_codes[c * 32 + k];
    }
  }
  auto wd = DeviceBuffer::Allocate(w.size() * 4);
  auto xd = DeviceBuffer::Allocate(x.size());
  auto dd = DeviceBuffer::Allocate(size_t{kTiles} * 16 * 8 * 4);
  ASSERT_TRUE(wd.ok() && xd.ok() && dd.ok());
  ASSERT_OK(wd->CopyFromHost(w.data(), w.size() * 4));
  ASSERT_OK(xd->CopyFromHost(x.data(), x.size()));
  ASSERT_OK(MXFP4_HIP_STATUS(gemm_internal::LaunchMmaTiles(
      wd->as<uint32_t>(), xd->as<uint8_t>(), dd->as<float>(), kTiles, f16, nullptr)));
  ASSERT_OK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));
  std::vector<float> d(size_t{kTiles} * 16 * 8);
  ASSERT_OK(dd->CopyToHost(d.data(), d.size() * 4));
  int64_t mismatches = 0;
  for (int i = 0; i < kTiles; ++i) {
    for (int r = 0; r < 16; ++r) {
      for (int c = 0; c < 8; ++c) {
        int32_t dot4 = 0;
        for (int k = 0; k < 32; ++k) {
          dot4 += E2m1ToTwice(tiles[i].w_codes[r * 32 + k]) *
                  E2m1ToTwice(tiles[i].x_codes[c * 32 + k]);
        }
        const float want = static_cast<float>(dot4) * 0.25f;  // +0.0f for a zero sum
        const float got = d[(i * 16 + r) * 8 + c];
        if (FloatBits(got) != FloatBits(want) && ++mismatches <= 10) {
          ADD_FAILURE() << (f16 ? "f16" : "e4m3") << " tile " << i << " (pattern "
                        << i / kPerPattern << ") row " << r
                        << " col " << c << ": got " << got << " (0x" << std::hex
                        << FloatBits(got) << ") want " << want << " (0x" << FloatBits(want)
                        << ")" << std::dec;
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << (f16 ? "f16" : "e4m3");
}

TEST(BuildingBlocks, MmaTileIsExactAndZeroIsPositiveF16) {
  MXFP4_SKIP_IF_NO_GPU();
  CheckMmaTiles(true);
}

TEST(BuildingBlocks, MmaTileIsExactAndZeroIsPositiveE4m3) {
  MXFP4_SKIP_IF_NO_GPU();
  CheckMmaTiles(false);
}

// The epilogue's paired bf16 conversion (Float2ToBf16x2Bits) equals the
// scalar FloatToBf16Bits on every fp32 bit pattern (on the device), and both
// equal the CPU's FloatToBf16 (RNE) with NaN -> 0x7FC0 on 2^20 patterns:
// every 4096th plus specials, subnormals and rounding ties.
TEST(BuildingBlocks, Bf16PairConversionOnEveryFloat) {
  MXFP4_SKIP_IF_NO_GPU();
  absl::StatusOr<DeviceBuffer> result = DeviceBuffer::Allocate(8);
  ASSERT_OK(result.status());
  ASSERT_OK(result->Fill(0));
  ASSERT_OK(MXFP4_HIP_STATUS(gemm_internal::LaunchCompareBf16PairOnEveryFloat(
      result->as<uint32_t>(), nullptr)));
  ASSERT_OK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));
  uint32_t got[2] = {0, 0};
  ASSERT_OK(result->CopyToHost(got, 8));
  EXPECT_EQ(got[0], 0u) << "first mismatching fp32 bits 0x" << std::hex << got[1];

  std::vector<float> in;
  for (uint64_t u = 0; u < (uint64_t{1} << 32); u += 4096) {
    in.push_back(BitsToFloat(static_cast<uint32_t>(u) | 0x0800u));  // a tie below bit 16 too
  }
  for (uint32_t u : {0x00000000u, 0x80000000u, 0x00000001u, 0x0000FFFFu, 0x00008000u,
                     0x00018000u, 0x007FFFFFu, 0x7F7FFFFFu, 0x7F7F8000u, 0x7F800000u,
                     0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0x3F808000u,
                     0x3F818000u, 0xBF808000u}) {
    in.push_back(BitsToFloat(u));
  }
  if (in.size() % 2) in.push_back(0.0f);
  const int pairs = static_cast<int>(in.size() / 2);
  absl::StatusOr<DeviceBuffer> in_d = DeviceBuffer::Allocate(in.size() * 4);
  absl::StatusOr<DeviceBuffer> out_d = DeviceBuffer::Allocate(size_t(pairs) * 4);
  ASSERT_OK(in_d.status());
  ASSERT_OK(out_d.status());
  ASSERT_OK(in_d->CopyFromHost(in.data(), in.size() * 4));
  ASSERT_OK(out_d->Fill(0xAB));  // poison
  ASSERT_OK(MXFP4_HIP_STATUS(gemm_internal::LaunchBf16Pairs(
      in_d->as<float>(), out_d->as<uint32_t>(), pairs, nullptr)));
  ASSERT_OK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));
  std::vector<uint32_t> out(pairs);
  ASSERT_OK(out_d->CopyToHost(out.data(), out.size() * 4));
  int mismatches = 0;
  for (int i = 0; i < pairs; ++i) {
    // The GEMM outputs' NaN is the canonical 0x7FC0 (FloatToBf16 keeps the
    // quieted payload).
    auto bf16 = [](float f) -> uint32_t { return std::isnan(f) ? 0x7FC0u : FloatToBf16(f); };
    const uint32_t want = bf16(in[2 * i]) | (bf16(in[2 * i + 1]) << 16);
    if (out[i] != want && ++mismatches <= 5) {
      ADD_FAILURE() << "fp32 0x" << std::hex << FloatBits(in[2 * i]) << ", 0x"
                    << FloatBits(in[2 * i + 1]) << ": got 0x" << out[i] << ", want 0x" << want;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// tile_rows > 0: the bulk streaming tiles' layout [row tile][k/32][tile_rows][32].
// E5M2 bytes are the fp16 operand's high bytes (its low byte is always zero).
void CheckQuantizeAOperand(gemm_internal::MmaOperands operands, int32_t tile_rows = 0) {
  const bool f16 = operands == gemm_internal::MmaOperands::kF16;
  constexpr int32_t kM = 37, kRowsPadded = 64, kK = 480;
  std::mt19937_64 rng(5);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  static constexpr uint16_t kSpecials[] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x7F7F};
  std::vector<uint16_t> a(kM * kK);
  for (int r = 0; r < kM; ++r) {
    for (int g = 0; g < kK / 32; ++g) {
      const int e = static_cast<int>(rng() % 259) - 133;
      for (int i = 0; i < 32; ++i) {
        uint16_t bits = FloatToBf16(static_cast<float>(std::ldexp(double{normal(rng)}, e)));
        if (rng() % 97 == 0) bits = kSpecials[rng() % 7];
        a[r * kK + g * 32 + i] = bits;
      }
    }
  }
  auto ad = DeviceBuffer::Allocate(a.size() * 2);
  const size_t op_bytes = f16 ? 2 : 1;
  auto qd = DeviceBuffer::Allocate(size_t{kRowsPadded} * kK * op_bytes);
  auto sd = DeviceBuffer::Allocate(size_t{kRowsPadded} * (kK / 32) * 4);
  ASSERT_TRUE(ad.ok() && qd.ok() && sd.ok());
  ASSERT_OK(ad->CopyFromHost(a.data(), a.size() * 2));
  ASSERT_OK(qd->Fill(0xAB));
  ASSERT_OK(sd->Fill(0xAB));
  ASSERT_OK(MXFP4_HIP_STATUS(gemm_internal::LaunchQuantizeAOperand(
      ad->as<uint16_t>(), kM, kK, kRowsPadded, operands, qd->as<uint8_t>(), sd->as<float>(),
      nullptr, /*fold_scales=*/false, tile_rows)));
  ASSERT_OK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));
  std::vector<uint8_t> q(size_t{kRowsPadded} * kK * op_bytes);
  std::vector<float> s(size_t{kRowsPadded} * (kK / 32));
  ASSERT_OK(qd->CopyToHost(q.data(), q.size()));
  ASSERT_OK(sd->CopyToHost(s.data(), s.size() * 4));
  absl::StatusOr<Mxfp4Matrix> cpu = QuantizeBf16(a, kM, kK, QuantizeOptions{});
  ASSERT_TRUE(cpu.ok()) << cpu.status();
  int64_t bad = 0;
  for (int r = 0; r < kRowsPadded; ++r) {
    for (int g = 0; g < kK / 32; ++g) {
      const float got_scale = s[g * kRowsPadded + r];
      const float want_scale = r < kM ? E8m0ToFloat(cpu->scales[r * (kK / 32) + g]) : 0.0f;
      const bool same = (std::isnan(got_scale) && std::isnan(want_scale)) ||
                        FloatBits(got_scale) == FloatBits(want_scale);
      if (!same && ++bad <= 10) {
        ADD_FAILURE() << "scale (" << r << ", " << g << "): got " << got_scale << " want "
                      << want_scale;
      }
    }
    for (int k = 0; k < kK; ++k) {
      const int64_t at = tile_rows > 0 ? ((r / tile_rows) * (kK / 32) + k / 32) * tile_rows * 32 +
                                             (r % tile_rows) * 32 + k % 32
                                       : int64_t{r} * kK + k;
      uint16_t got = q[at * op_bytes];
      if (f16) got = static_cast<uint16_t>(got | (q[at * 2 + 1] << 8));
      if (r >= kM) {
        if (got != 0 && ++bad <= 10) {
          ADD_FAILURE() << "padding (" << r << ", " << k << ") = " << got;
        }
        continue;
      }
      const uint8_t want = Fp4At(cpu->data.data() + r * (kK / 2), k);
      const uint8_t got_code = f16 ? CodeOfHalfF16(got)
                               : operands == gemm_internal::MmaOperands::kE5m2
                                   ? CodeOfHalfF16(static_cast<uint16_t>(got << 8))
                                   : CodeOfHalfE4m3(static_cast<uint8_t>(got));
      if (got_code != want && ++bad <= 10) {
        ADD_FAILURE() << "element (" << r << ", " << k << ") bf16 0x" << std::hex << a[r * kK + k]
                      << ": got 0x" << got << " want code 0x" << int{want} << std::dec;
      }
    }
  }
  EXPECT_EQ(bad, 0) << "operands " << static_cast<int>(operands) << " tile_rows " << tile_rows;
}

TEST(BuildingBlocks, QuantizeAOperandMatchesCpuF16) {
  MXFP4_SKIP_IF_NO_GPU();
  CheckQuantizeAOperand(gemm_internal::MmaOperands::kF16);
}

TEST(BuildingBlocks, QuantizeAOperandMatchesCpuE4m3) {
  MXFP4_SKIP_IF_NO_GPU();
  CheckQuantizeAOperand(gemm_internal::MmaOperands::kE4m3);
}

// The bulk E5M2-A tile's operands (tile-major, as that tile reads them).
TEST(BuildingBlocks, QuantizeAOperandMatchesCpuE5m2) {
  MXFP4_SKIP_IF_NO_GPU();
  for (int32_t tile_rows : {0, 16}) {
    CheckQuantizeAOperand(gemm_internal::MmaOperands::kE5m2, tile_rows);
  }
}

TEST(BuildingBlocks, QuantizeAOperandTiledMatchesCpu) {
  MXFP4_SKIP_IF_NO_GPU();
  for (int32_t tile_rows : {16, 32, 64}) {
    CheckQuantizeAOperand(gemm_internal::MmaOperands::kF16, tile_rows);
  }
}

}  // namespace
}  // namespace mxfp4::gpu
