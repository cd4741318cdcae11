#!/bin/sh
# Validates every GtkBuilder file given. gtk-builder-tool needs a display: use the session's
# if there is one, otherwise a private Xvfb for the duration of the check.
set -e
if [ -z "$DISPLAY" ] && [ -z "$WAYLAND_DISPLAY" ]; then
    exec xvfb-run -a -s "-screen 0 640x480x24 -noreset" "$0" "$@"
fi
passed=0
failed=0
for file in "$@"; do
    if gtk-builder-tool validate "$file"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "check-ui: $file is not valid"
    fi
done
echo "check-ui: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
