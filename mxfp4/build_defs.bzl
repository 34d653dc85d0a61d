"""Shared C++ flags and thin wrappers so every target builds the same way."""

# Warnings are errors: the project must stay -Wall -Wextra clean.
MXFP4_COPTS = [
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wno-sign-compare",
]

def mxfp4_cc_library(name, copts = [], **kwargs):
    native.cc_library(name = name, copts = MXFP4_COPTS + copts, **kwargs)

def mxfp4_cc_binary(name, copts = [], **kwargs):
    native.cc_binary(name = name, copts = MXFP4_COPTS + copts, **kwargs)

def mxfp4_cc_test(name, copts = [], deps = [], **kwargs):
    native.cc_test(
        name = name,
        copts = MXFP4_COPTS + copts,
        deps = deps + ["//third_party/googletest:gtest_main"],
        **kwargs
    )
