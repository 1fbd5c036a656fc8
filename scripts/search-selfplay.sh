#!/usr/bin/env bash
# Regenerates results/dola/selfplay.md and results/hexecs/selfplay.md (engine self-play, 100 games each at depth 3, about
# 5 minutes in total); the game records go to runs/search/games/ (not committed). Run after building:
# scripts/cargo-locked build --release -p gsolve
set -euo pipefail
cd "$(dirname "$0")/.."
G="nice -n 10 target/release/gsolve"
for v in sultan qinwan sinwan; do
    $G dola play --variant "$v" --depth 3 --games 100 --seed 1 \
        --out "runs/search/games/dola-$v.txt" --summary results/dola/selfplay.md
done
$G hexecs play --depth 3 --games 100 --seed 1 \
    --out runs/search/games/hexecs.txt --summary results/hexecs/selfplay.md
