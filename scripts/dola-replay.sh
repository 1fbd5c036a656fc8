#!/usr/bin/env bash
# Replay the inventor's three annotated games (crates/dola/tests/data/*.txt) with
# `gsolve dola replay` and write results/dola/replay.md (atomically: temp file + rename).
# Run from the repository root after `scripts/cargo-locked build --release -p gsolve`.
set -euo pipefail
cd "$(dirname "$0")/.."
G=target/release/gsolve
out=results/dola/replay.md
tmp=$(mktemp results/dola/.replay.md.XXXXXX)
trap 'rm -f "$tmp"' EXIT
mkdir -p results/dola
{
  echo "# Dola record replays (format 1)"
  echo
  echo "Written by \`scripts/dola-replay.sh\` with $($G --version), $(date -u +%Y-%m-%dT%H:%MZ)."
  echo "Each record is the source's text as written (shared/seeds/dola.txt), transcribed to"
  echo "\`crates/dola/tests/data/<variant>.txt\`; \`gsolve dola replay\` judges every move"
  echo "(legal / not legal and why / ambiguous) and notes every irregularity. The same checks,"
  echo "with each typo's correction, are asserted by \`crates/dola/tests/replay.rs\`."
  echo
  echo "| game | moves | legal | final position checkmate | winner | notes (typos and facts) |"
  echo "|---|---|---|---|---|---|"
  for g in sultan qinwan sinwan; do
    $G --json dola replay --variant "$g" "crates/dola/tests/data/$g.txt" > "$tmp.$g.json"
    python3 - "$g" "$tmp.$g.json" <<'PY'
import json, sys
g, path = sys.argv[1], sys.argv[2]
r = json.load(open(path))
notes = sum(len(s["notes"]) for s in r["steps"])
print(f"| {g} | {r['moves']} | {r['legal']} | {'yes' if r['final_checkmate'] else 'no'} | {r['outcome']} | {notes} |")
PY
  done
  for g in sultan qinwan sinwan; do
    echo
    echo "## $g"
    echo
    python3 - "$g" "$tmp.$g.json" <<'PY'
import json, sys
g, path = sys.argv[1], sys.argv[2]
r = json.load(open(path))
bad = [s for s in r["steps"] if s["verdict"]["verdict"] != "legal"]
print(f"{r['moves']} moves, {r['legal']} legal; moves not legal or ambiguous: {len(bad)}.")
print()
for s in r["steps"]:
    for n in s["notes"]:
        print(f"- move {s['number']} ({s['color']}) `{s['text']}` → `{s['played']}`: {n}")
    if s["verdict"]["verdict"] != "legal":
        print(f"- move {s['number']} ({s['color']}) `{s['text']}`: {s['verdict']}")
if r.get("trailing_comment"):
    print(f"- comment after the last move: \"{r['trailing_comment']}\"")
print()
print(f"Final position (FEN): `{r['final_fen']}`")
PY
    rm -f "$tmp.$g.json"
  done
} > "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "written $out"
