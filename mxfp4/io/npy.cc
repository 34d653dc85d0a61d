// File: mxfp4/io/npy.cc
//
// NumPy .npy reader/writer (format 1.0 and 2.0, see numpy.lib.format). The
// file is: magic "\x93NUMPY", major, minor, header length (uint16 LE for 1.0,
// uint32 LE for 2.0), then an ASCII Python dict literal
//   {'descr': '<u2', 'fortran_order': False, 'shape': (16, 256), }
// padded with spaces and a final '\n', then the raw C-order element bytes.
// The reader is strict: every problem (bad magic, unsupported version, big-
// endian or unknown dtype, Fortran order, malformed header, truncated or
// oversized data) is an absl::Status naming the file, what was expected and
// what was found. The writer emits what numpy.save emits (1.0, header padded
// so the data starts on a 64-byte boundary; 2.0 only if the header needs it),
// so round-tripping a numpy-written file reproduces it byte for byte.

#include "mxfp4/io/npy.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace mxfp4 {

// Typed views copy raw bytes with memcpy, which is only right on a
// little-endian host (every machine this project targets).
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "npy.cc assumes a little-endian host");

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
// Data starts on this boundary in files numpy writes (numpy >= 1.x uses 64).
constexpr size_t kHeaderAlignment = 64;

// Multiplies the dimensions of `shape`; false on a negative dimension or int64
// overflow.
bool ShapeProduct(absl::Span<const int64_t> shape, int64_t* product) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return false;
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) return false;
    n *= d;
  }
  *product = n;
  return true;
}

// Printable rendering of a short byte string for error messages.
std::string Printable(absl::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out.push_back(static_cast<char>(c));
    } else {
      absl::StrAppendFormat(&out, "\\x%02x", c);
    }
  }
  return out;
}

// ------------------------------------------------------------ header parser

// Minimal parser for the Python dict literal numpy writes. It accepts the
// three keys in any order, single or double quotes, optional trailing comma,
// Python 2 'L' suffixes on ints, and arbitrary spaces; it rejects anything
// else so that a malformed header never turns into a wrong array.
class HeaderParser {
 public:
  HeaderParser(absl::string_view text, const std::string& path) : text_(text), path_(path) {}

  absl::Status Parse(std::string* descr, bool* fortran_order, std::vector<int64_t>* shape) {
    bool have_descr = false, have_fortran = false, have_shape = false;
    SkipSpace();
    if (!Consume('{')) return Error("'{' opening the header dict");
    while (true) {
      SkipSpace();
      if (Consume('}')) break;
      std::string key;
      if (absl::Status s = ParseString(&key, "a quoted key"); !s.ok()) return s;
      SkipSpace();
      if (!Consume(':')) return Error("':' after key '" + key + "'");
      SkipSpace();
      if (key == "descr") {
        if (have_descr) return Duplicate(key);
        have_descr = true;
        if (Peek() == '[') {
          return absl::InvalidArgumentError(absl::StrFormat(
              "%s: unsupported dtype: expected one of '|u1', '<u2', '<f4', '<i4', found a "
              "structured dtype (descr is a list)",
              path_));
        }
        if (absl::Status s = ParseString(descr, "a quoted dtype string"); !s.ok()) return s;
      } else if (key == "fortran_order") {
        if (have_fortran) return Duplicate(key);
        have_fortran = true;
        if (ConsumeWord("True")) {
          *fortran_order = true;
        } else if (ConsumeWord("False")) {
          *fortran_order = false;
        } else {
          return Error("True or False for 'fortran_order'");
        }
      } else if (key == "shape") {
        if (have_shape) return Duplicate(key);
        have_shape = true;
        if (absl::Status s = ParseShape(shape); !s.ok()) return s;
      } else {
        return absl::InvalidArgumentError(absl::StrFormat(
            "%s: malformed .npy header: expected only the keys 'descr', 'fortran_order', "
            "'shape', found key '%s'",
            path_, Printable(key)));
      }
      SkipSpace();
      if (Consume(',')) continue;
      SkipSpace();
      if (Consume('}')) break;
      return Error("',' or '}' after the value of '" + key + "'");
    }
    SkipSpace();
    if (pos_ != text_.size()) return Error("only spaces and a newline after the header dict");
    if (!have_descr || !have_fortran || !have_shape) {
      std::string missing;
      if (!have_descr) missing += " 'descr'";
      if (!have_fortran) missing += " 'fortran_order'";
      if (!have_shape) missing += " 'shape'";
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: malformed .npy header: expected keys 'descr', 'fortran_order', 'shape', "
          "missing:%s (header: %s)",
          path_, missing, Printable(text_)));
    }
    return absl::OkStatus();
  }

 private:
  char Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool Consume(char c) {
    if (Peek() != c) return false;
    ++pos_;
    return true;
  }
  bool ConsumeWord(absl::string_view w) {
    if (text_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }
  void SkipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t' ||
            text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  absl::Status Error(absl::string_view expected) const {
    std::string found = pos_ < text_.size() ? Printable(text_.substr(pos_, 24)) : "end of header";
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: malformed .npy header at byte %d: expected %s, found \"%s\" "
                        "(header: %s)",
                        path_, pos_, expected, found, Printable(text_)));
  }
  absl::Status Duplicate(absl::string_view key) const {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: malformed .npy header: expected each key once, found '%s' twice", path_, key));
  }

  absl::Status ParseString(std::string* out, absl::string_view what) {
    char quote = Peek();
    if (quote != '\'' && quote != '"') return Error(what);
    ++pos_;
    size_t end = text_.find(quote, pos_);
    if (end == absl::string_view::npos) return Error("a closing quote");
    *out = std::string(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return absl::OkStatus();
  }

  absl::Status ParseShape(std::vector<int64_t>* shape) {
    shape->clear();
    if (!Consume('(')) return Error("'(' opening the shape tuple");
    while (true) {
      SkipSpace();
      if (Consume(')')) break;
      if (Peek() == '-') {
        return absl::InvalidArgumentError(absl::StrFormat(
            "%s: bad shape in .npy header: expected non-negative dimensions, found a negative "
            "one (header: %s)",
            path_, Printable(text_)));
      }
      if (Peek() < '0' || Peek() > '9') return Error("a dimension (non-negative integer)");
      int64_t d = 0;
      while (Peek() >= '0' && Peek() <= '9') {
        int digit = Peek() - '0';
        if (d > (std::numeric_limits<int64_t>::max() - digit) / 10) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "%s: bad shape in .npy header: expected dimensions below 2^63, found a larger "
              "one (header: %s)",
              path_, Printable(text_)));
        }
        d = d * 10 + digit;
        ++pos_;
      }
      Consume('L');  // Python 2 long suffix
      shape->push_back(d);
      SkipSpace();
      if (Consume(',')) continue;
      SkipSpace();
      if (Consume(')')) break;
      return Error("',' or ')' in the shape tuple");
    }
    // "(5)" is an int in Python, not a tuple; numpy always writes "(5,)".
    return absl::OkStatus();
  }

  absl::string_view text_;
  const std::string& path_;
  size_t pos_ = 0;
};

// Maps a descr string to a dtype; explains what is wrong otherwise.
absl::StatusOr<NpyDtype> ParseDescr(const std::string& descr, const std::string& path) {
  auto unsupported = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: unsupported dtype: expected one of '|u1', '<u2', '<f4', '<i4' (byte order '<' "
        "or '|'), found '%s'%s",
        path, Printable(descr), why));
  };
  if (descr.size() < 2) return unsupported("");
  char order = descr[0];
  std::string kind = descr.substr(1);
  if (order == '>') return unsupported(" (big-endian data is not supported)");
  if (order == '=') return unsupported(" (native byte order '=' is ambiguous in a file)");
  if (order != '<' && order != '|') return unsupported(" (unknown byte-order character)");
  if (kind == "u1") return NpyDtype::kU1;
  if (kind == "u2") return NpyDtype::kU2;
  if (kind == "f4") return NpyDtype::kF4;
  if (kind == "i4") return NpyDtype::kI4;
  return unsupported("");
}

absl::Status CheckedSize(const NpyArray& a, NpyDtype want, const char* caller) {
  if (a.dtype != want) {
    return absl::InvalidArgumentError(absl::StrFormat("NpyArray::%s: expected dtype %s, found %s",
                                                      caller, NpyDtypeName(want),
                                                      NpyDtypeName(a.dtype)));
  }
  int64_t n = a.num_elements();
  if (n < 0 || static_cast<uint64_t>(n) * NpyDtypeSize(want) != a.bytes.size()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "NpyArray::%s: shape %s needs %d bytes of %s, found %d bytes", caller,
        NpyShapeString(a.shape), n < 0 ? -1 : n * NpyDtypeSize(want), NpyDtypeName(want),
        a.bytes.size()));
  }
  return absl::OkStatus();
}

template <typename T>
absl::StatusOr<std::vector<T>> TypedCopy(const NpyArray& a, NpyDtype want, const char* caller) {
  if (absl::Status s = CheckedSize(a, want, caller); !s.ok()) return s;
  std::vector<T> out(a.bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), a.bytes.data(), a.bytes.size());
  return out;
}

template <typename T>
NpyArray FromTyped(NpyDtype dtype, std::vector<int64_t> shape, absl::Span<const T> v) {
  NpyArray a;
  a.dtype = dtype;
  a.shape = std::move(shape);
  a.bytes.resize(v.size() * sizeof(T));
  if (!v.empty()) std::memcpy(a.bytes.data(), v.data(), a.bytes.size());
  return a;
}

}  // namespace

// ------------------------------------------------------------ public API

const char* NpyDtypeName(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::kU1:
      return "|u1";
    case NpyDtype::kU2:
      return "<u2";
    case NpyDtype::kF4:
      return "<f4";
    case NpyDtype::kI4:
      return "<i4";
  }
  return "?";
}

int NpyDtypeSize(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::kU1:
      return 1;
    case NpyDtype::kU2:
      return 2;
    case NpyDtype::kF4:
    case NpyDtype::kI4:
      return 4;
  }
  return 0;
}

// num_elements(): the product of `shape` (1 for a 0-d array); -1 if a
// dimension is negative or the product overflows int64.
int64_t NpyArray::num_elements() const {
  int64_t n;
  return ShapeProduct(shape, &n) ? n : -1;
}

absl::StatusOr<std::vector<uint8_t>> NpyArray::AsU8() const {
  return TypedCopy<uint8_t>(*this, NpyDtype::kU1, "AsU8");
}
absl::StatusOr<std::vector<uint16_t>> NpyArray::AsU16() const {
  return TypedCopy<uint16_t>(*this, NpyDtype::kU2, "AsU16");
}
absl::StatusOr<std::vector<float>> NpyArray::AsF32() const {
  return TypedCopy<float>(*this, NpyDtype::kF4, "AsF32");
}
absl::StatusOr<std::vector<int32_t>> NpyArray::AsI32() const {
  return TypedCopy<int32_t>(*this, NpyDtype::kI4, "AsI32");
}

NpyArray NpyArray::FromU8(std::vector<int64_t> shape, absl::Span<const uint8_t> v) {
  return FromTyped(NpyDtype::kU1, std::move(shape), v);
}
NpyArray NpyArray::FromU16(std::vector<int64_t> shape, absl::Span<const uint16_t> v) {
  return FromTyped(NpyDtype::kU2, std::move(shape), v);
}
NpyArray NpyArray::FromF32(std::vector<int64_t> shape, absl::Span<const float> v) {
  return FromTyped(NpyDtype::kF4, std::move(shape), v);
}
NpyArray NpyArray::FromI32(std::vector<int64_t> shape, absl::Span<const int32_t> v) {
  return FromTyped(NpyDtype::kI4, std::move(shape), v);
}

std::string NpyShapeString(absl::Span<const int64_t> shape) {
  // Python tuple repr, as numpy writes it: (), (5,), (2, 3).
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) s += ", ";
    absl::StrAppend(&s, shape[i]);
  }
  if (shape.size() == 1) s += ",";
  s += ")";
  return s;
}

absl::StatusOr<NpyArray> ReadNpy(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    int err = errno;
    return absl::NotFoundError(
        absl::StrFormat("%s: cannot open .npy file for reading: %s", path, std::strerror(err)));
  }
  std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    return absl::DataLossError(absl::StrFormat("%s: read error after %d bytes", path, file.size()));
  }

  // Preamble: magic (6), version (2), header length (2 or 4).
  if (file.size() < kMagicSize + 2 ||
      absl::string_view(file).substr(0, kMagicSize) != absl::string_view(kMagic, kMagicSize)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: not a .npy file: expected magic \"\\x93NUMPY\" and a version, found \"%s\" (%d "
        "bytes in file)",
        path, Printable(absl::string_view(file).substr(0, 8)), file.size()));
  }
  const uint8_t major = static_cast<uint8_t>(file[6]);
  const uint8_t minor = static_cast<uint8_t>(file[7]);
  if ((major != 1 && major != 2) || minor != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: unsupported .npy format version: expected 1.0 or 2.0, found %d.%d%s", path, major,
        minor, major == 3 ? " (3.0 UTF-8 headers are not supported)" : ""));
  }
  const size_t len_bytes = major == 1 ? 2 : 4;
  const size_t prefix = kMagicSize + 2 + len_bytes;
  if (file.size() < prefix) {
    return absl::DataLossError(absl::StrFormat(
        "%s: truncated .npy file: expected at least %d bytes for the version %d.0 preamble, "
        "found %d",
        path, prefix, major, file.size()));
  }
  uint64_t header_len = 0;
  for (size_t i = 0; i < len_bytes; ++i) {
    header_len |= static_cast<uint64_t>(static_cast<uint8_t>(file[8 + i])) << (8 * i);
  }
  if (header_len > file.size() - prefix) {
    return absl::DataLossError(absl::StrFormat(
        "%s: truncated .npy file: expected a %d-byte header after the %d-byte preamble, found "
        "only %d bytes",
        path, header_len, prefix, file.size() - prefix));
  }
  absl::string_view header = absl::string_view(file).substr(prefix, header_len);

  std::string descr;
  bool fortran_order = false;
  NpyArray array;
  HeaderParser parser(header, path);
  if (absl::Status s = parser.Parse(&descr, &fortran_order, &array.shape); !s.ok()) return s;
  absl::StatusOr<NpyDtype> dtype = ParseDescr(descr, path);
  if (!dtype.ok()) return dtype.status();
  array.dtype = *dtype;
  if (fortran_order) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: unsupported memory order: expected fortran_order False (C order), found True "
        "(save a C-contiguous array, e.g. np.ascontiguousarray)",
        path));
  }

  int64_t n = 0;
  const size_t available = file.size() - prefix - header_len;
  const int64_t item = NpyDtypeSize(array.dtype);
  if (!ShapeProduct(array.shape, &n) || n > std::numeric_limits<int64_t>::max() / item) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: bad shape %s: expected a byte size below 2^63, found an overflow",
                        path, NpyShapeString(array.shape)));
  }
  const uint64_t expected = static_cast<uint64_t>(n) * item;
  if (expected != available) {
    if (expected > available) {
      return absl::DataLossError(absl::StrFormat(
          "%s: truncated .npy file: shape %s of %s needs %d data bytes, found %d", path,
          NpyShapeString(array.shape), NpyDtypeName(array.dtype), expected, available));
    }
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: .npy data size mismatch: shape %s of %s needs %d data bytes, found %d (trailing "
        "bytes)",
        path, NpyShapeString(array.shape), NpyDtypeName(array.dtype), expected, available));
  }
  array.bytes.assign(file.begin() + (file.size() - available), file.end());
  return array;
}

absl::Status WriteNpy(const std::string& path, const NpyArray& array) {
  int64_t n = 0;
  if (!ShapeProduct(array.shape, &n)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "WriteNpy(%s): bad shape %s: expected non-negative dimensions whose product fits "
        "int64",
        path, NpyShapeString(array.shape)));
  }
  const int64_t item = NpyDtypeSize(array.dtype);
  if (n > std::numeric_limits<int64_t>::max() / item ||
      static_cast<uint64_t>(n * item) != array.bytes.size()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "WriteNpy(%s): shape %s of %s needs %d bytes, found %d bytes", path,
        NpyShapeString(array.shape), NpyDtypeName(array.dtype),
        n > std::numeric_limits<int64_t>::max() / item ? -1 : n * item, array.bytes.size()));
  }

  // Same bytes as numpy.save (numpy 1.24 _write_array_header/_wrap_header), so
  // numpy-written files round-trip byte for byte: the dict with keys sorted,
  // spare spaces so the first dimension can grow to 21 digits in place, then
  // 1..64 spaces and '\n' so that the data starts on a 64-byte boundary.
  std::string dict = absl::StrFormat("{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
                                     NpyDtypeName(array.dtype), NpyShapeString(array.shape));
  if (!array.shape.empty()) {
    constexpr size_t kGrowthAxisMaxDigits = 21;
    const size_t digits = absl::StrCat(array.shape[0]).size();
    if (digits < kGrowthAxisMaxDigits) dict.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  auto padded_header_len = [&](size_t prefix) {
    const size_t hlen = dict.size() + 1;  // + '\n'
    const size_t padlen = kHeaderAlignment - (prefix + hlen) % kHeaderAlignment;
    return hlen + padlen;
  };
  // Version 1.0 if the header length fits 16 bits, else 2.0.
  int major = 1;
  size_t prefix = kMagicSize + 2 + 2;
  size_t header_len = padded_header_len(prefix);
  if (header_len > 0xFFFF) {
    major = 2;
    prefix = kMagicSize + 2 + 4;
    header_len = padded_header_len(prefix);
  }
  dict.append(header_len - dict.size() - 1, ' ');
  dict.push_back('\n');

  std::string out(kMagic, kMagicSize);
  out.push_back(static_cast<char>(major));
  out.push_back(0);
  for (size_t i = 0; i < prefix - kMagicSize - 2; ++i) {
    out.push_back(static_cast<char>((header_len >> (8 * i)) & 0xFF));
  }
  out += dict;

  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) {
    int err = errno;
    return absl::PermissionDeniedError(
        absl::StrFormat("WriteNpy(%s): cannot open for writing: %s", path, std::strerror(err)));
  }
  f.write(out.data(), static_cast<std::streamsize>(out.size()));
  if (!array.bytes.empty()) {
    f.write(reinterpret_cast<const char*>(array.bytes.data()),
            static_cast<std::streamsize>(array.bytes.size()));
  }
  f.close();
  if (!f) {
    return absl::DataLossError(absl::StrFormat("WriteNpy(%s): write failed after opening (%d "
                                               "bytes expected)",
                                               path, out.size() + array.bytes.size()));
  }
  return absl::OkStatus();
}

}  // namespace mxfp4
