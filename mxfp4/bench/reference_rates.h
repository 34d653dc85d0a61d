// File: mxfp4/bench/reference_rates.h
//
// Measures, in the same process as the benchmarks, the two machine limits
// the counters are expressed against (docs/performance.md): the bandwidth of
// a large device-to-device copy and the throughput of a large cuBLASLt FP8
// e4m3 GEMM (8192^3), plus a bf16 8192^3 GEMM for orientation. Measuring
// them here rather than quoting data sheets keeps the percentages honest for
// whatever clocks and power limits the machine runs at.
//
// Each is timed back-to-back in a CUDA graph (CallTimer kGraphReplay) and the
// best of a few replays is kept: these are ceilings, not typical values.
// The copy is measured at two sizes (256 and 512 MiB by default), both well
// above the L2, and the faster counts: on the H200 (2026-11-29) a graph of
// 1 GiB copies ran at only 2.7 TB/s while 0.4 GB copies in the same run
// reached 4.2 TB/s, so one very large copy understates the bandwidth.

#ifndef MXFP4_BENCH_REFERENCE_RATES_H_
#define MXFP4_BENCH_REFERENCE_RATES_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "mxfp4/bench/metrics.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::bench {

struct ReferenceRateOptions {
  int64_t copy_bytes = int64_t{256} << 20;  // bytes copied (2x that moved); and 2x that
  int64_t gemm_size = 8192;                 // M = N = K of the peak GEMMs
  int replays = 5;                          // measurements; the best is kept
};

struct ReferenceRateReport {
  ReferenceRates rates;
  double fp8_default_flops_per_second = 0;     // without fast accumulation
  double fp8_fast_accum_flops_per_second = 0;  // CUBLASLT_MATMUL_DESC_FAST_ACCUM
  std::string notes;                           // why a rate is missing, e.g. cuBLAS not found
};

// MeasureReferenceRates()
// The copy bandwidth always (fails only on a GPU error); the GEMM peaks when
// cuBLAS is available (otherwise 0 and a note). The FP8 peak is the faster
// of cuBLASLt's default and fast-accumulation modes.
absl::StatusOr<ReferenceRateReport> MeasureReferenceRates(hipStream_t stream,
                                                          const ReferenceRateOptions& options);

}  // namespace mxfp4::bench

#endif  // MXFP4_BENCH_REFERENCE_RATES_H_
