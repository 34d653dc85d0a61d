#!/usr/bin/env bash
# tools/plan_diff.sh: which GEMM plans a change moves. Builds
# //mxfp4/gpu/gemm:plan_snapshot (PlanGemm over a fixed grid of shapes and
# options, one line a plan; host only, so without nvcc: --define=mxfp4_gpu=none)
# for the working tree and for a base revision, and diffs the two outputs.
# Why: the dispatch rules (mxfp4/gpu/gemm/internal/dispatch_rules.cc) are
# retuned often, and a rule meant for one shape class can move another;
# session 54 checked a split of the planner this way (no plan changed).
#
# Usage: tools/plan_diff.sh [--base=REV] [--keep]
#   --base=REV  what to compare with (default HEAD: the uncommitted change)
#   --keep      keep the base's git worktree (faster next time)
# Prints "plan_diff: N of M plan lines differ (base REV)" and the first 60
# lines of the diff; the full outputs stay in $MXFP4_PLAN_DIFF_OUT (default
# /tmp/plan_diff). A base older than plan_snapshot gets the tree's
# plan_snapshot.cc and its BUILD rule (it uses only gemm.h's public API).
# Exit status: 0 no plan changed, 1 some changed, 2 a build failed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
base_rev=HEAD
keep=0
for a in "$@"; do
  case "$a" in
    --base=*) base_rev="${a#*=}" ;;
    --keep) keep=1 ;;
    *) echo "plan_diff: unknown argument $a" >&2; exit 2 ;;
  esac
done
sha="$(git rev-parse --verify --quiet "$base_rev^{commit}")" ||
  { echo "plan_diff: --base=$base_rev is not a commit" >&2; exit 2; }
out="${MXFP4_PLAN_DIFF_OUT:-/tmp/plan_diff}"
cache="${MXFP4_PLAN_DIFF_CACHE:-$HOME/.cache/mxfp4-plan-diff}"
mkdir -p "$out" "$cache"
target=//mxfp4/gpu/gemm:plan_snapshot
# snapshot DIR OUTPUT_BASE FILE: build and run plan_snapshot in DIR.
snapshot() {
  (cd "$1" && ./bazelw --output_base="$2" build -c opt --define=mxfp4_gpu=none \
     --noshow_progress "$target" >"$3.build.log" 2>&1 &&
   "$(./bazelw --output_base="$2" info -c opt --define=mxfp4_gpu=none bazel-bin 2>/dev/null)/mxfp4/gpu/gemm/plan_snapshot" >"$3") ||
    { echo "plan_diff: the build in $1 failed (log: $3.build.log)" >&2; return 1; }
}
tree="$cache/worktree-$sha"
[[ -d "$tree" ]] || git worktree add --quiet --detach "$tree" "$sha" || exit 2
if [[ ! -f "$tree/mxfp4/gpu/gemm/plan_snapshot.cc" ]]; then
  cp mxfp4/gpu/gemm/plan_snapshot.cc "$tree/mxfp4/gpu/gemm/"
  {
    echo
    echo 'cc_binary(name = "plan_snapshot", srcs = ["plan_snapshot.cc"],'
    echo '          deps = [":gemm", "//mxfp4/core:layouts"])'
  } >>"$tree/mxfp4/gpu/gemm/BUILD"
fi
status=0
snapshot "$tree" "$cache/output-base" "$out/base.txt" || status=2
(( keep )) || git worktree remove --force "$tree"
(( status == 0 )) || exit 2
snapshot "$root" "$cache/output-tree" "$out/tree.txt" || exit 2
total=$(wc -l <"$out/tree.txt")
diff "$out/base.txt" "$out/tree.txt" >"$out/diff.txt"
changed=$(grep -c '^>' "$out/diff.txt" || true)
echo "plan_diff: $changed of $total plan lines differ (base $base_rev = ${sha:0:7}; $out/diff.txt)"
head -60 "$out/diff.txt"
(( changed == 0 ))
