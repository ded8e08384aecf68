# Apple fidelity (included by the Makefile): genuine Core Image renders in ../shared/fidelity
# (not part of the repository: some inputs are third-party photographs), compared by its
# compare.py. FIDELITY_OUT keeps the generated images; FIDELITY_CASES picks cases.

FIDELITY_DIR ?= ../shared/fidelity
FIDELITY_OUT ?= .build/fidelity
FIDELITY_CASES ?=

.PHONY: fidelity

## fidelity: build, then compare Lunette with Apple's renders (skipped, exit 0, without ../shared/fidelity)
fidelity:
	@if [ ! -f "$(FIDELITY_DIR)/compare.py" ]; then \
	  echo "fidelity: skipped: $(FIDELITY_DIR)/compare.py not found (the Apple reference cases live outside the repository)"; \
	  exit 0; \
	fi; \
	python3 -c 'import numpy, PIL' 2>/dev/null || { echo "fidelity: compare.py needs python3 with numpy and Pillow (pip install numpy pillow)"; exit 1; }; \
	$(MAKE) --no-print-directory build && \
	python3 "$(FIDELITY_DIR)/compare.py" --lunette $(BIN) --out $(FIDELITY_OUT) $(FIDELITY_CASES)
