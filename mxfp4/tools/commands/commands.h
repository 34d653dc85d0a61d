// File: mxfp4/tools/commands/commands.h
//
// The subcommands of the `mxfp4` tool (docs/cli.md), one per file in this
// directory, and the list the binary dispatches on.

#ifndef MXFP4_TOOLS_COMMANDS_COMMANDS_H_
#define MXFP4_TOOLS_COMMANDS_COMMANDS_H_

#include <string>
#include <vector>

#include "absl/types/span.h"
#include "mxfp4/tools/cli/command.h"

namespace mxfp4::cli {

const Command& QuantizeCommand();         // quantize.cc
const Command& DequantizeCommand();       // dequantize.cc
const Command& ShuffleScalesCommand();    // shuffle_scales.cc
const Command& UnshuffleScalesCommand();  // unshuffle_scales.cc
const Command& PreshuffleBCommand();      // preshuffle_b.cc
const Command& UnpreshuffleBCommand();    // unpreshuffle_b.cc
const Command& PrepareBCommand();         // prepare_b.cc
const Command& UnprepareBCommand();       // unprepare_b.cc
const Command& GemmCommand();             // gemm.cc
const Command& CompareCommand();          // compare.cc
const Command& RunCommand();              // run.cc
const Command& PlanCommand();             // plan.cc
const Command& IntAccumulationCommand();  // int_accumulation.cc

// AllCommands(): every subcommand, in the order `mxfp4 --help` lists them.
const std::vector<const Command*>& AllCommands();

// RunMxfp4(): the whole tool. `args` are the words after the program name:
// a subcommand name and its flags, or --help / help [COMMAND]. Returns the
// exit code (command.h).
int RunMxfp4(absl::Span<const std::string> args, const CommandIo& io);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_COMMANDS_COMMANDS_H_
