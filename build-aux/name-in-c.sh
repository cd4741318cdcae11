#!/bin/sh
# Writes a C source with one function, FUNCTION, that returns PATH: how the program finds what
# the build made beside it when it runs from the build folder. The file is rewritten only when
# its text changes, so that SwiftPM compiles nothing again.
#
#   build-aux/name-in-c.sh FUNCTION PATH OUT.c
set -eu
escaped=$(printf '%s' "$2" | sed 's/\\/\\\\/g; s/"/\\"/g')
text=$(printf '/* Written by build-aux/name-in-c.sh. */\nconst char *%s(void) { return "%s"; }' "$1" "$escaped")
if [ ! -f "$3" ] || [ "$(cat "$3")" != "$text" ]; then
    printf '%s\n' "$text" >"$3"
fi
