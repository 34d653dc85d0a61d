// File: mxfp4/tools/commands/malformed_inputs_test.cc
//
// Bad input and bad usage through every subcommand: each must exit 2 (never
// crash, never write a wrong answer) with a message that names the flag and
// the file, and says what was expected and what was found. Files are crafted
// byte by byte here, so the cases do not depend on a writer that refuses to
// produce them.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// A .npy file with an arbitrary header dict (padded as numpy pads it).
std::string NpyBytes(const std::string& dict, const std::string& data, int major = 1) {
  std::string header = dict;
  const size_t prefix = major == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  const size_t len = header.size();
  out += static_cast<char>(len & 0xFF);
  out += static_cast<char>((len >> 8) & 0xFF);
  if (major != 1) out += std::string(2, '\0');
  return out + header + data;
}

std::string Dict(const std::string& descr, bool fortran, const std::string& shape) {
  return absl::StrCat("{'descr': '", descr, "', 'fortran_order': ", fortran ? "True" : "False",
                      ", 'shape': ", shape, ", }");
}

class MalformedInputTest : public ::testing::Test {
 protected:
  // Writes `bytes` to a scratch file named `name` and returns its path.
  std::string Write(const std::string& name, const std::string& bytes) {
    const std::string path = TempPath(name);
    WriteRawFile(path, bytes);
    return path;
  }
  // Expects exit 2 and every fragment in the error output.
  void ExpectBadInput(const std::vector<std::string>& args,
                      const std::vector<std::string>& fragments) {
    ToolResult r = RunTool(args);
    EXPECT_EQ(r.exit_code, 2) << r;
    for (const std::string& f : fragments) EXPECT_THAT(r.err, HasSubstr(f)) << r;
    EXPECT_THAT(r.err, HasSubstr("error: ")) << r;
  }
  std::string Out(const std::string& name) { return "--output=" + TempPath(name); }
};

TEST_F(MalformedInputTest, NonExistentPath) {
  const std::string missing = TempPath("no_such_file.npy");
  ExpectBadInput({"quantize", "--input=" + missing, "--output_data=" + TempPath("q.npy"),
                  "--output_scales=" + TempPath("s.npy")},
                 {"--input: ", missing, "cannot open"});
  ExpectBadInput({"compare", "--expected=" + missing, "--actual=" + missing},
                 {"--expected: ", missing});
  ExpectBadInput({"gemm", "--a=" + SharedTestdata("gemm_16x64x256_A_bf16bits.npy"),
                  "--b_data=" + missing, "--b_scales=" + missing, Out("c.npy")},
                 {"--b_data: ", missing});
}

TEST_F(MalformedInputTest, TruncatedFile) {
  const std::string good = ReadRawFile(SharedTestdata("gemm_16x64x256_A_bf16bits.npy"));
  const std::string path = Write("truncated.npy", good.substr(0, good.size() - 10));
  ExpectBadInput({"quantize", "--input=" + path, "--output_data=" + TempPath("q.npy"),
                  "--output_scales=" + TempPath("s.npy")},
                 {"--input: ", path, "truncated"});
  // Truncated inside the header.
  const std::string short_path = Write("truncated_header.npy", good.substr(0, 30));
  ExpectBadInput({"shuffle-scales", "--input=" + short_path, Out("x.npy")},
                 {short_path, "truncated"});
}

TEST_F(MalformedInputTest, NotNpyAndUnsupportedVersion) {
  const std::string text = Write("text.npy", "hello, this is not a numpy file\n");
  ExpectBadInput({"dequantize", "--data=" + text, "--scales=" + text, Out("x.npy")},
                 {"--data: ", text, "not a .npy file"});
  const std::string v3 =
      Write("v3.npy", NpyBytes(Dict("|u1", false, "(2, 16)"), std::string(32, '\0'), 3));
  ExpectBadInput({"preshuffle-b", "--input=" + v3, Out("x.npy")}, {v3, "version", "3.0"});
}

TEST_F(MalformedInputTest, FortranOrder) {
  const std::string path =
      Write("fortran.npy", NpyBytes(Dict("<u2", true, "(4, 64)"), std::string(512, '\0')));
  ExpectBadInput({"quantize", "--input=" + path, "--output_data=" + TempPath("q.npy"),
                  "--output_scales=" + TempPath("s.npy")},
                 {path, "fortran_order False (C order), found True"});
}

TEST_F(MalformedInputTest, BigEndianAndUnknownDtypes) {
  const std::string be =
      Write("big_endian.npy", NpyBytes(Dict(">u2", false, "(4, 64)"), std::string(512, '\0')));
  ExpectBadInput({"quantize", "--input=" + be, "--output_data=" + TempPath("q.npy"),
                  "--output_scales=" + TempPath("s.npy")},
                 {be, "big-endian"});
  const std::string f8 =
      Write("f8.npy", NpyBytes(Dict("<f8", false, "(4, 64)"), std::string(2048, '\0')));
  ExpectBadInput({"compare", "--expected=" + f8, "--actual=" + f8}, {f8, "<f8"});
}

TEST_F(MalformedInputTest, WrongDtypeForTheFlag) {
  // Packed bytes where real values are expected.
  ExpectBadInput({"quantize", "--input=" + SharedTestdata("gemm_16x64x256_Aq.npy"),
                  "--output_data=" + TempPath("q.npy"), "--output_scales=" + TempPath("s.npy")},
                 {"--input: ", "gemm_16x64x256_Aq.npy",
                  "expected dtype '<u2' (bf16 bits) or '<f4' (fp32), found '|u1'"});
  // Real values where packed FP4 bytes are expected.
  ExpectBadInput({"gemm", "--a=" + SharedTestdata("gemm_16x64x256_A_bf16bits.npy"),
                  "--b_data=" + SharedTestdata("gemm_16x64x256_A_bf16bits.npy"),
                  "--b_scales=" + SharedTestdata("gemm_16x64x256_Bs.npy"), Out("c.npy")},
                 {"--b_data: ", "expected dtype '|u1' (packed FP4 data of B), found '<u2'"});
  // Packed bytes in compare.
  ExpectBadInput({"compare", "--expected=" + SharedTestdata("gemm_16x64x256_C_ideal_f32.npy"),
                  "--actual=" + SharedTestdata("gemm_16x64x256_Bq.npy")},
                 {"--actual: ", "expected dtype '<f4' (fp32) or '<u2' (bf16 bits), found '|u1'"});
}

TEST_F(MalformedInputTest, WrongRank) {
  const std::string three_d =
      Write("3d.npy", NpyBytes(Dict("|u1", false, "(2, 2, 16)"), std::string(64, '\0')));
  ExpectBadInput({"shuffle-scales", "--input=" + three_d, Out("x.npy")},
                 {three_d, "expected a 2-D array", "found shape (2, 2, 16)"});
  const std::string one_d =
      Write("1d.npy", NpyBytes(Dict("<f4", false, "(64,)"), std::string(256, '\0')));
  ExpectBadInput({"quantize", "--input=" + one_d, "--output_data=" + TempPath("q.npy"),
                  "--output_scales=" + TempPath("s.npy")},
                 {one_d, "2-D", "found shape (64,)"});
}

TEST_F(MalformedInputTest, KNotAMultipleOf32) {
  WriteNpyOrDie(TempPath("k48.npy"), NpyArray::FromF32({4, 48}, std::vector<float>(4 * 48, 1.0f)));
  ExpectBadInput({"quantize", "--input=" + TempPath("k48.npy"),
                  "--output_data=" + TempPath("q.npy"), "--output_scales=" + TempPath("s.npy")},
                 {"--input: ", "k48.npy", "multiple of 32", "K=48", "(4, 48)"});
  ExpectBadInput(
      {"gemm", "--a=" + TempPath("k48.npy"), "--b_data=" + SharedTestdata("gemm_16x64x256_Bq.npy"),
       "--b_scales=" + SharedTestdata("gemm_16x64x256_Bs.npy"), Out("c.npy")},
      {"--a: ", "multiple of 32", "K=48"});
  // Packed data of 24 bytes per row = K 48.
  WriteNpyOrDie(TempPath("d24.npy"), NpyArray::FromU8({4, 24}, std::vector<uint8_t>(96, 0)));
  WriteNpyOrDie(TempPath("s4x1.npy"), NpyArray::FromU8({4, 1}, std::vector<uint8_t>(4, 127)));
  ExpectBadInput({"dequantize", "--data=" + TempPath("d24.npy"), "--scales=" + TempPath("s4x1.npy"),
                  Out("x.npy")},
                 {"--data: ", "d24.npy", "multiple of 32", "K=48"});
}

TEST_F(MalformedInputTest, MismatchedAAndBK) {
  ExpectBadInput({"gemm", "--a=" + SharedTestdata("gemm_16x64x256_A_bf16bits.npy"),
                  "--b_data=" + SharedTestdata("gemm_33x48x512_Bq.npy"),
                  "--b_scales=" + SharedTestdata("gemm_33x48x512_Bs.npy"), Out("c.npy")},
                 {"mismatched K", "A has K=256", "B has K=512", "gemm_33x48x512_Bq.npy"});
  ExpectBadInput({"gemm", "--a_data=" + SharedTestdata("gemm_4x96x1024_Aq.npy"),
                  "--a_scales=" + SharedTestdata("gemm_4x96x1024_As.npy"),
                  "--b_data=" + SharedTestdata("gemm_16x64x256_Bq.npy"),
                  "--b_scales=" + SharedTestdata("gemm_16x64x256_Bs.npy"), Out("c.npy")},
                 {"mismatched K", "A has K=1024", "B has K=256"});
}

TEST_F(MalformedInputTest, ScalesOfTheWrongShape) {
  // B scales of another matrix.
  ExpectBadInput({"gemm", "--a=" + SharedTestdata("gemm_16x64x256_A_bf16bits.npy"),
                  "--b_data=" + SharedTestdata("gemm_16x64x256_Bq.npy"),
                  "--b_scales=" + SharedTestdata("gemm_16x64x256_As.npy"), Out("c.npy")},
                 {"--b_scales: ", "gemm_16x64x256_As.npy",
                  "expected E8M0 scales of B of shape (64, 8)", "found shape (16, 8)"});
  // Natural scales passed as shuffled16.
  ExpectBadInput({"gemm", "--a=" + SharedTestdata("gemm_16x64x256_A_bf16bits.npy"),
                  "--b_data=" + SharedTestdata("gemm_16x64x256_Bq.npy"),
                  "--b_scales=" + SharedTestdata("gemm_16x64x256_Bs.npy"),
                  "--b_scale_layout=shuffled16", Out("c.npy")},
                 {"--b_scales: ", "shape (256, 8)", "shuffled16", "found shape (64, 8)"});
  // A scales of the wrong shape.
  ExpectBadInput(
      {"gemm", "--a_data=" + SharedTestdata("gemm_16x64x256_Aq.npy"),
       "--a_scales=" + SharedTestdata("gemm_16x64x256_Bs.npy"),
       "--b_data=" + SharedTestdata("gemm_16x64x256_Bq.npy"),
       "--b_scales=" + SharedTestdata("gemm_16x64x256_Bs.npy"), Out("c.npy")},
      {"--a_scales: ", "expected E8M0 scales of A of shape (16, 8)", "found shape (64, 8)"});
}

TEST_F(MalformedInputTest, CompareShapeMismatch) {
  ExpectBadInput({"compare", "--expected=" + SharedTestdata("gemm_16x64x256_C_ideal_f32.npy"),
                  "--actual=" + SharedTestdata("gemm_33x48x512_C_ideal_f32.npy")},
                 {"--actual: ", "expected shape (16, 64)", "found shape (33, 48)"});
}

// Every subcommand: an unknown flag and a missing required flag are usage
// errors naming the flag; --help exits 0 and prints the usage line.
TEST(UsageTest, EverySubcommand) {
  for (const Command* command : AllCommands()) {
    SCOPED_TRACE(command->name);
    ToolResult r = RunTool({command->name, "--no_such_flag=1"});
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_THAT(r.err, AllOf(HasSubstr("unknown flag --no_such_flag"),
                             HasSubstr(absl::StrCat("mxfp4 ", command->name, " --help"))));
    r = RunTool({command->name, "--help"});
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr(absl::StrCat("usage: mxfp4 ", command->name)));
    EXPECT_THAT(r.out, HasSubstr("Exit codes: 0"));
    EXPECT_EQ(r.err, "");
    r = RunTool({"help", command->name});
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr(absl::StrCat("usage: mxfp4 ", command->name)));
    if (std::string(command->name) != "run" &&
        std::string(command->name) != "plan") {  // run and plan need no flag
      r = RunTool({command->name});
      EXPECT_EQ(r.exit_code, 2) << r;
      EXPECT_THAT(r.err, HasSubstr("missing required flag")) << r;
    }
  }
}

TEST(UsageTest, TopLevel) {
  ToolResult r = RunTool({});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("missing command"));
  r = RunTool({"--help"});
  EXPECT_EQ(r.exit_code, 0) << r;
  for (const Command* command : AllCommands()) EXPECT_THAT(r.out, HasSubstr(command->name));
  r = RunTool({"frobnicate"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("unknown command 'frobnicate'"));
  r = RunTool({"--input=x.npy"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("expected a command before flags"));
  r = RunTool({"help", "frobnicate"});
  EXPECT_EQ(r.exit_code, 2) << r;
}

TEST(UsageTest, BadFlagValues) {
  struct Case {
    std::vector<std::string> args;
    std::string fragment;
  };
  const std::vector<Case> cases = {
      {{"quantize", "--input=x", "--output_data=q", "--output_scales=s", "--rule=nearest"},
       "bad value for --rule: expected one of even|floor|rceil, found 'nearest'"},
      {{"gemm", "--a=x", "--b_data=b", "--b_scales=s", "--output=c", "--contract=fast"},
       "bad value for --contract"},
      {{"gemm", "--a=x", "--b_data=b", "--b_scales=s", "--output=c", "--backend=tpu"},
       "bad value for --backend"},
      {{"gemm", "--a=x", "--a_data=y", "--a_scales=z", "--b_data=b", "--b_scales=s", "--output=c"},
       "either as --a or as --a_data and --a_scales, not both"},
      {{"gemm", "--b_data=b", "--b_scales=s", "--output=c"}, "missing A"},
      {{"gemm", "--a=x", "--b_data=b", "--b_scales=s", "--output=c", "--k_splits=0"},
       "--k_splits: expected 1..2^20, found 0"},
      {{"gemm", "--a=x", "--b_data=b", "--b_scales=s", "--output=c", "--k_split_group=0"},
       "--k_split_group: expected 1..2^20, found 0"},
      {{"gemm", "--a=x", "--b_data=b", "--b_scales=s", "--output=c", "--k_split_outer_group=0"},
       "--k_split_outer_group: expected 1..2^20, found 0"},
      {{"compare", "--expected=x", "--actual=y", "--exact", "--atol=0.1"},
       "--exact cannot be combined with --atol/--rtol"},
      {{"run", "--shapes=4x2880"}, "expected MxNxK items"},
      {{"run", "--shapes=4x2880x500"}, "K % 64 == 0"},
      {{"run", "--shapes=4x2870x512"}, "N % 16 == 0"},
      {{"run", "--seed=-3"}, "bad value for --seed"},
      {{"dequantize", "--data=d", "--scales=s", "--output=x", "--output_dtype=f16"},
       "expected one of f32|bf16"},
  };
  for (const Case& c : cases) {
    ToolResult r = RunTool(c.args);
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_THAT(r.err, HasSubstr(c.fragment)) << r;
  }
}

}  // namespace
}  // namespace mxfp4::cli
