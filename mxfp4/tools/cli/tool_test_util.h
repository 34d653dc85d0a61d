// File: mxfp4/tools/cli/tool_test_util.h
//
// Test helpers for the `mxfp4` tool (testonly): run the whole tool in-process
// (the same RunMxfp4() the binary calls) and capture exit code, stdout and
// stderr; locate reference vectors; write scratch files. In-process runs keep
// the tests fast on a 2-core machine; tools_sh_test covers the real binary.

#ifndef MXFP4_TOOLS_CLI_TOOL_TEST_UTIL_H_
#define MXFP4_TOOLS_CLI_TOOL_TEST_UTIL_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "mxfp4/io/npy.h"

namespace mxfp4::cli {

struct ToolResult {
  int exit_code = -1;
  std::string out;
  std::string err;
  std::string command_line;  // for failure messages
};

// RunTool(): runs `mxfp4 <args...>` in-process.
ToolResult RunTool(const std::vector<std::string>& args);

// Printable summary for gtest failure messages.
std::ostream& operator<<(std::ostream& os, const ToolResult& r);

// SharedTestdata(): path of a file in the repository's testdata/ (runfiles).
std::string SharedTestdata(const std::string& name);
// ToolTestdata(): path of a file in mxfp4/tools/testdata/ (runfiles).
std::string ToolTestdata(const std::string& name);
// TempPath(): a path under the test's scratch directory (TEST_TMPDIR).
std::string TempPath(const std::string& name);

// ReadNpyOrDie(): reads a .npy file the test itself wrote or ships; aborts the
// test binary with the error message if it cannot (a broken fixture).
NpyArray ReadNpyOrDie(const std::string& path);
void WriteNpyOrDie(const std::string& path, const NpyArray& array);
// ArrayDifference(): "" when dtype, shape and every byte agree; otherwise what
// differs first (dtype, shape, or the first differing element's flat index
// and bytes) and how many elements differ.
std::string ArrayDifference(const NpyArray& want, const NpyArray& got);

// WriteRawFile(): writes bytes as they are (for malformed-file tests).
void WriteRawFile(const std::string& path, const std::string& bytes);
std::string ReadRawFile(const std::string& path);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_TOOL_TEST_UTIL_H_
