"""PNG size on content nobody tuned for (issue 28): Lunette's level-6 PNG against Pillow's
level-6 PNG of the same pixels (the file Lunette wrote, saved again by Pillow), counting the
image data (IDAT chunks, framing included: Pillow's copy drops Lunette's colour chunks,
73 bytes that would decide the ratio on a 27×27 render), on photos
(bundled and ../shared/testdata), crops of them, photo mosaics, synthetic pictures and the
Apple renders in ../shared/fidelity/apple. Goal: every ratio ≤ 1.05.

Usage: python3 bench/png_contents.py [LUNETTE_BINARY]   (default .build/release/lunette)
BENCH_DIR: work folder (default .build/bench). Prints one row per content and the worst.
"""
import glob
import io
import os
import subprocess
import sys
import time

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LUNETTE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "lunette")
WORK = os.path.join(os.environ.get("BENCH_DIR", os.path.join(ROOT, ".build", "bench")), "png-contents")
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def contents():
    """(name, path of a PNG) for every content, made in WORK when derived."""
    photos = sorted(glob.glob(os.path.join(ROOT, "assets", "photos", "*.png")))
    photos += sorted(glob.glob(os.path.join(SHARED, "testdata", "photos", "*.*")))
    named = {os.path.basename(p): p for p in photos}  # the shared photos repeat the bundled ones
    out = sorted(named.items())
    photos = [p for _, p in out]
    made = lambda n: os.path.join(WORK, n)
    rng = np.random.default_rng(28)
    for p in photos[-3:]:  # crops of the shared photos (2× upscaled centre: smooth, blocky)
        im = Image.open(p).convert("RGB")
        w, h = im.size
        crop = im.crop((w // 4, h // 4, w // 4 + w // 3, h // 4 + h // 3)).resize((2 * (w // 3), 2 * (h // 3)))
        crop.save(made("crop-" + os.path.splitext(os.path.basename(p))[0] + ".png"))
        out.append(("crop " + os.path.basename(p), made("crop-" + os.path.splitext(os.path.basename(p))[0] + ".png")))
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import mosaic
    imgs = [Image.open(p).convert("RGB") for p in photos]
    for seed, size in ((7, (3840, 2160)), (11, (2560, 1440))):
        mosaic.mosaic(imgs, size[0], size[1], seed).save(made(f"mosaic-{seed}.png"))
        out.append((f"mosaic seed {seed} {size[0]}×{size[1]}", made(f"mosaic-{seed}.png")))
    y, x = np.mgrid[0:1080, 0:1920]
    synthetic = {
        "gradient": np.stack([x * 255 // 1919, y * 255 // 1079, (x + y) * 255 // 2998], 2),
        "gradient+noise": np.clip(np.stack([x * 255 / 1919, y * 255 / 1079, (x + y) * 255 / 2998], 2)
                                  + rng.normal(0, 4, (1080, 1920, 3)), 0, 255),
        "flat shapes": np.stack([((x // 120 + y // 90) % 5) * 60, ((x // 240) % 3) * 120, ((y // 60) % 4) * 80], 2),
        "noise": rng.integers(0, 256, (540, 960, 3)),
    }
    for name, a in synthetic.items():
        path = made(name.replace(" ", "-").replace("+", "-") + ".png")
        Image.fromarray(a.astype(np.uint8)).save(path)
        out.append(("synthetic " + name, path))
    for p in sorted(glob.glob(os.path.join(SHARED, "fidelity", "apple", "*", "expected.png"))):
        out.append(("apple " + os.path.basename(os.path.dirname(p)), p))
    return out


def idat_bytes(data):
    """Bytes of a PNG's IDAT chunks, with their length, type and CRC."""
    at, total = 8, 0
    while at + 8 <= len(data):
        n = int.from_bytes(data[at:at + 4], "big")
        if data[at + 4:at + 8] == b"IDAT":
            total += n + 12
        at += n + 12
    return total


def main():
    os.makedirs(WORK, exist_ok=True)
    print(f"load average {os.getloadavg()[0]:.1f}; {LUNETTE}")
    print(f"{'content':<34} {'Lunette IDAT':>14} {'Pillow IDAT':>14} {'ratio':>7} {'Lunette ms':>11}")
    worst, name_worst, total = 0, "", 0
    for name, src in contents():
        out = os.path.join(WORK, "out.png")
        t = time.perf_counter()
        subprocess.run([LUNETTE, "apply", src, "-o", out], check=True)
        ms = (time.perf_counter() - t) * 1000
        b = io.BytesIO()
        Image.open(out).save(b, "PNG", compress_level=6)
        ours, theirs = idat_bytes(open(out, "rb").read()), idat_bytes(b.getvalue())
        if ours / theirs > worst:
            worst, name_worst = ours / theirs, name
        total += 1
        print(f"{name:<34} {ours:>14,} {theirs:>14,} {ours / theirs:>7.3f} {ms:>11.1f}")
    print(f"worst of {total}: {worst:.3f} ({name_worst}; goal ≤ 1.05)")


if __name__ == "__main__":
    main()
