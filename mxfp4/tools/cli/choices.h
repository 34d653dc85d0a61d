// File: mxfp4/tools/cli/choices.h
//
// The spellings the `mxfp4` tool accepts for the library's enums, in one place
// so that every subcommand uses the same names (docs/cli.md). The names follow
// the library's own *Name() functions (layouts.h, quantize.h).

#ifndef MXFP4_TOOLS_CLI_CHOICES_H_
#define MXFP4_TOOLS_CLI_CHOICES_H_

#include <string>
#include <utility>
#include <vector>

#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/tools/cli/array_io.h"

namespace mxfp4::cli {

template <typename T>
using Choices = std::vector<std::pair<std::string, T>>;

inline Choices<ScaleRule> ScaleRuleChoices() {
  return {
      {"even", ScaleRule::kEven}, {"floor", ScaleRule::kOcpFloor}, {"rceil", ScaleRule::kRceil}};
}

inline Choices<ScaleLayout> ScaleLayoutChoices() {
  return {{"natural", ScaleLayout::kNatural},
          {"shuffled16", ScaleLayout::kShuffled16},
          {"shuffled32", ScaleLayout::kShuffled32}};
}

// Only the shuffled layouts (for shuffle-scales / unshuffle-scales).
inline Choices<ScaleLayout> ShuffledScaleLayoutChoices() {
  return {{"shuffled16", ScaleLayout::kShuffled16}, {"shuffled32", ScaleLayout::kShuffled32}};
}

inline Choices<DataLayout> DataLayoutChoices() {
  return {{"natural", DataLayout::kNatural}, {"preshuffled", DataLayout::kPreshuffled16x16}};
}

inline Choices<OutputDtype> OutputDtypeChoices() {
  return {{"f32", OutputDtype::kF32}, {"bf16", OutputDtype::kBf16}};
}

// Text for a --*scale_layout flag's help.
inline constexpr char kScaleLayoutHelp[] =
    "natural: (rows, K/32); shuffled16: AITER e8m0_shuffle (16x16x128 MFMA);\n"
    "shuffled32: Triton CDNA4 mfma_nonkdim=32. Shuffled scales are stored 2-D as\n"
    "(rows rounded up to 256, K/32 rounded up to 8), padding bytes 0.";

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_CHOICES_H_
