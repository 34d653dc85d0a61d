// File: mxfp4/tools/cli/flags_test.cc
//
// Tests of the per-subcommand flag table (flags.h): every spelling, every
// usage error (each must name the flag), and the --help text.

#include "mxfp4/tools/cli/flags.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

// "run", "help", or the error message: one comparable value per outcome.
std::string Outcome(const absl::StatusOr<bool>& r) {
  if (!r.ok()) return std::string(r.status().message());
  return *r ? "run" : "help";
}

enum class Color { kRed, kGreen };

struct Fixture {
  std::string input;
  std::string output = "out.npy";
  int64_t rows = 7;
  uint64_t seed = 1;
  double atol = 0.5;
  bool exact = false;
  Color color = Color::kGreen;
  FlagSet flags{"demo", "A demo command.", "Details here."};

  Fixture() {
    flags.AddString("input", &input, "the input").Required();
    flags.AddString("output", &output, "the output");
    flags.AddInt64("rows", &rows, "row count");
    flags.AddUint64("seed", &seed, "seed");
    flags.AddDouble("atol", &atol, "absolute tolerance");
    flags.AddBool("exact", &exact, "bit-exact");
    flags.AddEnum<Color>("color", &color, {{"red", Color::kRed}, {"green", Color::kGreen}},
                         "a color");
  }
  absl::StatusOr<bool> Parse(std::vector<std::string> args) { return flags.Parse(args); }
};

TEST(FlagSetTest, ParsesEverySpelling) {
  Fixture f;
  ASSERT_EQ(Outcome(f.Parse({"--input=a.npy", "--output", "b.npy", "--rows=-3", "--seed", "42",
                             "--atol=1e-3", "--exact", "--color=red"})),
            "run");
  EXPECT_EQ(f.input, "a.npy");
  EXPECT_EQ(f.output, "b.npy");
  EXPECT_EQ(f.rows, -3);
  EXPECT_EQ(f.seed, 42u);
  EXPECT_DOUBLE_EQ(f.atol, 1e-3);
  EXPECT_TRUE(f.exact);
  EXPECT_EQ(f.color, Color::kRed);
  EXPECT_TRUE(f.flags.IsSet("rows"));
  EXPECT_FALSE(Fixture().flags.IsSet("rows"));
}

TEST(FlagSetTest, DefaultsStayWhenNotGiven) {
  Fixture f;
  ASSERT_EQ(Outcome(f.Parse({"--input=a.npy"})), "run");
  EXPECT_EQ(f.output, "out.npy");
  EXPECT_EQ(f.rows, 7);
  EXPECT_FALSE(f.exact);
  EXPECT_EQ(f.color, Color::kGreen);
}

TEST(FlagSetTest, BoolAcceptsExplicitValues) {
  for (const auto& [text, want] : std::vector<std::pair<std::string, bool>>{
           {"true", true}, {"1", true}, {"false", false}, {"0", false}, {"TRUE", true}}) {
    Fixture f;
    f.exact = !want;
    ASSERT_EQ(Outcome(f.Parse({"--input=a", "--exact=" + text})), "run") << text;
    EXPECT_EQ(f.exact, want) << text;
  }
}

TEST(FlagSetTest, HelpAnywhereWins) {
  for (const char* help : {"--help", "-h"}) {
    Fixture f;
    // Even with an unknown flag and a missing required flag.
    EXPECT_EQ(Outcome(f.Parse({"--bogus", help})), "help") << help;
  }
}

// Each usage error is InvalidArgument, names the offending flag or word, and
// points at --help.
TEST(FlagSetTest, UsageErrorsNameTheFlag) {
  struct Case {
    std::vector<std::string> args;
    std::string must_mention;
  };
  const std::vector<Case> cases = {
      {{"--input=a", "--bogus=1"}, "unknown flag --bogus"},
      {{"--input=a", "--bogus"}, "unknown flag --bogus"},
      {{"--input=a", "-x"}, "unknown flag '-x'"},
      {{"--input=a", "stray"}, "unexpected argument 'stray'"},
      {{"--output=b"}, "missing required flag --input"},
      {{"--input=a", "--rows=abc"}, "bad value for --rows"},
      {{"--input=a", "--rows=1.5"}, "bad value for --rows"},
      {{"--input=a", "--seed=-1"}, "bad value for --seed"},
      {{"--input=a", "--atol=x"}, "bad value for --atol"},
      {{"--input=a", "--exact=maybe"}, "bad value for --exact"},
      {{"--input=a", "--color=blue"}, "expected one of red|green, found 'blue'"},
      {{"--input=a", "--input=b"}, "--input given more than once"},
      {{"--input"}, "flag --input needs a value"},
  };
  for (const Case& c : cases) {
    Fixture f;
    absl::StatusOr<bool> r = f.Parse(c.args);
    ASSERT_FALSE(r.ok()) << c.must_mention;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(r.status().message(), HasSubstr(c.must_mention));
    EXPECT_THAT(r.status().message(), HasSubstr("mxfp4 demo --help"));
  }
}

TEST(FlagSetTest, HelpListsEveryFlagWithDefaults) {
  Fixture f;
  const std::string help = f.flags.HelpText();
  EXPECT_THAT(help, HasSubstr("usage: mxfp4 demo --input=PATH [flags]"));
  EXPECT_THAT(help, HasSubstr("A demo command."));
  EXPECT_THAT(help, HasSubstr("--color=red|green"));
  EXPECT_THAT(help, HasSubstr("(default: green)"));
  EXPECT_THAT(help, HasSubstr("(default: 7)"));
  EXPECT_THAT(help, HasSubstr("(required)"));
  EXPECT_THAT(help, HasSubstr("--exact\n"));
  EXPECT_THAT(help, HasSubstr("Details here."));
  EXPECT_THAT(help, HasSubstr("Exit codes: 0"));
}

}  // namespace
}  // namespace mxfp4::cli
