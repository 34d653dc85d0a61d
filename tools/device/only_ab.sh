#!/usr/bin/env bash
# tools/device/only_ab.sh: on the GPU machine, forced configurations timed with
# per-CTA phase clocks for the staged tree ("base") and variants, interleaved,
# in one process per build and round:
#   gemm_paths_benchmark --only=CONFIGS --phase_clock
# (CONFIGS = MxNxK:path:tile:split[,...], docs/gpu.md). Prints every run under
# a "=== <who> (round r)" header, then one summary line per run and
# configuration: who, shape, tile, hot µs, median ready -> math done cycles
# (with --cold, the cold µs too: gemm_paths_benchmark --cold, inputs rotated
# over > 120 MB so that each call reads B from HBM, the L2-flush proxy), the
# shape marked with the weight's form where the plan reads a copy
# (256x3072x1536:prepared), and last the "--- means over rounds" lines: per
# who, shape and tile the mean µs, the median cycles and the run count.
# --narrow_scales passes the benchmark's flag (weight scale bytes 125..127, so
# that every CTA of an int8 plan takes the s8 loop).
# Why: session 19's calls 1-4 each wrote this loop by hand (session 45's calls
# 2-5 again, for want of --cold).
#
# Usage (device, after `source tools/device/call_preamble.sh cN VARIANT ...`):
#   bash tools/device/only_ab.sh [--reps=N] [--cold] [--narrow_scales] CONFIGS [VARIANT ...]
# Binaries: base $MXFP4_ONLY_BASE (default
# .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark), a variant's
# $MXFP4_VARIANT_ROOT/VARIANT/mxfp4.gpu.gemm.gemm_paths_benchmark (default
# root /tmp/v, where call_preamble.sh unpacks them; pack them with
# tools/device/pack_variant.sh --no_gemm_benchmark NAME //mxfp4/gpu/gemm:gemm_paths_benchmark).
# Each run is limited to $MXFP4_ONLY_TIMEOUT seconds (default 100).
set -uo pipefail
reps=1
cold=()
narrow=()
while [[ "${1:-}" == --reps=* || "${1:-}" == --cold || "${1:-}" == --narrow_scales ]]; do
  case "$1" in
    --cold) cold=(--cold) ;;
    --narrow_scales) narrow=(--narrow_scales) ;;
    *) reps="${1#--reps=}" ;;
  esac
  shift
done
configs="${1:?usage: only_ab.sh [--reps=N] [--cold] [--narrow_scales] CONFIGS [VARIANT ...]}"; shift
base="${MXFP4_ONLY_BASE:-.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark}"
root="${MXFP4_VARIANT_ROOT:-/tmp/v}"
limit="${MXFP4_ONLY_TIMEOUT:-100}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
for ((r = 1; r <= reps; ++r)); do
  for who in base "$@"; do
    bin="$base"
    [[ "$who" == base ]] || bin="$root/$who/mxfp4.gpu.gemm.gemm_paths_benchmark"
    echo "=== $who (round $r)" | tee -a "$log"
    if [[ ! -x "$bin" ]]; then
      echo "only_ab: no binary $bin" | tee -a "$log"
      status=1
      continue
    fi
    timeout "$limit" "$bin" --only="$configs" --phase_clock "${cold[@]}" "${narrow[@]}" 2>&1 |
      tee -a "$log"
    rc=${PIPESTATUS[0]}
    if (( rc != 0 )); then echo "only_ab: $who exited $rc" | tee -a "$log"; status=1; fi
  done
done
echo "--- summary: who, shape, tile, hot us, ready -> math done p50 cycles${cold:+, cold us}"
# Fields by name: --cold puts "cold <us> us" before the plan. The shape
# carries the weight's form where the plan reads a copy (":prepared",
# ":prepared_int8", ":stage", ":stage_int8", from the plan's prepared_weight
# words), so that one shape's plain and prepared runs stay apart.
summary="$(awk -v cold="${#cold[@]}" '/^=== /{who=$2}
     /^only /{shape=$2"x"$4"x"$6; us=$8; cus="-"
              for (i = 9; i <= NF; ++i) { if ($i == "cold") cus = $(i + 1); if ($i ~ /^tile=/) tile = $i }
              sub(/^tile=/, "", tile)
              if ($0 ~ /prepared_weight \(staged int8\)/) shape = shape ":stage_int8"
              else if ($0 ~ /prepared_weight \(staged\)/) shape = shape ":stage"
              else if ($0 ~ /prepared_weight \(int8\)/) shape = shape ":prepared_int8"
              else if ($0 ~ /prepared_weight/) shape = shape ":prepared"}
     /ready -> math done/{printf "%-10s %-24s %-32s %8s %8s", who, shape, tile, us, $9
                          if (cold) printf " %8s", cus
                          printf "\n"}' "$log")"
[[ -z "$summary" ]] || echo "$summary"
# The same runs averaged over the rounds, in first-seen order: the line a
# call script wants (each wrote this awk by hand, keyed without the form).
echo "--- means over rounds: who, shape, tile, mean hot us, median of the p50 cycles, runs${cold:+, mean cold us}"
[[ -z "$summary" ]] || awk -v cold="${#cold[@]}" '
  { k = $1 " " $2 " " $3; if (!(k in n)) order[++keys] = k
    n[k]++; us[k] += $4; cyc[k, n[k]] = $5; if (cold) cus[k] += $6 }
  END { for (j = 1; j <= keys; ++j) {
          k = order[j]; split(k, f, " ")
          # Median by insertion sort of the (few) rounds.
          for (a = 1; a <= n[k]; ++a) v[a] = cyc[k, a] + 0
          for (a = 2; a <= n[k]; ++a) for (b = a; b > 1 && v[b - 1] > v[b]; --b) { t = v[b]; v[b] = v[b - 1]; v[b - 1] = t }
          med = (n[k] % 2) ? v[(n[k] + 1) / 2] : (v[n[k] / 2] + v[n[k] / 2 + 1]) / 2
          printf "%-10s %-24s %-32s %8.3f %8d %3d", f[1], f[2], f[3], us[k] / n[k], med, n[k]
          if (cold) printf " %8.3f", cus[k] / n[k]
          printf "\n" } }' <<<"$summary"
exit "$status"
