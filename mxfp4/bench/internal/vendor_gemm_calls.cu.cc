// File: mxfp4/bench/internal/vendor_gemm_calls.cu.cc
//
// cuBLAS / cuBLASLt baselines, loaded with dlopen (see vendor_gemm_calls.h for
// why). Host code only; compiled by nvcc because it needs cublasLt.h.
//
// Layout: the benchmark's problem is row-major C[m][n] = A[m][k] . B[n][k]^T.
// cuBLAS is column-major, so we ask it for C^T (n x m, ld n) =
// op(B) . op(A) with B seen as a column-major (k x n, ld k) matrix under
// transpose and A as a column-major (k x m, ld k) matrix untransposed: the
// "TN" layout, which is also the only one cuBLASLt FP8 supports on Hopper.

#include "mxfp4/bench/internal/vendor_gemm_calls.h"

#include <cublasLt.h>
#include <cublas_v2.h>
#include <dlfcn.h>
#include <glob.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

namespace mxfp4::bench::internal {
namespace {

// cublasGemmEx has an inline overload taking cudaDataType compute types; name
// the library's own signature explicitly.
using GemmExFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int,
                                    int, const void*, const void*, cudaDataType, int, const void*,
                                    cudaDataType, int, const void*, void*, cudaDataType, int,
                                    cublasComputeType_t, cublasGemmAlgo_t);
// Fails to compile if the library signature changes.
[[maybe_unused]] constexpr GemmExFn kGemmExSignatureCheck = &cublasGemmEx;

// Function pointers resolved from the two libraries.
struct BlasApi {
  std::string description;
  decltype(&cublasLtCreate) LtCreate = nullptr;
  decltype(&cublasLtDestroy) LtDestroy = nullptr;
  decltype(&cublasLtGetVersion) LtGetVersion = nullptr;
  decltype(&cublasLtGetStatusName) LtGetStatusName = nullptr;
  decltype(&cublasLtMatmulDescCreate) LtMatmulDescCreate = nullptr;
  decltype(&cublasLtMatmulDescDestroy) LtMatmulDescDestroy = nullptr;
  decltype(&cublasLtMatmulDescSetAttribute) LtMatmulDescSetAttribute = nullptr;
  decltype(&cublasLtMatrixLayoutCreate) LtMatrixLayoutCreate = nullptr;
  decltype(&cublasLtMatrixLayoutDestroy) LtMatrixLayoutDestroy = nullptr;
  decltype(&cublasLtMatmulPreferenceCreate) LtMatmulPreferenceCreate = nullptr;
  decltype(&cublasLtMatmulPreferenceDestroy) LtMatmulPreferenceDestroy = nullptr;
  decltype(&cublasLtMatmulPreferenceSetAttribute) LtMatmulPreferenceSetAttribute = nullptr;
  decltype(&cublasLtMatmulAlgoGetHeuristic) LtMatmulAlgoGetHeuristic = nullptr;
  decltype(&cublasLtMatmulAlgoConfigGetAttribute) LtMatmulAlgoConfigGetAttribute = nullptr;
  decltype(&cublasLtMatmul) LtMatmul = nullptr;
  decltype(&cublasCreate_v2) Create = nullptr;
  decltype(&cublasDestroy_v2) Destroy = nullptr;
  decltype(&cublasSetStream_v2) SetStream = nullptr;
  decltype(&cublasSetWorkspace_v2) SetWorkspace = nullptr;
  decltype(&cublasGetStatusName) GetStatusName = nullptr;
  GemmExFn GemmEx = nullptr;
};

BlasApi g_api;
std::string g_load_error = "not loaded";
std::once_flag g_load_once;

// Directories that may hold libcublasLt.so.<major>, most specific first.
std::vector<std::string> CandidateDirectories() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("MXFP4_CUBLAS_DIR"); env != nullptr && *env != '\0') {
    dirs.push_back(env);
  }
  dirs.push_back("");  // the loader's own search: LD_LIBRARY_PATH, ld.so.cache
  const char* patterns[] = {
      "/usr/local/cuda/lib64",
      "/usr/local/cuda/targets/x86_64-linux/lib",
      "/usr/local/cuda-*/lib64",
      "/usr/lib/x86_64-linux-gnu",
      // PyTorch's wheels ship cuBLAS as nvidia-* packages.
      "/usr/local/lib/python3*/dist-packages/nvidia/*/lib",
      "/usr/local/lib/python3*/site-packages/nvidia/*/lib",
      "/usr/lib/python3*/dist-packages/nvidia/*/lib",
      "/usr/lib/python3/dist-packages/nvidia/*/lib",
      "/opt/conda/lib/python3*/site-packages/nvidia/*/lib",
      "/opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib",  // e.g. /opt/torch/.venv
      "/opt/conda/lib",
      "/root/.local/lib/python3*/site-packages/nvidia/*/lib",
  };
  for (const char* pattern : patterns) {
    glob_t g;
    if (glob(pattern, GLOB_ONLYDIR, nullptr, &g) == 0) {
      for (size_t i = 0; i < g.gl_pathc; ++i) dirs.push_back(g.gl_pathv[i]);
    }
    globfree(&g);
  }
  return dirs;
}

template <typename Fn>
bool Resolve(void* lib, const char* name, Fn* fn, std::string* missing) {
  *fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (*fn == nullptr) *missing += std::string(" ") + name;
  return *fn != nullptr;
}

std::string ResolveAll(void* lt, void* blas) {
  std::string missing;
  Resolve(lt, "cublasLtCreate", &g_api.LtCreate, &missing);
  Resolve(lt, "cublasLtDestroy", &g_api.LtDestroy, &missing);
  Resolve(lt, "cublasLtGetVersion", &g_api.LtGetVersion, &missing);
  Resolve(lt, "cublasLtGetStatusName", &g_api.LtGetStatusName, &missing);
  Resolve(lt, "cublasLtMatmulDescCreate", &g_api.LtMatmulDescCreate, &missing);
  Resolve(lt, "cublasLtMatmulDescDestroy", &g_api.LtMatmulDescDestroy, &missing);
  Resolve(lt, "cublasLtMatmulDescSetAttribute", &g_api.LtMatmulDescSetAttribute, &missing);
  Resolve(lt, "cublasLtMatrixLayoutCreate", &g_api.LtMatrixLayoutCreate, &missing);
  Resolve(lt, "cublasLtMatrixLayoutDestroy", &g_api.LtMatrixLayoutDestroy, &missing);
  Resolve(lt, "cublasLtMatmulPreferenceCreate", &g_api.LtMatmulPreferenceCreate, &missing);
  Resolve(lt, "cublasLtMatmulPreferenceDestroy", &g_api.LtMatmulPreferenceDestroy, &missing);
  Resolve(lt, "cublasLtMatmulPreferenceSetAttribute", &g_api.LtMatmulPreferenceSetAttribute,
          &missing);
  Resolve(lt, "cublasLtMatmulAlgoGetHeuristic", &g_api.LtMatmulAlgoGetHeuristic, &missing);
  Resolve(lt, "cublasLtMatmulAlgoConfigGetAttribute", &g_api.LtMatmulAlgoConfigGetAttribute,
          &missing);
  Resolve(lt, "cublasLtMatmul", &g_api.LtMatmul, &missing);
  Resolve(blas, "cublasCreate_v2", &g_api.Create, &missing);
  Resolve(blas, "cublasDestroy_v2", &g_api.Destroy, &missing);
  Resolve(blas, "cublasSetStream_v2", &g_api.SetStream, &missing);
  Resolve(blas, "cublasSetWorkspace_v2", &g_api.SetWorkspace, &missing);
  Resolve(blas, "cublasGetStatusName", &g_api.GetStatusName, &missing);
  Resolve(blas, "cublasGemmEx", &g_api.GemmEx, &missing);
  return missing.empty() ? "" : "missing symbols:" + missing;
}

void LoadOnce() {
  std::string tried;
  // CUDA 13 first (the toolkit this project builds with); 12 has the same API.
  for (const char* major : {"13", "12"}) {
    for (const std::string& dir : CandidateDirectories()) {
      const std::string prefix = dir.empty() ? "" : dir + "/";
      const std::string lt_path = prefix + "libcublasLt.so." + major;
      const std::string blas_path = prefix + "libcublas.so." + major;
      // RTLD_GLOBAL: libcublas then finds the already loaded libcublasLt.
      void* lt = dlopen(lt_path.c_str(), RTLD_NOW | RTLD_GLOBAL);
      if (lt == nullptr) {
        if (!dir.empty()) tried += " " + lt_path;
        continue;
      }
      void* blas = dlopen(blas_path.c_str(), RTLD_NOW | RTLD_GLOBAL);
      if (blas == nullptr) {
        tried += " " + blas_path + " (" + dlerror() + ")";
        continue;
      }
      const std::string missing = ResolveAll(lt, blas);
      if (!missing.empty()) {
        tried += " " + lt_path + " (" + missing + ")";
        continue;
      }
      char where[4096] = "";
      if (dlinfo(lt, RTLD_DI_ORIGIN, where) != 0) where[0] = '\0';
      g_api.description = "cuBLASLt " + std::to_string(g_api.LtGetVersion()) + " from " +
                          (where[0] != '\0' ? std::string(where) : lt_path);
      g_load_error.clear();
      return;
    }
  }
  g_load_error =
      "cuBLAS not found (set MXFP4_CUBLAS_DIR to the directory holding libcublasLt.so.13); "
      "tried:" +
      tried;
}

std::string LtError(const char* what, cublasStatus_t s) {
  return std::string(what) + " failed: " + g_api.LtGetStatusName(s);
}

}  // namespace

struct RawVendorGemmPlan {
  RawVendorGemmArgs args;
  cublasHandle_t blas = nullptr;
  cublasLtHandle_t lt = nullptr;
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t layout_b = nullptr;  // cuBLAS "A": our B, (k x n) col-major
  cublasLtMatrixLayout_t layout_a = nullptr;  // cuBLAS "B": our A, (k x m) col-major
  cublasLtMatrixLayout_t layout_c = nullptr;  // (n x m) col-major bf16
  cublasLtMatmulAlgo_t algo = {};
  int candidate = 0;  // index of `algo` in the heuristic's list
  float alpha = 1.0f;
  float beta = 0.0f;
};

std::string LoadVendorBlas(std::string* description) {
  std::call_once(g_load_once, LoadOnce);
  if (g_load_error.empty() && description != nullptr) *description = g_api.description;
  return g_load_error;
}

void DestroyVendorGemmPlan(RawVendorGemmPlan* p) {
  if (p == nullptr) return;
  if (p->layout_c != nullptr) g_api.LtMatrixLayoutDestroy(p->layout_c);
  if (p->layout_a != nullptr) g_api.LtMatrixLayoutDestroy(p->layout_a);
  if (p->layout_b != nullptr) g_api.LtMatrixLayoutDestroy(p->layout_b);
  if (p->desc != nullptr) g_api.LtMatmulDescDestroy(p->desc);
  if (p->lt != nullptr) g_api.LtDestroy(p->lt);
  if (p->blas != nullptr) g_api.Destroy(p->blas);
  delete p;
}

namespace {

std::string CreateLtPlan(RawVendorGemmPlan* p) {
  const RawVendorGemmArgs& a = p->args;
  const bool fp8 = a.kind == RawVendorGemmKind::kCublasLtFp8 ||
                   a.kind == RawVendorGemmKind::kCublasLtFp8FastAccum;
  const cudaDataType in_type = fp8 ? CUDA_R_8F_E4M3 : CUDA_R_16BF;
  cublasStatus_t s = g_api.LtCreate(&p->lt);
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("cublasLtCreate", s);
  s = g_api.LtMatmulDescCreate(&p->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("cublasLtMatmulDescCreate", s);
  const cublasOperation_t op_t = CUBLAS_OP_T, op_n = CUBLAS_OP_N;
  s = g_api.LtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_TRANSA, &op_t, sizeof(op_t));
  if (s == CUBLAS_STATUS_SUCCESS) {
    s = g_api.LtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_TRANSB, &op_n, sizeof(op_n));
  }
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("setting TRANSA/TRANSB", s);
  if (fp8) {
    // cuBLAS's A is our B and vice versa.
    s = g_api.LtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &a.b_scale,
                                       sizeof(a.b_scale));
    if (s == CUBLAS_STATUS_SUCCESS) {
      s = g_api.LtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &a.a_scale,
                                         sizeof(a.a_scale));
    }
    if (s != CUBLAS_STATUS_SUCCESS) return LtError("setting FP8 scale pointers", s);
    const int8_t fast = a.kind == RawVendorGemmKind::kCublasLtFp8FastAccum ? 1 : 0;
    s = g_api.LtMatmulDescSetAttribute(p->desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast,
                                       sizeof(fast));
    if (s != CUBLAS_STATUS_SUCCESS) return LtError("setting FAST_ACCUM", s);
  }
  s = g_api.LtMatrixLayoutCreate(&p->layout_b, in_type, a.k, a.n, a.k);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = g_api.LtMatrixLayoutCreate(&p->layout_a, in_type, a.k, a.m, a.k);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = g_api.LtMatrixLayoutCreate(&p->layout_c, CUDA_R_16BF, a.n, a.m, a.n);
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("cublasLtMatrixLayoutCreate", s);

  cublasLtMatmulPreference_t pref = nullptr;
  s = g_api.LtMatmulPreferenceCreate(&pref);
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("cublasLtMatmulPreferenceCreate", s);
  const uint64_t ws = a.workspace_bytes;
  s = g_api.LtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws,
                                           sizeof(ws));
  // Several candidates, each tried once: the heuristic does not see every
  // constraint of the call (the sample code of cuBLASLt does the same).
  constexpr int kCandidates = 8;
  cublasLtMatmulHeuristicResult_t results[kCandidates] = {};
  int found = 0;
  if (s == CUBLAS_STATUS_SUCCESS) {
    s = g_api.LtMatmulAlgoGetHeuristic(p->lt, p->desc, p->layout_b, p->layout_a, p->layout_c,
                                       p->layout_c, pref, kCandidates, results, &found);
  }
  g_api.LtMatmulPreferenceDestroy(pref);
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("cublasLtMatmulAlgoGetHeuristic", s);
  if (found < 1) return "cublasLtMatmulAlgoGetHeuristic found no algorithm for this shape";
  std::string rejected;
  for (int i = 0; i < found; ++i) {
    // A trial call on the legacy default stream, synchronized.
    s = g_api.LtMatmul(p->lt, p->desc, &p->alpha, a.b, p->layout_b, a.a, p->layout_a, &p->beta, a.c,
                       p->layout_c, a.c, p->layout_c, &results[i].algo, a.workspace,
                       a.workspace_bytes, nullptr);
    if (s == CUBLAS_STATUS_SUCCESS) {
      const cudaError_t e = cudaStreamSynchronize(nullptr);
      if (e != cudaSuccess) return std::string("trial cublasLtMatmul: ") + cudaGetErrorString(e);
      p->algo = results[i].algo;
      p->candidate = i;
      return "";
    }
    rejected += std::string(rejected.empty() ? "" : ", ") + "#" + std::to_string(i) + " " +
                g_api.LtGetStatusName(s);
  }
  return "cublasLtMatmul rejected all " + std::to_string(found) +
         " heuristic algorithms: " + rejected;
}

}  // namespace

std::string CreateVendorGemmPlan(const RawVendorGemmArgs& args, RawVendorGemmPlan** out) {
  std::string error = LoadVendorBlas(nullptr);
  if (!error.empty()) return error;
  if (args.m < 1 || args.n < 1 || args.k < 1 || args.m > INT_MAX || args.n > INT_MAX ||
      args.k > INT_MAX) {
    return "shape out of range for cuBLAS (1 .. INT_MAX)";
  }
  if (args.a == nullptr || args.b == nullptr || args.c == nullptr) return "null operand";
  auto* p = new RawVendorGemmPlan;
  p->args = args;
  switch (args.kind) {
    case RawVendorGemmKind::kCublasBf16: {
      cublasStatus_t s = g_api.Create(&p->blas);
      if (s == CUBLAS_STATUS_SUCCESS && args.workspace != nullptr) {
        s = g_api.SetWorkspace(p->blas, args.workspace, args.workspace_bytes);
      }
      if (s != CUBLAS_STATUS_SUCCESS) {
        error = std::string("cublasCreate/SetWorkspace failed: ") + g_api.GetStatusName(s);
      }
      break;
    }
    case RawVendorGemmKind::kCublasLtBf16:
    case RawVendorGemmKind::kCublasLtFp8:
    case RawVendorGemmKind::kCublasLtFp8FastAccum:
      if (args.kind != RawVendorGemmKind::kCublasLtBf16 &&
          (args.a_scale == nullptr || args.b_scale == nullptr || args.k % 16 != 0)) {
        error = "cuBLASLt FP8 needs scale pointers and K % 16 == 0";
        break;
      }
      error = CreateLtPlan(p);
      break;
    default:
      error = "unknown vendor GEMM kind";
  }
  if (!error.empty()) {
    DestroyVendorGemmPlan(p);
    return error;
  }
  *out = p;
  return "";
}

std::string EnqueueVendorGemm(RawVendorGemmPlan* p, hipStream_t stream) {
  const RawVendorGemmArgs& a = p->args;
  if (a.kind == RawVendorGemmKind::kCublasBf16) {
    cublasStatus_t s = g_api.SetStream(p->blas, stream);
    if (s == CUBLAS_STATUS_SUCCESS) {
      s = g_api.GemmEx(p->blas, CUBLAS_OP_T, CUBLAS_OP_N, static_cast<int>(a.n),
                       static_cast<int>(a.m), static_cast<int>(a.k), &p->alpha, a.b, CUDA_R_16BF,
                       static_cast<int>(a.k), a.a, CUDA_R_16BF, static_cast<int>(a.k), &p->beta,
                       a.c, CUDA_R_16BF, static_cast<int>(a.n), CUBLAS_COMPUTE_32F,
                       CUBLAS_GEMM_DEFAULT);
    }
    if (s != CUBLAS_STATUS_SUCCESS)
      return std::string("cublasGemmEx failed: ") + g_api.GetStatusName(s);
    return "";
  }
  const cublasStatus_t s = g_api.LtMatmul(p->lt, p->desc, &p->alpha, a.b, p->layout_b, a.a,
                                          p->layout_a, &p->beta, a.c, p->layout_c, a.c, p->layout_c,
                                          &p->algo, a.workspace, a.workspace_bytes, stream);
  if (s != CUBLAS_STATUS_SUCCESS) return LtError("cublasLtMatmul", s);
  return "";
}

std::string DescribeVendorGemmPlan(const RawVendorGemmPlan* p) {
  if (p->args.kind == RawVendorGemmKind::kCublasBf16) {
    return "cublasGemmEx TN bf16, CUBLAS_GEMM_DEFAULT";
  }
  int32_t id = -1;
  uint32_t tile = 0, stages = 0, splitk = 0;
  size_t written = 0;
  g_api.LtMatmulAlgoConfigGetAttribute(&p->algo, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof(id),
                                       &written);
  g_api.LtMatmulAlgoConfigGetAttribute(&p->algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof(tile),
                                       &written);
  g_api.LtMatmulAlgoConfigGetAttribute(&p->algo, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages,
                                       sizeof(stages), &written);
  g_api.LtMatmulAlgoConfigGetAttribute(&p->algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitk,
                                       sizeof(splitk), &written);
  char buf[160];
  std::snprintf(buf, sizeof(buf), "cublasLt heuristic #%d: algo %d tile %u stages %u splitK %u",
                p->candidate, id, tile, stages, splitk);
  return buf;
}

}  // namespace mxfp4::bench::internal
