// File: mxfp4/gpu/amd/gfx950_emulator.h
//
// Runs gfx950 launch plans (gfx950_plan.h) on the CPU, wave by wave and lane
// by lane, with the device kernels' own index math (gfx950_lane_map.h,
// gfx950_kernel_abi.h), the lane-level MFMA model (EmulateMfmaScaleFp4,
// mxfp4/emu/mfma.h) and the cvt emulation (CvtScalef32PkFp4F32,
// mxfp4/emu/quantize.h). It is how CI checks the AMD kernels' lane mapping
// without the hardware (docs/amd.md): the emulated result must equal the
// kMfma16 reference GEMM bit for bit.
//
// The kernels' control flow (loops over pairs/steps/tiles, padding, stores)
// is restated here in plain C++ next to the device code it mirrors
// (kernels/*.hip); every address, OPSEL and accumulator position comes from
// the shared headers. Every load and store is checked against the buffers
// registered with AddBuffer(): out of bounds or misaligned -> OutOfRange
// naming the kernel, workgroup, wave and lane (where the GPU would silently
// read garbage).
//
// Example:
//   Gfx950Emulator emu(MfmaRoundingModel::kExactSumSingleRounding);
//   emu.AddBuffer(a.data(), a.size() * 2);  ... (every buffer of the plan)
//   absl::Status s = emu.Run(*plan);

#ifndef MXFP4_GPU_AMD_GFX950_EMULATOR_H_
#define MXFP4_GPU_AMD_GFX950_EMULATOR_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"

namespace mxfp4::gfx950 {

class Gfx950Emulator {
 public:
  explicit Gfx950Emulator(MfmaRoundingModel model = MfmaRoundingModel::kExactSumSingleRounding)
      : model_(model) {}

  // AddBuffer(): memory a kernel may access, standing for one device
  // allocation (whose start the GPU aligns to 256 bytes): alignment of an
  // access is checked relative to the buffer's start.
  void AddBuffer(const void* data, int64_t bytes);

  // Run(): every launch of the plan, in order.
  absl::Status Run(const Gfx950Plan& plan);
  absl::Status RunLaunch(const Gfx950Launch& launch);

  // Instructions emulated so far (to check a test really exercised them).
  struct Counters {
    int64_t mfma = 0;        // v_mfma_scale_f32_16x16x128_f8f6f4 (per wave)
    int64_t cvt = 0;         // v_cvt_scalef32_pk_fp4_f32 (per lane)
    int64_t opsel_mask = 0;  // bit (4 * opsel_a + opsel_b) set when used
  };
  const Counters& counters() const { return counters_; }

  // set_accumulator_tap(): when non-null, the bf16-writing GEMM kernels also
  // store their fp32 accumulators into tap[row * N + col] (an emulator-only
  // view of the value before the bf16 rounding, so tests can compare fp32
  // bits with the reference; the tap is not a registered buffer).
  void set_accumulator_tap(float* tap) { tap_ = tap; }

 private:
  struct Buffer {
    const uint8_t* begin;
    int64_t bytes;
  };
  struct Where;  // kernel / workgroup / wave / lane, for messages

  absl::Status Check(const Where& where, const void* p, int64_t bytes) const;
  absl::Status Read16(const Where& w, const void* p, std::array<uint32_t, 4>* out) const;
  absl::Status Read4(const Where& w, const void* p, uint32_t* out) const;
  absl::Status Write(const Where& w, void* p, const void* src, int64_t bytes) const;

  absl::Status QuantizeLaneA(const Where& w, const uint16_t* a, int64_t m, int64_t k, int64_t m0,
                             int64_t k0, int lane, MfmaLaneOperand* op, int32_t* scale);
  absl::Status Mfma(const MfmaWaveOperand& src_a, const MfmaWaveOperand& src_b, int opsel_a,
                    const MfmaWaveScales& scale_a, int opsel_b, const MfmaWaveScales& scale_b,
                    MfmaWaveAccumulator* acc);

  absl::Status FusedQuantGemm(Gfx950Kernel kernel, const Grid3& grid,
                              const FusedQuantGemmArgs& args, int m_tiles, bool partials);
  absl::Status SplitkCombine(const Grid3& grid, const SplitkCombineArgs& args);
  absl::Status QuantizeRows(const Grid3& grid, const QuantizeRowsArgs& args);
  absl::Status GemmPreshuffled(const Grid3& grid, const GemmPreshuffledArgs& args);

  MfmaRoundingModel model_;
  std::vector<Buffer> buffers_;
  Counters counters_;
  float* tap_ = nullptr;
};

}  // namespace mxfp4::gfx950

#endif  // MXFP4_GPU_AMD_GFX950_EMULATOR_H_
