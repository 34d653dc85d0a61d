#!/usr/bin/env bash
# Prints Bazel flags describing the GPU toolchains found on this machine.
# NVIDIA: nvcc (CUDA 12+) builds the HIP sources for sm_90a through our own
# HIP-on-CUDA platform layer. Without nvcc, GPU targets build as stubs that
# report "built without GPU support" and GPU tests skip.
nvcc="${MXFP4_NVCC:-}"
if [[ -z "$nvcc" ]]; then
  for c in /usr/local/cuda/bin/nvcc "$(command -v nvcc 2>/dev/null || true)"; do
    if [[ -n "$c" && -x "$c" ]]; then nvcc="$c"; break; fi
  done
fi
if [[ -n "$nvcc" ]]; then
  cuda_root="$(cd "$(dirname "$nvcc")/.." && pwd)"
  echo "# nvcc found: $nvcc"
  echo "build --define=mxfp4_gpu=cuda"
  echo "build --action_env=MXFP4_NVCC=$nvcc"
  echo "build --action_env=MXFP4_CUDA_ROOT=$cuda_root"
else
  echo "# no nvcc found: GPU targets are stubs, GPU tests skip"
  echo "build --define=mxfp4_gpu=none"
fi
