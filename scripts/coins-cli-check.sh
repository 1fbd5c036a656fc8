#!/usr/bin/env bash
# Smoke test of `gsolve coins`: exit codes (0 success, 2 bad input), one JSON object with --json,
# the 12-coin headline figures, and `gsolve coins check` on a hand-written strategy.
# Usage: scripts/coins-cli-check.sh [path/to/gsolve]   (default target/release/gsolve)
set -uo pipefail
cd "$(dirname "$0")/.."
G="${1:-target/release/gsolve}"
fail=0
expect() { # expect CODE ARGS...
    local want=$1; shift
    "$G" "$@" > /tmp/coins-cli-check.out 2>&1
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: gsolve $* exited $got, expected $want"; fail=1
    fi
}
expect 2 coins solve --coins 0 --weighings 3
expect 2 coins solve --coins 12 --weighings 0
expect 2 coins solve --coins 100000 --weighings 3
expect 2 coins solve --coins 12 --weighings 9
expect 2 coins solve --coins x --weighings 3
expect 2 coins solve --coins 12 --weighings 3 --adaptive --non-adaptive
expect 2 --json coins solve --coins 0 --weighings 3
expect 2 coins table --min-weighings 4 --max-weighings 2
expect 2 coins check --coins 12 --weighings 3 /nonexistent/strategy.txt
expect 0 coins solve --coins 12 --weighings 3

out=$("$G" --json coins solve --coins 12 --weighings 3)
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || { echo "FAIL: --json printed more than one line"; fail=1; }
for want in '"classes":7' '"solutions_up_to_relabelling":304' '"strategy_classes":"18705"' '"min_weighings":3'; do
    case "$out" in *"$want"*) ;; *) echo "FAIL: JSON lacks $want"; fail=1 ;; esac
done

tmp=$(mktemp)
printf '# Dyson: MA DO LIKE ME TO FIND FAKE COIN\n1 2 3 4 | 5 6 7 8\n1 8 9 4 | 10 6 11 3\n10 2 7 8 | 12 4 6 11\n' > "$tmp"
case "$("$G" --json coins check --coins 12 --weighings 3 "$tmp")" in
    *'"valid":true'*) ;; *) echo "FAIL: Dyson's solution not accepted"; fail=1 ;;
esac
printf '1 2 3 4 | 5 6 7 8\n1 2 3 4 | 5 6 7 8\n1 2 3 4 | 5 6 7 8\n' > "$tmp"
case "$("$G" --json coins check --coins 12 --weighings 3 "$tmp")" in
    *'"valid":false'*) ;; *) echo "FAIL: a wrong strategy was accepted"; fail=1 ;;
esac
printf '1 2 x | 3\n' > "$tmp"
expect 2 coins check --coins 12 --weighings 3 "$tmp"
rm -f "$tmp"

[ $fail = 0 ] && echo "coins CLI: all checks passed"
exit $fail
