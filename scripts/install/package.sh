#!/usr/bin/env bash
# `make package`: a Debian package, lunette_<version>_<arch>.deb in the folder given,
# installing to /usr. The version is the binary's (`lunette --version`, i.e.
# Lunette.version); Depends is what dpkg-shlibdeps derives from the shared libraries the
# binary links (each library's package and the minimum version its symbols need) and the
# libraries it opens at their first use.
#   BIN=.build/release/lunette GENERATE_MANUAL=… package.sh .build/package
# A binary linking libraries no Debian package provides (a build without -static-stdlib:
# the Swift toolchain's runtime) is refused; LUNETTE_DEB_UNPACKAGED=1 builds it anyway,
# leaving those libraries out of Depends (the tests do, with the debug binary).
# DEB_COMPRESS: dpkg-deb's compressor (xz by default; the tests use none).
set -euo pipefail

out=${1:?usage: package.sh DIR}
bin=${BIN:?BIN: the lunette executable to package}
here=$(cd "$(dirname "$0")" && pwd)
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "package: $tool not found (apt install dpkg-dev)" >&2; exit 1; }
done

version=$("$bin" --version | sed -n 's/^lunette //p')
arch=$(dpkg --print-architecture)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tree=$out/lunette_${version}_$arch
rm -rf "$tree"
mkdir -p "$tree/DEBIAN" "$tree/usr/share/doc/lunette"
ZSH_COMPLETIONS=share/zsh/vendor-completions GZIP_MAN=1 STRIP=1 "$here/stage.sh" "$tree/usr"
install -m 644 "$tree/usr/share/lunette/photos/LICENSE.md" "$tree/usr/share/doc/lunette/copyright"

# dpkg-shlibdeps reads the package names from a debian/control: a minimal one, aside.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/lunette-shlibdeps.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/debian"
printf 'Source: lunette\n\nPackage: lunette\nArchitecture: any\n' > "$scratch/debian/control"
flags=()
[ "${LUNETTE_DEB_UNPACKAGED:-0}" = 1 ] && flags+=(--ignore-missing-info)
depends=$(cd "$scratch" && dpkg-shlibdeps -O "${flags[@]}" "$tree/usr/bin/lunette" 2>"$scratch/log") || {
  cat "$scratch/log" >&2
  echo "package: dpkg-shlibdeps failed (a library no Debian package provides? build with make build)" >&2
  exit 1
}
# Its warnings name libraries linked but unused; the toolchain's (unpackaged) ones are expected.
[ "${LUNETTE_DEB_UNPACKAGED:-0}" = 1 ] || cat "$scratch/log" >&2
depends=${depends#shlibs:Depends=}
# Libraries the binary opens at their first use (dlopen: Sources/CHEIFShim/heif_api.h,
# Sources/CTextShim/text_api.h, Sources/CEditShim/lunette_edit.c) are not seen by
# dpkg-shlibdeps: their packages' shlibs entries are added here.
for soname in libheif.so.1 libfreetype.so.6 libharfbuzz.so.0 libfontconfig.so.1 libedit.so.2; do
  lib=$(ldconfig -p | awk -v s="$soname" '$1 == s { print $NF; exit }')
  [ -n "$lib" ] || { echo "package: $soname is not installed (make deps)" >&2; exit 1; }
  pkg=$(dpkg -S "$(realpath "$lib")" | cut -d: -f1)
  dep=$(dpkg-query --control-show "$pkg" shlibs | awk -v n="${soname%%.so.*}" -v v="${soname##*.so.}" \
    '$1 == n && $2 == v { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }')
  depends="$depends, ${dep:-$pkg}"
done

cat > "$tree/DEBIAN/control" <<CONTROL
Package: lunette
Version: $version
Architecture: $arch
Maintainer: Lunette maintainers <maintainers@users.noreply.a-seed-3ddafdfd.example>
Installed-Size: $(du -sk "$tree/usr" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: Core Image filters for Linux, scripted in Lua
 Lunette renders Core Image's filters with a Swift pixel core and drives them
 from Lua 5.4: apply filter chains to images, batches and y4m video, try and
 describe filters, browse them in a gallery, or script them in a REPL.
CONTROL

dpkg-deb --root-owner-group -Z"${DEB_COMPRESS:-xz}" --build "$tree" "$out/lunette_${version}_$arch.deb" >/dev/null
echo "$out/lunette_${version}_$arch.deb: $(du -k "$out/lunette_${version}_$arch.deb" | cut -f1) KiB, Depends: $depends"
