#!/usr/bin/env bash
# Runs `BIN ARGS…` and prints its output in ASCII: swift-argument-parser's generate-manual
# drops every non-ASCII character (so `arg[1…]` would read `arg[1]` in the manual), so the
# manual is generated from this spelling instead: … as ..., → as ->, × as x, ′ as '.
#   ascii-help.sh .build/release/lunette --experimental-dump-help
set -euo pipefail
bin=$1; shift
"$bin" "$@" | sed "s/′/'/g" | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT
