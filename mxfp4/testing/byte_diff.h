// File: mxfp4/testing/byte_diff.h
//
// Raw byte comparison for testers whose contract is "the same bits": where the
// first difference is, how many there are, and a hex dump of a neighbourhood
// with the differing bytes marked.
//
// Example:
//   ByteDiff d = DiffBytes(gpu.data(), emu.data(), n);
//   if (d.count) ADD_FAILURE() << HexNeighbourhood(gpu.data(), emu.data(), n, d.first, 16);

#ifndef MXFP4_TESTING_BYTE_DIFF_H_
#define MXFP4_TESTING_BYTE_DIFF_H_

#include <cstdint>
#include <string>

namespace mxfp4::testing {

struct ByteDiff {
  int64_t first = -1;  // offset of the first differing byte, -1 if none
  int64_t count = 0;   // number of differing bytes
};

ByteDiff DiffBytes(const uint8_t* actual, const uint8_t* expected, int64_t n);

// Two lines ("actual  :" / "expected:") of up to 2*radius+1 bytes around
// `center`, aligned, differing bytes marked with '*', offsets printed.
std::string HexNeighbourhood(const uint8_t* actual, const uint8_t* expected, int64_t n,
                             int64_t center, int64_t radius);

}  // namespace mxfp4::testing

#endif  // MXFP4_TESTING_BYTE_DIFF_H_
