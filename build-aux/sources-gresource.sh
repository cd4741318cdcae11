#!/bin/sh
# Writes the manifest of the app's own sources (Swift, and the views' .ui files): a GResource
# bundle of their own that the Messages pane registers when it first needs it, so that the pane
# reads exactly the code the binary was built from. `make resources` runs it before every build;
# the file is rewritten only when the list of sources changed, so that an unchanged tree compiles
# nothing again. Plain sh: it runs before anything but the compilers is installed.
#
#   build-aux/sources-gresource.sh MANIFEST
#
# The bundle's paths are `<resource base>/source/<folder under Sources>/…`, compressed, and the
# compiler's map of the code beside them (`source/source-map.tsv`, made by the build); the
# manifest's source folders are Sources and build (the Makefile's resources rule).
set -eu
manifest=$(realpath -m "$1")
cd "$(dirname "$0")/.."
mkdir -p "$(dirname "$manifest")"
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
    echo '    <file compressed="true">source-map.tsv</file>'
    echo '  </gresource>'
    echo '</gresources>'
} > "$wanted"
cmp -s "$wanted" "$manifest" || cp "$wanted" "$manifest"
