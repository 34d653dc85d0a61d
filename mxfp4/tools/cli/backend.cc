// File: mxfp4/tools/cli/backend.cc
//
// Backend selection for the `mxfp4` tool (see backend.h).
//
// Whether the GPU can be used is gpu_gemm.h's GpuGemmUnavailableReason(): a
// binary built without nvcc has stub GPU libraries, and a machine may have no
// (usable) GPU; both are reported in words, never as a crash.

#include "mxfp4/tools/cli/backend.h"

#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/tools/cli/gpu_gemm.h"

namespace mxfp4::cli {

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
  if (reason.empty()) return Backend{BackendKind::kGpu, "gpu", GpuDescription()};
  if (request == BackendRequest::kGpu) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "--backend=gpu: cannot use the GPU: %s; use --backend=emu or --backend=auto", reason));
  }
  io.err << "mxfp4 " << command << ": note: --backend=auto: using the CPU emulator because "
         << reason << "\n";
  return emulator;
}

}  // namespace mxfp4::cli
