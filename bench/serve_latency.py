#!/usr/bin/env python3
"""Latency of `lunette serve` as the page sees it: a slider sweep of POST /api/render requests
(CIGaussianBlur's radius, then CIColorControls' saturation), each a quick preview (longest side
384, as the page's first render) then full resolution, on the stock photos and an uploaded
photo. Prints the median round trip per image and kind, and the machine's load average.

    python3 bench/serve_latency.py [--lunette .build/release/lunette] [--runs 24] [--upload photo.jpg]

Requests go one after another (as one slider does), with the page's `session` key and format.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request


def post(base, path, body, content_type="application/json"):
    req = urllib.request.Request(base + path, data=body, method="POST", headers={"Content-Type": content_type})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=300) as r:
            data = r.read()
            ms = (time.perf_counter() - t0) * 1000
            return ms, float(r.headers.get("X-Render-Time") or 0), data
    except urllib.error.HTTPError as e:
        sys.exit(f"{path}: HTTP {e.code}: {e.read().decode(errors='replace')}")


def cpu_ms(pid):
    """User + system CPU time of a process so far, in ms (load-independent, unlike wall time)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def start(lunette):
    proc = subprocess.Popen([lunette, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    m = re.search(r"(http://[^/ ]+)", line)
    if not m:
        proc.kill()
        sys.exit(f"lunette serve did not start: {line!r}")
    return proc, m.group(1)


def sweep(base, image, runs, page_options, pid, with_full=True):
    """Median round trips (ms) of quick and full renders over a slider sweep, the server's
    median quick render time, and the server's mean CPU time per quick and per full render."""
    quick, full, server = [], [], []
    cpu_quick = cpu_full = 0.0
    for i in range(runs):
        step = ({"filter": "CIGaussianBlur", "inputs": {"inputRadius": 2 + i % 12}} if i % 2 == 0
                else {"filter": "CIColorControls", "inputs": {"inputSaturation": 0.2 + 0.05 * (i % 20)}})
        request = dict(page_options, image=image, steps=[step], session="bench/preview")
        c0 = cpu_ms(pid)
        ms, srv, _ = post(base, "/api/render", json.dumps(dict(request, size=384)).encode())
        c1 = cpu_ms(pid)
        cpu_quick += c1 - c0
        quick.append(ms)
        server.append(srv)
        if with_full:
            ms, _, _ = post(base, "/api/render", json.dumps(request).encode())
            cpu_full += cpu_ms(pid) - c1
            full.append(ms)
    return (statistics.median(quick), statistics.median(full) if full else None, statistics.median(server),
            cpu_quick / runs, cpu_full / runs if full else None)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lunette", default=".build/release/lunette")
    ap.add_argument("--runs", type=int, default=24, help="requests per sweep (median of these; at least 20)")
    ap.add_argument("--upload", action="append", default=[], help="a photo to upload and sweep on (repeatable)")
    ap.add_argument("--images", default="astronaut,coffee,chelsea", help="stock images to sweep on")
    ap.add_argument("--full-max-pixels", type=float, default=4e6,
                    help="skip full-resolution renders of larger images (a 12 MP PNG can pass the 30 s limit on a loaded machine)")
    ap.add_argument("--options", default="{}", help="extra JSON fields for every render (e.g. the page's format)")
    args = ap.parse_args()
    proc, base = start(args.lunette)
    try:
        images = [s for s in args.images.split(",") if s]
        big = set()
        for path in args.upload:
            with open(path, "rb") as f:
                _, _, body = post(base, "/api/upload", f.read(), "application/octet-stream")
            up = json.loads(body)
            images.append(up["id"])
            if up["width"] * up["height"] > args.full_max_pixels:
                big.add(up["id"])
            print(f"uploaded {os.path.basename(path)}: {up['width']}×{up['height']} as {up['id']}")
        options = json.loads(args.options)
        load = [os.getloadavg()[0]]
        print(f"{'image':<14} {'quick (ms)':>10} {'full (ms)':>10} {'quick server (ms)':>18} {'CPU quick (ms)':>15} {'CPU full (ms)':>14}")
        for image in images:
            full = image not in big
            sweep(base, image, 2, options, proc.pid, full)  # warm: the source decoded and scaled once
            q, f, s, cq, cf = sweep(base, image, args.runs, options, proc.pid, full)
            load.append(os.getloadavg()[0])
            fs = f"{f:>10.1f}" if f is not None else f"{'skipped':>10}"
            cfs = f"{cf:>14.1f}" if cf is not None else f"{'—':>14}"
            print(f"{image:<14} {q:>10.1f} {fs} {s:>18.1f} {cq:>15.1f} {cfs}", flush=True)
        print(f"median of {args.runs} requests each (CPU: the server's mean per request); load average {min(load):.1f}…{max(load):.1f} "
              f"on {os.cpu_count()} cores")
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
