#!/bin/sh
# `make deps` / `make test-deps`: installs the Debian packages given that are not installed yet.
# As root it runs apt-get; as another user it prints the one command to run and fails.
# Prints `Installing: …` with exactly the packages it had to add (make fresh-check reads it).
set -eu
[ "${SKIP_DEPS:-0}" = 1 ] && exit 0
command -v dpkg-query >/dev/null || { echo "No dpkg: install these packages by hand: $*"; exit 0; }
missing=""
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "Missing Debian packages. Run:"
    echo "  sudo apt-get install --no-install-recommends$missing"
    exit 1
fi
echo "Installing:$missing"
# The package lists may be missing (a fresh machine) or stale: refresh them once first.
apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null
