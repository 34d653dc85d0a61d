#!/usr/bin/env bash
# Session 56 call 3: the full validation of main 1d4cf48 (the first since session 52's tree: session 55's
# GemmTester graph capture in global mode and the PerDeviceOnce launcher had not run on a device): every GPU test
# binary, then memcheck and racecheck on each (small scale). Carry [".device-pack"] with the tests-only slim stage.
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=540
