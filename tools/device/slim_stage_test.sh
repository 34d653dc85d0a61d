#!/usr/bin/env bash
# File: tools/device/slim_stage_test.sh
#
# slim_stage.sh without a GPU: in a scratch tree with a fake stage, the slim
# pack must hold the libraries and the named binary only, keep the full stage
# aside, refuse an unknown binary, --libs_only must hold the libraries alone
# (and take no binary), and --restore must put the full one back.
set -euo pipefail
command -v xz >/dev/null || { echo "skipped: no xz on this machine (the packs are tar.xz)"; exit 0; }
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/slim_stage.sh" ]] || here="$(dirname "$0")"
t="${TEST_TMPDIR:-$(mktemp -d)}/tree"
rm -rf "$t"
mkdir -p "$t/.device-pack" "$t/src/.device/lib" "$t/src/.device/glibc" "$t/src/.device/bench" \
  "$t/src/.device/tests"
fail() { echo "FAIL: $*"; exit 1; }
echo lib >"$t/src/.device/lib/libx.so"
echo libc >"$t/src/.device/glibc/libc.so.6"
echo paths >"$t/src/.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark"
echo other >"$t/src/.device/bench/mxfp4.bench.gemm_benchmark"
echo test >"$t/src/.device/tests/mxfp4.gpu.gemm.quant_then_mma_test"
tar -C "$t/src" -cJf "$t/.device-pack/stage.tar.xz" .device
export MXFP4_SLIM_STAGE_ROOT="$t"
bash "$here/slim_stage.sh" mxfp4.gpu.gemm.gemm_paths_benchmark mxfp4.gpu.gemm.quant_then_mma_test >/dev/null
listing="$(tar -tJf "$t/.device-pack/stage.tar.xz" | grep -v '/$' | sort | tr '\n' ' ')"
want=".device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark .device/glibc/libc.so.6 .device/lib/libx.so .device/tests/mxfp4.gpu.gemm.quant_then_mma_test "
[[ "$listing" == "$want" ]] || fail "slim stage holds: $listing"
tar -tJf "$t/.device-pack-full/stage.tar.xz" >"$t/full.txt"  # a file: grep -q on a pipe may SIGPIPE tar
grep -q 'mxfp4.bench.gemm_benchmark$' "$t/full.txt" || fail "full stage lost"
if bash "$here/slim_stage.sh" no_such_binary >/dev/null 2>&1; then fail "an unknown binary was accepted"; fi
bash "$here/slim_stage.sh" --libs_only >/dev/null
listing="$(tar -tJf "$t/.device-pack/stage.tar.xz" | grep -v '/$' | sort | tr '\n' ' ')"
[[ "$listing" == ".device/glibc/libc.so.6 .device/lib/libx.so " ]] || fail "libs-only stage holds: $listing"
if bash "$here/slim_stage.sh" --libs_only mxfp4.gpu.gemm.gemm_paths_benchmark >/dev/null 2>&1; then
  fail "--libs_only took a binary"
fi
bash "$here/slim_stage.sh" --restore >/dev/null
[[ ! -e "$t/.device-pack-full/stage.tar.xz" ]] || fail "full stage left aside after --restore"
tar -tJf "$t/.device-pack/stage.tar.xz" >"$t/restored.txt"
grep -q 'mxfp4.bench.gemm_benchmark$' "$t/restored.txt" || fail "restore did not bring the full stage back"
echo PASS
