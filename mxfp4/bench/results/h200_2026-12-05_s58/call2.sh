#!/usr/bin/env bash
# Session 58 call 2. Carry [".device-pack"]: tools/device/stage.sh's full stage of main with the ring
# body's warp-uniform vote in the M > 32 form only (cta_vote; the decode kernels' PTX unchanged:
# kernel_diff.sh, 12 of 83 kernels changed, all GemmPrequantMmaKernel / RingClusterKernel).
# The full validation of that tree: every GPU test binary, then memcheck and racecheck on each.
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=520
