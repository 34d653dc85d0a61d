// File: mxfp4/emu/reference_gemm.cc
//
// The reference GEMM driver: validates, expands the operands once, splits the
// output into 4x4 tiles handed to worker threads, and applies the contract
// (docs/accumulation.md) to each tile's exact block dot products.
//
// Determinism: every output is computed by one thread from the same operations
// in the same order whatever the thread count or kernel, and each worker runs
// with the default floating-point environment (round to nearest even, no
// flush-to-zero / denormals-are-zero), whatever the caller set.

#include "mxfp4/emu/reference_gemm.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/exact_sum.h"
#include "mxfp4/emu/reference_gemm_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define MXFP4_HAVE_MXCSR 1
#endif

namespace mxfp4 {

using reference_gemm_internal::CpuHasAvx2Fma;
using reference_gemm_internal::kTile;
using reference_gemm_internal::kTileOutputs;
using reference_gemm_internal::kTwiceOffset;
using reference_gemm_internal::PreparedOperands;

namespace {

// Block terms are < 2^13 in units of 2^(sa+sb-256); the int64 fast path of the
// ideal contract holds the whole sum when 13 + scale spread + log2(groups) <= 62.
constexpr int kMaxDot4Bits = 13;
constexpr int kIdealFastPathBits = 62;

// Tiles per parallel job: 16 row tiles x 8 column tiles (64 x 32 outputs).
constexpr int64_t kJobRowTiles = 16;
constexpr int64_t kJobColTiles = 8;

int BitLength(uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }

// Runs a worker with the IEEE default environment and restores the caller's.
class DefaultFloatEnvironment {
 public:
  DefaultFloatEnvironment() {
#if defined(MXFP4_HAVE_MXCSR)
    saved_ = _mm_getcsr();
    _mm_setcsr(0x1F80);  // all exceptions masked, round to nearest, no FTZ/DAZ
#endif
  }
  ~DefaultFloatEnvironment() {
#if defined(MXFP4_HAVE_MXCSR)
    _mm_setcsr(saved_);
#endif
  }
  DefaultFloatEnvironment(const DefaultFloatEnvironment&) = delete;
  DefaultFloatEnvironment& operator=(const DefaultFloatEnvironment&) = delete;

 private:
  unsigned int saved_ = 0;
};

bool UseAvx2(CpuKernel kernel) {
  return kernel == CpuKernel::kAvx2 || (kernel == CpuKernel::kAuto && CpuHasAvx2Fma());
}

// Twice-values of the two codes of every packed byte.
struct ByteTable {
  int8_t even[256];
  int8_t odd[256];
  ByteTable() {
    for (int b = 0; b < 256; ++b) {
      even[b] = static_cast<int8_t>(E2m1ToTwice(UnpackFp4Even(static_cast<uint8_t>(b))));
      odd[b] = static_cast<int8_t>(E2m1ToTwice(UnpackFp4Odd(static_cast<uint8_t>(b))));
    }
  }
};
const ByteTable& Table() {
  static const ByteTable* table = new ByteTable();
  return *table;
}

// Expands row r of `v` into twice-values plus `offset`.
template <typename T>
void ExpandRow(const Mxfp4View& v, int64_t r, int offset, T* out) {
  const ByteTable& t = Table();
  const int64_t kb = v.k() / 2;
  if (v.data_layout() == DataLayout::kNatural) {
    const uint8_t* row = v.data().data() + r * kb;
    for (int64_t b = 0; b < kb; ++b) {
      out[2 * b] = static_cast<T>(t.even[row[b]] + offset);
      out[2 * b + 1] = static_cast<T>(t.odd[row[b]] + offset);
    }
  } else {
    for (int64_t b = 0; b < kb; ++b) {
      const uint8_t byte = v.packed_byte(r, b);
      out[2 * b] = static_cast<T>(t.even[byte] + offset);
      out[2 * b + 1] = static_cast<T>(t.odd[byte] + offset);
    }
  }
}

// Runs fn(begin, end) over [0, count) split into `threads` contiguous ranges.
template <typename Fn>
void ParallelFor(int threads, int64_t count, Fn fn) {
  threads = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, count)));
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (int t = 1; t < threads; ++t) {
    pool.emplace_back([=]() { fn(count * t / threads, count * (t + 1) / threads); });
  }
  fn(0, count / threads);
  for (std::thread& t : pool) t.join();
}

// Expands both operands (rows split over `threads`); padding rows stay zero
// with scale 127.
PreparedOperands Prepare(const Mxfp4View& a, const Mxfp4View& b, int threads) {
  PreparedOperands op;
  op.m = a.rows();
  op.n = b.rows();
  op.k = a.k();
  op.groups = a.groups();
  op.mp = (op.m + kTile - 1) / kTile * kTile;
  op.np = (op.n + kTile - 1) / kTile * kTile;
  op.a_u8.assign(op.mp * op.k, static_cast<uint8_t>(kTwiceOffset));  // padding rows = 0.0
  op.b_s8.assign(op.np * op.k, 0);
  op.sa.assign(op.mp * op.groups, kMfmaPadScale);
  op.sb.assign(op.np * op.groups, kMfmaPadScale);
  op.b_corr_t.assign(op.groups * op.np, 0);
  op.fa_t.resize(op.groups * op.mp);
  op.fb_t.resize(op.groups * op.np);
  ParallelFor(threads, op.mp + op.np, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      if (i < op.mp) {  // A row
        const int64_t r = i;
        if (r < op.m) {
          ExpandRow<uint8_t>(a, r, kTwiceOffset, op.a_u8.data() + r * op.k);
          for (int64_t g = 0; g < op.groups; ++g) op.sa[r * op.groups + g] = a.scale(r, g);
        }
        for (int64_t g = 0; g < op.groups; ++g) {
          op.fa_t[g * op.mp + r] = E8m0ToFloat(op.sa[r * op.groups + g]);
        }
      } else {  // B row
        const int64_t r = i - op.mp;
        if (r < op.n) {
          ExpandRow<int8_t>(b, r, 0, op.b_s8.data() + r * op.k);
          for (int64_t g = 0; g < op.groups; ++g) op.sb[r * op.groups + g] = b.scale(r, g);
        }
        for (int64_t g = 0; g < op.groups; ++g) {
          const int8_t* x = op.b_s8.data() + r * op.k + g * kBlockSize;
          int32_t sum = 0;
          for (int e = 0; e < kBlockSize; ++e) sum += x[e];
          op.b_corr_t[g * op.np + r] = kTwiceOffset * sum;
          op.fb_t[g * op.np + r] = E8m0ToFloat(op.sb[r * op.groups + g]);
        }
      }
    }
  });
  return op;
}

// Per-row facts for the ideal contract's fast path.
struct RowScaleRange {
  bool has_nan = false;
  int min = 0;    // over non-NaN scale bytes
  int width = 0;  // max - min
};

std::vector<RowScaleRange> ScaleRanges(const std::vector<uint8_t>& scales, int64_t rows,
                                       int64_t groups) {
  std::vector<RowScaleRange> out(rows);
  for (int64_t r = 0; r < rows; ++r) {
    int lo = 255, hi = -1;
    for (int64_t g = 0; g < groups; ++g) {
      const uint8_t s = scales[r * groups + g];
      if (E8m0IsNan(s)) {
        out[r].has_nan = true;
      } else {
        lo = std::min(lo, static_cast<int>(s));
        hi = std::max(hi, static_cast<int>(s));
      }
    }
    if (hi >= 0) {
      out[r].min = lo;
      out[r].width = hi - lo;
    }
  }
  return out;
}

enum class OutputFormat { kFp32, kBf16 };

struct OutputSink {
  OutputFormat format;
  float* fp32;
  uint16_t* bf16;
  int64_t n;

  void StoreFloat(int64_t row, int64_t col, float v) const {
    if (std::isnan(v)) v = BitsToFloat(kCanonicalNanFp32Bits);
    if (format == OutputFormat::kFp32) {
      fp32[row * n + col] = v;
    } else {
      bf16[row * n + col] = FloatToBf16(v);
    }
  }
};

struct GemmPlan {
  const PreparedOperands* op;
  const GemmOptions* options;
  std::vector<RowScaleRange> a_ranges, b_ranges;  // kIdeal only
  OutputSink sink;
  bool avx2;
};

// The ideal contract for one output, from the tile's dot4 values.
void IdealOutput(const GemmPlan& plan, const int32_t* dots, int o, int64_t row, int64_t col) {
  const PreparedOperands& op = *plan.op;
  const RowScaleRange& ra = plan.a_ranges[row];
  const RowScaleRange& rb = plan.b_ranges[col];
  const OutputSink& sink = plan.sink;
  const bool bf16 = sink.format == OutputFormat::kBf16;
  if (ra.has_nan || rb.has_nan) {
    if (bf16) {
      sink.bf16[row * op.n + col] = kCanonicalNanBf16Bits;
    } else {
      sink.fp32[row * op.n + col] = BitsToFloat(kCanonicalNanFp32Bits);
    }
    return;
  }
  const uint8_t* sa = op.sa.data() + row * op.groups;
  const uint8_t* sb = op.sb.data() + col * op.groups;
  uint32_t bits32 = 0;
  uint16_t bits16 = 0;
  if (kMaxDot4Bits + ra.width + rb.width + BitLength(static_cast<uint64_t>(op.groups)) <=
      kIdealFastPathBits) {
    // Exact in int64: every term is dot4 * 2^(shift), shift in [0, width].
    const int base = ra.min + rb.min;
    int64_t sum = 0;
    for (int64_t g = 0; g < op.groups; ++g) {
      const int shift = static_cast<int>(sa[g]) + static_cast<int>(sb[g]) - base;
      sum += static_cast<int64_t>(dots[g * kTileOutputs + o]) * (int64_t{1} << shift);
    }
    const int exp2 = base - 256;  // IdealTermExp2 of the base
    if (bf16) {
      bits16 = RoundScaledI128ToBf16Bits(sum, exp2);
    } else {
      bits32 = RoundScaledI128ToFp32Bits(sum, exp2);
    }
  } else {
    ExactSum sum;
    for (int64_t g = 0; g < op.groups; ++g) {
      sum.AddScaledInt(dots[g * kTileOutputs + o], IdealTermExp2(sa[g], sb[g]));
    }
    if (bf16) {
      bits16 = sum.RoundToBf16Bits();
    } else {
      bits32 = sum.RoundToFp32Bits();
    }
  }
  if (bf16) {
    sink.bf16[row * op.n + col] = bits16;
  } else {
    sink.fp32[row * op.n + col] = BitsToFloat(bits32);
  }
}

// One 4x4 tile under the plan's contract.
void ProcessTile(const GemmPlan& plan, int64_t m0, int64_t n0, int32_t* dots) {
  const PreparedOperands& op = *plan.op;
  const GemmOptions& options = *plan.options;
  if (plan.avx2) {
    reference_gemm_internal::DotTileAvx2(op, m0, n0, dots);
  } else {
    reference_gemm_internal::DotTilePortable(op, m0, n0, dots);
  }
  const int rows = static_cast<int>(std::min<int64_t>(kTile, op.m - m0));
  const int cols = static_cast<int>(std::min<int64_t>(kTile, op.n - n0));
  const KSplit& split = options.k_split;

  switch (options.contract) {
    case Contract::kBlockFma: {
      SplitSums sums[kTileOutputs];
      float partial[kTileOutputs];
      const int splits = split.num_splits();
      for (int s = 0; s < splits; ++s) {
        if (plan.avx2) {
          reference_gemm_internal::BlockFmaTileAvx2(op, dots, m0, n0, split.begin(s),
                                                    split.end(s, op.groups), partial);
        } else {
          reference_gemm_internal::BlockFmaTilePortable(op, dots, m0, n0, split.begin(s),
                                                        split.end(s, op.groups), partial);
        }
        for (int o = 0; o < kTileOutputs; ++o) {
          SplitCombineStep(s, split, partial[o], sums[o]);
        }
      }
      for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) {
          plan.sink.StoreFloat(m0 + i, n0 + j, sums[i * kTile + j].total);
        }
      }
      return;
    }
    case Contract::kMfma16:
    case Contract::kMfma32: {
      const int per_step = ContractBlocksPerStep(options.contract);
      int32_t d4[4];
      uint8_t sa[4], sb[4];
      for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) {
          const int o = i * kTile + j;
          const uint8_t* row_sa = op.sa.data() + (m0 + i) * op.groups;
          const uint8_t* row_sb = op.sb.data() + (n0 + j) * op.groups;
          SplitSums sums;
          for (int s = 0; s < split.num_splits(); ++s) {
            float c = 0.0f;
            const int64_t end = split.end(s, op.groups);
            for (int64_t g = split.begin(s); g < end; g += per_step) {
              for (int b = 0; b < per_step; ++b) {
                const bool real = g + b < end;  // a K tail is padded: zero codes, scale 127
                d4[b] = real ? dots[(g + b) * kTileOutputs + o] : 0;
                sa[b] = real ? row_sa[g + b] : kMfmaPadScale;
                sb[b] = real ? row_sb[g + b] : kMfmaPadScale;
              }
              c = MfmaAccumulateBlocks(options.mfma_rounding, c, d4, sa, sb, per_step);
            }
            SplitCombineStep(s, split, c, sums);
          }
          plan.sink.StoreFloat(m0 + i, n0 + j, sums.total);
        }
      }
      return;
    }
    case Contract::kIdeal: {
      for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) IdealOutput(plan, dots, i * kTile + j, m0 + i, n0 + j);
      }
      return;
    }
  }
}

absl::Status RunGemm(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                     OutputSink sink, int64_t c_size) {
  if (absl::Status s = ValidateGemm(a, b, options, c_size); !s.ok()) return s;
  if (a.rows() == 0 || b.rows() == 0) return absl::OkStatus();
  DefaultFloatEnvironment environment;
  const int max_threads = options.num_threads > 0
                              ? options.num_threads
                              : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));

  const PreparedOperands op = Prepare(a, b, max_threads);
  GemmPlan plan{&op, &options, {}, {}, sink, UseAvx2(options.cpu_kernel)};
  if (options.contract == Contract::kIdeal) {
    plan.a_ranges = ScaleRanges(op.sa, op.m, op.groups);
    plan.b_ranges = ScaleRanges(op.sb, op.n, op.groups);
  }

  const int64_t row_tiles = op.mp / kTile;
  const int64_t col_tiles = op.np / kTile;
  const int64_t job_rows = (row_tiles + kJobRowTiles - 1) / kJobRowTiles;
  const int64_t job_cols = (col_tiles + kJobColTiles - 1) / kJobColTiles;
  const int64_t num_jobs = job_rows * job_cols;
  std::atomic<int64_t> next_job{0};

  auto worker = [&]() {
    DefaultFloatEnvironment worker_environment;
    std::vector<int32_t> dots(std::max<int64_t>(op.groups, 1) * kTileOutputs);
    for (int64_t job = next_job.fetch_add(1); job < num_jobs; job = next_job.fetch_add(1)) {
      const int64_t rt0 = (job / job_cols) * kJobRowTiles;
      const int64_t ct0 = (job % job_cols) * kJobColTiles;
      const int64_t rt1 = std::min(rt0 + kJobRowTiles, row_tiles);
      const int64_t ct1 = std::min(ct0 + kJobColTiles, col_tiles);
      for (int64_t rt = rt0; rt < rt1; ++rt) {
        for (int64_t ct = ct0; ct < ct1; ++ct) ProcessTile(plan, rt * kTile, ct * kTile, dots.data());
      }
    }
  };

  const int threads = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(max_threads, num_jobs)));
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return absl::OkStatus();
}

// dot4 of output (m, n), block g, long hand from the views.
int32_t LonghandDot4(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n, int64_t g) {
  int32_t sum = 0;
  for (int e = 0; e < kBlockSize; ++e) {
    const int64_t k = g * kBlockSize + e;
    sum += E2m1ToTwice(a.code(m, k)) * E2m1ToTwice(b.code(n, k));
  }
  return sum;
}

std::string FloatText(float v) {
  return absl::StrFormat("0x%08x (%.9g)", FloatBits(v), static_cast<double>(v));
}

// Long-hand evaluation of one output; appends a trace when `trace` is set.
GemmElement EvaluateElement(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                            int64_t m, int64_t n, std::string* trace) {
  DefaultFloatEnvironment environment;
  const int64_t groups = a.groups();
  std::vector<int32_t> dot4(groups);
  std::vector<uint8_t> sa(groups), sb(groups);
  for (int64_t g = 0; g < groups; ++g) {
    dot4[g] = LonghandDot4(a, b, m, n, g);
    sa[g] = a.scale(m, g);
    sb[g] = b.scale(n, g);
  }
  if (trace != nullptr) {
    absl::StrAppendFormat(trace, "C[%d][%d], contract %s, K = %d (%d blocks), K-split %s\n", m, n,
                          ContractName(options.contract), a.k(), groups,
                          options.k_split.ToString(groups));
    if (options.contract == Contract::kMfma16 || options.contract == Contract::kMfma32) {
      absl::StrAppendFormat(trace, "MFMA rounding model: %s (unverified on hardware)\n",
                            MfmaRoundingModelName(options.mfma_rounding));
    }
  }
  GemmElement result;
  if (options.contract == Contract::kIdeal) {
    ExactSum sum;
    for (int64_t g = 0; g < groups; ++g) {
      if (E8m0IsNan(sa[g]) || E8m0IsNan(sb[g])) sum.AddNan();
      sum.AddScaledInt(dot4[g], IdealTermExp2(sa[g], sb[g]));
      if (trace != nullptr) {
        absl::StrAppendFormat(trace, "  block %d: dot4 = %d (P = %.2f), sa = %d, sb = %d, term = %d * 2^%d%s\n",
                              g, dot4[g], dot4[g] / 4.0, sa[g], sb[g], dot4[g],
                              IdealTermExp2(sa[g], sb[g]),
                              (E8m0IsNan(sa[g]) || E8m0IsNan(sb[g])) ? " (NaN scale)" : "");
      }
    }
    result.fp32 = sum.RoundToFp32();
    result.bf16 = sum.RoundToBf16Bits();
    if (trace != nullptr) {
      absl::StrAppendFormat(trace, "  exact sum rounded once: fp32 %s, bf16 0x%04x\n",
                            FloatText(result.fp32), result.bf16);
    }
    return result;
  }
  const int per_step = ContractBlocksPerStep(options.contract);
  std::vector<float> partials;
  for (int s = 0; s < options.k_split.num_splits(); ++s) {
    const int64_t begin = options.k_split.begin(s);
    const int64_t end = options.k_split.end(s, groups);
    if (trace != nullptr) absl::StrAppendFormat(trace, " split %d: blocks [%d, %d), acc = +0\n", s, begin, end);
    float acc = 0.0f;
    for (int64_t g = begin; g < end; g += per_step) {
      if (options.contract == Contract::kBlockFma) {
        acc = BlockFmaStep(acc, dot4[g], sa[g], sb[g]);
        if (trace != nullptr) {
          absl::StrAppendFormat(trace, "  block %d: dot4 = %d (P = %.2f), sa = %d, sb = %d, s = %s, acc = %s\n",
                                g, dot4[g], dot4[g] / 4.0, sa[g], sb[g],
                                FloatText(BlockScaleProduct(sa[g], sb[g])), FloatText(acc));
        }
      } else {
        int32_t d4[4];
        uint8_t xa[4], xb[4];
        for (int bk = 0; bk < per_step; ++bk) {
          const bool real = g + bk < end;
          d4[bk] = real ? dot4[g + bk] : 0;
          xa[bk] = real ? sa[g + bk] : kMfmaPadScale;
          xb[bk] = real ? sb[g + bk] : kMfmaPadScale;
        }
        acc = MfmaAccumulateBlocks(options.mfma_rounding, acc, d4, xa, xb, per_step);
        if (trace != nullptr) {
          std::string blocks;
          for (int bk = 0; bk < per_step; ++bk) {
            absl::StrAppendFormat(&blocks, " [dot4 %d sa %d sb %d]", d4[bk], xa[bk], xb[bk]);
          }
          absl::StrAppendFormat(trace, "  instruction at block %d:%s -> acc = %s\n", g, blocks,
                                FloatText(acc));
        }
      }
    }
    partials.push_back(acc);
  }
  float total =
      CombineSplitPartials(partials, options.k_split.group, options.k_split.outer_group);
  if (std::isnan(total)) total = BitsToFloat(kCanonicalNanFp32Bits);
  result.fp32 = total;
  result.bf16 = FloatToBf16(total);
  if (trace != nullptr) {
    absl::StrAppendFormat(trace, "  result: fp32 %s, bf16 0x%04x\n", FloatText(result.fp32),
                          result.bf16);
  }
  return result;
}

absl::Status CheckElementIndex(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n) {
  if (m < 0 || m >= a.rows() || n < 0 || n >= b.rows()) {
    return absl::OutOfRangeError(absl::StrFormat(
        "output (%d, %d) is outside the %d x %d result", m, n, a.rows(), b.rows()));
  }
  return absl::OkStatus();
}

}  // namespace

const char* CpuKernelName(CpuKernel kernel) {
  switch (kernel) {
    case CpuKernel::kAuto:
      return "auto";
    case CpuKernel::kPortable:
      return "portable";
    case CpuKernel::kAvx2:
      return "avx2";
  }
  return "unknown";
}

bool CpuKernelAvailable(CpuKernel kernel) {
  return kernel != CpuKernel::kAvx2 || CpuHasAvx2Fma();
}

absl::Status ValidateGemm(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                          int64_t c_size) {
  if (a.k() != b.k()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "ReferenceGemm: A is (%d, %d) and B is (%d, %d): K must match", a.rows(), a.k(), b.rows(),
        b.k()));
  }
  if (a.rows() < 0 || b.rows() < 0 || a.k() < 0 || a.k() % kBlockSize != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "ReferenceGemm: bad shapes A (%d, %d), B (%d, %d)", a.rows(), a.k(), b.rows(), b.k()));
  }
  if (b.rows() != 0 && a.rows() > INT64_MAX / b.rows()) {
    return absl::InvalidArgumentError("ReferenceGemm: M * N overflows int64");
  }
  if (c_size != a.rows() * b.rows()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "ReferenceGemm: C must hold M * N = %d * %d = %d values, got %d", a.rows(), b.rows(),
        a.rows() * b.rows(), c_size));
  }
  if (options.contract == Contract::kIdeal && options.k_split.is_split()) {
    return absl::InvalidArgumentError(
        "ReferenceGemm: the ideal contract is one exact sum; a K-split does not apply to it");
  }
  if (absl::Status s = options.k_split.Validate(a.groups(), ContractBlocksPerStep(options.contract));
      !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("ReferenceGemm (contract ", ContractName(options.contract), "): ", s.message()));
  }
  if (options.num_threads < 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("ReferenceGemm: num_threads = %d must be >= 0", options.num_threads));
  }
  if (!CpuKernelAvailable(options.cpu_kernel)) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "ReferenceGemm: CPU kernel %s is not supported by this CPU", CpuKernelName(options.cpu_kernel)));
  }
  return absl::OkStatus();
}

absl::Status ReferenceGemm(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                           absl::Span<float> c) {
  return RunGemm(a, b, options, OutputSink{OutputFormat::kFp32, c.data(), nullptr, b.rows()},
                 static_cast<int64_t>(c.size()));
}

absl::Status ReferenceGemmBf16(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                               absl::Span<uint16_t> c) {
  return RunGemm(a, b, options, OutputSink{OutputFormat::kBf16, nullptr, c.data(), b.rows()},
                 static_cast<int64_t>(c.size()));
}

absl::StatusOr<GemmElement> ReferenceGemmElement(const Mxfp4View& a, const Mxfp4View& b,
                                                 const GemmOptions& options, int64_t m,
                                                 int64_t n) {
  if (absl::Status s = ValidateGemm(a, b, options, a.rows() * b.rows()); !s.ok()) return s;
  if (absl::Status s = CheckElementIndex(a, b, m, n); !s.ok()) return s;
  return EvaluateElement(a, b, options, m, n, nullptr);
}

absl::StatusOr<std::string> ExplainGemmElement(const Mxfp4View& a, const Mxfp4View& b,
                                               const GemmOptions& options, int64_t m, int64_t n) {
  if (absl::Status s = ValidateGemm(a, b, options, a.rows() * b.rows()); !s.ok()) return s;
  if (absl::Status s = CheckElementIndex(a, b, m, n); !s.ok()) return s;
  std::string trace;
  EvaluateElement(a, b, options, m, n, &trace);
  return trace;
}

}  // namespace mxfp4
