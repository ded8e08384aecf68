"""Codec wall-clock ratios against libvips on several contents (issue 28), in one run:
4K PNG → CIGaussianBlur σ10 → PNG (level 6; goal ≤ 0.6× vips) and 4K JPEG → blur σ10 →
JPEG q90 (goal ≤ 0.7× vips, peak memory ≤ vips). Contents: the bench's 4K photo mosaic,
another mosaic (seed 7), a 4K resize of the shared Hubble photo, and a synthetic gradient
with noise. Lunette and vips alternate in rounds (the order rotating), so a busy machine
slows both alike; the load average is printed with every row.

Usage: python3 bench/codecs.py [LUNETTE_BINARY]; BENCH_REPS (default 5), BENCH_DIR.
"""
import os
import statistics
import subprocess
import sys
import time

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (rounds(), summarize())
import mosaic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LUNETTE = sys.argv[1] if len(sys.argv) > 1 else bench.LUNETTE
WORK = os.path.join(bench.WORK, "codecs")
REPS = bench.REPS


def contents():
    os.makedirs(WORK, exist_ok=True)
    photos_dir = os.path.join(ROOT, "assets", "photos")
    photos = [Image.open(os.path.join(photos_dir, n)).convert("RGB") for n in sorted(os.listdir(photos_dir))
              if n.endswith(".png")]
    out = {}
    for name, make in (
        ("mosaic", lambda: mosaic.mosaic(photos, 3840, 2160, 1)),
        ("mosaic-7", lambda: mosaic.mosaic(photos, 3840, 2160, 7)),
        ("hubble", lambda: Image.open(os.path.join(os.path.dirname(ROOT), "shared", "testdata", "photos",
                                                   "hubble_deep_field.jpg")).convert("RGB").resize((3840, 2160))),
        ("synthetic", lambda: synthetic()),
    ):
        png, jpg = os.path.join(WORK, name + ".png"), os.path.join(WORK, name + ".jpg")
        if not os.path.exists(png):
            im = make()
            im.save(png)
            im.save(jpg, quality=92)
        out[name] = (png, jpg)
    return out


def synthetic():
    y, x = np.mgrid[0:2160, 0:3840]
    rng = np.random.default_rng(4)
    a = np.stack([x * 255 / 3839, y * 255 / 2159, (x + y) * 255 / 5998], 2) + rng.normal(0, 6, (2160, 3840, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def run(cmd):
    """(wall seconds, peak RSS bytes) of one command, from wait4."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.read().decode(errors='replace')[:400]}")
    p.stderr.close()
    return wall, usage.ru_maxrss * 1024


def commands(kind, src):
    o = os.path.join(bench.SHM, "lunette-codecs-{}." + kind)
    blur = "CIGaussianBlur{radius = 10}"
    if kind == "png":
        return {"lunette": [LUNETTE, "apply", src, "-o", o.format("l"), "--present", "--compression", "6", "-f", blur],
                "vips": ["vips", "gaussblur", src, o.format("v") + "[compression=6]", "10"]}
    return {"lunette": [LUNETTE, "apply", src, "-o", o.format("l"), "--present", "--quality", "90", "-f", blur],
            "vips": ["vips", "gaussblur", src, o.format("v") + "[Q=90]", "10"]}


def main():
    print(f"{'task':<10} {'content':<10} {'lunette ms':>11} {'vips ms':>9} {'ratio':>6} {'RSS MiB l/v':>13} {'load':>5}")
    for kind in ("png", "jpg"):
        for name, (png, jpg) in contents().items():
            cmds = commands(kind, png if kind == "png" else jpg)
            samples = bench.rounds(list(cmds), REPS, lambda t: run(cmds[t]))
            (lm, lr), (vm, vr) = bench.summarize(samples["lunette"]), bench.summarize(samples["vips"])
            ratios = [a[0] / b[0] for a, b in zip(samples["lunette"], samples["vips"])]
            print(f"{kind:<10} {name:<10} {lm:>11.0f} {vm:>9.0f} {lm / vm:>6.2f} {lr / 2**20:>6.0f}/{vr / 2**20:<6.0f} "
                  f"{os.getloadavg()[0]:>5.1f}   per round {min(ratios):.2f}–{max(ratios):.2f}", flush=True)


if __name__ == "__main__":
    main()
