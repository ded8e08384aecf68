"""`make bench`: Lunette against libvips, OpenCV, Pillow, ImageMagick and ffmpeg.

Every task runs on several contents (CONTENTS, built by mosaic.py): mosaics of the bundled
photos, of scikit-image's colour photos and of its greyscale photos, and a synthetic picture;
the report gives each content's row and, per peer, the spread of the ratio over contents.

Tasks: cli-4k-blur / cli-8k-blur (PNG → blur σ10 → PNG), cli-4k-jpeg (JPEG → blur σ10 →
JPEG q90), then in-memory kernels on the 4K pictures (IN_MEMORY: blurs, colour, warps, bicubic
and Lanczos halving, an area average, a 256-bin histogram, min/max, k-means, Canny, the
guided filter and edge-preserving upsampling, and the neighbourhood filters against OpenCV:
box5/20/80 (`blur`), dilate5/20/80 and erode5/20/80 (`dilate`/`erode` with a disc), median3
(`medianBlur`, uint8 too, and lunette-u8: Lunette's median of the 8-bit picture into an 8-bit buffer, as for dilate/erode; median5: OpenCV's 5×5 alone, Lunette has no 5×5 median) and motion (`filter2D`, a line kernel)), then png-size (Lunette's
level-6 PNG of several photos against Pillow's level 6 of the same pixels; goal ≤ 1.05×).
The video task (bench/video.sh: 1080p footage panned and zoomed across each content's 4K
picture) runs with BENCH_ONLY=video or a full run.

Every task runs each tool in the same run, in rounds: each round runs every tool once, in
an order that rotates from round to round (so no tool always goes first or always runs
on a warm cache). The table gives medians over the rounds, Lunette/peer ratios (below 1:
Lunette is faster), peak resident memory of each process and, for the CLI pipelines, the
output size and a table of CPU times (user + system). The chain5 task also runs one step (the colour matrix) and the chain's
CIGammaAdjust alone in its rounds: the fusion ratios come from those rows. Peers that are
missing are installed (apt-get / pip) unless BENCH_INSTALL=0; a peer that still is not
there is skipped with a message.

Environment: BENCH_REPS (rounds, default 5; 8K tasks use at most 3, chain5 three times as
many), BENCH_ONLY (comma-separated task names), BENCH_CONTENTS (comma-separated contents,
default all), BENCH_LUNETTE (the binary, default .build/release/lunette; e.g. main's for a before run),
BENCH_BASELINE (a second binary, e.g. main's, timed as tool lunette-base in the same rounds
of the in-memory and CLI tasks: its ratio is after/before),
BENCH_DIR (work folder, default .build/bench), BENCH_PEERS (comma-separated peers the CLI tasks
time, default all: e.g. vips for the 8K task on a loaded machine). The machine's load average is
printed with every task: on a shared machine only the same-run ratios mean something.
"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LUNETTE = os.environ.get("BENCH_LUNETTE") or os.path.join(ROOT, ".build", "release", "lunette")
BASELINE = os.environ.get("BENCH_BASELINE")
CLI_PEERS = [p for p in os.environ.get("BENCH_PEERS", "").split(",") if p]
WORK = os.environ.get("BENCH_DIR", os.path.join(ROOT, ".build", "bench"))
SHM = "/dev/shm" if os.path.isdir("/dev/shm") else WORK
REPS = int(os.environ.get("BENCH_REPS", "5"))
ONLY = [t for t in os.environ.get("BENCH_ONLY", "").split(",") if t]
CONTENTS = ("bundled", "skimage", "greyscale", "synthetic")
CHOSEN = [c for c in os.environ.get("BENCH_CONTENTS", "").split(",") if c] or list(CONTENTS)
PY = sys.executable
PEERS = os.path.join(ROOT, "bench", "peers.py")
IM_CONVERT = "/usr/bin/convert"  # /usr/local/bin/convert may be a stand-in that only shows PNGs


# ---------------------------------------------------------------- peers

def have_module(name):
    return subprocess.run([PY, "-c", f"import {name}"], capture_output=True).returncode == 0


def ensure_peers():
    """Installs what is missing (apt-get / pip) and returns the set of usable peers."""
    install = os.environ.get("BENCH_INSTALL", "1") != "0"
    apt = {"vips": ("libvips-tools", lambda: shutil.which("vips")),
           "imagemagick": ("imagemagick", lambda: os.access(IM_CONVERT, os.X_OK) and real_imagemagick()),
           "ffmpeg": ("ffmpeg", lambda: shutil.which("ffmpeg"))}
    pip = {"pillow": ("pillow", "PIL"), "opencv": ("opencv-python-headless", "cv2"), "numpy": ("numpy", "numpy"),
           "skimage": ("scikit-image", "skimage")}  # scikit-image: its photos, for the bench only
    missing_apt = [pkg for pkg, ok in apt.values() if not ok()]
    if missing_apt and install:
        sudo = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
        if sudo is None:
            print(f"bench: cannot install {' '.join(missing_apt)} (not root, no sudo)")
        else:
            print(f"bench: installing {' '.join(missing_apt)} with apt-get …", flush=True)
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            subprocess.run(sudo + ["apt-get", "update", "-qq"], env=env)
            subprocess.run(sudo + ["apt-get", "install", "-y", "-qq"] + missing_apt, env=env, stdout=subprocess.DEVNULL)
    missing_pip = [pkg for pkg, mod in pip.values() if not have_module(mod)]
    if missing_pip and install:
        print(f"bench: installing {' '.join(missing_pip)} with pip …", flush=True)
        subprocess.run([PY, "-m", "pip", "install", "-q"] + missing_pip)
    usable = set()
    for name, (pkg, ok) in apt.items():
        if ok():
            usable.add(name)
        else:
            print(f"bench: skipping {name}: not installed (Debian package {pkg})")
    numpy = have_module("numpy")
    for name, (pkg, mod) in pip.items():
        if name == "numpy":
            continue
        if have_module(mod) and numpy:
            usable.add(name)
        else:
            print(f"bench: skipping {name}: Python module {mod} (pip {pkg}) or numpy missing")
    return usable


def real_imagemagick():
    r = subprocess.run([IM_CONVERT, "-version"], capture_output=True, text=True)
    return r.returncode == 0 and "ImageMagick" in r.stdout


# ---------------------------------------------------------------- running

class Popen(subprocess.Popen):
    """A Popen that records the child's peak resident memory and CPU time from wait4.
    Linux starts a spawned child's peak at this process's own (exec records the parent's
    peak from the shared or copied address space), so the column never reads below
    `own_peak_mib()`: the header prints it, keep this process small."""
    peak_rss = 0
    cpu = 0.0

    def _try_wait(self, wait_flags):
        try:
            pid, sts, ru = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.peak_rss = ru.ru_maxrss * 1024
            self.cpu = ru.ru_utime + ru.ru_stime
        return pid, sts


def run(cmd):
    """Runs a command; returns (wall seconds, peak RSS bytes, stdout)."""
    t0 = time.perf_counter()
    p = Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate()
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}): {err.decode(errors='replace').strip()[:400]}")
    run.cpu = p.cpu  # the CLI tasks' CPU table reads it
    return wall, p.peak_rss, out.decode()


def own_peak_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def internal_ms(stdout):
    """The timed repetitions a tool printed ("task 12.345" lines, median line excluded)."""
    vals = []
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] != "median":
            try:
                vals.append(float(parts[1]))
            except ValueError:
                pass
    return vals


# ---------------------------------------------------------------- tasks

SHARPEN = "0, -1, 0, -1, 5, -1, 0, -1, 0"
MATRIX = ("CIColorMatrix{RVector = Vector(0.9, 0.1, 0.05, 0), GVector = Vector(0.05, 0.85, 0.05, 0), "
          "BVector = Vector(0, 0.05, 0.8, 0), AVector = Vector(0, 0, 0, 1), BiasVector = Vector(0.02, 0.01, 0, 0)}")
PILLOW_TASKS = ("blur", "conv3x3", "matrix", "chain5", "rotate", "lanczos")
MOTION_SIGMA, MOTION_ANGLE = 10, 0.5  # peers.py builds the same line kernel
# Neighbourhood filters at radius 5, 20 and 80 (issue 24): box mean, disc dilation/erosion.
NEIGHBOURHOOD = [f"{op}{r}" for op in ("box", "dilate", "erode") for r in (5, 20, 80)] + ["median3", "median5", "motion"]
CHAIN = ["CIExposureAdjust{EV = 0.5}", "CIColorControls{saturation = 1.2}", "CIHueAdjust{angle = 0.3}",
         "CIGammaAdjust{power = 1.1}", MATRIX]


def lunette_steps(task, w, h, src=None):
    if task == "blur":
        return ["CIGaussianBlur{radius = 10}"]
    if task == "conv3x3":
        return [f"CIConvolution3X3{{weights = Vector({SHARPEN})}}"]
    if task == "matrix":
        return [MATRIX]
    if task == "chain5":
        return CHAIN
    if task == "rotate":
        return [f"CIAffineTransform{{transform = Transform.translate({-w / 2}, {-h / 2}):rotated(math.rad(10))"
                f":translated({w / 2}, {h / 2})}}", f"CICrop{{rectangle = Rect(0, 0, {w}, {h})}}"]
    if task == "lanczos":
        return ["CILanczosScaleTransform{scale = 0.5}"]
    if task == "bicubic":
        return ["CIBicubicScaleTransform{scale = 0.5}"]
    if task == "average":
        return [f"CIAreaAverage{{extent = Rect(0, 0, {w}, {h})}}"]
    if task == "histogram":
        return [f"CIAreaHistogram{{extent = Rect(0, 0, {w}, {h}), count = 256}}"]
    if task == "canny":
        return ["CICannyEdgeDetector{}"]
    if task == "minmax":
        return [f"CIAreaMinMax{{extent = Rect(0, 0, {w}, {h})}}"]
    if task == "kmeans":
        return [f"CIKMeans{{extent = Rect(0, 0, {w}, {h}), count = 8, passes = 5}}"]
    if task == "guided":
        # He et al.'s guided filter smoothing the picture with itself as the guide.
        return [f"CIGuidedFilter{{guideImage = Image.load('{src}'), radius = 8, epsilon = 0.01}}"]
    if task == "upsample":
        # The picture at a quarter of its size enlarged back onto itself.
        return [f"CIEdgePreserveUpsampleFilter{{smallImage = Image.load('{src}') | CILanczosScaleTransform{{scale = 0.25}}}}"]
    if task.startswith("box"):
        # CIBoxBlur's side is 2·⌈radius/2⌉ − 1: radius 2h + 2 averages (2h + 1)².
        return [f"CIBoxBlur{{radius = {2 * int(task[3:]) + 2}}}"]
    if task.startswith("dilate"):
        return [f"CIMorphologyMaximum{{radius = {task[6:]}}}"]
    if task.startswith("erode"):
        return [f"CIMorphologyMinimum{{radius = {task[5:]}}}"]
    if task == "median3":
        return ["CIMedianFilter{}"]
    if task == "median5":
        return None  # Core Image's median (CIMedianFilter) is 3×3 only: the peers' figures alone
    if task == "motion":
        return [f"CIMotionBlur{{radius = {MOTION_SIGMA}, angle = {MOTION_ANGLE}}}"]
    raise KeyError(task)


# In-memory tasks on the 4K pictures; from bicubic on, issue 24's resampling, reductions, edges
# and neighbourhood filters.
REDUCTIONS = ("average", "histogram", "minmax", "kmeans")
IN_MEMORY = ("blur", "conv3x3", "matrix", "chain5", "rotate", "lanczos", "bicubic", *REDUCTIONS, "canny", "guided",
             "upsample", *NEIGHBOURHOOD)


def lunette_render(src, steps, warmup=1, binary=LUNETTE):
    """`lunette bench` timing one in-memory render of `steps` after `warmup` untimed ones."""
    return [binary, "bench", src, "--present", "--repeat", "1", "--warmup", str(warmup)] + [a for s in steps for a in ("-f", s)]


def vips_mem_cmds(task, src_v, out_v, mats):
    if task == "blur":
        return [["vips", "gaussblur", src_v, out_v, "10"]]
    if task == "conv3x3":
        return [["vips", "conv", src_v, out_v, mats["sharpen"]]]
    if task == "matrix":
        return [["vips", "recomb", src_v, out_v, mats["matrix"]]]
    if task == "rotate":
        return [["vips", "rotate", src_v, out_v, "10"]]
    if task == "lanczos":
        return [["vips", "resize", src_v, out_v, "0.5", "--kernel", "lanczos3"]]
    if task == "bicubic":
        return [["vips", "resize", src_v, out_v, "0.5", "--kernel", "cubic"]]
    if task == "average":
        return [["vips", "avg", src_v]]
    return None


def cli_commands(size, src, peers, outdir):
    """Per tool: (command, output path) for PNG → Gaussian σ10 → PNG at zlib level 6."""
    o = lambda tool: os.path.join(outdir, f"cli-{size}-{tool}.png")
    cmds = {"lunette": ([LUNETTE, "apply", src, "-o", o("lunette"), "--present", "--compression", "6",
                         "-f", "CIGaussianBlur{radius = 10}"], o("lunette"))}
    if "vips" in peers:
        cmds["vips"] = (["vips", "gaussblur", src, o("vips") + "[compression=6]", "10"], o("vips"))
    if "pillow" in peers:
        code = ("import sys; from PIL import Image, ImageFilter; "
                "Image.open(sys.argv[1]).filter(ImageFilter.GaussianBlur(10)).save(sys.argv[2], compress_level=6)")
        cmds["pillow"] = ([PY, "-c", code, src, o("pillow")], o("pillow"))
    if "opencv" in peers:
        code = ("import sys, cv2; i = cv2.imread(sys.argv[1], cv2.IMREAD_UNCHANGED); "
                "cv2.imwrite(sys.argv[2], cv2.GaussianBlur(i, (0, 0), 10, borderType=cv2.BORDER_REPLICATE), "
                "[cv2.IMWRITE_PNG_COMPRESSION, 6])")
        cmds["opencv"] = ([PY, "-c", code, src, o("opencv")], o("opencv"))
    if "imagemagick" in peers:
        cmds["imagemagick"] = ([IM_CONVERT, src, "-blur", "0x10", "-define", "png:compression-level=6",
                                "-define", "png:compression-filter=5", o("imagemagick")], o("imagemagick"))
    if "ffmpeg" in peers:
        cmds["ffmpeg"] = (["ffmpeg", "-v", "error", "-y", "-i", src, "-vf", "gblur=sigma=10",
                           "-compression_level", "6", "-pred", "mixed", o("ffmpeg")], o("ffmpeg"))
    return chosen(cmds)


def chosen(cmds):
    """The CLI commands of the tools BENCH_PEERS names (all without it), Lunette's always, and
    BENCH_BASELINE's run of Lunette's command as lunette-base."""
    if BASELINE:
        cmd, out = cmds["lunette"]
        base = out.replace("-lunette.", "-lunette-base.")
        cmds["lunette-base"] = ([BASELINE] + [base if a == out else a for a in cmd[1:]], base)
    return {t: c for t, c in cmds.items() if not CLI_PEERS or t.startswith("lunette") or t in CLI_PEERS}


def jpeg_commands(src, peers, outdir):
    """Per tool: (command, output path) for JPEG → Gaussian σ10 → JPEG at quality 90 (issue 21)."""
    o = lambda tool: os.path.join(outdir, f"jpeg-4k-{tool}.jpg")
    # Lunette twice: libjpeg's standard Huffman tables (the default) and optimised ones
    # (--optimize: libjpeg buffers the whole image's coefficients for them).
    lun = lambda tool, extra: ([LUNETTE, "apply", src, "-o", o(tool), "--present", "--quality", "90"] + extra
                               + ["-f", "CIGaussianBlur{radius = 10}"], o(tool))
    cmds = {"lunette": lun("lunette", []), "lunette-optimize": lun("lunette-optimize", ["--optimize"])}
    if "vips" in peers:
        cmds["vips"] = (["vips", "gaussblur", src, o("vips") + "[Q=90]", "10"], o("vips"))
    if "pillow" in peers:
        code = ("import sys; from PIL import Image, ImageFilter; "
                "Image.open(sys.argv[1]).filter(ImageFilter.GaussianBlur(10)).save(sys.argv[2], quality=90)")
        cmds["pillow"] = ([PY, "-c", code, src, o("pillow")], o("pillow"))
    return chosen(cmds)


def rounds(tools, reps, once):
    """Runs `once(tool)` for every tool, `reps` rounds, rotating the order; returns samples."""
    samples = {t: [] for t in tools}
    for r in range(reps):
        order = tools[r % len(tools):] + tools[:r % len(tools)]
        for t in order:
            try:
                samples[t].append(once(t))
            except RuntimeError as e:
                print(f"bench: {t}: {e}")
                samples[t] = None
        tools = [t for t in tools if samples[t] is not None]
    return {t: s for t, s in samples.items() if s}


CLI_CPU = {}  # (task, content, tool) → CPU seconds (user + system) of each round


def cli_run(cmd, key):
    """`run` for the CLI tasks: (wall, peak RSS), keeping the CPU time for their CPU table."""
    wall, rss, _ = run(cmd)
    CLI_CPU.setdefault(key, []).append(run.cpu)
    return wall, rss


def cli_cpu_report():
    """Median CPU time (user + system) of the CLI tasks: on a loaded machine wall times
    include waiting for a core, CPU times do not."""
    if not CLI_CPU:
        return
    print(f"\n{'task':<14} {'content':<10} {'tool':<16} {'median CPU ms':>14} {'Lunette/peer':>13}")
    for (task, content, tool), v in CLI_CPU.items():
        lun = CLI_CPU.get((task, content, "lunette"))
        ratio = f"{statistics.median(lun) / statistics.median(v):.2f}" if lun and tool != "lunette" else ""
        print(f"{task:<14} {content:<10} {tool:<16} {statistics.median(v) * 1000:>14.1f} {ratio:>13}")


def summarize(samples):
    ms = statistics.median(s[0] for s in samples) * 1000
    rss = max(s[1] for s in samples)
    return ms, rss


# ---------------------------------------------------------------- inputs

def photo_sets(peers):
    """Photo files per content: the bundled photos, scikit-image's colour photos that are not
    bundled, and its greyscale photos (textures, a portrait, the moon)."""
    bundled = os.path.join(ROOT, "assets", "photos")
    sets = {"bundled": [os.path.join(bundled, n) for n in sorted(os.listdir(bundled)) if n.endswith(".png")],
            "synthetic": []}
    if "skimage" in peers:
        data = subprocess.run([PY, "-c", "import os, skimage.data as d; print(os.path.dirname(d.__file__))"],
                              capture_output=True, text=True, check=True).stdout.strip()
        pick = lambda names: [os.path.join(data, n) for n in names if os.path.exists(os.path.join(data, n))]
        sets["skimage"] = pick(["hubble_deep_field.jpg", "ihc.png", "motorcycle_left.png", "retina.jpg", "rocket.jpg"])
        sets["greyscale"] = pick(["brick.png", "grass.png", "gravel.png", "camera.png", "moon.png"])
    return {c: f for c, f in sets.items() if c in CHOSEN and (f or c == "synthetic")}


def load():
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


# ---------------------------------------------------------------- main

def main():
    if not os.access(LUNETTE, os.X_OK):
        sys.exit(f"bench: {LUNETTE} missing: run `swift build -c release --product lunette` first")
    os.makedirs(WORK, exist_ok=True)
    peers = ensure_peers()
    if "pillow" not in peers:
        sys.exit("bench: Pillow is needed to build the input mosaics")
    sets = photo_sets(peers)
    for content, files in sets.items():
        subprocess.run([PY, os.path.join(ROOT, "bench", "mosaic.py"), WORK, content] + files, check=True)
    inputs = {c: (os.path.join(WORK, f"{c}-4k.png"), os.path.join(WORK, f"{c}-8k.png")) for c in sets}
    w4, h4 = 3840, 2160
    outdir = os.path.join(WORK, "out")
    os.makedirs(outdir, exist_ok=True)
    results = []  # (task, content, tool, ms, rss, size)

    def want(task):
        return not ONLY or task in ONLY

    print(f"bench: {REPS} rounds, contents: {', '.join(sets)}, peers: {', '.join(sorted(peers)) or 'none'}; {load()}",
          flush=True)

    # CLI pipelines.
    for content, (src4, src8) in inputs.items():
        for size, src, reps in (("4k", src4, REPS), ("8k", src8, min(REPS, 3))):
            task = f"cli-{size}-blur"
            if not want(task):
                continue
            print(f"bench: {task} {content} … ({load()})", flush=True)
            cmds = cli_commands(size, src, peers, outdir)
            samples = rounds(list(cmds), reps, lambda t: cli_run(cmds[t][0], (task, content, t)))
            for tool, smp in samples.items():
                ms, rss = summarize(smp)
                results.append((task, content, tool, ms, rss, os.path.getsize(cmds[tool][1])))
            if "lunette" in samples:
                SAME_PIXELS[(task, content)] = pillow_ratio(cmds["lunette"][1])

        # A 4K JPEG (the picture at quality 90, by Pillow) through the same blur, back to JPEG q90.
        if want("cli-4k-jpeg"):
            print(f"bench: cli-4k-jpeg {content} … ({load()})", flush=True)
            src_j = os.path.join(WORK, f"{content}-4k.jpg")
            # In a child process: a child's peak RSS starts at its parent's (fork keeps it, exec too),
            # so the bench process itself stays small.
            subprocess.run([PY, "-c", "import sys; from PIL import Image; "
                            "Image.open(sys.argv[1]).convert('RGB').save(sys.argv[2], quality=90)", src4, src_j],
                           check=True)
            cmds = jpeg_commands(src_j, peers, outdir)
            samples = rounds(list(cmds), REPS, lambda t: cli_run(cmds[t][0], ("cli-4k-jpeg", content, t)))
            for tool, smp in samples.items():
                ms, rss = summarize(smp)
                results.append(("cli-4k-jpeg", content, tool, ms, rss, os.path.getsize(cmds[tool][1])))

    # In-memory kernels on each 4K picture.
    mats = {}
    fusion_rounds = []
    with open(os.path.join(WORK, "sharpen.mat"), "w") as f:
        f.write("3 3 1 0\n0 -1 0\n-1 5 -1\n0 -1 0\n")
    mats["sharpen"] = f.name
    with open(os.path.join(WORK, "matrix.mat"), "w") as f:
        f.write("3 3\n0.9 0.1 0.05\n0.05 0.85 0.05\n0 0.05 0.8\n")
    mats["matrix"] = f.name
    src_v = os.path.join(SHM, "lunette-bench-4k.v")
    out_v = os.path.join(SHM, "lunette-bench-out.v")
    for content, (src4, _) in inputs.items():
        if not any(want(t) for t in IN_MEMORY + ("decode", "encode")):
            break
        if "vips" in peers:
            subprocess.run(["vips", "copy", src4, src_v], check=True)
        for task in IN_MEMORY:
            if not want(task):
                continue
            print(f"bench: in-memory {task} {content} … ({load()})", flush=True)
            tools = memory_tools(task, src4, src_v, out_v, mats, peers, w4, h4)

            def once(t):
                wall, rss, out = run(tools[t])
                if t.startswith("vips"):
                    return wall, rss
                return internal_ms(out)[0] / 1000, rss
            # The fusion ratio compares two Lunette rows whose round-to-round spread here (±25 %,
            # the host's clock) is wider than the margin it is judged by: three times the rounds.
            samples = rounds(list(tools), 3 * REPS if task == "chain5" else REPS, once)
            for tool, smp in samples.items():
                ms, rss = summarize(smp)
                results.append((task, content, tool, ms, rss, None))
            if task == "chain5" and "lunette" in samples and "lunette-1step" in samples:
                fusion_rounds += [c[0] / o[0] for c, o in zip(samples["lunette"], samples["lunette-1step"])]

        # PNG decode and encode of the 4K picture (8-bit RGB, zlib level 6).
        for task in ("decode", "encode"):
            if not want(task):
                continue
            print(f"bench: png {task} {content} … ({load()})", flush=True)
            tools = {"lunette": [LUNETTE, "bench", src4, "--task", task, "--repeat", "1", "--warmup", "1"]}
            if "opencv" in peers:
                tools["opencv"] = [PY, PEERS, "opencv-u8", task, src4]
            if "pillow" in peers:
                tools["pillow"] = [PY, PEERS, "pillow", task, src4]
            if "vips" in peers:
                tools["vips(cli)"] = (["vips", "avg", src4] if task == "decode"
                                      else ["vips", "copy", src_v, os.path.join(SHM, "lunette-bench-enc.png[compression=6]")])

            def once(t):
                wall, rss, out = run(tools[t])
                return (wall, rss) if t.startswith("vips") else (internal_ms(out)[0] / 1000, rss)
            samples = rounds(list(tools), REPS, once)
            for tool, smp in samples.items():
                ms, rss = summarize(smp)
                results.append((task, content, tool, ms, rss, None))

    for p in (src_v, out_v, os.path.join(SHM, "lunette-bench-enc.png")):
        if os.path.exists(p):
            os.remove(p)
    if want("video") and "ffmpeg" in peers:
        for content, (src4, _) in inputs.items():
            print(f"bench: video {content} … ({load()})", flush=True)
            subprocess.run(["bash", os.path.join(ROOT, "bench", "video.sh")], check=False,
                           env=dict(os.environ, LUNETTE=LUNETTE, PICTURE=src4, REPS=str(min(REPS, 3))))
    report(results, sorted(fusion_rounds))
    if want("png-size"):
        png_sizes([src for src, _ in inputs.values()], outdir)
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f, indent=1)


def memory_tools(task, src4, src_v, out_v, mats, peers, w4, h4):
    """The command per tool of one in-memory task on one 4K picture."""
    # A reduction keeps its few pixels once computed: a warm-up render would leave nothing to time.
    reduction = task in REDUCTIONS
    steps = lunette_steps(task, w4, h4, src4)
    tools = {"lunette": lunette_render(src4, steps, warmup=0 if reduction else 1)} if steps else {}
    if steps and BASELINE:
        tools["lunette-base"] = lunette_render(src4, steps, warmup=0 if reduction else 1, binary=BASELINE)
    if task == "chain5":
        # One step and the chain's one non-affine step alone, in the same rounds as the
        # chain, so the fusion ratio compares samples taken minutes apart at most.
        for name, step in (("lunette-1step", MATRIX), ("lunette-gamma", CHAIN[3])):
            tools[name] = lunette_render(src4, [step])
    # OpenCV's dilate/erode cost grows with a disc's area: radius 80 runs in uint8 only.
    if "opencv" in peers and task not in ("dilate80", "erode80", "upsample"):
        tools["opencv-f32"] = [PY, PEERS, "opencv-f32", task, src4]
    # uint8 is the fast path of these
    if "opencv" in peers and (task in ("blur", "median3", "median5", "histogram", "canny", "minmax")
                              or task.startswith(("dilate", "erode"))):
        tools["opencv-u8"] = [PY, PEERS, "opencv-u8", task, src4]
    # An 8-bit picture's median or disc dilation/erosion into an 8-bit buffer, on its codes
    # (issue 24): like for like with opencv-u8 (RGBA; Lunette's clamp replicates the edges).
    if steps and (task == "median3" or task.startswith(("dilate", "erode"))):
        tools["lunette-u8"] = lunette_render(src4, steps) + ["--depth", "8"]
    if "opencv" in peers and task in ("average", "minmax"):
        tools["numpy-f32"] = [PY, PEERS, "numpy-f32", task, src4]
    if "pillow" in peers and task in PILLOW_TASKS:
        tools["pillow"] = [PY, PEERS, "pillow", task, src4]
    vcmd = vips_mem_cmds(task, src_v, out_v, mats) if "vips" in peers else None
    if vcmd:
        tools["vips(.v)"] = vcmd[0]
    return tools


SAME_PIXELS = {}  # (task, content) → Lunette's PNG / Pillow's level 6 of its pixels (the issue-28 goal)


def pillow_ratio(png):
    """Size of `png` over Pillow's level-6 PNG of the same pixels."""
    pil = subprocess.run([PY, "-c", "import io, sys; from PIL import Image; b = io.BytesIO(); "
                          "Image.open(sys.argv[1]).save(b, 'PNG', compress_level=6); print(len(b.getvalue()))", png],
                         capture_output=True, text=True, check=True)
    return os.path.getsize(png) / int(pil.stdout)


def png_sizes(pictures, outdir):
    """Lunette's PNG (level 6, the default) of each photo against Pillow's level-6 PNG of the
    file Lunette wrote (so both hold the same samples): bundled photos, the shared test
    photos when ../shared is there, the 4K mosaic and its σ10 blur from cli-4k-blur."""
    shared = os.path.join(os.path.dirname(ROOT), "shared", "testdata", "photos")
    inputs = [os.path.join(ROOT, "assets", "photos", n) for n in sorted(os.listdir(os.path.join(ROOT, "assets", "photos")))
              if n.endswith(".png")]
    if os.path.isdir(shared):
        inputs += [os.path.join(shared, n) for n in sorted(os.listdir(shared)) if n.endswith(".jpg")]
    inputs += pictures
    blurred = os.path.join(outdir, "cli-4k-lunette.png")
    print(f"\n{'png-size':<26} {'Lunette bytes':>14} {'Pillow bytes':>14} {'ratio':>7} {'Lunette ms':>11}")
    worst = 0
    for src in inputs + ([blurred] if os.path.exists(blurred) else []):
        out = os.path.join(outdir, "png-size.png")
        wall, _, _ = run([LUNETTE, "apply", src, "-o", out])
        pil = subprocess.run([PY, "-c", "import io, sys; from PIL import Image; b = io.BytesIO(); "
                              "Image.open(sys.argv[1]).save(b, 'PNG', compress_level=6); print(len(b.getvalue()))", out],
                             capture_output=True, text=True, check=True)
        ours, theirs = os.path.getsize(out), int(pil.stdout)
        worst = max(worst, ours / theirs)
        name = "4K σ10 blur (cli-4k)" if src == blurred else os.path.basename(src)
        print(f"{name:<26} {ours:>14,} {theirs:>14,} {ours / theirs:>7.3f} {wall * 1000:>11.1f}")
    print(f"{'worst':<26} {'':>14} {'':>14} {worst:>7.3f}   (goal ≤ 1.05)")


def report(results, fusion_rounds):
    print()
    print(f"{'task':<14} {'content':<10} {'tool':<16} {'median ms':>10} {'Lunette/peer':>13} {'peak RSS MiB':>13}"
          f" {'output bytes':>13}")
    print("-" * 95)
    spread = {}  # (task, tool) → ratios over contents
    for task in dict.fromkeys(r[0] for r in results):
        for content in dict.fromkeys(r[1] for r in results if r[0] == task):
            rows = [r for r in results if r[0] == task and r[1] == content]
            lun = next((r for r in rows if r[2] == "lunette"), None)
            for (_, _, tool, ms, rss, size) in rows:
                ratio = f"{lun[3] / ms:.2f}" if lun and tool != "lunette" else ""
                if ratio:
                    spread.setdefault((task, tool), []).append(lun[3] / ms)
                sz = f"{size:,}" if size is not None else ""
                print(f"{task:<14} {content:<10} {tool:<16} {ms:>10.1f} {ratio:>13} {rss / 2**20:>13.1f} {sz:>13}")
            if lun and lun[5] is not None:
                pil = next((r for r in rows if r[2] == "pillow"), None)
                if pil:
                    print(f"{'':<14} {content:<10} {'size vs Pillow':<28} {lun[5] / pil[5]:>13.3f}")
            if (task, content) in SAME_PIXELS:
                print(f"{'':<14} {content:<10} {'size vs Pillow, same pixels':<28} {SAME_PIXELS[(task, content)]:>13.3f}")
    print(f"\n{'task':<14} {'peer':<16} {'Lunette/peer over the contents: min  median  max'}")
    for (task, tool), v in spread.items():
        print(f"{task:<14} {tool:<16} {min(v):>10.2f} {statistics.median(v):>7.2f} {max(v):>6.2f}   ({len(v)} contents)")
    for (task, content, tool, ms, _, _) in results:
        peer = next((r for r in results if r[:3] == (task, content, "opencv-u8")), None) if tool == "lunette-u8" else None
        if peer:
            print(f"{task:<14} {content:<10} {'lunette-u8 / opencv-u8':<24} {ms / peer[3]:>6.2f}")
    lunette = lambda name: [r for r in results if r[0] == "chain5" and r[2] == name]
    chain, one, gamma = lunette("lunette"), lunette("lunette-1step"), lunette("lunette-gamma")
    if chain and one:
        ratios = [c[3] / o[3] for c, o in zip(chain, one)]
        print(f"\nfused five-step chain / one step (Lunette, colour matrix, same rounds): "
              f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f} over the contents)")
    if fusion_rounds:
        print(f"  the same ratio round by round: median {statistics.median(fusion_rounds):.2f}, "
              f"{fusion_rounds[0]:.2f}–{fusion_rounds[-1]:.2f} over {len(fusion_rounds)} rounds")
    if chain and gamma:
        print(f"fused five-step chain / its CIGammaAdjust step alone: "
              f"{statistics.median(c[3] / g[3] for c, g in zip(chain, gamma)):.2f}")
    cli_cpu_report()
    print(f"peak RSS floor (this process's own peak, which wait4 reports at least): {own_peak_mib():.1f} MiB")
    startup()


def startup():
    """`lunette --version` and `lunette run` of an empty script, wall and CPU (goal ≤ 15 ms)."""
    empty = os.path.join(WORK, "empty.lua")
    open(empty, "w").close()
    for name, cmd in (("lunette --version", [LUNETTE, "--version"]), ("lunette run of an empty script", [LUNETTE, "run", empty])):
        wall, cpu = [], []
        for _ in range(max(30, 2 * REPS)):
            before = os.times()
            wall.append(run(cmd)[0] * 1000)
            after = os.times()
            cpu.append((after.children_user + after.children_system - before.children_user - before.children_system) * 1000)
        print(f"{name}: median {statistics.median(wall):.1f} ms wall, {statistics.median(cpu):.0f} ms CPU ({load()})")


if __name__ == "__main__":
    main()
