// File: mxfp4/gpu/amd/gfx950_plan.h
//
// Host-side dispatch for the gfx950 GEMM C = A * B^T (A bf16, B MXFP4
// preshuffled with shuffled16 scales; spec: shared/spec/workload.md): which
// path a shape takes, how many K splits, how much workspace, and the exact
// list of kernel launches (kernel, grid, argument struct). The same plan is
// executed by the CPU emulator (gfx950_emulator.h, in CI) and by the HIP
// module runtime on an MI355X (gfx950_runtime.h), so what CI checks is what
// the GPU runs. Building a plan allocates nothing.
//
// Example:
//   Gfx950GemmShape shape{m, n, k};
//   int64_t ws = Gfx950WorkspaceBytes(shape, Gfx950PathOptions{});
//   absl::StatusOr<Gfx950Plan> plan = BuildGfx950GemmPlan(
//       shape, Gfx950PathOptions{}, {d_a, d_b_pre, d_b_scales, d_c, d_ws, ws});
//   // then: emulator.Run(*plan) or runtime.Run(*plan)

#ifndef MXFP4_GPU_AMD_GFX950_PLAN_H_
#define MXFP4_GPU_AMD_GFX950_PLAN_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"

namespace mxfp4::gfx950 {

// The three paths of the original system (spec: workload.md), each with its
// accumulation contract (all are kMfma16: one 16x16x128 instruction per 128 K
// per output, in K order; mxfp4/emu/accumulation.h).
enum class Gfx950Path {
  // K <= 512: gemm_fused_quant_k512 (quantize A in registers with
  // cvt_scalef32_pk_fp4 + scaled MFMA on preshuffled B). kMfma16, no split.
  kFusedQuantK512,
  // K > 512, M <= 32: gemm_splitk_small_m over S splits (blockIdx.z) into
  // fp32 partials, then splitk_combine_bf16 adds them in split order.
  // kMfma16 per split + KSplit::Even(K/32, S, 8).
  kSplitKSmallM,
  // K > 512, M > 32: quantize_rows_even_shuffled16 (A_q + shuffled16 A
  // scales into the workspace), then gemm_preshuffled_64x64. kMfma16.
  kQuantThenGemm,
};

const char* Gfx950PathName(
    Gfx950Path path);  // "fused_quant_k512", "splitk_small_m", "quant_then_gemm"

// Every kernel the plans launch.
enum class Gfx950Kernel {
  kFusedQuantK512M16,
  kFusedQuantK512M32,
  kSplitkSmallMM16,
  kSplitkSmallMM32,
  kSplitkCombine,
  kQuantizeRows,
  kGemmPreshuffled,
};
inline constexpr int kNumGfx950Kernels = 7;

// The kernel's symbol (gfx950_kernel_abi.h) and the code object (source
// stem under kernels/) that holds it.
const char* Gfx950KernelSymbol(Gfx950Kernel kernel);
const char* Gfx950KernelCodeObject(Gfx950Kernel kernel);

struct Gfx950GemmShape {
  int64_t m = 0;
  int64_t n = 0;
  int64_t k = 0;
};

struct Gfx950PathOptions {
  // Force a path / a split count (0 = choose). A forced path must be able to
  // run the shape (any path can; only the speed differs).
  bool force_path = false;
  Gfx950Path path = Gfx950Path::kFusedQuantK512;
  int splits = 0;
  // Compute units used to size split-K (MI355X: 256).
  int num_compute_units = 256;
};

// ChooseGfx950Path(): K <= 512 -> fused; else M <= 32 -> split-K; else quant + GEMM.
Gfx950Path ChooseGfx950Path(const Gfx950GemmShape& shape, const Gfx950PathOptions& options);

// Gfx950MTiles(): 16-row M tiles per workgroup in the fused kernels: 1 when
// M <= 16 (halves wasted MFMA work on tiny M, as the original's BLOCK_M = 16),
// else 2.
int Gfx950MTiles(int64_t m);

// Gfx950Splits(): K splits for split-K: enough workgroups for one per
// compute unit, at most 8, no empty split (each split has >= 1 256-K pair).
// 1 for the other paths.
int Gfx950Splits(const Gfx950GemmShape& shape, const Gfx950PathOptions& options);

// ValidateGfx950Shape(): M >= 1, N >= 16 and N % 16 == 0, K >= 64 and
// K % 64 == 0 (preshuffled B), every size and M*N, M*K, N*K within int32
// element counts. InvalidArgument naming the value otherwise.
absl::Status ValidateGfx950Shape(const Gfx950GemmShape& shape);

// Gfx950WorkspaceBytes(): scratch the plan needs (0 for the fused path;
// fp32 partials for split-K; A_q + shuffled A scales for quant + GEMM), each
// region 256-byte aligned.
int64_t Gfx950WorkspaceBytes(const Gfx950GemmShape& shape, const Gfx950PathOptions& options);

// Device (or emulated) buffers of one GEMM call.
struct Gfx950GemmBuffers {
  const uint16_t* a = nullptr;             // bf16 bits (M, K)
  const uint8_t* b_preshuffled = nullptr;  // (N, K/2) preshuffled (16,16)
  const uint8_t* b_scales = nullptr;       // shuffled16 (RoundUp(N,256), RoundUp(K/32,8))
  uint16_t* c = nullptr;                   // bf16 bits (M, N)
  void* workspace = nullptr;               // Gfx950WorkspaceBytes(), 256-byte aligned
  int64_t workspace_bytes = 0;
};

struct Gfx950Launch {
  Gfx950Kernel kernel = Gfx950Kernel::kFusedQuantK512M16;
  Grid3 grid{1, 1, 1};
  // The argument struct of `kernel` (exactly one is meaningful).
  FusedQuantGemmArgs fused{};
  SplitkCombineArgs combine{};
  QuantizeRowsArgs quantize{};
  GemmPreshuffledArgs gemm{};
};

// At most two launches per call, run in order on one stream.
struct Gfx950Plan {
  Gfx950Path path = Gfx950Path::kFusedQuantK512;
  int splits = 1;
  int num_launches = 0;
  Gfx950Launch launches[2];
};

// BuildGfx950GemmPlan()
//
// Validates the shape and buffers (non-null, workspace large enough and
// 256-byte aligned) and returns the launches. InvalidArgument otherwise.
absl::StatusOr<Gfx950Plan> BuildGfx950GemmPlan(const Gfx950GemmShape& shape,
                                               const Gfx950PathOptions& options,
                                               const Gfx950GemmBuffers& buffers);

// Workspace regions (byte offsets) of the quant + GEMM path.
int64_t Gfx950AqOffset();
int64_t Gfx950AScalesOffset(const Gfx950GemmShape& shape);

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_GFX950_PLAN_H_
