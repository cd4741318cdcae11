#!/bin/sh
# The session's content type as the desktop reads it: the MIME package is compiled by
# update-mime-database into a scratch database (whose warnings about the XML fail the check), a
# session file is known by its name and, renamed, by its contents, and the desktop file offers
# Triad for it. Usage: check-mime.sh MIME-XML DESKTOP-FILE
set -eu
xml=$1
desktop=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/mime/packages"
cp "$xml" "$scratch/mime/packages/"
out=$(XDG_DATA_DIRS="$scratch:/usr/share" update-mime-database "$scratch/mime" 2>&1)
if [ -n "$out" ]; then echo "update-mime-database: $out"; exit 1; fi
test -f "$scratch/mime/application/x-triad-session.xml" || { echo "no application/x-triad-session in the database"; exit 1; }
grep -q '^[0-9]*:application/x-triad-session:\*\.triad-session$' "$scratch/mime/globs2" || { echo "no *.triad-session glob"; exit 1; }
# GIO asked, with only this database and the system's: the name, then the contents alone.
printf '{"app":"0.1.0","format":"triad-session","messages":[],"page":"chart","version":1}' > "$scratch/a.triad-session"
cp "$scratch/a.triad-session" "$scratch/renamed"
for file in a.triad-session renamed; do
  type=$(XDG_DATA_HOME="$scratch" XDG_DATA_DIRS="$scratch:/usr/share" gio info -a standard::content-type "$scratch/$file" | sed -n 's/.*standard::content-type: //p')
  [ "$type" = application/x-triad-session ] || { echo "$file is $type, not application/x-triad-session"; exit 1; }
done
grep -q '^MimeType=.*application/x-triad-session;' "$desktop" || { echo "$desktop does not list application/x-triad-session"; exit 1; }
echo "mime: application/x-triad-session registered (glob and contents), and in the desktop file"
