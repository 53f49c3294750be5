# whatsnew: `make run` and `make test` do all setup on a fresh Debian machine with Swift.
SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := libedit-dev libsqlite3-dev pkg-config e2fsprogs time tzdata faketime python3 python3-venv tmux zsh fish man-db
# CI builds treat warnings as errors; set WERROR= to relax locally.
WERROR ?= -Xswiftc -warnings-as-errors
RUN_APP_VERSION ?= 2.14.0
RUN_UPGRADE_FROM ?= 2.11.0

# make install: where (PREFIX, default /usr/local; DESTDIR for staging) and which binary (INSTALL_BIN: a built
# whatsnew to install instead of building the release one; the install test passes the debug build).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?=

.PHONY: deps build run test bench stress fuzz lint format format-check width-tables clean install uninstall

## deps: install the Debian packages the build and tests need (libedit, SQLite, pkg-config, the tz database, faketime, python3 and its venv, tmux; zsh, fish and man-db for the completion and man page tests) when missing.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "make deps: installing$$missing"; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
	else echo "make deps: need root or sudo to install:$$missing (run: apt-get install$$missing)" >&2; exit 1; fi; \
	if ! $$SUDO apt-get install -y -qq $$missing >/dev/null 2>&1; then \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing || \
	  { echo "make deps: apt-get could not install$$missing" >&2; exit 1; }; \
	fi

## build: debug build of everything.
build: deps
	$(SWIFT) build $(WERROR)

## run: open the REPL on the bundled releases, as a user upgrading from $(RUN_UPGRADE_FROM).
run: deps
	$(SWIFT) build --product whatsnew
	"$$($(SWIFT) build --show-bin-path)/whatsnew" --releases Releases --localizations Localizations \
	  --upgrade-from $(RUN_UPGRADE_FROM) $(ARGS)

## test: build with warnings as errors, run every test, then lint the shipped content.
test: deps
	$(SWIFT) build --build-tests $(WERROR)
	$(SWIFT) test --skip-build --parallel
	"$$($(SWIFT) build --show-bin-path)/whatsnew" lint --releases Releases --localizations Localizations

## bench: release-build the app, the idiomatic program and the benchmark; print the table, write bench/results.json and bench/README.md.
# The yardstick is whatsnew-idiomatic (Sources/WhatsNewIdiomatic): the app's start work written
# plainly, with no caches. Everything is built the way a Swift command-line tool ships on Linux:
# the Swift runtime and Foundation linked in statically (--static-swift-stdlib), system C
# libraries shared. BENCH_ARGS="--only start" (or "--only load", "--only missing", "--only explore", "--only script") runs those rows alone and writes nothing.
bench: deps
	$(SWIFT) build -c release --static-swift-stdlib $(WERROR) --product whatsnew
	$(SWIFT) build -c release --static-swift-stdlib $(WERROR) --product whatsnew-idiomatic
	$(SWIFT) build -c release --static-swift-stdlib $(WERROR) --product whatsnew-bench
	@bin="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)"; \
	SWIFT_BACKTRACE=enable=no timeout 900 "$$bin/whatsnew-bench" --app "$$bin/whatsnew" --idiomatic "$$bin/whatsnew-idiomatic" \
	  --content . --out bench --swift-version "$$($(SWIFT) --version 2>&1 | head -n 1)" $(BENCH_ARGS)

## stress: the long reliability runs (>= 200 SIGKILLs, 2 x 500 concurrent writes), bounded in time.
stress: deps
	$(SWIFT) build --build-tests $(WERROR)
	WHATSNEW_STRESS=1 timeout 1800 $(SWIFT) test --skip-build --filter ReliabilityTests

## fuzz: libFuzzer targets in Fuzz/ (release validation, versions, .strings, compiled tables, REPL commands, restore vetting), FUZZ_SECONDS each (default 20).
fuzz: deps
	FUZZ_SECONDS=$(or $(FUZZ_SECONDS),20) ./scripts/fuzz.sh

## lint: check the shipped releases and translations the way CI does.
lint: deps
	$(SWIFT) build --product whatsnew
	"$$($(SWIFT) build --show-bin-path)/whatsnew" lint --releases Releases --localizations Localizations

## format: rewrite sources with the toolchain's swift-format (.swift-format); format-check only reports.
format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

format-check:
	$(SWIFT) format lint --recursive --parallel Package.swift Sources Tests

## width-tables: regenerate DisplayWidth's tables (Sources/WhatsNewCore/Text/DisplayWidthTables.swift) and their test sample
## from the Unicode Character Database, with the PyPI packages pinned in scripts/display-width-requirements.txt (needs pip
## and PyPI; neither the build nor the tests need Python). WIDTH_ARGS passes options, e.g. WIDTH_ARGS="--check".
WIDTH_PYTHON := .build/width-tables-python
width-tables:
	python3 -m pip install --quiet --disable-pip-version-check --no-deps --target $(WIDTH_PYTHON) --upgrade \
	  -r scripts/display-width-requirements.txt
	PYTHONPATH=$(WIDTH_PYTHON) python3 scripts/generate-display-width.py $(WIDTH_ARGS)

## install: the release binary, the content it reads (Releases/ and Localizations/, in share/whatsnew), its man page
## whatsnew.1 (whatsnew man: from the same declarations as --help) and completion scripts for bash, zsh and fish
## (whatsnew completion <shell>), under PREFIX (default /usr/local); scripts/install.sh lists them in
## share/whatsnew/installed-files and never writes through a symbolic link under PREFIX.
install:
	@set -e; bin="$(INSTALL_BIN)"; \
	if [ -z "$$bin" ]; then \
	  $(SWIFT) build -c release --static-swift-stdlib $(WERROR) --product whatsnew; \
	  bin="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/whatsnew"; \
	fi; \
	./scripts/install.sh install "$(DESTDIR)$(PREFIX)" "$$bin"

## uninstall: removes exactly the files make install wrote under PREFIX (while unchanged), and the directories it
## created that are left empty.
uninstall:
	@./scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

clean:
	rm -rf .build
