# Builds bggen from source and installs it: `make install` puts it in /usr/local/bin, `make install PREFIX=~/.local`
# in ~/.local/bin. The binary carries its templates, so it is the one file installed (plus the man page, when
# this version of bggen can print one) and the bash, zsh and fish completions.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
# Where bash-completion and fish look for completions without any set-up (for /usr/local and ~/.local alike), and
# zsh's site-functions, which is on zsh's fpath for some prefixes only (not ~/.local; install says when it is not).
BASH_COMPLETIONS ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS ?= $(PREFIX)/share/fish/vendor_completions.d
CONFIGURATION ?= release
SCRATCH_PATH ?= .build
SWIFT_BUILD = swift build --configuration $(CONFIGURATION) --product bggen --scratch-path "$(SCRATCH_PATH)"
# On Linux a release links the Swift runtime and Foundation in, so the installed binary runs without the toolchain's
# libraries, and starts in 2 ms of CPU instead of 10 (most of which was loading them): a tenth of doctor's time on a
# repository of 20,000 files. It is linked at a fixed address (-no-pie), so the loader has none of its pointers to
# relocate before main: 1.0 M instructions fewer at each start (3.2 M for `bggen --version` instead of 4.2 M). macOS
# keeps its runtime in the OS.
ifeq ($(shell uname -s)-$(CONFIGURATION),Linux-release)
SWIFT_BUILD += --static-swift-stdlib -Xlinker -no-pie
endif

# The installed binary is stripped of its symbols (issue 42 measured a static Linux release: 85 MB, 62 MB stripped). On
# macOS, strip(1) leaves the linker's ad-hoc signature invalid, and Apple silicon runs no unsigned binary, so it is
# signed again (codesign(1)).
STRIP ?= strip
ifeq ($(shell uname -s),Darwin)
RESIGN ?= codesign --force --sign -
else
RESIGN ?= true
endif

# What `make install` says last: one line saying what went where, then what a shell needs to find them: the PATH
# line when BINDIR is not on PATH (~/.local/bin is not, on macOS by default), and zsh's fpath line when zsh does not
# look in ZSH_COMPLETIONS. Not for a staged install (DESTDIR), whose paths are not the ones a shell will see.
ifeq ($(MANDIR) $(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS),$(PREFIX)/share/man/man1 $(PREFIX)/share/bash-completion/completions $(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d)
SHARED_FILES_PLACE = under $(DESTDIR)$(PREFIX)/share
else
SHARED_FILES_PLACE = in $(DESTDIR)$(MANDIR), $(DESTDIR)$(BASH_COMPLETIONS), $(DESTDIR)$(ZSH_COMPLETIONS) and $(DESTDIR)$(FISH_COMPLETIONS)
endif
define INSTALL_SUMMARY
installed="$(DESTDIR)$(BINDIR)/bggen"; \
man=""; if [ -f "$(DESTDIR)$(MANDIR)/bggen.1" ]; then man="its man page and "; fi; \
echo "Installed bggen ($$(( $$(wc -c <"$$installed") / 1048576 )) MB, stripped) in $(DESTDIR)$(BINDIR), $${man}bash, zsh and fish completions $(SHARED_FILES_PLACE)"; \
if [ -z "$(DESTDIR)" ]; then \
	case ":$$PATH:" in *":$(BINDIR):"*) ;; *) \
		echo "$(BINDIR) is not on PATH: add this line to ~/.zshrc (zsh, macOS's shell) or ~/.bashrc, then open a new shell:"; \
		echo "  export PATH=\"$(BINDIR):\$$PATH\"";; \
	esac; \
	if command -v zsh >/dev/null 2>&1 && ! zsh -fc 'print -rl -- $$fpath' | grep -qx "$(ZSH_COMPLETIONS)"; then \
		echo "zsh does not look in $(ZSH_COMPLETIONS): add this line to ~/.zshrc, before compinit:"; \
		echo "  fpath=($(ZSH_COMPLETIONS) \$$fpath)"; \
	fi; \
fi
endef

.PHONY: build bin-path install uninstall formula

build:
	@$(SWIFT_BUILD)

# The binary `make build` leaves, as the benchmarks time it.
bin-path:
	@echo "$$($(SWIFT_BUILD) --show-bin-path)/bggen"

# Quiet but for SwiftPM's progress and the summary: the commands themselves are noise to whoever installs.
install: build
	@install -d "$(DESTDIR)$(BINDIR)"
	@install -m 755 "$$($(SWIFT_BUILD) --show-bin-path)/bggen" "$(DESTDIR)$(BINDIR)/bggen"
	@$(STRIP) "$(DESTDIR)$(BINDIR)/bggen"
	@$(RESIGN) "$(DESTDIR)$(BINDIR)/bggen"
	@if "$(DESTDIR)$(BINDIR)/bggen" help --man >"$(SCRATCH_PATH)/bggen.1" 2>/dev/null; then \
		install -d "$(DESTDIR)$(MANDIR)" && install -m 644 "$(SCRATCH_PATH)/bggen.1" "$(DESTDIR)$(MANDIR)/bggen.1"; \
	else \
		echo "No man page installed: this version of bggen has no 'bggen help --man'."; \
	fi
	@rm -f "$(SCRATCH_PATH)/bggen.1"
	@install -d "$(DESTDIR)$(BASH_COMPLETIONS)" "$(DESTDIR)$(ZSH_COMPLETIONS)" "$(DESTDIR)$(FISH_COMPLETIONS)"
	@"$(DESTDIR)$(BINDIR)/bggen" completion bash >"$(DESTDIR)$(BASH_COMPLETIONS)/bggen"
	@"$(DESTDIR)$(BINDIR)/bggen" completion zsh >"$(DESTDIR)$(ZSH_COMPLETIONS)/_bggen"
	@"$(DESTDIR)$(BINDIR)/bggen" completion fish >"$(DESTDIR)$(FISH_COMPLETIONS)/bggen.fish"
	@$(INSTALL_SUMMARY)

uninstall:
	@rm -f "$(DESTDIR)$(BINDIR)/bggen" "$(DESTDIR)$(MANDIR)/bggen.1" "$(DESTDIR)$(BASH_COMPLETIONS)/bggen" \
		"$(DESTDIR)$(ZSH_COMPLETIONS)/_bggen" "$(DESTDIR)$(FISH_COMPLETIONS)/bggen.fish"
	@echo "Removed bggen from $(DESTDIR)$(BINDIR), its man page and bash, zsh and fish completions $(SHARED_FILES_PLACE)"

# The Homebrew formula of a release, from Formula/bggen.rb.template: `make formula URL=<the release's source archive>
# SHA256=<its shasum -a 256>` (HOMEPAGE= when the archive is not GitHub's). bggen has no hosted address yet, so no
# formula with one is committed.
FORMULA ?= $(SCRATCH_PATH)/Formula/bggen.rb
formula:
	.ci/make-formula --url "$(URL)" --sha256 "$(SHA256)" $(if $(HOMEPAGE),--homepage "$(HOMEPAGE)") --output "$(FORMULA)"
