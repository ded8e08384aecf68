#!/usr/bin/env bash
# `make uninstall`: removes what install.sh recorded in $DESTDIR$PREFIX/share/lunette/
# install-manifest — the files, the manifest, then the folders the install created (when
# empty: a file someone added since stays, with its folder).
set -euo pipefail

prefix=${PREFIX:-/usr/local}
root=${DESTDIR:-}$prefix
manifest=$root/share/lunette/install-manifest
[ -f "$manifest" ] || { echo "uninstall: nothing installed under $root (no $manifest)" >&2; exit 1; }

removed=0
while read -r kind path; do
  if [ "$kind" = f ] && [ -e "$root$path" ]; then rm -f "$root$path"; removed=$((removed + 1)); fi
done < "$manifest"
dirs=$(sed -n 's/^d //p' "$manifest")
rm -f "$manifest"
while IFS= read -r d; do
  if [ -n "$d" ]; then rmdir "$root$d" 2>/dev/null || true; fi
done <<< "$dirs"
echo "removed $removed files from $root"
