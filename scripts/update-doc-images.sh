#!/bin/sh
# Copies the screenshots the GUI tests save into docs/images/ under the stable names the guides use,
# reduced to 256 colours so that the pictures stay small in the repository, the package and the program.
# Usage: scripts/update-doc-images.sh [SCREENSHOTS_DIR]   (default: build/screenshots, which the GUI tests fill)
set -eu

src=${1:-build/screenshots}
dest=$(dirname "$0")/../docs/images

# guide image name          test screenshot
images='
home.png                    screen-home-1920x1080.png
home-alerts.png             home-alerts.png
jobs-strip.png              screen-jobs-strip-1280x720.png
positions.png               screen-positions-1920x1080.png
positions-rounds.png        screen-positions-rounds-1920x1080.png
positions-round-paused.png  positions-round-paused.png
positions-capacity.png      positions-capacity.png
kudos.png                   screen-kudos-1920x1080.png
kudos-capacity.png          kudos-capacity-known.png
disputes.png                screen-disputes-1920x1080.png
disputes-rows.png           screen-disputes-rows-1920x1080.png
disputes-drill.png          disputes-drill.png
tracks.png                  screen-tracks-1920x1080.png
tracks-retention.png        screen-tracks-retention-1920x1080.png
tracks-capacity.png         tracks-capacity.png
'

if [ ! -d "$src" ]; then
    echo "update-doc-images: no screenshots folder $src (the GUI tests save them there: run ctest in the build first)" >&2
    exit 1
fi

# Every missing screenshot is named before the script fails, so one test run fixes them all.
echo "$images" | {
    missing=0
    while read -r name shot; do
        [ -n "$name" ] || continue
        [ -f "$src/$shot" ] || { echo "update-doc-images: missing screenshot $src/$shot (for $name)" >&2; missing=1; }
    done
    exit "$missing"
} || exit 1

if command -v pngquant >/dev/null 2>&1; then
    reduce() { pngquant --force --strip --quality 60-90 --output "$2" 256 -- "$1"; }
elif command -v convert >/dev/null 2>&1; then
    reduce() { convert "$1" -strip -colors 256 "PNG8:$2"; }
else
    echo "update-doc-images: needs ImageMagick's convert or pngquant (apt-get install imagemagick)" >&2
    exit 1
fi

mkdir -p "$dest"
echo "$images" | while read -r name shot; do
    [ -n "$name" ] || continue
    reduce "$src/$shot" "$dest/$name"
    size=$(wc -c <"$dest/$name")
    echo "$name  $size bytes  (from $shot)"
    if [ "$size" -gt 256000 ]; then
        echo "update-doc-images: $name is $size bytes, over 250 KB" >&2
        exit 1
    fi
done
echo "total: $(du -cb "$dest"/*.png | tail -n 1 | cut -f 1) bytes in $dest"
