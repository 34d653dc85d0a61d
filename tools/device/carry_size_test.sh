#!/usr/bin/env bash
# File: tools/device/carry_size_test.sh
#
# carry_size.sh in a scratch git repository: the tracked files count by disk
# blocks, untracked ones not, a carried folder counts whole, and the exit
# status says whether the total is over the limit.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/carry_size.sh" ]] || here="$(dirname "$0")"
t="${TEST_TMPDIR:-$(mktemp -d)}/repo"
rm -rf "$t"
mkdir -p "$t/tools/device" "$t/.device-pack"
cp "$here/carry_size.sh" "$t/tools/device/"
fail() { echo "FAIL: $*"; exit 1; }
cd "$t"
git init -q .
head -c 1048576 /dev/urandom >tracked.bin       # 1 MiB of real blocks (random: no FS compresses it)
head -c 3145728 /dev/urandom >untracked.bin     # not tracked: not counted
head -c 2097152 /dev/urandom >.device-pack/a.tar.xz
git add tracked.bin tools/device/carry_size.sh
out=$(MXFP4_CARRY_LIMIT_MIB=4 tools/device/carry_size.sh) || fail "3 MiB over a 4 MiB limit: $out"
grep -Eq '^carry: tracked tree \(disk blocks\) +1\.0 MiB$' <<<"$out" || fail "tree line: $out"
grep -Eq '^carry: \.device-pack +2\.0 MiB$' <<<"$out" || fail "pack line: $out"
grep -Eq '^carry: total +3\.0 MiB of 4$' <<<"$out" || fail "total line: $out"
tree_kib=$(tools/device/carry_size.sh --tree_kib)  # 1 MiB + the script's block(s)
(( tree_kib >= 1024 && tree_kib < 1024 + 64 )) || fail "--tree_kib: $tree_kib"
rc=0
MXFP4_CARRY_LIMIT_MIB=2 tools/device/carry_size.sh >/dev/null 2>&1 || rc=$?
[[ $rc == 1 ]] || fail "over the limit: status $rc"
rc=0
tools/device/carry_size.sh no_such_dir >/dev/null 2>&1 || rc=$?
[[ $rc == 2 ]] || fail "a missing path: status $rc"
echo PASS
