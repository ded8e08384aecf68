## docs: DocC sites for the Lunette and CoreImage modules in out/docs/ (the toolchain's
## docc over `swift package dump-symbol-graph`: no package dependency, nothing in CI)
SYMBOLS := .build/x86_64-unknown-linux-gnu/symbolgraph
DOCC := $(shell command -v docc || echo /opt/swift/usr/bin/docc)

.PHONY: docs
docs: deps
	@# CCoreImage (a module map naming CoreImage) fails extraction; the Swift modules are written
	-swift package dump-symbol-graph --minimum-access-level public >/dev/null 2>&1
	@test -f $(SYMBOLS)/CoreImage.symbols.json && test -f $(SYMBOLS)/Lunette.symbols.json
	@rm -rf .build/docs-symbols out/docs && mkdir -p .build/docs-symbols/CoreImage .build/docs-symbols/Lunette out/docs
	cp $(SYMBOLS)/CoreImage.symbols.json $(SYMBOLS)/CoreImage@*.symbols.json .build/docs-symbols/CoreImage/
	cp $(SYMBOLS)/Lunette.symbols.json .build/docs-symbols/Lunette/
	$(DOCC) convert Sources/CoreImage/CoreImage.docc --fallback-display-name CoreImage \
	  --fallback-bundle-identifier org.lunette.CoreImage --additional-symbol-graph-dir .build/docs-symbols/CoreImage \
	  --transform-for-static-hosting --hosting-base-path CoreImage --output-path out/docs/CoreImage
	$(DOCC) convert Sources/Lunette/Lunette.docc --fallback-display-name Lunette \
	  --fallback-bundle-identifier org.lunette.Lunette --additional-symbol-graph-dir .build/docs-symbols/Lunette \
	  --transform-for-static-hosting --hosting-base-path Lunette --output-path out/docs/Lunette
	@echo "documentation in out/docs/CoreImage and out/docs/Lunette (serve out/docs, open /CoreImage/documentation/coreimage)"
