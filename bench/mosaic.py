"""Builds the benchmark inputs, deterministic: 4K and 8K mosaics of real photos (not noise)
and a synthetic picture, one pair per content, so that no constant is tuned on one image.

    python3 bench/mosaic.py OUT_DIR NAME PHOTO...   mosaics of these photos: NAME-4k.png, NAME-8k.png
    python3 bench/mosaic.py OUT_DIR synthetic       gradients, hard-edged shapes, lines and noise

Each mosaic cell is a photo crop, scaled to a random cell size, maybe mirrored, laid on a grid
with cells of varied widths per row, so the picture has real edges, smooth areas and texture.
Greyscale photos become grey RGB.
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageOps

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


def synthetic(width, height, seed):
    """Smooth two-axis gradients under hard-edged discs and boxes, thin lines and a noisy band:
    content no photo set has (flat areas, exact edges, high-frequency noise)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    base = np.stack([xx / width, yy / height, 0.5 + 0.5 * np.sin(xx / 97.0) * np.cos(yy / 61.0)], axis=-1)
    img = Image.fromarray((base * 255).astype(np.uint8), "RGB")
    draw = ImageDraw.Draw(img)
    r = random.Random(seed)
    for _ in range(60):
        x, y = r.randrange(width), r.randrange(height)
        s = r.randint(width // 60, width // 12)
        colour = tuple(r.randrange(256) for _ in range(3))
        (draw.ellipse if r.random() < 0.5 else draw.rectangle)((x, y, x + s, y + s), fill=colour)
    for _ in range(200):
        draw.line([(r.randrange(width), r.randrange(height)) for _ in range(2)],
                  fill=tuple(r.randrange(256) for _ in range(3)), width=r.randint(1, 3))
    pixels = np.asarray(img).copy()
    band = slice(height // 3, height // 3 + height // 6)
    noise = rng.normal(0, 24, pixels[band].shape)
    pixels[band] = np.clip(pixels[band] + noise, 0, 255).astype(np.uint8)
    return Image.fromarray(pixels, "RGB")


def main():
    out_dir, name, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    photos = [Image.open(f).convert("RGB") for f in files]
    for key, (w, h) in SIZES.items():
        path = os.path.join(out_dir, f"{name}-{key}.png")
        if os.path.exists(path):
            continue
        seed = len(key) * 1000 + w
        img = synthetic(w, h, seed) if name == "synthetic" else mosaic(photos, w, h, seed)
        tmp = f"{path}.{os.getpid()}.tmp.png"  # two runs may build the same picture at once
        img.save(tmp, compress_level=6)
        os.replace(tmp, path)
        print(f"made {path} ({w}×{h}, {os.path.getsize(path) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
