// File: mxfp4/emu/reference_gemm.h
//
// Bit-exact CPU reference GEMMs C = A * B^T for MXFP4 A (M, K) and B (N, K),
// one per accumulation contract (docs/accumulation.md; spec:
// shared/spec/gpu-design.md, "The accumulation contract"). Operands are
// Mxfp4Views in any layout (natural or preshuffled B data; natural, shuffled16
// or shuffled32 scales). Output is fp32, or bf16 bits (RNE from the fp32
// result; for kIdeal one rounding straight from the exact sum).
//
// Block dot products are exact integer dots of E2m1ToTwice values (SIMD when the
// CPU has AVX2), cache-blocked and multi-threaded; the result does not depend
// on the thread count or the kernel (tests check this bit for bit). Every NaN
// output is the canonical quiet NaN (0x7FC00000 / 0x7FC0).
//
// Example:
//   absl::StatusOr<Mxfp4View> a = a_matrix.view();   // (M, K)
//   absl::StatusOr<Mxfp4View> b = b_matrix.view();   // (N, K)
//   std::vector<float> c(M * N);
//   GemmOptions options;                              // block_fma, no K-split
//   options.k_split = *KSplit::Even(K / 32, 4);       // the GPU path's 4 splits
//   absl::Status s = ReferenceGemm(*a, *b, options, absl::MakeSpan(c));
//   GemmOptions ideal;
//   ideal.contract = Contract::kIdeal;
//   std::vector<uint16_t> c_bf16(M * N);
//   s = ReferenceGemmBf16(*a, *b, ideal, absl::MakeSpan(c_bf16));

#ifndef MXFP4_EMU_REFERENCE_GEMM_H_
#define MXFP4_EMU_REFERENCE_GEMM_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/mfma.h"

namespace mxfp4 {

// Which CPU code computes the block dot products. All give identical bits.
enum class CpuKernel {
  kAuto,      // kAvx2 when the CPU supports AVX2 and FMA, else kPortable.
  kPortable,  // Plain C++.
  kAvx2,      // AVX2 u8*s8 multiply-adds (vpmaddubsw) and vector FMA.
};

const char* CpuKernelName(CpuKernel kernel);  // "auto", "portable", "avx2"
bool CpuKernelAvailable(CpuKernel kernel);

struct GemmOptions {
  Contract contract = Contract::kBlockFma;
  // Not allowed with kIdeal; for kMfma16/kMfma32 boundaries must be multiples
  // of 4 / 2 blocks. The default is no split.
  KSplit k_split;
  // Used by kMfma16 / kMfma32 only.
  MfmaRoundingModel mfma_rounding = MfmaRoundingModel::kExactSumSingleRounding;
  // Worker threads; 0 = std::thread::hardware_concurrency().
  int num_threads = 0;
  CpuKernel cpu_kernel = CpuKernel::kAuto;
};

// ValidateGemm()
//
// The checks ReferenceGemm runs: A and B have the same K, `c_size` == M * N,
// the K-split is valid for the contract, num_threads >= 0, the kernel is
// available. InvalidArgument (or FailedPrecondition for an unavailable
// kernel) with a message that names the offending value.
absl::Status ValidateGemm(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                          int64_t c_size);

// ReferenceGemm()
//
// c[m * N + n] = sum over K of A[m][k] * B[n][k] under options.contract.
// Allocates O((M + N) * K) scratch per call (expanded operands).
absl::Status ReferenceGemm(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                           absl::Span<float> c);

// ReferenceGemmBf16()
//
// As ReferenceGemm with bf16 output bits: FloatToBf16 (RNE) of the fp32 result
// for kBlockFma / kMfma16 / kMfma32; for kIdeal the exact sum is rounded once,
// directly to bf16 (which can differ from rounding the fp32 ideal again).
absl::Status ReferenceGemmBf16(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                               absl::Span<uint16_t> c);

// One output of the reference GEMM computed long hand (no SIMD, no threads),
// for diagnosis: both output formats, plus ExplainGemmElement's trace.
struct GemmElement {
  float fp32 = 0.0f;
  uint16_t bf16 = 0;
};
absl::StatusOr<GemmElement> ReferenceGemmElement(const Mxfp4View& a, const Mxfp4View& b,
                                                 const GemmOptions& options, int64_t m,
                                                 int64_t n);

// ExplainGemmElement()
//
// A human-readable trace of how output (m, n) is accumulated under the
// contract: per block dot4, P, scale bytes, scale product, and the
// accumulator after each step (hex and decimal); split partials and their
// combination. For debugging a GPU mismatch at one position.
absl::StatusOr<std::string> ExplainGemmElement(const Mxfp4View& a, const Mxfp4View& b,
                                               const GemmOptions& options, int64_t m, int64_t n);

}  // namespace mxfp4

#endif  // MXFP4_EMU_REFERENCE_GEMM_H_
