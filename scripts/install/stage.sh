#!/usr/bin/env bash
# Lays out everything `make install` and `make package` ship, relative to a prefix, in the
# folder given: bin/lunette, share/lunette/ (the stock photos with their LICENSE, the
# examples), share/man/man1/ (lunette.1 and one page per subcommand) and the bash, zsh and
# fish completions. Manual pages and completions come from the binary itself (its
# --experimental-dump-help and --generate-completion-script), so they say what --help says.
#   BIN=.build/release/lunette GENERATE_MANUAL=.build/tools/release/generate-manual stage.sh DIR
# ZSH_COMPLETIONS: where zsh completions go below the prefix (Debian's zsh reads
# share/zsh/vendor-completions for packages, site-functions under /usr/local).
# GZIP_MAN=1 compresses the manual pages and STRIP=1 strips the binary's symbol tables
# (Debian policy for packages; `make install STRIP=1` too: the release binary loses a quarter).
set -euo pipefail

out=${1:?usage: stage.sh DIR}
bin=${BIN:?BIN: the lunette executable to install}
gen=${GENERATE_MANUAL:?GENERATE_MANUAL: the generate-manual executable (make generate-manual)}
zsh_dir=${ZSH_COMPLETIONS:-share/zsh/site-functions}
src=$(cd "$(dirname "$0")/../.." && pwd)

[ -x "$bin" ] || { echo "stage: no executable at $bin" >&2; exit 1; }
[ -x "$gen" ] || { echo "stage: no generate-manual at $gen (make generate-manual)" >&2; exit 1; }

mkdir -p "$out/bin" "$out/share/lunette/photos" "$out/share/lunette/examples" "$out/share/man/man1" \
  "$out/share/bash-completion/completions" "$out/$zsh_dir" "$out/share/fish/vendor_completions.d"

install -m 755 "$bin" "$out/bin/lunette"
if [ "${STRIP:-0}" = 1 ]; then strip --strip-unneeded "$out/bin/lunette"; fi
install -m 644 "$src"/assets/photos/* "$out/share/lunette/photos/"
install -m 644 "$src"/scripts/examples/*.lua "$out/share/lunette/examples/"

# The manual's date: the last commit's (the same pages for the same sources), else today.
# generate-manual runs the tool it is given with --experimental-dump-help: a wrapper that
# spells that dump in ASCII (ascii-help.sh), which the manual keeps whole.
date=$(git -C "$src" log -1 --format=%cs 2>/dev/null || date +%F)
wrapper=$(mktemp -d "${TMPDIR:-/tmp}/lunette-manual.XXXXXX")
trap 'rm -rf "$wrapper"' EXIT
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$src/scripts/install/ascii-help.sh" "$(cd "$out/bin" && pwd)/lunette" > "$wrapper/lunette"
chmod +x "$wrapper/lunette"
"$gen" "$wrapper/lunette" --multi-page --date "$date" --output-directory "$out/share/man/man1"
if [ "${GZIP_MAN:-0}" = 1 ]; then gzip -9n "$out"/share/man/man1/*.1; fi

"$out/bin/lunette" --generate-completion-script bash > "$out/share/bash-completion/completions/lunette"
"$out/bin/lunette" --generate-completion-script zsh > "$out/$zsh_dir/_lunette"
"$out/bin/lunette" --generate-completion-script fish > "$out/share/fish/vendor_completions.d/lunette.fish"
chmod 644 "$out/share/bash-completion/completions/lunette" "$out/$zsh_dir/_lunette" \
  "$out/share/fish/vendor_completions.d/lunette.fish" "$out"/share/man/man1/*
