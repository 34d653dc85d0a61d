// File: mxfp4/bench/metrics.cc
//
// Counter arithmetic (see metrics.h).

#include "mxfp4/bench/metrics.h"

#include <algorithm>

namespace mxfp4::bench {

RowCounters ComputeCounters(const RowWork& work, double mean_us, double min_us,
                            const ReferenceRates& rates, double cublas_bf16_us) {
  RowCounters c;
  c.us = mean_us;
  c.us_min = min_us;
  if (mean_us <= 0) return c;
  const double seconds = mean_us * 1e-6;
  c.tflops = work.flops / seconds * 1e-12;
  c.gbps = work.bytes / seconds * 1e-9;
  double floor_us = 0;
  bool floor_known = true;
  if (rates.copy_bytes_per_second > 0) {
    c.pct_copy_bw = 100.0 * work.bytes / seconds / rates.copy_bytes_per_second;
    floor_us = work.bytes / rates.copy_bytes_per_second * 1e6;
  } else {
    floor_known = false;
  }
  if (work.flops > 0) {
    if (rates.fp8_flops_per_second > 0) {
      c.pct_fp8_peak = 100.0 * work.flops / seconds / rates.fp8_flops_per_second;
      floor_us = std::max(floor_us, work.flops / rates.fp8_flops_per_second * 1e6);
    } else {
      floor_known = false;
    }
  }
  if (floor_known) c.floor_us = floor_us;
  if (cublas_bf16_us > 0) c.speedup_vs_cublas_bf16 = cublas_bf16_us / mean_us;
  return c;
}

std::map<std::string, double> CounterList(const RowCounters& c) {
  std::map<std::string, double> out = {
      {"us", c.us}, {"us_min", c.us_min}, {"TFLOPs", c.tflops}, {"GBps", c.gbps}};
  if (c.pct_copy_bw >= 0) out["pct_copy_bw"] = c.pct_copy_bw;
  if (c.pct_fp8_peak >= 0) out["pct_fp8_peak"] = c.pct_fp8_peak;
  if (c.floor_us >= 0) out["floor_us"] = c.floor_us;
  if (c.speedup_vs_cublas_bf16 >= 0) out["speedup_vs_cublas_bf16"] = c.speedup_vs_cublas_bf16;
  return out;
}

}  // namespace mxfp4::bench
