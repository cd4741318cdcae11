#!/bin/sh
# Writes the manifest of the app's own sources (Swift, and the views' .ui files), a GResource
# bundle of their own that the Messages pane registers when it first needs it, so that the pane
# reads exactly the code the binary was built from. Plain sh: `make build` runs it, before anything but the compilers is
# installed.
#
#   build-aux/sources-gresource.sh          writes Resources/io.github.triad.Triad.sources.gresource.xml
#   build-aux/sources-gresource.sh --check  fails if the manifest there is not the tree's
#
# The bundle's paths are `<resource base>/source/<folder under Sources>/…`, compressed; the
# manifest's source folder is Sources (the Makefile's resources rule).
set -eu
cd "$(dirname "$0")/.."
manifest=Resources/io.github.triad.Triad.sources.gresource.xml
wanted=$(mktemp)
trap 'rm -f "$wanted"' EXIT
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<!-- Written by build-aux/sources-gresource.sh: every source of the app, for the Messages'
    echo '     pane, which registers this bundle when it first needs it. -->'
    echo '<gresources>'
    echo '  <gresource prefix="/io/github/triad/Triad/source">'
    find Sources/GtkKit Sources/TriadModel Sources/Triad -name '*.swift' -o -name '*.ui' | LC_ALL=C sort |
        sed 's|^Sources/\(.*\)$|    <file compressed="true">\1</file>|'
    echo '  </gresource>'
    echo '</gresources>'
} > "$wanted"
if [ "${1:-}" = --check ]; then
    if cmp -s "$wanted" "$manifest"; then
        echo "sources-gresource: $(grep -c '<file' "$manifest") sources listed"
    else
        echo "sources-gresource: $manifest does not list the sources as they are; run build-aux/sources-gresource.sh"
        exit 1
    fi
elif ! cmp -s "$wanted" "$manifest"; then
    cp "$wanted" "$manifest"
fi
