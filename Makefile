# Lunette — `make demo` and `make test` work on a fresh Debian machine with Swift.
SHELL := /bin/bash
DEPS := liblua5.4-dev libpng-dev zlib1g-dev libdeflate-dev libisal-dev libedit-dev libzint-dev libjpeg62-turbo-dev liblcms2-dev libwebp-dev libtiff-dev libheif-dev libopenexr-dev openexr zbar-tools ffmpeg chromium dpkg-dev slurm-wlm munge libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core zxing-cpp-tools
BIN := .build/release/lunette

.PHONY: deps build demo test clean bench

## deps: install the Debian packages Lunette builds against (only the missing ones)
deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

## build: the release binary at .build/release/lunette (Swift runtime and Foundation linked
## statically: `lunette run` starts in about half the time and with 6 MB less memory)
# Every function in a section of its own, so that the release link can order them (Package.swift)
RELEASE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
build: deps
	swift build -c release --product lunette -Xswiftc -static-stdlib $(RELEASE_FLAGS)

## order: rewrite make/lunette.order, the functions common runs call, which the release link
## places together (Package.swift); profiles the release binary under valgrind
DEPS += valgrind
.PHONY: order
order: build
	python3 scripts/link/order-functions.py $(BIN) make/lunette.order
	rm -f $(BIN) && $(MAKE) --no-print-directory build

## demo: run the showcase chain on a bundled photo, writing PNGs into out/
demo: build
	@mkdir -p out
	@start=$$(date +%s%N); \
	$(BIN) run scripts/examples/showcase.lua assets/photos/astronaut.png out; \
	ms=$$(( ($$(date +%s%N) - start) / 1000000 )); printf 'demo rendered in %d.%03d s\n' $$((ms / 1000)) $$((ms % 1000))

## test: build and run every test
test: deps
	swift build --build-tests
	@$(MAKE) --no-print-directory generate-manual
	@set -o pipefail; swift test --skip-build --disable-swift-testing 2>&1 | tee .build/test.log; status=$$?; \
	summary=$$(grep -E "^\s*Executed [0-9]+ tests?, with [0-9]+ failures?" .build/test.log | tail -n 1); \
	total=$$(echo "$$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/'); \
	failed=$$(echo "$$summary" | sed -E 's/.*with ([0-9]+) failures?.*/\1/'); \
	[ -n "$$total" ] && echo "$$((total - failed)) passed, $$failed failed"; exit $$status

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan out

## bench: Lunette against libvips, OpenCV, Pillow, ImageMagick and ffmpeg (not part of test; see bench/bench.py)
bench: build
	python3 bench/bench.py

include make/hardening.mk
include make/fidelity.mk
include make/install.mk
include make/docs.mk
include make/lint.mk
