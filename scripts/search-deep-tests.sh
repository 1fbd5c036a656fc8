#!/usr/bin/env bash
# The deeper (ignored) search tests on Dola and Hexecs: Star1/Star2 = plain expectimax at depth 3,
# alpha-beta = plain minimax at depth 3 with check extension, Star1/Star2 node savings on eight
# random princess positions (printed; STAR_DEPTH=N to change the depth). Then the signature check.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked test --release -p gsolve --test search_games -- --ignored
scripts/search-signature.sh
