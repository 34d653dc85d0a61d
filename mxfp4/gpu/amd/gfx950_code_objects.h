// File: mxfp4/gpu/amd/gfx950_code_objects.h
//
// The gfx950 code objects built by //mxfp4/gpu/amd:kernels, embedded in the
// binary (gfx950_embedded_code_objects in gfx950.bzl), so a test or tool
// runs on an MI355X without data files next to it (docs/amd.md). The table
// is empty when the build had no clang-22 (--define=mxfp4_amd=none).
//
// Example:
//   const EmbeddedCodeObject* co = FindEmbeddedCodeObject("gemm_preshuffled");
//   if (co != nullptr) hipModuleLoadData(&module, co->data);

#ifndef MXFP4_GPU_AMD_GFX950_CODE_OBJECTS_H_
#define MXFP4_GPU_AMD_GFX950_CODE_OBJECTS_H_

#include <cstddef>
#include <cstring>

#include "absl/types/span.h"

namespace mxfp4::gfx950 {

struct EmbeddedCodeObject {
  const char* name;            // source stem, e.g. "gemm_fused_quant_k512"
  const unsigned char* data;   // the ELF code object (hipModuleLoadData input)
  size_t size;
};

// All embedded code objects (generated).
absl::Span<const EmbeddedCodeObject> EmbeddedCodeObjects();

// FindEmbeddedCodeObject(): the one named `name`, or nullptr.
inline const EmbeddedCodeObject* FindEmbeddedCodeObject(const char* name) {
  for (const EmbeddedCodeObject& co : EmbeddedCodeObjects()) {
    if (std::strcmp(co.name, name) == 0) return &co;
  }
  return nullptr;
}

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_GFX950_CODE_OBJECTS_H_
