// File: mxfp4/emu/accumulation.cc
//
// Names of the accumulation contracts, the KSplit description, and the
// long-hand block_fma / split-combination operations (docs/accumulation.md).

#include "mxfp4/emu/accumulation.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace mxfp4 {

const char* ContractName(Contract contract) {
  switch (contract) {
    case Contract::kBlockFma:
      return "block_fma";
    case Contract::kMfma16:
      return "mfma16";
    case Contract::kMfma32:
      return "mfma32";
    case Contract::kIdeal:
      return "ideal";
  }
  return "unknown";
}

absl::StatusOr<Contract> ParseContract(absl::string_view name) {
  for (Contract c : kAllContracts) {
    if (name == ContractName(c)) return c;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown accumulation contract \"%s\" (expected block_fma, mfma16, mfma32 or ideal)", name));
}

int ContractBlocksPerStep(Contract contract) {
  switch (contract) {
    case Contract::kMfma16:
      return 4;
    case Contract::kMfma32:
      return 2;
    default:
      return 1;
  }
}

absl::StatusOr<KSplit> KSplit::Even(int64_t groups, int num_splits, int64_t align_blocks) {
  if (groups < 0) return absl::InvalidArgumentError(absl::StrCat("KSplit: groups = ", groups, " < 0"));
  if (num_splits < 1) {
    return absl::InvalidArgumentError(absl::StrCat("KSplit: num_splits = ", num_splits, " < 1"));
  }
  if (align_blocks < 1) {
    return absl::InvalidArgumentError(absl::StrCat("KSplit: align_blocks = ", align_blocks, " < 1"));
  }
  int64_t chunk = (groups + num_splits - 1) / num_splits;
  chunk = (chunk + align_blocks - 1) / align_blocks * align_blocks;
  KSplit split;
  for (int s = 1; s < num_splits; ++s) split.boundaries.push_back(std::min(chunk * s, groups));
  return split;
}

absl::StatusOr<KSplit> KSplit::Chunked(int64_t groups, int64_t blocks_per_split) {
  if (groups < 0) return absl::InvalidArgumentError(absl::StrCat("KSplit: groups = ", groups, " < 0"));
  if (blocks_per_split < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("KSplit: blocks_per_split = ", blocks_per_split, " < 1"));
  }
  KSplit split;
  for (int64_t b = blocks_per_split; b < groups; b += blocks_per_split) split.boundaries.push_back(b);
  return split;
}

absl::Status KSplit::Validate(int64_t groups, int64_t align_blocks) const {
  if (align_blocks < 1) return absl::InvalidArgumentError("KSplit: align_blocks must be >= 1");
  if (group < 1) {
    return absl::InvalidArgumentError(absl::StrCat("KSplit: group = ", group, " must be >= 1"));
  }
  if (outer_group < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("KSplit: outer_group = ", outer_group, " must be >= 1"));
  }
  if (int64_t{group} * outer_group > std::numeric_limits<int>::max()) {
    return absl::InvalidArgumentError(absl::StrCat("KSplit: group x outer_group = ", group, " x ",
                                                   outer_group, " is too large"));
  }
  int64_t previous = 0;
  for (size_t i = 0; i < boundaries.size(); ++i) {
    const int64_t b = boundaries[i];
    if (b < previous || b > groups) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "KSplit: boundary[%d] = %d must be in [%d, %d] (non-decreasing, at most K/32 = %d)", i, b,
          previous, groups, groups));
    }
    if (b % align_blocks != 0 && b != groups) {  // the end of K is always a valid split point
      return absl::InvalidArgumentError(absl::StrFormat(
          "KSplit: boundary[%d] = %d blocks is not a multiple of %d blocks (one matrix "
          "instruction's K)",
          i, b, align_blocks));
    }
    previous = b;
  }
  return absl::OkStatus();
}

std::string KSplit::ToString(int64_t groups) const {
  if (!is_split()) return "none";
  std::string out;
  const int outer = group * outer_group;  // splits an outer run
  for (int s = 0; s < num_splits(); ++s) {
    const bool last = s + 1 == num_splits();
    if (outer_group > 1 && s % outer == 0) out += "{";
    if (group > 1 && s % group == 0) out += "(";
    absl::StrAppend(&out, "[", begin(s), ",", end(s, groups), ")");
    if (group > 1 && (s % group == group - 1 || last)) out += ")";
    if (outer_group > 1 && (s % outer == outer - 1 || last)) out += "}";
  }
  return out;
}

float BlockFmaAccumulate(const int32_t* dot4, const uint8_t* sa, const uint8_t* sb, int64_t n) {
  float acc = 0.0f;
  for (int64_t g = 0; g < n; ++g) acc = BlockFmaStep(acc, dot4[g], sa[g], sb[g]);
  return acc;
}

float CombineSplitPartials(absl::Span<const float> partials, int group, int outer_group) {
  if (partials.empty()) return 0.0f;
  const int splits = static_cast<int>(partials.size());
  SplitSums sums;
  for (int s = 0; s < splits; ++s) {
    SplitCombineStep(s, splits, group, outer_group, partials[s], sums);
  }
  return sums.total;
}

}  // namespace mxfp4
