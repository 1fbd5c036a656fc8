#!/usr/bin/env bash
# Regenerate the Dark Hex files that are not committed (results/darkhex/README.md, "Files
# kept"). Run from the repository root after `scripts/cargo-locked build --release -p gsolve`.
#   WHAT=text        the text export (strategy.txt) next to every committed strategy.bin
#   WHAT=cfr-4x3     the 4x3 classical CFR run (classical-4x3/strategy.bin, 23 MB with its
#                    text twin, checkpoint.bin): scripts/darkhex-4x3.sh (TIME, default 2400 s)
#   WHAT=checkpoints the double-oracle runs' do-checkpoint.bin (for --resume): the runs of
#                    experiments/darkhex-double-oracle.toml and darkhex-large.toml again,
#                    through scripts/darkhex-do.sh (BOARDS, TIME, GAP as there)
# Default: text (seconds); the other two take from minutes to an hour per board.
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
case "${WHAT:-text}" in
  text)
    for f in results/darkhex/*/strategy.bin results/darkhex/boards/*/strategy.bin; do
      [[ -e "$f" ]] || continue
      "$BIN" darkhex export "$f" > "${f%.bin}.txt"
    done ;;
  cfr-4x3)
    TIME=${TIME:-2400} BIN="$BIN" scripts/darkhex-4x3.sh
    "$BIN" darkhex export results/darkhex/classical-4x3/strategy.bin \
      > results/darkhex/classical-4x3/strategy.txt ;;
  checkpoints)
    BIN="$BIN" scripts/darkhex-do.sh ;;
  *) echo "WHAT must be text, cfr-4x3 or checkpoints" >&2; exit 2 ;;
esac
