// File: mxfp4/gpu/gemm/internal/cluster_wave_probe_stub.cc
//
// cluster_wave_probe.h without nvcc (--define=mxfp4_gpu=none): "no device".

#include "mxfp4/gpu/gemm/internal/cluster_wave_probe.h"

namespace mxfp4::gpu::gemm_internal {

hipError_t MaxActiveClusters(int, int, int, int*) { return hipErrorNoDevice; }

}  // namespace mxfp4::gpu::gemm_internal
