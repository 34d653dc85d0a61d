// File: mxfp4/gpu/gemm/internal/cluster_wave_probe_kernel.cu.cc
//
// MaxActiveClusters: the runtime's cluster occupancy for an empty kernel
// with the given block size and dynamic shared memory (the GEMM kernels'
// occupancy is one CTA per SM where their shared memory decides it).

#include <cuda_runtime.h>

#include "mxfp4/gpu/gemm/internal/cluster_wave_probe.h"
#include "mxfp4/gpu/gemm/internal/launch_util.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

__global__ void EmptyClusterKernel() {}

}  // namespace

hipError_t MaxActiveClusters(int cluster_ctas, int threads, int smem_bytes, int* clusters) {
  if (cluster_ctas < 1 || cluster_ctas > 16 || threads < 1 || smem_bytes < 0 ||
      clusters == nullptr) {
    return hipErrorInvalidValue;
  }
  if (cudaError_t e = cudaFuncSetAttribute(
          EmptyClusterKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes);
      e != cudaSuccess) {
    return ToHip(e);
  }
  if (cluster_ctas > 8) {
    if (cudaError_t e = cudaFuncSetAttribute(
            EmptyClusterKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
        e != cudaSuccess) {
      return ToHip(e);
    }
  }
  cudaLaunchConfig_t launch = {};
  // Clusters along z, as the K-split GEMM launches (LaunchTile).
  launch.gridDim = dim3(1, 1, static_cast<unsigned>(cluster_ctas));
  launch.blockDim = dim3(static_cast<unsigned>(threads), 1, 1);
  launch.dynamicSmemBytes = static_cast<size_t>(smem_bytes);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 1;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = static_cast<unsigned>(cluster_ctas);
  launch.attrs = attr;
  launch.numAttrs = 1;
  return ToHip(cudaOccupancyMaxActiveClusters(clusters, EmptyClusterKernel, &launch));
}

}  // namespace mxfp4::gpu::gemm_internal
