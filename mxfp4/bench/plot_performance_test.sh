#!/usr/bin/env bash
# File: mxfp4/bench/plot_performance_test.sh
#
# plot_performance.py on a small gemm_benchmark JSON (testdata/): the tables
# have the contest and sweep sections, the geometric mean, the failed row as
# n/a, and the PNG is written. Skips (exit 0, with a message) when Debian's
# python3 has no matplotlib; the tables are checked either way.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/mxfp4/bench"
[[ -f "$here/plot_performance.py" ]] || here="$(dirname "$0")"
py=/usr/bin/python3
[[ -x "$py" ]] || py="$(command -v python3)"
out="${TEST_TMPDIR:-$(mktemp -d)}"
json="$here/testdata/gemm_benchmark_sample.json"

"$py" "$here/plot_performance.py" "$json" --markdown "$out/tables.md"
fail() { echo "FAIL: $*"; cat "$out/tables.md"; exit 1; }
grep -q "^#### contest: L2 flushed" "$out/tables.md" || fail "no contest l2flush table"
grep -q "^#### sweep: back-to-back CUDA-graph" "$out/tables.md" || fail "no sweep graph table"
grep -q "^| geomean |" "$out/tables.md" || fail "no geomean line"
grep -q "^| 4 x 2880 x 512 |" "$out/tables.md" || fail "no contest shape line"
grep -q "n/a" "$out/tables.md" || fail "the failed row is not n/a"
grep -q "synthetic error" "$out/tables.md" || fail "the failure reason is not listed"

if ! "$py" -c "import matplotlib" 2>/dev/null; then
  echo "skipped: no matplotlib for $py (apt-get install python3-matplotlib); tables checked"
  exit 0
fi
"$py" "$here/plot_performance.py" "$json" --png "$out/roofline.png" --markdown "$out/t2.md"
[[ -s "$out/roofline.png" ]] || fail "no PNG written"
head -c 8 "$out/roofline.png" | od -An -c | grep -q "P   N   G" || fail "not a PNG"
echo "PASS"
