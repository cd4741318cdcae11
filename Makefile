# Triad: MVC and MVP on the Linux desktop, in Swift on GTK3. Each target installs the Debian
# packages it needs that are missing (as root; as another user it prints the apt-get line).
# See README.md, "Set-up".

.DEFAULT_GOAL := all

## run [everyday]: build and start Triad.
run: build
	"$(RELEASE_BIN)"

## dev [everyday]: the learner's loop: build (debug, `swift build`) and start Triad; a saved Swift source
## rebuilds it and starts it again on the same page, a saved view's .ui shows its page again at
## once, without a restart (build-aux/dev.py). Ctrl+C ends it.
dev: $(call prepared,deps)
	SWIFT="$(SWIFT)" /usr/bin/python3 build-aux/dev.py

## check [tests]: before each commit: the data and source checks, the model and toolkit tests, and one
## real-window pass (X11) with the long lifetime and soak loops cut short. A few minutes.
check: test-deps
	@/usr/bin/python3 build-aux/stages.py check

## test [tests]: before a push, and what CI runs: everything. The checks, the model and toolkit tests,
## the real-window tests under X11 and under Wayland, under the address and thread sanitizers and
## under failing disk calls, fuzzing, the install, the flatpak and a fresh Debian 12 machine.
## Stages run side by side where they can (build-aux/stages.py), each with its time and counts.
test: test-deps
	@/usr/bin/python3 build-aux/stages.py test

## bench [maintainers]: start-up and memory against C reference programs, and the feature benchmarks, each
## target checked against a baseline from the same run (PASS/FAIL; exit 1 when one is missed);
## writes docs/BENCHMARKS.md. About four minutes; not part of make test. BENCH_ONLY=a,b runs those
## parts (benchmarks/bench.py --list) and writes build/bench/BENCHMARKS.md instead.
bench: test-deps build build/window-reference build/window-reference-open build/users-reference build/c-floor build/swift-floor build/c-floor-libs build/swift-floor-libs
	$(SWIFT) build $(BUILD_FLAGS) --product triad-bench
	export XDG_RUNTIME_DIR=$$(mktemp -d) && TRIAD_BIN="$(RELEASE_BIN)" SWIFT="$(SWIFT)" BUILD_FLAGS="$(BUILD_FLAGS)" \
	  $(XVFB_RUN) dbus-run-session -- /usr/bin/python3 benchmarks/bench.py $(if $(BENCH_ONLY),--only $(BENCH_ONLY))

## check-bench [tests]: the bench's own test: its pass/fail logic on fixtures, a met target exits 0 and a
## missed one 1 (benchmarks/bench.py --self-test; no build, no display).
check-bench:
	/usr/bin/python3 benchmarks/bench.py --self-test

# Other targets: build, install, uninstall, screenshots, tutorial-pictures, startup-order, po, flatpak,
# clean, docs, docs-preview, and each stage of `make test` on its own (test-ui, test-ui-wayland,
# test-asan, test-tsan, test-faults, test-tutorials, fuzz, flatpak-check, fresh-check, test-install,
# check-*), and mutants.

SWIFT        ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX       ?= /usr/local
DESTDIR      ?=
APP_ID       := io.github.triad.Triad
include build-aux/release-link.mk
# Where `make build` puts the binary (SwiftPM's link to its release folder). A fixed path, not
# `swift build --show-bin-path`: that would wait for the lock of any other swift command working in
# .build, such as the model tests that `make check` runs beside a real-window pass.
RELEASE_BIN  := $(CURDIR)/.build/release/triad
# Each view's .ui sits beside its Swift file in Sources/Triad; the help overlay in Resources; and the
# tutorials' complete projects' (docs/Tutorials).
UI_FILES       := $(shell find Sources/Triad -name '*.ui' | sort) Resources/ShortcutsWindow.ui \
                  $(sort $(wildcard docs/Tutorials/*/Complete/Sources/*/*.ui))
# Where the CompileResources plugin (Plugins/) compiles the resources in a build folder: the
# GResource bundles, the translations and the settings schema. Every build makes them, `swift
# build` as much as `make build`.
# (SwiftPM names the folder after the package's folder: a shell pattern finds it.)
PLUGIN_OUT      = $(1)/plugins/outputs/*/TriadResources/destination/CompileResources
# Where each member is declared and which method each target-action connection calls, for the
# Messages pane: made from the compiler's symbol graphs (which the release build emits) and the
# app module's type-checked syntax tree (build-aux/source-map.py), and put where the plugin
# compiles it into the sources bundle. The map's file changes only when its text does, so an
# unchanged build links nothing.
SYMBOL_GRAPHS  := $(CURDIR)/build/symbol-graphs
SOURCE_MAP     := $(call PLUGIN_OUT,.build)/source-map.tsv
# The sanitizers' builds, of the same sources, show the same lines: they are given the release
# build's map where their plugin reads it (SwiftPM names that folder after the package's folder,
# in lower case), before they plan, so that the map goes into their sources bundle too.
PACKAGE_FOLDER  = $(shell basename "$(CURDIR)" | tr A-Z a-z)
give_source_map = mkdir -p $(1)/plugins/outputs/$(PACKAGE_FOLDER)/TriadResources/destination/CompileResources && \
                  cp $(SOURCE_MAP) $(1)/plugins/outputs/$(PACKAGE_FOLDER)/TriadResources/destination/CompileResources/source-map.tsv
APP_AST        := build/app-ast.txt
BUILD_FLAGS    += -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(SYMBOL_GRAPHS) \
                  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc private
# The app module type-checked again on its own, as the release build compiled it, to print its
# syntax tree: its imports from the built modules, the C modules' maps and GTK's headers.
C_MODULES      := CGtk CGLib CSQLite CCrypt CIntl CPWQuality CGtkSourceView
APP_AST_ARGS    = "$(dir $(SWIFT))swiftc" -dump-ast -swift-version 6 -module-name triad \
                  $(shell find Sources/Triad -name '*.swift' | sort) -I .build/release/Modules $(addprefix -I Sources/,$(C_MODULES)) \
                  -Xcc -fmodule-map-file=.build/release/TriadResources.build/module.modulemap -I Sources/TriadResources/include \
                  $(addprefix -Xcc ,$(filter -I%,$(shell pkg-config --cflags gtk+-3.0 2>/dev/null))) \
                  -Xfrontend -disable-implicit-string-processing-module-import
SWIFT_SOURCES  := $(shell find Sources/GtkKit Sources/TriadModel Sources/Triad -name '*.swift' | sort)
XVFB_RUN     := xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"

# Debian packages, in two lists (docs/DEVELOPING.md gives both). What `make run` needs to build and start
# Triad (Swift's own prerequisites aside), and what `make test` adds for its checks. `make
# fresh-check` proves on a fresh Debian 12 tree that nothing else is needed.
#   librsvg2-common: GTK's icons are SVG, and the loader is only a Recommends of GTK.
#   libxml2-utils: xmllint, for the GResource's xml-stripblanks.
#   libstdc++-12-dev: the static Swift runtime (--static-swift-stdlib) links libstdc++.
#   libgtksourceview-4-0: the Messages pane's code view, opened when it first shows code (its
#   -common package brings the Swift language file and the style schemes).
#   python3: build-aux/source-map.py, which `make build` runs to map the Messages pane's rows to
#   the lines that sent them.
APT_RUN  := libgtk-3-dev libsqlite3-dev libcrypt-dev libstdc++-12-dev pkg-config gettext libxml2-utils \
            librsvg2-common shared-mime-info libpwquality-dev cracklib-runtime libgtksourceview-4-0 python3
#   libgtk-3-bin: gtk-builder-tool (.ui validation); weston: the Wayland pass; git: fresh-check's
#   clone; binutils: readelf in the install test; the rest: Xvfb, AT-SPI, xdotool, screenshots,
#   a CJK font, desktop-data validators, flatpak-check and fresh-check's tools; fiu-utils and
#   libfiu-dev: libfiu's POSIX wrapper and the library the fault-injection tests build against;
#   locales: the locale sources the count-grouping test compiles; gsettings-desktop-schemas:
#   GNOME's clock-format key the time test sets; sqlite3: the shell `make bench` imports with, as
#   the import's baseline; valgrind: callgrind, with which `make startup-order` lists the functions
#   a start runs. (shared-mime-info, above: the content type that
#   picks an import's format.)
#   chromium-headless-shell: check-docs-render's browser, to render the DocC site (a JavaScript app).
#   librsvg2-bin: rsvg-convert, another program than Triad's cairo to open an exported SVG and
#   say its size (the chart test; ImageMagick's `identify` reads the PNG).
APT_TEST := libgtk-3-bin xvfb xauth dbus at-spi2-core python3-gi gir1.2-gtk-3.0 python3-pyatspi \
            imagemagick xdotool weston fonts-droid-fallback desktop-file-utils gtk-update-icon-cache appstream git binutils \
            flatpak flatpak-builder debootstrap elfutils fiu-utils libfiu-dev locales gsettings-desktop-schemas sqlite3 \
            valgrind chromium-headless-shell librsvg2-bin

LINGUAS      := $(shell cat Resources/po/LINGUAS)
MO_FILES     := $(foreach lang,$(LINGUAS),build/locale/$(lang)/LC_MESSAGES/triad.mo)
PO_FILES     := $(foreach lang,$(LINGUAS),Resources/po/$(lang).po)
# Where the test runners write each test's outcome (XCTest's xUnit file, the real-window and fault
# passes' JSON lines), for check-bad-input and check-skips; `make check` and `make test` start it empty.
RESULTS      := $(CURDIR)/build/results
# The desktop file and the metainfo, translated (Resources/ holds their English sources).
DESKTOP_FILE := build/$(APP_ID).desktop
METAINFO     := build/$(APP_ID).metainfo.xml

.PHONY: all build run dev check test bench test-model xctest-build test-xctest test-ui test-ui-wayland test-copytest check-ui check-shortcuts check-sources \
        check-lessons check-mistakes check-checks check-bench check-source-map check-compile format check-format help docs docs-preview check-tutorials test-tutorials tutorial-pictures check-docs-render fresh-check deps test-deps locale po check-translations check-bad-input check-skips check-data \
        test-install asan-build test-asan tsan-build test-tsan test-faults fuzz mutants check-mutants flatpak flatpak-check screenshots \
        startup-order install uninstall clean

## all [everyday]: what `make` alone does: `make build`.
all: build

# Under the stage driver (`make check`, `make test`: build-aux/stages.py sets STAGED=1), installing
# the packages and building are done once, before the stages that need them, so a stage lists no
# such prerequisite; a target run by hand prepares what it needs itself.
prepared = $(if $(STAGED),,$(1))

## deps [everyday]: install what `make run` needs (as root), or print the command to do it.
deps:
	@build-aux/install-deps.sh $(APT_RUN)
	@test -x "$(SWIFT)" || { echo "Swift not found: expected at /opt/swift/usr/bin/swift or on PATH"; exit 1; }

## test-deps [tests]: what `make deps` installs, plus what the tests need.
test-deps: deps
	@build-aux/install-deps.sh $(APT_TEST)

## build [everyday]: build the app (release, with the tuning of build-aux/release-link.mk). Twice when its
## code changed: the compiler's map of the code (SOURCE_MAP) comes from the first build and is
## compiled into the second, which only links.
build: $(call prepared,deps) locale $(if $(STATIC_CXX),build/static-c++/libstdc++.a) $(if $(STATIC_SQLITE),build/static-sqlite/libsqlite3.a build/static-sqlite/ld.lld)
	@mkdir -p $(SYMBOL_GRAPHS)
	$(SWIFT) build $(BUILD_FLAGS) --product triad
	@/usr/bin/python3 build-aux/source-map.py write $(SYMBOL_GRAPHS) $(SOURCE_MAP) $(APP_AST) -- $(APP_AST_ARGS)
	$(SWIFT) build $(BUILD_FLAGS) --product triad

## locale [maintainers]: compile the translations where the app finds them when run from the build folder,
## and translate the desktop file and the metainfo through the same catalogs (msgfmt reads
## Resources/po/LINGUAS; the metainfo with AppStream's ITS rules).
locale: $(MO_FILES) $(DESKTOP_FILE) $(METAINFO)
build/locale/%/LC_MESSAGES/triad.mo: Resources/po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<
$(DESKTOP_FILE): Resources/$(APP_ID).desktop $(PO_FILES)
	@mkdir -p build
	msgfmt --desktop --template=$< -d Resources/po -o $@
$(METAINFO): Resources/$(APP_ID).metainfo.xml $(PO_FILES)
	@mkdir -p build
	msgfmt --xml --template=$< -d Resources/po -o $@

## po [maintainers]: regenerate the template from the sources and merge it into every language.
po:
	build-aux/update-po.sh

## check-translations [tests]: every translatable string in the sources can be extracted, the
## template is current, and every language in LINGUAS translates every message, nothing fuzzy,
## placeholders and mnemonics kept (build-aux/check-translations.py).
check-translations:
	/usr/bin/python3 build-aux/check-translations.py

## check-bad-input [tests]: every test named in docs/BAD-INPUT.md ran and passed, as the results of the
## last test-xctest, test-ui and test-faults runs in build/results/ say (BAD_INPUT_SKIP=test-faults
## leaves a runner's rows out: `make check` runs no fault sweep).
check-bad-input:
	/usr/bin/python3 build-aux/check-bad-input.py $(foreach runner,$(BAD_INPUT_SKIP),--skip $(runner))

## check-skips [tests]: every real-window pass tested what it says: each test a pass skipped, each check a
## test left out of a pass (not_in_this_pass), and a pass narrowed to some tests, is in
## Tests/UI/allowed-skips.txt with its reason, and no test branches on the pass
## (build-aux/check-skips.py). It reads the results of the passes SKIPS_PASSES names (all five by
## default; `make check` runs the X11 pass only).
SKIPS_PASSES ?= test-ui test-ui-wayland test-asan test-tsan test-faults
check-skips:
	/usr/bin/python3 build-aux/check-skips.py $(SKIPS_PASSES)

## check-ui [tests]: every GtkBuilder file is valid: well-formed (xmllint), and gtk-builder-tool builds it
## without an error or a warning (under a private Xvfb if needed).
check-ui: $(call prepared,test-deps)
	build-aux/validate-ui.sh $(UI_FILES)

## check-shortcuts [tests]: the help overlay names every action with shortcuts, as the action tables
## (read from the built app: `triad --list-shortcuts`) give them, and the app lists every action
## table the compiler's symbol graph has.
check-shortcuts: $(call prepared,build)
	/usr/bin/python3 build-aux/check-shortcuts.py "$(RELEASE_BIN)" Resources/ShortcutsWindow.ui $(SYMBOL_GRAPHS)/triad.symbols.json

## check-sources [tests]: one app id (AppInfo.id) and one version (AppInfo.version) everywhere; every
## path and every `make` target README.md, docs/ARCHITECTURE.md and docs/DEVELOPING.md name exists,
## at the line they name (TESTING.md's survivors likewise); and `make help` lists every target
## under its group (build-aux/check-sources.py).
check-sources:
	/usr/bin/python3 build-aux/check-sources.py

## check-compile [tests]: what GtkKit's typed widgets refuse, the compiler refuses (`.response` on a button,
## `.clicked` on a window), and the same calls on the right classes compile (Tests/Compile/).
check-compile: $(call prepared,build)
	SWIFT="$(SWIFT)" /usr/bin/python3 build-aux/check-compile.py

## format [everyday]: the Swift sources in the house style (.swift-format: four spaces, lines of 140).
# The tutorials' complete projects and starters too (not a learner's own folder beside them).
FORMATTED := Sources Tests benchmarks Plugins Package.swift build-aux/tsan-canary.swift \
             $(wildcard docs/Tutorials/*/Complete docs/Tutorials/*/Starter)
format:
	"$(dir $(SWIFT))swift-format" format -i -r $(FORMATTED)

## check-format [tests]: the Swift sources are as `make format` leaves them (swift-format lint --strict).
check-format:
	@if "$(dir $(SWIFT))swift-format" lint --strict -r $(FORMATTED); then \
	  echo "check-format: $$(find $(FORMATTED) -name '*.swift' | wc -l) Swift files in the house style"; echo "1 passed, 0 failed"; \
	else echo "check-format: not in the house style (make format)"; echo "0 passed, 1 failed"; exit 1; fi

## help [everyday]: every target with what it does, in three groups: everyday, tests, maintainers.
## Made from this Makefile's `##` lines, each block naming its target and group
## (`## name [group]: what it does`); check-sources fails when a target has no such line or
## this list leaves one out.
help:
	@awk 'BEGIN { split("everyday tests maintainers", order, " "); \
	              title["everyday"] = "Everyday: run, change, build, install and read Triad"; \
	              title["tests"] = "Tests: make check before each commit, make test before a push, and each of their stages"; \
	              title["maintainers"] = "Maintainers: the figures, the pictures, the translations, the flatpak"; } \
	      /^## [a-z][a-z0-9-]* \[[a-z]+\]: / { name = $$2; group = $$3; gsub(/\[|\]|:/, "", group); \
	              text = $$0; sub(/^## [^:]*: /, "", text); \
	              listed[group] = listed[group] sprintf("  %-18s %s\n", name, text); block = group; next } \
	      /^## / && block != "" { sub(/^## /, ""); listed[block] = listed[block] sprintf("  %-18s %s\n", "", $$0); next } \
	      { block = "" } \
	      END { for (i = 1; i <= 3; i++) { printf "%s%s\n%s", (i > 1 ? "\n" : ""), title[order[i]], listed[order[i]]; \
	                                        delete listed[order[i]] } \
	            for (group in listed) printf "\n%s (a group help does not know)\n%s", group, listed[group] }' $(MAKEFILE_LIST)

## check-source-map [tests]: every member the Messages pane records has its place in the compiler's map of
## the code (build-aux/source-map.py).
check-source-map: $(call prepared,build)
	/usr/bin/python3 build-aux/source-map.py check $(SYMBOL_GRAPHS) $(SOURCE_MAP) $(APP_AST)

## check-lessons [tests]: the lessons' code reads as the seeds do (build-aux/check-lessons.py).
check-lessons:
	/usr/bin/python3 build-aux/check-lessons.py

## check-mistakes [tests]: each classic mistake a learner can switch on is its lesson's class changed in the
## members the table names (TriadModel/Learning/Mistakes.swift) and in nothing else (build-aux/check-mistakes.py).
check-mistakes:
	/usr/bin/python3 build-aux/check-mistakes.py

## check-checks [tests]: the checks' own tests (Tests/Checks/run.py): each check run on a copy of the tree
## with each defect it is for planted must fail and name it, and pass on the clean copy. No build of
## the app: where a check reads what a build makes, its fixtures compile a small stand-in.
check-checks:
	/usr/bin/python3 Tests/Checks/run.py

## docs [everyday]: the documentation site in build/docs, made by DocC (in the toolchain) from docs/Triad.docc
## and the symbol graphs of GtkKit and TriadModel: the tutorials and the two modules' reference,
## any DocC warning an error, and how many symbols have a summary (build-aux/docs.py).
docs: $(call prepared,deps)
	SWIFT="$(SWIFT)" /usr/bin/python3 build-aux/docs.py

## docs-preview [everyday]: make docs, then serve the site on 127.0.0.1 (port DOCS_PORT) and print its address.
## DocC's pages are a JavaScript app with absolute paths, under the hosting base path /triad.
DOCS_PORT ?= 8040
docs-preview: docs
	@mkdir -p build/docs-root && ln -sfn ../docs build/docs-root/triad
	@echo "docs-preview: http://127.0.0.1:$(DOCS_PORT)/triad/documentation/triad/ (the tutorials: http://127.0.0.1:$(DOCS_PORT)/triad/tutorials/triad/); Ctrl+C stops it"
	@/usr/bin/python3 -m http.server --bind 127.0.0.1 --directory build/docs-root $(DOCS_PORT)

## check-tutorials [tests]: each tutorial's complete project (docs/Tutorials/*/Complete) builds against
## today's GtkKit and TriadModel, every step type-checks as the learner has typed it so far, and the
## steps end at the complete project (build-aux/check-tutorials.py); then the checker's own test:
## planted defects it must report (Tests/Tutorials/run.py).
check-tutorials: $(call prepared,deps)
	@status=0; SWIFT="$(SWIFT)" /usr/bin/python3 build-aux/check-tutorials.py || status=1; \
	  SWIFT="$(SWIFT)" /usr/bin/python3 Tests/Tutorials/run.py || status=1; exit $$status

## test-tutorials [tests]: each tutorial's complete project in a real window, used as its tutorial says
## (Tests/Tutorials/windows.py; the programs check-tutorials built, or built here).
test-tutorials: $(call prepared,test-deps)
	$(UI_RUN) env SWIFT="$(SWIFT)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots-tutorials \
	  TRIAD_RESULTS=$(RESULTS)/test-tutorials.jsonl /usr/bin/python3 Tests/Tutorials/windows.py

## tutorial-pictures [maintainers]: the tutorials' pictures, taken of the learner's package at the step that shows
## each (build-aux/tutorial-pictures.py); rewrites only those that changed beyond rendering noise.
tutorial-pictures: $(call prepared,test-deps)
	$(UI_RUN) env SWIFT="$(SWIFT)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots-tutorials \
	  /usr/bin/python3 build-aux/tutorial-pictures.py $(if $(TUTORIALS),--only $(TUTORIALS))

## check-docs-render [tests]: headless Chromium loads the site in build/docs and finds every step of every
## tutorial and the title of every landing page (build-aux/render-docs.py).
check-docs-render: $(call prepared,test-deps docs)
	/usr/bin/python3 build-aux/render-docs.py

## check-data [tests]: the translated desktop file and AppStream metadata are valid, and speak every
## language in LINGUAS, each translatable element and key of them; the settings schema compiles
## with glib-compile-schemas --strict; the session's content type is read by update-mime-database and
## found by its glob and its contents, and the desktop file opens it.
check-data: locale
	desktop-file-validate $(DESKTOP_FILE)
	appstreamcli validate --no-net $(METAINFO)
	/usr/bin/python3 build-aux/check-data.py $(DESKTOP_FILE) $(METAINFO)
	build-aux/check-mime.sh Resources/$(APP_ID).mime.xml $(DESKTOP_FILE)

## test-xctest [tests]: the model and toolkit tests (XCTest, under Xvfb: the toolkit tests make widgets).
## Built and run as two steps: the stage driver compiles in the idle scheduling class, and some
## tests time what they check, so they run at normal priority. The run's output is kept in
## build/results/xctest.log, whose `Test Case 'Class.method' passed|failed|skipped` lines
## check-bad-input reads (SwiftPM writes XCTest's --xunit-output only under --parallel, which runs
## each test in a process of its own).
## xctest-build [tests]: build the XCTest targets (debug), for test-xctest and check-tutorials.
xctest-build: $(call prepared,test-deps)
	$(SWIFT) build --build-tests
test-xctest: $(call prepared,xctest-build)
	@mkdir -p $(RESULTS) && rm -f $(RESULTS)/xctest.log $(RESULTS)/xctest.status
	{ $(XVFB_RUN) $(SWIFT) test --skip-build 2>&1; echo $$? > $(RESULTS)/xctest.status; } | tee $(RESULTS)/xctest.log
	@exit $$(cat $(RESULTS)/xctest.status)

## test-model [tests]: the model tests alone (no display needed). It installs only what building needs:
## the one model test that needs a test tool (the count grouping compiles locales from Debian's
## `locales`) is left to `make check` and `make test`, and this says so.
test-model: deps
	@echo "test-model: testCountsAreGroupedAsTheLocaleWritesThem is left out (it needs Debian's locales; make check runs it)"
	$(SWIFT) test --filter TriadModelTests --skip testCountsAreGroupedAsTheLocaleWritesThem

# The real-window runner: an app under Xvfb with its own D-Bus session (and AT-SPI) and runtime
# folder, so that passes can run side by side. Each pass keeps its screenshots in a folder of its
# own under build/ (TRIAD_SCREENSHOTS), and its tests' outcomes in a file of its own under
# build/results/ (TRIAD_RESULTS; check-bad-input reads the X11 pass's and the fault sweep's, check-skips
# every pass's).
UI_RUN = export XDG_RUNTIME_DIR=$$(mktemp -d) && $(XVFB_RUN) dbus-run-session --
# The lifetime and soak loops (Tests/UI/test_lifetime.py, test_soak.py) run in full in the X11
# pass of `make test` and for a few rounds everywhere else: their point is made once, and the few
# rounds still take every path they check.
BRIEF_LOOPS := TRIAD_LIFETIME_CYCLES=3 TRIAD_SOAK_SUMS=50 TRIAD_SOAK_LOGINS=20
# UI_PART=loops or windows runs one part of a pass (the long loops, or the other tests), with a
# results file of its own: `make test` runs the X11 and ASan passes' parts side by side.
ui_results = TRIAD_RESULTS=$(RESULTS)/$(1)$(if $(UI_PART),+$(UI_PART)).jsonl TRIAD_UI_PART=$(UI_PART)

## test-ui [tests]: the real-window tests under X11 (Xvfb); BRIEF=1 cuts the long loops short.
test-ui: $(call prepared,test-deps build)
	$(UI_RUN) env TRIAD_BIN="$(RELEASE_BIN)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots $(if $(BRIEF),$(BRIEF_LOOPS)) \
	  $(call ui_results,test-ui) /usr/bin/python3 Tests/UI/run.py

## test-ui-wayland [tests]: the same tests with the app on Wayland (weston inside Xvfb; see the script).
test-ui-wayland: $(call prepared,test-deps build)
	$(UI_RUN) build-aux/with-weston.sh env TRIAD_BIN="$(RELEASE_BIN)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots-wayland \
	  TRIAD_RESULTS=$(RESULTS)/test-ui-wayland.jsonl $(BRIEF_LOOPS) /usr/bin/python3 Tests/UI/run.py

## test-copytest [tests]: Copy as Test end to end under X11: sessions recorded in the real window, the copied
## XCTest methods compiled in a scratch package over a copy of the model (build/copytest), run, and run
## again on a planted presenter defect, where they must fail (Tests/UI/copytest.py).
test-copytest: $(call prepared,test-deps build)
	$(UI_RUN) env TRIAD_BIN="$(RELEASE_BIN)" SWIFT="$(SWIFT)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots-copytest \
	  TRIAD_RESULTS=$(RESULTS)/test-copytest.jsonl /usr/bin/python3 Tests/UI/copytest.py

## screenshots [maintainers]: refresh docs/screenshots/ from a real-window pass, rewriting only the pictures that
## changed beyond rendering noise (build-aux/update-screenshots.sh says how that is measured).
screenshots: test-deps build
	rm -rf build/screenshots
	$(MAKE) --no-print-directory STAGED=1 BRIEF=1 test-ui
	build-aux/update-screenshots.sh build/screenshots docs/screenshots

## fresh-check [tests]: make build, the model tests and the adder real-window tests in a fresh Debian 12 tree.
fresh-check: $(call prepared,test-deps)
	build-aux/fresh-check.sh

## test-asan [tests]: the real-window tests once more, with the app built under address sanitizer
## (leak detection on, full stacks so that a leak is attributed to its real caller;
## suppressions, each with its reason, in Tests/UI/lsan.supp). Every run of the app ends by a normal
## exit whose leak report is read: a kill fails the test, but in the crash tests named in
## Tests/UI/harness.py (CRASH_TESTS), which then run the app again on the same data to a normal exit.
## Narrowed to the tests that reach the app's own unsafe code (ASAN_TESTS): GtkKit's pointers,
## handles and signals on every page, the store's SQLite calls, the password hashing and checking,
## the chart's cairo drawing and picture export, the Messages pane, and the lifetime loop's
## teardowns. The other modules drive the same GtkKit paths through other lessons, many times slower
## under the sanitizer; the import's byte readers and parsers are fuzzed under ASan (make fuzz), and
## one import through the window and the exports run here. The soak is left out: its memory
## figures mean nothing under the sanitizer's quarantine. So is the megabyte pasted into the note:
## under the sanitizer GTK's own layout of a megabyte outlasts every wait, and the text takes the
## same GtkKit path as in the note's other tests, which stay.
ASAN_TESTS := test_adder.,test_address.,test_login.,test_users.,test_note.test_main_label,test_note.test_update_on_close,test_note.test_note_survives,test_chart.,test_messages.,test_lifetime.,test_import.test_opening,test_import.test_export,test_import.test_command_line,test_import.test_columns
ASAN_BIN = $(CURDIR)/.build-asan/debug/triad
## asan-build [tests]: build the app under address sanitizer (debug, in .build-asan), for test-asan.
asan-build: $(call prepared,test-deps build)
	@$(call give_source_map,.build-asan)
	$(SWIFT) build -c debug --sanitize=address --product triad --scratch-path .build-asan
test-asan: $(call prepared,asan-build)
	$(UI_RUN) env TRIAD_BIN="$(ASAN_BIN)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots-asan $(BRIEF_LOOPS) \
	  $(call ui_results,test-asan) \
	  TRIAD_SANITIZER=1 TRIAD_TIMEOUT_SCALE=5 TRIAD_UI_ONLY=$(ASAN_TESTS) SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/UI/lsan.supp:print_suppressions=0 \
	  /usr/bin/python3 Tests/UI/run.py

## test-tsan [tests]: the real-window tests whose work crosses threads (login and registration hash on a
## worker, the user list searches and imports on one, every store write runs on the writer
## thread and answers through the main loop, an export writes on a worker, and the Messages
## pane's recorder hears messages from any of them) against a thread-sanitizer build: a report fails
## the test. A canary first proves the sanitizer reports a deliberate race here.
## Suppressions: Tests/UI/tsan.supp.
TSAN_TESTS := test_adder.,test_address.,test_login.,test_users.,test_import.,test_note.,test_messages.
TSAN_BIN = $(CURDIR)/.build-tsan/debug/triad
## tsan-build [tests]: prove the thread sanitizer reports a deliberate race (build-aux/tsan-canary.sh),
## then build the app under it (debug, in .build-tsan), for test-tsan.
tsan-build: $(call prepared,test-deps build)
	build-aux/tsan-canary.sh "$(SWIFT)"
	@$(call give_source_map,.build-tsan)
	$(SWIFT) build -c debug --sanitize=thread --product triad --scratch-path .build-tsan
test-tsan: $(call prepared,tsan-build)
	$(UI_RUN) env TRIAD_BIN="$(TSAN_BIN)" TRIAD_SCREENSHOTS=$(CURDIR)/build/screenshots-tsan $(BRIEF_LOOPS) \
	  TRIAD_RESULTS=$(RESULTS)/test-tsan.jsonl \
	  TRIAD_SANITIZER=1 TRIAD_TIMEOUT_SCALE=5 TRIAD_UI_ONLY=$(TSAN_TESTS) SWIFT_BACKTRACE=enable=no \
	  TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/UI/tsan.supp:halt_on_error=0 \
	  /usr/bin/python3 Tests/UI/run.py

## test-faults [tests]: the real app's saves under failing disk calls (libfiu with Tests/Faults/triad-faults.c):
## a sweep over every I/O call one save makes, and FIU_RUNS random runs (seed FIU_SEED).
## libfiu's wrappers sit around every POSIX call the app makes, its X and D-Bus traffic too, and
## one AT-SPI call (setting the note editor's text, no fault injected) was seen to take longer than
## AT-SPI waits: this pass tests saves, messages and data, not latency, so its waits are stretched
## (TRIAD_TIMEOUT_SCALE, as for the sanitizer passes).
test-faults: $(call prepared,test-deps build) build/libtriad-faults.so
	$(UI_RUN) env TRIAD_BIN="$(RELEASE_BIN)" TRIAD_TIMEOUT_SCALE=3 TRIAD_RESULTS=$(RESULTS)/test-faults.jsonl \
	  /usr/bin/python3 Tests/Faults/run.py

build/libtriad-faults.so: Tests/Faults/triad-faults.c
	@mkdir -p build
	"$(dir $(SWIFT))clang" -shared -fPIC -O2 -Wall -Wextra -o $@ $< -lfiu -lpthread -ldl

## fuzz [tests]: libFuzzer + address sanitizer on every model entry point that reads user text or files,
## each target for FUZZ_SECONDS, two at a time, its corpus kept and grown in the user's cache folder.
fuzz: $(call prepared,test-deps)
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_TARGETS="$(FUZZ_TARGETS)" build-aux/fuzz.sh

## mutants [maintainers]: mutation testing of the model (build-aux/mutants.py; not part of check or test): one-line
## mutants of the lessons' models, the accounts, import and export, each built in a scratch copy
## (.build-mutants/tree) and run against the test classes that cover its file; prints the table by
## kind and each survivor, and fails if a survivor is not explained in docs/TESTING.md. Only
## mutants not judged yet are run: a file whose text is unchanged keeps its outcomes. A run in parts:
## FILES="file or folder …", MUTANTS_SAMPLE=N (MUTANTS_SEED=1), MUTANTS_PART=k/n; MUTANTS_TIMEOUT=
## seconds a mutant's tests may run; MUTANTS_ARGS=--report adds up the kept results, --survivors
## runs the last survivors again (docs/TESTING.md).
mutants: $(call prepared,deps)
	SWIFT="$(SWIFT)" nice -n 19 /usr/bin/python3 build-aux/mutants.py $(if $(FILES),--files "$(FILES)") \
	  $(if $(MUTANTS_SAMPLE),--sample $(MUTANTS_SAMPLE)) $(if $(MUTANTS_SEED),--seed $(MUTANTS_SEED)) \
	  $(if $(MUTANTS_PART),--part $(MUTANTS_PART)) $(if $(MUTANTS_TIMEOUT),--timeout $(MUTANTS_TIMEOUT)) $(MUTANTS_ARGS)

## check-mutants [maintainers]: the mutation run's own test (Tests/Mutants/run.py): on a small package of its own,
## a survivor that docs/TESTING.md does not explain fails `make mutants`, and passes once explained.
## Builds that package (a minute or two); not part of check or test.
check-mutants: $(call prepared,deps)
	SWIFT="$(SWIFT)" /usr/bin/python3 Tests/Mutants/run.py

## flatpak [maintainers]: build the manifest and install it for the user (needs Flathub's GNOME SDK and Swift extension).
flatpak:
	flatpak-builder --user --install --force-clean --state-dir=build/flatpak-builder build/flatpak-app flatpak/$(APP_ID).yml

## flatpak-check [tests]: the flatpak manifest built against a stand-in runtime made from Debian packages
## (see build-aux/flatpak-check.sh); it builds from the working tree inside the sandbox, not from `make build`.
flatpak-check: $(call prepared,test-deps)
	build-aux/flatpak-check.sh

## startup-order [maintainers]: list anew the functions a start runs (build-aux/startup-order.txt, read by the
## link; see build-aux/startup-order.py), from the built app under callgrind, and relink with it.
startup-order: test-deps build
	export XDG_RUNTIME_DIR=$$(mktemp -d) && $(XVFB_RUN) dbus-run-session -- /usr/bin/python3 build-aux/startup-order.py "$(RELEASE_BIN)"
	rm -f "$(RELEASE_BIN)"
	$(MAKE) build

# The C window, and the same left open after its first frame for bench's look-alike part
# (benchmarks/look_alike.py).
REFERENCE_HEADERS := benchmarks/first-frame.h benchmarks/reference-widgets.h benchmarks/user-columns.h
WINDOW_REFERENCE  := benchmarks/window-reference.c $(REFERENCE_HEADERS) benchmarks/chart-page.h Resources/style.css
WINDOW_REFERENCE_CC = $(CC) -O2 -DSTYLE_CSS='"$(CURDIR)/Resources/style.css"' -o $@ $< $$(pkg-config --cflags --libs gtk+-3.0) -lm
build/window-reference: $(WINDOW_REFERENCE)
	@mkdir -p build
	$(WINDOW_REFERENCE_CC)

build/window-reference-open: $(WINDOW_REFERENCE)
	@mkdir -p build
	$(WINDOW_REFERENCE_CC) -DREFERENCE_STAYS_OPEN

# The smallest program in each language, linked as the references and Triad are, and the same two
# loading the shared libraries Triad is linked with (GTK's, libxcrypt's, and SQLite's where Triad
# does not link it in: build-aux/release-link.mk), in the order Triad's link names them
# (Sources/CGtk/module.modulemap: GTK, GIO, GObject, GLib and libc first), which is the order the
# dynamic loader searches them in.
FLOOR_LIBS := -Wl,--no-as-needed -lgtk-3 -lgio-2.0 -lgobject-2.0 -lglib-2.0 -lc $(filter-out -pthread,$(shell pkg-config --libs gtk+-3.0 $(if $(STATIC_SQLITE),,sqlite3) libxcrypt 2>/dev/null))
FLOOR_SWIFTC = "$(dir $(SWIFT))swiftc" -O -swift-version 6 -static-stdlib $(STATIC_CXX_LINK) $(SWIFT_LINK)
build/c-floor: benchmarks/floor.c
	@mkdir -p build
	$(CC) -O2 -o $@ $<

build/c-floor-libs: benchmarks/floor.c
	@mkdir -p build
	$(CC) -O2 -o $@ $< $(FLOOR_LIBS)

build/swift-floor: benchmarks/floor.swift $(if $(STATIC_CXX),build/static-c++/libstdc++.a)
	@mkdir -p build
	$(FLOOR_SWIFTC) -o $@ $<

build/swift-floor-libs: benchmarks/floor.swift $(if $(STATIC_CXX),build/static-c++/libstdc++.a)
	@mkdir -p build
	$(FLOOR_SWIFTC) $(addprefix -Xclang-linker ,$(FLOOR_LIBS)) -o $@ $<

build/users-reference: benchmarks/users-reference.c $(REFERENCE_HEADERS)
	@mkdir -p build
	$(CC) -O2 -o $@ $< $$(pkg-config --cflags --libs gtk+-3.0 sqlite3)

INSTALLED_DATA := share/applications/$(APP_ID).desktop share/metainfo/$(APP_ID).metainfo.xml \
                  share/glib-2.0/schemas/$(APP_ID).gschema.xml share/$(APP_ID)/sources.gresource \
                  share/icons/hicolor/scalable/apps/$(APP_ID).svg \
                  share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg share/mime/packages/$(APP_ID).xml \
                  $(foreach lang,$(LINGUAS),share/locale/$(lang)/LC_MESSAGES/triad.mo)
# What `make build` made (a fixed path: `sudo make install` need not run Swift), and the bundle of
# the app's sources the Messages pane opens (Plugins/CompileResources).
BUILT_BIN := .build/release/triad
BUILT_SOURCES = $(wildcard $(call PLUGIN_OUT,.build)/sources.gresource)

# Without DESTDIR (a real install), refresh the icon cache and the desktop database as GNOME's
# build conventions do (meson's gnome.post_install), where those tools exist; a staged install
# (DESTDIR, a package build) leaves that to the package.
POST_INSTALL = if [ -z "$(DESTDIR)" ]; then \
	  if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -qtf "$(PREFIX)/share/icons/hicolor"; fi; \
	  if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$(PREFIX)/share/applications"; fi; \
	  if command -v update-mime-database >/dev/null; then update-mime-database "$(PREFIX)/share/mime"; fi; \
	  if command -v glib-compile-schemas >/dev/null; then glib-compile-schemas "$(PREFIX)/share/glib-2.0/schemas"; fi; \
	fi

## install [everyday]: the built binary (static Swift stdlib), desktop file, metainfo, settings schema, icons,
## translations and the sources the Messages pane shows. It never builds and never calls apt: run
## `make build` first, then e.g. `sudo make install`.
install:
	@test -x "$(BUILT_BIN)" -a -n "$(BUILT_SOURCES)" $(foreach file,$(MO_FILES) $(DESKTOP_FILE) $(METAINFO),&& test -f $(file)) || \
	  { echo "Nothing built yet: run 'make build' first."; exit 1; }
	install -Dm755 "$(BUILT_BIN)" "$(DESTDIR)$(PREFIX)/bin/triad"
	install -Dm644 $(BUILT_SOURCES) "$(DESTDIR)$(PREFIX)/share/$(APP_ID)/sources.gresource"
	install -Dm644 Resources/$(APP_ID).gschema.xml "$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/$(APP_ID).gschema.xml"
	install -Dm644 $(DESKTOP_FILE) "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 $(METAINFO) "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	install -Dm644 Resources/icons/hicolor/scalable/apps/$(APP_ID).svg \
	  "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 Resources/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	  "$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	install -Dm644 Resources/$(APP_ID).mime.xml "$(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml"
	for lang in $(LINGUAS); do \
	  install -Dm644 build/locale/$$lang/LC_MESSAGES/triad.mo "$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/triad.mo"; \
	done
	@$(POST_INSTALL)

## uninstall [everyday]: remove what `make install` installed (give it the same PREFIX and DESTDIR).
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/triad"
	for f in $(INSTALLED_DATA); do rm -f "$(DESTDIR)$(PREFIX)/$$f"; done
	@$(POST_INSTALL)

## test-install [tests]: install into a temporary DESTDIR, check the tree and that the binary starts.
test-install: $(call prepared,test-deps build)
	STATIC_SQLITE="$(STATIC_SQLITE)" build-aux/test-install.sh

## clean [everyday]: what the build and the tests made in the tree. The trees that flatpak-check and
## fresh-check start from are kept in the user's cache folder (see those scripts).
clean:
	rm -rf .build .build-asan .build-tsan .build-docs build
