#!/usr/bin/env python3
"""Compares the kernels of two builds' SASS (`cuobjdump -sass BINARY` of each), on the GPU machine.

Kernels are matched by name with nvcc's anonymous-namespace hash removed (it changes with the
build's path: a `pack_variant.sh --from` build sits in another worktree), and a kernel of the new
build whose name has one more bool template argument (`Lb0E` / `Lb1E`: a form parameter the change
added, as session 66's and 67's per-layout kernels did) is matched to the base kernel without it,
reported as "[added b0]" / "[added b1]"; every kernel's bool template arguments are listed in order
("(bools 1,0)": a persistent kernel's kDirectStore, ...), so that forms of one tile stay apart. A kernel counts as identical when its instruction text is (addresses and
encodings dropped). Session 67 call 4's inline comparison matched no names for want of both.

Usage: sass_compare.py BASE_SASS NEW_SASS [TILE_CONFIG_H] [--kernels=REGEX]
  TILE_CONFIG_H (default mxfp4/gpu/gemm/internal/tile_config.h when present) names tiles by their
  enumerator; --kernels keeps the kernels whose mangled name matches REGEX.
Prints "kernels: base B, new N, identical I", then one line per kernel that differs, was added or
is gone. Exit status 0 when every kernel is identical, 1 otherwise.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_diff import ANON, kernel_label, tile_names  # noqa: E402

FUNCTION = re.compile(r"Function : (\S+)")
INSTRUCTION = re.compile(r"\s+/\*[0-9a-f]+\*/\s+(.*?)\s*(/\*.*)?$")
ADDED_BOOL = re.compile(r"Lb([01])E")


def kernels(path, keep):
    """{normalized name: [instruction text]} of one cuobjdump -sass listing."""
    found, name = {}, None
    with open(path) as f:
        for line in f:
            m = FUNCTION.search(line)
            if m:
                name = ANON.sub("5_ANON", m.group(1)) if keep.search(m.group(1)) else None
                if name is not None:
                    found[name] = []
                continue
            m = INSTRUCTION.match(line)
            if name is not None and m:
                found[name].append(m.group(1))
    return found


def label(name, names, added=""):
    """The kernel's function and tile, its bool template arguments (kDirectStore, kContestLayout, ...)
    in order, and the one the change added."""
    bools = ",".join(ADDED_BOOL.findall(name))
    return (kernel_label(name, names) + (f" (bools {bools})" if bools else "") +
            (f" [added {added}]" if added else ""))


def base_twin(name, base):
    """(base name, form) for a new kernel with one bool template argument more, else None."""
    for m in ADDED_BOOL.finditer(name):
        twin = name[:m.start()] + name[m.end():]
        if twin in base:
            return twin, "b" + m.group(1)
    return None


def main(argv):
    keep = re.compile(".")
    args = []
    for a in argv[1:]:
        if a.startswith("--kernels="):
            keep = re.compile(a[len("--kernels="):])
        else:
            args.append(a)
    if len(args) not in (2, 3):
        sys.exit(__doc__)
    tile_h = args[2] if len(args) == 3 else "mxfp4/gpu/gemm/internal/tile_config.h"
    names = tile_names(tile_h) if os.path.exists(tile_h) else {}
    base, new = kernels(args[0], keep), kernels(args[1], keep)
    identical, lines, matched = 0, [], set()
    for name in sorted(new):
        if name in base:
            twin, form = name, ""
        else:
            found = base_twin(name, base)
            if found is None:
                lines.append(f"added     {label(name, names)}: {len(new[name])} instructions")
                continue
            twin, form = found
        matched.add(twin)
        if new[name] == base[twin]:
            identical += 1
        else:
            lines.append(f"differs   {label(name, names, form)}: {len(base[twin])} -> "
                         f"{len(new[name])} instructions")
    for name in sorted(set(base) - matched):
        lines.append(f"gone      {label(name, names)}: {len(base[name])} instructions")
    print(f"kernels: base {len(base)}, new {len(new)}, identical {identical}")
    for line in lines:
        print(line)
    return 0 if not lines else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
