#!/usr/bin/env bash
# Session 50 call 6: the stage of the final tree (b68d6da; kernels as d78d5c4), slimmed to the 11 GPU test
# binaries and their libraries: every test binary, memcheck and racecheck (MXFP4_TEST_SCALE=small), in
# parallel. Run through the device tool with carry [".device-pack"] after tools/device/stage.sh and
# tools/device/slim_stage.sh $(ls .device/tests/).
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=560
