// File: mxfp4/tools/commands/preshuffle_b.cc
//
// `mxfp4 preshuffle-b`: natural B data (N, K/2) -> preshuffled (16,16) layout
// (spec: shared/spec/mxfp4-semantics.md §3; user guide: docs/cli.md). The
// conversion and its checks are shared with its inverse in cli/b_layout.cc.

#include <string>

#include "mxfp4/core/layouts.h"
#include "mxfp4/tools/cli/b_layout.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "preshuffle-b";

int RunPreshuffleB(absl::Span<const std::string> args, const CommandIo& io) {
  return RunBLayoutCommand(
      kName, "Preshuffles packed B data (N, K/2) into AITER's shuffle_weight (16,16) layout.",
      DataLayout::kNatural, DataLayout::kPreshuffled16x16, args, io);
}

}  // namespace

const Command& PreshuffleBCommand() {
  static const Command command = {kName, "natural B data (N, K/2) -> preshuffled (16,16) layout",
                                  &RunPreshuffleB};
  return command;
}

}  // namespace mxfp4::cli
