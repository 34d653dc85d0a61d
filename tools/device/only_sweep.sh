#!/usr/bin/env bash
# tools/device/only_sweep.sh: on the GPU machine, every shape of a list timed
# with the dispatcher's choice and with forced configurations, in one process:
#   gemm_paths_benchmark --only=S:auto:auto:0,S:CONFIG,... (for each shape S)
# Prints the benchmark's lines, then one summary line per shape: shape, auto's
# hot µs and plan (path tile cluster), the fastest forced configuration and
# its µs, auto / best. A configuration the planner refuses ("not run") is
# skipped. Why: sessions 28-29's call scripts built this list in shell loops
# and compared the lines by hand, one script each.
#
# Usage (device, after `source tools/device/call_preamble.sh cN`):
#   bash tools/device/only_sweep.sh [--reps=N] [--bin=PATH] SHAPES CONFIGS
#     SHAPES   MxNxK[,MxNxK...]            (commas or spaces)
#     CONFIGS  path:tile:split[:suffix][,...] (commas or spaces; split is
#              GemmOptions::split_k, the CTAs of a K-split cluster, for every
#              tile - the tile's K-warps split each CTA's range on top), e.g.
#              splitk_small_m:stream_n16_m8_k8:2
# --reps=N runs the whole list N times (the summary takes each config's
# median over the rounds); --bin defaults to
# .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark. Each run is limited to
# $MXFP4_ONLY_TIMEOUT seconds (default 100).
set -uo pipefail
reps=1
bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --reps=*) reps="${1#--reps=}" ;;
    --bin=*) bin="${1#--bin=}" ;;
    *) echo "only_sweep: unknown flag $1" >&2; exit 2 ;;
  esac
  shift
done
shapes="${1:?usage: only_sweep.sh [--reps=N] [--bin=PATH] SHAPES CONFIGS}"
configs="${2:?usage: only_sweep.sh [--reps=N] [--bin=PATH] SHAPES CONFIGS}"
limit="${MXFP4_ONLY_TIMEOUT:-100}"
[[ -x "$bin" ]] || { echo "only_sweep: no binary $bin" >&2; exit 1; }

# The list, and beside it (one line per entry, in order) the label of each
# entry: the summary pairs the benchmark's n-th line with the n-th label.
list=""
labels="$(mktemp)"
log="$(mktemp)"
trap 'rm -f "$labels" "$log"' EXIT
for s in ${shapes//,/ }; do
  [[ "$s" =~ ^[0-9]+x[0-9]+x[0-9]+$ ]] || { echo "only_sweep: bad shape $s" >&2; exit 2; }
  list="$list,$s:auto:auto:0"
  echo "$s auto" >>"$labels"
  for c in ${configs//,/ }; do
    list="$list,$s:$c"
    echo "$s $c" >>"$labels"
  done
done
list="${list#,}"
entries=$(wc -l <"$labels")

status=0
for ((r = 1; r <= reps; ++r)); do
  echo "=== round $r"
  timeout "$limit" "$bin" --only="$list" 2>&1 | tee "$log.run"
  rc=${PIPESTATUS[0]}
  got=$(grep -c '^only ' "$log.run")
  # The benchmark exits 1 when the planner refused a configuration ("not
  # run"); with every line there that is an answer, not a failure.
  if (( rc != 0 )) && ! { (( rc == 1 && got == entries )) && grep -q ' not run: ' "$log.run"; }; then
    echo "only_sweep: the benchmark exited $rc (round $r)"
    status=1
  fi
  if (( got != entries )); then
    echo "only_sweep: round $r printed $got of $entries lines; its timings are left out"
    status=1
  else
    grep '^only ' "$log.run" | paste -d' ' "$labels" - >>"$log"
  fi
  rm -f "$log.run"
done

echo "--- summary: shape, auto us, auto plan, best forced config, its us, auto/best"
# $1 shape, $2 config label, then the benchmark line: "only M x N x K  hot U us
# path=P tile=T ... (cluster C)" or "... not run: ...".
awk '
  function median(list,   n, v, i, j, t) {
    n = split(list, v, " ")
    for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  $0 ~ / not run/ { next }
  {
    key = $1 SUBSEP $2
    if (!(key in us)) { order[++n] = key; shape_of[key] = $1; label[key] = $2 }
    us[key] = us[key] " " $10
    if ($2 == "auto") {
      plan = ""
      for (i = 12; i <= NF; ++i) {
        if ($i ~ /^path=/ || $i ~ /^tile=/) plan = plan " " substr($i, index($i, "=") + 1)
        if ($i == "(cluster") { c = $(i + 1); sub(/[,)].*/, "", c); plan = plan " c" c }
      }
      auto_plan[$1] = plan
    }
    if (!($1 in seen)) { seen[$1] = 1; shapes[++ns] = $1 }
  }
  END {
    for (k = 1; k <= n; ++k) {
      key = order[k]; m = median(us[key]); s = shape_of[key]
      if (label[key] == "auto") auto_us[s] = m
      else if (!(s in best_us) || m < best_us[s]) { best_us[s] = m; best_cfg[s] = label[key] }
    }
    for (i = 1; i <= ns; ++i) {
      s = shapes[i]
      if (!(s in auto_us)) { printf "%-18s auto not run\n", s; continue }
      if (!(s in best_us)) { printf "%-18s %8.2f %-44s (no forced config ran)\n", s, auto_us[s], auto_plan[s]; continue }
      printf "%-18s %8.2f %-44s %-44s %8.2f %6.2f\n", s, auto_us[s], auto_plan[s], best_cfg[s], best_us[s],
             auto_us[s] / best_us[s]
    }
  }' "$log"
exit "$status"
