#!/bin/sh
# `make flatpak-check`: proves flatpak/io.github.triad.Triad.yml without Flathub.
#
# 1. Makes a stand-in runtime and SDK from Debian 12 packages: a debootstrap tree kept in the
#    user's cache folder (build-aux/debootstrap-tree.sh: remade when the package list or the
#    mirror changes), exported into a local repository in build/flatpak/.
# 2. Generates a development copy of the manifest that differs only in runtime, SDK, Swift path
#    (/opt/swift, shared read-only into the build and test sandboxes), source (the working tree
#    instead of the published git tag) and libpwquality: the stand-in runtime has Debian's
#    package, so its module (a GitHub tarball, out of reach here) is left out. GtkSourceView 4's
#    module is built as published: its tarball is GNOME's, which Debian's mirror carries as the
#    package's original source (the same bytes: the manifest's checksum is checked), put where
#    flatpak-builder keeps what it downloaded.
# 3. Builds the app with flatpak-builder (offline; the model tests run as its run-tests step),
#    installs it into a temporary user installation, starts it inside the sandbox under Xvfb,
#    and runs the adder real-window tests, and a message's code, against the sandboxed app.
# Everything lives under build/flatpak/ and temporary folders.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
work="$top/build/flatpak"
mkdir -p "$work"
# The user's cache folder, where the Debian tree is kept, before HOME is moved below.
cache_home="${XDG_CACHE_HOME:-$HOME/.cache}"
export FLATPAK_USER_DIR="$work/user"       # a private user installation, never ~/.local
export HOME="$work/home"                   # `flatpak run` keeps app data in $HOME/.var/app
mkdir -p "$HOME"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
runtime=org.triad.DebianPlatform
sdk=org.triad.DebianSdk
branch=12
packages=libgtk-3-0,libgtk-3-dev,libgtk-3-bin,libsqlite3-dev,libcrypt-dev,libglib2.0-bin,libglib2.0-dev-bin,\
dbus-user-session,gettext,make,gcc,g++,libc6-dev,libstdc++-12-dev,binutils,pkg-config,libcurl4,libxml2,libicu72,libncurses6,\
libxml2-utils,fonts-droid-fallback,fonts-dejavu-core,at-spi2-core,libatk-bridge2.0-0,dbus,shared-mime-info,\
appstream-util,adwaita-icon-theme,librsvg2-common,gsettings-desktop-schemas,libgl1-mesa-dri,python3,\
libpwquality-dev,cracklib-runtime,meson,ninja-build,libxml2-dev,libfribidi-dev

step() { printf '\n== %s\n' "$*"; }

step "the Debian 12 tree for the stand-in runtime"
rootfs=$(XDG_CACHE_HOME="$cache_home" build-aux/debootstrap-tree.sh flatpak-runtime "$packages")
echo "$rootfs"
# The runtime and SDK exported from the tree (an OSTree repository, and a user installation of
# both) are kept in the cache folder beside the tree: exporting hashes and copies every file of the
# tree, which took minutes of every run on a clean clone. They are made once per tree, in a folder
# marked complete last (as the tree is), and removed with the tree when a new one is made. A run
# takes hard links to them (OSTree writes new objects and renames, never changing a file in place),
# and points the installation's remote at its own copy of the repository.
exported="$rootfs-export"
if [ ! -f "$exported/.complete" ]; then
    step "export the tree as runtime $runtime and SDK $sdk (once per tree; kept as $exported)"
    partial="$exported.partial-$$"
    rm -rf "$partial" "$work/runtime"
    mkdir -p "$partial" "$work/runtime"
    # Hard links where the cache shares the tree's file system (the export only reads them).
    cp -al "$rootfs/usr" "$work/runtime/files" 2>/dev/null || { rm -rf "$work/runtime/files"; cp -a "$rootfs/usr" "$work/runtime/files"; }
    cp -a "$rootfs/etc" "$work/runtime/files/etc"
    # A flatpak runtime's /usr is its files/; symlinks the sandbox expects at /usr level:
    for name in "$runtime" "$sdk"; do
        mkdir -p "$work/export-$name"
        rm -rf "$work/export-$name/files"
        cp -al "$work/runtime/files" "$work/export-$name/files"
        cat > "$work/export-$name/metadata" <<META
[Runtime]
name=$name
runtime=$runtime/x86_64/$branch
sdk=$sdk/x86_64/$branch
META
        flatpak build-export --runtime --files=files "$partial/repo" "$work/export-$name" "$branch" >/dev/null
    done
    rm -rf "$work/runtime" "$work/export-$runtime" "$work/export-$sdk"
    FLATPAK_USER_DIR="$partial/user" flatpak --user remote-add --if-not-exists --no-gpg-verify triad-local "$partial/repo"
    FLATPAK_USER_DIR="$partial/user" flatpak --user install -y --noninteractive triad-local "$runtime//$branch" "$sdk//$branch" >/dev/null
    touch "$partial/.complete"
    rm -rf "$exported"
    mv "$partial" "$exported"
fi
if [ ! -d "$work/repo" ] || [ "$(cat "$work/runtime.from" 2>/dev/null)" != "$exported" ]; then
    step "the runtime and SDK, exported once from the tree, linked into $work"
    rm -rf "$work/repo" "$FLATPAK_USER_DIR"
    for part in repo user; do
        target="$work/repo"; [ "$part" = user ] && target="$FLATPAK_USER_DIR"
        cp -al "$exported/$part" "$target" 2>/dev/null || { rm -rf "$target"; cp -a "$exported/$part" "$target"; }
    done
    flatpak --user remote-modify --url="file://$work/repo" triad-local
    echo "$exported" >"$work/runtime.from"
fi
flatpak --user info "$sdk//$branch" >/dev/null

step "generate the development manifest (runtime, SDK, Swift path and source differ; nothing else)"
# In build/ (one level under the project), so the source can be the working tree at `path: ..`,
# with every build folder left out.
manifest="$top/build/io.github.triad.Triad.yml"
sed -e "s|^runtime: org.gnome.Platform|runtime: $runtime|" \
    -e "s|^runtime-version: .*|runtime-version: '$branch'|" \
    -e "s|^sdk: org.gnome.Sdk|sdk: $sdk|" \
    -e "/^sdk-extensions:/,/^command:/{/^sdk-extensions:/d;/org.freedesktop.Sdk.Extension/d}" \
    -e "s|append-path: /usr/lib/sdk/swift6/bin|append-path: /opt/swift/usr/bin|" \
    -e "/^  # The password strength meter's library/,/^  - name: triad\$/{/^  - name: triad\$/!d}" \
    -e "s|prepend-ld-library-path: /usr/lib/sdk/swift6/lib|prepend-ld-library-path: /opt/swift/usr/lib/swift/linux\\n  build-args:\\n    - --filesystem=/opt/swift:ro\\n  test-args:\\n    - --filesystem=/opt/swift:ro|" \
    -e "/^      - type: git$/,\$d" \
    flatpak/io.github.triad.Triad.yml > "$manifest"
cat >> "$manifest" <<SOURCE
      - type: dir
        path: ..
        skip:
SOURCE
for folder in .build .build-asan .build-tsan build .git .flatpak-builder; do echo "          - $folder" >> "$manifest"; done
diff flatpak/io.github.triad.Triad.yml "$manifest" || true

step "GtkSourceView 4's tarball, from Debian's mirror, into flatpak-builder's downloads"
url=$(sed -n 's|^ *url: \(https://download.gnome.org/sources/gtksourceview/.*\)|\1|p' flatpak/io.github.triad.Triad.yml)
sha=$(grep -A1 "url: $url" flatpak/io.github.triad.Triad.yml | sed -n 's|^ *sha256: ||p')
tarball=$(basename "$url")
version=${tarball#gtksourceview-}; version=${version%.tar.xz}
downloads="$work/builder-state/downloads/$sha"
if [ ! -f "$downloads/$tarball" ]; then
    mkdir -p "$downloads"
    mirror=$(sed -n 's|^URIs: ||p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
    /usr/bin/python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
        "${mirror:-http://deb.debian.org/debian}/pool/main/g/gtksourceview4/gtksourceview4_$version.orig.tar.xz" "$downloads/$tarball.part"
    echo "$sha  $downloads/$tarball.part" | sha256sum -c --quiet
    mv "$downloads/$tarball.part" "$downloads/$tarball"
fi
echo "$downloads/$tarball"

step "flatpak-builder (offline build, model tests inside)"
flatpak-builder --user --disable-rofiles-fuse --force-clean --disable-updates --repo="$work/repo" \
    --state-dir="$work/builder-state" "$work/app-build" "$manifest" >"$work/builder.log" 2>&1 \
    || { tail -40 "$work/builder.log"; exit 1; }
grep -E "Executed [0-9]+ tests" "$work/builder.log" | tail -1
flatpak --user install -y --noninteractive --reinstall triad-local io.github.triad.Triad >/dev/null

step "run the sandboxed app"
flatpak --user run io.github.triad.Triad --version
cat > "$work/triad-sandboxed" <<RUN
#!/bin/sh
exec env FLATPAK_USER_DIR="$FLATPAK_USER_DIR" HOME="$HOME" flatpak --user run --env=TRIAD_DATA_DIR=/tmp/triad-data io.github.triad.Triad "\$@"
RUN
chmod +x "$work/triad-sandboxed"
# make test runs this stage beside others (the fuzzer, fresh-check's builds): these tests check the
# package, not its latency, so their waits are stretched as in the sanitizer passes.
TRIAD_BIN="$work/triad-sandboxed" TRIAD_MATCH_BY_NAME=1 TRIAD_SANDBOXED=1 TRIAD_SCREENSHOTS="$work/screenshots" TRIAD_RESULTS="$work/ui-results.jsonl" \
    TRIAD_UI_ONLY=test_adder.,test_learning.test_a_rows_code_at_its_line \
    TRIAD_TIMEOUT_SCALE="${TRIAD_TIMEOUT_SCALE:-3}" \
    TRIAD_STOP="flatpak kill io.github.triad.Triad" \
    xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" dbus-run-session -- /usr/bin/python3 Tests/UI/run.py
