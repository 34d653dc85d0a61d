// File: mxfp4/tools/cli/backend.cc
//
// Backend selection for the `mxfp4` tool (see backend.h).
//
// The GPU GEMM API (mxfp4/gpu/gemm*.h) has not landed yet, so this build has
// no GPU backend: GpuGemmUnavailableReason() says so, `--backend=gpu` is an
// exit-2 error, and `--backend=auto` falls back to the emulator with a note.
// When the API lands, only this file and the GPU call sites change.

#include "mxfp4/tools/cli/backend.h"

#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/emu/reference_gemm.h"

namespace mxfp4::cli {

std::string GpuGemmUnavailableReason() {
  return "this binary has no GPU GEMM (the GPU GEMM API, mxfp4/gpu/gemm.h, is not built into "
         "it yet)";
}

std::string EmulatorDescription(int num_threads) {
  const int threads =
      num_threads > 0 ? num_threads : static_cast<int>(std::thread::hardware_concurrency());
  const char* kernel = CpuKernelAvailable(CpuKernel::kAvx2) ? CpuKernelName(CpuKernel::kAvx2)
                                                            : CpuKernelName(CpuKernel::kPortable);
  return absl::StrFormat("CPU emulator (%s kernel, %d thread%s)", kernel, threads,
                         threads == 1 ? "" : "s");
}

absl::StatusOr<Backend> ResolveBackend(BackendRequest request, const char* command,
                                       const CommandIo& io) {
  Backend emulator{BackendKind::kEmulator, "emu", EmulatorDescription(0)};
  if (request == BackendRequest::kEmu) return emulator;
  const std::string reason = GpuGemmUnavailableReason();
  if (reason.empty()) {
    // Reached once the GPU GEMM API is wired in.
    return Backend{BackendKind::kGpu, "gpu", "GPU"};
  }
  if (request == BackendRequest::kGpu) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "--backend=gpu: cannot use the GPU: %s; use --backend=emu or --backend=auto", reason));
  }
  io.err << "mxfp4 " << command << ": note: --backend=auto: using the CPU emulator because "
         << reason << "\n";
  return emulator;
}

}  // namespace mxfp4::cli
