// File: mxfp4/bench/internal/vendor_gemm_calls_stub.cc
//
// --define=mxfp4_gpu=none: no CUDA headers, so no cuBLAS baselines. Every
// entry point reports why (vendor_gemm_calls.h).

#include <string>

#include "mxfp4/bench/internal/vendor_gemm_calls.h"

namespace mxfp4::bench::internal {

namespace {
constexpr char kNoGpu[] = "built without GPU support (--define=mxfp4_gpu=none): no cuBLAS";
}  // namespace

struct RawVendorGemmPlan {};

std::string LoadVendorBlas(std::string* /*description*/) { return kNoGpu; }

std::string CreateVendorGemmPlan(const RawVendorGemmArgs& /*args*/, RawVendorGemmPlan** /*plan*/) {
  return kNoGpu;
}

std::string EnqueueVendorGemm(RawVendorGemmPlan* /*plan*/, hipStream_t /*stream*/) {
  return kNoGpu;
}

std::string DescribeVendorGemmPlan(const RawVendorGemmPlan* /*plan*/) { return kNoGpu; }

void DestroyVendorGemmPlan(RawVendorGemmPlan* plan) { delete plan; }

}  // namespace mxfp4::bench::internal
