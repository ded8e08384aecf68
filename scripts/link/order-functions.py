#!/usr/bin/env python3
"""Writes make/lunette.order: the functions a release lunette runs on its common paths.

`make build` links with lld's --symbol-ordering-file, which puts the sections of these
functions together at the start of the text: the kernel maps 64 KiB of file around every
page fault, and the functions a run calls lie scattered through the static Swift runtime,
Foundation and Lunette, so that a run would otherwise touch most of the text's 64 KiB
windows (functions that share one big section, as much of the Swift runtime does, stay put).
Functions missing from the list (new or renamed ones) only land elsewhere: rerun this
(`make order`, which needs valgrind) when the start-up memory of `lunette --version`
grows. The runs: --version, `run` of an empty script, and `apply` of a blur to a small
PNG, to a streamed RGB and greyscale PNG and to a JPEG, under callgrind.
Usage: python3 scripts/link/order-functions.py [BINARY] [OUTPUT]
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BLUR = "CIGaussianBlur{radius = 10}"


def text_symbols(binary):
    """Names of the functions defined once in the binary (nm's t/T/w/W). A name that several
    objects define locally (outlined copies, merged thunks) would pull every one of their
    sections to the front, most of them never run."""
    out = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    count = collections.Counter(
        p[2] for p in (line.split(maxsplit=2) for line in out.splitlines()) if len(p) == 3 and p[1] in "tTwW")
    return {name for name, n in count.items() if n == 1}


def called(profile):
    """Function names of a callgrind profile, in the order they first appear."""
    names, seen = {}, []
    with open(profile, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not m:
                continue
            if m.group(2) is not None and m.group(1) not in names:
                names[m.group(1)] = m.group(2)
                seen.append(m.group(2))
    return seen


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/lunette"))
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "make/lunette.order")
    with tempfile.TemporaryDirectory() as t:
        # valgrind cannot read clang's DWARF 5: profile a copy without debug sections
        # (the symbol table, which names the functions, stays).
        lun = os.path.join(t, "lunette")
        subprocess.run(["strip", "--strip-debug", "-o", lun, binary], check=True)
        photo = os.path.join(ROOT, "assets/photos/chelsea.png")
        empty, grey_lua = os.path.join(t, "empty.lua"), os.path.join(t, "grey.lua")
        open(empty, "w").close()
        with open(grey_lua, "w") as f:
            f.write(f'Image.load("{photo}"):save("{t}/grey.png", {{channels = "gray"}})\n')
        prep = [
            [lun, "apply", photo, "-o", f"{t}/rgb.png", "-f", "CILanczosScaleTransform{scale = 2}"],
            [lun, "apply", f"{t}/rgb.png", "-o", f"{t}/rgb.jpg"],
            [lun, "run", grey_lua],
        ]
        for cmd in prep:
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        runs = [
            [lun, "--version"],
            [lun, "run", empty],
            [lun, "apply", photo, "-o", f"{t}/out0.png", "-f", BLUR],
            [lun, "apply", f"{t}/rgb.png", "-o", f"{t}/out1.png", "--present", "--compression", "6", "-f", BLUR],
            [lun, "apply", f"{t}/grey.png", "-o", f"{t}/out2.png", "--present", "--compression", "6", "-f", BLUR],
            [lun, "apply", f"{t}/rgb.jpg", "-o", f"{t}/out3.jpg", "--present", "--quality", "90", "-f", BLUR],
        ]
        order, have = [], set()
        symbols = text_symbols(binary)
        for i, cmd in enumerate(runs):
            profile = os.path.join(t, f"callgrind.{i}")
            subprocess.run(
                ["valgrind", "-q", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}"] + cmd,
                check=True, stdout=subprocess.DEVNULL)
            for name in called(profile):
                if name in symbols and name not in have:
                    have.add(name)
                    order.append(name)
    with open(output, "w") as f:
        f.write("\n".join(order) + "\n")
    print(f"{output}: {len(order)} functions")


if __name__ == "__main__":
    main()
