#!/bin/sh
# The bundle of the app's own sources, for the Messages pane's Code tab: run by the
# CompileResources plugin (Plugins/) in every build, whenever a source, the manifest it wrote or
# the map changed.
#
#   build-aux/sources-bundle.sh MANIFEST MAP SOURCES OUT.c
#
# The bundle is a file of its own (sources.gresource beside OUT.c), which the pane opens the
# first time it shows code, and `make install` installs. OUT.c only names where it is, for a run
# from the build folder; it is rewritten only when that changes, so that an edited source
# changes the bundle without making SwiftPM compile the app's module again.
#
# MAP says where each member is declared and which method each target-action connection calls.
# `make build` makes it from the compiler's output after a first build (build-aux/source-map.py)
# and builds again; a plain `swift build` cannot make it. A map made from other sources would
# point at the wrong lines, so it goes in only when no Swift source has changed since it was
# written; otherwise the bundle holds an empty map, and the Code tab says what to run.
set -eu
manifest=$1
map=$2
sources=$3
out=$4
folder=$(dirname "$out")
mkdir -p "$folder/sources-map"
if [ -s "$map" ] && [ -z "$(find "$sources/GtkKit" "$sources/TriadModel" "$sources/Triad" -name '*.swift' -newer "$map" | head -n 1)" ]; then
    cp "$map" "$folder/sources-map/source-map.tsv"
else
    : >"$folder/sources-map/source-map.tsv"
fi
glib-compile-resources --sourcedir "$sources" --sourcedir "$folder/sources-map" --target "$folder/sources.gresource.new" "$manifest"
mv "$folder/sources.gresource.new" "$folder/sources.gresource"
"$(dirname "$0")/name-in-c.sh" triad_built_sources_bundle "$folder/sources.gresource" "$out"
