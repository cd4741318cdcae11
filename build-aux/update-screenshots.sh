#!/bin/sh
# `make screenshots`: copies the pictures a real-window pass took (FROM, build/screenshots) into the
# published folder (TO, docs/screenshots) where the picture changed, and leaves the others alone, so
# that a refresh does not commit rendering noise.
#
# Two pictures are the same when they have the same size and at most NOISE_PIXELS pixels differ by
# more than NOISE_FUZZ (ImageMagick's `compare -metric AE -fuzz`, a distance in colour space). The
# fuzz absorbs anti-aliasing and font-smoothing noise, which moves colours a little; the pixel count
# absorbs a caret caught blinking. A real change, even a label's selection or a disabled button,
# recolours far more pixels than that by far more than the fuzz.
set -eu
from=$1
to=$2
fuzz=${NOISE_FUZZ:-10%}
limit=${NOISE_PIXELS:-100}
[ -d "$from" ] || { echo "update-screenshots: no pictures in $from"; exit 1; }
changed=0
kept=0
for picture in "$from"/*.png; do
    name=$(basename "$picture")
    published="$to/$name"
    if [ ! -f "$published" ]; then
        cp "$picture" "$published"; changed=$((changed + 1)); echo "new      $name"; continue
    fi
    if [ "$(identify -format '%wx%h' "$picture")" != "$(identify -format '%wx%h' "$published")" ]; then
        cp "$picture" "$published"; changed=$((changed + 1)); echo "resized  $name"; continue
    fi
    # compare prints the count on stderr and exits 1 when the pictures differ at all.
    pixels=$(compare -metric AE -fuzz "$fuzz" "$picture" "$published" null: 2>&1 || true)
    pixels=${pixels%% *}
    if [ "${pixels%.*}" -gt "$limit" ] 2>/dev/null; then
        cp "$picture" "$published"; changed=$((changed + 1)); echo "changed  $name ($pixels pixels beyond $fuzz)"
    else
        kept=$((kept + 1)); echo "same     $name ($pixels pixels beyond $fuzz: noise)"
    fi
done
echo "update-screenshots: $changed rewritten, $kept unchanged in $to"
