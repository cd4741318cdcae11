#!/bin/sh
# Prints the Debian mirror this machine's apt already uses for `bookworm` (Debian 12), read from
# /etc/apt/sources.list.d/*.sources (deb822) and /etc/apt/sources.list (one-line format), so the
# trees that make fresh-check and make flatpak-check build come from the same mirror as the host's
# own packages. No host is written in the repository; DEBIAN_MIRROR overrides.
set -eu
suite=${1:-bookworm}
if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; exit 0; fi
apt_dir=${APT_DIR:-/etc/apt}
mirror=$(
    for file in "$apt_dir"/sources.list.d/*.sources; do [ -f "$file" ] && cat "$file" && echo; done |
    awk -v suite="$suite" '
        function flush() {
            if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " suite " ") && enabled != "no" && uris != "") {
                split(uris, list, " "); print list[1]; found = 1; exit
            }
            types = suites = uris = ""; enabled = "yes"
        }
        /^[ \t]*$/ { flush(); next }
        /^[ \t]*#/ { next }
        { key = tolower($1); sub(/^[^:]*:[ \t]*/, ""); }
        key == "types:" { types = $0 } key == "suites:" { suites = $0 }
        key == "uris:" { uris = $0 } key == "enabled:" { enabled = tolower($0) }
        END { if (!found) flush() }'
)
if [ -z "$mirror" ] && [ -f "$apt_dir/sources.list" ]; then
    mirror=$(awk -v suite="$suite" '
        $1 == "deb" { i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
                      if ($(i + 1) == suite) { print $i; exit } }' "$apt_dir/sources.list")
fi
[ -n "$mirror" ] || { echo "debian-mirror.sh: no 'deb … $suite' entry in $apt_dir (set DEBIAN_MIRROR)" >&2; exit 1; }
echo "${mirror%/}"
