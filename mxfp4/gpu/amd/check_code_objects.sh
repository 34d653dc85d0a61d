#!/usr/bin/env bash
# File: mxfp4/gpu/amd/check_code_objects.sh
#
# Checks gfx950 code objects WITHOUT a GPU, from the files the
# gfx950_code_objects rule writes next to each code object (gfx950.bzl):
# <stem>.code.s (llvm-objdump -d), <stem>.kd.s (kernel descriptors),
# <stem>.notes.txt (llvm-readelf --notes, the code object metadata).
# For every kernel named in a spec (docs/amd.md, "What is verified"):
#   - it exists (metadata .name and kernel descriptor);
#   - its code contains each required instruction;
#   - it uses no scratch: no scratch_*/buffer_* instructions in its code,
#     .private_segment_fixed_size 0, .vgpr_spill_count 0, .sgpr_spill_count 0,
#     no dynamic stack;
#   - fp32 mode is what the bit-exact contract needs: round to nearest even
#     (.amdhsa_float_round_mode_32 0) and denormals kept (denorm_mode_32 3);
#   - its MFMA instructions use at least N distinct OPSEL combinations (the
#     scale-byte selection of the shuffled16 layout really happens in code);
#   - its ABI is what the host launches (gfx950_kernel_abi.h): exactly one
#     kernel argument, by value, at offset 0, of ARG_BYTES bytes (the host's
#     sizeof), 256-thread workgroups, wave64.
#
# Usage:
#   check_code_objects.sh [--mode=gfx950|none] [--expect-failure]
#       --spec=STEM:KERNEL[+KERNEL...]:INSTR[+INSTR...]:MIN_OPSEL[:ARG_BYTES] ... -- FILES...
#   INSTR may be "-" for none; MIN_OPSEL 0 disables that check; without
#   ARG_BYTES the ABI is not checked.
# --mode=none (clang-22 absent): prints why and exits 0 (a skip), unless
# MXFP4_REQUIRE_GFX950=1, which makes it a failure.
# --expect-failure: exit 0 only if some check fails (the checker's self-test).
set -uo pipefail

mode=gfx950
expect_failure=0
specs=()
files=()
while (($#)); do
  case "$1" in
    --mode=*) mode="${1#--mode=}" ;;
    --expect-failure) expect_failure=1 ;;
    --spec=*) specs+=("${1#--spec=}") ;;
    --) shift; files+=("$@"); break ;;
    *) echo "check_code_objects: unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

if [[ "$mode" != gfx950 ]]; then
  msg="gfx950 code objects were not built (--define=mxfp4_amd=$mode: no clang-22 with gfx950 found by tools/configure_gpu.sh)"
  if [[ "${MXFP4_REQUIRE_GFX950:-0}" == 1 ]]; then
    echo "FAIL: MXFP4_REQUIRE_GFX950=1 but $msg"
    exit 1
  fi
  echo "SKIPPED: $msg"
  exit 0
fi

failures=0
fail() { echo "  FAIL: $*"; failures=$((failures + 1)); }

find_file() {  # stem suffix
  local f
  for f in "${files[@]}"; do
    [[ "$(basename "$f")" == "$1.$2" ]] && { echo "$f"; return 0; }
  done
  return 1
}

# Lines of one kernel's code: from "<addr> <kernel>:" to the next blank line.
kernel_code() {  # code.s kernel
  awk -v k="<$2>:" '$2 == k {on = 1; next} on && NF == 0 {exit} on {print}' "$1"
}

# Lines of one kernel descriptor: ".amdhsa_kernel K" .. ".end_amdhsa_kernel".
kernel_descriptor() {  # kd.s kernel
  awk -v k="$2" '$1 == ".amdhsa_kernel" && $2 == k {on = 1; next} on && $1 == ".end_amdhsa_kernel" {exit} on {print}' "$1"
}

# Metadata of one kernel: from its "- .xxx" entry list start to the next entry.
kernel_notes() {  # notes.txt kernel
  awk -v k="$2" '
    /^  - \./ { if (found) exit; block = "" }
    { block = block $0 "\n" }
    $1 == ".name:" && $2 == k { found = 1 }
    END { if (found) printf "%s", block }' "$1"
}

printf '%-48s %5s %5s %5s %6s %s\n' kernel mfma cvt vgpr opsel status
for spec in "${specs[@]}"; do
  IFS=: read -r stem kernels instrs min_opsel arg_bytes <<<"$spec"
  code="$(find_file "$stem" code.s)" || { fail "$stem: no $stem.code.s among the inputs"; continue; }
  kd="$(find_file "$stem" kd.s)" || { fail "$stem: no $stem.kd.s"; continue; }
  notes="$(find_file "$stem" notes.txt)" || { fail "$stem: no $stem.notes.txt"; continue; }
  IFS=+ read -r -a kernel_list <<<"$kernels"
  IFS=+ read -r -a instr_list <<<"$instrs"
  for kernel in "${kernel_list[@]}"; do
    before=$failures
    body="$(kernel_code "$code" "$kernel")"
    desc="$(kernel_descriptor "$kd" "$kernel")"
    meta="$(kernel_notes "$notes" "$kernel")"
    if [[ -z "$body" ]]; then fail "$kernel: not found in $stem.code.s"; continue; fi
    [[ -n "$desc" ]] || fail "$kernel: no kernel descriptor in $stem.kd.s"
    [[ -n "$meta" ]] || fail "$kernel: no metadata in $stem.notes.txt"
    for instr in "${instr_list[@]}"; do
      [[ "$instr" == - ]] && continue
      grep -qE "^[[:space:]]+$instr([[:space:]]|$)" <<<"$body" || fail "$kernel: no $instr"
    done
    if grep -qE "^[[:space:]]+(scratch|buffer)_" <<<"$body"; then
      fail "$kernel: scratch/buffer instructions: $(grep -cE "^[[:space:]]+(scratch|buffer)_" <<<"$body")"
    fi
    grep -qE "^[[:space:]]*\.amdhsa_private_segment_fixed_size 0$" <<<"$desc" ||
      fail "$kernel: private segment: $(grep private_segment_fixed_size <<<"$desc" | xargs)"
    grep -qE "^[[:space:]]*\.amdhsa_uses_dynamic_stack 0$" <<<"$desc" || fail "$kernel: dynamic stack"
    grep -qE "^[[:space:]]*\.amdhsa_float_round_mode_32 0$" <<<"$desc" || fail "$kernel: fp32 round mode is not RNE"
    grep -qE "^[[:space:]]*\.amdhsa_float_denorm_mode_32 3$" <<<"$desc" || fail "$kernel: fp32 denormals flushed"
    for field in vgpr_spill_count sgpr_spill_count private_segment_fixed_size; do
      v="$(awk -v f=".$field:" '$1 == f {print $2}' <<<"$meta")"
      [[ "$v" == 0 ]] || fail "$kernel: .$field is '${v:-missing}'"
    done
    if [[ -n "${arg_bytes:-}" ]]; then
      # The .args list: from ".args:" to the next key of the kernel's map.
      args="$(awk '/^    \.args:/ {on = 1; next} on && /^    \.[a-z_]+:/ {exit} on {print}' <<<"$meta")"
      n_args=$(grep -c -- "- \.offset:" <<<"$args")
      want="$(printf '      - .offset: 0\n        .size: %s\n        .value_kind: by_value' "$arg_bytes")"
      got="$(sed -E 's/:[[:space:]]+/: /' <<<"$args")"
      [[ "$n_args" == 1 && "$got" == "$want" ]] ||
        fail "$kernel: kernel arguments are not one $arg_bytes-byte struct by value: $(xargs <<<"$args")"
      for kv in max_flat_workgroup_size:256 wavefront_size:64; do
        v="$(awk -v f=".${kv%%:*}:" '$1 == f {print $2}' <<<"$meta")"
        [[ "$v" == "${kv#*:}" ]] || fail "$kernel: .${kv%%:*} is '${v:-missing}', expected ${kv#*:}"
      done
    fi
    n_mfma=$(grep -cE "^[[:space:]]+v_mfma_scale_f32_16x16x128_f8f6f4" <<<"$body")
    n_cvt=$(grep -cE "^[[:space:]]+v_cvt_scalef32_pk_fp4_f32" <<<"$body")
    vgpr="$(awk '$1 == ".vgpr_count:" {print $2}' <<<"$meta")"
    # OPSEL of a scaled MFMA: op_sel / op_sel_hi bits 0 and 1 (absent = 0).
    n_opsel=$(grep -E "^[[:space:]]+v_mfma_scale_f32_16x16x128_f8f6f4" <<<"$body" |
      sed -E 's#//.*##' |
      awk '{ s = "[0,0,0]"; h = "[0,0,0]";
             for (i = 1; i <= NF; ++i) {
               if ($i ~ /^op_sel:/) s = substr($i, 8);
               if ($i ~ /^op_sel_hi:/) h = substr($i, 11) } print s h }' | sort -u | wc -l)
    if ((min_opsel > 0 && n_opsel < min_opsel)); then
      fail "$kernel: $n_opsel distinct MFMA OPSEL combinations, expected >= $min_opsel"
    fi
    status=ok
    ((failures > before)) && status=FAIL
    printf '%-48s %5d %5d %5s %6d %s\n' "$kernel" "$n_mfma" "$n_cvt" "${vgpr:-?}" "$n_opsel" "$status"
  done
done

if ((expect_failure)); then
  if ((failures > 0)); then
    echo "PASS (expected failure): the checker rejected the probe with $failures finding(s)"
    exit 0
  fi
  echo "FAIL: the probe passed every check, but it should not"
  exit 1
fi
if ((failures > 0)); then
  echo "FAIL: $failures check(s) failed"
  exit 1
fi
echo "PASS: ${#specs[@]} code object(s) checked"
