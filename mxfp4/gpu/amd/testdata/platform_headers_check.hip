// File: mxfp4/gpu/amd/testdata/platform_headers_check.hip
//
// Compile check: the AMD branches of the portable device headers
// (mxfp4/gpu/platform/intrinsics.h, mxfp4/gpu/common/device_scale.h) build
// for gfx950 with clang-22 and -Werror. Nothing runs this kernel; it uses
// every vendor-switched helper so that each AMD branch is instantiated.

#include "mxfp4/gpu/common/device_scale.h"
#include "mxfp4/gpu/platform/intrinsics.h"

extern "C" __global__ void mxfp4_gfx950_platform_headers_check(const void* in, void* out,
                                                               uint32_t x) {
  using namespace mxfp4::gpu;
  Vec128 v = LoadGlobalStreaming128(in);
  const Vec128 r = LoadGlobalReadOnly128(in);
  v.w[0] ^= r.w[1] ^ BytePermute(x, v.w[2], 0x3210u) ^ static_cast<uint32_t>(LaneId());
  v.w[1] = WarpReduceMaxU32(v.w[1]) ^ Max3U16x2(v.w[1], r.w[2], x);
  v.w[2] = FloatAsU32(device_scale::E8m0ToFloat(x & 0xFFu)) ^
           FloatAsU32(device_scale::HalfScaleReciprocal(x & 0xFFu));
  StoreGlobalStreaming128(out, v);
}
