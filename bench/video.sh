#!/usr/bin/env bash
# bench/video.sh — 120 frames of 1080p through a three-filter chain (colour controls,
# Gaussian blur σ = 2, sepia) with `lunette video`, against ffmpeg's own equivalent filter
# graph (eq, gblur, colorchannelmixer) on the same clip. Prints frames per second of both.
# Not a test: it times things. Needs ffmpeg; builds the release binary when missing.
#   bench/video.sh            (FRAMES=120 SIZE=1920x1080 LUNETTE=path/to/lunette to change)
set -euo pipefail
cd "$(dirname "$0")/.."
FRAMES=${FRAMES:-120}
SIZE=${SIZE:-1920x1080}
BIN=${LUNETTE:-.build/release/lunette}
command -v ffmpeg >/dev/null || { echo "bench/video.sh: ffmpeg is missing (make deps installs it)" >&2; exit 1; }
[ -x "$BIN" ] || swift build -c release --product lunette >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT


ffmpeg -nostdin -loglevel error -f lavfi -i "testsrc2=size=$SIZE:rate=30" -frames:v "$FRAMES" \
  -pix_fmt yuv420p -f yuv4mpegpipe "$work/clip.y4m"
cat "$work/clip.y4m" > /dev/null   # into the page cache for both runs

cat > "$work/look.lua" <<'LUA'
return {steps = {
  {filter = "CIColorControls", inputs = {saturation = 1.2, contrast = 1.1, brightness = 0.02}},
  {filter = "CIGaussianBlur", inputs = {radius = 2}},
  {filter = "CISepiaTone", inputs = {intensity = 1}},
}}
LUA
# ffmpeg's graph: the same three operations (eq works on Y′CbCr; colorchannelmixer with the
# sepia matrix makes ffmpeg convert to RGB and back, as lunette does).
graph="eq=saturation=1.2:contrast=1.1:brightness=0.02,gblur=sigma=2,colorchannelmixer=rr=.393:rg=.769:rb=.189:gr=.349:gg=.686:gb=.168:br=.272:bg=.534:bb=.131"

# Wall seconds, then CPU seconds (user + system), of one command.
measure() {
  local TIMEFORMAT='%R %U %S' t
  t=$( { time "$@" > /dev/null 2> "$work/err" ; } 2>&1 ) || { echo "failed: $*" >&2; cat "$work/err" >&2; exit 1; }
  awk '{ printf "%s %.2f", $1, $2 + $3 }' <<< "$t"
}
read -r lw lc <<< "$(measure "$BIN" video -q --chain "$work/look.lua" -i "$work/clip.y4m" -o -)"
read -r fw fc <<< "$(measure ffmpeg -nostdin -loglevel error -i "$work/clip.y4m" -vf "$graph" -pix_fmt yuv420p -f yuv4mpegpipe -y /dev/null)"

rate() { awk -v n="$FRAMES" -v s="$1" 'BEGIN { printf "%.2f", n / s }'; }
echo "video bench: $FRAMES frames of $SIZE yuv420p, colour controls + blur σ=2 + sepia, $(nproc) cores"
echo "  lunette video  ${lw} s wall, ${lc} s CPU  $(rate "$lw") frames/s"
echo "  ffmpeg -vf     ${fw} s wall, ${fc} s CPU  $(rate "$fw") frames/s"
awk -v l="$lw" -v f="$fw" -v lc="$lc" -v fc="$fc" \
  'BEGIN { printf "  lunette / ffmpeg: %.2f× by wall time, %.2f× by CPU time (goal ≥ 1.2×)\n", f / l, fc / lc }'
