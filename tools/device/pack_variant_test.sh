#!/usr/bin/env bash
# File: tools/device/pack_variant_test.sh
#
# pack_variant.sh without Bazel or a GPU: in a scratch git repository whose
# ./bazelw is a stand-in (it "builds" each target as a file holding the tree's
# marker.txt), the working tree's variant and a --from=REV variant (built in a
# worktree of REV with the variant output base) must both land in the
# repository's own .device-pack/ with the right contents; bad options, a
# reserved name and a REV that is not a commit are refused before any build.
set -euo pipefail
command -v xz >/dev/null || { echo "skipped: no xz on this machine (the packs are tar.xz)"; exit 0; }
command -v git >/dev/null || { echo "skipped: no git on this machine (--from uses a worktree)"; exit 0; }
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/pack_variant.sh" ]] || here="$(dirname "$0")"
s="${TEST_TMPDIR:-$(mktemp -d)}/pack_variant"
rm -rf "$s"
t="$s/repo"
mkdir -p "$t/tools/device"
fail() { echo "FAIL: $*"; exit 1; }
cp "$here/pack_variant.sh" "$t/tools/device/pack_variant.sh"
cat >"$t/bazelw" <<'FAKE'
#!/usr/bin/env bash
# Stand-in: --output_base=X build [flags] TARGETS | --output_base=X info -c opt bazel-bin
set -euo pipefail
ob="${1#--output_base=}"; shift
cmd="$1"; shift
if [[ "$cmd" == info ]]; then echo "$ob/bin"; exit 0; fi
echo "$PWD $*" >>"$ob.log"
for a in "$@"; do
  [[ "$a" == //* ]] || continue
  pkg="${a#//}"; pkg="${pkg%%:*}"; mkdir -p "$ob/bin/$pkg"
  cat marker.txt >"$ob/bin/$pkg/${a##*:}"
done
FAKE
chmod +x "$t/bazelw"
g() { git -C "$t" -c user.name=test -c user.email=test@example.com "$@"; }
g init -q
echo old >"$t/marker.txt"
g add -A && g commit -qm old
old_sha="$(g rev-parse HEAD)"
echo new >"$t/marker.txt"
g commit -qam new
echo uncommitted >"$t/marker.txt"
export MXFP4_BAZEL_OUTPUT_BASE="$s/ob-stage" MXFP4_VARIANT_OUTPUT_BASE="$s/ob-variant"
export MXFP4_VARIANT_WORKTREES="$s/worktrees" MXFP4_JOBS=1
unpacked() { rm -rf "$s/x" && mkdir -p "$s/x" && tar -xJf "$t/.device-pack/$1.tar.xz" -C "$s/x" && cat "$s/x/$1/$2"; }

bash "$t/tools/device/pack_variant.sh" --no_gemm_benchmark v1 //mxfp4/gpu/gemm:gemm_paths_benchmark >/dev/null
[[ "$(unpacked v1 mxfp4.gpu.gemm.gemm_paths_benchmark)" == uncommitted ]] || fail "v1 is not the working tree's"
grep -q "^$t " "$s/ob-stage.log" || fail "v1 was not built in the tree with the stage's output base"

bash "$t/tools/device/pack_variant.sh" --from="$old_sha" old //mxfp4/gpu/gemm:quant_then_mma_test >/dev/null
[[ "$(unpacked old mxfp4.gpu.gemm.quant_then_mma_test)" == old ]] || fail "--from did not build the commit"
[[ "$(unpacked old mxfp4.bench.gemm_benchmark)" == old ]] || fail "--from lost gemm_benchmark"
grep -q "^$s/worktrees/$old_sha " "$s/ob-variant.log" || fail "--from did not build in its worktree and output base"
[[ "$(cat "$t/marker.txt")" == uncommitted ]] || fail "--from touched the working tree"
[[ ! -e "$s/worktrees/$old_sha/.device-pack" ]] || fail "--from packed into the worktree"
# A second --from of the same commit reuses its worktree.
bash "$t/tools/device/pack_variant.sh" --no_gemm_benchmark --from="$old_sha" old2 //a:b >/dev/null
[[ "$(unpacked old2 a.b)" == old ]] || fail "a reused worktree built something else"

for bad in "--from=no_such_rev v2 //a:b" "--bogus v2 //a:b" "stage //a:b" "bad-name //a:b"; do
  # shellcheck disable=SC2086
  if bash "$t/tools/device/pack_variant.sh" $bad >/dev/null 2>&1; then fail "accepted: $bad"; fi
done
echo PASS
