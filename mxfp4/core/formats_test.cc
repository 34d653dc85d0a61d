#include "mxfp4/core/formats.h"

#include "gtest/gtest.h"

namespace mxfp4 {
namespace {

TEST(Bf16, RoundTripEveryPattern) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    float f = Bf16ToFloat(static_cast<uint16_t>(b));
    uint16_t back = FloatToBf16(f);
    if ((b & 0x7F80) == 0x7F80 && (b & 0x7F)) {
      EXPECT_EQ(back, b | 0x40) << std::hex << b;  // NaN quieted
    } else {
      EXPECT_EQ(back, b) << std::hex << b;
    }
  }
}

}  // namespace
}  // namespace mxfp4
