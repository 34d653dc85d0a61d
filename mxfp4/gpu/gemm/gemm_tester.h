// File: mxfp4/gpu/gemm/gemm_tester.h
//
// Testonly: runs one GEMM problem on the GPU through gemm.h and checks it
// against the CPU emulator (XNNPACK-style fluent tester; docs/paths.md,
// "Tests"):
//   - bit for bit against mxfp4/emu/reference_gemm.h's block_fma contract with
//     the plan's own K-split (NaN-aware: any NaN equals any NaN);
//   - optionally against the ideal result within atol = rtol = 1e-2 (the
//     contest tolerance), reported through mxfp4/emu/error_report.h;
//   - optionally run `repeats` times (each time into a freshly poisoned
//     output) and required to give identical bits every time;
//   - optionally through a captured CUDA graph instead of a direct call.
// Outputs are poisoned (0xAB bytes) before every launch, so an unwritten
// element shows up as a mismatch. On failure the message names the shape,
// seed, plan, the error report and the emulator's trace of the first
// mismatching element.
//
// Example:
//   EXPECT_TRUE(GemmTester().M(16).N(2112).K(7168).Seed(7)
//                   .Path(GemmPath::kSplitKSmallM).Run());

#ifndef MXFP4_GPU_GEMM_GEMM_TESTER_H_
#define MXFP4_GPU_GEMM_GEMM_TESTER_H_

#include <cstdint>
#include <string>

#include "gtest/gtest.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/gemm/gemm.h"

namespace mxfp4::gpu::testing {

// How A (bf16) is drawn.
enum class AInput {
  kNormal,        // standard normal, like the contest
  // normal * 2^e, e uniform in [-133, 125] per 32-block (bf16 subnormals .. near max)
  kWideExponent,
  kSpecialValues, // normal with sprinkled +-0, +-Inf, NaN, subnormals, +-max
  // normal * 2^e, e in {-11, 14} per 32-block: scale bytes at the edges of the
  // folded range [115, 141] (internal/scale_fold.h), a few just outside
  kFoldEdges,
  // normal * 2^6 everywhere: every block folds (fp16 and E4M3 forms; scale
  // bytes 131..133), and sa * 2^127 overflows fp32
  kFoldHigh,
  // every 32-block [2^-20, 2^-23 x 31]: scale byte 105 (no fold), codes 4 and
  // 0.5; with BInput::kUnderflowingTerms every block term underflows to -0
  kUnderflowingTerms,
  // normal, but the last row's blocks alternate x 2^-8 / x 2^8 (a scale spread
  // of 16): integer accumulation (PreparedInt8) declines the tiles holding it
  kOneWideRow,
  // normal with every fourth 32-block (per row, offset by the row) all zeros
  // and row 1 all zeros: scale byte 0 blocks that integer accumulation skips
  kZeroBlocks,
};

// How B (MXFP4) is drawn.
enum class BInput {
  kNormal,         // standard normal, EVEN-quantized on the CPU
  kWideScales,     // random codes, scale bytes uniform in 0..254
  kExtremeScales,  // random codes, scale bytes mostly 0x00 / 0xFE / 0x7F
  kNanScales,      // random codes, wide scales with ~2% 0xFF (NaN)
  // random codes, scale bytes in 0..240 (the folded tiles' fast range), 0 and 240 frequent
  kFoldRangeScales,
  // kFoldRangeScales, but the last row's last K-block has zero codes and
  // scale byte 0xFE: with AInput::kFoldHigh only a check that reads every
  // weight scale byte sends it to the exact fallback (NaN outputs there)
  kFoldRangeLastExtreme,
  // per row and block one code -0.5 (elements 1..31, random), zeros
  // elsewhere, scale byte 0: with AInput::kUnderflowingTerms each block adds
  // fmaf(-0.25, 2^-149, acc), whose -2^-151 rounds to -0, so every chunk
  // partial and every output is -0 (a path that adds anything for a block
  // outside its chunk, even fmaf(+0, s, -0) = +0, shows)
  kUnderflowingTerms,
};

const char* AInputName(AInput input);
const char* BInputName(BInput input);

class GemmTester {
 public:
  GemmTester& M(int64_t m) { m_ = m; return *this; }
  GemmTester& N(int64_t n) { n_ = n; return *this; }
  GemmTester& K(int64_t k) { k_ = k; return *this; }
  GemmTester& Seed(uint64_t seed) { seed_ = seed; return *this; }
  GemmTester& Path(GemmPath path) { options_.path = path; return *this; }
  GemmTester& SplitK(int split_k) { options_.split_k = split_k; return *this; }
  // GemmOptions::grid_split_k (the plan must take it when > 1).
  GemmTester& GridSplitK(int splits) { options_.grid_split_k = splits; return *this; }
  GemmTester& Tile(const std::string& tile) { options_.tile = tile; return *this; }
  // GemmOptions::weight_staging and staging_format. With `require` (kAlways /
  // kAuto), the plan must stage the weight; a staging plan's workspace is
  // poisoned before the first call, so the copy read is the one the call
  // wrote.
  GemmTester& Staging(WeightStaging staging, bool require = true,
                      StagingFormat format = StagingFormat::kE4m3) {
    options_.weight_staging = staging;
    options_.staging_format = format;
    require_staging_ = require && staging != WeightStaging::kNever;
    return *this;
  }
  // GemmOptions::cold_weights; the plan must then prefetch the weight
  // (GemmPlan::prefetches_weight) exactly when `expect_prefetch`.
  GemmTester& ColdWeights(bool expect_prefetch) {
    options_.cold_weights = true;
    expect_prefetch_ = expect_prefetch;
    return *this;
  }
  // GemmOptions::persistent_grid; the plan must then take the persistent
  // kernel (GemmPlan::persistent_ctas > 0) exactly when `expect_persistent`.
  GemmTester& PersistentGrid(bool on, bool expect_persistent) {
    options_.persistent_grid = on;
    check_persistent_ = true;
    expect_persistent_ = expect_persistent;
    return *this;
  }
  GemmTester& WeightLayout(DataLayout data, ScaleLayout scales) {
    data_layout_ = data;
    scale_layout_ = scales;
    return *this;
  }
  GemmTester& Output(GemmOutputType type) { output_ = type; return *this; }
  GemmTester& A(AInput input) { a_input_ = input; return *this; }
  GemmTester& B(BInput input) { b_input_ = input; return *this; }
  GemmTester& CheckIdeal(bool check) { check_ideal_ = check; return *this; }
  GemmTester& Repeats(int repeats) { repeats_ = repeats; return *this; }
  GemmTester& UseGraph(bool use) { use_graph_ = use; return *this; }
  // The weights are written by the kernel right before each call, which
  // releases its programmatic dependents first and writes them ~50 us later
  // (the buffers hold other weights until then): the call must wait for it
  // before reading B (a producer of B using programmatic dependent launch).
  // Not with UseGraph; the weight buffers' sizes must be multiples of 16.
  GemmTester& WeightsWrittenLate(bool late) { weights_written_late_ = late; return *this; }

  // The weight gets a prepared copy (prepared_weight.h), made by
  // PrepareWeight into poisoned buffers and checked byte for byte against the
  // host image (mxfp4/core/prepared_layout.h) before the GEMM runs; a tile
  // that reads it then does (GemmPlan::reads_prepared_weight). With
  // `require_read`, the plan must read it. Not with WeightsWrittenLate.
  GemmTester& Prepared(bool prepared, bool require_read = true) {
    prepared_ = prepared;
    require_prepared_read_ = require_read;
    return *this;
  }
  // The weight gets an int8 prepared copy (PreparedFormat::kInt8), made by
  // PrepareWeight into poisoned buffers and checked byte for byte against
  // the host image (int8_image.h); the plan must take integer accumulation
  // (GemmPlan::int8_accumulation), and the count of CTAs that took it
  // (GemmOptions::int8_cta_counter) must be as `expect` says: every CTA of the
  // grid, none (each fell back to converting), or some but not all; or the
  // plan must decline the copy (kPlanDeclines: no tile reads it for this
  // shape, e.g. K not whole ring stages) and convert.
  // kAny: at least one CTA (normal data with K > 1536, where a tile whose
  // rows both have a scale spread of 3 may decline: int8_accumulation.h).
  enum class Int8Ctas { kEvery, kAny, kNone, kSome, kPlanDeclines };
  GemmTester& PreparedInt8(Int8Ctas expect) {
    prepared_int8_ = true;
    int8_expect_ = expect;
    return *this;
  }
  // The call stages an int8 copy (WeightStaging::kAlways, StagingFormat::kInt8)
  // into the poisoned workspace; the plan must take integer accumulation and
  // its CTAs as `expect` says, as with PreparedInt8, or with kPlanDeclines
  // stage the E4M3 copy instead.
  GemmTester& StagedInt8(Int8Ctas expect) {
    Staging(WeightStaging::kAlways, true, StagingFormat::kInt8);
    staged_int8_ = true;
    int8_expect_ = expect;
    return *this;
  }
  // Runs the checks above. Needs a GPU (callers skip first).
  ::testing::AssertionResult Run() const;

  std::string Describe() const;

 private:
  int64_t m_ = 16;
  int64_t n_ = 64;
  int64_t k_ = 256;
  uint64_t seed_ = 1;
  GemmOptions options_;
  bool require_staging_ = false;
  bool expect_prefetch_ = false;
  bool check_persistent_ = false;
  bool expect_persistent_ = false;
  DataLayout data_layout_ = DataLayout::kPreshuffled16x16;
  ScaleLayout scale_layout_ = ScaleLayout::kShuffled16;
  GemmOutputType output_ = GemmOutputType::kBf16;
  AInput a_input_ = AInput::kNormal;
  BInput b_input_ = BInput::kNormal;
  bool check_ideal_ = false;
  int repeats_ = 1;
  bool use_graph_ = false;
  bool weights_written_late_ = false;
  bool prepared_ = false;
  bool require_prepared_read_ = true;
  bool prepared_int8_ = false;
  bool staged_int8_ = false;
  Int8Ctas int8_expect_ = Int8Ctas::kEvery;
};

// SmallTestScale(): MXFP4_TEST_SCALE=small (set by tools/device/run_all.sh
// for the compute-sanitizer runs): same edge cases, fewer and smaller runs.
bool SmallTestScale();

// Bit-exact comparisons each path has passed in this process (for the guard).
int BitExactRunsOfPath(GemmPath path);

// PathRanGuard: a gtest Environment that, at the end of the test binary,
// fails if a GPU was usable but `path` never completed a bit-exact run
// (ruy's guard against silently skipped paths). Register once per binary:
//   static auto* const kGuard = ::testing::AddGlobalTestEnvironment(
//       new PathRanGuard(GemmPath::kFusedQuant));
class PathRanGuard : public ::testing::Environment {
 public:
  explicit PathRanGuard(GemmPath path) : path_(path) {}
  void TearDown() override;

 private:
  GemmPath path_;
};

}  // namespace mxfp4::gpu::testing

#endif  // MXFP4_GPU_GEMM_GEMM_TESTER_H_
