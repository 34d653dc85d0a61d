// File: mxfp4/tools/cli/flags.cc
//
// Per-subcommand flag parsing for the `mxfp4` tool; see flags.h for why the
// tool does not use process-global Abseil flags.

#include "mxfp4/tools/cli/flags.h"

#include <cstdlib>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace mxfp4::cli {

FlagSet::FlagSet(std::string command, std::string summary, std::string details)
    : command_(std::move(command)), summary_(std::move(summary)), details_(std::move(details)) {}

FlagSet::Flag& FlagSet::Add(const std::string& name, const std::string& help,
                            const std::string& value_hint, const std::string& default_text,
                            bool is_bool) {
  Flag& flag = flags_.emplace_back();
  flag.name_ = name;
  flag.help_ = help;
  flag.value_hint_ = value_hint;
  flag.default_text_ = default_text;
  flag.is_bool_ = is_bool;
  return flag;
}

FlagSet::Flag& FlagSet::AddString(const std::string& name, std::string* target,
                                  const std::string& help, const std::string& value_hint) {
  Flag& flag = Add(name, help, value_hint, *target, /*is_bool=*/false);
  flag.set_ = [target](absl::string_view text) {
    *target = std::string(text);
    return absl::OkStatus();
  };
  return flag;
}

FlagSet::Flag& FlagSet::AddInt64(const std::string& name, int64_t* target,
                                 const std::string& help) {
  Flag& flag = Add(name, help, "N", absl::StrCat(*target), /*is_bool=*/false);
  flag.set_ = [target](absl::string_view text) {
    if (!absl::SimpleAtoi(text, target)) {
      return absl::InvalidArgumentError(absl::StrFormat("expected an integer, found '%s'", text));
    }
    return absl::OkStatus();
  };
  return flag;
}

FlagSet::Flag& FlagSet::AddUint64(const std::string& name, uint64_t* target,
                                  const std::string& help) {
  Flag& flag = Add(name, help, "N", absl::StrCat(*target), /*is_bool=*/false);
  flag.set_ = [target](absl::string_view text) {
    // SimpleAtoi on uint64 accepts "-1" on some versions; reject signs here.
    if (text.empty() || text[0] == '-' || text[0] == '+' || !absl::SimpleAtoi(text, target)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("expected a non-negative integer, found '%s'", text));
    }
    return absl::OkStatus();
  };
  return flag;
}

FlagSet::Flag& FlagSet::AddDouble(const std::string& name, double* target,
                                  const std::string& help) {
  Flag& flag = Add(name, help, "X", absl::StrCat(*target), /*is_bool=*/false);
  flag.set_ = [target](absl::string_view text) {
    if (!absl::SimpleAtod(text, target)) {
      return absl::InvalidArgumentError(absl::StrFormat("expected a number, found '%s'", text));
    }
    return absl::OkStatus();
  };
  return flag;
}

FlagSet::Flag& FlagSet::AddBool(const std::string& name, bool* target, const std::string& help) {
  Flag& flag = Add(name, help, "", *target ? "true" : "", /*is_bool=*/true);
  flag.set_ = [target](absl::string_view text) {
    const std::string lower = absl::AsciiStrToLower(text);
    if (lower == "true" || lower == "1") {
      *target = true;
    } else if (lower == "false" || lower == "0") {
      *target = false;
    } else {
      return absl::InvalidArgumentError(
          absl::StrFormat("expected true or false, found '%s'", text));
    }
    return absl::OkStatus();
  };
  return flag;
}

FlagSet::Flag* FlagSet::Find(absl::string_view name) {
  for (Flag& flag : flags_) {
    if (flag.name_ == name) return &flag;
  }
  return nullptr;
}

const FlagSet::Flag* FlagSet::Find(absl::string_view name) const {
  for (const Flag& flag : flags_) {
    if (flag.name_ == name) return &flag;
  }
  return nullptr;
}

bool FlagSet::IsSet(absl::string_view name) const {
  const Flag* flag = Find(name);
  return flag != nullptr && flag->seen_;
}

absl::Status FlagSet::UsageError(const std::string& message) const {
  return absl::InvalidArgumentError(
      absl::StrFormat("%s (see 'mxfp4 %s --help')", message, command_));
}

absl::StatusOr<bool> FlagSet::Parse(absl::Span<const std::string> args) {
  // --help wins over everything else, so a user can always get help even
  // for a command line that would not parse.
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h" || arg == "-help" || arg == "--helpfull") return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() < 3 || arg[0] != '-' || arg[1] != '-') {
      if (!arg.empty() && arg[0] == '-') {
        return UsageError(
            absl::StrFormat("unknown flag '%s': flags are spelled --name=value", arg));
      }
      return UsageError(absl::StrFormat(
          "unexpected argument '%s': this command takes only --name=value flags", arg));
    }
    const absl::string_view body = absl::string_view(arg).substr(2);
    const size_t eq = body.find('=');
    const absl::string_view name = body.substr(0, eq);
    Flag* flag = Find(name);
    if (flag == nullptr) {
      return UsageError(absl::StrFormat("unknown flag --%s", name));
    }
    if (flag->seen_) {
      return UsageError(absl::StrFormat("flag --%s given more than once", name));
    }
    std::string value;
    if (eq != absl::string_view::npos) {
      value = std::string(body.substr(eq + 1));
    } else if (flag->is_bool_) {
      value = "true";
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return UsageError(
          absl::StrFormat("flag --%s needs a value (--%s=%s)", name, name, flag->value_hint_));
    }
    if (absl::Status s = flag->set_(value); !s.ok()) {
      return UsageError(absl::StrFormat("bad value for --%s: %s", name, s.message()));
    }
    flag->seen_ = true;
  }
  std::vector<std::string> missing;
  for (const Flag& flag : flags_) {
    if (flag.required_ && !flag.seen_) missing.push_back("--" + flag.name_);
  }
  if (!missing.empty()) {
    return UsageError(absl::StrFormat("missing required flag%s %s", missing.size() > 1 ? "s" : "",
                                      absl::StrJoin(missing, ", ")));
  }
  return true;
}

std::string FlagSet::HelpText() const {
  std::string text = absl::StrFormat("usage: mxfp4 %s", command_);
  for (const Flag& flag : flags_) {
    if (!flag.required_) continue;
    absl::StrAppendFormat(&text, " --%s=%s", flag.name_, flag.value_hint_);
  }
  bool has_optional = false;
  for (const Flag& flag : flags_) has_optional |= !flag.required_;
  if (has_optional) text += " [flags]";
  absl::StrAppend(&text, "\n\n", summary_, "\n\nFlags:\n");
  for (const Flag& flag : flags_) {
    std::string left = "  --" + flag.name_;
    if (!flag.is_bool_) absl::StrAppend(&left, "=", flag.value_hint_);
    absl::StrAppend(&text, left, "\n");
    // Help text is indented under the flag; embedded newlines keep the indent.
    for (absl::string_view line : absl::StrSplit(flag.help_, '\n')) {
      absl::StrAppend(&text, "      ", line, "\n");
    }
    if (flag.required_) {
      absl::StrAppend(&text, "      (required)\n");
    } else if (!flag.default_text_.empty()) {
      absl::StrAppend(&text, "      (default: ", flag.default_text_, ")\n");
    }
  }
  absl::StrAppend(&text, "  --help\n      Show this help and exit 0.\n");
  if (!details_.empty()) absl::StrAppend(&text, "\n", details_, "\n");
  absl::StrAppend(&text,
                  "\nExit codes: 0 success, 1 a check or comparison failed, 2 bad usage or bad "
                  "input.\n");
  return text;
}

}  // namespace mxfp4::cli
