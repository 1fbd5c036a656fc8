#!/usr/bin/env bash
# One leg of the 12-cell abrupt frontier (issue 18): the symmetric exact double oracle on
# BOARD (4x3 or 3x4, abrupt), then both written certificates re-proved by `gsolve darkhex
# certify` and by the independent Python checker, and the leg's files copied into
# results/darkhex/frontier/abrupt-BOARD/LEG/. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
# under `flock /tmp/heavy.lock` on a shared machine.
#   BOARD=4x3 LEG=leg1 TIME=1380 FROM=results/darkhex/double-oracle-abrupt-4x3 scripts/darkhex-frontier.sh
# FROM: a directory whose black-lower.mix / white-upper.mix seed the run (--initial-from);
# RESUME=1 instead continues the checkpoint of runs/frontier/abrupt-BOARD-PREV (PREV: the leg
# whose run directory is continued; the leg's own files still go to LEG/).
# The run's checkpoint is kept, gzipped, in results/darkhex/frontier/abrupt-BOARD/resume/ (the
# resume state of the frontier run in progress, so that the next leg can run on another
# machine): RESUME=1 restores it when runs/frontier/abrupt-BOARD-PREV has no checkpoint.
# THREADS: worker threads (default: all cores).
# PYTHON: the interpreter of the Python checker (default python3; pypy3 is several times faster).
# POST=1: only certify and copy the files of a finished run (runs/frontier/abrupt-BOARD-LEG).
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
BOARD=${BOARD:?BOARD=4x3 or 3x4}
LEG=${LEG:?LEG=name of the leg}
TIME=${TIME:-1380}
rows=${BOARD%x*}; cols=${BOARD#*x}
RUN=runs/frontier/abrupt-$BOARD-${PREV:-$LEG}
DEST=results/darkhex/frontier/abrupt-$BOARD/$LEG
G=/tmp/gsolve-darkhex-frontier-$$
cp "$BIN" "$G"
if [[ "${POST:-0}" != 1 ]]; then
  mkdir -p runs/frontier
  SEED=()
  if [[ -n "${FROM:-}" ]]; then
    SEED=(--initial-from "$FROM/black-lower.mix" --initial-from "$FROM/white-upper.mix")
  fi
  RESUME_FLAG=()
  KEPT=results/darkhex/frontier/abrupt-$BOARD/resume/do-checkpoint.bin.gz
  if [[ "${RESUME:-0}" == 1 ]]; then
    RESUME_FLAG=(--resume)
    if [[ ! -f "$RUN/do-checkpoint.bin" && -f "$KEPT" ]]; then
      mkdir -p "$RUN"; gunzip -c "$KEPT" > "$RUN/do-checkpoint.bin"
    fi
  fi
  THREAD_FLAG=()
  [[ -n "${THREADS:-}" ]] && THREAD_FLAG=(--threads "$THREADS")
  /usr/bin/time -v -o "/tmp/darkhex-frontier-$BOARD-$LEG.time" nice -n 10 "$G" --json darkhex solve \
    --rows "$rows" --cols "$cols" --variant abrupt --algo double-oracle --plain-oracle --random-fallback \
    --initial-policies 200 --time "$TIME" --checkpoint-secs 60 --out "$RUN" "${SEED[@]}" "${RESUME_FLAG[@]}" "${THREAD_FLAG[@]}" \
    > "$RUN.json"
  grep -E "Maximum resident|Elapsed" "/tmp/darkhex-frontier-$BOARD-$LEG.time" > "$RUN/resources.txt"
  cp "$RUN.json" "$RUN/run.json"
  mkdir -p "$(dirname "$KEPT")"
  gzip -9 -c "$RUN/do-checkpoint.bin" > "$KEPT.tmp" && mv "$KEPT.tmp" "$KEPT"
fi
mkdir -p "$DEST"
for f in black-lower.mix white-upper.mix summary.md convergence.csv run.json resources.txt; do
  cp "$RUN/$f" "$DEST/$f"
done
for f in black-lower white-upper; do
  nice -n 10 "$G" --json darkhex certify "$DEST/$f.mix" > "$DEST/certify-$f.json"
done
nice -n 10 "${PYTHON:-python3}" scripts/darkhex_certify.py "$DEST/black-lower.mix" "$DEST/white-upper.mix" \
  > "$DEST/python-check.txt"
cat "$DEST/certify-black-lower.json" "$DEST/certify-white-upper.json" "$DEST/python-check.txt"
rm -f "$G"
