// File: mxfp4/gpu/amd/gfx950_emulator.cc
//
// CPU execution of the gfx950 kernels (see gfx950_emulator.h). Each kernel
// function below mirrors the device code named in its comment statement by
// statement; the index math is the shared headers'.

#include "mxfp4/gpu/amd/gfx950_emulator.h"

#include <array>
#include <cstdint>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/amd/gfx950_kernel_abi.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"

namespace mxfp4::gfx950 {

struct Gfx950Emulator::Where {
  const char* kernel;
  uint32_t bx, by, bz;
  int wave;  // -1 for per-thread kernels
  int lane;  // lane, or thread index in the workgroup

  std::string ToString() const {
    return absl::StrFormat("%s workgroup (%d, %d, %d) %s %d", kernel, bx, by, bz,
                           wave >= 0 ? absl::StrFormat("wave %d lane", wave) : "thread", lane);
  }
};

namespace {

// The host stand-in for CvtPk8Fp4 (kernels/gfx950_device.h): 4 instructions
// with OPSEL 0..3 from a zero dword.
struct EmulatedCvtPk8Fp4 {
  int64_t* count;
  uint32_t operator()(const float (&x)[8], float scale) const {
    uint32_t d = 0;
    for (int b = 0; b < 4; ++b) d = CvtScalef32PkFp4F32(d, x[2 * b], x[2 * b + 1], scale, b);
    *count += 4;
    return d;
  }
};

MfmaLaneOperand OperandFromDwords(const std::array<uint32_t, 4>& d) {
  MfmaLaneOperand op{};
  for (int i = 0; i < 4; ++i) op[i] = static_cast<int32_t>(d[i]);
  return op;
}

uint32_t PackBf16Pair(float lo, float hi) {
  return Fp32BitsToBf16(FloatBits(lo)) |
         (static_cast<uint32_t>(Fp32BitsToBf16(FloatBits(hi))) << 16);
}

}  // namespace

void Gfx950Emulator::AddBuffer(const void* data, int64_t bytes) {
  buffers_.push_back(Buffer{static_cast<const uint8_t*>(data), bytes});
}

absl::Status Gfx950Emulator::Check(const Where& where, const void* p, int64_t bytes) const {
  const uint8_t* q = static_cast<const uint8_t*>(p);
  for (const Buffer& b : buffers_) {
    if (q >= b.begin && q < b.begin + b.bytes) {
      const int64_t offset = q - b.begin;
      if (offset + bytes > b.bytes) {
        return absl::OutOfRangeError(
            absl::StrFormat("%s: %d-byte access at offset %d runs past the end of a %d-byte buffer",
                            where.ToString(), bytes, offset, b.bytes));
      }
      if (offset % bytes != 0) {
        return absl::OutOfRangeError(absl::StrFormat(
            "%s: %d-byte access at offset %d is misaligned", where.ToString(), bytes, offset));
      }
      return absl::OkStatus();
    }
  }
  return absl::OutOfRangeError(
      absl::StrFormat("%s: %d-byte access outside every buffer", where.ToString(), bytes));
}

absl::Status Gfx950Emulator::Read16(const Where& w, const void* p,
                                    std::array<uint32_t, 4>* out) const {
  if (absl::Status s = Check(w, p, 16); !s.ok()) return s;
  std::memcpy(out->data(), p, 16);
  return absl::OkStatus();
}

absl::Status Gfx950Emulator::Read4(const Where& w, const void* p, uint32_t* out) const {
  if (absl::Status s = Check(w, p, 4); !s.ok()) return s;
  std::memcpy(out, p, 4);
  return absl::OkStatus();
}

absl::Status Gfx950Emulator::Write(const Where& w, void* p, const void* src, int64_t bytes) const {
  if (absl::Status s = Check(w, p, bytes); !s.ok()) return s;
  std::memcpy(p, src, static_cast<size_t>(bytes));
  return absl::OkStatus();
}

absl::Status Gfx950Emulator::Mfma(const MfmaWaveOperand& src_a, const MfmaWaveOperand& src_b,
                                  int opsel_a, const MfmaWaveScales& scale_a, int opsel_b,
                                  const MfmaWaveScales& scale_b, MfmaWaveAccumulator* acc) {
  ++counters_.mfma;
  counters_.opsel_mask |= int64_t{1} << (4 * opsel_a + opsel_b);
  return EmulateMfmaScaleFp4(MfmaShape::k16x16x128, src_a, src_b, *acc, opsel_a, scale_a, opsel_b,
                             scale_b, model_, acc);
}

// QuantizeLaneA() of kernels/fused_quant_gemm.h.
absl::Status Gfx950Emulator::QuantizeLaneA(const Where& w, const uint16_t* a, int64_t m, int64_t k,
                                           int64_t m0, int64_t k0, int lane, MfmaLaneOperand* op,
                                           int32_t* scale) {
  const int64_t row = m0 + OperandRow(lane);
  *op = MfmaLaneOperand{};
  if (row < m && LaneBlockInK(k0, lane, k)) {
    const uint16_t* src = a + row * k + OperandFirstK(k0, lane);
    uint32_t words[16];
    for (int q = 0; q < 4; ++q) {
      std::array<uint32_t, 4> v;
      if (absl::Status s = Read16(w, src + 8 * q, &v); !s.ok()) return s;
      for (int i = 0; i < 4; ++i) words[4 * q + i] = v[i];
    }
    uint32_t packed[4];
    *scale = QuantizeBlockEven(words, EmulatedCvtPk8Fp4{&counters_.cvt}, packed);
    for (int d = 0; d < 4; ++d) (*op)[d] = static_cast<int32_t>(packed[d]);
  } else {
    *scale = kPadScale;
  }
  return absl::OkStatus();
}

// FusedQuantGemmWave<kMTiles, kPartials, kStreamB> of kernels/fused_quant_gemm.h,
// for every wave of the grid.
absl::Status Gfx950Emulator::FusedQuantGemm(Gfx950Kernel kernel, const Grid3& grid,
                                            const FusedQuantGemmArgs& args, int m_tiles,
                                            bool partials) {
  const int64_t m = args.m, n = args.n, k = args.k;
  const int64_t groups = k / kBlockK;
  const int64_t pairs = KPairs(k);
  for (uint32_t bz = 0; bz < grid.z; ++bz) {
    for (uint32_t by = 0; by < grid.y; ++by) {
      for (uint32_t bx = 0; bx < grid.x; ++bx) {
        for (int wave = 0; wave < kWavesPerWorkgroup; ++wave) {
          Where w{Gfx950KernelSymbol(kernel), bx, by, bz, wave, 0};
          const int64_t n_wave0 = FusedWaveN0(bx, wave);
          if (n_wave0 >= n) continue;
          const bool second_n_tile = n_wave0 + kMfmaTile < n;
          const int split = static_cast<int>(bz);
          const int64_t pair_begin = SplitPairBegin(pairs, args.splits, split);
          const int64_t pair_end = SplitPairEnd(pairs, args.splits, split);

          MfmaWaveAccumulator acc[2][2] = {};
          for (int64_t pair = pair_begin; pair < pair_end; ++pair) {
            const int64_t g0 = kPairBlocks * pair;
            uint32_t b_word[kWaveSize];
            for (int lane = 0; lane < kWaveSize; ++lane) {
              w.lane = lane;
              if (absl::Status s =
                      Read4(w, args.b_scales + Shuffled16ScaleWordOffset(n_wave0, g0, groups, lane),
                            &b_word[lane]);
                  !s.ok()) {
                return s;
              }
            }
            for (int h = 0; h < 2; ++h) {
              const int64_t k0 = kPairK * pair + kMfmaK * h;
              if (k0 >= k) break;
              MfmaWaveOperand a_op[2];
              MfmaWaveScales a_scale[2];
              for (int mt = 0; mt < m_tiles; ++mt) {
                for (int lane = 0; lane < kWaveSize; ++lane) {
                  w.lane = lane;
                  if (absl::Status s =
                          QuantizeLaneA(w, args.a, m, k, FusedM0(by, m_tiles, mt), k0, lane,
                                        &a_op[mt].lanes[lane], &a_scale[mt].lanes[lane]);
                      !s.ok()) {
                    return s;
                  }
                }
              }
              for (int nt = 0; nt < 2; ++nt) {
                if (nt == 1 && !second_n_tile) break;
                const int64_t n0 = n_wave0 + kMfmaTile * nt;
                MfmaWaveOperand b_op;
                MfmaWaveScales b_scale;
                for (int lane = 0; lane < kWaveSize; ++lane) {
                  w.lane = lane;
                  const bool in_k = LaneBlockInK(k0, lane, k);
                  std::array<uint32_t, 4> v{};
                  if (in_k) {
                    if (absl::Status s = Read16(
                            w, args.b_preshuffled + PreshuffledBLaneOffset(n0, k0, k, lane), &v);
                        !s.ok()) {
                      return s;
                    }
                  }
                  b_op.lanes[lane] = OperandFromDwords(v);
                  b_scale.lanes[lane] = static_cast<int32_t>(in_k ? b_word[lane] : kPadScaleWord);
                }
                for (int mt = 0; mt < m_tiles; ++mt) {
                  if (absl::Status s = Mfma(b_op, a_op[mt], WaveTileOpsel(nt, h), b_scale,
                                            kLaneOwnScaleOpsel, a_scale[mt], &acc[mt][nt]);
                      !s.ok()) {
                    return s;
                  }
                }
              }
            }
          }

          for (int mt = 0; mt < m_tiles; ++mt) {
            for (int lane = 0; lane < kWaveSize; ++lane) {
              w.lane = lane;
              const int64_t row = FusedM0(by, m_tiles, mt) + AccumulatorM(lane);
              if (row >= m) continue;
              for (int nt = 0; nt < 2; ++nt) {
                if (nt == 1 && !second_n_tile) break;
                const int64_t col = n_wave0 + kMfmaTile * nt + AccumulatorN(lane, 0);
                const auto& r = acc[mt][nt].lanes[lane];
                absl::Status s;
                if (partials) {
                  float* out = static_cast<float*>(args.out) + (split * m + row) * n + col;
                  const float v[4] = {r[0], r[1], r[2], r[3]};
                  s = Write(w, out, v, 16);
                } else {
                  uint16_t* out = static_cast<uint16_t*>(args.out) + row * n + col;
                  const uint32_t v[2] = {PackBf16Pair(r[0], r[1]), PackBf16Pair(r[2], r[3])};
                  s = Write(w, out, v, 8);
                  if (tap_ != nullptr) std::memcpy(tap_ + row * n + col, r.data(), 16);
                }
                if (!s.ok()) return s;
              }
            }
          }
        }
      }
    }
  }
  return absl::OkStatus();
}

// SplitkCombine() of kernels/splitk_combine.hip.
absl::Status Gfx950Emulator::SplitkCombine(const Grid3& grid, const SplitkCombineArgs& args) {
  for (uint32_t bx = 0; bx < grid.x; ++bx) {
    for (int t = 0; t < kWorkgroupThreads; ++t) {
      const Where w{kSplitkCombineKernel, bx, 0, 0, -1, t};
      const int64_t i = 4 * (static_cast<int64_t>(bx) * kWorkgroupThreads + t);
      if (i >= args.count) continue;
      float sum[4];
      for (int e = 0; e < 4; ++e) {
        absl::Status status;
        sum[e] = CombineSplits(args.splits, [&](int s) {
          uint32_t bits = 0;
          absl::Status r = Read4(w, args.partials + s * args.count + i + e, &bits);
          if (!r.ok() && status.ok()) status = r;
          return BitsToFloat(bits);
        });
        if (!status.ok()) return status;
      }
      const uint32_t v[2] = {PackBf16Pair(sum[0], sum[1]), PackBf16Pair(sum[2], sum[3])};
      if (absl::Status s = Write(w, args.out + i, v, 8); !s.ok()) return s;
    }
  }
  return absl::OkStatus();
}

// QuantizeRows() of kernels/quantize_rows.hip.
absl::Status Gfx950Emulator::QuantizeRows(const Grid3& grid, const QuantizeRowsArgs& args) {
  const int64_t m = args.m, k = args.k, groups = k / kBlockK;
  for (uint32_t bx = 0; bx < grid.x; ++bx) {
    for (int t = 0; t < kWorkgroupThreads; ++t) {
      const Where w{kQuantizeRowsKernel, bx, 0, 0, -1, t};
      const int64_t slot = static_cast<int64_t>(bx) * kWorkgroupThreads + t;
      if (slot >= QuantizeSlots(m, k)) continue;
      const int64_t row = QuantizeSlotRow(slot, k);
      const int64_t g = QuantizeSlotBlock(slot, k);
      uint8_t scale = 0;
      if (row < m && g < groups) {
        const uint16_t* src = args.a + row * k + g * kBlockK;
        uint32_t words[16];
        for (int q = 0; q < 4; ++q) {
          std::array<uint32_t, 4> v;
          if (absl::Status s = Read16(w, src + 8 * q, &v); !s.ok()) return s;
          for (int i = 0; i < 4; ++i) words[4 * q + i] = v[i];
        }
        uint32_t packed[4];
        scale = QuantizeBlockEven(words, EmulatedCvtPk8Fp4{&counters_.cvt}, packed);
        if (absl::Status s = Write(w, args.a_q + row * (k / 2) + g * (kBlockK / 2), packed, 16);
            !s.ok()) {
          return s;
        }
      }
      if (absl::Status s =
              Write(w, args.a_scales + Shuffled16ScaleByteOffset(row, g, groups), &scale, 1);
          !s.ok()) {
        return s;
      }
    }
  }
  return absl::OkStatus();
}

// GemmPreshuffled() of kernels/gemm_preshuffled.hip.
absl::Status Gfx950Emulator::GemmPreshuffled(const Grid3& grid, const GemmPreshuffledArgs& args) {
  const int64_t m = args.m, n = args.n, k = args.k, groups = k / kBlockK;
  const int64_t pairs = KPairs(k);
  for (uint32_t by = 0; by < grid.y; ++by) {
    for (uint32_t bx = 0; bx < grid.x; ++bx) {
      for (int wave = 0; wave < kWavesPerWorkgroup; ++wave) {
        Where w{kGemmPreshuffledKernel, bx, by, 0, wave, 0};
        const int64_t m_wave0 = GemmWaveM0(by, wave);
        const int64_t n_wave0 = GemmWaveN0(bx, wave);
        if (m_wave0 >= m || n_wave0 >= n) continue;
        const bool n_tile_valid[2] = {true, n_wave0 + kMfmaTile < n};
        MfmaWaveAccumulator acc[2][2] = {};
        for (int64_t pair = 0; pair < pairs; ++pair) {
          const int64_t g0 = kPairBlocks * pair;
          uint32_t a_word[kWaveSize], b_word[kWaveSize];
          for (int lane = 0; lane < kWaveSize; ++lane) {
            w.lane = lane;
            if (absl::Status s =
                    Read4(w, args.a_scales + Shuffled16ScaleWordOffset(m_wave0, g0, groups, lane),
                          &a_word[lane]);
                !s.ok()) {
              return s;
            }
            if (absl::Status s =
                    Read4(w, args.b_scales + Shuffled16ScaleWordOffset(n_wave0, g0, groups, lane),
                          &b_word[lane]);
                !s.ok()) {
              return s;
            }
          }
          for (int h = 0; h < 2; ++h) {
            const int64_t k0 = kPairK * pair + kMfmaK * h;
            if (k0 >= k) break;
            MfmaWaveOperand a_op[2], b_op[2];
            MfmaWaveScales a_scale, b_scale;
            for (int lane = 0; lane < kWaveSize; ++lane) {
              w.lane = lane;
              const bool in_k = LaneBlockInK(k0, lane, k);
              for (int t = 0; t < 2; ++t) {
                const int64_t m0 = m_wave0 + kMfmaTile * t;
                std::array<uint32_t, 4> va{}, vb{};
                if (in_k && m0 + OperandRow(lane) < m) {
                  if (absl::Status s =
                          Read16(w, args.a_q + NaturalLaneOffset(m0, k0, k, lane), &va);
                      !s.ok()) {
                    return s;
                  }
                }
                const int64_t n0 = n_wave0 + kMfmaTile * t;
                if (in_k && n_tile_valid[t]) {
                  if (absl::Status s = Read16(
                          w, args.b_preshuffled + PreshuffledBLaneOffset(n0, k0, k, lane), &vb);
                      !s.ok()) {
                    return s;
                  }
                }
                a_op[t].lanes[lane] = OperandFromDwords(va);
                b_op[t].lanes[lane] = OperandFromDwords(vb);
              }
              a_scale.lanes[lane] = static_cast<int32_t>(in_k ? a_word[lane] : kPadScaleWord);
              b_scale.lanes[lane] = static_cast<int32_t>(in_k ? b_word[lane] : kPadScaleWord);
            }
            for (int mt = 0; mt < 2; ++mt) {
              for (int nt = 0; nt < 2; ++nt) {
                if (!n_tile_valid[nt]) continue;
                if (absl::Status s = Mfma(b_op[nt], a_op[mt], WaveTileOpsel(nt, h), b_scale,
                                          WaveTileOpsel(mt, h), a_scale, &acc[mt][nt]);
                    !s.ok()) {
                  return s;
                }
              }
            }
          }
        }
        for (int mt = 0; mt < 2; ++mt) {
          for (int lane = 0; lane < kWaveSize; ++lane) {
            w.lane = lane;
            const int64_t row = m_wave0 + kMfmaTile * mt + AccumulatorM(lane);
            if (row >= m) continue;
            for (int nt = 0; nt < 2; ++nt) {
              if (!n_tile_valid[nt]) continue;
              const int64_t col = n_wave0 + kMfmaTile * nt + AccumulatorN(lane, 0);
              const auto& r = acc[mt][nt].lanes[lane];
              const uint32_t v[2] = {PackBf16Pair(r[0], r[1]), PackBf16Pair(r[2], r[3])};
              if (absl::Status s = Write(w, args.out + row * n + col, v, 8); !s.ok()) return s;
              if (tap_ != nullptr) std::memcpy(tap_ + row * n + col, r.data(), 16);
            }
          }
        }
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Gfx950Emulator::RunLaunch(const Gfx950Launch& l) {
  switch (l.kernel) {
    case Gfx950Kernel::kFusedQuantK512M16:
      return FusedQuantGemm(l.kernel, l.grid, l.fused, 1, false);
    case Gfx950Kernel::kFusedQuantK512M32:
      return FusedQuantGemm(l.kernel, l.grid, l.fused, 2, false);
    case Gfx950Kernel::kSplitkSmallMM16:
      return FusedQuantGemm(l.kernel, l.grid, l.fused, 1, true);
    case Gfx950Kernel::kSplitkSmallMM32:
      return FusedQuantGemm(l.kernel, l.grid, l.fused, 2, true);
    case Gfx950Kernel::kSplitkCombine:
      return SplitkCombine(l.grid, l.combine);
    case Gfx950Kernel::kQuantizeRows:
      return QuantizeRows(l.grid, l.quantize);
    case Gfx950Kernel::kGemmPreshuffled:
      return GemmPreshuffled(l.grid, l.gemm);
  }
  return absl::InvalidArgumentError("Gfx950Emulator: unknown kernel");
}

absl::Status Gfx950Emulator::Run(const Gfx950Plan& plan) {
  for (int i = 0; i < plan.num_launches; ++i) {
    if (absl::Status s = RunLaunch(plan.launches[i]); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace mxfp4::gfx950
