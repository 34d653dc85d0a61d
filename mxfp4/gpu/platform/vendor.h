// File: mxfp4/gpu/platform/vendor.h
//
// Which GPU vendor and which compiler pass this translation unit is built for
// (spec: shared/spec/gpu-design.md, "HIP on NVIDIA"). Everything else in the
// platform layer selects on these macros, so a ROCm/clang build later only has
// to fill in the AMD branches:
//
//   MXFP4_GPU_VENDOR_AMD     HIP on ROCm (hip-clang, __HIP_PLATFORM_AMD__).
//   MXFP4_GPU_VENDOR_NVIDIA  our HIP-on-CUDA shim (nvcc, or g++ host TUs).
//   MXFP4_GPU_DEVICE_COMPILER  this TU is compiled by a GPU compiler (nvcc or
//                              hip-clang), so __global__/__device__ exist.
//   MXFP4_GPU_DEVICE_PASS    we are in the device-code pass of that compiler.
//
// MXFP4_HOST_DEVICE marks small helpers usable on both sides; it is empty in
// g++ TUs so the same header compiles there too.

#ifndef MXFP4_GPU_PLATFORM_VENDOR_H_
#define MXFP4_GPU_PLATFORM_VENDOR_H_

#if defined(__HIP_PLATFORM_AMD__)
#define MXFP4_GPU_VENDOR_AMD 1
#else
#define MXFP4_GPU_VENDOR_NVIDIA 1
#endif

#if defined(__CUDACC__) || defined(__HIPCC__) || defined(__HIP__)
#define MXFP4_GPU_DEVICE_COMPILER 1
#endif

#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define MXFP4_GPU_DEVICE_PASS 1
#endif

#if defined(MXFP4_GPU_DEVICE_COMPILER)
#define MXFP4_HOST_DEVICE __host__ __device__
#define MXFP4_DEVICE_INLINE __device__ __forceinline__
#else
#define MXFP4_HOST_DEVICE
#endif

#endif  // MXFP4_GPU_PLATFORM_VENDOR_H_
