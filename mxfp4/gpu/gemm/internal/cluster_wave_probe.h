// File: mxfp4/gpu/gemm/internal/cluster_wave_probe.h
//
// Diagnostics, not a path: how many thread-block clusters of a given size the
// device runs at once when each CTA needs `smem_bytes` of dynamic shared
// memory and `threads` threads (cudaOccupancyMaxActiveClusters on an empty
// kernel). A cluster must fit in one GPC, so with one CTA per SM a wave holds
// fewer CTAs than SMs for most cluster sizes: the K-split ring tiles'
// cluster choice (dispatch_rules.cc RingClusterSize) keeps its grids within that
// (docs/paths-history.md "Measured (2026-12-01, session 30)").

#ifndef MXFP4_GPU_GEMM_INTERNAL_CLUSTER_WAVE_PROBE_H_
#define MXFP4_GPU_GEMM_INTERNAL_CLUSTER_WAVE_PROBE_H_

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

// Clusters of `cluster_ctas` CTAs (1..16; above 8 the non-portable sizes)
// resident at once on the current device, into *clusters.
hipError_t MaxActiveClusters(int cluster_ctas, int threads, int smem_bytes, int* clusters);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_CLUSTER_WAVE_PROBE_H_
