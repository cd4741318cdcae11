#!/bin/sh
# Validates every GtkBuilder file given: well-formed XML (xmllint), and every object, property,
# value and child one GtkBuilder can make (gtk-builder-tool validate). The tool exits 0 on a value
# it cannot parse (an enum or boolean written wrong) or a child put where none can go: it only
# warns, and the app would then start without that property or child. So a warning or critical of
# GTK or GLib fails the file too. gtk-builder-tool needs a display: use the session's if there is
# one, otherwise a private Xvfb for the duration of the check.
set -e
if [ -z "$DISPLAY" ] && [ -z "$WAYLAND_DISPLAY" ]; then
    exec xvfb-run -a -s "-screen 0 640x480x24 -noreset" "$0" "$@"
fi
passed=0
failed=0
for file in "$@"; do
    if ! output=$(xmllint --noout "$file" 2>&1); then
        :
    elif output=$(gtk-builder-tool validate "$file" 2>&1) &&
        ! printf '%s\n' "$output" | grep -qE '(Gtk|Gdk|GLib|GLib-GObject|GLib-GIO|Pango)-(WARNING|CRITICAL) \*\*'; then
        passed=$((passed + 1))
        continue
    fi
    failed=$((failed + 1))
    printf '%s\n' "$output" | grep -v '^$' | sed 's/^/  /'
    echo "check-ui: $file is not valid"
done
echo "check-ui: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
