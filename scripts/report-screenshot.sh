#!/usr/bin/env bash
# Render the report page (gsolve report) and a few of its figures to PNG with headless
# Chromium, installed from Debian's packages when it is missing (apt-get install -y chromium).
#
# Usage: scripts/report-screenshot.sh [REPORT_DIR] [PNG_DIR]
#   REPORT_DIR  the folder gsolve report wrote (default results/report; made by
#               `gsolve report` first if it has no index.html)
#   PNG_DIR     where the PNG files go (default runs/report/screenshots)
# The browser runs with a fresh profile and every background network feature off; the page
# itself loads nothing from the network.
set -euo pipefail
cd "$(dirname "$0")/.."
report=${1:-results/report}
png=${2:-runs/report/screenshots}

if [ ! -f "$report/index.html" ]; then
  scripts/cargo-locked run --release -q -- report --out "$report"
fi

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium
  browser=$(command -v chromium)
fi
mkdir -p "$png"

# shot URL PNG WIDTH,HEIGHT
shot() {
  local profile
  profile=$(mktemp -d)
  "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" --screenshot="$2" --window-size="$3" \
    ${extra:-} "$1" >/dev/null 2>&1 || { rm -rf "$profile"; echo "chromium failed on $1" >&2; return 1; }
  rm -rf "$profile"
  echo "$2"
}

page="file://$(realpath "$report/index.html")"
shot "$page" "$png/page-1280.png" 1280,1000
shot "$page" "$png/page-phone.png" 390,1600

# A part of the page further down: headless Chromium ignores a URL's #fragment when it takes
# a screenshot, but a frame scrolls to its own, so the page is shown in a frame of a wrapper.
# section ANCHOR PNG WIDTH,HEIGHT
section() {
  local wrapper w=${3%,*} h=${3#*,}
  wrapper=$(mktemp --suffix=.html)
  printf '<!DOCTYPE html><html><body style="margin:0"><iframe src="%s#%s" style="border:0;width:%spx;height:%spx"></iframe></body></html>\n' \
    "$page" "$1" "$w" "$h" >"$wrapper"
  extra="--allow-file-access-from-files --virtual-time-budget=8000" shot "file://$wrapper" "$2" "$3"
  rm -f "$wrapper"
}
section darkhex-runs "$png/page-darkhex-runs.png" 1280,900
section darkhex-brackets "$png/page-darkhex-brackets.png" 1280,900
section rex-maps "$png/page-rex-maps.png" 1280,900
section chess-positions "$png/page-chess.png" 1280,900
# The README's picture (docs/report-preview.png is a copy of this file).
section fig-darkhex-double-oracle-classical-4x3-convergence "$png/preview.png" 1280,980

for f in rex-map-4x4 rex-parity-grid rex-progress-6x6 darkhex-brackets-abrupt \
  darkhex-double-oracle-classical-4x3-convergence darkhex-double-oracle-classical-4x3-probes \
  selfplay-scores bench-rex-solrex bench-lp-highs dola-final-sultan hexecs-start-10-droids; do
  svg="$report/figures/$f.svg"
  [ -f "$svg" ] || { echo "no $svg (its data is missing from results/)" >&2; continue; }
  # The figure's own size, from its root element.
  w=$(grep -o -m1 'width="[0-9.]*"' "$svg" | head -1 | tr -dc '0-9.')
  h=$(grep -o -m1 'height="[0-9.]*"' "$svg" | head -1 | tr -dc '0-9.')
  shot "file://$(realpath "$svg")" "$png/$f.png" "${w%.*},${h%.*}"
done
