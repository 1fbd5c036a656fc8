#!/usr/bin/env bash
# Long fuzz runs on the stable toolchain: every parser's fuzz target (crates/fuzz) on
# EXECUTIONS seeded mutations, panics caught and counted, crashing inputs saved.
#   scripts/fuzz.sh [EXECUTIONS [SEED [TARGET...]]]     (defaults: 10000000, 1, all targets)
# Targets: `target/release/fuzz` without arguments lists them; `gtp-line` is the GTP engine's.
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
    [ "$t" = gtp-line ] && continue
    # One core: the machine is shared.
    flock /tmp/heavy.lock taskset -c 0 target/release/fuzz "$t" "$executions" "$seed" runs/fuzz/crashes || status=1
done
# The GTP line target lives in the binary crate (the engine is a front end): an ignored test.
if [ "${targets[*]}" = all ] || [[ " ${targets[*]} " == *" gtp-line "* ]]; then
    GSOLVE_FUZZ_EXECS=$executions GSOLVE_FUZZ_SEED=$seed flock /tmp/heavy.lock \
        taskset -c 0 cargo test --release -p gsolve --bin gsolve gtp_lines_fuzz_long \
        -- --ignored --nocapture --test-threads 1 | grep -oE '(gtp-line|crash).*' || status=1
fi
exit $status
