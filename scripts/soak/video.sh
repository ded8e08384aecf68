#!/usr/bin/env bash
# Video soak: an N-frame W×H y4m stream through a chain with `lunette video`, checking
# that frames out = frames in and that memory does not drift.
#   scripts/soak/video.sh N DIR [MAX_DRIFT_PERCENT] [WxH]     (LUNETTE=path/to/lunette)
# Samples the resident set size (VmRSS) of the `lunette video` process every 0.2 s.
# Drift = growth from the early level (the highest sample of the second tenth of the
# run, after warm-up) to the late level (the highest sample of the last tenth).
# Fails (exit 2) on a lost, extra or damaged frame, or when the drift exceeds
# MAX_DRIFT_PERCENT (10).
set -euo pipefail
n=${1:?usage: video.sh N DIR [MAX_DRIFT_PERCENT] [WxH]} dir=${2:?DIR} max=${3:-10} size=${4:-64x48}
w=${size%x*} h=${size#*x}
bin=${LUNETTE:-.build/release/lunette}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
"$bin" run "$here/y4m.lua" gen "$dir/in.y4m" "$n" "$w" "$h"
start=$(date +%s%N)
"$bin" video --quiet --chain "$here/video-chain.lua" -i "$dir/in.y4m" -o "$dir/out.y4m" &
pid=$!
samples=()
while kill -0 "$pid" 2>/dev/null; do
  kb=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$kb" ] && samples+=("$kb")
  sleep 0.2
done
wait "$pid" || { echo "video: lunette video failed (exit $?)" >&2; exit 2; }
ms=$(( ($(date +%s%N) - start) / 1000000 ))
"$bin" run "$here/y4m.lua" check "$dir/out.y4m" "$n" "$w" "$h" || exit 2
count=${#samples[@]}
if [ "$count" -lt 10 ]; then
  echo "video: $n frames in $((ms / 1000)).$(printf %03d $((ms % 1000))) s; too short a run to measure drift ($count samples)"
  exit 0
fi
tenth=$((count / 10))
early=$(printf '%s\n' "${samples[@]:tenth:tenth}" | sort -n | tail -1)
late=$(printf '%s\n' "${samples[@]:count-tenth}" | sort -n | tail -1)
drift=$(awk -v a="$early" -v b="$late" 'BEGIN {printf "%+.1f", (b - a) / a * 100}')
printf 'video: %d frames of %s in %d.%03d s (%.0f frames/s); %d VmRSS samples, early %.1f MiB, late %.1f MiB, peak %.1f MiB\n' \
  "$n" "$size" $((ms / 1000)) $((ms % 1000)) "$(awk -v n="$n" -v ms="$ms" 'BEGIN {print n * 1000 / ms}')" "$count" \
  "$(awk -v k="$early" 'BEGIN {print k / 1024}')" "$(awk -v k="$late" 'BEGIN {print k / 1024}')" \
  "$(printf '%s\n' "${samples[@]}" | sort -n | tail -1 | awk '{print $1 / 1024}')"
echo "video: memory drift $drift % (limit $max %)"
if awk -v d="$drift" -v m="$max" 'BEGIN {exit !(d > m)}'; then
  echo "video: memory drift $drift % exceeds $max %" >&2; exit 2
fi
