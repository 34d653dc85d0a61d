// File: mxfp4/testing/quantize_tester.h
//
// GPU-vs-emulator tester for bf16 -> MXFP4 quantization (ruy/XNNPACK style,
// shared/style.md). It makes a seeded input, poisons the device output buffers
// (and guard bytes after them), runs mxfp4::gpu::QuantizeBf16OnGpu and the
// emulator mxfp4::QuantizeBf16 on the same bytes, and compares raw bits:
// every data byte, every scale byte (padding of the shuffled layouts
// included), and that no guard byte changed. On a mismatch it reports (via
// gtest) the configuration with its seed, the first mismatch with coordinates
// and both values in hex and decimal, the block's inputs and a neighbourhood.
//
// Example:
//   TEST(QuantizeGpuTest, Small) {
//     MXFP4_SKIP_IF_NO_GPU();
//     QuantizeTester().m(17).k(96).rule(ScaleRule::kEven)
//         .layout(ScaleLayout::kShuffled16).seed(7).Test();
//   }
// A GemmTester for the GPU GEMMs sits next to it with the same shape.

#ifndef MXFP4_TESTING_QUANTIZE_TESTER_H_
#define MXFP4_TESTING_QUANTIZE_TESTER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/quantize/quantize.h"
#include "mxfp4/testing/bf16_inputs.h"

namespace mxfp4::testing {

class QuantizeTester {
 public:
  QuantizeTester& m(int64_t m) { m_ = m; return *this; }
  QuantizeTester& k(int64_t k) { k_ = k; return *this; }
  QuantizeTester& rule(ScaleRule rule) { rule_ = rule; return *this; }
  QuantizeTester& layout(ScaleLayout layout) { layout_ = layout; return *this; }
  QuantizeTester& variant(gpu::QuantizeKernelVariant variant) { variant_ = variant; return *this; }
  QuantizeTester& distribution(Bf16Distribution d) { distribution_ = d; return *this; }
  QuantizeTester& seed(uint64_t seed) { seed_ = seed; return *this; }
  // Byte written over the outputs and guard bytes before the kernel runs.
  QuantizeTester& poison(uint8_t byte) { poison_ = byte; return *this; }
  // Explicit input (m*k bf16 bit patterns); overrides distribution().
  QuantizeTester& input(std::vector<uint16_t> values) { input_ = std::move(values); return *this; }

  // Runs both sides and compares. Reports failures with ADD_FAILURE (so the
  // calling test fails) and returns true when every byte agrees.
  bool Test() const;

  // "m=17 k=96 rule=even layout=shuffled16 variant=bf16x2_packed input=normal seed=7"
  std::string Describe() const;

 private:
  int64_t m_ = 1;
  int64_t k_ = 32;
  ScaleRule rule_ = ScaleRule::kEven;
  ScaleLayout layout_ = ScaleLayout::kNatural;
  gpu::QuantizeKernelVariant variant_ = gpu::kDefaultQuantizeKernelVariant;
  Bf16Distribution distribution_ = Bf16Distribution::kNormal;
  uint64_t seed_ = 1;
  uint8_t poison_ = 0xAB;
  std::optional<std::vector<uint16_t>> input_;
};

}  // namespace mxfp4::testing

#endif  // MXFP4_TESTING_QUANTIZE_TESTER_H_
