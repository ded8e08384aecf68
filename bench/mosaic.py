"""Builds the benchmark inputs: mosaics of the bundled photos (not noise), deterministic.

Each cell is a photo crop, scaled to a random cell size, maybe mirrored, laid on a grid
with cells of varied widths per row, so the picture has real edges, smooth areas and texture.
"""
import os
import random
import sys

from PIL import Image, ImageOps

SIZES = {"4k": (3840, 2160), "8k": (7680, 4320)}


def mosaic(photos, width, height, seed):
    rng = random.Random(seed)
    out = Image.new("RGB", (width, height))
    y = 0
    while y < height:
        row_h = rng.randint(height // 8, height // 4)
        x = 0
        while x < width:
            cell_w = rng.randint(width // 10, width // 4)
            src = photos[rng.randrange(len(photos))]
            # A crop of 40…100 % of the photo, keeping the cell's aspect.
            frac = rng.uniform(0.4, 1.0)
            cw = max(8, int(src.width * frac))
            ch = max(8, min(src.height, int(cw * row_h / cell_w)))
            cw = max(8, min(src.width, int(ch * cell_w / row_h)))
            cx = rng.randint(0, src.width - cw)
            cy = rng.randint(0, src.height - ch)
            cell = src.crop((cx, cy, cx + cw, cy + ch)).resize((cell_w, row_h), Image.LANCZOS)
            if rng.random() < 0.5:
                cell = ImageOps.mirror(cell)
            out.paste(cell, (x, y))
            x += cell_w
        y += row_h
    return out


def main():
    photos_dir, out_dir = sys.argv[1], sys.argv[2]
    names = sorted(f for f in os.listdir(photos_dir) if f.endswith(".png"))
    photos = [Image.open(os.path.join(photos_dir, n)).convert("RGB") for n in names]
    os.makedirs(out_dir, exist_ok=True)
    for key, (w, h) in SIZES.items():
        path = os.path.join(out_dir, f"mosaic-{key}.png")
        if os.path.exists(path):
            continue
        img = mosaic(photos, w, h, seed=len(key) * 1000 + w)
        tmp = path + ".tmp.png"
        img.save(tmp, compress_level=6)
        os.replace(tmp, path)
        print(f"made {path} ({w}×{h}, {os.path.getsize(path) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
