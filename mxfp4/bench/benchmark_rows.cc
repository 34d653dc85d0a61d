// File: mxfp4/bench/benchmark_rows.cc
//
// The benchmark's rows (benchmark_rows.h): baselines, the GPU quantizer, and
// the MXFP4 GEMM paths through the public API of mxfp4/gpu/gemm/gemm.h.

#include "mxfp4/bench/benchmark_rows.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "mxfp4/bench/vendor_gemm.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/gpu/quantize/quantize.h"

namespace mxfp4::bench {
namespace {

RowWork GemmWork(const GemmShape& s) {
  return {static_cast<double>(Mxfp4CallBytes(s)), GemmFlops(s)};
}

RowSpec CopyRow() {
  RowSpec row;
  row.name = "copy";
  row.kind = RowKind::kCopy;
  row.applies = [](const GemmShape&) { return true; };
  row.prepare = [](const ShapeOperands& ops, const RowResources&) -> absl::StatusOr<PreparedRow> {
    PreparedRow p;
    void* dst = ops.copy_dst();
    const void* src = ops.copy_src();
    const size_t bytes = static_cast<size_t>(ops.copy_bytes());
    p.enqueue = [=](hipStream_t stream) -> absl::Status {
      MXFP4_HIP_RETURN_IF_ERROR(hipMemcpyAsync(dst, src, bytes, hipMemcpyDeviceToDevice, stream));
      return absl::OkStatus();
    };
    p.label = absl::StrCat("hipMemcpyAsync D2D of ", bytes, " bytes (the MXFP4 call's)");
    p.work = {2.0 * static_cast<double>(bytes), 0};
    return p;
  };
  return row;
}

RowSpec VendorRow(VendorGemmKind kind) {
  RowSpec row;
  row.name = VendorGemmKindName(kind);
  row.kind = RowKind::kGemm;
  const bool fp8 = VendorGemmIsFp8(kind);
  row.applies = [fp8](const GemmShape& s) { return !fp8 || s.k % 16 == 0; };
  row.prepare = [kind](const ShapeOperands& ops,
                      const RowResources& res) -> absl::StatusOr<PreparedRow> {
    absl::StatusOr<std::unique_ptr<VendorGemm>> gemm = VendorGemm::Create(
        VendorGemmArgsFor(kind, ops, res.vendor_workspace, kVendorWorkspaceBytes));
    if (!gemm.ok()) return gemm.status();
    std::shared_ptr<VendorGemm> shared(std::move(*gemm));
    PreparedRow p;
    VendorGemm* g = shared.get();
    p.enqueue = [g](hipStream_t stream) { return g->Enqueue(stream); };
    p.label = g->Description();
    p.work = GemmWork(ops.shape());
    p.owned = std::move(shared);
    return p;
  };
  return row;
}

RowSpec QuantizeARow() {
  RowSpec row;
  row.name = "quantize_a";
  row.kind = RowKind::kQuantize;
  row.applies = [](const GemmShape&) { return true; };
  row.prepare = [](const ShapeOperands& ops, const RowResources&) -> absl::StatusOr<PreparedRow> {
    const GemmShape s = ops.shape();
    QuantizeOptions options;
    options.rule = ScaleRule::kEven;
    options.scale_layout = ScaleLayout::kShuffled16;
    const uint16_t* a = ops.a_bf16();
    uint8_t* data = ops.a_quant_data();
    uint8_t* scales = ops.a_quant_scales();
    PreparedRow p;
    p.enqueue = [=](hipStream_t stream) {
      return gpu::QuantizeBf16OnGpu(a, s.m, s.k, options, data, scales, stream);
    };
    p.label = absl::StrCat("gpu::QuantizeBf16OnGpu ", s.m, "x", s.k, " EVEN shuffled16 (",
                           gpu::QuantizeKernelVariantName(gpu::kDefaultQuantizeKernelVariant), ")");
    p.work = {static_cast<double>(QuantizeBytes(s.m, s.k)), 0};
    return p;
  };
  return row;
}

// The contest's weight: preshuffled data, shuffled16 scales. Pointers may be
// null for planning.
gpu::Mxfp4Weight ContestWeight(const GemmShape& s, const ShapeOperands* ops) {
  gpu::Mxfp4Weight w;
  w.n = s.n;
  w.k = s.k;
  w.data_layout = DataLayout::kPreshuffled16x16;
  w.scale_layout = ScaleLayout::kShuffled16;
  w.data_bytes = s.n * (s.k / 2);
  w.scale_bytes = ScaleStorageBytes(ScaleLayout::kShuffled16, s.n, s.k / 32);
  if (ops != nullptr) {
    w.data = ops->b_packed();
    w.scales = ops->b_scales_shuffled16();
  }
  return w;
}

// A workspace plus the call's arguments, kept alive with the prepared row.
struct Mxfp4Call {
  gpu::GemmArgs args;
  gpu::GemmOptions options;
  gpu::GemmWorkspaceBuffer workspace;
  gpu::PreparedWeightBuffer prepared;  // with_prepared_weight rows only
};

// `with_prepared_weight`: the weight gets its prepared copy once, when the row
// is prepared (untimed, like loading a model), and every call may read it.
RowSpec Mxfp4Row(gpu::GemmPath path, const std::string& name, bool with_prepared_weight = false) {
  RowSpec row;
  row.name = name;
  row.kind = RowKind::kGemm;
  row.applies = [path](const GemmShape& s) {
    gpu::GemmOptions options;
    options.path = path;
    return s.k % 64 == 0 && s.n % 16 == 0 &&
           gpu::PlanGemm(s.m, ContestWeight(s, nullptr), options).ok();
  };
  row.prepare = [path, with_prepared_weight](
                    const ShapeOperands& ops, const RowResources&) -> absl::StatusOr<PreparedRow> {
    const GemmShape s = ops.shape();
    auto call = std::make_shared<Mxfp4Call>();
    call->options.path = path;
    call->args.a = ops.a_bf16();
    call->args.m = s.m;
    call->args.k = s.k;
    call->args.b = ContestWeight(s, &ops);
    call->args.c = ops.c();
    call->args.c_type = gpu::GemmOutputType::kBf16;
    if (with_prepared_weight) {
      absl::StatusOr<gpu::PreparedWeightBuffer> prepared =
          gpu::PreparedWeightBuffer::Allocate(s.n, s.k);
      if (!prepared.ok()) return prepared.status();
      call->prepared = std::move(*prepared);
      if (absl::Status st = gpu::PrepareWeight(call->args.b, call->prepared, nullptr); !st.ok()) {
        return st;
      }
      MXFP4_HIP_RETURN_IF_ERROR(hipDeviceSynchronize());
      call->args.b.prepared = call->prepared.view();
    }
    absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(s.m, call->args.b, call->options);
    if (!plan.ok()) return plan.status();
    if (plan->workspace_bytes > 0) {
      absl::StatusOr<gpu::GemmWorkspaceBuffer> ws =
          gpu::GemmWorkspaceBuffer::Allocate(plan->workspace_bytes);
      if (!ws.ok()) return ws.status();
      call->workspace = std::move(*ws);
    }
    PreparedRow p;
    Mxfp4Call* c = call.get();
    p.enqueue = [c](hipStream_t stream) {
      return gpu::Gemm(c->args, stream, c->workspace.workspace(), c->options);
    };
    p.label = plan->ToString();
    p.work = GemmWork(s);
    p.owned = std::move(call);
    return p;
  };
  return row;
}

}  // namespace

OperandNeeds AllOperandNeeds() {
  OperandNeeds needs;
  needs.mxfp4 = needs.bf16 = needs.fp8 = needs.copy = needs.quantize = true;
  return needs;
}

std::vector<RowSpec> AllRows() {
  std::vector<RowSpec> rows;
  rows.push_back(CopyRow());
  rows.push_back(VendorRow(VendorGemmKind::kCublasBf16));
  rows.push_back(VendorRow(VendorGemmKind::kCublasLtBf16));
  rows.push_back(VendorRow(VendorGemmKind::kCublasLtFp8));
  rows.push_back(QuantizeARow());
  for (const gpu::GemmPathInfo& info : gpu::GemmPathInfos()) {
    rows.push_back(Mxfp4Row(info.path, absl::StrCat("mxfp4_", info.name)));
  }
  rows.push_back(Mxfp4Row(gpu::GemmPath::kAuto, "mxfp4_auto"));
  rows.push_back(Mxfp4Row(gpu::GemmPath::kAuto, "mxfp4_auto_prepared", true));
  return rows;
}

}  // namespace mxfp4::bench
