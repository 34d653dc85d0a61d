// File: mxfp4/tools/cli/backend.h
//
// Where the `mxfp4` tool runs a GEMM (`gemm --backend`, `run`): the CPU
// emulator (mxfp4/emu/reference_gemm.h, bit-exact by definition) or the GPU
// GEMM API (mxfp4/gpu). The choice is made once per command:
//   emu   always the emulator;
//   gpu   the GPU, or a clear error (exit 2) saying why it cannot be used:
//         the binary has no GPU GEMM, or no usable GPU is present;
//   auto  the GPU when it can be used, else the emulator, saying so on stderr.
// The reason strings are meant for users: they say what is missing and what
// to do. The GPU calls themselves are in gpu_gemm.h.

#ifndef MXFP4_TOOLS_CLI_BACKEND_H_
#define MXFP4_TOOLS_CLI_BACKEND_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/command.h"

namespace mxfp4::cli {

enum class BackendRequest {
  kEmu,   // the CPU emulator
  kGpu,   // the GPU or an error
  kAuto,  // the GPU if usable, else the emulator (with a note)
};

inline Choices<BackendRequest> BackendRequestChoices() {
  return {{"emu", BackendRequest::kEmu},
          {"gpu", BackendRequest::kGpu},
          {"auto", BackendRequest::kAuto}};
}

enum class BackendKind {
  kEmulator,
  kGpu,
};

struct Backend {
  BackendKind kind = BackendKind::kEmulator;
  std::string name;         // "emu" or "gpu", for tables
  std::string description;  // "CPU emulator (avx2, 2 threads)" / "NVIDIA H200 (...)"
};

// ResolveBackend(): the backend for `request` (see the file comment). Notes
// for kAuto's fallback go to io.err, prefixed with "mxfp4 <command>: note: ".
absl::StatusOr<Backend> ResolveBackend(BackendRequest request, const char* command,
                                       const CommandIo& io);

// EmulatorDescription(): "CPU emulator (avx2 kernel, 2 threads)".
std::string EmulatorDescription(int num_threads);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_BACKEND_H_
