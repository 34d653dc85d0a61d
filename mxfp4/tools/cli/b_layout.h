// File: mxfp4/tools/cli/b_layout.h
//
// The shared body of `mxfp4 preshuffle-b` and `mxfp4 unpreshuffle-b`: both
// read an (N, K/2) packed-FP4 byte matrix, convert it between the natural and
// the preshuffled (16,16) layout (spec: shared/spec/mxfp4-semantics.md §3,
// AITER shuffle_weight), and write an array of the same shape. The two
// commands differ only in the direction.

#ifndef MXFP4_TOOLS_CLI_B_LAYOUT_H_
#define MXFP4_TOOLS_CLI_B_LAYOUT_H_

#include <string>

#include "absl/types/span.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/tools/cli/command.h"

namespace mxfp4::cli {

// RunBLayoutCommand(): parses `args` for command `name` and converts --input
// from `from` to `to` (one of them natural). Returns the exit code.
int RunBLayoutCommand(const char* name, const char* summary, DataLayout from, DataLayout to,
                      absl::Span<const std::string> args, const CommandIo& io);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_B_LAYOUT_H_
