"""In-memory tasks for the peer libraries, one process per measurement.

    python3 bench/peers.py TOOL TASK INPUT [--repeat N] [--warmup N]

TOOL is opencv-f32 (RGBA float32, Lunette's working format), opencv-u8 (RGBA uint8),
numpy-f32 (RGBA float32: the area average or min/max as reads of the image) or pillow (RGB uint8). Loading the input is not timed; each repetition prints
"TASK <milliseconds>", as `lunette bench` does.
"""
import argparse
import io
import math
import sys
import time

import numpy as np

SIGMA = 10.0
SHARPEN = [0, -1, 0, -1, 5, -1, 0, -1, 0]
# Colour matrix rows (R, G, B, A) and bias: a warm, slightly desaturated look.
MATRIX = [[0.9, 0.1, 0.05, 0], [0.05, 0.85, 0.05, 0], [0.0, 0.05, 0.8, 0], [0, 0, 0, 1]]
BIAS = [0.02, 0.01, 0.0, 0.0]
ANGLE = 10.0  # degrees, about the centre


def hue_matrix(angle):
    """Rotation about the grey axis (as CIHueAdjust), 3×3."""
    c, s = math.cos(angle), math.sin(angle)
    k = 1 / 3
    r3 = math.sqrt(k)
    return np.array([[c + (1 - c) * k, (1 - c) * k - r3 * s, (1 - c) * k + r3 * s],
                     [(1 - c) * k + r3 * s, c + (1 - c) * k, (1 - c) * k - r3 * s],
                     [(1 - c) * k - r3 * s, (1 - c) * k + r3 * s, c + (1 - c) * k]], np.float32)


def saturation_matrix(s):
    lum = np.array([0.2125, 0.7154, 0.0721], np.float32)
    return (np.outer(np.ones(3), lum) * (1 - s) + np.eye(3) * s).astype(np.float32)


def to8(x):
    """Canny wants uint8: float input is scaled to 0…255 first (timed with it)."""
    return x if x.dtype == np.uint8 else (x * 255).astype(np.uint8)


def disc(r):
    """A disc of radius r (dx² + dy² ≤ r²) as a uint8 structuring element."""
    y, x = np.mgrid[-r:r + 1, -r:r + 1]
    return (x * x + y * y <= r * r).astype(np.uint8)


def motion_kernel(sigma, angle):
    """CIMotionBlur's kernel: a Gaussian line cut at 3σ, one sample a pixel, splatted bilinearly."""
    reach = math.ceil(3 * sigma)
    ux, uy = math.cos(angle), math.sin(angle)
    hx, hy = math.ceil(reach * abs(ux)) + 1, math.ceil(reach * abs(uy)) + 1
    k = np.zeros((2 * hy + 1, 2 * hx + 1), np.float32)
    for t in range(-reach, reach + 1):
        g = math.exp(-t * t / (2 * sigma * sigma))
        px, py = t * ux, t * uy
        x0, y0 = math.floor(px), math.floor(py)
        fx, fy = px - x0, py - y0
        for dx, wx in ((0, 1 - fx), (1, fx)):
            for dy, wy in ((0, 1 - fy), (1, fy)):
                k[hy - (y0 + dy), x0 + dx + hx] += g * wx * wy
    return k / k.sum()


def guided(img, r, eps):
    """He, Sun and Tang's guided filter of every channel, guided by the luma, with box means."""
    import cv2
    box = lambda x: cv2.boxFilter(x, -1, (2 * r + 1, 2 * r + 1), borderType=cv2.BORDER_REPLICATE)
    g = cv2.cvtColor(img, cv2.COLOR_RGBA2GRAY)
    mg = box(g)
    var = box(g * g) - mg * mg
    mp = box(img)
    a = (box(img * g[..., None]) - mg[..., None] * mp) / (var[..., None] + eps)
    b = mp - a * mg[..., None]
    return box(a) * g[..., None] + box(b)


def opencv_tasks(img, depth):
    import cv2
    h, w = img.shape[:2]
    rep = cv2.BORDER_REPLICATE
    m45 = np.hstack([np.array(MATRIX, np.float32), np.array(BIAS, np.float32)[:, None]])
    k = np.array(SHARPEN, np.float32).reshape(3, 3)
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), ANGLE, 1.0)
    sat = np.eye(4, dtype=np.float32); sat[:3, :3] = saturation_matrix(1.2)
    hue = np.eye(4, dtype=np.float32); hue[:3, :3] = hue_matrix(0.3)

    def chain(x):
        x = cv2.multiply(x, (2 ** 0.5, 2 ** 0.5, 2 ** 0.5, 1.0))
        x = cv2.transform(x, sat)
        x = cv2.transform(x, hue)
        x = cv2.pow(np.maximum(x, 0), 1.1)
        return cv2.transform(x, m45)

    return {
        "blur": lambda: cv2.GaussianBlur(img, (0, 0), SIGMA, borderType=rep),
        "conv3x3": lambda: cv2.filter2D(img, -1, k, borderType=rep),
        "matrix": lambda: cv2.transform(img, m45),
        "chain5": lambda: chain(img),
        "rotate": lambda: cv2.warpAffine(img, rot, (w, h), flags=cv2.INTER_LINEAR),
        "lanczos": lambda: cv2.resize(img, (w // 2, h // 2), interpolation=cv2.INTER_LANCZOS4),
        "bicubic": lambda: cv2.resize(img, (w // 2, h // 2), interpolation=cv2.INTER_CUBIC),
        "average": lambda: cv2.mean(img),
        "histogram": lambda: [cv2.calcHist([img], [c], None, [256], [0, 1 if depth == "opencv-f32" else 256])
                              for c in range(4)],
        # as CICannyEdgeDetector's defaults: luma, Gaussian σ 1.6, thresholds 0.05 / 0.02 of full scale
        "minmax": lambda: [cv2.minMaxLoc(c)[:2] for c in cv2.split(img)],
        # CIKMeans's defaults: 8 clusters, 5 passes over every pixel
        "kmeans": lambda: cv2.kmeans(img.reshape(-1, 4).astype(np.float32), 8, None,
                                     (cv2.TERM_CRITERIA_MAX_ITER, 5, 0), 1, cv2.KMEANS_PP_CENTERS),
        "guided": lambda: guided(img, 8, 0.01),
        "canny": lambda: cv2.Canny(cv2.GaussianBlur(to8(cv2.cvtColor(img, cv2.COLOR_RGBA2GRAY)), (0, 0), 1.6), 5, 13),


        **{f"box{r}": (lambda r=r: cv2.blur(img, (2 * r + 1, 2 * r + 1), borderType=rep)) for r in (5, 20, 80)},
        **{f"dilate{r}": (lambda r=r: cv2.dilate(img, disc(r))) for r in (5, 20, 80)},
        **{f"erode{r}": (lambda r=r: cv2.erode(img, disc(r))) for r in (5, 20, 80)},
        "median3": lambda: cv2.medianBlur(img, 3),
        "median5": lambda: cv2.medianBlur(img, 5),
        "motion": lambda: cv2.filter2D(img, -1, motion_kernel(10, 0.5), borderType=rep),
    }


def pillow_tasks(img):
    from PIL import Image, ImageEnhance, ImageFilter
    w, h = img.size
    m12 = tuple(v for i in range(3) for v in (*MATRIX[i][:3], BIAS[i] * 255))
    gamma = [min(255, int(round(255 * (i / 255) ** 1.1))) for i in range(256)] * 3

    def chain(x):
        x = ImageEnhance.Brightness(x).enhance(1.4)
        x = ImageEnhance.Color(x).enhance(1.2)
        x = ImageEnhance.Contrast(x).enhance(1.1)
        x = x.point(gamma)
        return x.convert("RGB", m12)

    return {
        "blur": lambda: img.filter(ImageFilter.GaussianBlur(SIGMA)),
        "conv3x3": lambda: img.filter(ImageFilter.Kernel((3, 3), SHARPEN, scale=1)),
        "matrix": lambda: img.convert("RGB", m12),
        "chain5": lambda: chain(img),
        "rotate": lambda: img.rotate(ANGLE, resample=Image.BILINEAR),
        "lanczos": lambda: img.resize((w // 2, h // 2), Image.LANCZOS),
        "bicubic": lambda: img.resize((w // 2, h // 2), Image.BICUBIC),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("task")
    ap.add_argument("input")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=1)
    a = ap.parse_args()

    if a.tool.startswith("opencv"):
        import cv2
        if a.task == "decode":
            work = lambda: cv2.imread(a.input, cv2.IMREAD_UNCHANGED)
        else:
            bgr = cv2.imread(a.input, cv2.IMREAD_UNCHANGED)
            if a.task == "encode":
                work = lambda: cv2.imencode(".png", bgr, [cv2.IMWRITE_PNG_COMPRESSION, 6])
            else:
                rgba = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGBA)
                img = rgba.astype(np.float32) / 255 if a.tool == "opencv-f32" else rgba
                work = opencv_tasks(img, a.tool)[a.task]
    elif a.tool == "numpy-f32":
        from PIL import Image
        img = np.asarray(Image.open(a.input).convert("RGBA"), np.float32) / 255
        flat = img.reshape(-1, 4)
        work = ((lambda: (flat.min(axis=0), flat.max(axis=0))) if a.task == "minmax"
                else (lambda: flat.mean(axis=0, dtype=np.float64)))
    elif a.tool == "pillow":
        from PIL import Image
        if a.task == "decode":
            work = lambda: Image.open(a.input).load()
        else:
            img = Image.open(a.input).convert("RGB")
            if a.task == "encode":
                work = lambda: img.save(io.BytesIO(), "PNG", compress_level=6)
            else:
                work = pillow_tasks(img)[a.task]
    else:
        sys.exit(f"peers.py: unknown tool {a.tool}")

    for _ in range(a.warmup):
        work()
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        work()
        print(a.task, f"{(time.perf_counter() - t0) * 1000:.3f}", flush=True)


if __name__ == "__main__":
    main()
