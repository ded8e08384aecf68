# Lunette — `make demo` and `make test` work on a fresh Debian machine with Swift.
SHELL := /bin/bash
DEPS := liblua5.4-dev libpng-dev libedit-dev libzint-dev zbar-tools
BIN := .build/release/lunette

.PHONY: deps build demo test clean

## deps: install the Debian packages Lunette builds against (only the missing ones)
deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

## build: the release binary at .build/release/lunette
build: deps
	swift build -c release --product lunette

## demo: run the showcase chain on a bundled photo, writing PNGs into out/
demo: build
	@mkdir -p out
	@start=$$(date +%s%N); \
	$(BIN) run scripts/examples/showcase.lua assets/photos/astronaut.png out; \
	ms=$$(( ($$(date +%s%N) - start) / 1000000 )); printf 'demo rendered in %d.%03d s\n' $$((ms / 1000)) $$((ms % 1000))

## test: build and run every test
test: deps
	swift build --build-tests
	swift test --skip-build

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan out

include make/hardening.mk
