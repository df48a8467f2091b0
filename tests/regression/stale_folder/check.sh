#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Another run's checkpoints in output.dir are never lost: a fresh run into the
# folder is refused (exit 2, one line, nothing changed: a lock file it made is
# removed, one it found keeps its text) unless checkpoint.overwrite = true; then pruning deletes only the new run's own
# lineage, and a restart continues that lineage.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
ck=$OUT/run/checkpoints
run_ranks 2 "$OUT/run" "$INPUT" time.steps=40 checkpoint.every=10 checkpoint.keep=2 || fail "first run failed"
[[ -f $ck/ckpt_00000030.h5 && -f $ck/ckpt_00000040.h5 ]] || fail "first run: no checkpoints 30 and 40: $(ls "$ck")"
snapshot() { (cd "$ck" && md5sum ckpt_*.h5 latest); }
# Every file of the folder, hidden ones (the .lock) included: exit 2 writes nothing.
folder_snapshot() { (cd "$OUT/run" && find . -type f | LC_ALL=C sort | xargs md5sum); }
before=$(snapshot)

refuse() {
  local rc=0
  "$GRAYSCOTT" "$INPUT" time.steps=20 checkpoint.every=10 "output.dir=$OUT/run" >"$OUT/refused.out" 2>"$OUT/refused.err" || rc=$?
  [[ $rc == 2 ]] || fail "$1: a fresh run into a folder with another run's checkpoints exited $rc, expected 2"
  [[ $(grep -c . "$OUT/refused.err") == 1 ]] || fail "$1: expected one line: $(cat "$OUT/refused.err")"
  grep -q "checkpoint.overwrite" "$OUT/refused.err" || fail "$1: the refusal does not name checkpoint.overwrite: $(cat "$OUT/refused.err")"
}
# The first run's lock file is still there: the refusal leaves its text (that run's host and PID) alone.
[[ -f $OUT/run/.lock ]] || fail "the first run left no .lock (expected: the lock is the flock, the file stays)"
folder_before=$(folder_snapshot)
refuse "with the first run's .lock"
[[ $(snapshot) == "$before" ]] || fail "the refused run changed the checkpoints"
[[ $(folder_snapshot) == "$folder_before" ]] ||
  fail "the refused run changed the folder: $(diff <(echo "$folder_before") <(folder_snapshot) | tr '\n' ' ')"
# Checkpoints copied in without a lock file: the refused run removes the one it made.
rm "$OUT/run/.lock"
folder_before=$(folder_snapshot)
refuse "without a .lock"
[[ ! -e $OUT/run/.lock ]] || fail "the refused run left its lock file $OUT/run/.lock: $(cat "$OUT/run/.lock")"
[[ $(folder_snapshot) == "$folder_before" ]] ||
  fail "the refused run changed the folder: $(diff <(echo "$folder_before") <(folder_snapshot) | tr '\n' ' ')"
echo "ok refused, folder unchanged: $(cat "$OUT/refused.err")"

# A shorter run with overwrite: its pruning must not touch steps 30 and 40.
run_ranks 1 "$OUT/run" "$INPUT" time.steps=20 checkpoint.every=5 checkpoint.keep=2 checkpoint.overwrite=true ||
  fail "checkpoint.overwrite=true run failed: $(tail -3 "$OUT/run.log")"
[[ $(cat "$ck/latest") == ckpt_00000020.h5 ]] || fail "latest is $(cat "$ck/latest"), expected ckpt_00000020.h5"
for s in 15 20 30 40; do [[ -f $ck/ckpt_000000$s.h5 ]] || fail "checkpoint $s is missing: $(ls "$ck")"; done
for s in 05 10; do [[ ! -e $ck/ckpt_000000$s.h5 ]] || fail "checkpoint $s of this run was not pruned: $(ls "$ck")"; done
(cd "$ck" && md5sum ckpt_00000030.h5 ckpt_00000040.h5) | cmp -s - <(echo "$before" | grep -E "ckpt_000000(30|40)") ||
  fail "the older run's checkpoints changed"

# The restart continues the second run's lineage: its 15 and 20 are pruned, the first run's 40 stays.
run_ranks 2 "$OUT/run" "$INPUT" time.steps=30 checkpoint.every=5 checkpoint.keep=2 restart=latest ||
  fail "restart=latest failed: $(tail -3 "$OUT/run.log")"
[[ $(cat "$ck/latest") == ckpt_00000030.h5 ]] || fail "latest is $(cat "$ck/latest") after the restart"
for s in 15 20; do [[ ! -e $ck/ckpt_000000$s.h5 ]] || fail "checkpoint $s of the lineage was not pruned: $(ls "$ck")"; done
[[ -f $ck/ckpt_00000040.h5 && -f $ck/ckpt_00000025.h5 ]] || fail "checkpoints 25 and 40 should remain: $(ls "$ck")"
echo "stale folder: refused without overwrite; pruning keeps to its lineage"
