// File: mxfp4/tools/cli/operand_io.h
//
// Reading an MXFP4 operand (packed FP4 data + E8M0 scales, two .npy files)
// for the `mxfp4` subcommands, with every shape rule of
// shared/spec/mxfp4-semantics.md §3 checked and explained in the error:
//   data:   (rows, K/2) '|u1', K a positive multiple of 32; the preshuffled
//           B layout also needs rows % 16 == 0 and K % 64 == 0;
//   scales: (rows, K/32) for natural, (rows rounded up to 256, K/32 rounded
//           up to 8) for shuffled16/shuffled32.
//
// Example:
//   absl::StatusOr<Mxfp4Matrix> b = ReadMxfp4Matrix(
//       {"b_data", "Bq.npy", DataLayout::kPreshuffled16x16},
//       {"b_scales", "Bs.npy", ScaleLayout::kShuffled16}, "B");

#ifndef MXFP4_TOOLS_CLI_OPERAND_IO_H_
#define MXFP4_TOOLS_CLI_OPERAND_IO_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4::cli {

struct DataFile {
  std::string flag;  // without dashes: "b_data"
  std::string path;
  DataLayout layout = DataLayout::kNatural;
};

struct ScaleFile {
  std::string flag;  // "b_scales"
  std::string path;
  ScaleLayout layout = ScaleLayout::kNatural;
};

// ReadMxfp4Matrix(): reads and checks both files; the logical shape comes from
// the data's shape. `operand` ("A", "B" or "") only labels messages.
absl::StatusOr<Mxfp4Matrix> ReadMxfp4Matrix(const DataFile& data, const ScaleFile& scales,
                                            absl::string_view operand);

// ScaleShapeMeaning(): "(rows, K/32) for natural scales of B, rows=64 K=256"-style
// text explaining the expected storage shape of a scale buffer.
std::string ScaleShapeMeaning(ScaleLayout layout, int64_t rows, int64_t groups,
                              absl::string_view operand);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_OPERAND_IO_H_
