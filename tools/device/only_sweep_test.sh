#!/usr/bin/env bash
# File: tools/device/only_sweep_test.sh
#
# only_sweep.sh without a GPU: a fake gemm_paths_benchmark that checks the
# --only list it gets (auto first for each shape, then every config) and
# prints the real one's lines; the summary must pick each shape's fastest
# forced config (median over rounds), skip refused ones, and a benchmark that
# prints too few lines must fail the call.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/only_sweep.sh" ]] || here="$(dirname "$0")"
t="${TEST_TMPDIR:-$(mktemp -d)}/only_sweep"
rm -rf "$t"
mkdir -p "$t"
fail() { echo "FAIL: $*"; exit 1; }
cat >"$t/bench" <<'FAKE'
#!/usr/bin/env bash
want="--only=1x512x6144:auto:auto:0,1x512x6144:splitk_small_m:stream_n16_m8_k8:2,1x512x6144:splitk_small_m:stream_n32_m16_k8_bulk:2"
want="$want,16x1024x8192:auto:auto:0,16x1024x8192:splitk_small_m:stream_n16_m8_k8:2,16x1024x8192:splitk_small_m:stream_n32_m16_k8_bulk:2"
[[ "$1" == "$want" ]] || { echo "bad list $1"; exit 3; }
n=$(cat "$0.count" 2>/dev/null || echo 0); echo $((n + 1)) >"$0.count"
echo "device: fake"
echo "only 1 x 512 x 6144  hot   10.36 us  path=quant_then_mma tile=streamq_n32_m16_k8_bulk (block_n=32 block_m=16) splits=64 (cluster 8, splits summed in runs of 8) ctas=128"
echo "only 1 x 512 x 6144  hot    $((6 + n)).53 us  path=splitk_small_m tile=stream_n16_m8_k8 (block_n=16 block_m=8) splits=16 (cluster 2) ctas=64"
echo "only 1 x 512 x 6144  hot    7.00 us  path=splitk_small_m tile=stream_n32_m16_k8_bulk (block_n=32 block_m=16) splits=16 (cluster 2) ctas=32"
echo "only 16 x 1024 x 8192  hot   13.33 us  path=quant_then_mma tile=streamq_n32_m16_k8_bulk (block_n=32 block_m=16) splits=32 (cluster 4) ctas=128"
echo "only 16 x 1024 x 8192  hot   14.00 us  path=splitk_small_m tile=stream_n16_m8_k8 (block_n=16 block_m=8) splits=16 (cluster 2) ctas=64"
echo "only 16 x 1024 x 8192  not run: INVALID_ARGUMENT: too much shared memory"
exit 1
FAKE
chmod +x "$t/bench"
shapes="1x512x6144,16x1024x8192"
configs="splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n32_m16_k8_bulk:2"
out="$(bash "$here/only_sweep.sh" --reps=3 --bin="$t/bench" "$shapes" "$configs")" || fail "exit status $?: $out"
summary="$(sed -n '/^--- summary/,$p' <<<"$out" | tail -n +2)"
[[ "$(wc -l <<<"$summary")" == 2 ]] || fail "summary: $summary"
# Rounds give 6.53, 7.53, 8.53 for the first config: median 7.53 > 7.00.
grep -Eq '^1x512x6144 +10.36 +quant_then_mma streamq_n32_m16_k8_bulk c8 +splitk_small_m:stream_n32_m16_k8_bulk:2 +7.00 +1.48$' <<<"$summary" ||
  fail "summary: $summary"
grep -Eq '^16x1024x8192 +13.33 +quant_then_mma streamq_n32_m16_k8_bulk c4 +splitk_small_m:stream_n16_m8_k8:2 +14.00 +0.95$' <<<"$summary" ||
  fail "summary: $summary"
# (The fake exits 1 for its refused config, as the real one does: not a failure.)
# A benchmark that stops early: its round is left out and the call fails.
cat >"$t/short" <<'FAKE'
#!/usr/bin/env bash
echo "only 1 x 512 x 6144  hot   10.36 us  path=quant_then_mma tile=streamq_n32_m16_k8_bulk (block_n=32 block_m=16) splits=64 (cluster 8)"
FAKE
chmod +x "$t/short"
if bash "$here/only_sweep.sh" --bin="$t/short" "$shapes" "$configs" >/dev/null 2>&1; then fail "a short run passed"; fi
if bash "$here/only_sweep.sh" --bin="$t/missing" "$shapes" "$configs" >/dev/null 2>&1; then fail "a missing binary passed"; fi
echo PASS
