// File: mxfp4/gpu/gemm/internal/wgmma_step_probe_stub.cc
//
// wgmma_step_probe.h without nvcc (--define=mxfp4_gpu=none): "no device".

#include "mxfp4/gpu/gemm/internal/wgmma_step_probe.h"

namespace mxfp4::gpu::gemm_internal {

hipError_t RunWgmmaStepProbe(const WgmmaStepProbeConfig&, double*) { return hipErrorNoDevice; }

}  // namespace mxfp4::gpu::gemm_internal
