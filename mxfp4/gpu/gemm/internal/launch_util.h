// File: mxfp4/gpu/gemm/internal/launch_util.h
//
// Host-side launch helpers shared by the GEMM kernels' .cu.cc files: the
// one-time shared-memory opt-in per kernel and device and cudaLaunchKernelEx with the
// cluster-size and programmatic-dependent-launch attributes (NVIDIA only;
// both are captured into CUDA graphs as ordinary kernel nodes / edges).
//
// nvcc TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_LAUNCH_UTIL_H_
#define MXFP4_GPU_GEMM_INTERNAL_LAUNCH_UTIL_H_

#include <cuda_runtime.h>

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/per_device_once.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

inline hipError_t ToHip(cudaError_t e) { return static_cast<hipError_t>(static_cast<int>(e)); }

// AllowMaxDynamicSmem(): raises a kernel's dynamic shared-memory limit once
// per device (before its first launch there: the attribute belongs to the
// current device's context, PerDeviceOnce; not a stream operation, so it is
// also safe while a stream is being captured). cudaGetDevice is a host-side
// read of the thread's current device: no synchronization.
template <typename Kernel>
hipError_t AllowMaxDynamicSmem(Kernel kernel, PerDeviceOnce& done) {
  int device = 0;
  if (const cudaError_t e = cudaGetDevice(&device); e != cudaSuccess) return ToHip(e);
  if (done.Done(device)) return hipSuccess;
  const cudaError_t e =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kMaxDynamicSmem);
  if (e != cudaSuccess) return ToHip(e);
  done.MarkDone(device);
  return hipSuccess;
}

// The CTAs of a launch's K-split cluster: args.splits, or 1 where K is split
// over independent CTAs of the grid (grid_split_counters) instead.
inline int ClusterSplits(const GemmKernelArgs& args) {
  return args.grid_split_counters != nullptr ? 1 : args.splits;
}

// Whether a streaming tile that CombinesByPushedPair takes its pushed-pair
// kernel for this launch (a two-CTA K-split cluster; stream_gemm_body.h's
// kPushedPair).
inline bool LaunchesPushedPair(const GemmKernelArgs& args) { return ClusterSplits(args) == 2; }
// Whether a streaming tile's launch takes its pushed-ranks kernel
// (CombinePushedRanks; stream_gemm_body.h's kPushedRanks): PushesRanks.
inline bool LaunchesPushedRanks(const GemmKernelArgs& args, const TileConfigDesc& cfg) {
  return PushesRanks(cfg, args.blocks_per_split, ClusterSplits(args));
}

// LaunchTileWithSmem(): one tile-GEMM launch with grid (N tiles, M tiles,
// splits), `smem_bytes` of dynamic shared memory, a (1, 1, splits) cluster
// when splits > 1 but for a grid split (args.grid_split_counters: independent
// CTAs) (or a (quant_cluster, 1, 1) cluster, the N tiles rounded up
// to a multiple of it), and programmatic serialization when `programmatic`
// (the kernel then waits with griddepcontrol.wait).
// `extra`: the kernel's parameters after GemmKernelArgs, if any.
// LaunchTile(): the same with the tile's shared-memory plan (MakeSmemPlan;
// LaunchTileWithSmem serves kernels with a plan of their own, the ring tiles'
// k4 decode kernels).
// LaunchTileInClusters(): the same with (1, 1, cluster_splits) clusters
// given, which may be fewer CTAs than args.splits (a grid split of K-split
// clusters: args.splits = clusters x cluster_splits CTAs a tile along z).
template <typename Kernel, typename... Extra>
hipError_t LaunchTileInClusters(Kernel kernel, const GemmKernelArgs& args,
                                const TileConfigDesc& cfg, uint32_t smem_bytes, int cluster_splits,
                                bool programmatic, hipStream_t stream, const Extra&... extra) {
  if (smem_bytes > static_cast<uint32_t>(kMaxDynamicSmem)) return hipErrorInvalidConfiguration;
  cudaLaunchConfig_t launch = {};
  const int quant_cluster = cfg.quant_cluster;
  if (quant_cluster > 1 && args.splits > 1) return hipErrorInvalidValue;
  if (cluster_splits < 1 || args.splits % cluster_splits != 0) return hipErrorInvalidValue;
  launch.gridDim = dim3(static_cast<unsigned>(GridNTiles(cfg, args.n)),
                        (args.m + cfg.block_m() - 1) / cfg.block_m(), args.splits);
  launch.blockDim = dim3(cfg.threads(), 1, 1);
  launch.dynamicSmemBytes = smem_bytes;
  launch.stream = stream;
  cudaLaunchAttribute attrs[2];
  int num_attrs = 0;
  // At most one of the two is above 1 (checked above).
  if (quant_cluster > 1 || cluster_splits > 1) {
    attrs[num_attrs].id = cudaLaunchAttributeClusterDimension;
    attrs[num_attrs].val.clusterDim.x = static_cast<unsigned>(quant_cluster);
    attrs[num_attrs].val.clusterDim.y = 1;
    attrs[num_attrs].val.clusterDim.z = static_cast<unsigned>(cluster_splits);
    ++num_attrs;
  }
  if (programmatic) {
    attrs[num_attrs].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[num_attrs].val.programmaticStreamSerializationAllowed = 1;
    ++num_attrs;
  }
  launch.attrs = attrs;
  launch.numAttrs = num_attrs;
  return ToHip(cudaLaunchKernelEx(&launch, kernel, args, extra...));
}
template <typename Kernel, typename... Extra>
hipError_t LaunchTileWithSmem(Kernel kernel, const GemmKernelArgs& args, const TileConfigDesc& cfg,
                              uint32_t smem_bytes, bool programmatic, hipStream_t stream,
                              const Extra&... extra) {
  return LaunchTileInClusters(kernel, args, cfg, smem_bytes, ClusterSplits(args), programmatic,
                              stream, extra...);
}

template <typename Kernel, typename... Extra>
hipError_t LaunchTile(Kernel kernel, const GemmKernelArgs& args, const TileConfigDesc& cfg,
                      bool programmatic, hipStream_t stream, const Extra&... extra) {
  const uint32_t smem =
      MakeLaunchSmemPlan(cfg, args.blocks_per_split, ClusterSplits(args)).total;
  return LaunchTileWithSmem(kernel, args, cfg, smem, programmatic, stream, extra...);
}

// OptInAndLaunch(): the kernel's one-time shared-memory opt-in (`ready`),
// then its programmatic launch (the kernel waits for the preceding grid
// itself) with the tile's plan (LaunchTile); OptInAndLaunchWithSmem() with
// `smem_bytes` instead (a kernel with a plan of its own, LaunchTileWithSmem).
// The tile kernels of the fused, split-K and quant-then-MMA paths launch so.
template <typename Kernel, typename... Extra>
hipError_t OptInAndLaunch(Kernel kernel, PerDeviceOnce& ready, const GemmKernelArgs& args,
                          const TileConfigDesc& cfg, hipStream_t stream, const Extra&... extra) {
  if (hipError_t e = AllowMaxDynamicSmem(kernel, ready); e != hipSuccess) return e;
  return LaunchTile(kernel, args, cfg, /*programmatic=*/true, stream, extra...);
}
template <typename Kernel>
hipError_t OptInAndLaunchWithSmem(Kernel kernel, PerDeviceOnce& ready, const GemmKernelArgs& args,
                                  const TileConfigDesc& cfg, uint32_t smem_bytes,
                                  hipStream_t stream) {
  if (hipError_t e = AllowMaxDynamicSmem(kernel, ready); e != hipSuccess) return e;
  return LaunchTileWithSmem(kernel, args, cfg, smem_bytes, /*programmatic=*/true, stream);
}

// LaunchProgrammatic(): a plain launch with programmatic serialization: the
// kernel may start while the preceding kernel of the stream still runs (once
// that one's CTAs have all called griddepcontrol.launch_dependents, or have
// exited) and must griddepcontrol.wait before it touches memory that kernel
// may write (the A quantizers wait first thing).
// LaunchProgrammaticWithSmem(): the same with `smem_bytes` of dynamic shared
// memory (the caller has opted the kernel in: AllowMaxDynamicSmem).
template <typename... Params, typename... Args>
hipError_t LaunchProgrammaticWithSmem(void (*kernel)(Params...), dim3 grid, dim3 block,
                                      uint32_t smem_bytes, hipStream_t stream, Args... args) {
  cudaLaunchConfig_t launch = {};
  launch.gridDim = grid;
  launch.blockDim = block;
  launch.dynamicSmemBytes = smem_bytes;
  launch.stream = stream;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  launch.attrs = attr;
  launch.numAttrs = 1;
  return ToHip(cudaLaunchKernelEx(&launch, kernel, static_cast<Params>(args)...));
}
template <typename... Params, typename... Args>
hipError_t LaunchProgrammatic(void (*kernel)(Params...), dim3 grid, dim3 block,
                              hipStream_t stream, Args... args) {
  return LaunchProgrammaticWithSmem(kernel, grid, block, 0u, stream, args...);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_LAUNCH_UTIL_H_
