// File: mxfp4/gpu/platform/build_info.h
//
// Whether this binary was built with GPU code (--define=mxfp4_gpu=cuda) or as
// stubs (--define=mxfp4_gpu=none, no nvcc on the build machine). Defined by
// hip_runtime_cuda.cu.cc or hip_runtime_stub.cc, whichever the build links.

#ifndef MXFP4_GPU_PLATFORM_BUILD_INFO_H_
#define MXFP4_GPU_PLATFORM_BUILD_INFO_H_

namespace mxfp4::gpu {

// GpuBuildEnabled()
// True when kernels were compiled in; false in the stub build, where every
// hip* call returns hipErrorNoDevice and statuses say "built without GPU support".
bool GpuBuildEnabled();

// GpuBuildDescription()
// Human-readable build target, e.g. "cuda sm_90a (nvcc 13.0)" or "none (stubs)".
const char* GpuBuildDescription();

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_PLATFORM_BUILD_INFO_H_
