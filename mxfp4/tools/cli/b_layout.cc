// File: mxfp4/tools/cli/b_layout.cc
//
// Natural <-> preshuffled (16,16) conversion of packed B data for the
// `preshuffle-b` / `unpreshuffle-b` commands (see b_layout.h).

#include "mxfp4/tools/cli/b_layout.h"

#include <optional>
#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"

namespace mxfp4::cli {

int RunBLayoutCommand(const char* name, const char* summary, DataLayout from, DataLayout to,
                      absl::Span<const std::string> args, const CommandIo& io) {
  std::string input, output;
  // Only one preshuffled layout exists today; the flag names it so that a
  // command line stays valid when more are added.
  DataLayout shuffled = DataLayout::kPreshuffled16x16;
  FlagSet flags(
      name, summary,
      "B is the (N, K/2) packed FP4 byte matrix (B_q); the output has the same shape.\n"
      "The preshuffled (16,16) layout needs N % 16 == 0 and (K/2) % 32 == 0; byte\n"
      "(n, b) moves to (n/16)*16*(K/2) + (b/32)*512 + ((b/16)%2)*256 + (n%16)*16 + b%16.");
  flags.AddString("input", &input, "B data .npy: (N, K/2) '|u1'.").Required();
  flags.AddString("output", &output, ".npy to write: (N, K/2) '|u1'.").Required();
  flags.AddEnum("layout", &shuffled,
                Choices<DataLayout>{{"preshuffled", DataLayout::kPreshuffled16x16}},
                "The shuffled layout: preshuffled = AITER shuffle_weight, layout (16,16).");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
  if (from != DataLayout::kNatural) from = shuffled;
  if (to != DataLayout::kNatural) to = shuffled;

  absl::StatusOr<NpyArray> in = ReadByteMatrix(
      "input", input, absl::StrFormat("%s packed FP4 B data (N, K/2)", DataLayoutName(from)));
  if (!in.ok()) return ReportError(name, in.status(), io);
  const int64_t n = in->shape[0], kb = in->shape[1];
  if (n % 16 != 0 || kb % 32 != 0 || n == 0 || kb == 0) {
    return ReportError(
        name,
        absl::InvalidArgumentError(absl::StrFormat(
            "--input: %s: the preshuffled (16,16) layout needs N %% 16 == 0 and (K/2) %% 32 == 0, "
            "both positive; found shape %s (N=%d, K/2=%d)",
            input, NpyShapeString(in->shape), n, kb)),
        io);
  }
  absl::StatusOr<std::vector<uint8_t>> out = ConvertDataLayout(in->bytes, from, to, n, kb * 2);
  if (!out.ok()) return ReportError(name, WithFlag("input", input, out.status()), io);
  if (absl::Status s = WriteByteMatrix("output", output, n, kb, *out); !s.ok()) {
    return ReportError(name, s, io);
  }
  return kExitOk;
}

}  // namespace mxfp4::cli
