#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# An output folder that goes away under a running job ends the run quickly and
# plainly, on every rank, never with an MPI_ABORT banner or a hang:
# output.dir removed (rm -rf) while 1 and 2 ranks write images and
#     checkpoints: exit 1 within seconds, one error line naming the folder
#     (found at an output step: saying it is gone); the folder is not recreated.
# A folder that is read-only from the start is refused before step 0 (exit 2):
# regression.full_disk (c). (A filesystem cannot be remounted read-only while
# the run holds files open for writing, so that does not happen mid-run.)
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
pid=
cleanup() { [[ -z $pid ]] || kill $pid 2>/dev/null || true; }
trap cleanup EXIT
# Long enough to be still running whenever the folder goes; images every 10 steps, checkpoints every 50.
ARGS=(time.steps=10000000 output.every=10 checkpoint.every=50 checkpoint.keep=2)

# start NAME RANKS: starts the run in the background (PID in $pid) and waits until it has written a checkpoint.
start() {
  local dir=$OUT/$1
  "$MPIEXEC" --quiet -n "$2" "$GRAYSCOTT" "$INPUT" "${ARGS[@]}" "output.dir=$dir" >"$dir.out" 2>"$dir.err" &
  pid=$!
  for _ in $(seq 600); do
    [[ -f $dir/checkpoints/latest ]] && return 0
    kill -0 $pid 2>/dev/null || fail "$1: the run ended before writing a checkpoint: $(cat "$dir.err")"
    sleep 0.1
  done
  kill $pid; fail "$1: no checkpoint after 60 s"
}

# finish NAME: the run must end by itself within 30 s with exit 1 and one error line.
finish() {
  local name=$1 dir=$OUT/$1 rc=0 waited=0
  while kill -0 $pid 2>/dev/null && (( waited < 300 )); do sleep 0.1; waited=$((waited + 1)); done
  if kill -0 $pid 2>/dev/null; then
    kill -TERM $pid; sleep 2; kill -KILL $pid 2>/dev/null || true
    fail "$name: the run hung after its folder went away (killed after 30 s)"
  fi
  wait $pid || rc=$?
  pid=
  [[ $rc == 1 ]] || fail "$name: exit code $rc, expected 1: $(cat "$dir.err")"
  [[ $(grep -c . "$dir.err") == 1 ]] || fail "$name: expected one line on stderr: $(cat "$dir.err")"
  grep -q "^grayscott: error: " "$dir.err" || fail "$name: not a grayscott error line: $(cat "$dir.err")"
  ! grep -qiE "MPI_ABORT|signal|segmentation|terminate called" "$dir.err" || fail "$name: crashed: $(cat "$dir.err")"
  echo "ok $name (ended $((waited / 10)).$((waited % 10)) s after): $(cat "$dir.err")"
}

# (a) rm -rf of output.dir on 1 and 2 ranks.
for ranks in 1 2; do
  name=removed_r$ranks
  start $name $ranks
  # rm -rf fails with "Directory not empty" when the run adds a file meanwhile; as a user would, repeat it.
  for _ in 1 2 3 4 5 6 7 8 9 10; do rm -rf "${OUT:?}/$name" 2>/dev/null && break; done
  [[ ! -e $OUT/$name ]] || fail "$name: could not remove the folder"
  finish $name
  # Found at an output step ("was removed") or by a write under way (naming the file in it).
  grep -q "$OUT/$name" "$OUT/$name.err" || fail "$name: the error does not name the folder"
  # When the run notices before rm has finished, its summary.json goes with the rest; otherwise it says so.
  if grep -q "was removed" "$OUT/$name.err"; then
    grep -q "no summary.json (its folder is gone)" "$OUT/$name.err" || fail "$name: the error does not say why there is no summary"
  fi
  [[ ! -e $OUT/$name ]] || fail "$name: the removed folder was recreated: $(ls -R "$OUT/$name" | head)"
done

echo "output folder gone during the run: exit 1, one line, no hang, on 1 and 2 ranks"
