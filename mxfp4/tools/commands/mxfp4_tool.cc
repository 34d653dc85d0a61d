// File: mxfp4/tools/commands/mxfp4_tool.cc
//
// The `mxfp4` tool's top level (docs/cli.md): the list of subcommands, the
// top-level --help, and dispatch to the subcommand named by the first word.

#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

void PrintTopLevelHelp(const CommandIo& io) {
  io.out << "usage: mxfp4 <command> [--flag=value ...]\n"
            "       mxfp4 <command> --help\n\n"
            "MXFP4 (OCP microscaling FP4) quantization, layouts and GEMMs on .npy files,\n"
            "bit-exact with the mxfp4 emulator; `run` is the main job (contest shapes).\n\n"
            "Commands:\n";
  for (const Command* command : AllCommands()) {
    io.out << absl::StrFormat("  %-18s %s\n", command->name, command->summary);
  }
  io.out << "\nArrays: bf16 as '<u2' raw bits, fp32 as '<f4', packed FP4 and E8M0 scales as\n"
            "'|u1'; C order, little-endian, .npy format 1.0 or 2.0.\n"
            "Exit codes: 0 success, 1 a check or comparison failed, 2 bad usage or bad input.\n"
            "User guide: docs/cli.md\n";
}

const Command* FindCommand(const std::string& name) {
  for (const Command* command : AllCommands()) {
    if (name == command->name) return command;
  }
  return nullptr;
}

int UnknownCommand(const std::string& name, const CommandIo& io) {
  io.err << "mxfp4: error: unknown command '" << name << "'; commands are:";
  for (const Command* command : AllCommands()) io.err << " " << command->name;
  io.err << " (see 'mxfp4 --help')\n";
  return kExitUsage;
}

}  // namespace

const std::vector<const Command*>& AllCommands() {
  static const std::vector<const Command*> commands = {
      &QuantizeCommand(),      &DequantizeCommand(),
      &ShuffleScalesCommand(), &UnshuffleScalesCommand(),
      &PreshuffleBCommand(),   &UnpreshuffleBCommand(),
      &PrepareBCommand(),      &UnprepareBCommand(),
      &GemmCommand(),          &CompareCommand(),
      &RunCommand(),           &PlanCommand(),
      &IntAccumulationCommand(),
  };
  return commands;
}

int RunMxfp4(absl::Span<const std::string> args, const CommandIo& io) {
  if (args.empty()) {
    PrintTopLevelHelp(io);
    io.err << "mxfp4: error: missing command (see 'mxfp4 --help')\n";
    return kExitUsage;
  }
  const std::string& first = args[0];
  if (first == "--help" || first == "-h" || first == "help") {
    if (first == "help" && args.size() > 1) {
      const Command* command = FindCommand(args[1]);
      if (command == nullptr) return UnknownCommand(args[1], io);
      const std::string help = "--help";
      return command->run(absl::MakeConstSpan(&help, 1), io);
    }
    PrintTopLevelHelp(io);
    return kExitOk;
  }
  if (!first.empty() && first[0] == '-') {
    io.err << "mxfp4: error: expected a command before flags, found '" << first
           << "' (usage: mxfp4 <command> [--flag=value ...]; see 'mxfp4 --help')\n";
    return kExitUsage;
  }
  const Command* command = FindCommand(first);
  if (command == nullptr) return UnknownCommand(first, io);
  return command->run(args.subspan(1), io);
}

}  // namespace mxfp4::cli
