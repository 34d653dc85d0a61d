// File: mxfp4/tools/cli/flags.h
//
// A small per-subcommand flag table for the `mxfp4` tool (docs/cli.md).
//
// Why not Abseil flags: absl flags are process-global, so every subcommand's
// flags would be accepted (and listed in --help) for every other subcommand.
// Each subcommand here owns a FlagSet instead: it declares its flags with help
// text, parses its own argv, and prints its own --help. Bad usage (an unknown
// flag, a missing required flag, a malformed value, a value outside a choice
// list, a flag given twice, a stray positional argument) is an
// InvalidArgument status whose message names the flag; the caller turns it
// into exit code 2.
//
// Accepted spellings: `--name=value`, `--name value`, and for booleans
// `--name`, `--name=true|false|1|0`. `--help` / `-h` anywhere asks for help.
//
// Example:
//   std::string input;
//   ScaleRule rule = ScaleRule::kEven;
//   FlagSet flags("quantize", "Quantizes a matrix to MXFP4.");
//   flags.AddString("input", &input, "X.npy: (rows, K) bf16 bits or fp32").Required();
//   flags.AddEnum<ScaleRule>("rule", &rule, {{"even", ScaleRule::kEven}}, "scale rule");
//   absl::StatusOr<bool> go_on = flags.Parse(args);  // false: --help was asked for

#ifndef MXFP4_TOOLS_CLI_FLAGS_H_
#define MXFP4_TOOLS_CLI_FLAGS_H_

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace mxfp4::cli {

class FlagSet {
 public:
  // One declared flag. Returned by the Add* methods so that a declaration can
  // be refined fluently (`.Required()`).
  class Flag {
   public:
    Flag& Required() {
      required_ = true;
      return *this;
    }

   private:
    friend class FlagSet;
    std::string name_;
    std::string help_;
    std::string value_hint_;    // "PATH", "N", "X", or "even|floor|rceil"
    std::string default_text_;  // shown in --help; empty = none
    bool is_bool_ = false;
    bool required_ = false;
    bool seen_ = false;
    // Parses and stores a value; returns an error message (without the flag
    // name) on failure.
    std::function<absl::Status(absl::string_view)> set_;
  };

  // `command` is the subcommand name as typed ("shuffle-scales"); `summary`
  // is a one-line description; `details` (optional) is printed after the flags.
  FlagSet(std::string command, std::string summary, std::string details = "");

  FlagSet(const FlagSet&) = delete;
  FlagSet& operator=(const FlagSet&) = delete;

  Flag& AddString(const std::string& name, std::string* target, const std::string& help,
                  const std::string& value_hint = "PATH");
  Flag& AddInt64(const std::string& name, int64_t* target, const std::string& help);
  Flag& AddUint64(const std::string& name, uint64_t* target, const std::string& help);
  Flag& AddDouble(const std::string& name, double* target, const std::string& help);
  Flag& AddBool(const std::string& name, bool* target, const std::string& help);

  // A flag whose value must be one of `choices` (names matched exactly). The
  // default shown in --help is the name of *target's initial value.
  template <typename T>
  Flag& AddEnum(const std::string& name, T* target, std::vector<std::pair<std::string, T>> choices,
                const std::string& help) {
    std::string hint, default_name;
    for (const auto& [choice_name, value] : choices) {
      if (!hint.empty()) hint += "|";
      hint += choice_name;
      if (value == *target && default_name.empty()) default_name = choice_name;  // first spelling
    }
    Flag& flag = Add(name, help, hint, default_name, /*is_bool=*/false);
    flag.set_ = [target, choices = std::move(choices), hint](absl::string_view text) {
      for (const auto& [choice_name, value] : choices) {
        if (text == choice_name) {
          *target = value;
          return absl::OkStatus();
        }
      }
      return absl::InvalidArgumentError(std::string("expected one of ") + hint + ", found '" +
                                        std::string(text) + "'");
    };
    return flag;
  }

  // Parses `args` (the words after the subcommand name). Returns true when the
  // command should run, false when --help was given (the caller prints
  // HelpText()), or an InvalidArgument status naming the offending flag.
  absl::StatusOr<bool> Parse(absl::Span<const std::string> args);

  // True if the flag was given on the command line (after Parse).
  bool IsSet(absl::string_view name) const;

  // The --help text: usage line, summary, one entry per flag, details.
  std::string HelpText() const;

  const std::string& command() const { return command_; }

 private:
  Flag& Add(const std::string& name, const std::string& help, const std::string& value_hint,
            const std::string& default_text, bool is_bool);
  Flag* Find(absl::string_view name);
  const Flag* Find(absl::string_view name) const;
  absl::Status UsageError(const std::string& message) const;

  std::string command_;
  std::string summary_;
  std::string details_;
  // Declaration order, shown in that order in --help; a deque so that the
  // Flag& handed out by Add* stays valid as more flags are added.
  std::deque<Flag> flags_;
};

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_FLAGS_H_
