#!/bin/sh
# Prints the path of a minimal Debian 12 tree (debootstrap --variant=minbase) holding the packages
# given, made once and kept in the user's cache folder, ${XDG_CACHE_HOME:-~/.cache}/triad/, for
# make flatpak-check and make fresh-check: a clean clone starts from it instead of downloading and
# unpacking Debian again.
#
#   build-aux/debootstrap-tree.sh NAME PACKAGE,PACKAGE,...
#
# The tree's folder is named by a hash of what made it: the package list, the mirror (the host apt's
# own, build-aux/debian-mirror.sh), the suite and debootstrap's options. A change to any of them is
# a new name, so an old tree is never taken for a new one; trees of the same NAME under other hashes
# are removed when a new one is made. A tree is made in a folder of its own, marked complete last
# and only then moved to its name, so a tree whose making was interrupted is never used: only a
# folder with that name whose mark holds that hash is.
set -eu
cd "$(dirname "$0")/.."
name=$1
packages=$2
suite=bookworm
options="--variant=minbase"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/triad"
mirror=$(build-aux/debian-mirror.sh "$suite")
key=$(printf '%s\n' "$name" "$packages" "$mirror" "$suite" "$options" | sha256sum | cut -c1-16)
tree="$cache/$name-$key"
if [ "$(cat "$tree/.complete" 2>/dev/null)" = "$key" ]; then
    echo "$tree"
    exit 0
fi
mkdir -p "$cache/debs"
partial="$cache/.$name-$key.partial-$$"
log="$cache/$name.log"
trap 'rm -rf "$partial"' EXIT INT TERM
echo "== debootstrap a Debian 12 tree for $name from $mirror (once; kept as $tree)" >&2
# The packages' archives are kept too (debootstrap checks each against the suite's index).
debootstrap $options --cache-dir="$cache/debs" --include="$packages" "$suite" "$partial" "$mirror" >"$log" 2>&1 \
    || { tail -20 "$log" >&2; exit 1; }
rm -rf "$partial/var/cache/apt/archives/"*.deb
echo "$key" >"$partial/.complete"
# Trees of this name under other hashes, and folders left by a making that was killed.
for old in "$cache/$name"-* "$cache/.$name"-*.partial-*; do
    [ -e "$old" ] && [ "$old" != "$tree" ] && [ "$old" != "$partial" ] || continue
    case $old in *.partial-*) kill -0 "${old##*-}" 2>/dev/null && continue ;; esac
    rm -rf "$old"
done
rm -rf "$tree"
mv "$partial" "$tree"
trap - EXIT INT TERM
echo "$tree"
