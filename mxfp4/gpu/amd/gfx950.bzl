"""Bazel rules for AMD gfx950 (MI355X) device code (docs/amd.md).

HIP device translation units (`*.hip`) are compiled by LLVM's clang (clang-22,
which knows gfx950 and its FP4 builtins) straight to code objects:

  clang++ -x hip --offload-arch=gfx950 --cuda-device-only --no-gpu-bundle-output
          -nogpulib -nogpuinc -O3 -ffp-contract=off -c k.hip -o k.co

No ROCm is needed: `-nogpuinc` drops ROCm's headers (the device code includes
the project's own minimal <hip/hip_runtime.h>, //mxfp4/gpu/amd:minimal_hip),
`-nogpulib` its device libraries (the kernels call no math library). clang
links the device code with its own lld into an HSA code object (ELF, the file
hipModuleLoadData() takes). Each code object is also disassembled
(llvm-objdump) and its metadata dumped (llvm-readelf --notes) so tests can
check the instructions, registers and scratch use without a GPU.

Build switch (written by ./bazelw via tools/configure_gpu.sh):
  --define=mxfp4_amd=gfx950  clang-22 found; $MXFP4_LLVM22_ROOT (--action_env)
                             is its LLVM root (default /usr/lib/llvm-22).
  --define=mxfp4_amd=none    (or unset) no code objects are built; the checks
                             of //mxfp4/gpu/amd skip and say why.

Example:
  load("//mxfp4/gpu/amd:gfx950.bzl", "gfx950_code_objects", "gfx950_embedded_code_objects")
  gfx950_code_objects(
      name = "kernels",
      srcs = ["kernels/gemm.hip"],            # one code object per source
      hdrs = ["kernels/gemm_body.h"],
      deps = [":lane_map"],                  # cc_library headers only
  )
  gfx950_embedded_code_objects(name = "kernels_embedded", code_objects = ":kernels")
"""

_AMD = "//mxfp4/gpu/amd:gfx950_build"

# clang flags for every gfx950 device TU. -ffp-contract=off: HIP's default
# (fast-honor-pragmas) may fuse a*b+c into an FMA; the kernels must match the
# CPU emulator bit for bit, so nothing is contracted behind our back. fp32
# denormals are kept (clang's default for gfx9; the checks verify
# .amdhsa_float_denorm_mode_32 3 in every kernel descriptor).
GFX950_CLANG_FLAGS = [
    "-x",
    "hip",
    "-std=c++17",
    "--offload-arch=gfx950",
    "--cuda-device-only",
    "--no-gpu-bundle-output",
    "-nogpulib",
    "-nogpuinc",
    "-O3",
    "-ffp-contract=off",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wno-sign-compare",
    # Code object v5: loaded by every ROCm release that supports gfx950.
    "-mcode-object-version=5",
]

_LLVM = "${MXFP4_LLVM22_ROOT:-/usr/lib/llvm-22}/bin"

def _shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _stem(f):
    name = f.basename
    for suffix in [".hip", ".cu.cc", ".cc"]:
        if name.endswith(suffix):
            return name[:-len(suffix)]
    return name

def _gfx950_code_objects_impl(ctx):
    contexts = [d[CcInfo].compilation_context for d in ctx.attr.deps if CcInfo in d]
    minimal_hip = ctx.files._minimal_hip
    headers = depset(
        ctx.files.hdrs + minimal_hip,
        transitive = [c.headers for c in contexts],
    )
    includes = depset(transitive = [c.includes for c in contexts] +
                                   [c.quote_includes for c in contexts] +
                                   [c.system_includes for c in contexts])
    defines = depset(transitive = [c.defines for c in contexts])

    args = list(GFX950_CLANG_FLAGS)
    args += ["-I.", "-I" + ctx.bin_dir.path, "-I" + ctx.genfiles_dir.path]

    # .../minimal_hip/hip/hip_runtime.h -> -I.../minimal_hip
    for f in minimal_hip:
        if f.basename == "hip_runtime.h":
            args.append("-I" + f.dirname[:-len("/hip")])
    for inc in includes.to_list():
        args.append("-I" + inc)
    for d in defines.to_list():
        args.append("-D" + d)
    args += ctx.attr.copts

    code_objects = []
    inspections = []
    for src in ctx.files.srcs:
        stem = _stem(src)
        co = ctx.actions.declare_file("%s/%s.co" % (ctx.label.name, stem))
        cmd = ('exec "%s/clang++" ' % _LLVM) + " ".join(
            [_shell_quote(a) for a in args + ["-c", src.path, "-o", co.path]],
        )
        ctx.actions.run_shell(
            inputs = depset([src], transitive = [headers]),
            outputs = [co],
            command = cmd,
            use_default_shell_env = True,
            mnemonic = "Gfx950Compile",
            progress_message = "Compiling %s for gfx950 (clang-22)" % src.short_path,
        )
        code_objects.append(co)

        # Code (.text only), kernel descriptors (.rodata), metadata notes.
        code = ctx.actions.declare_file("%s/%s.code.s" % (ctx.label.name, stem))
        kd = ctx.actions.declare_file("%s/%s.kd.s" % (ctx.label.name, stem))
        notes = ctx.actions.declare_file("%s/%s.notes.txt" % (ctx.label.name, stem))
        ctx.actions.run_shell(
            inputs = [co],
            outputs = [code, kd, notes],
            command = (
                'set -e; L="%s"; ' % _LLVM +
                '"$L/llvm-objdump" -d --mcpu=gfx950 "$1" > "$2"; ' +
                '"$L/llvm-objdump" -D -j .rodata --mcpu=gfx950 "$1" > "$3"; ' +
                '"$L/llvm-readelf" --notes "$1" > "$4"'
            ),
            arguments = [co.path, code.path, kd.path, notes.path],
            use_default_shell_env = True,
            mnemonic = "Gfx950Inspect",
            progress_message = "Disassembling %s (gfx950)" % co.short_path,
        )
        inspections += [code, kd, notes]

    return [
        DefaultInfo(files = depset(code_objects)),
        OutputGroupInfo(inspection = depset(inspections)),
    ]

_gfx950_code_objects = rule(
    implementation = _gfx950_code_objects_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = [".hip"]),
        "hdrs": attr.label_list(allow_files = True),
        "deps": attr.label_list(providers = [CcInfo]),
        "copts": attr.string_list(),
        "_minimal_hip": attr.label(default = "//mxfp4/gpu/amd:minimal_hip_headers"),
    },
)

def gfx950_code_objects(name, srcs = [], hdrs = [], deps = [], copts = [], testonly = False, visibility = None):
    """gfx950 code objects (`<name>/<stem>.co`), one per `srcs` entry.

    Under --define=mxfp4_amd=gfx950 only; otherwise the target is empty. Also
    defines `<name>_inspection`: per source `<stem>.code.s` (llvm-objdump -d),
    `<stem>.kd.s` (kernel descriptors) and `<stem>.notes.txt` (metadata).

    Args:
      name: target name.
      srcs: HIP device TUs (*.hip).
      hdrs: headers they include.
      deps: cc_library targets whose headers they include (not linked).
      copts: extra clang flags.
      testonly: as usual.
      visibility: as usual.
    """
    _gfx950_code_objects(
        name = name,
        srcs = select({_AMD: srcs, "//conditions:default": []}),
        hdrs = hdrs,
        deps = deps,
        copts = copts,
        testonly = testonly,
        visibility = visibility,
    )
    native.filegroup(
        name = name + "_inspection",
        srcs = [":" + name],
        output_group = "inspection",
        testonly = testonly,
        visibility = visibility,
    )

def _embed_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".cc")
    cos = [f for f in ctx.files.code_objects if f.extension == "co"]
    lines = []
    for i, co in enumerate(cos):
        lines.append('printf "alignas(16) const unsigned char kObject%d[] = {\\n"' % i)
        lines.append("od -An -v -tx1 %s | sed -e 's/ *\\([0-9a-f][0-9a-f]\\)/0x\\1,/g'" % _shell_quote(co.path))
        lines.append('printf "};\\n"')
    table = ", ".join([
        '{\\"%s\\", kObject%d, sizeof(kObject%d)}' % (co.basename[:-len(".co")], i, i)
        for i, co in enumerate(cos)
    ])
    script = "\n".join([
        "set -eo pipefail",
        "{",
        'printf "// Generated by gfx950_embedded_code_objects (%s); do not edit.\\n"' % str(ctx.label),
        'printf "#include \\"%s\\"\\n"' % ctx.attr.header,
        'printf "namespace mxfp4::gfx950 {\\nnamespace {\\n"',
    ] + lines + [
        'printf "}  // namespace\\n"',
    ] + ([
        'printf "static const EmbeddedCodeObject kTable[] = {%s};\\n"' % table,
        'printf "absl::Span<const EmbeddedCodeObject> EmbeddedCodeObjects() { return kTable; }\\n"',
    ] if cos else [
        'printf "absl::Span<const EmbeddedCodeObject> EmbeddedCodeObjects() { return {}; }\\n"',
    ]) + [
        'printf "}  // namespace mxfp4::gfx950\\n"',
        "} > %s" % _shell_quote(out.path),
    ])
    ctx.actions.run_shell(
        inputs = cos,
        outputs = [out],
        command = script,
        mnemonic = "Gfx950Embed",
        progress_message = "Embedding %d gfx950 code object(s)" % len(cos),
    )
    return [DefaultInfo(files = depset([out]))]

_gfx950_embed = rule(
    implementation = _embed_impl,
    attrs = {
        # allow_files = True: the target may be empty (no clang-22).
        "code_objects": attr.label_list(allow_files = True),
        "header": attr.string(mandatory = True),
    },
)

def gfx950_embedded_code_objects(name, code_objects, header, deps = [], visibility = None):
    """A cc_library defining EmbeddedCodeObjects() (declared in `header`).

    The table lists every code object of `code_objects` (a gfx950_code_objects
    target) by source stem, with its bytes; it is empty when no code objects
    were built (--define=mxfp4_amd=none).
    """
    _gfx950_embed(
        name = name + "_gen",
        code_objects = [code_objects],
        header = header,
        visibility = ["//visibility:private"],
    )
    native.cc_library(
        name = name,
        srcs = [":" + name + "_gen"],
        deps = deps,
        visibility = visibility,
    )

def gfx950_code_object_test(name, code_objects, specs, expect_failure = False, **kwargs):
    """An sh_test running check_code_objects.sh on a gfx950_code_objects target.

    Args:
      name: test name.
      code_objects: the gfx950_code_objects target (its `_inspection` files
        are checked).
      specs: "STEM:KERNEL[+KERNEL]:INSTR[+INSTR]:MIN_OPSEL" strings (see
        check_code_objects.sh).
      expect_failure: the test passes only if some check fails (self-tests).
      **kwargs: passed to sh_test.
    Without clang-22 (--define=mxfp4_amd=none) the test prints SKIPPED and
    passes, unless MXFP4_REQUIRE_GFX950=1 is in its environment.
    """
    inspection = code_objects + "_inspection"
    extra = ["--expect-failure"] if expect_failure else []
    native.sh_test(
        name = name,
        srcs = ["//mxfp4/gpu/amd:check_code_objects.sh"],
        args = select({
            _AMD: ["--mode=gfx950"] + extra + ["--spec=" + s for s in specs] +
                  ["--", "$(rootpaths %s)" % inspection],
            "//conditions:default": ["--mode=none"],
        }),
        data = [inspection],
        **kwargs
    )
