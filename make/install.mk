# Installing and packaging (included by the Makefile); the work is in scripts/install/.
#   make install [PREFIX=/usr/local] [DESTDIR=] [STRIP=1]   binary, data, man pages, completions
#   make uninstall [PREFIX=…] [DESTDIR=…]         exactly what install recorded
#   make package                                  .build/package/lunette_<version>_<arch>.deb
# Both build the release binary first; `BIN=path` on the command line installs or packages
# that binary instead, without building (the tests do so with the debug one).

PREFIX ?= /usr/local
DESTDIR ?=
PACKAGE_DIR ?= .build/package
# swift-argument-parser's generate-manual (not a product of its package): built from the
# resolved checkout in a scratch folder of its own, once.
ARGUMENT_PARSER := .build/checkouts/swift-argument-parser
GENERATE_MANUAL := .build/tools/debug/generate-manual
INSTALL_BUILD := $(if $(filter command line,$(origin BIN)),,build)
STRIP ?= 0
INSTALL_ENV = BIN=$(BIN) GENERATE_MANUAL=$(GENERATE_MANUAL) PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) STRIP=$(STRIP)

.PHONY: install uninstall package generate-manual

## generate-manual: the tool that writes the manual pages from `lunette --experimental-dump-help`
generate-manual: $(GENERATE_MANUAL)

$(GENERATE_MANUAL):
	@[ -d $(ARGUMENT_PARSER) ] || swift package resolve
	swift build --package-path $(ARGUMENT_PARSER) --scratch-path .build/tools --product generate-manual

## install: the binary in $(PREFIX)/bin, data in share/lunette, man pages, bash/zsh/fish completions
install: $(INSTALL_BUILD) $(GENERATE_MANUAL)
	$(INSTALL_ENV) scripts/install/install.sh

## uninstall: removes what `make install` recorded in share/lunette/install-manifest
uninstall:
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install/uninstall.sh

## package: a Debian package (dpkg-deb) installing to /usr, in $(PACKAGE_DIR)
package: $(INSTALL_BUILD) $(GENERATE_MANUAL)
	$(INSTALL_ENV) scripts/install/package.sh $(PACKAGE_DIR)
