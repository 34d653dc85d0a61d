// File: mxfp4/gpu/platform/example_iota.h
//
// The smallest complete GPU library, kept as the template for new kernels
// (docs/gpu.md, "Adding a kernel") and as the platform layer's own smoke test:
//   example_iota.h            public host API (g++-safe, absl::Status)
//   example_iota.cc           argument checks + error mapping (g++, both builds)
//   example_iota_launch.h     raw launcher declaration, returns hipError_t
//   example_iota_kernel.cu.cc kernel + raw launcher (nvcc, --define=mxfp4_gpu=cuda)
//   example_iota_stub.cc      raw launcher stub (--define=mxfp4_gpu=none)

#ifndef MXFP4_GPU_PLATFORM_EXAMPLE_IOTA_H_
#define MXFP4_GPU_PLATFORM_EXAMPLE_IOTA_H_

#include <cstdint>

#include "absl/status/status.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {

// IotaU32OnGpu()
// d_out[i] = start + i for i in [0, n), asynchronously on `stream`.
//
// Example:
//   MXFP4_GPU_RETURN_IF_ERROR(IotaU32OnGpu(d_out, 1000, 7, stream));
absl::Status IotaU32OnGpu(uint32_t* d_out, int64_t n, uint32_t start, hipStream_t stream);

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_PLATFORM_EXAMPLE_IOTA_H_
