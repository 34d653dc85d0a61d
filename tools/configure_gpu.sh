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

# AMD gfx950 (MI355X): LLVM 22's clang compiles the HIP device code to code
# objects, and llvm-objdump/llvm-readelf let tests inspect them; no ROCm is
# needed (docs/amd.md). Without them, gfx950 targets are empty and their
# checks skip. MXFP4_LLVM22_ROOT overrides the LLVM root.
llvm22="${MXFP4_LLVM22_ROOT:-}"
if [[ -z "$llvm22" ]]; then
  for c in /usr/lib/llvm-22 "$(dirname "$(dirname "$(readlink -f "$(command -v clang++-22 2>/dev/null || echo /nonexistent/bin/x)")")")"; do
    if [[ -x "$c/bin/clang++" ]]; then llvm22="$c"; break; fi
  done
fi
amd_ok=0
if [[ -n "$llvm22" ]]; then
  amd_ok=1
  for tool in clang++ ld.lld llvm-objdump llvm-readelf; do
    [[ -x "$llvm22/bin/$tool" ]] || { amd_ok=0; echo "# gfx950: $llvm22/bin/$tool missing"; }
  done
  # The compiler must know gfx950 (LLVM >= 20); clang-19 and older do not.
  if ((amd_ok)) && ! "$llvm22/bin/clang++" --target=amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib \
       -x c -fsyntax-only /dev/null >/dev/null 2>&1; then
    amd_ok=0; echo "# gfx950: $llvm22/bin/clang++ does not know gfx950"
  fi
fi
if ((amd_ok)); then
  echo "# clang for gfx950 found: $llvm22/bin/clang++"
  echo "build --define=mxfp4_amd=gfx950"
  echo "build --action_env=MXFP4_LLVM22_ROOT=$llvm22"
else
  echo "# no clang-22 for gfx950: AMD code objects are not built, their checks skip"
  echo "build --define=mxfp4_amd=none"
fi
