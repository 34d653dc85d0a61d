// File: mxfp4/tools/commands/unpreshuffle_b.cc
//
// `mxfp4 unpreshuffle-b`: preshuffled (16,16) B data -> natural (N, K/2)
// (spec: shared/spec/mxfp4-semantics.md §3; user guide: docs/cli.md). The
// conversion and its checks are shared with its inverse in cli/b_layout.cc.

#include <string>

#include "mxfp4/core/layouts.h"
#include "mxfp4/tools/cli/b_layout.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "unpreshuffle-b";

int RunUnpreshuffleB(absl::Span<const std::string> args, const CommandIo& io) {
  return RunBLayoutCommand(
      kName, "Undoes preshuffle-b: preshuffled (16,16) B data back to natural (N, K/2).",
      DataLayout::kPreshuffled16x16, DataLayout::kNatural, args, io);
}

}  // namespace

const Command& UnpreshuffleBCommand() {
  static const Command command = {kName, "preshuffled (16,16) B data -> natural (N, K/2)",
                                  &RunUnpreshuffleB};
  return command;
}

}  // namespace mxfp4::cli
