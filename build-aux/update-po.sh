#!/bin/sh
# `make po`: regenerates Resources/po/triad.pot from the Swift sources, .ui files, desktop file
# and metainfo listed in Resources/po/POTFILES, and merges it into every language of Resources/po/LINGUAS.
# xgettext has no Swift mode: the C lexer reads the Swift files (translatable strings are
# single-line literals in L(...)/LN(...), see build-aux/check-translations.py). It warns about
# Swift's multi-line """ literals (SQL, never translated); those warnings are dropped here.
set -e
cd "$(dirname "$0")/.."
out=${1:-Resources/po/triad.pot}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep '\.swift$' Resources/po/POTFILES > "$tmp/swift"
grep '\.ui$' Resources/po/POTFILES > "$tmp/ui"
desktop=$(grep '\.desktop$' Resources/po/POTFILES)
metainfo=$(grep '\.metainfo\.xml$' Resources/po/POTFILES)
xgettext --from-code=UTF-8 --language=C --keyword=L --keyword=LN:1,2 --add-comments=TRANSLATORS \
    --package-name=triad --msgid-bugs-address=https://github.com/triad -o "$tmp/swift.pot" -f "$tmp/swift" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
grep -v "unterminated string literal" "$tmp/err" >&2 || true
xgettext --from-code=UTF-8 --language=Glade -o "$tmp/ui.pot" -f "$tmp/ui"
# The desktop file (Name, GenericName, Comment, Keywords) and the metainfo (the ITS rules gettext
# finds by its name) go through the same catalogs; `make build` merges them back.
xgettext --from-code=UTF-8 --language=Desktop -o "$tmp/desktop.pot" $desktop
xgettext --from-code=UTF-8 -o "$tmp/metainfo.pot" $metainfo
msgcat --sort-by-file "$tmp/swift.pot" "$tmp/ui.pot" "$tmp/desktop.pot" "$tmp/metainfo.pot" -o "$out"
if [ "$out" = Resources/po/triad.pot ]; then
    for lang in $(cat Resources/po/LINGUAS); do
        msgmerge --quiet --update --backup=none "Resources/po/$lang.po" "$out"
    done
fi
