// File: mxfp4/gpu/amd/gfx950_code_objects_test.cc
//
// The embedded gfx950 code objects (gfx950_code_objects.h): with clang-22
// every kernel the plans launch is in the table, in an AMDGPU ELF code
// object that names its symbol; without clang-22 the table is empty (and the
// runtime reports Unavailable instead of failing later).

#include "mxfp4/gpu/amd/gfx950_code_objects.h"

#include <cstdint>
#include <cstring>
#include <string>

#include "gtest/gtest.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"

namespace mxfp4::gfx950 {
namespace {

#if MXFP4_GFX950_CODE_OBJECTS_BUILT

TEST(Gfx950CodeObjectsTest, EveryPlannedKernelIsEmbeddedInAnAmdgpuElf) {
  for (int i = 0; i < kNumGfx950Kernels; ++i) {
    const Gfx950Kernel kernel = static_cast<Gfx950Kernel>(i);
    const EmbeddedCodeObject* co = FindEmbeddedCodeObject(Gfx950KernelCodeObject(kernel));
    ASSERT_NE(co, nullptr) << Gfx950KernelCodeObject(kernel);
    ASSERT_GT(co->size, 64u);
    EXPECT_EQ(0, std::memcmp(co->data, "\x7F" "ELF", 4)) << co->name;
    EXPECT_EQ(co->data[4], 2) << co->name << ": not ELF64";
    uint16_t machine = 0;
    std::memcpy(&machine, co->data + 18, 2);
    EXPECT_EQ(machine, 0xE0) << co->name << ": e_machine is not EM_AMDGPU";
    const std::string bytes(reinterpret_cast<const char*>(co->data), co->size);
    EXPECT_NE(bytes.find(Gfx950KernelSymbol(kernel)), std::string::npos)
        << co->name << " lacks the symbol " << Gfx950KernelSymbol(kernel);
    EXPECT_NE(bytes.find("gfx950"), std::string::npos) << co->name << ": no gfx950 target";
  }
}

#else

TEST(Gfx950CodeObjectsTest, TableIsEmptyWithoutClang22) {
  EXPECT_TRUE(EmbeddedCodeObjects().empty());
}

#endif

TEST(Gfx950CodeObjectsTest, UnknownNameIsNotFound) {
  EXPECT_EQ(FindEmbeddedCodeObject("no_such_kernel"), nullptr);
}

}  // namespace
}  // namespace mxfp4::gfx950
