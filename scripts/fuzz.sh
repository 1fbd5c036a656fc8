#!/usr/bin/env bash
# Long fuzz runs on the stable toolchain: every parser's fuzz target (crates/fuzz) on
# EXECUTIONS seeded mutations, panics caught and counted, crashing inputs saved.
#   scripts/fuzz.sh [EXECUTIONS [SEED [TARGET...]]]     (defaults: 10000000, 1, all targets)
# Prints one line per target: name, executions, seconds, crashes; exit 1 if any crashed.
# Crashing inputs go to runs/fuzz/crashes/ (turn each into a regression test).
set -euo pipefail
cd "$(dirname "$0")/.."
executions=${1:-10000000}
seed=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
targets=("$@")
flock /tmp/heavy.lock cargo build --release -p fuzz-targets --bin fuzz
if [ ${#targets[@]} -eq 0 ]; then targets=(all); fi
status=0
for t in "${targets[@]}"; do
    # One core: the machine is shared.
    flock /tmp/heavy.lock taskset -c 0 target/release/fuzz "$t" "$executions" "$seed" runs/fuzz/crashes || status=1
done
exit $status
