#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Stop on request through the stop file (GS_STOP_FILE, how slurm/lib/job.sh
# asks a run to stop): a file that exists before the run starts stops it at
# its first step, with a checkpoint and status "stopped"; a file created while
# it runs stops it within about a second; without the file the run goes on.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
small=(grid.n=48 grid.L=48 output.every=0)

# A request made before the program runs (as when Slurm's signal comes while the job sets up).
: >"$OUT/early.stop"
GS_STOP_FILE=$OUT/early.stop run_ranks 2 "$OUT/early" "$INPUT" "${small[@]}" time.steps=1000 || fail "early stop: exit $?: $(tail -n 3 "$OUT/early.log")"
grep -q "stopped at step 1 of 1000 by a stop request" "$OUT/early.log" || fail "the early request was not honoured at step 1: $(tail -n 3 "$OUT/early.log")"
[[ $(json_field "$OUT/early/summary.json" status) == stopped ]] || fail "summary status is not 'stopped'"
[[ $(cat "$OUT/early/checkpoints/latest") == ckpt_00000001.h5 ]] || fail "no checkpoint at step 1"

# A request made while the run steps.
GS_STOP_FILE=$OUT/late.stop "$MPIEXEC" -n 2 "$GRAYSCOTT" "$INPUT" "${small[@]}" time.steps=100000000 output.log_every=100 \
  "output.dir=$OUT/late" >"$OUT/late.log" 2>&1 &
job=$!
for _ in $(seq 1 600); do
  grep -q "^step [1-9]" "$OUT/late.log" && break
  sleep 0.1
done
grep -q "^step [1-9]" "$OUT/late.log" || { kill -9 $job; fail "the run never started stepping: $(tail -n 3 "$OUT/late.log")"; }
: >"$OUT/late.stop"
t0=$SECONDS
rc=0
wait $job || rc=$?
[[ $rc == 0 ]] || fail "exit code $rc after the stop file appeared"
((SECONDS - t0 < 30)) || fail "the run took $((SECONDS - t0)) s to notice the stop file"
grep -q "stopped at step [0-9]* of 100000000 by a stop request" "$OUT/late.log" || fail "no stop message: $(tail -n 3 "$OUT/late.log")"

# A stop file that does not exist stops nothing.
GS_STOP_FILE=$OUT/never.stop run_ranks 1 "$OUT/never" "$INPUT" "${small[@]}" time.steps=20 || fail "run with an absent stop file failed"
[[ $(json_field "$OUT/never/summary.json" status) == ok ]] || fail "an absent stop file stopped the run"
echo "PASS"
