#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Stop on request: a running 3-rank job sent SIGUSR1 (as Slurm's --signal does)
# writes a checkpoint at the next step boundary, its summary, and exits 0 with a
# restart line; restarting reaches the uninterrupted digest. The wall-time
# budget stops a run the same way.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

"$MPIEXEC" -n 3 "$GRAYSCOTT" "$INPUT" time.steps=100000000 output.every=0 output.log_every=200 "output.dir=$OUT/sig" >"$OUT/sig.log" 2>&1 &
job=$!
for _ in $(seq 1 600); do
  grep -q "^step [1-9][0-9]*/" "$OUT/sig.log" && break
  sleep 0.1
done
grep -q "^step [1-9]" "$OUT/sig.log" || { kill -9 $job; fail "the run never started stepping: $(tail -n 3 "$OUT/sig.log")"; }
kill -USR1 $job
rc=0
wait $job || rc=$?
[[ $rc == 0 ]] || fail "exit code $rc after SIGUSR1: $(tail -n 5 "$OUT/sig.log")"
grep -q "stopped at step [0-9]* of 100000000 by a stop signal" "$OUT/sig.log" || fail "no stop message"
grep -q "^restart with: .*restart=latest" "$OUT/sig.log" || fail "no restart line"
[[ $(json_field "$OUT/sig/summary.json" status) == stopped ]] || fail "summary status is not 'stopped'"
stop=$(json_field "$OUT/sig/summary.json" steps)
[[ $(cat "$OUT/sig/checkpoints/latest") == $(printf 'ckpt_%08d.h5' "$stop") ]] || fail "latest does not point at step $stop"
echo "stopped by SIGUSR1 at step $stop"

end=$((stop + 100))
run_ranks 1 "$OUT/straight" "$INPUT" time.steps=$end || fail "uninterrupted run failed"
run_ranks 2 "$OUT/sig" "$INPUT" time.steps=$end restart=latest || fail "restart failed: $(tail -n 3 "$OUT/sig.log")"
ref=$(digest_of "$OUT/straight/summary.json")
got=$(digest_of "$OUT/sig/summary.json")
[[ $got == "$ref" ]] || fail "after signal + restart digest $got, uninterrupted $ref"
echo "restart from the signal checkpoint to step $end: $got == $ref"

run_ranks 2 "$OUT/budget" "$INPUT" time.steps=100000000 output.every=0 checkpoint.walltime=1.5 || fail "wall-time stop did not exit 0"
grep -q "by the wall-time budget" "$OUT/budget.log" || fail "no wall-time message"
[[ -f $OUT/budget/checkpoints/latest ]] || fail "no checkpoint at the wall-time stop"
echo "PASS"
