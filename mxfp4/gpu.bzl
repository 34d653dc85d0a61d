"""Bazel macros for GPU code (spec: shared/spec/gpu-design.md, docs/gpu.md).

Device translation units (`*.cu.cc`, `*.hip`) are compiled by nvcc for sm_90a
through a small Starlark rule that declares every header it may read (the
transitive headers of `deps` plus `hdrs`/`private_hdrs`), so edits rebuild.
The objects go into an ordinary cc_library, so GPU libraries are plain deps of
cc_library/cc_test/cc_binary. The static CUDA runtime comes in through
//mxfp4/gpu/platform:cuda_runtime.

Build switch (written by ./bazelw via tools/configure_gpu.sh):
  --define=mxfp4_gpu=cuda  nvcc builds `srcs`;      $MXFP4_NVCC / $MXFP4_CUDA_ROOT
                           (--action_env) locate the toolkit.
  --define=mxfp4_gpu=none  `stub_srcs` replace `srcs` (no nvcc needed); entry
                           points return absl::UnavailableError.

Example:
  load("//mxfp4:gpu.bzl", "mxfp4_gpu_library", "mxfp4_gpu_test")
  mxfp4_gpu_library(
      name = "quantize",
      hdrs = ["quantize.h"],                 # host-only declarations (g++-safe)
      srcs = ["quantize_kernel.cu.cc"],      # device code, nvcc
      private_hdrs = ["quantize_launch.h"],  # internal launcher declarations
      cc_srcs = ["quantize.cc"],             # host code, g++, both builds
      stub_srcs = ["quantize_stub.cc"],      # replaces srcs without nvcc
      deps = ["//mxfp4/gpu/platform"],
  )
"""

load("//mxfp4:build_defs.bzl", "MXFP4_COPTS")

_CUDA = "//mxfp4/gpu:cuda_build"
_CUDA_RUNTIME = "//mxfp4/gpu/platform:cuda_runtime"

# nvcc flags for every device TU. No fast math: fp32 denormals are kept
# (-ftz=false), divisions/sqrt are IEEE, and -fmad=false stops nvcc from
# contracting a*b+c into an FMA behind our back: kernels must match the CPU
# emulator bit for bit, so an FMA is written explicitly (__fmaf_rn) where the
# accumulation contract asks for one.
MXFP4_NVCC_FLAGS = [
    "-x",
    "cu",
    "-std=c++17",
    "-O3",
    "-gencode=arch=compute_90a,code=sm_90a",
    "-ftz=false",
    "-prec-div=true",
    "-prec-sqrt=true",
    "-fmad=false",
    "-lineinfo",
    "--Werror=all-warnings",
    "-Xcompiler=-fPIC,-Wall,-Wextra,-Werror,-Wno-sign-compare",
]

def _shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _nvcc_compile_impl(ctx):
    cc_infos = [d[CcInfo] for d in ctx.attr.deps if CcInfo in d]
    contexts = [c.compilation_context for c in cc_infos]
    headers = depset(
        ctx.files.hdrs,
        transitive = [c.headers for c in contexts],
    )
    includes = depset(transitive = [c.includes for c in contexts] +
                                   [c.quote_includes for c in contexts])
    system_includes = depset(transitive = [c.system_includes for c in contexts])
    defines = depset(transitive = [c.defines for c in contexts])

    base_args = list(MXFP4_NVCC_FLAGS)
    base_args += ["-ccbin", "${MXFP4_HOST_CXX:-g++}"]
    base_args += ["-I.", "-I" + ctx.bin_dir.path, "-I" + ctx.genfiles_dir.path]
    for inc in includes.to_list():
        base_args.append("-I" + inc)
    for inc in system_includes.to_list():
        base_args += ["-isystem", inc]
    for d in defines.to_list():
        base_args.append("-D" + d)
    base_args += ctx.attr.copts

    # --define=mxfp4_fatbin_compress=MODE: nvcc's -compress-mode for the
    # fatbins (default, size, speed, balance, none); the machine code is the
    # same. "size" packs the device builds ~30% smaller (session 73: one TU's
    # fatbin 2.26 -> 1.55 MB), so more variants fit one device call.
    compress = ctx.var.get("mxfp4_fatbin_compress", "")
    if compress:
        if compress not in ["default", "size", "speed", "balance", "none"]:
            fail("--define=mxfp4_fatbin_compress=%s: use default, size, speed, balance or none" % compress)
        base_args.append("-compress-mode=" + compress)

    outs = []
    for src in ctx.files.srcs:
        stem = src.basename
        for suffix in [".cu.cc", ".hip", ".cu"]:
            if stem.endswith(suffix):
                stem = stem[:-len(suffix)]
                break
        out = ctx.actions.declare_file("_nvcc_objs/%s/%s.o" % (ctx.label.name, stem))
        args = base_args + ["-c", src.path, "-o", out.path]

        # ${...} expansions stay unquoted so the shell resolves them.
        quoted = [a if a.startswith("${") else _shell_quote(a) for a in args]
        ctx.actions.run_shell(
            inputs = depset([src], transitive = [headers]),
            outputs = [out],
            command = 'exec "${MXFP4_NVCC:-/usr/local/cuda/bin/nvcc}" ' + " ".join(quoted),
            use_default_shell_env = True,
            mnemonic = "NvccCompile",
            progress_message = "Compiling %s with nvcc (sm_90a)" % src.short_path,
        )
        outs.append(out)
    return [DefaultInfo(files = depset(outs))]

_nvcc_compile = rule(
    implementation = _nvcc_compile_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = [".cu.cc", ".hip", ".cu"]),
        "hdrs": attr.label_list(allow_files = True),
        "deps": attr.label_list(providers = [CcInfo]),
        "copts": attr.string_list(),
    },
)

def _cuda_static_runtime_impl(ctx):
    out = ctx.actions.declare_file("libcudart_static_copy.a")
    ctx.actions.run_shell(
        outputs = [out],
        command = ('root="${MXFP4_CUDA_ROOT:-$(dirname "$(dirname "${MXFP4_NVCC:-/usr/local/cuda/bin/nvcc}")")}"; ' +
                   'cp "$root/lib64/libcudart_static.a" "%s"') % out.path,
        use_default_shell_env = True,
        mnemonic = "CopyCudart",
        progress_message = "Copying libcudart_static.a from the CUDA toolkit",
    )
    return [DefaultInfo(files = depset([out]))]

# Copies the toolkit's static CUDA runtime into the output tree, so that the
# link needs no absolute -L path (only used by the cuda build).
cuda_static_runtime = rule(implementation = _cuda_static_runtime_impl)

def mxfp4_gpu_library(
        name,
        srcs = [],
        hdrs = [],
        private_hdrs = [],
        cc_srcs = [],
        stub_srcs = [],
        deps = [],
        copts = [],
        nvcc_copts = [],
        testonly = False,
        visibility = None,
        **kwargs):
    """A cc_library whose `srcs` are device TUs compiled by nvcc.

    Args:
      name: the cc_library's name.
      srcs: device translation units (*.cu.cc, *.hip), compiled by nvcc.
      hdrs: public headers; must compile with g++ (declare host launchers only).
      private_hdrs: headers only this library's sources include.
      cc_srcs: host sources compiled by g++ in both builds.
      stub_srcs: host sources that replace `srcs` under --define=mxfp4_gpu=none.
      deps: cc deps (their headers are visible to nvcc too).
      copts: extra g++ flags for cc_srcs/stub_srcs.
      nvcc_copts: extra nvcc flags for srcs.
      testonly: as for cc_library.
      visibility: as for cc_library.
      **kwargs: passed to cc_library.
    """
    _nvcc_compile(
        name = name + "_nvcc",
        srcs = select({_CUDA: srcs, "//conditions:default": []}),
        hdrs = hdrs + private_hdrs,
        deps = deps,
        copts = nvcc_copts,
        testonly = testonly,
        visibility = ["//visibility:private"],
    )
    native.cc_library(
        name = name,
        srcs = cc_srcs + private_hdrs + select({
            _CUDA: [":" + name + "_nvcc"],
            "//conditions:default": stub_srcs,
        }),
        hdrs = hdrs,
        deps = deps + select({_CUDA: [_CUDA_RUNTIME], "//conditions:default": []}),
        copts = MXFP4_COPTS + copts,
        # Objects go straight into the final binary (no per-library .so): the
        # static CUDA runtime then resolves against them at link time.
        linkstatic = 1,
        testonly = testonly,
        visibility = visibility,
        **kwargs
    )

def mxfp4_gpu_test(name, srcs = [], deps = [], copts = [], tags = [], **kwargs):
    """A gtest cc_test that may call GPU libraries; tagged "gpu".

    Host code only (device code goes into an mxfp4_gpu_library). Tests skip with
    GTEST_SKIP() when no GPU is usable unless MXFP4_REQUIRE_GPU=1 (see
    //mxfp4/testing:gpu_test_util).
    """
    native.cc_test(
        name = name,
        srcs = srcs,
        copts = MXFP4_COPTS + copts,
        deps = deps + ["//third_party/googletest:gtest_main"] +
               select({_CUDA: [_CUDA_RUNTIME], "//conditions:default": []}),
        linkstatic = 1,
        tags = tags + ["gpu"],
        **kwargs
    )

def mxfp4_gpu_binary(name, srcs = [], deps = [], copts = [], tags = [], **kwargs):
    """A cc_binary that may call GPU libraries (benchmarks, tools); tagged "gpu"."""
    native.cc_binary(
        name = name,
        srcs = srcs,
        copts = MXFP4_COPTS + copts,
        deps = deps + select({_CUDA: [_CUDA_RUNTIME], "//conditions:default": []}),
        linkstatic = 1,
        tags = tags + ["gpu"],
        **kwargs
    )
