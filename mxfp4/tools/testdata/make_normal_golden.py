#!/usr/bin/python3
# File: mxfp4/tools/testdata/make_normal_golden.py
#
# Regenerates normal_seed*_bf16.npy with numpy only, from the recipe in
# docs/cli.md ("Inputs of run") -- the same snippet users copy. The C++
# generator (cli/normal_generator.cc) must reproduce these files bit for bit
# (normal_generator_test), which keeps the documentation honest.
# Usage: /usr/bin/python3 mxfp4/tools/testdata/make_normal_golden.py
import os

import numpy as np


def splitmix64(seed, n):
    """The first n SplitMix64 outputs for `seed`."""
    i = np.arange(1, n + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + i * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def normals_bf16_bits(seed, count):
    """`count` (even) standard normals as bf16 bit patterns (np.uint16)."""
    x = splitmix64(seed, count)
    u1 = ((x[0::2] >> np.uint64(11)).astype(np.float64) + 1.0) * 2.0**-53
    u2 = (x[1::2] >> np.uint64(11)).astype(np.float64) * 2.0**-53
    r = np.sqrt(-2.0 * np.log(u1))
    t = 2 * np.pi * u2
    z = np.empty(count, dtype=np.float64)
    z[0::2] = r * np.cos(t)
    z[1::2] = r * np.sin(t)
    u = z.astype(np.float32).view(np.uint32)
    return ((u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)).astype(np.uint16)


def run_inputs(seed, m, n, k):
    """A (m, k) and B (n, k) bf16 bits exactly as `mxfp4 run --seed=seed` makes them."""
    s = normals_bf16_bits(seed, (m + n) * k)
    return s[: m * k].reshape(m, k), s[m * k :].reshape(n, k)


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for seed in (0, 42):
        a, b = run_inputs(seed, 4, 16, 64)  # A: 4x64, B: 16x64
        np.save(os.path.join(here, f"normal_seed{seed}_A_4x64_bf16bits.npy"), a)
        np.save(os.path.join(here, f"normal_seed{seed}_B_16x64_bf16bits.npy"), b)
