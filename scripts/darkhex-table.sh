#!/usr/bin/env bash
# The small-board values table (every board of at most 9 cells, both variants) and the
# Dark Hex benchmarks. Writes results/darkhex/values.{md,csv} and results/darkhex/bench.md.
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
nice -n 10 "$BIN" darkhex table --time "${TIME:-60}" --out results/darkhex
nice -n 10 "$BIN" bench darkhex --out results/darkhex/bench.md
# The certificate values (also tests in crates/darkhex/tests/certificates.rs).
for f in ../shared/data/darkhex-certificates/*/*.mix; do
  echo "$f: $("$BIN" darkhex certify "$f")"
done
