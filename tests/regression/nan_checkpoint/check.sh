#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A blow-up between two NaN checks never becomes a checkpoint: with progress
# checks every 100 steps and checkpoints every 5, an unstable dt makes the
# state non-finite near step 13. The checkpoint of step 15 must be refused
# (exit 1, one error line, failed summary), `latest` must still name the last
# finite checkpoint, pruning must not have removed it, and a restart from it
# must work.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
unstable=(time.dt=2 time.allow_unstable=true output.log_every=100 output.every=0 checkpoint.every=5 checkpoint.keep=2)

rc=0
"$GRAYSCOTT" "$INPUT" "${unstable[@]}" time.steps=100 "output.dir=$OUT/run" >"$OUT/run.out" 2>"$OUT/run.err" || rc=$?
[[ $rc == 1 ]] || fail "a blown-up run exited $rc, expected 1: $(tail -n 3 "$OUT/run.err")"
[[ $(grep -c 'error' "$OUT/run.err") == 1 ]] || fail "expected one error line, got: $(cat "$OUT/run.err")"
grep -q "refusing to write the checkpoint of step 15" "$OUT/run.err" || fail "the error does not name the refused checkpoint: $(cat "$OUT/run.err")"
[[ $(json_field "$OUT/run/summary.json" status) == failed ]] || fail "summary status is not failed"
latest=$(cat "$OUT/run/checkpoints/latest")
[[ $latest == ckpt_00000010.h5 ]] || fail "latest names $latest, not the last finite checkpoint ckpt_00000010.h5"
[[ -f $OUT/run/checkpoints/ckpt_00000010.h5 && -f $OUT/run/checkpoints/ckpt_00000005.h5 ]] \
  || fail "good checkpoints were pruned: $(ls "$OUT/run/checkpoints")"
[[ ! -e $OUT/run/checkpoints/ckpt_00000015.h5 ]] || fail "the non-finite state was written as a checkpoint"

"$GRAYSCOTT" "$INPUT" "${unstable[@]}" time.steps=12 "output.dir=$OUT/run" restart=latest >"$OUT/restart.log" 2>&1 \
  || fail "restart from the last finite checkpoint failed: $(tail -n 3 "$OUT/restart.log")"
grep -q "restart from .*ckpt_00000010.h5 at step 10" "$OUT/restart.log" || fail "the restart did not start from step 10"
echo "PASS: step 15 refused, latest = $latest, restart from it ran"
