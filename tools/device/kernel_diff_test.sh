#!/usr/bin/env bash
# File: tools/device/kernel_diff_test.sh
#
# kernel_diff.py on two synthetic PTX builds: a kernel that differs only in
# virtual register numbers, branch labels, .loc lines and the anonymous
# namespace's file hash counts as identical; a changed instruction, a new and a
# removed kernel are listed, by tile enumerator name, with ptxas's register and
# spill-store changes and the cubins' instruction counts; the exit status says
# whether anything changed.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/kernel_diff.py" ]] || here="$(dirname "$0")"
py=/usr/bin/python3
[[ -x "$py" ]] || py="$(command -v python3)"
t="${TEST_TMPDIR:-$(mktemp -d)}"
mkdir -p "$t/base" "$t/new"
fail() { echo "FAIL: $*"; cat "$t/out.txt"; exit 1; }

cat >"$t/tile_config.h" <<'H'
enum class TileConfigId : int {
  kTileA = 0,
  // a comment naming kNotATile
  kTileB,
  kTileC = 7,
  kCount
};
H
# kernel <file hash> <name after the hash> <register base> <label> <body instruction>
kernel() {
  local name="_ZN5mxfp43gpu13gemm_internal62_GLOBAL__N__$1_29_gemm_fused_quant_kernel_cu_cc_$2"
  cat <<P
.visible .entry ${name}(
	.param .align 8 .b8 ${name}_param_0[8]
)
{
	.loc	1 $3 0
	mov.u32 	%r$3, %tid.x;
	@%p$3 bra 	\$L__BB$4_2;
	$5 	%r$(($3 + 1)), %r$3, 1;
\$L__BB$4_2:
	ret;
}

P
}
tile() { echo "5def8b4f20GemmFusedQuantKernelILNS1_12TileConfigIdE$1EEEvNS1_14GemmKernelArgsE"; }
{ kernel 613cb097 "$(tile 0)" 10 3_1 add.s32; kernel 613cb097 "$(tile 1)" 10 4_1 add.s32
  kernel 613cb097 "$(tile 7)" 10 5_1 add.s32; } >"$t/base/tu.ptx"
{ kernel 0a1b2c3d "$(tile 0 | sed s/5def8b4f/9e8f7a6b/)" 27 9_4 add.s32
  kernel 0a1b2c3d "$(tile 1 | sed s/5def8b4f/9e8f7a6b/)" 27 8_4 sub.s32
  kernel 0a1b2c3d 9e8f7a6b16PlainQuantKernelEv 27 7_4 add.s32; } >"$t/new/tu.ptx"
log() {
  printf "ptxas info    : Compiling entry function '_ZN5mxfp43gpu13gemm_internal62_GLOBAL__N__%s_29_gemm_fused_quant_kernel_cu_cc_%s20GemmFusedQuantKernelILNS1_12TileConfigIdE1EEEvNS1_14GemmKernelArgsE' for 'sm_90a'\n" "$1" "$2"
  printf "ptxas info    : Function properties for X\n    0 bytes stack frame, %s bytes spill stores, %s bytes spill loads\n" "$4" "$4"
  printf "ptxas info    : Used %s registers\n" "$3"
}
log 613cb097 5def8b4f 124 0 >"$t/base/tu.log"
log 0a1b2c3d 9e8f7a6b 128 8 >"$t/new/tu.log"
# cubin <out> <file hash> <name hash> <kTileB instructions> [<PlainQuantKernel instructions>]: an ELF64
# with a .text.<mangled> section of 16-byte instructions per kernel, as ptxas writes them.
cubin() {
  "$py" - "$@" <<'PY'
import struct, sys
out, fh, nh, b = sys.argv[1:5]
pre = f"_ZN5mxfp43gpu13gemm_internal62_GLOBAL__N__{fh}_29_gemm_fused_quant_kernel_cu_cc_{nh}"
texts = [(f".text.{pre}20GemmFusedQuantKernelILNS1_12TileConfigIdE1EEEvNS1_14GemmKernelArgsE", int(b))]
if len(sys.argv) > 5:
    texts.append((f".text.{pre}16PlainQuantKernelEv", int(sys.argv[5])))
names = b"\0.shstrtab\0" + b"".join(n.encode() + b"\0" for n, _ in texts)
body = names + b"".join(b"\0" * 16 * k for _, k in texts)
shoff = 64 + len(body)
head = b"\x7fELF\x02\x01\x01" + b"\0" * 9 + struct.pack("<HHIQQQIHHHHHH", 1, 190, 1, 0, 0, shoff, 0,
                                                           64, 0, 0, 64, 2 + len(texts), 1)
sections = [struct.pack("<IIQQQQIIQQ", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
            struct.pack("<IIQQQQIIQQ", 1, 3, 0, 0, 64, len(names), 0, 0, 1, 0)]
name_at, data_at = 11, 64 + len(names)
for n, k in texts:
    sections.append(struct.pack("<IIQQQQIIQQ", name_at, 1, 6, 0, data_at, 16 * k, 0, 0, 128, 0))
    name_at += len(n) + 1
    data_at += 16 * k
open(out, "wb").write(head + body + b"".join(sections))
PY
}
cubin "$t/base/tu.cubin" 613cb097 5def8b4f 448
cubin "$t/new/tu.cubin" 0a1b2c3d 9e8f7a6b 464 96

status=0
"$py" "$here/kernel_diff.py" "$t/base" "$t/new" "$t/tile_config.h" >"$t/out.txt" || status=$?
cat "$t/out.txt"
[[ $status -eq 1 ]] || fail "exit status $status, want 1 (kernels changed)"
grep -q "^== tu: 2 of 3 kernels changed, 1 identical" "$t/out.txt" || fail "counts"
grep -q "GemmFusedQuantKernel<kTileA>" "$t/out.txt" && fail "kTileA differs only in names and numbers"
grep -Eq "GemmFusedQuantKernel<kTileB> +registers 124 -> 128, spill stores 0 -> 8 B, instructions 448 -> 464" \
  "$t/out.txt" || fail "kTileB's change or its register and instruction note"
grep -Eq "PlainQuantKernel +new kernel, 96 instructions" "$t/out.txt" || fail "the non-template kernel is not new"
grep -Eq "GemmFusedQuantKernel<kTileC> +removed" "$t/out.txt" || fail "kTileC (id 7) is not removed"

# The same build on both sides: nothing changed, exit 0.
"$py" "$here/kernel_diff.py" "$t/base" "$t/base" "$t/tile_config.h" >"$t/out.txt" ||
  fail "identical builds: exit status $?"
grep -q "^== tu: 0 of 3 kernels changed, 3 identical" "$t/out.txt" || fail "identical builds: counts"
echo "PASS"
