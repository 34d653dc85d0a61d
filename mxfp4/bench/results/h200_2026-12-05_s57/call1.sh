#!/usr/bin/env bash
# Session 57 call 1. Carry [".device-pack"] (tools/device/stage.sh's full stage of main 838b788, and
# cubins/v1.tar.xz: a reduced TU of the persistent ws kernels compiled here from main and variants).
# First the toolkit's disassemblers come back (xz, split under the 16 MiB a file): with nvdisasm here the SASS
# of cubin variants compiled here can be read without a device call each (the stage-index question, paths.md
# "What to do next (after session 56)" item 1); the cubins are disassembled there too, in case the tools are
# too large to come back.
# Then the full validation of main 838b788 (session 56's landed tree, whose K <= 1024 direct-store rule never
# ran as a whole: its call 5 got no machine): every GPU test binary, then memcheck and racecheck on each.
OUT="${OUT:-/tmp/mxfp4-device-out}"
CB="$(dirname "$(command -v nvdisasm || ls /usr/local/cuda*/bin/nvdisasm | head -1)")"
ls -la "$CB"/nvdisasm "$CB"/cuobjdump
"$CB"/nvdisasm --version | tail -1
if [[ -f .device-pack/cubins/v1.tar.xz ]]; then
  mkdir -p /tmp/cub && tar -xJf .device-pack/cubins/v1.tar.xz -C /tmp/cub
  for c in /tmp/cub/*.cubin; do "$CB"/cuobjdump -sass "$c" > "/tmp/cub/$(basename "$c" .cubin).sass"; done
  tar -C /tmp/cub -cJf "$OUT/cubin_sass.tar.xz" $(cd /tmp/cub && ls *.sass)
fi
tar -C "$CB" -cf - nvdisasm cuobjdump | xz -T0 -6 > /tmp/disasm.tar.xz
ls -la /tmp/disasm.tar.xz
split -b 15M -d /tmp/disasm.tar.xz "$OUT/disasm.tar.xz.part"
rm -rf .device-pack/cubins
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=520
ls -la "$OUT"
