#!/usr/bin/env bash
# Run one experiment definition (experiments/NAME.toml): build gsolve, then run its commands in
# order from the repository root, niced. Usage: scripts/experiment.sh experiments/rex-parity.toml
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: scripts/experiment.sh experiments/NAME.toml}
[[ -f "$file" ]] || { echo "experiment: no such file: $file" >&2; exit 2; }
scripts/cargo-locked build --release -p gsolve
bin=$(mktemp /tmp/gsolve-experiment.XXXXXX)
cp target/release/gsolve "$bin"
trap 'rm -f "$bin"' EXIT
# Commands: the quoted lines between `commands = [` and `]`.
mapfile -t cmds < <(sed -n '/^commands = \[/,/^\]/p' "$file" | sed -n 's/^ *"\(gsolve .*\)",\{0,1\} *$/\1/p')
[[ ${#cmds[@]} -gt 0 ]] || { echo "experiment: $file lists no commands" >&2; exit 2; }
echo "experiment $(sed -n 's/^name = "\(.*\)"/\1/p' "$file"): ${#cmds[@]} command(s)"
for c in "${cmds[@]}"; do
  echo "+ $c"
  # shellcheck disable=SC2086  # the definitions hold plain words, no quoting inside
  nice -n 10 "$bin" ${c#gsolve }
done
