#!/usr/bin/env bash
# Session 62 call 1 ran session 61's prepared next_fq_call.sh unchanged (its header says how the packs were
# built: the slim stage of main 3130e8e's kernels and fq from fused_quant_ws.patch). Carry [".device-pack"].
exec bash mxfp4/bench/results/h200_2026-12-05_s61/next_fq_call.sh "$@"
