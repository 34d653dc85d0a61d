// File: mxfp4/emu/gemm_test_oracle.h
//
// Testonly: deliberately slow, independent oracles for the accumulation
// contracts (docs/accumulation.md). They share no arithmetic with the
// production code: dot products in double from the E2M1 value table, scales
// via ldexp, and exact sums as plain bit arrays (one byte per bit) with
// schoolbook carry/borrow, rounded by inspecting guard and sticky bits.

#ifndef MXFP4_EMU_GEMM_TEST_ORACLE_H_
#define MXFP4_EMU_GEMM_TEST_ORACLE_H_

#include <cstdint>
#include <vector>

#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4 {
namespace oracle {

// An exact sum of finite dyadic numbers m * 2^e, e in [kLowBit, kHighBit - 64).
class BitVectorSum {
 public:
  static constexpr int kLowBit = -400;
  static constexpr int kHighBit = 600;

  BitVectorSum();
  void Add(int64_t m, int exp2);
  void AddFiniteFloat(float x);
  // Round once (RNE, gradual underflow, overflow to Inf). Exactly zero -> +0.
  uint32_t RoundFp32Bits() const;
  uint16_t RoundBf16Bits() const;

 private:
  // Returns the magnitude bits (index i = 2^(kLowBit + i)) and sign.
  std::vector<uint8_t> Magnitude(bool* negative) const;
  double RoundToPrecision(int precision) const;  // exact rounded value as a double
  std::vector<uint8_t> pos_, neg_;
};

// 4 * (dot product of block g of A row m and B row n), from value tables.
int32_t Dot4(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n, int64_t g);

// block_fma over blocks [g_begin, g_end) from +0.0f: fma(P, s, acc), with s
// the fp32 rounding of the exact scale product 2^(sa-127) * 2^(sb-127).
float BlockFma(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n, int64_t g_begin,
               int64_t g_end);

// The ideal contract (NaN scale -> NaN, returned as 0x7FC00000 / 0x7FC0).
uint32_t IdealFp32Bits(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n);
uint16_t IdealBf16Bits(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n);

// The MFMA kExactSumSingleRounding model for one instruction: c plus the
// blocks' terms, one rounding (NaN -> 0x7FC00000; Inf c passes through).
float MfmaExactStep(float c, const int32_t* dot4, const uint8_t* sa, const uint8_t* sb,
                    int num_blocks);

}  // namespace oracle
}  // namespace mxfp4

#endif  // MXFP4_EMU_GEMM_TEST_ORACLE_H_
