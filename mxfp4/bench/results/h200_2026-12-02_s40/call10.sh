#!/usr/bin/env bash
# session 40 call 10: bulk_stream_probe (call 9's plus several issuing warps a CTA and tensor-map boxes) (this folder; built here with nvcc 13, sm_90a, carried as
# .device-pack/bulk_stream_probe): one CTA a SM streaming its own 4 MB from DRAM by cp.async.bulk copies of 1-16 KB
# with 4-32 in flight, against plain 4-byte / 16-byte loads, on 1, 80 and 132 CTAs - why the weight ring of calls
# 1-6 streamed more slowly than the register loads.
source tools/device/call_preamble.sh c10
timeout 120 .device-pack/bulk_stream_probe > "$O/probe.log" 2>&1
st "probe rc=$?"
finish_call
