// File: mxfp4/bench/metrics.h
//
// From a measured time per call to the numbers the benchmark reports
// (docs/performance.md, "How to read the numbers"): µs, TFLOP/s, GB/s,
// percentage of the measured copy bandwidth and of the measured FP8 peak,
// the floor those two imply, and the speed relative to cuBLAS bf16 on the
// same shape and timing mode. Pure arithmetic, unit-tested without a GPU.

#ifndef MXFP4_BENCH_METRICS_H_
#define MXFP4_BENCH_METRICS_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace mxfp4::bench {

// Machine rates measured in the same run (reference_rates.h). A rate of 0
// means "not measured" (e.g. cuBLAS missing): the counters that need it are
// left out rather than reported as a made-up number.
struct ReferenceRates {
  double copy_bytes_per_second = 0;  // read + write bytes of a large device copy
  double fp8_flops_per_second = 0;   // cuBLASLt FP8 e4m3 GEMM, 8192^3
  double bf16_flops_per_second = 0;  // cuBLASLt bf16 GEMM, 8192^3 (orientation only)
};

// What one benchmark row computes: `bytes` is the numerator of GB/s (the
// MXFP4 call's bytes for GEMM and copy rows, the quantizer's own bytes for
// quantization rows), `flops` is 0 for rows that are not GEMMs.
struct RowWork {
  double bytes = 0;
  double flops = 0;
};

// The reported counters; names are the JSON keys (CounterList()).
struct RowCounters {
  double us = 0;                       // mean time per call
  double us_min = 0;                   // fastest single measurement
  double tflops = 0;                   // flops / us (0 when flops == 0)
  double gbps = 0;                     // bytes / us
  double pct_copy_bw = -1;             // gbps / copy bandwidth * 100; -1 = not measured
  double pct_fp8_peak = -1;            // tflops / FP8 peak * 100; -1 = not measured or not a GEMM
  double floor_us = -1;                // max(bytes / copy bw, flops / FP8 peak); -1 = unknown
  double speedup_vs_cublas_bf16 = -1;  // cuBLAS bf16 us / us; -1 = unknown
};

// ComputeCounters()
// Fills RowCounters for a row that took `mean_us` per call (fastest `min_us`).
// `cublas_bf16_us` is cuBLAS bf16's time on the same shape and mode, or <= 0
// when unknown.
// Example: ComputeCounters({1e6, 2e6}, 1.0, 0.9, {4e12, 1e15, 0}, 2.0)
//   -> us 1, tflops 2, gbps 1000, pct_copy_bw 25, pct_fp8_peak 0.2,
//      floor_us 0.25 (the copy floor 1e6 B / 4e12 B/s), speedup 2.
RowCounters ComputeCounters(const RowWork& work, double mean_us, double min_us,
                            const ReferenceRates& rates, double cublas_bf16_us);

// CounterList()
// (name, value) pairs to export, leaving out the "unknown" (-1) ones.
std::map<std::string, double> CounterList(const RowCounters& counters);

}  // namespace mxfp4::bench

#endif  // MXFP4_BENCH_METRICS_H_
