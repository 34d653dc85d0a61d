// File: mxfp4/gpu/amd/minimal_hip/hip/hip_runtime.h
//
// A minimal stand-in for ROCm's <hip/hip_runtime.h>, DEVICE SIDE ONLY, for
// building gfx950 code objects with a plain LLVM clang (Debian's clang-22,
// `-nogpuinc -nogpulib`) where no ROCm is installed (docs/amd.md). It provides
// the kernel-language subset the project's device code uses, spelled as in
// HIP, implemented with clang's amdgcn builtins:
//   __global__ __device__ __host__ __shared__ __constant__ __forceinline__
//   __launch_bounds__(n), threadIdx / blockIdx / blockDim / gridDim (.x .y .z),
//   __syncthreads(), __lane_id(), __shfl_xor(), __float_as_uint(),
//   __uint_as_float().
// No host runtime API: code objects are loaded with the HIP module API
// (mxfp4/gpu/amd/gfx950_runtime.h). It is on the include path of gfx950
// device compiles only (//mxfp4/gpu/amd:gfx950.bzl), so real ROCm headers are
// never mixed with it.

#ifndef MXFP4_GPU_AMD_MINIMAL_HIP_HIP_HIP_RUNTIME_H_
#define MXFP4_GPU_AMD_MINIMAL_HIP_HIP_HIP_RUNTIME_H_

#if !defined(__HIP__) || !defined(__AMDGCN__)
#error "minimal_hip is for the clang HIP device pass for AMD GPUs only"
#endif

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(max_threads) \
  __attribute__((amdgpu_flat_work_group_size(1, max_threads)))

// threadIdx.x etc.: properties read through the work-item / work-group
// builtins, as ROCm's headers do (clang accepts __declspec(property) in HIP).
struct __mxfp4_hip_thread_idx {
  __device__ unsigned get_x() const { return __builtin_amdgcn_workitem_id_x(); }
  __device__ unsigned get_y() const { return __builtin_amdgcn_workitem_id_y(); }
  __device__ unsigned get_z() const { return __builtin_amdgcn_workitem_id_z(); }
  __declspec(property(get = get_x)) unsigned x;
  __declspec(property(get = get_y)) unsigned y;
  __declspec(property(get = get_z)) unsigned z;
};
struct __mxfp4_hip_block_idx {
  __device__ unsigned get_x() const { return __builtin_amdgcn_workgroup_id_x(); }
  __device__ unsigned get_y() const { return __builtin_amdgcn_workgroup_id_y(); }
  __device__ unsigned get_z() const { return __builtin_amdgcn_workgroup_id_z(); }
  __declspec(property(get = get_x)) unsigned x;
  __declspec(property(get = get_y)) unsigned y;
  __declspec(property(get = get_z)) unsigned z;
};
struct __mxfp4_hip_block_dim {
  __device__ unsigned get_x() const { return __builtin_amdgcn_workgroup_size_x(); }
  __device__ unsigned get_y() const { return __builtin_amdgcn_workgroup_size_y(); }
  __device__ unsigned get_z() const { return __builtin_amdgcn_workgroup_size_z(); }
  __declspec(property(get = get_x)) unsigned x;
  __declspec(property(get = get_y)) unsigned y;
  __declspec(property(get = get_z)) unsigned z;
};
struct __mxfp4_hip_grid_dim {
  __device__ unsigned get_x() const { return __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(); }
  __device__ unsigned get_y() const { return __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(); }
  __device__ unsigned get_z() const { return __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z(); }
  __declspec(property(get = get_x)) unsigned x;
  __declspec(property(get = get_y)) unsigned y;
  __declspec(property(get = get_z)) unsigned z;
};
// Only their properties are used; the objects are never defined.
extern const __device__ __mxfp4_hip_thread_idx threadIdx;
extern const __device__ __mxfp4_hip_block_idx blockIdx;
extern const __device__ __mxfp4_hip_block_dim blockDim;
extern const __device__ __mxfp4_hip_grid_dim gridDim;

// __syncthreads(): workgroup barrier with release/acquire fences (LDS and
// global memory written before it are visible after it), as in ROCm.
__device__ inline void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

// __lane_id(): index 0..63 of this lane in its wave.
__device__ inline unsigned __lane_id() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

// __shfl_xor(): the value of lane (__lane_id() ^ lane_mask) (ds_bpermute).
__device__ inline unsigned __shfl_xor(unsigned value, int lane_mask) {
  const int src = static_cast<int>(__lane_id()) ^ lane_mask;
  return static_cast<unsigned>(__builtin_amdgcn_ds_bpermute(src << 2, static_cast<int>(value)));
}
__device__ inline int __shfl_xor(int value, int lane_mask) {
  return static_cast<int>(__shfl_xor(static_cast<unsigned>(value), lane_mask));
}
__device__ inline float __shfl_xor(float value, int lane_mask) {
  return __builtin_bit_cast(float, __shfl_xor(__builtin_bit_cast(unsigned, value), lane_mask));
}

__device__ inline unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
__device__ inline float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }

#endif  // MXFP4_GPU_AMD_MINIMAL_HIP_HIP_HIP_RUNTIME_H_
