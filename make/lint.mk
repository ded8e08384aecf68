# Formatting: swift-format's configuration is `.swift-format` at the top; `make format`
# rewrites the tree in place, `make lint` (a CI stage) fails on any difference.
FORMAT_PATHS := Package.swift Sources Tests Fuzz Plugins
.PHONY: format lint

## format: rewrite every Swift file as swift-format's configuration says
format:
	swift format format -i -r --parallel $(FORMAT_PATHS)

## lint: fail when a Swift file is not formatted (CI runs it)
lint:
	@swift format lint --strict -r --parallel $(FORMAT_PATHS) 2>&1 | tee .lint.log; \
	if [ -s .lint.log ]; then n=$$(wc -l < .lint.log); rm -f .lint.log; \
	  echo "lint: $$n places differ from .swift-format; run 'make format'" >&2; exit 1; fi; \
	rm -f .lint.log; echo "lint: every Swift file is formatted"
