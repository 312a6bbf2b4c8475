# Builds bggen from source and installs it: `make install` puts it in /usr/local/bin, `make install PREFIX=~/.local`
# in ~/.local/bin. The binary carries its templates, so it is the one file installed (plus the man page, when
# this version of bggen can print one).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
CONFIGURATION ?= release
SCRATCH_PATH ?= .build
SWIFT_BUILD = swift build --configuration $(CONFIGURATION) --product bggen --scratch-path "$(SCRATCH_PATH)"

.PHONY: build install uninstall

build:
	$(SWIFT_BUILD)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT_BUILD) --show-bin-path)/bggen" "$(DESTDIR)$(BINDIR)/bggen"
	@if "$(DESTDIR)$(BINDIR)/bggen" help --man >"$(SCRATCH_PATH)/bggen.1" 2>/dev/null; then \
		install -d "$(DESTDIR)$(MANDIR)" && install -m 644 "$(SCRATCH_PATH)/bggen.1" "$(DESTDIR)$(MANDIR)/bggen.1"; \
	else \
		echo "No man page installed: this version of bggen has no 'bggen help --man'."; \
	fi
	@rm -f "$(SCRATCH_PATH)/bggen.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bggen" "$(DESTDIR)$(MANDIR)/bggen.1"
