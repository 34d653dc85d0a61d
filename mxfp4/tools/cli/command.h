// File: mxfp4/tools/cli/command.h
//
// The shape every `mxfp4` subcommand has (docs/cli.md): a name, a one-line
// summary for the top-level help, and a Run function that takes the words
// after the subcommand name and returns the process exit code. Output goes to
// the streams in CommandIo so that tests can run commands in-process and
// inspect what they print.
//
// Exit codes are the tool's contract with scripts:
//   kExitOk (0)          success;
//   kExitCheckFailed (1) the command ran, and a comparison/check failed;
//   kExitUsage (2)       bad usage (unknown flag, bad value, ...) or bad input
//                        (missing file, wrong dtype/shape, malformed .npy, ...).

#ifndef MXFP4_TOOLS_CLI_COMMAND_H_
#define MXFP4_TOOLS_CLI_COMMAND_H_

#include <optional>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "mxfp4/tools/cli/flags.h"

namespace mxfp4::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitUsage = 2;

struct CommandIo {
  std::ostream& out;  // results: reports, tables, help text
  std::ostream& err;  // errors and notes (e.g. "falling back to the emulator")
};

struct Command {
  const char* name;     // as typed: "shuffle-scales"
  const char* summary;  // one line for `mxfp4 --help`
  int (*run)(absl::Span<const std::string> args, const CommandIo& io);
};

// ReportError(): prints "mxfp4 <command>: error: <message>" to io.err and
// returns kExitUsage. Every failed absl::Status in the tool is bad usage or
// bad input (the library reports its own bugs as Internal, which we still
// surface, with the same exit code, rather than crash).
inline int ReportError(const char* command, const absl::Status& status, const CommandIo& io) {
  io.err << "mxfp4 " << command << ": error: " << status.message() << "\n";
  return kExitUsage;
}

// ParseFlags(): parses a subcommand's flags. Returns std::nullopt when the
// command should go on; otherwise the exit code to return at once: kExitOk
// after printing --help to io.out, kExitUsage after printing the error.
//
// Example:
//   if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
inline std::optional<int> ParseFlags(FlagSet& flags, absl::Span<const std::string> args,
                                     const CommandIo& io) {
  absl::StatusOr<bool> go_on = flags.Parse(args);
  if (!go_on.ok()) return ReportError(flags.command().c_str(), go_on.status(), io);
  if (!*go_on) {
    io.out << flags.HelpText();
    return kExitOk;
  }
  return std::nullopt;
}

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_COMMAND_H_
