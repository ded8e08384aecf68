#!/usr/bin/env bash
# `make install`: stages the files (stage.sh), then copies them into $DESTDIR$PREFIX and
# writes share/lunette/install-manifest: each file installed and each folder the install
# created, so that uninstall.sh removes exactly those and leaves the prefix as it was.
#   BIN=… GENERATE_MANUAL=… PREFIX=/usr/local DESTDIR= install.sh
set -euo pipefail

prefix=${PREFIX:-/usr/local}
root=${DESTDIR:-}$prefix
manifest=$root/share/lunette/install-manifest
here=$(cd "$(dirname "$0")" && pwd)

stage=$(mktemp -d "${TMPDIR:-/tmp}/lunette-stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
"$here/stage.sh" "$stage"

# What a previous install recorded stays recorded: its files (one no longer shipped is
# still removed by uninstall) and the folders it created.
declare -A created=() files=()
if [ -f "$manifest" ]; then
  while read -r kind path; do
    if [ "$kind" = d ]; then created[$path]=1; else files[$path]=1; fi
  done < "$manifest"
fi

# Every folder from the prefix down to `$1` that does not exist yet ("/" is the prefix).
new_dirs() {
  local d=$1
  while [ ! -d "$root$d" ]; do echo "${d:-/}"; [ -z "$d" ] && break; d=${d%/*}; done
}

count=0
while IFS= read -r -d '' f; do
  rel=${f#"$stage"}
  dir=${rel%/*}
  while IFS= read -r d; do created[$d]=1; done < <(new_dirs "$dir")
  install -D -m "$(stat -c %a "$f")" "$f" "$root$rel"
  files[$rel]=1
  count=$((count + 1))
done < <(find "$stage" -type f -print0 | sort -z)

# The manifest: files, then created folders deepest first (the order uninstall removes them).
mkdir -p "${manifest%/*}"
{
  for f in "${!files[@]}"; do printf 'f %s\n' "$f"; done | sort
  for d in "${!created[@]}"; do printf 'd %s\n' "$d"; done | sort -r
} > "$manifest"
echo "installed $count files under $root (manifest: $manifest)"
