// File: mxfp4/io/npy_test.cc
//
// Tests for the .npy reader/writer: round trips of every dtype and edge shape,
// byte-identical rewrites of the numpy-written reference vectors in testdata/
// (so the writer matches numpy.save and the reader parses real files), and
// hand-crafted malformed files (truncated, Fortran order, big-endian, v3,
// bad magic, broken headers), each of which must fail with a message that
// names the file and says what was expected and found.

#include "mxfp4/io/npy.h"

#include <dirent.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mxfp4 {
namespace {

using ::testing::HasSubstr;

std::string TempPath(const std::string& name) { return ::testing::TempDir() + "/" + name; }

std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void WriteFileBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), bytes.size());
}

// Raw .npy bytes with exactly `header` as the header text (caller supplies the
// trailing '\n' and any padding) and a little-endian length field of 2 bytes
// for major 1 or 4 bytes otherwise.
std::string MakeNpyBytes(int major, int minor, const std::string& header,
                         const std::string& data) {
  std::string out = "\x93NUMPY";
  out.push_back(static_cast<char>(major));
  out.push_back(static_cast<char>(minor));
  const int len_bytes = major == 1 ? 2 : 4;
  for (int i = 0; i < len_bytes; ++i) out.push_back(static_cast<char>((header.size() >> (8 * i)) & 0xFF));
  return out + header + data;
}

// Writes `bytes` to a fresh temp file and returns ReadNpy's answer.
absl::StatusOr<NpyArray> ReadBytes(const std::string& name, const std::string& bytes) {
  const std::string path = TempPath(name);
  WriteFileBytes(path, bytes);
  return ReadNpy(path);
}

// Expects a failure whose message names the file and contains every needle.
void ExpectError(const absl::StatusOr<NpyArray>& r, const std::string& name,
                 std::vector<std::string> needles) {
  ASSERT_FALSE(r.ok()) << name << ": expected an error";
  const std::string msg(r.status().message());
  EXPECT_THAT(msg, HasSubstr(name)) << "message must name the file";
  for (const std::string& n : needles) EXPECT_THAT(msg, HasSubstr(n)) << name;
}

uint32_t FloatBitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

std::vector<uint8_t> RandomBytes(size_t n, std::mt19937* rng) {
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>((*rng)());
  return v;
}

// ------------------------------------------------------------ basics

TEST(NpyShapeString, MatchesPythonTupleRepr) {
  EXPECT_EQ(NpyShapeString({}), "()");
  EXPECT_EQ(NpyShapeString({5}), "(5,)");
  EXPECT_EQ(NpyShapeString({2, 3}), "(2, 3)");
  EXPECT_EQ(NpyShapeString({0, 1, 2}), "(0, 1, 2)");
}

TEST(NpyDtype, NamesAndSizes) {
  EXPECT_STREQ(NpyDtypeName(NpyDtype::kU1), "|u1");
  EXPECT_STREQ(NpyDtypeName(NpyDtype::kU2), "<u2");
  EXPECT_STREQ(NpyDtypeName(NpyDtype::kF4), "<f4");
  EXPECT_STREQ(NpyDtypeName(NpyDtype::kI4), "<i4");
  EXPECT_EQ(NpyDtypeSize(NpyDtype::kU1), 1);
  EXPECT_EQ(NpyDtypeSize(NpyDtype::kU2), 2);
  EXPECT_EQ(NpyDtypeSize(NpyDtype::kF4), 4);
  EXPECT_EQ(NpyDtypeSize(NpyDtype::kI4), 4);
}

TEST(NpyArray, NumElements) {
  NpyArray a;
  EXPECT_EQ(a.num_elements(), 1);  // 0-d
  a.shape = {2, 0, 4};
  EXPECT_EQ(a.num_elements(), 0);
  a.shape = {3, -1};
  EXPECT_EQ(a.num_elements(), -1);
  a.shape = {int64_t{1} << 40, int64_t{1} << 40};
  EXPECT_EQ(a.num_elements(), -1);
}

TEST(NpyArray, TypedAccessorsCheckDtypeAndSize) {
  const std::vector<uint16_t> v = {1, 0xBEEF, 3};
  NpyArray a = NpyArray::FromU16({3}, v);
  ASSERT_TRUE(a.AsU16().ok());
  EXPECT_EQ(*a.AsU16(), v);
  EXPECT_THAT(std::string(a.AsU8().status().message()), HasSubstr("expected dtype |u1, found <u2"));
  EXPECT_FALSE(a.AsF32().ok());
  EXPECT_FALSE(a.AsI32().ok());
  a.shape = {4};  // disagrees with the 6 bytes
  EXPECT_THAT(std::string(a.AsU16().status().message()), HasSubstr("needs 8 bytes"));
}

// ------------------------------------------------------------ round trips

TEST(Npy, RoundTripEveryDtypeAndEdgeShape) {
  const uint32_t seed = 20260301;
  std::mt19937 rng(seed);
  const std::vector<std::vector<int64_t>> shapes = {{}, {0}, {7}, {3, 5}, {2, 0, 4}, {1, 2, 3, 4},
                                                    {1000000}};
  for (NpyDtype dtype : {NpyDtype::kU1, NpyDtype::kU2, NpyDtype::kF4, NpyDtype::kI4}) {
    for (const auto& shape : shapes) {
      NpyArray a;
      a.dtype = dtype;
      a.shape = shape;
      a.bytes = RandomBytes(a.num_elements() * NpyDtypeSize(dtype), &rng);
      const std::string path = TempPath("rt.npy");
      ASSERT_TRUE(WriteNpy(path, a).ok());
      const std::string raw = ReadFileBytes(path);
      // numpy.save layout: v1.0, data 64-byte aligned, header ends in '\n'.
      ASSERT_GE(raw.size(), 10u);
      EXPECT_EQ(raw.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
      const size_t hlen = static_cast<uint8_t>(raw[8]) | (static_cast<uint8_t>(raw[9]) << 8);
      EXPECT_EQ((10 + hlen) % 64, 0u);
      EXPECT_EQ(raw[10 + hlen - 1], '\n');
      EXPECT_EQ(raw.size(), 10 + hlen + a.bytes.size());

      absl::StatusOr<NpyArray> b = ReadNpy(path);
      ASSERT_TRUE(b.ok()) << b.status() << " seed=" << seed;
      EXPECT_EQ(b->dtype, dtype);
      EXPECT_EQ(b->shape, shape);
      EXPECT_TRUE(b->bytes == a.bytes) << NpyDtypeName(dtype) << " " << NpyShapeString(shape)
                                       << " seed=" << seed;
    }
  }
}

TEST(Npy, TypedBuildersRoundTrip) {
  const std::vector<float> f = {0.0f, -0.0f, 1.5f, -6.0f, 3.0e38f};
  const std::vector<int32_t> i = {0, -1, 2147483647, -2147483647 - 1};
  const std::string pf = TempPath("f.npy"), pi = TempPath("i.npy");
  ASSERT_TRUE(WriteNpy(pf, NpyArray::FromF32({5}, f)).ok());
  ASSERT_TRUE(WriteNpy(pi, NpyArray::FromI32({2, 2}, i)).ok());
  absl::StatusOr<NpyArray> rf = ReadNpy(pf), ri = ReadNpy(pi);
  ASSERT_TRUE(rf.ok() && ri.ok());
  absl::StatusOr<std::vector<float>> ff = rf->AsF32();
  ASSERT_TRUE(ff.ok());
  for (size_t k = 0; k < f.size(); ++k) EXPECT_EQ(FloatBitsOf((*ff)[k]), FloatBitsOf(f[k]));
  EXPECT_EQ(*ri->AsI32(), i);
}

TEST(Npy, LargeHeaderIsWrittenAsVersion2) {
  // 30000 dimensions of 1 need a header longer than 65535 bytes.
  NpyArray a;
  a.dtype = NpyDtype::kU1;
  a.shape.assign(30000, 1);
  a.bytes = {0x5A};
  const std::string path = TempPath("v2.npy");
  ASSERT_TRUE(WriteNpy(path, a).ok());
  const std::string raw = ReadFileBytes(path);
  EXPECT_EQ(raw[6], 2);
  EXPECT_EQ(raw[7], 0);
  absl::StatusOr<NpyArray> b = ReadNpy(path);
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->shape, a.shape);
  EXPECT_EQ(b->bytes, a.bytes);
}

TEST(Npy, ReadsVersion2AndLenientButValidHeaders) {
  const std::string data = std::string("\x01\x00\x02\x00\x03\x00", 6);
  // Version 2.0, 4-byte length, no padding at all.
  auto v2 = ReadBytes("v2h.npy", MakeNpyBytes(2, 0, "{'descr': '<u2', 'fortran_order': False, "
                                                    "'shape': (3,), }\n",
                                              data));
  ASSERT_TRUE(v2.ok()) << v2.status();
  EXPECT_EQ(*v2->AsU16(), (std::vector<uint16_t>{1, 2, 3}));
  // Other key order, double quotes, no trailing comma, Python 2 long, '<u1'.
  auto odd = ReadBytes("odd.npy",
                       MakeNpyBytes(1, 0, "{\"shape\": (1L, 3L), \"fortran_order\": False,"
                                          "\"descr\": \"<u1\"}          \n",
                                    "abc"));
  ASSERT_TRUE(odd.ok()) << odd.status();
  EXPECT_EQ(odd->dtype, NpyDtype::kU1);
  EXPECT_EQ(odd->shape, (std::vector<int64_t>{1, 3}));
  // 0-d array.
  auto scalar = ReadBytes("scalar.npy", MakeNpyBytes(1, 0, "{'descr': '<f4', 'fortran_order': "
                                                           "False, 'shape': (), }\n",
                                                     std::string("\x00\x00\xc0\x3f", 4)));
  ASSERT_TRUE(scalar.ok()) << scalar.status();
  EXPECT_EQ((*scalar->AsF32())[0], 1.5f);
}

// ------------------------------------------------------------ reference vectors

// Every numpy-written vector in testdata/ reads, has the shape its name
// implies, and rewrites to the identical bytes.
TEST(Npy, ReferenceVectorsRoundTripByteForByte) {
  DIR* dir = opendir("testdata");
  ASSERT_NE(dir, nullptr) << "testdata/ not in runfiles (data = //testdata:reference_vectors)";
  std::vector<std::string> names;
  while (dirent* e = readdir(dir)) {
    std::string n = e->d_name;
    if (absl::EndsWith(n, ".npy")) names.push_back(n);
  }
  closedir(dir);
  ASSERT_GE(names.size(), 31u) << "reference vectors missing";  // guard against a silent skip

  for (const std::string& name : names) {
    SCOPED_TRACE(name);
    const std::string path = "testdata/" + name;
    absl::StatusOr<NpyArray> a = ReadNpy(path);
    ASSERT_TRUE(a.ok()) << a.status();
    const std::string out = TempPath("rewrite.npy");
    ASSERT_TRUE(WriteNpy(out, *a).ok());
    EXPECT_TRUE(ReadFileBytes(out) == ReadFileBytes(path)) << "rewrite differs from numpy's file";

    // gemm_<M>x<N>x<K>_<what>.npy: shapes follow from M, N, K.
    if (absl::StartsWith(name, "gemm_")) {
      std::vector<std::string> parts = absl::StrSplit(name, '_');
      std::vector<std::string> mnk = absl::StrSplit(parts[1], 'x');
      const int64_t m = std::stoll(mnk[0]), n = std::stoll(mnk[1]), k = std::stoll(mnk[2]);
      const std::string what = name.substr(parts[0].size() + parts[1].size() + 2);
      std::vector<int64_t> want;
      NpyDtype dtype = NpyDtype::kU1;
      if (what == "A_bf16bits.npy") want = {m, k}, dtype = NpyDtype::kU2;
      if (what == "Aq.npy") want = {m, k / 2};
      if (what == "As.npy") want = {m, k / 32};
      if (what == "Bq.npy") want = {n, k / 2};
      if (what == "Bs.npy") want = {n, k / 32};
      if (what == "C_ideal_f32.npy") want = {m, n}, dtype = NpyDtype::kF4;
      ASSERT_FALSE(want.empty()) << "unknown gemm vector";
      EXPECT_EQ(a->shape, want);
      EXPECT_EQ(a->dtype, dtype);
    }
  }
}

// ------------------------------------------------------------ malformed files

const char kGoodHeader[] = "{'descr': '<u2', 'fortran_order': False, 'shape': (2, 3), }\n";
const std::string kSixU2(12, '\x11');

TEST(NpyMalformed, MissingFile) {
  absl::StatusOr<NpyArray> r = ReadNpy(TempPath("no_such_file.npy"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("no_such_file.npy"));
}

TEST(NpyMalformed, BadMagic) {
  ExpectError(ReadBytes("magic.npy", "PK\x03\x04 not numpy at all"), "magic.npy",
              {"expected magic", "found \"PK\\x03\\x04"});
  ExpectError(ReadBytes("empty.npy", ""), "empty.npy", {"expected magic", "0 bytes"});
}

TEST(NpyMalformed, UnsupportedVersions) {
  ExpectError(ReadBytes("v3.npy", MakeNpyBytes(3, 0, kGoodHeader, kSixU2)), "v3.npy",
              {"expected 1.0 or 2.0", "found 3.0", "UTF-8"});
  ExpectError(ReadBytes("v11.npy", MakeNpyBytes(1, 1, kGoodHeader, kSixU2)), "v11.npy",
              {"expected 1.0 or 2.0", "found 1.1"});
}

TEST(NpyMalformed, FortranOrder) {
  ExpectError(ReadBytes("fortran.npy",
                        MakeNpyBytes(1, 0,
                                     "{'descr': '<u2', 'fortran_order': True, 'shape': (2, 3), }\n",
                                     kSixU2)),
              "fortran.npy", {"expected fortran_order False", "found True"});
}

TEST(NpyMalformed, BigEndianAndUnsupportedDtypes) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"'>u2'", "big-endian"}, {"'>f4'", "big-endian"}, {"'=u2'", "native"},
      {"'<f8'", "'<f8'"},      {"'<i8'", "'<i8'"},      {"'|b1'", "'|b1'"},
      {"'u2'", "'u2'"},        {"''", "found ''"}};
  for (const auto& [descr, needle] : cases) {
    SCOPED_TRACE(descr);
    const std::string h = "{'descr': " + descr + ", 'fortran_order': False, 'shape': (2, 3), }\n";
    ExpectError(ReadBytes("dtype.npy", MakeNpyBytes(1, 0, h, kSixU2)), "dtype.npy",
                {"expected one of '|u1', '<u2', '<f4', '<i4'", needle});
  }
  ExpectError(ReadBytes("struct.npy",
                        MakeNpyBytes(1, 0,
                                     "{'descr': [('a', '<u2')], 'fortran_order': False, "
                                     "'shape': (2, 3), }\n",
                                     kSixU2)),
              "struct.npy", {"structured dtype"});
}

TEST(NpyMalformed, TruncatedAtEveryLength) {
  // Every proper prefix of a valid file must fail cleanly (never crash).
  const std::string path = TempPath("whole.npy");
  NpyArray a = NpyArray::FromU16({2, 3}, std::vector<uint16_t>{1, 2, 3, 4, 5, 6});
  ASSERT_TRUE(WriteNpy(path, a).ok());
  const std::string whole = ReadFileBytes(path);
  for (size_t len = 0; len < whole.size(); ++len) {
    absl::StatusOr<NpyArray> r = ReadBytes("prefix.npy", whole.substr(0, len));
    EXPECT_FALSE(r.ok()) << "prefix of " << len << " bytes was accepted";
  }
  ExpectError(ReadBytes("short_data.npy", whole.substr(0, whole.size() - 1)), "short_data.npy",
              {"truncated", "needs 12 data bytes, found 11"});
  ExpectError(ReadBytes("short_header.npy", whole.substr(0, 40)), "short_header.npy",
              {"truncated", "expected a 118-byte header", "found only 30 bytes"});
  ExpectError(ReadBytes("short_preamble.npy", whole.substr(0, 9)), "short_preamble.npy",
              {"truncated", "expected at least 10 bytes"});
  ExpectError(ReadBytes("trailing.npy", whole + "x"), "trailing.npy",
              {"needs 12 data bytes, found 13", "trailing"});
}

TEST(NpyMalformed, BrokenHeaders) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"'descr': '<u2', 'fortran_order': False, 'shape': (2, 3), }\n", "expected '{'"},
      {"{'descr': '<u2', 'fortran_order': False}\n", "missing: 'shape'"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (2, 3), 'extra': 1}\n",
       "found key 'extra'"},
      {"{'descr': '<u2', 'descr': '<u2', 'fortran_order': False, 'shape': (2, 3)}\n",
       "found 'descr' twice"},
      {"{'descr': '<u2', 'fortran_order': false, 'shape': (2, 3)}\n", "expected True or False"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (2, x)}\n", "expected a dimension"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': [2, 3]}\n", "expected '('"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (2, -3)}\n", "negative"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (99999999999999999999,)}\n",
       "below 2^63"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (4294967296, 4294967296)}\n",
       "overflow"},
      {"{'descr': '<u2, 'fortran_order': False, 'shape': (2, 3)}\n", "expected ',' or '}'"},
      {"{'descr' '<u2', 'fortran_order': False, 'shape': (2, 3)}\n", "expected ':'"},
      {"{'descr': '<u2' 'fortran_order': False, 'shape': (2, 3)}\n", "expected ','"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (2, 3)} junk\n",
       "only spaces and a newline"},
      {"{'descr': '<u2', 'fortran_order': False, 'shape': (2, 3)", "expected ',' or '}'"},
      {"{'descr: '<u2', 'fortran_order': False, 'shape': (2, 3)}\n", "expected"},
  };
  for (const auto& [header, needle] : cases) {
    SCOPED_TRACE(header);
    ExpectError(ReadBytes("header.npy", MakeNpyBytes(1, 0, header, kSixU2)), "header.npy",
                {needle});
  }
}

TEST(NpyMalformed, RandomCorruptionNeverCrashes) {
  // Flip random bytes of a valid file's preamble and header; the reader must
  // either fail or return an array whose bytes match its shape and dtype.
  const uint32_t seed = 777;
  std::mt19937 rng(seed);
  const std::string path = TempPath("fuzz_src.npy");
  ASSERT_TRUE(WriteNpy(path, NpyArray::FromU16({2, 3}, std::vector<uint16_t>(6, 9))).ok());
  const std::string whole = ReadFileBytes(path);
  for (int iter = 0; iter < 2000; ++iter) {
    std::string bad = whole;
    const int flips = 1 + rng() % 3;
    for (int f = 0; f < flips; ++f) bad[rng() % 128] = static_cast<char>(rng());
    absl::StatusOr<NpyArray> r = ReadBytes("fuzz.npy", bad);
    if (r.ok()) {
      EXPECT_EQ(static_cast<int64_t>(r->bytes.size()),
                r->num_elements() * NpyDtypeSize(r->dtype))
          << "seed=" << seed << " iter=" << iter;
    }
  }
}

// ------------------------------------------------------------ writer errors

TEST(NpyWrite, RejectsInconsistentArrays) {
  NpyArray a = NpyArray::FromU8({2, 3}, std::vector<uint8_t>(5, 0));
  absl::Status s = WriteNpy(TempPath("bad.npy"), a);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("needs 6 bytes, found 5 bytes"));
  a.shape = {-1, 5};
  s = WriteNpy(TempPath("bad.npy"), a);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("non-negative"));
  s = WriteNpy(TempPath("no/such/dir/x.npy"), NpyArray::FromU8({1}, std::vector<uint8_t>{1}));
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("no/such/dir/x.npy"));
}

}  // namespace
}  // namespace mxfp4
