// File: mxfp4/gpu/gemm/int8_test_weights.h
//
// Seeded natural-layout MXFP4 weights for the int8 prepared image tests
// (int8_image_test on the CPU, prepare_weight_int8_test on the device):
// random rows of every kind the row summary distinguishes (valid rows with
// spreads 0..3 and zero blocks, rows with random scales, mostly-zero rows)
// and, from 4 blocks a row, the deliberate special rows listed below.

#ifndef MXFP4_GPU_GEMM_INT8_TEST_WEIGHTS_H_
#define MXFP4_GPU_GEMM_INT8_TEST_WEIGHTS_H_

#include <cstdint>
#include <random>

#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4::gpu::int8_testing {

// The special rows 0..kSpecialRows - 1 (when k >= 128) and the low 16 bits of
// the info each must summarize to (ref | spread << 8; 0xFE00 zero row, norm
// 0; 0xFF00 invalid, all high bits set). The norm bits of valid rows depend on
// the random codes (int8_image_test checks them long-hand).
inline constexpr int kSpecialRows = 12;
inline constexpr uint16_t kSpecialInfo[kSpecialRows] = {
    0xFF00,  // 0: a NaN scale in a non-zero block
    0xFF00,  // 1: spread 4 (100..104)
    0xFE00,  // 2: all-zero codes (+-0), scales 0..127
    0xFF00,  // 3: all-zero codes, one scale byte 200
    0xFF00,  // 4: valid 100..102 but a zero block of scale 150 > max(127, 102)
    0x0376,  // 5: 118..121 (spread 3), zero blocks of scale 127 and 0
    0x03C8,  // 6: 200..203, a zero block of scale 203 (the row's largest: allowed)
    0xFF00,  // 7: valid 120..121 but a zero block with the NaN scale
    0x0200,  // 8: ref 0 (scale 0, 2^-127), 0..2
    0x03FB,  // 9: 251 / 254, every code +-6: bytes +-96 at shift 3
    0x0082,  // 10: 130, blocks with a single non-zero code among +-0
    0xFF00,  // 11: all-zero codes with a NaN scale
};

class Int8WeightBuilder {
 public:
  Int8WeightBuilder(int64_t rows, int64_t k, uint64_t seed) : rng_(seed) {
    m_.shape = Mxfp4Shape{rows, k};
    m_.data.assign(static_cast<size_t>(rows * (k / 2)), 0);
    m_.scales.assign(static_cast<size_t>(rows * (k / 32)), 0);
  }

  Mxfp4Matrix Build() {
    const int64_t blocks = m_.shape.k / 32;
    for (int64_t r = 0; r < m_.shape.rows; ++r) RandomRow(r);
    if (blocks >= 4 && m_.shape.rows >= kSpecialRows) {
      for (int r = 0; r < kSpecialRows; ++r) SpecialRow(r);
    }
    return m_;
  }

 private:
  int64_t blocks() const { return m_.shape.k / 32; }
  uint32_t Draw(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }
  uint8_t* Block(int64_t r, int64_t g) { return &m_.data[r * (m_.shape.k / 2) + 16 * g]; }
  uint8_t& Scale(int64_t r, int64_t g) { return m_.scales[r * blocks() + g]; }
  // 32 codes of +-0 (codes 0 and 8 in both nibbles).
  void ZeroBlock(int64_t r, int64_t g) {
    static constexpr uint8_t kZeros[4] = {0x00, 0x08, 0x80, 0x88};
    for (int i = 0; i < 16; ++i) Block(r, g)[i] = kZeros[Draw(4)];
  }
  // Random codes with at least one non-zero magnitude.
  void NonZeroBlock(int64_t r, int64_t g) {
    for (int i = 0; i < 16; ++i) Block(r, g)[i] = static_cast<uint8_t>(rng_());
    Block(r, g)[Draw(16)] |= 0x01;
  }

  void RandomRow(int64_t r) {
    const uint32_t kind = Draw(4);
    const uint32_t base = Draw(252);  // base + 3 <= 254: no NaN in valid rows
    const uint32_t spread = kind == 3 ? Draw(6) : Draw(4);
    const uint32_t zero_limit = base + spread > 127 ? base + spread : 127;
    for (int64_t g = 0; g < blocks(); ++g) {
      if (kind == 2) {  // anything: mostly invalid rows, NaN included
        NonZeroBlock(r, g);
        if (Draw(8) == 0) ZeroBlock(r, g);
        Scale(r, g) = static_cast<uint8_t>(Draw(256));
        continue;
      }
      // kinds 0, 1: mostly valid rows; 3: mostly zero blocks (zero rows too)
      const bool zero = kind == 3 ? Draw(4) != 0 : Draw(4) == 0;
      if (zero) {
        ZeroBlock(r, g);
        // Mostly within the row's limit, sometimes anywhere.
        Scale(r, g) = static_cast<uint8_t>(Draw(16) == 0 ? Draw(256) : Draw(zero_limit + 1));
      } else {
        NonZeroBlock(r, g);
        Scale(r, g) = static_cast<uint8_t>(base + Draw(spread + 1));
      }
    }
  }

  // Row r's blocks: non-zero with scales cycling through `lo..hi`.
  void NonZeroRow(int64_t r, uint32_t lo, uint32_t hi) {
    for (int64_t g = 0; g < blocks(); ++g) {
      NonZeroBlock(r, g);
      Scale(r, g) = static_cast<uint8_t>(lo + g % (hi - lo + 1));
    }
  }

  void SpecialRow(int r) {
    switch (r) {
      case 0:
        NonZeroRow(r, 120, 120);
        Scale(r, 1) = 0xFF;
        break;
      case 1:
        NonZeroRow(r, 100, 103);
        Scale(r, 0) = 100;
        Scale(r, blocks() - 1) = 104;
        break;
      case 2:
        for (int64_t g = 0; g < blocks(); ++g) {
          ZeroBlock(r, g);
          Scale(r, g) = static_cast<uint8_t>(g == 0 ? 127 : Draw(128));
        }
        break;
      case 3:
        for (int64_t g = 0; g < blocks(); ++g) {
          ZeroBlock(r, g);
          Scale(r, g) = static_cast<uint8_t>(Draw(128));
        }
        Scale(r, blocks() - 1) = 200;
        break;
      case 4:
        NonZeroRow(r, 100, 102);
        ZeroBlock(r, 2);
        Scale(r, 2) = 150;
        break;
      case 5:
        NonZeroRow(r, 118, 121);
        ZeroBlock(r, 1);
        Scale(r, 1) = 127;
        ZeroBlock(r, 2);
        Scale(r, 2) = 0;
        Scale(r, 0) = 118;
        Scale(r, 3) = 121;
        break;
      case 6:
        NonZeroRow(r, 200, 203);
        ZeroBlock(r, 1);
        Scale(r, 1) = 203;
        Scale(r, 0) = 200;
        Scale(r, 3) = 203;
        break;
      case 7:
        NonZeroRow(r, 120, 121);
        ZeroBlock(r, 3);
        Scale(r, 3) = 0xFF;
        break;
      case 8:
        NonZeroRow(r, 0, 2);
        break;
      case 9:
        for (int64_t g = 0; g < blocks(); ++g) {
          for (int i = 0; i < 16; ++i) Block(r, g)[i] = Draw(2) ? 0x77 : (Draw(2) ? 0xFF : 0x7F);
          Scale(r, g) = g % 2 == 0 ? 251 : 254;
        }
        break;
      case 10:
        for (int64_t g = 0; g < blocks(); ++g) {
          ZeroBlock(r, g);
          Block(r, g)[15] = static_cast<uint8_t>((Block(r, g)[15] & 0x0F) | 0x90);  // -0.5 last
          Scale(r, g) = 130;
        }
        break;
      default:  // 11
        for (int64_t g = 0; g < blocks(); ++g) {
          ZeroBlock(r, g);
          Scale(r, g) = 10;
        }
        Scale(r, 0) = 0xFF;
        break;
    }
  }

  Mxfp4Matrix m_;
  std::mt19937_64 rng_;
};

// A natural-layout (rows, k) weight drawn from `seed`.
inline Mxfp4Matrix Int8TestWeight(int64_t rows, int64_t k, uint64_t seed) {
  return Int8WeightBuilder(rows, k, seed).Build();
}

}  // namespace mxfp4::gpu::int8_testing

#endif  // MXFP4_GPU_GEMM_INT8_TEST_WEIGHTS_H_
