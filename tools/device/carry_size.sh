#!/usr/bin/env bash
# tools/device/carry_size.sh: a device call's carry as the device tool counts
# it - the tracked tree by disk blocks, plus the carried paths - against its
# limit (64 MiB; $MXFP4_CARRY_LIMIT_MIB overrides it, for the test).
# Why: session 73 staged the stage and two variant packs (~66 MiB with the
# 21.4 MiB tree) for calls that could not have carried them.
#
# Usage (repository root): tools/device/carry_size.sh [PATH ...]   (default .device-pack)
# Prints one line per part and the total; exit status 1 when over the limit.
#        tools/device/carry_size.sh --tree_kib
# Prints only the tracked tree's KiB (stage.sh's carry budget).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
limit_mib="${MXFP4_CARRY_LIMIT_MIB:-64}"
kib() { du -c -k "$@" 2>/dev/null | tail -1 | cut -f1; }
tree_kib=$(git ls-files -z | du -c -k --files0-from=- 2>/dev/null | tail -1 | cut -f1)
if [[ "${1:-}" == --tree_kib ]]; then
  echo "$tree_kib"
  exit 0
fi
(( $# > 0 )) || set -- .device-pack
total_kib=$tree_kib
line() { awk -v n="$1" -v k="$2" -v t="${3:-}" 'BEGIN { printf "carry: %-32s %8.1f MiB%s\n", n, k / 1024, t }'; }
line "tracked tree (disk blocks)" "$tree_kib"
for p in "$@"; do
  [[ -e "$p" ]] || { echo "carry_size: no $p" >&2; exit 2; }
  k=$(kib "$p")
  total_kib=$(( total_kib + k ))
  line "$p" "$k"
done
line total "$total_kib" " of $limit_mib"
if (( total_kib > limit_mib * 1024 )); then
  echo "carry_size: over the limit: carry fewer packs (or build them with MXFP4_FATBIN_COMPRESS=size)" >&2
  exit 1
fi
