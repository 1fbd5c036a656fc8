#!/usr/bin/env bash
# gsolve's CFR+ beside OpenSpiel's C++ CFR+ (pyspiel.CFRPlusSolver), side by side in one run on
# this machine: for each board, `gsolve bench darkhex-cfr` with the pruned walk, with the level
# passes (the representation before the walk), OpenSpiel (`scripts/openspiel_eval.py
# cfr-time`), and the walk again; every tool on one thread, ITERATIONS iterations each, after
# its tree or table is built. Then one Markdown table (scripts/darkhex-cfr-peer-table.py) of
# ms/iteration, the ratio to OpenSpiel, the gap each reached and the load average before each
# run, written into TABLE between the markers `<!-- peer: scripts/darkhex-cfr-peer.sh -->` and
# `<!-- end peer -->` (replaced; `gsolve bench darkhex` keeps that section when it rewrites
# the file).
#
#   [GSOLVE=target/release/gsolve] [ITERATIONS=1000] [BOARDS="3x2:abrupt 2x3:abrupt 3x2:classical"]
#   [LOCK=/tmp/heavy.lock] [OUT=runs/darkhex/cfr-peer] [TABLE=results/darkhex/bench.md]
#   scripts/darkhex-cfr-peer.sh
#
# Needs `pip install open_spiel==2.0.2` (as .ci/run does).
set -uo pipefail
cd "$(dirname "$0")/.."
COMMAND="$(for v in GSOLVE ITERATIONS BOARDS LOCK OUT TABLE; do
  [ -n "${!v+x}" ] && printf '%s=%q ' "$v" "${!v}"; done)scripts/darkhex-cfr-peer.sh"
die() { echo "darkhex-cfr-peer: $*" >&2; exit 2; }
GSOLVE=${GSOLVE:-target/release/gsolve}
[ -x "$GSOLVE" ] || die "GSOLVE=$GSOLVE is not an executable file (cargo build --release -p gsolve)"
python3 -c 'import pyspiel' 2>/dev/null || die "OpenSpiel is not installed (pip install open_spiel==2.0.2)"
ITERATIONS=${ITERATIONS:-1000}
[[ "$ITERATIONS" =~ ^[1-9][0-9]*$ ]] || die "ITERATIONS=$ITERATIONS is not a positive integer"
BOARDS=${BOARDS:-3x2:abrupt 2x3:abrupt 3x2:classical}
LOCK=${LOCK-/tmp/heavy.lock}
OUT=${OUT:-runs/darkhex/cfr-peer}
TABLE=${TABLE:-results/darkhex/bench.md}
rm -rf "$OUT"; mkdir -p "$OUT" "$(dirname "$TABLE")"
locked() { if [ -n "$LOCK" ]; then flock "$LOCK" "$@"; else "$@"; fi; }

RUNS=$OUT/runs.jsonl
for b in $BOARDS; do
  size=${b%%:*} variant=${b#*:}
  rows=${size%%x*} cols=${size#*x}
  [[ "$rows" =~ ^[0-9]+$ && "$cols" =~ ^[0-9]+$ && "$variant" =~ ^(abrupt|classical)$ ]] \
    || die "board $b: expected ROWSxCOLS:abrupt|classical"
  for run in walk level openspiel walk-again; do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    case $run in
      walk|walk-again) out=$(locked "$GSOLVE" --json bench darkhex-cfr --rows "$rows" --cols "$cols" \
                         --variant "$variant" --algo cfr+ --iterations "$ITERATIONS" --passes walk --threads 1) ;;
      level) out=$(locked "$GSOLVE" --json bench darkhex-cfr --rows "$rows" --cols "$cols" \
                   --variant "$variant" --algo cfr+ --iterations "$ITERATIONS" --passes level --threads 1) ;;
      openspiel) out=$(locked python3 scripts/openspiel_eval.py cfr-time "$rows" "$cols" "$variant" "$ITERATIONS") ;;
    esac
    rc=$?
    [ $rc -eq 0 ] || die "$run on $b failed (exit $rc): $out"
    echo "$out" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); d.update(run=sys.argv[1], load=sys.argv[2], board=sys.argv[3], variant=sys.argv[4]); print(json.dumps(d))' \
      "$run" "$load" "$size" "$variant" >> "$RUNS"
    echo "$b $run: $(tail -n 1 "$RUNS")" >&2
  done
done
python3 scripts/darkhex-cfr-peer-table.py "$RUNS" "$TABLE" "$COMMAND" "$ITERATIONS"
