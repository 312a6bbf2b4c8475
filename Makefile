# Builds bggen from source and installs it: `make install` puts it in /usr/local/bin, `make install PREFIX=~/.local`
# in ~/.local/bin. The binary carries its templates, so it is the one file installed (plus the man page, when
# this version of bggen can print one) and the bash, zsh and fish completions.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
# Where each shell looks for completions without any set-up (bash-completion, zsh's site-functions on fpath, fish).
BASH_COMPLETIONS ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS ?= $(PREFIX)/share/fish/vendor_completions.d
CONFIGURATION ?= release
SCRATCH_PATH ?= .build
SWIFT_BUILD = swift build --configuration $(CONFIGURATION) --product bggen --scratch-path "$(SCRATCH_PATH)"
# On Linux a release links the Swift runtime and Foundation in, so the installed binary runs without the toolchain's
# libraries, and starts in 2 ms of CPU instead of 10 (most of which was loading them): a tenth of doctor's time on a
# repository of 20,000 files. macOS keeps its runtime in the OS.
ifeq ($(shell uname -s)-$(CONFIGURATION),Linux-release)
SWIFT_BUILD += --static-swift-stdlib
endif

.PHONY: build bin-path install uninstall

build:
	$(SWIFT_BUILD)

# The binary `make build` leaves, as the benchmarks time it.
bin-path:
	@echo "$$($(SWIFT_BUILD) --show-bin-path)/bggen"

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT_BUILD) --show-bin-path)/bggen" "$(DESTDIR)$(BINDIR)/bggen"
	@if "$(DESTDIR)$(BINDIR)/bggen" help --man >"$(SCRATCH_PATH)/bggen.1" 2>/dev/null; then \
		install -d "$(DESTDIR)$(MANDIR)" && install -m 644 "$(SCRATCH_PATH)/bggen.1" "$(DESTDIR)$(MANDIR)/bggen.1"; \
	else \
		echo "No man page installed: this version of bggen has no 'bggen help --man'."; \
	fi
	@rm -f "$(SCRATCH_PATH)/bggen.1"
	install -d "$(DESTDIR)$(BASH_COMPLETIONS)" "$(DESTDIR)$(ZSH_COMPLETIONS)" "$(DESTDIR)$(FISH_COMPLETIONS)"
	"$(DESTDIR)$(BINDIR)/bggen" completion bash >"$(DESTDIR)$(BASH_COMPLETIONS)/bggen"
	"$(DESTDIR)$(BINDIR)/bggen" completion zsh >"$(DESTDIR)$(ZSH_COMPLETIONS)/_bggen"
	"$(DESTDIR)$(BINDIR)/bggen" completion fish >"$(DESTDIR)$(FISH_COMPLETIONS)/bggen.fish"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bggen" "$(DESTDIR)$(MANDIR)/bggen.1" "$(DESTDIR)$(BASH_COMPLETIONS)/bggen" \
		"$(DESTDIR)$(ZSH_COMPLETIONS)/_bggen" "$(DESTDIR)$(FISH_COMPLETIONS)/bggen.fish"
