#!/usr/bin/env bash
# File: tools/device/sass_compare_test.sh
#
# sass_compare.py on two synthetic cuobjdump -sass listings: a kernel whose
# name differs only in the anonymous namespace's hash and whose instructions
# differ only in addresses and encodings counts as identical; a kernel with one
# bool template argument more (a form the change added) is matched to its base
# twin and named by its form; a changed, an added and a gone kernel are listed
# by tile enumerator; the exit status says whether anything differs.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/sass_compare.py" ]] || here="$(dirname "$0")"
py=/usr/bin/python3
[[ -x "$py" ]] || py="$(command -v python3)"
t="${TEST_TMPDIR:-$(mktemp -d)}"
fail() { echo "FAIL: $*"; cat "$t/out.txt"; exit 1; }

cat >"$t/tile_config.h" <<'H'
enum class TileConfigId : int {
  kTileA = 0,
  kTileB,
  kTileC = 7,
  kCount
};
H
# name <file hash> <tile id> [extra template args]
name() {
  echo "_ZN5mxfp43gpu13gemm_internal65_GLOBAL__N__$1_32_gemm_quant_then_mma_kernel_cu_cc_27c75a4621GemmPrequantMmaKernelILNS1_12TileConfigIdE$2E${3:-}EEvNS1_14GemmKernelArgsE"
}
# kernel <name> <first encoding> <instruction>...
kernel() {
  local n="$1" enc="$2" a=0
  shift 2
  printf '\t\tFunction : %s\n\t.headerflags\t@"EF_CUDA_SM90"\n' "$n"
  for i in "$@"; do
    printf '        /*%04x*/                   %s ;   /* 0x%016x */\n' "$a" "$i" "$enc"
    printf '                                                          /* 0x000fc40000000800 */\n'
    a=$((a + 16)); enc=$((enc + 1))
  done
}
{
  echo "	code for sm_90a"
  kernel "$(name aaaa1111 0)" 100 "LDC R1, c[0x0][0x28]" "EXIT"
  kernel "$(name aaaa1111 1)" 200 "LDC R1, c[0x0][0x28]" "IMAD R2, R3, R4, RZ" "EXIT"
  kernel "$(name aaaa1111 7)" 300 "MOV R1, R2" "EXIT"
} >"$t/base.sass"
{
  echo "	code for sm_90a"
  kernel "$(name bbbb2222 0)" 900 "LDC R1, c[0x0][0x28]" "EXIT"
  kernel "$(name bbbb2222 1 Lb0E)" 910 "LDC R1, c[0x0][0x28]" "IMAD R2, R3, R4, RZ" "EXIT"
  kernel "$(name bbbb2222 1 Lb1E)" 920 "LDC R1, c[0x0][0x28]" "EXIT"
  kernel "$(name bbbb2222 9)" 930 "NOP" "EXIT"
} >"$t/new.sass"

rc=0
"$py" "$here/sass_compare.py" "$t/base.sass" "$t/new.sass" "$t/tile_config.h" >"$t/out.txt" || rc=$?
[[ "$rc" == 1 ]] || fail "exit status $rc (want 1: kernels differ)"
expect() { grep -qxF -- "$1" "$t/out.txt" || fail "missing line: $1"; }
expect "kernels: base 3, new 4, identical 2"
expect "differs   GemmPrequantMmaKernel<kTileB> (bools 1) [added b1]: 3 -> 2 instructions"
expect "added     GemmPrequantMmaKernel<9>: 2 instructions"
expect "gone      GemmPrequantMmaKernel<kTileC>: 2 instructions"
[[ "$(wc -l <"$t/out.txt")" == 4 ]] || fail "extra lines"
# --kernels keeps the matching kernels only; identical builds exit 0.
"$py" "$here/sass_compare.py" --kernels='TileConfigIdE0E' "$t/base.sass" "$t/new.sass" \
  "$t/tile_config.h" >"$t/out.txt" || fail "--kernels: exit status $?"
expect "kernels: base 1, new 1, identical 1"
echo PASS
