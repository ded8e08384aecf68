#!/usr/bin/env python3
"""Writes pngsuite-rgba16.json: for every valid PngSuite file, the SHA-256 of its pixels
decoded by pypng (independent of libpng) to RGBA with 16-bit samples (8-bit values × 257),
little-endian, rows top to bottom (sBIT ignored, as libpng does by default). Needs `pip install pypng`."""
import hashlib, json, os, struct, sys
import png  # pypng

here = os.path.dirname(os.path.abspath(__file__))
suite = os.path.join(here, "pngsuite")
out = {}
for name in sorted(os.listdir(suite)):
    if not name.endswith(".png") or name.startswith("x") or name == "PngSuite.png":
        continue
    reader = png.Reader(filename=os.path.join(suite, name))
    reader.preamble()
    reader.sbit = None  # sBIT is informational; keep the stored sample values as libpng does
    width, height, rows, info = reader.asDirect()
    depth = info["bitdepth"]
    planes = info["planes"]
    maxval = (1 << depth) - 1
    digest = hashlib.sha256()
    for row in rows:
        row = list(row)
        buf = bytearray()
        for x in range(width):
            px = row[x * planes:(x + 1) * planes]
            if planes <= 2:
                px = [px[0], px[0], px[0]] + px[1:]
            if len(px) == 3:
                px = px + [maxval]
            if depth == 16:
                vals = px
            else:
                vals = [round(v * 255 / maxval) * 257 for v in px]
            buf += struct.pack("<4H", *vals)
        digest.update(buf)
    out[name] = {"width": width, "height": height, "sha256": digest.hexdigest()}
json.dump(out, open(os.path.join(here, "pngsuite-rgba16.json"), "w"), indent=1, sort_keys=True)
print(f"{len(out)} files", file=sys.stderr)
