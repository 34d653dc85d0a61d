// File: mxfp4/tools/cli/tool_test_util.cc
//
// In-process runner and file helpers for the `mxfp4` tool tests (see
// tool_test_util.h).

#include "mxfp4/tools/cli/tool_test_util.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

std::string EnvOr(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? v : fallback;
}

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "tool_test_util: %s\n", message.c_str());
  std::abort();
}

}  // namespace

ToolResult RunTool(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  ToolResult r;
  r.exit_code = RunMxfp4(args, {out, err});
  r.out = out.str();
  r.err = err.str();
  r.command_line = "mxfp4 " + absl::StrJoin(args, " ");
  return r;
}

std::ostream& operator<<(std::ostream& os, const ToolResult& r) {
  return os << "\n$ " << r.command_line << "\nexit code " << r.exit_code << "\n--- stdout:\n"
            << r.out << "--- stderr:\n"
            << r.err;
}

std::string SharedTestdata(const std::string& name) {
  return EnvOr("TEST_SRCDIR", ".") + "/mxfp4/testdata/" + name;
}

std::string ToolTestdata(const std::string& name) {
  return EnvOr("TEST_SRCDIR", ".") + "/mxfp4/mxfp4/tools/testdata/" + name;
}

std::string TempPath(const std::string& name) { return EnvOr("TEST_TMPDIR", "/tmp") + "/" + name; }

NpyArray ReadNpyOrDie(const std::string& path) {
  absl::StatusOr<NpyArray> a = ReadNpy(path);
  if (!a.ok()) Die(std::string(a.status().message()));
  return *std::move(a);
}

void WriteNpyOrDie(const std::string& path, const NpyArray& array) {
  if (absl::Status s = WriteNpy(path, array); !s.ok()) Die(std::string(s.message()));
}

std::string ArrayDifference(const NpyArray& want, const NpyArray& got) {
  if (want.dtype != got.dtype) {
    return absl::StrFormat("dtype: want %s, got %s", NpyDtypeName(want.dtype),
                           NpyDtypeName(got.dtype));
  }
  if (want.shape != got.shape) {
    return absl::StrFormat("shape: want %s, got %s", NpyShapeString(want.shape),
                           NpyShapeString(got.shape));
  }
  if (want.bytes.size() != got.bytes.size()) {
    return absl::StrFormat("byte size: want %d, got %d", want.bytes.size(), got.bytes.size());
  }
  const int item = NpyDtypeSize(want.dtype);
  int64_t first = -1, count = 0;
  for (size_t e = 0; e < want.bytes.size() / item; ++e) {
    if (std::memcmp(&want.bytes[e * item], &got.bytes[e * item], item) != 0) {
      if (first < 0) first = static_cast<int64_t>(e);
      ++count;
    }
  }
  if (count == 0) return "";
  auto hex = [&](const NpyArray& a) {
    std::string s;
    for (int b = item - 1; b >= 0; --b)
      absl::StrAppendFormat(&s, "%02x", a.bytes[first * item + b]);
    return s;
  };
  return absl::StrFormat("%d of %d elements differ; first at flat index %d: want 0x%s, got 0x%s",
                         count, want.bytes.size() / item, first, hex(want), hex(got));
}

void WriteRawFile(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f) Die("cannot write " + path);
}

std::string ReadRawFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) Die("cannot read " + path);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

}  // namespace mxfp4::cli
