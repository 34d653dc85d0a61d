// File: mxfp4/gpu/amd/testdata/probe_spill.hip
//
// A kernel that must FAIL the code-object check: it uses private (scratch)
// memory (a 4 KiB array indexed at run time) and no MFMA / cvt instruction.
// check_code_objects_selftest runs the checker on it and expects a failure,
// so the checker is shown to catch scratch and missing instructions.

#include <hip/hip_runtime.h>

extern "C" __global__ void mxfp4_gfx950_probe_spill(const int* in, float* out) {
  float buf[1024];
  const unsigned t = threadIdx.x;
  for (int i = 0; i < 1024; ++i) buf[i] = static_cast<float>(in[i] * static_cast<int>(t));
  out[t] = buf[in[t] & 1023];
}
