#!/usr/bin/env bash
# File: tools/device/only_ab_test.sh
#
# only_ab.sh without a GPU: fake gemm_paths_benchmark binaries that print the
# real one's lines; the runs must interleave base and variants per round, the
# summary must list each run's shape, tile, µs and math cycles (with --cold,
# the cold µs too), a plan reading a prepared copy must mark its shape, the
# means must average each configuration's rounds, --narrow_scales must reach
# every run, and a missing variant binary must fail the call.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/only_ab.sh" ]] || here="$(dirname "$0")"
t="${TEST_TMPDIR:-$(mktemp -d)}/only_ab"
rm -rf "$t"
mkdir -p "$t/v/fast"
fail() { echo "FAIL: $*"; exit 1; }
fake() {  # fake FILE US CYCLES COLD_US [CONFIG_TAIL PLAN_TAIL]
  cat >"$1" <<FAKE
#!/usr/bin/env bash
[[ "\$1" == --only=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0${5:-} && "\$2" == --phase_clock ]] || exit 3
cold=""
narrow=""
for flag in "\${@:3}"; do
  case "\$flag" in
    --cold) cold="  cold    $4 us" ;;
    --narrow_scales) narrow=" narrow_scales" ;;
    *) exit 3 ;;
  esac
done
echo "only 256 x 3072 x 1536  hot    $2 us\$cold  path=quant_then_mma tile=wgmma8_n64_m128_k2_ws_fold (block_n=64 block_m=128)${6:-}\$narrow"
echo "  phase ready -> math done     min      1  p50      $3  p90      2  max      3  cycles"
FAKE
  chmod +x "$1"
}
fake "$t/base" 9.27 8954 12.90
fake "$t/v/fast/mxfp4.gpu.gemm.gemm_paths_benchmark" 8.93 8590 11.20
export MXFP4_ONLY_BASE="$t/base" MXFP4_VARIANT_ROOT="$t/v"
cfg=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0
out="$(bash "$here/only_ab.sh" --reps=2 "$cfg" fast)" || fail "exit status $?"
[[ "$(grep -c '^=== ' <<<"$out")" == 4 ]] || fail "runs: $(grep '^=== ' <<<"$out")"
[[ "$(grep '^=== ' <<<"$out" | tr '\n' '|')" == "=== base (round 1)|=== fast (round 1)|=== base (round 2)|=== fast (round 2)|" ]] ||
  fail "order: $(grep '^=== ' <<<"$out")"
# expect_section SECTION OUT LINES REGEX...: OUT's "--- summary" or "--- means"
# lines number LINES, each REGEX among them.
expect_section() {
  local section lines="$3" re
  if [[ "$1" == summary ]]; then
    section="$(sed -n '/^--- summary/,/^--- means/p' <<<"$2" | sed '1d;$d')"
  else
    section="$(sed -n '/^--- means/,$p' <<<"$2" | tail -n +2)"
  fi
  [[ "$(wc -l <<<"$section")" == "$lines" ]] || fail "$1: $section"
  shift 3
  for re in "$@"; do grep -Eq "$re" <<<"$section" || fail "$1: $section"; done
}
expect_summary() { expect_section summary "$@"; }
expect_means() { expect_section means "$@"; }
row='+256x3072x1536 +wgmma8_n64_m128_k2_ws_fold'
expect_summary "$out" 4 "^fast $row +8.93 +8590\$" "^base $row +9.27 +8954\$"
cold_out="$(bash "$here/only_ab.sh" --cold "$cfg" fast)" || fail "--cold exit status $?"
expect_summary "$cold_out" 2 "^fast $row +8.93 +8590 +11.20\$" "^base $row +9.27 +8954 +12.90\$"
narrow_out="$(bash "$here/only_ab.sh" --narrow_scales --cold "$cfg" fast)" || fail "--narrow_scales exit status $?"
[[ "$(grep -c '^only .* narrow_scales$' <<<"$narrow_out")" == 2 ]] || fail "--narrow_scales: $narrow_out"
expect_summary "$narrow_out" 2 "^fast $row +8.93 +8590 +11.20\$" "^base $row +9.27 +8954 +12.90\$"
expect_means "$out" 2 "^base $row +9\.270 +8954 +2\$" "^fast $row +8\.930 +8590 +2\$"
expect_means "$cold_out" 2 "^base $row +9\.270 +8954 +1 +12\.900\$"
# A plan reading the weight's int8 copy: its shape marked, apart from plain runs.
mkdir -p "$t/p/int8"
tail=" prepared_weight (int8) (weight has a prepared copy)"
fake "$t/pbase" 9.50 4400 13.00 :prepared_int8 "$tail"
fake "$t/p/int8/mxfp4.gpu.gemm.gemm_paths_benchmark" 9.10 4100 12.00 :prepared_int8 "$tail"
p_out="$(MXFP4_ONLY_BASE="$t/pbase" MXFP4_VARIANT_ROOT="$t/p" bash "$here/only_ab.sh" --reps=3 "$cfg:prepared_int8" int8)" ||
  fail "prepared exit status $?"
prow='+256x3072x1536:prepared_int8 +wgmma8_n64_m128_k2_ws_fold'
expect_summary "$p_out" 6 "^int8 $prow +9.10 +4100\$"
expect_means "$p_out" 2 "^base $prow +9\.500 +4400 +3\$" "^int8 $prow +9\.100 +4100 +3\$"
if bash "$here/only_ab.sh" "$cfg" fast missing >/dev/null 2>&1; then fail "a missing variant passed"; fi
echo PASS
