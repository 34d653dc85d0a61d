// File: mxfp4/tools/commands/unprepare_b.cc
//
// `mxfp4 unprepare-b`: a prepared weight image (prepare-b's output, or a copy
// dumped from the GPU's PrepareWeight) -> natural B data (N, K/2) and scales
// (N, K/32), validating the image completely on the way
// (DecodePreparedWeightImage, mxfp4/core/prepared_layout.h; user guide:
// docs/cli.md). The image is padded to 64-row groups, so N cannot be read off
// it and is a flag (--rows, as in unshuffle-scales); K then follows from the
// data's row count.

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "unprepare-b";

absl::Status FileError(absl::string_view flag, const std::string& path,
                       const std::string& message) {
  return absl::InvalidArgumentError(absl::StrFormat("--%s: %s: %s", flag, path, message));
}

// The scales as fp32 of shape (blocks, 64). ReadRealMatrix would also take
// bf16 bits, which the image never holds.
absl::StatusOr<std::vector<float>> ReadPreparedScales(const std::string& path, int64_t blocks,
                                                      const std::string& meaning) {
  absl::StatusOr<NpyArray> a = ReadNpyFlag("scales", path);
  if (!a.ok()) return a.status();
  if (a->dtype != NpyDtype::kF4) {
    return FileError(
        "scales", path,
        absl::StrFormat("expected dtype '<f4' (fp32 prepared weight scales), found '%s'",
                        NpyDtypeName(a->dtype)));
  }
  if (absl::Status s = CheckShape("scales", path, *a, "prepared weight scales",
                                  {blocks, kPreparedBlockScales}, meaning);
      !s.ok()) {
    return s;
  }
  absl::StatusOr<std::vector<float>> v = a->AsF32();
  if (!v.ok()) return WithFlag("scales", path, v.status());
  return v;
}

int RunUnprepareB(absl::Span<const std::string> args, const CommandIo& io) {
  std::string data_path, scales_path, output_data, output_scales;
  int64_t rows = 0;
  FlagSet flags(
      kName,
      "Decodes and validates a prepared weight image (prepare-b's output, or a copy dumped\n"
      "from the GPU's PrepareWeight) back to natural B data and scales.",
      "--data is (ceil(N/64) * K/32, 2048) '|u1' and --scales (same rows, 64) '<f4'. The image\n"
      "is padded to 64-row groups, so N is given with --rows; K = (data rows / ceil(N/64)) * 32.\n"
      "Every byte must be a shifted E2M1 code, every real row's scale an E8M0 value (2^-127 ..\n"
      "2^127 or NaN), and the padding rows zero bytes and +0.0f scales; else exit 2.");
  flags.AddString("data", &data_path, "P.npy: prepared data (blocks, 2048) '|u1'.").Required();
  flags.AddString("scales", &scales_path, "Ps.npy: prepared scales (blocks, 64) '<f4'.").Required();
  flags.AddInt64("rows", &rows, "Logical rows N of B (the image is padded to a multiple of 64).")
      .Required();
  flags.AddString("output_data", &output_data, "Bq.npy to write: natural (N, K/2) '|u1'.")
      .Required();
  flags.AddString("output_scales", &output_scales, "Bs.npy to write: natural (N, K/32) '|u1'.")
      .Required();
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  if (rows <= 0) {
    return ReportError(kName,
                       absl::InvalidArgumentError(absl::StrFormat(
                           "--rows: expected a positive row count, found %d", rows)),
                       io);
  }
  const int64_t groups = PreparedRowGroups(rows);
  absl::StatusOr<NpyArray> data = ReadByteMatrix("data", data_path, "prepared weight data");
  if (!data.ok()) return ReportError(kName, data.status(), io);
  const int64_t blocks = data->shape[0];
  if (data->shape[1] != kPreparedBlockDataBytes || blocks == 0 || blocks % groups != 0) {
    return ReportError(
        kName,
        FileError("data", data_path,
                  absl::StrFormat("expected prepared weight data of shape (%d * K/32, %d): one "
                                  "%d-byte row per (64-row group, K-block), %d group(s) for "
                                  "--rows=%d; found shape %s",
                                  groups, kPreparedBlockDataBytes, kPreparedBlockDataBytes, groups,
                                  rows, NpyShapeString(data->shape))),
        io);
  }
  const int64_t k = blocks / groups * kBlockSize;
  absl::StatusOr<std::vector<float>> scales = ReadPreparedScales(
      scales_path, blocks,
      absl::StrFormat("(ceil(N/64) * K/32, 64) for --rows=%d and --data's K=%d", rows, k));
  if (!scales.ok()) return ReportError(kName, scales.status(), io);

  absl::StatusOr<Mxfp4Matrix> b = DecodePreparedWeightImage(data->bytes, *scales, rows, k);
  if (!b.ok()) {
    // The decoder checks both buffers at once; its scale errors say "scale",
    // its data errors do not, which picks the flag (and file) to name.
    const std::string message(
        absl::StripPrefix(b.status().message(), "DecodePreparedWeightImage: "));
    const bool in_scales = absl::StrContains(message, "scale");
    // Non-zero "padding" usually means the real N is larger than --rows.
    const bool padding = absl::StrContains(message, "padding");
    return ReportError(
        kName,
        FileError(in_scales ? "scales" : "data", in_scales ? scales_path : data_path,
                  absl::StrFormat("not a valid prepared weight image (rows=%d, K=%d): %s%s", rows,
                                  k, message, padding ? " (is --rows the real N?)" : "")),
        io);
  }
  if (absl::Status s = WriteByteMatrix("output_data", output_data, rows, k / 2, b->data); !s.ok()) {
    return ReportError(kName, s, io);
  }
  if (absl::Status s =
          WriteByteMatrix("output_scales", output_scales, rows, k / kBlockSize, b->scales);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  return kExitOk;
}

}  // namespace

const Command& UnprepareBCommand() {
  static const Command command = {kName, "prepared image -> natural B data + scales (needs --rows)",
                                  &RunUnprepareB};
  return command;
}

}  // namespace mxfp4::cli
