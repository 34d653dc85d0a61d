#!/usr/bin/env python3
"""Compares the kernels of two PTX builds of the same translation units (tools/device/kernel_diff.sh).

Each `.entry` is normalized (virtual register numbers, branch labels, .loc/.file lines) so that
only real code changes count; template kernels keyed by TileConfigId are named by their tile
enumerator (parsed from mxfp4/gpu/gemm/internal/tile_config.h). With ptxas -v logs beside the PTX
(<tu>.log) it also lists register and spill-store changes, and with the cubins (<tu>.cubin) each
changed kernel's machine instructions (its .text section / 16 bytes): run-once code is fetched
cold (session 40: `no_instruction` the largest stall of the ring kernels' prologues), and session
42 measured a 16-instruction branch in the quantizer at 0.3-1.1% of the small ring plans.

Usage: kernel_diff.py BASE_DIR NEW_DIR TILE_CONFIG_H
  BASE_DIR / NEW_DIR hold <tu>.ptx (and optionally <tu>.log) for the same TU names.
"""

import os
import re
import struct
import sys

ENTRY = re.compile(r"\.entry\s+(\S+?)\s*\((.*?)\n}\n", re.S)
# nvcc's anonymous-namespace names carry hashes of the file (they differ between
# two checkouts of the same source).
ANON = re.compile(r"\d*_GLOBAL__N__[0-9a-f]+_\d+_\w+?_[0-9a-f]{8}(?=\d)")
TILE_ID = re.compile(r"TileConfigIdE(\d+)E")


def tile_names(tile_config_h):
    text = open(tile_config_h).read()
    start = text.index("enum class TileConfigId")
    body = re.sub(r"//[^\n]*", "", text[start:text.index("};", start)])
    names, value = {}, 0
    for name, explicit in re.findall(r"\b(k[A-Z]\w*)\b(?:\s*=\s*(\d+))?", body):
        if explicit:
            value = int(explicit)
        names[value] = name
        value += 1
    return names


def function_name(mangled):
    """The last name of an Itanium nested name (_ZN <len><id>... then I/E): enough to tell kernels apart."""
    i = 3 if mangled.startswith("_ZN") else 2
    last = mangled
    while i < len(mangled) and mangled[i].isdigit():
        j = i
        while mangled[j].isdigit():
            j += 1
        length = int(mangled[i:j])
        last, i = mangled[j:j + length], j + length
    return last


def kernel_label(mangled, names):
    m = TILE_ID.search(mangled)
    base = function_name(mangled)
    return f"{base}<{names.get(int(m.group(1)), m.group(1))}>" if m else base


def normalize(entry):
    lines = [l for l in entry.splitlines() if not l.lstrip().startswith((".loc", ".file", "//"))]
    text = ANON.sub("5_ANON", "\n".join(lines))
    text = re.sub(r"\$L__\w+", "L", text)
    # Labels of inline asm made unique with %= (e.g. bulk_copy.h's wait_%=):
    # their numbers count asm statements across the TU, so a new kernel
    # renumbers every later one.
    text = re.sub(r"\b([A-Za-z_]\w*?)_\d+(?=:|;)", r"\1_N", text)
    return re.sub(r"%(r|rd|rs|p|f|fd|h|hh)\d+", r"%\1", text)


def entries(path):
    """{kernel key (the mangled name, anonymous namespace normalized): normalized PTX}."""
    return {ANON.sub("5_ANON", m.group(1)): normalize(m.group(0))
            for m in ENTRY.finditer(open(path).read())}


def ptxas_usage(path):
    """{mangled: (registers, spill store bytes)} from a ptxas -v log."""
    usage = {}
    if not os.path.exists(path):
        return usage
    pattern = re.compile(
        r"Compiling entry function '([^']+)'.*?(\d+) bytes spill stores.*?Used (\d+) registers", re.S)
    for m in pattern.finditer(open(path).read()):
        usage[ANON.sub("5_ANON", m.group(1))] = (int(m.group(3)), int(m.group(2)))
    return usage


def sass_instructions(path):
    """{mangled: machine instructions} from a cubin's .text.<mangled> sections (16 bytes each on sm_90)."""
    if not os.path.exists(path):
        return {}
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return {}
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = headers[shstrndx][4]
    counts = {}
    for name_at, _, _, _, _, size in headers:
        name = data[strtab + name_at:data.index(b"\0", strtab + name_at)].decode()
        if name.startswith(".text."):
            counts[ANON.sub("5_ANON", name[len(".text."):])] = size // 16
    return counts


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    base_dir, new_dir, tile_config_h = sys.argv[1:]
    names = tile_names(tile_config_h)
    any_change = False
    for ptx in sorted(f for f in os.listdir(new_dir) if f.endswith(".ptx")):
        tu = ptx[:-len(".ptx")]
        base, new = entries(os.path.join(base_dir, ptx)), entries(os.path.join(new_dir, ptx))
        base_use = ptxas_usage(os.path.join(base_dir, tu + ".log"))
        new_use = ptxas_usage(os.path.join(new_dir, tu + ".log"))
        base_sass = sass_instructions(os.path.join(base_dir, tu + ".cubin"))
        new_sass = sass_instructions(os.path.join(new_dir, tu + ".cubin"))
        changed = [k for k in new if base.get(k) != new[k]]
        same = len(new) - len(changed)
        print(f"== {tu}: {len(changed)} of {len(new)} kernels changed, {same} identical")
        for k in sorted(changed, key=lambda k: kernel_label(k, names)):
            note = "new kernel" if k not in base else ""
            if k in base_use and k in new_use and base_use[k] != new_use[k]:
                (br, bs), (nr, ns) = base_use[k], new_use[k]
                note = f"registers {br} -> {nr}" + (f", spill stores {bs} -> {ns} B" if bs or ns else "")
            if k in new_sass:
                size = (f"instructions {base_sass[k]} -> {new_sass[k]}" if k in base_sass
                        else f"{new_sass[k]} instructions")
                note = f"{note}, {size}" if note else size
            print(f"   {kernel_label(k, names):50s} {note}")
        for k in sorted(set(base) - set(new)):
            print(f"   {kernel_label(k, names):50s} removed")
        any_change = any_change or bool(changed) or bool(set(base) - set(new))
    return 0 if not any_change else 1


if __name__ == "__main__":
    sys.exit(main())
