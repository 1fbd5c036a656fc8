#!/usr/bin/env bash
# The deterministic search bench signature (as Stockfish's `bench`): total node count of
# depth-4 searches from the three Dola start positions and the Hexecs start, plus depth 3 from
# the Hexecs princess position (one thread, default options). Compares it with the value
# recorded in results/search/signature.txt; `--update` records the current value instead.
# A change means the search or a game's move generation/evaluation/ordering changed: check
# why, then update the recorded value in the same commit.
set -euo pipefail
cd "$(dirname "$0")/.."
# The test fails when the signature differs from the recorded one; it prints it either way.
out=$(scripts/cargo-locked test --release -p gsolve --test search_games node_count_signature_is_the_recorded_one \
    -- --exact --nocapture 2>&1 || true)
sig=$(printf '%s\n' "$out" | sed -n 's/^search signature \([0-9]*\)$/\1/p' | head -n1)
if [ -z "$sig" ]; then
    printf '%s\n' "$out" >&2
    echo "search-signature: the test printed no signature" >&2
    exit 1
fi
file=results/search/signature.txt
if [ "${1:-}" = "--update" ]; then
    printf '# search bench signature (scripts/search-signature.sh), format 1\n%s\n' "$sig" >"$file.tmp"
    mv "$file.tmp" "$file"
    echo "recorded signature $sig in $file"
    exit 0
fi
expected=$(grep -v '^#' "$file" | head -n1)
if [ "$sig" = "$expected" ]; then
    echo "search signature $sig: OK"
else
    echo "search signature $sig differs from the recorded $expected ($file)" >&2
    exit 1
fi
