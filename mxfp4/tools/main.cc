// File: mxfp4/tools/main.cc
//
// The `mxfp4` command-line tool: offline validation of MXFP4 quantization,
// layouts and GEMMs on .npy files, and `run`, the main job (docs/cli.md).
// All logic lives in the command libraries so that tests can run it in-process.

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "mxfp4/tools/commands/commands.h"

int main(int argc, char** argv) {
  // Under `bazel run` the process starts in the runfiles tree; relative paths
  // on the command line mean the user's directory, which Bazel passes here.
  if (const char* dir = std::getenv("BUILD_WORKING_DIRECTORY"); dir != nullptr && *dir != '\0') {
    if (chdir(dir) != 0) {
      std::cerr << "mxfp4: error: cannot change to BUILD_WORKING_DIRECTORY " << dir << "\n";
      return mxfp4::cli::kExitUsage;
    }
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  const int code = mxfp4::cli::RunMxfp4(args, {std::cout, std::cerr});
  std::cout.flush();
  return code;
}
