#!/usr/bin/env bash
# gsolve against the peer Solrex, side by side on this machine: the work items of the issue's
# table (../shared/peers/solrex/README.md), run back to back through the peer drivers there, then
# one Markdown table of both tools' figures (scripts/rex-bench-peer-table.py).
#
#   SOLREX=/path/to/solrex [GSOLVE=target/release/gsolve] scripts/rex-bench-peer.sh
#
# Items: m5.sh `map` and `rand100` with 1 and 2 threads (two repetitions each, alternating
# order, as m5.sh does); m6.sh, 2 threads, tool g then s, for the 6x6 openings a1 b1 c1 d1 in
# gsolve's names. m6.sh takes Benzene's names, which are transposed (gsolve's a1 b1 c1 d1 are
# Benzene's a1 a2 a3 a4), so they are converted here; the table gives both.
# Build the Solrex binary yourself outside this repository (the README there says how to get it).
# Benzene programs write default.log into the working directory (here: the checkout) unless
# started with --use-logfile=false, so let SOLREX be a small wrapper that passes it.
#
# Environment (defaults in brackets):
#   SOLREX    the Solrex GTP engine (required, executable)
#   GSOLVE    [target/release/gsolve]
#   ITEMS     [map rand100 6x6]          which items to run
#   THREADS5  [1 2]                      threads of the 5x5 items
#   OPENINGS6 [a1 b1 c1 d1]              6x6 openings, gsolve names
#   THREADS6  [2]   REPS6 [2]            6x6 threads and repetitions (rep 2 runs s before g)
#   LIMIT5    []                         only the first N lines of each 5x5 file (a quick test)
#   LOCK      [/tmp/heavy.lock]          each driver call runs under `flock $LOCK`; empty: none
#   OUT       [runs/rex/bench-peer]      raw JSON, logs and driver output (overwritten)
#   TABLE     [results/rex/bench-peer.md]
set -uo pipefail
cd "$(dirname "$0")/.."
COMMAND="$(for v in SOLREX GSOLVE ITEMS THREADS5 OPENINGS6 THREADS6 REPS6 LIMIT5 LOCK OUT TABLE; do
  [ -n "${!v+x}" ] && printf '%s=%q ' "$v" "${!v}"; done)scripts/rex-bench-peer.sh"

die() { echo "rex-bench-peer: $*" >&2; exit 2; }
[ -n "${SOLREX:-}" ] || die "SOLREX is unset: set it to the Solrex binary (the peer's GTP engine)"
[ -x "$SOLREX" ] || die "SOLREX=$SOLREX is not an executable file"
export SOLREX
export GSOLVE=${GSOLVE:-target/release/gsolve}
[ -x "$GSOLVE" ] || die "GSOLVE=$GSOLVE is not an executable file (cargo build --release -p gsolve)"
DRIVERS=../shared/peers/solrex
for f in m5.sh m6.sh gtpdrive.py; do [ -e "$DRIVERS/$f" ] || die "missing driver $DRIVERS/$f"; done
ITEMS=${ITEMS:-map rand100 6x6}
THREADS5=${THREADS5:-1 2}
OPENINGS6=${OPENINGS6:-a1 b1 c1 d1}
THREADS6=${THREADS6:-2}
REPS6=${REPS6:-2}
LOCK=${LOCK-/tmp/heavy.lock}
export OUT=${OUT:-runs/rex/bench-peer}
TABLE=${TABLE:-results/rex/bench-peer.md}
rm -rf "$OUT"; mkdir -p "$OUT" "$(dirname "$TABLE")"

# A 5x5 limit: the drivers read their files from SOLREX_DATA, so give them shortened copies.
if [ -n "${LIMIT5:-}" ]; then
  export SOLREX_DATA=$OUT/data; mkdir -p "$SOLREX_DATA"
  for f in rex5x5opening.dat random5x5.dat; do head -n "$LIMIT5" "../shared/data/solrex/$f" > "$SOLREX_DATA/$f"; done
fi

# gsolve cell -> Benzene cell: swap the column letter and the row number (c1 -> a3).
to_benzene() {
  local letters=abcdefghijklmnopqrstuvwxyz col=${1:0:1} row=${1:1}
  local before=${letters%%"$col"*}
  echo "${letters:row-1:1}$(( ${#before} + 1 ))"
}
locked() { if [ -n "$LOCK" ]; then flock "$LOCK" "$@"; else "$@"; fi; }
# Driver output (with the load average before each run) goes to $OUT/NAME.out for the table.
drive() { local name=$1; shift; echo "$name" >> "$OUT/runs.txt"; echo "-- $name: $*"; locked "$@" | tee "$OUT/$name.out"; }

{
  echo "started_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "command=$COMMAND"
  echo "gsolve_commit=$(git rev-parse HEAD)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock || echo ' (working tree modified)')"
  echo "gsolve_version=$("$GSOLVE" --version)"
  echo "solrex=$(readlink -f "$SOLREX")"
  echo "solrex_sha256=$(sha256sum < "$(readlink -f "$SOLREX")" | cut -c1-16)"
  echo "machine=$(nproc) logical CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
  echo "limit5=${LIMIT5:-}"
  echo "lock=$LOCK"
} > "$OUT/meta.txt"

for item in $ITEMS; do
  case $item in
    map|rand100) for t in $THREADS5; do drive "m5.$item.$t" "$DRIVERS/m5.sh" "$item" "$t"; done ;;
    6x6)
      for op in $(for c in $OPENINGS6; do to_benzene "$c"; done); do for t in $THREADS6; do for rep in $(seq 1 "$REPS6"); do
        if [ $((rep % 2)) -eq 1 ]; then order="g s"; else order="s g"; fi
        for tool in $order; do drive "m6.$tool.$op.$t.$rep" "$DRIVERS/m6.sh" "$tool" "$op" "$t" "$rep"; done
      done; done; done ;;
    *) die "unknown item '$item' in ITEMS (expected map, rand100, 6x6)" ;;
  esac
done

echo "finished_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)" >> "$OUT/meta.txt"
python3 scripts/rex-bench-peer-table.py "$OUT" > "$TABLE.tmp" && mv "$TABLE.tmp" "$TABLE" \
  || die "could not build the table from $OUT"
echo "wrote $TABLE"
