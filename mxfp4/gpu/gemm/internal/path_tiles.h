// File: mxfp4/gpu/gemm/internal/path_tiles.h
//
// Tiles by name and which paths run them (gemm_paths.cc, beside the path
// registry): the planner's lookups for GemmOptions::tile and GemmPlan::tile.
// Host only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_PATH_TILES_H_
#define MXFP4_GPU_GEMM_INTERNAL_PATH_TILES_H_

#include <string>

#include "absl/status/statusor.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// The tile called `name` (TileConfigDesc::name), or InvalidArgument listing
// the known names.
absl::StatusOr<TileConfigId> TileByName(const std::string& name);

// Whether `path`'s kernels instantiate tile `id`.
bool PathAcceptsTile(GemmPath path, TileConfigId id);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_PATH_TILES_H_
