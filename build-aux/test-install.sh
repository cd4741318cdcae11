#!/bin/sh
# `make test-install`: installs into a temporary DESTDIR, checks every file is where it belongs,
# that the installed binary starts (and finds its installed translations), then uninstalls.
set -u
cd "$(dirname "$0")/.."
destdir=$(mktemp -d)
trap 'rm -rf "$destdir"' EXIT
prefix=/usr/local
passed=0
failed=0
check() {  # description, command…
    what=$1; shift
    if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $what"; fi
}
check "make install never calls apt or builds" sh -c "! make -n install DESTDIR='$destdir' | grep -qE 'apt-get|install-deps|swift build'"
make -s install DESTDIR="$destdir" PREFIX="$prefix" >/dev/null || { echo "make install failed"; echo "install: 0 passed, 1 failed"; exit 1; }
root="$destdir$prefix"
for file in bin/triad share/applications/io.github.triad.Triad.desktop share/metainfo/io.github.triad.Triad.metainfo.xml \
            share/icons/hicolor/scalable/apps/io.github.triad.Triad.svg \
            share/icons/hicolor/symbolic/apps/io.github.triad.Triad-symbolic.svg share/mime/packages/io.github.triad.Triad.xml \
            share/locale/ja/LC_MESSAGES/triad.mo share/locale/ko/LC_MESSAGES/triad.mo share/locale/zh_CN/LC_MESSAGES/triad.mo \
            share/glib-2.0/schemas/io.github.triad.Triad.gschema.xml share/io.github.triad.Triad/sources.gresource; do
    check "installed $file" test -s "$root/$file"
done
check "the binary has no runpath into /opt/swift" sh -c "! readelf -d '$root/bin/triad' | grep -q /opt/swift"
# Where make build found SQLite's archive, the binary must hold SQLite rather than need the shared
# library: the link's search order decides it silently, and only the start-up memory would tell.
if [ -n "${STATIC_SQLITE:-}" ]; then
    check "SQLite is linked in from its archive" sh -c "! readelf -d '$root/bin/triad' | grep -q 'NEEDED.*libsqlite3'"
fi
check "the installed binary starts" sh -c "'$root/bin/triad' --version | grep -q '^Triad '"
# Every argument reaches the option parser as given: one with a space stays one, and one that is
# not ASCII is named back intact.
check "arguments reach the option parser intact" sh -c "LANG=C.UTF-8 '$root/bin/triad' --version 'two words' --no-such-option-ö 2>&1 | grep -qx 'Unknown option --no-such-option-ö'"
check "it finds its installed translations" sh -c "LANG=C.UTF-8 LANGUAGE=ja '$root/bin/triad' --help | grep -q 'バージョンを表示'"
make -s uninstall DESTDIR="$destdir" PREFIX="$prefix" >/dev/null
check "uninstall leaves no file behind" sh -c "test -z \"\$(find '$destdir' -type f)\""
check "a staged install (DESTDIR) makes no icon cache" test ! -e "$root/share/icons/hicolor/icon-theme.cache"

# Without DESTDIR, as a real install: the icon cache and the desktop database are refreshed.
realprefix="$destdir/real"
make -s install PREFIX="$realprefix" >/dev/null
check "a real install refreshes the icon cache" test -s "$realprefix/share/icons/hicolor/icon-theme.cache"
check "a real install refreshes the desktop database" test -f "$realprefix/share/applications/mimeinfo.cache"
check "a real install registers the session's content type" grep -q "triad-session" "$realprefix/share/mime/globs2"
check "a real install compiles the settings schema" test -s "$realprefix/share/glib-2.0/schemas/gschemas.compiled"
make -s uninstall PREFIX="$realprefix" >/dev/null
check "uninstall removes the installed files" test ! -e "$realprefix/bin/triad"
echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
