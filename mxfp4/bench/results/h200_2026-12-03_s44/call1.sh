#!/usr/bin/env bash
# Session 44 call 1: the full stage of HEAD cffa1f0 (the fused-A streaming tiles' later grid-dependency wait,
# 4df6956, whose racecheck had not run yet): every GPU test binary with memcheck and racecheck, the contest
# and the sweep. Run through the device tool with carry [".device-pack"] after tools/device/stage.sh.
bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240
