// File: mxfp4/gpu/amd/gfx950_runtime.cc
//
// HIP module runtime for the gfx950 kernels, opened with dlopen (see
// gfx950_runtime.h). The declarations below restate the C signatures of
// ROCm's hip_runtime_api.h that have been stable since HIP 1.x; enum values
// used: hipSuccess = 0, hipMemcpyHostToDevice = 1, hipMemcpyDeviceToHost = 2.

#include "mxfp4/gpu/amd/gfx950_runtime.h"

#include <dlfcn.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "mxfp4/gpu/amd/gfx950_code_objects.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"

namespace mxfp4::gfx950 {

struct Gfx950Runtime::Api {
  using hipError_t = int;
  hipError_t (*hipInit)(unsigned int flags);
  hipError_t (*hipGetDeviceCount)(int* count);
  hipError_t (*hipSetDevice)(int device);
  hipError_t (*hipDeviceGetName)(char* name, int len, int device);
  hipError_t (*hipModuleLoadData)(void** module, const void* image);
  hipError_t (*hipModuleUnload)(void* module);
  hipError_t (*hipModuleGetFunction)(void** function, void* module, const char* name);
  hipError_t (*hipModuleLaunchKernel)(void* function, unsigned int gx, unsigned int gy,
                                      unsigned int gz, unsigned int bx, unsigned int by,
                                      unsigned int bz, unsigned int shared_bytes, void* stream,
                                      void** params, void** extra);
  hipError_t (*hipMalloc)(void** p, size_t bytes);
  hipError_t (*hipFree)(void* p);
  hipError_t (*hipMemcpy)(void* dst, const void* src, size_t bytes, int kind);
  hipError_t (*hipMemset)(void* p, int value, size_t bytes);
  hipError_t (*hipDeviceSynchronize)();
  const char* (*hipGetErrorString)(hipError_t error);
};

namespace {

constexpr int kHipMemcpyHostToDevice = 1;
constexpr int kHipMemcpyDeviceToHost = 2;

template <typename F>
bool Resolve(void* library, const char* name, F* f) {
  *f = reinterpret_cast<F>(dlsym(library, name));
  return *f != nullptr;
}

}  // namespace

absl::Status Gfx950Runtime::Check(int error, const char* what) const {
  if (error == 0) return absl::OkStatus();
  const char* text = api_->hipGetErrorString != nullptr ? api_->hipGetErrorString(error) : "?";
  return absl::InternalError(absl::StrFormat("%s failed: HIP error %d (%s)", what, error, text));
}

absl::StatusOr<std::unique_ptr<Gfx950Runtime>> Gfx950Runtime::Create(int device) {
  if (EmbeddedCodeObjects().empty()) {
    return absl::UnavailableError(
        "built without gfx950 code objects (no clang-22: --define=mxfp4_amd=none)");
  }
  const char* env = std::getenv("MXFP4_HIP_LIBRARY");
  const std::string path = env != nullptr && env[0] != '\0' ? env : "libamdhip64.so";
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = dlerror();
    return absl::UnavailableError(absl::StrFormat(
        "no ROCm HIP runtime: dlopen(%s) failed (%s); set MXFP4_HIP_LIBRARY to its path",
        path, why != nullptr ? why : "unknown"));
  }
  std::unique_ptr<Gfx950Runtime> rt(new Gfx950Runtime());
  rt->library_ = library;
  rt->api_ = std::make_unique<Api>();
  Api& a = *rt->api_;
  const bool ok = Resolve(library, "hipInit", &a.hipInit) &&
                  Resolve(library, "hipGetDeviceCount", &a.hipGetDeviceCount) &&
                  Resolve(library, "hipSetDevice", &a.hipSetDevice) &&
                  Resolve(library, "hipDeviceGetName", &a.hipDeviceGetName) &&
                  Resolve(library, "hipModuleLoadData", &a.hipModuleLoadData) &&
                  Resolve(library, "hipModuleUnload", &a.hipModuleUnload) &&
                  Resolve(library, "hipModuleGetFunction", &a.hipModuleGetFunction) &&
                  Resolve(library, "hipModuleLaunchKernel", &a.hipModuleLaunchKernel) &&
                  Resolve(library, "hipMalloc", &a.hipMalloc) &&
                  Resolve(library, "hipFree", &a.hipFree) &&
                  Resolve(library, "hipMemcpy", &a.hipMemcpy) &&
                  Resolve(library, "hipMemset", &a.hipMemset) &&
                  Resolve(library, "hipDeviceSynchronize", &a.hipDeviceSynchronize) &&
                  Resolve(library, "hipGetErrorString", &a.hipGetErrorString);
  if (!ok) {
    return absl::UnavailableError(
        absl::StrFormat("%s lacks a HIP module API entry point (too old a ROCm?)", path));
  }
  if (absl::Status s = rt->Check(a.hipInit(0), "hipInit"); !s.ok()) {
    return absl::UnavailableError(std::string(s.message()));
  }
  int count = 0;
  if (a.hipGetDeviceCount(&count) != 0 || count <= device) {
    return absl::UnavailableError(
        absl::StrFormat("no AMD GPU %d (HIP reports %d device(s))", device, count));
  }
  if (absl::Status s = rt->Check(a.hipSetDevice(device), "hipSetDevice"); !s.ok()) return s;
  char name[256] = {};
  if (a.hipDeviceGetName(name, sizeof(name) - 1, device) == 0) rt->device_name_ = name;

  for (int i = 0; i < kNumGfx950Kernels; ++i) {
    const Gfx950Kernel kernel = static_cast<Gfx950Kernel>(i);
    const EmbeddedCodeObject* co = FindEmbeddedCodeObject(Gfx950KernelCodeObject(kernel));
    if (co == nullptr) {
      return absl::InternalError(absl::StrFormat("code object %s is not embedded",
                                                 Gfx950KernelCodeObject(kernel)));
    }
    const int load = a.hipModuleLoadData(&rt->modules_[i], co->data);
    if (load != 0) {
      // The usual cause: the GPU is not gfx950 (hipErrorNoBinaryForGpu).
      return absl::UnavailableError(absl::StrFormat(
          "GPU %d (%s) cannot load the gfx950 code object %s: HIP error %d (%s); an MI355X "
          "(gfx950) is needed",
          device, rt->device_name_, co->name, load, a.hipGetErrorString(load)));
    }
    if (absl::Status s = rt->Check(
            a.hipModuleGetFunction(&rt->functions_[i], rt->modules_[i], Gfx950KernelSymbol(kernel)),
            Gfx950KernelSymbol(kernel));
        !s.ok()) {
      return s;
    }
  }
  return rt;
}

Gfx950Runtime::~Gfx950Runtime() {
  if (api_ != nullptr) {
    for (void* m : modules_) {
      if (m != nullptr) api_->hipModuleUnload(m);
    }
  }
  // The HIP runtime is left loaded: unloading it while its threads run is unsafe.
}

absl::StatusOr<void*> Gfx950Runtime::Malloc(size_t bytes) {
  void* p = nullptr;
  if (absl::Status s = Check(api_->hipMalloc(&p, bytes), "hipMalloc"); !s.ok()) return s;
  return p;
}

absl::Status Gfx950Runtime::Free(void* p) { return Check(api_->hipFree(p), "hipFree"); }

absl::Status Gfx950Runtime::CopyToDevice(void* dst, const void* src, size_t bytes) {
  return Check(api_->hipMemcpy(dst, src, bytes, kHipMemcpyHostToDevice), "hipMemcpy H2D");
}

absl::Status Gfx950Runtime::CopyToHost(void* dst, const void* src, size_t bytes) {
  return Check(api_->hipMemcpy(dst, src, bytes, kHipMemcpyDeviceToHost), "hipMemcpy D2H");
}

absl::Status Gfx950Runtime::Memset(void* p, int value, size_t bytes) {
  return Check(api_->hipMemset(p, value, bytes), "hipMemset");
}

absl::Status Gfx950Runtime::Synchronize() {
  return Check(api_->hipDeviceSynchronize(), "hipDeviceSynchronize");
}

absl::Status Gfx950Runtime::Run(const Gfx950Plan& plan) {
  for (int i = 0; i < plan.num_launches; ++i) {
    const Gfx950Launch& l = plan.launches[i];
    // The kernel's single by-value argument is the struct itself.
    void* arg = nullptr;
    switch (l.kernel) {
      case Gfx950Kernel::kFusedQuantK512M16:
      case Gfx950Kernel::kFusedQuantK512M32:
      case Gfx950Kernel::kSplitkSmallMM16:
      case Gfx950Kernel::kSplitkSmallMM32:
        arg = const_cast<FusedQuantGemmArgs*>(&l.fused);
        break;
      case Gfx950Kernel::kSplitkCombine:
        arg = const_cast<SplitkCombineArgs*>(&l.combine);
        break;
      case Gfx950Kernel::kQuantizeRows:
        arg = const_cast<QuantizeRowsArgs*>(&l.quantize);
        break;
      case Gfx950Kernel::kGemmPreshuffled:
        arg = const_cast<GemmPreshuffledArgs*>(&l.gemm);
        break;
    }
    void* params[] = {arg};
    const int k = static_cast<int>(l.kernel);
    if (absl::Status s = Check(api_->hipModuleLaunchKernel(functions_[k], l.grid.x, l.grid.y,
                                                           l.grid.z, kWorkgroupThreads, 1, 1, 0,
                                                           nullptr, params, nullptr),
                               Gfx950KernelSymbol(l.kernel));
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

}  // namespace mxfp4::gfx950
