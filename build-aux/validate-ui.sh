#!/bin/sh
# Validates every GtkBuilder file given. gtk-builder-tool needs a display: use the session's
# if there is one, otherwise a private Xvfb for the duration of the check.
set -e
if [ -z "$DISPLAY" ] && [ -z "$WAYLAND_DISPLAY" ]; then
    exec xvfb-run -a -s "-screen 0 640x480x24 -noreset" "$0" "$@"
fi
for file in "$@"; do
    gtk-builder-tool validate "$file"
done
