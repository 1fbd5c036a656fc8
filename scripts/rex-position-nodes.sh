#!/bin/bash
# Nodes and user seconds of one-thread solves of 6x6 Rex positions, one line per position:
#   scripts/rex-position-nodes.sh BIN LABEL ALGO [POSITIONS]
# BIN a gsolve binary, LABEL a name for the lines, ALGO alphabeta or dfpn, POSITIONS a file
# of move lists (default experiments/rex/positions-6x6-orderings.txt: the 12 random 8-stone
# positions and 4 positions of results/rex/knowledge.md, sessions 15 and 16). Node counts of a
# one-thread solve are deterministic; seconds depend on the load. Environment switches of an
# experimental build (GS_RES on branch exp-resistance) pass through.
set -u
BIN=$1; L=$2; ALGO=$3
P=${4:-$(dirname "$0")/../experiments/rex/positions-6x6-orderings.txt}
while read -r p; do
  out=$( { /usr/bin/time -f "%U" timeout 300 "$BIN" rex solve --size 6x6 --moves "$p" \
           --threads 1 --tt-mb 512 --algo "$ALGO" --json; } 2>&1 )
  t=$(echo "$out" | tail -1)
  echo "$out" | head -1 | python3 -c "import json,sys
try:
    d=json.load(sys.stdin); print('$L $ALGO $p', d['nodes'], '$t', d['winner'])
except Exception:
    print('$L $ALGO $p', 'FAIL', '$t')"
done < "$P"
