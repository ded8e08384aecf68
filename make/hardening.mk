# Hardening targets (included by the Makefile): fuzzing, sanitizers, soak.

FUZZ_SCRATCH := .build-fuzz
FUZZ_TARGETS := FuzzPNG FuzzLua FuzzY4M FuzzChain FuzzJPEG FuzzWebP FuzzTIFF FuzzHEIF FuzzEXR
# Swift modules get libFuzzer's coverage instrumentation through the frontend only, so
# that libFuzzer's main is linked into the fuzz executables alone (Package.swift), not
# into the build-tool executables the package also links.
FUZZ_FLAGS := -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer,address \
              -Xcc -fsanitize=fuzzer-no-link,address
# Seconds each fuzz target runs: make fuzz SECONDS=600
SECONDS ?= 60
# Seed folders besides Fuzz/seeds/<target>:
FUZZ_SEEDS_FuzzPNG := Tests/Fixtures/pngsuite Tests/Fixtures/libpng-crashers Tests/Fixtures/fuzz/png
FUZZ_SEEDS_FuzzLua :=
FUZZ_SEEDS_FuzzY4M := Tests/Fixtures/fuzz/y4m
FUZZ_SEEDS_FuzzChain := Tests/Fixtures/fuzz/chain scripts/examples
FUZZ_SEEDS_FuzzJPEG :=
FUZZ_SEEDS_FuzzWebP :=
FUZZ_SEEDS_FuzzTIFF :=
FUZZ_SEEDS_FuzzHEIF :=
FUZZ_SEEDS_FuzzEXR := Tests/Fixtures/fuzz/exr

.PHONY: fuzz fuzz-build fuzz-smoke

## fuzz-build: the libFuzzer executables (.build-fuzz/debug/<target>)
fuzz-build: deps
	@set -o pipefail; for t in $(FUZZ_TARGETS); do \
	  LUNETTE_FUZZ=1 swift build --scratch-path $(FUZZ_SCRATCH) --product $$t $(FUZZ_FLAGS) 2>&1 \
	    | { grep -Ev '^\[|ld.gold: warning' || true; } || { echo "fuzz-build: $$t failed"; exit 1; }; \
	done

## fuzz: runs every fuzz target for SECONDS seconds (Fuzz/run.sh); fails on any crash, leak, timeout or OOM
fuzz: fuzz-build
	@status=0; $(foreach t,$(FUZZ_TARGETS),Fuzz/run.sh $(t) $(SECONDS) Fuzz/seeds/$(t) $(FUZZ_SEEDS_$(t)) || status=1;) exit $$status

## fuzz-smoke: a short run of every fuzz target (CI): 15 s each, 2¼ minutes in all
fuzz-smoke:
	$(MAKE) fuzz SECONDS=15

SOAK_N ?= 10000
SOAK_FRAMES ?= 10000
.PHONY: soak soak-batch soak-video

## soak: both soaks below with the release build (no file or frame lost, memory drift < 10 %)
soak: soak-batch soak-video

## soak-batch: 10,000 small PNGs through a filter chain
soak-batch: build
	@rm -rf .build/soak/batch && mkdir -p .build/soak
	@start=$$(date +%s); $(BIN) run scripts/soak/batch.lua $(SOAK_N) .build/soak/batch 10; \
	  echo "batch: $$(( $$(date +%s) - start )) s wall in all"
	@rm -rf .build/soak/batch

## soak-video: a 10,000-frame 64×48 y4m stream through a chain with `lunette video`
soak-video: build
	@rm -rf .build/soak/video
	LUNETTE=$(BIN) scripts/soak/video.sh $(SOAK_FRAMES) .build/soak/video 10 64x48
	@rm -rf .build/soak/video

# Sanitizer runs: separate scratch paths so the normal build stays as it is. Reports go
# to files (log_path), so those of the lunette processes the CLI tests start count too;
# a run passes with zero report files and every test green. Known false reports of the
# toolchain are suppressed narrowly in make/tsan.supp (see the comments there).
ASAN_TESTS ?=
ASAN_SKIP ?=
TSAN_TESTS ?=
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no
# The sanitizer builds leave out `lunette serve` (Hummingbird and SwiftNIO: minutes per build).
SANITIZER_TRAITS := --disable-default-traits
# The CI subsets: the memory-relevant tests under ASan, the concurrency tests under TSan.
CI_ASAN_TESTS := CodecsTests|LuaBridgeTests|PixelCoreTests.LimitsTests|LunetteCLITests.(VideoCLITests|BatchCLITests|LimitCLITests)
# (LuaMemoryTests measure memory drift, which ASan's quarantine makes meaningless; 60 s there.)
CI_ASAN_SKIP := LuaMemoryTests
CI_TSAN_TESTS := PixelCoreTests|CoreImageTests.ConcurrencyTests|CodecsTests.ParallelPNGTests|LunetteCLITests.(VideoCLITests|BatchCLITests|BatchSoakTests)
.PHONY: test-sanitize test-asan test-tsan ci-sanitize

## test-sanitize: the whole test suite under AddressSanitizer, then ThreadSanitizer; any report fails it
test-sanitize: test-asan test-tsan

## ci-sanitize: the CI's sanitizer subsets (CI_ASAN_TESTS, CI_TSAN_TESTS)
ci-sanitize:
	$(MAKE) test-asan ASAN_TESTS='$(CI_ASAN_TESTS)' ASAN_SKIP='$(CI_ASAN_SKIP)'
	$(MAKE) test-tsan TSAN_TESTS='$(CI_TSAN_TESTS)'

# $(call sanitizer-run,SCRATCH,SANITIZER,OPTIONS-VARIABLE,OPTIONS,FILTER,REPORT-PATTERN,NAME,SKIP)
define sanitizer-run
	@set -o pipefail; swift build --build-tests --sanitize=$(2) --scratch-path $(1) $(SANITIZER_TRAITS) 2>&1 | { grep -E 'error:' || true; }
	@rm -rf $(1)/reports && mkdir -p $(1)/reports; \
	$(SANITIZER_ENV) LUNETTE_SANITIZER=$(2) $(3)="$(4):log_path=$(CURDIR)/$(1)/reports/report" \
	  swift test --skip-build --sanitize=$(2) --scratch-path $(1) $(SANITIZER_TRAITS) $(if $(5),--filter '$(5)') $(if $(8),--skip '$(8)') \
	  > $(1)/test.log 2>&1; status=$$?; \
	grep -E 'error:' $(1)/test.log | head -20; grep -E 'Executed [0-9]+ tests?, with' $(1)/test.log | tail -1; \
	reports=$$(cat $(1)/reports/report.* 2>/dev/null | grep -c '$(6)'); \
	echo "$(7) reports: $$reports (log $(1)/test.log, reports in $(1)/reports)"; \
	[ $$reports = 0 ] || cat $(1)/reports/report.* | grep -E '^(WARNING|ERROR|SUMMARY)|#[0-3] ' | head -40; \
	[ $$status = 0 ] && [ $$reports = 0 ]
endef

## test-asan: every test (or ASAN_TESTS='CodecsTests|LuaBridgeTests') under AddressSanitizer in .build-asan
test-asan: deps
	$(call sanitizer-run,.build-asan,address,ASAN_OPTIONS,detect_leaks=0,$(ASAN_TESTS),ERROR: AddressSanitizer,AddressSanitizer,$(ASAN_SKIP))

## test-tsan: every test (or TSAN_TESTS='PixelCoreTests|FiltersTests') under ThreadSanitizer in .build-tsan
test-tsan: deps
	$(call sanitizer-run,.build-tsan,thread,TSAN_OPTIONS,suppressions=$(CURDIR)/make/tsan.supp,$(TSAN_TESTS),WARNING: ThreadSanitizer,ThreadSanitizer)
