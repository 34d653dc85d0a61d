// File: mxfp4/gpu/amd/gfx950_runtime.h
//
// Runs gfx950 launch plans (gfx950_plan.h) on a real AMD GPU through the HIP
// module API: the embedded code objects (gfx950_code_objects.h) are loaded
// with hipModuleLoadData and launched with hipModuleLaunchKernel, one
// argument struct per kernel (gfx950_kernel_abi.h). Used by the MI355X test
// suite (docs/amd.md).
//
// No ROCm is needed to BUILD this: libamdhip64.so is opened at run time with
// dlopen (as Triton's AMD driver does) and only the long-stable C entry
// points below are used. Where it cannot be opened, where there is no GPU,
// where the GPU is not gfx950 (its module load fails) or where the binary was
// built without clang-22 (no code objects), Create() returns Unavailable and
// says which, so tests skip cleanly.
//
// Example:
//   absl::StatusOr<std::unique_ptr<Gfx950Runtime>> rt = Gfx950Runtime::Create();
//   if (!rt.ok()) return rt.status();              // Unavailable: skip
//   absl::StatusOr<void*> d_a = (*rt)->Malloc(bytes);
//   ... (*rt)->CopyToDevice(*d_a, host, bytes); (*rt)->Run(plan); (*rt)->Synchronize();

#ifndef MXFP4_GPU_AMD_GFX950_RUNTIME_H_
#define MXFP4_GPU_AMD_GFX950_RUNTIME_H_

#include <cstddef>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"

namespace mxfp4::gfx950 {

class Gfx950Runtime {
 public:
  // Create(): opens the HIP runtime (libamdhip64.so, or $MXFP4_HIP_LIBRARY),
  // selects `device`, loads every kernel the plans use.
  static absl::StatusOr<std::unique_ptr<Gfx950Runtime>> Create(int device = 0);

  ~Gfx950Runtime();
  Gfx950Runtime(const Gfx950Runtime&) = delete;
  Gfx950Runtime& operator=(const Gfx950Runtime&) = delete;

  // The device's name as HIP reports it (e.g. "AMD Instinct MI355X").
  const std::string& device_name() const { return device_name_; }

  absl::StatusOr<void*> Malloc(size_t bytes);  // hipMalloc (256-byte aligned)
  absl::Status Free(void* p);
  absl::Status CopyToDevice(void* dst, const void* src, size_t bytes);
  absl::Status CopyToHost(void* dst, const void* src, size_t bytes);
  absl::Status Memset(void* p, int value, size_t bytes);
  absl::Status Synchronize();

  // Run(): enqueues the plan's launches on the null stream (no sync).
  absl::Status Run(const Gfx950Plan& plan);

  struct Api;  // the dlopen'ed entry points (gfx950_runtime.cc)

 private:
  Gfx950Runtime() = default;
  absl::Status Check(int error, const char* what) const;

  void* library_ = nullptr;
  std::unique_ptr<Api> api_;
  std::string device_name_;
  void* modules_[kNumGfx950Kernels] = {};
  void* functions_[kNumGfx950Kernels] = {};
};

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_GFX950_RUNTIME_H_
