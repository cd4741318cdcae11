#!/bin/sh
# A folder the app reads at run time, compiled by the CompileResources plugin (Plugins/) in every
# build, and a C source that names it, so that a run from the build folder finds it (an installed
# Triad finds the installed one first: Sources/GtkKit/Settings.swift, Translations.swift).
#
#   build-aux/compile-folder.sh locale  Resources/po   OUT_FOLDER OUT.c   the translations (.mo)
#   build-aux/compile-folder.sh schemas SCHEMA.gschema.xml OUT_FOLDER OUT.c   the GSettings schema
set -eu
kind=$1
input=$2
folder=$3
out=$4
case $kind in
locale)
    for lang in $(cat "$input/LINGUAS"); do
        mkdir -p "$folder/$lang/LC_MESSAGES"
        msgfmt --check -o "$folder/$lang/LC_MESSAGES/triad.mo" "$input/$lang.po"
    done
    function=triad_built_locale_directory
    ;;
schemas)
    # --strict: an unknown element, a default of the wrong type or a key without a summary fails
    # the build, as `make check` does for the installed copy.
    mkdir -p "$folder"
    cp "$input" "$folder/"
    glib-compile-schemas --strict "$folder"
    function=triad_built_schema_directory
    ;;
*)
    echo "compile-folder.sh: no kind $kind (locale, schemas)" >&2
    exit 2
    ;;
esac
"$(dirname "$0")/name-in-c.sh" "$function" "$folder" "$out"
