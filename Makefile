# Triad — the whole set-up is `make run` (build and start) and `make test` (install what is
# missing, build, and run every test). See README.md.

SWIFT        ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX       ?= /usr/local
DESTDIR      ?=
APP_ID       := io.github.triad.Triad
BUILD_FLAGS  := -c release --static-swift-stdlib
RELEASE_BIN   = $(shell $(SWIFT) build $(BUILD_FLAGS) --show-bin-path 2>/dev/null)/triad
GRESOURCE_XML := Resources/$(APP_ID).gresource.xml
GRESOURCE_C   := Sources/TriadResources/bundle-generated.h
RESOURCE_FILES := $(shell find Resources/ui Resources/gtk Resources/icons -type f 2>/dev/null) Resources/style.css
XVFB_RUN     := xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"

# Debian packages needed to build and to run the tests.
APT_PACKAGES := libgtk-3-dev libsqlite3-dev libcrypt-dev pkg-config xvfb xauth dbus at-spi2-core \
                python3-gi gir1.2-gtk-3.0 python3-pyatspi gettext libxml2-utils imagemagick xdotool \
                fonts-droid-fallback desktop-file-utils appstream flatpak flatpak-builder debootstrap elfutils

LINGUAS      := $(shell cat Resources/po/LINGUAS)
MO_FILES     := $(foreach lang,$(LINGUAS),build/locale/$(lang)/LC_MESSAGES/triad.mo)

.PHONY: all build run test test-model test-ui deps resources locale po check-translations check-bad-input check-data test-install test-asan fuzz flatpak flatpak-check bench install uninstall clean

all: build

## deps: install missing Debian packages (as root), or print the command to do it.
deps:
	@if [ "$(SKIP_DEPS)" = 1 ] || ! command -v dpkg-query >/dev/null; then exit 0; fi; \
	missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	  else \
	    echo "Missing Debian packages. Run:"; echo "  sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi
	@test -x "$(SWIFT)" || { echo "Swift not found: expected at /opt/swift/usr/bin/swift or on PATH"; exit 1; }

## resources: compile .ui files, CSS and icons into C source linked into the binary.
resources: $(GRESOURCE_C)
$(GRESOURCE_C): $(GRESOURCE_XML) $(RESOURCE_FILES)
	@if [ "$(VALIDATE_UI)" != 0 ]; then build-aux/validate-ui.sh Resources/ui/*.ui Resources/gtk/*.ui; fi
	glib-compile-resources --sourcedir=Resources --generate-source --manual-register \
	  --c-name triad --target=$@ $(GRESOURCE_XML)

build: deps resources locale
	$(SWIFT) build $(BUILD_FLAGS) --product triad

## locale: compile the translations where the app finds them when run from the build folder.
locale: $(MO_FILES)
build/locale/%/LC_MESSAGES/triad.mo: Resources/po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

## po: regenerate the template from the sources and merge it into every language.
po:
	build-aux/update-po.sh

check-translations:
	/usr/bin/python3 build-aux/check-translations.py

## check-bad-input: every test named in docs/BAD-INPUT.md exists.
check-bad-input:
	/usr/bin/python3 build-aux/check-bad-input.py

## check-data: the desktop file and AppStream metadata are valid.
check-data:
	desktop-file-validate Resources/$(APP_ID).desktop
	appstreamcli validate --no-net Resources/$(APP_ID).metainfo.xml

run: build
	"$(RELEASE_BIN)"

## test: everything — model and toolkit tests (XCTest, under Xvfb) and real-window tests.
test: deps build
	$(MAKE) check-translations check-bad-input check-data test-install
	$(XVFB_RUN) $(SWIFT) test
	$(MAKE) test-ui
	$(MAKE) test-asan
	$(MAKE) fuzz
	$(MAKE) flatpak-check

test-ui: build
	export XDG_RUNTIME_DIR=$$(mktemp -d) && TRIAD_BIN="$(RELEASE_BIN)" \
	  $(XVFB_RUN) dbus-run-session -- /usr/bin/python3 Tests/UI/run.py

## test-asan: the real-window tests once more, with the app built under address sanitizer
## (leak detection on, full stacks so that a leak is attributed to its real caller;
## suppressions for library caches in Tests/UI/lsan.supp). The soak is left to the plain pass:
## its memory figures mean nothing under the sanitizer's quarantine.
test-asan: deps resources locale
	$(SWIFT) build -c debug --sanitize=address --product triad --scratch-path .build-asan
	export XDG_RUNTIME_DIR=$$(mktemp -d) && TRIAD_BIN="$$($(SWIFT) build -c debug --scratch-path .build-asan --show-bin-path)/triad" \
	  TRIAD_SANITIZER=1 TRIAD_TIMEOUT_SCALE=5 TRIAD_UI_SKIP=test_soak SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/UI/lsan.supp:print_suppressions=0 \
	  $(XVFB_RUN) dbus-run-session -- /usr/bin/python3 Tests/UI/run.py

## fuzz: libFuzzer + address sanitizer on every model entry point that reads user text or files.
fuzz: deps
	FUZZ_RUNS=$(or $(FUZZ_RUNS),200000) build-aux/fuzz.sh

## flatpak: build the manifest and install it for the user (needs Flathub's GNOME SDK and Swift extension).
flatpak:
	flatpak-builder --user --install --force-clean build/flatpak-app flatpak/$(APP_ID).yml

## flatpak-check: the same manifest against a stand-in runtime made from Debian packages (see the script).
flatpak-check: build
	build-aux/flatpak-check.sh

## bench: start→first frame and peak RSS against the C reference, plus the feature benchmarks.
bench: build build/adder-reference build/users-reference
	$(SWIFT) build $(BUILD_FLAGS) --product triad-bench
	export XDG_RUNTIME_DIR=$$(mktemp -d) && TRIAD_BIN="$(RELEASE_BIN)" SWIFT="$(SWIFT)" \
	  $(XVFB_RUN) dbus-run-session -- /usr/bin/python3 benchmarks/bench.py

build/adder-reference: benchmarks/adder-reference.c benchmarks/first-frame.h
	@mkdir -p build
	$(CC) -O2 -o $@ $< $$(pkg-config --cflags --libs gtk+-3.0)

build/users-reference: benchmarks/users-reference.c benchmarks/first-frame.h
	@mkdir -p build
	$(CC) -O2 -o $@ $< $$(pkg-config --cflags --libs gtk+-3.0 sqlite3)

INSTALLED_DATA := share/applications/$(APP_ID).desktop share/metainfo/$(APP_ID).metainfo.xml \
                  share/icons/hicolor/scalable/apps/$(APP_ID).svg \
                  share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
                  $(foreach lang,$(LINGUAS),share/locale/$(lang)/LC_MESSAGES/triad.mo)

## install: the binary (static Swift stdlib), desktop file, metainfo, icons and translations.
install: build
	install -Dm755 "$(RELEASE_BIN)" "$(DESTDIR)$(PREFIX)/bin/triad"
	install -Dm644 Resources/$(APP_ID).desktop "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 Resources/$(APP_ID).metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	install -Dm644 Resources/icons/hicolor/scalable/apps/$(APP_ID).svg \
	  "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 Resources/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	  "$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	for lang in $(LINGUAS); do \
	  install -Dm644 build/locale/$$lang/LC_MESSAGES/triad.mo "$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/triad.mo"; \
	done

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/triad"
	for f in $(INSTALLED_DATA); do rm -f "$(DESTDIR)$(PREFIX)/$$f"; done

## test-install: install into a temporary DESTDIR, check the tree and that the binary starts.
test-install: build
	build-aux/test-install.sh

clean:
	rm -rf .build build $(GRESOURCE_C)
