#!/usr/bin/env bash
# bench/video.sh — 120 frames of 1080p through a three-filter chain (colour controls,
# Gaussian blur σ = 2, sepia) with `lunette video`, against ffmpeg's own equivalent filter
# graph (eq, gblur, colorchannelmixer) on the same clip. Prints frames per second of both.
# The clip pans and zooms across PICTURE (a real photo, e.g. a 4K mosaic of make bench), or is
# ffmpeg's testsrc2 when PICTURE is unset. REPS rounds alternate the two tools (median kept);
# both outputs go through a pipe whose bytes are counted: frames out must equal frames in.
# Not a test: it times things. Needs ffmpeg; builds the release binary when missing.
# BASELINE=path/to/other/lunette runs that binary too, in the same rounds, and prints each
# round's frame rates against ffmpeg's (the machine's phases change between rounds).
#   bench/video.sh   (FRAMES=120 SIZE=1920x1080 PICTURE=photo.png REPS=3 LUNETTE=path/to/lunette)
set -euo pipefail
cd "$(dirname "$0")/.."
FRAMES=${FRAMES:-120}
REPS=${REPS:-3}
PICTURE=${PICTURE:-}
SIZE=${SIZE:-1920x1080}
BIN=${LUNETTE:-.build/release/lunette}
BASELINE=${BASELINE:-}
command -v ffmpeg >/dev/null || { echo "bench/video.sh: ffmpeg is missing (make deps installs it)" >&2; exit 1; }
[ -x "$BIN" ] || swift build -c release --product lunette >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT


if [ -n "$PICTURE" ]; then
  # A slow zoom (1.3× to 2×) while the window drifts right and bobs up and down.
  pan="zoompan=z='1.3+0.7*on/$FRAMES':x='(iw-iw/zoom)*on/$FRAMES':y='(ih-ih/zoom)*(0.5+0.5*sin(on/20))'"
  ffmpeg -nostdin -loglevel error -loop 1 -i "$PICTURE" -vf "$pan:d=1:s=$SIZE:fps=30,format=yuv420p" \
    -frames:v "$FRAMES" -f yuv4mpegpipe "$work/clip.y4m"
  source="$(basename "$PICTURE"), panned"
else
  ffmpeg -nostdin -loglevel error -f lavfi -i "testsrc2=size=$SIZE:rate=30" -frames:v "$FRAMES" \
    -pix_fmt yuv420p -f yuv4mpegpipe "$work/clip.y4m"
  source="testsrc2"
fi
# Written out first (its writeback would otherwise run during the first round), then into
# the page cache for both tools.
sync "$work/clip.y4m"
cat "$work/clip.y4m" > /dev/null

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

# Wall seconds, then CPU seconds (user + system), of one command writing y4m to stdout; the
# bytes it wrote go to $work/bytes.
measure() {
  local TIMEFORMAT='%R %U %S' t
  t=$( { time "$@" 2> "$work/err" | wc -c > "$work/bytes" ; } 2>&1 ) || { echo "failed: $*" >&2; cat "$work/err" >&2; exit 1; }
  awk '{ printf "%s %.2f", $1, $2 + $3 }' <<< "$t"
}
# Frames in a y4m stream of $(cat $work/bytes) bytes: each frame is "FRAME\n" and w·h·3/2 bytes.
frames() { awk -v b="$(cat "$work/bytes")" -v s="$SIZE" 'BEGIN { split(s, d, "x"); printf "%d", b / (d[1] * d[2] * 1.5 + 6) }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: > "$work/lw"; : > "$work/lc"; : > "$work/fw"; : > "$work/fc"; : > "$work/bw"; : > "$work/bc"
tools=(lunette ffmpeg)
[ -n "$BASELINE" ] && tools=(lunette base ffmpeg)
n=${#tools[@]}
for ((i = 0; i < REPS; i++)); do
  for ((j = 0; j < n; j++)); do  # each round starts with the next tool
    tool=${tools[$(((i + j) % n))]}
    case $tool in
      lunette)
        read -r w c <<< "$(measure "$BIN" video -q --chain "$work/look.lua" -i "$work/clip.y4m" -o -)"
        echo "$w" >> "$work/lw"; echo "$c" >> "$work/lc"; lframes=$(frames); rl=$w; rlc=$c ;;
      base)
        read -r w c <<< "$(measure "$BASELINE" video -q --chain "$work/look.lua" -i "$work/clip.y4m" -o -)"
        echo "$w" >> "$work/bw"; echo "$c" >> "$work/bc"; rb=$w; rbc=$c ;;
      ffmpeg)
        read -r w c <<< "$(measure ffmpeg -nostdin -loglevel error -i "$work/clip.y4m" -vf "$graph" -pix_fmt yuv420p -f yuv4mpegpipe -)"
        echo "$w" >> "$work/fw"; echo "$c" >> "$work/fc"; fframes=$(frames); rf=$w; rfc=$c ;;
    esac
  done
  if [ -n "$BASELINE" ]; then
    awk -v i="$i" -v l="$rl" -v b="$rb" -v f="$rf" -v lc="$rlc" -v bc="$rbc" -v fc="$rfc" 'BEGIN {
      printf "  round %d: lunette %.2f×, baseline %.2f× ffmpeg by frame rate (CPU %.2f, %.2f, %.2f s)\n", i, f / l, f / b, lc, bc, fc }'
  fi
done
lw=$(median < "$work/lw"); lc=$(median < "$work/lc"); fw=$(median < "$work/fw"); fc=$(median < "$work/fc")

rate() { awk -v n="$FRAMES" -v s="$1" 'BEGIN { printf "%.2f", n / s }'; }
echo "video bench: $FRAMES frames of $SIZE yuv420p ($source), colour controls + blur σ=2 + sepia, $(nproc) cores, $(cut -d' ' -f1-3 /proc/loadavg) load, median of $REPS"
echo "  lunette video  ${lw} s wall, ${lc} s CPU  $(rate "$lw") frames/s, $lframes frames out"
echo "  ffmpeg -vf     ${fw} s wall, ${fc} s CPU  $(rate "$fw") frames/s, $fframes frames out"
if [ -n "$BASELINE" ]; then
  bw=$(median < "$work/bw"); bc=$(median < "$work/bc")
  echo "  baseline video ${bw} s wall, ${bc} s CPU  $(rate "$bw") frames/s"
fi
awk -v l="$lw" -v f="$fw" -v lc="$lc" -v fc="$fc" \
  'BEGIN { printf "  lunette / ffmpeg: %.2f× by wall time, %.2f× by CPU time (goal ≥ 1.5×)\n", f / l, fc / lc }'
[ "$lframes" = "$FRAMES" ] || { echo "bench/video.sh: lunette wrote $lframes frames of $FRAMES" >&2; exit 1; }
