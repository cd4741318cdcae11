#!/bin/sh
# Runs a command inside a Wayland session: weston (Debian's reference compositor) with its x11
# backend, itself inside the X display given by $DISPLAY (Xvfb in the tests). Weston's headless
# backend has no seat, so GTK3 clients cannot get a keyboard there; the x11 backend has a keyboard
# and a pointer fed by the X server, so xdotool's keys reach the focused Wayland window and
# `import -window root` captures what weston draws. A Wayland client cannot learn where its windows
# are; weston's --debug offers its scene graph to any client (`weston-debug scene-graph`: each
# window's title, process and place on the output), which the tests read to find a widget on the
# screen for the pointer and for its pixels.
#
#   build-aux/with-weston.sh COMMAND ARGS...
#
# The command sees GDK_BACKEND=wayland, WAYLAND_DISPLAY and a private XDG_RUNTIME_DIR (0700).
# DISPLAY stays set for the test tools (xdotool, import); the harness starts the app without it,
# so the app cannot fall back to X11 unnoticed. Weston ends with the command.
set -eu
[ -n "${DISPLAY:-}" ] || { echo "with-weston.sh: needs an X display (run it under xvfb-run)" >&2; exit 2; }
runtime=$(mktemp -d)
chmod 0700 "$runtime"
socket=triad-wayland-$$
log="$runtime/weston.log"
XDG_RUNTIME_DIR="$runtime" weston --backend=x11-backend.so --socket="$socket" --idle-time=0 \
    --width=1280 --height=1000 --no-config --debug >"$log" 2>&1 &
weston_pid=$!
cleanup() { kill "$weston_pid" 2>/dev/null; wait "$weston_pid" 2>/dev/null; rm -rf "$runtime"; }
trap cleanup EXIT INT TERM
tries=0
until [ -S "$runtime/$socket" ]; do
    tries=$((tries + 1))
    if [ "$tries" -gt 200 ] || ! kill -0 "$weston_pid" 2>/dev/null; then
        echo "with-weston.sh: weston did not start:" >&2; cat "$log" >&2; exit 1
    fi
    sleep 0.05
done
status=0
XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" GDK_BACKEND=wayland "$@" || status=$?
exit "$status"
