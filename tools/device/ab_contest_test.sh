#!/usr/bin/env bash
# File: tools/device/ab_contest_test.sh
#
# ab_contest.sh's bookkeeping, without a GPU: a stand-in run_all.sh (tests:
# runs each staged test binary, fails when one fails; bench: writes a contest
# JSON naming the gemm_benchmark it ran) in a scratch tree with a staged pack
# and two variants, one whose packed test passes and one whose test fails.
# The failing variant must be named in ab_skipped.txt and timed no further;
# base and the passing variant are timed REPS times, interleaved, each with
# its own gemm_benchmark; the exit status reports the failure; the failing
# variant's sanitizer log comes back compressed, the passing one's does not.
set -euo pipefail
# The packs are tar.xz, as on the device.
command -v xz >/dev/null || { echo "skipped: no xz on this machine (ab_contest.sh needs it)"; exit 0; }
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}/tools/device"
[[ -f "$here/ab_contest.sh" ]] || here="$(dirname "$0")"
t="${TEST_TMPDIR:-$(mktemp -d)}/tree"
rm -rf "$t"
mkdir -p "$t/tools/device" "$t/.device-pack" "$t/out"
cp "$here/ab_contest.sh" "$t/tools/device/"
fail() { echo "FAIL: $*"; ls -l "$t/out"; cat "$t/out/"*.txt 2>/dev/null || true; exit 1; }

cat >"$t/tools/device/run_all.sh" <<'S'
#!/usr/bin/env bash
# Stand-in for run_all.sh: --tests runs .device/tests/*, --bench=contest
# writes $OUT/gemm_contest.json from the staged gemm_benchmark's contents.
mkdir -p "$OUT"
rc=0
for a in "$@"; do
  case "$a" in
    --tests)
      : >"$OUT/summary.txt"
      echo "racecheck report of $(ls .device/tests)" >"$OUT/racecheck.log"
      for b in .device/tests/*; do
        if "$b"; then echo "$(basename "$b") PASS" >>"$OUT/summary.txt"; else
          echo "$(basename "$b") FAIL" >>"$OUT/summary.txt"; rc=1; fi
      done ;;
    --bench=contest)
      echo "{\"who\": \"$(cat .device/bench/mxfp4.bench.gemm_benchmark)\"}" >"$OUT/gemm_contest.json" ;;
  esac
done
exit $rc
S

# pack <dir> <name>: tar.xz of <dir>/<name>/ as the packers write them.
mkdir -p "$t/src/.device/bench" "$t/src/.device/tests" "$t/src/good" "$t/src/bad"
echo base >"$t/src/.device/bench/mxfp4.bench.gemm_benchmark"
printf '#!/bin/sh\nexit 0\n' >"$t/src/.device/tests/staged_test"
echo good >"$t/src/good/mxfp4.bench.gemm_benchmark"
printf '#!/bin/sh\nexit 0\n' >"$t/src/good/passing_test"
echo bad >"$t/src/bad/mxfp4.bench.gemm_benchmark"
printf '#!/bin/sh\nexit 1\n' >"$t/src/bad/failing_test"
chmod +x "$t/src/.device/tests/staged_test" "$t/src/good/passing_test" "$t/src/bad/failing_test"
tar -C "$t/src" -cJf "$t/.device-pack/stage.tar.xz" .device
tar -C "$t/src" -cJf "$t/.device-pack/good.tar.xz" good
tar -C "$t/src" -cJf "$t/.device-pack/bad.tar.xz" bad

status=0
(cd "$t" && OUT="$t/out" REPS=2 bash tools/device/ab_contest.sh --test_timeout=30 bad good \
  >"$t/log.txt" 2>&1) || status=$?
[[ $status -ne 0 ]] || fail "exit status 0 although variant 'bad' failed its tests"
grep -q "bad failed its tests" "$t/out/ab_skipped.txt" || fail "bad not in ab_skipped.txt"
grep -q good "$t/out/ab_skipped.txt" && fail "good in ab_skipped.txt"
got="$(cd "$t/out" && for f in *_contest.json; do echo "$f $(cat "$f")"; done | sort)"
want='1_base_contest.json {"who": "base"}
2_good_contest.json {"who": "good"}
3_base_contest.json {"who": "base"}
4_good_contest.json {"who": "good"}'
[[ "$got" == "$want" ]] || fail "contest files: got
$got
want
$want"
grep -q "failing_test FAIL" "$t/out/bad_tests_summary.txt" || fail "bad's test summary"
grep -q "passing_test PASS" "$t/out/good_tests_summary.txt" || fail "good's test summary"
# A failed variant's sanitizer report comes back (compressed); a passing one's does not.
xz -dc "$t/out/bad_racecheck.log.xz" 2>/dev/null | grep -q "racecheck report of failing_test" ||
  fail "bad's racecheck log"
[[ ! -e "$t/out/good_racecheck.log.xz" ]] || fail "good's racecheck log kept"
# The staged tests are back in place for the runs that follow.
[[ -x "$t/.device/tests/staged_test" ]] || fail "staged tests not restored"
echo PASS
