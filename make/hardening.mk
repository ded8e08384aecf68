# Hardening targets (included by the Makefile): fuzzing, sanitizers, soak.

FUZZ_SCRATCH := .build-fuzz
FUZZ_TARGETS := FuzzPNG FuzzLua
# Swift modules get libFuzzer's coverage instrumentation through the frontend only, so
# that libFuzzer's main is linked into the fuzz executables alone (Package.swift), not
# into the build-tool executables the package also links.
FUZZ_FLAGS := -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer,address \
              -Xcc -fsanitize=fuzzer-no-link,address
# Seconds each fuzz target runs: make fuzz SECONDS=600
SECONDS ?= 60
# Seed folders besides fuzz/seeds/<target>:
FUZZ_SEEDS_FuzzPNG := Tests/Fixtures/pngsuite Tests/Fixtures/libpng-crashers Tests/Fixtures/fuzz/png
FUZZ_SEEDS_FuzzLua :=

.PHONY: fuzz fuzz-build fuzz-smoke

## fuzz-build: the libFuzzer executables (.build-fuzz/debug/<target>)
fuzz-build: deps
	@set -o pipefail; for t in $(FUZZ_TARGETS); do \
	  LUNETTE_FUZZ=1 swift build --scratch-path $(FUZZ_SCRATCH) --product $$t $(FUZZ_FLAGS) 2>&1 \
	    | { grep -Ev '^\[|ld.gold: warning' || true; } || { echo "fuzz-build: $$t failed"; exit 1; }; \
	done

## fuzz: runs every fuzz target for SECONDS seconds (fuzz/run.sh); fails on any crash, leak, timeout or OOM
fuzz: fuzz-build
	@status=0; $(foreach t,$(FUZZ_TARGETS),fuzz/run.sh $(t) $(SECONDS) fuzz/seeds/$(t) $(FUZZ_SEEDS_$(t)) || status=1;) exit $$status

## fuzz-smoke: a short run of every fuzz target (CI)
fuzz-smoke:
	$(MAKE) fuzz SECONDS=45

SOAK_N ?= 10000
.PHONY: soak

## soak: 10,000 small PNGs through a filter chain with the release build (no file lost, memory drift < 10 %)
soak: build
	@rm -rf .build/soak && mkdir -p .build/soak
	$(BIN) run scripts/soak/batch.lua $(SOAK_N) .build/soak/batch 10
	@rm -rf .build/soak

# Sanitizer runs: separate scratch paths so the normal build stays as it is.
ASAN_TESTS ?=
TSAN_TESTS ?=
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no
.PHONY: test-sanitize test-asan test-tsan

## test-sanitize: the test suite under AddressSanitizer, then ThreadSanitizer; any report fails it
test-sanitize: test-asan test-tsan

## test-asan: every test (or ASAN_TESTS='CodecsTests|LuaBridgeTests') under AddressSanitizer in .build-asan
test-asan: deps
	swift build --build-tests --sanitize=address --scratch-path .build-asan
	@$(SANITIZER_ENV) LUNETTE_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 \
	  swift test --skip-build --sanitize=address --scratch-path .build-asan $(if $(ASAN_TESTS),--filter '$(ASAN_TESTS)') \
	  > .build-asan/test.log 2>&1; status=$$?; \
	grep -E 'error:' .build-asan/test.log | head -20; grep -E 'Executed [0-9]+ tests?, with' .build-asan/test.log | tail -1; \
	reports=$$(grep -c 'ERROR: AddressSanitizer' .build-asan/test.log); \
	echo "AddressSanitizer reports: $$reports (log .build-asan/test.log)"; [ $$status = 0 ] && [ $$reports = 0 ]

## test-tsan: every test (or TSAN_TESTS='PixelCoreTests|FiltersTests') under ThreadSanitizer in .build-tsan
test-tsan: deps
	swift build --build-tests --sanitize=thread --scratch-path .build-tsan
	@$(SANITIZER_ENV) LUNETTE_SANITIZER=thread \
	  swift test --skip-build --sanitize=thread --scratch-path .build-tsan $(if $(TSAN_TESTS),--filter '$(TSAN_TESTS)') \
	  > .build-tsan/test.log 2>&1; status=$$?; \
	grep -E 'error:' .build-tsan/test.log | head -20; grep -E 'Executed [0-9]+ tests?, with' .build-tsan/test.log | tail -1; \
	reports=$$(grep -c 'WARNING: ThreadSanitizer' .build-tsan/test.log); \
	echo "ThreadSanitizer reports: $$reports (log .build-tsan/test.log)"; [ $$status = 0 ] && [ $$reports = 0 ]
