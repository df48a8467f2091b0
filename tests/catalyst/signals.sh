#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A scheduler's stop signal after in situ has started (ParaView, its Python and
# VTK's logger loaded), sent as Slurm sends it: SIGTERM to every rank at once,
# on 1 and 2 ranks, with isosurface.py and slice.py. Each run must end as
# without in situ: exit 0, summary status "stopped", a checkpoint that restarts
# to the digest of the uninterrupted run, the in-situ images of the run, and no
# stack trace or "caught a signal" text on stderr (VTK's logger, left on, aborts
# with a 70-frame trace and exit 143). SIGUSR1 (the time-limit signal) the same
# on 2 ranks. The same for a signal that comes while ParaView starts, when VTK's
# logger has its own handlers in force (test hook GS_TEST_SIGNAL_IN_INSITU_START:
# each rank signals its own process there; they printed "Loguru caught a
# signal: SIGTERM" and died with exit 143 and no summary). And when one rank is
# killed, the other ends without a trace.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
# In situ at step 0 only (the next call is 100000 steps away): the signal lands
# while the solver steps, with ParaView loaded and idle.
long=(grid.n=24 grid.L=24 time.steps=400000 output.every=0 output.log_every=50 insitu.every=100000)
field() {  # FIELD of OUTDIR/summary.json, "" when it or the file is missing
  [[ -f $1/summary.json ]] || return 0
  $PY -c 'import json,sys; s=json.load(open(sys.argv[1])); v=s.get(sys.argv[2]); print("" if v is None else v)' "$1/summary.json" "$2"
}
source "$SRC/tests/common/digest.sh"
# What loguru, Python or a crash print; none of it belongs on stderr after a stop request.
trace_text='Loguru caught a signal|Stack trace|caught a signal|Traceback|KeyboardInterrupt|Segmentation fault|core dumped'

# ranks_of OUTDIR: the pids of the grayscott ranks writing OUTDIR (not mpiexec, not timeout).
ranks_of() { pgrep -f "^$GS .*output.dir=$1\$" || true; }

# stop_in_situ_run NAME RANKS SCRIPT SIGNAL
stop_in_situ_run() {
  local name=$1 ranks=$2 script=$3 sig=$4 out=$WORK/$1 job pids
  run_gs "$ranks" 300 "$in" "${long[@]}" insitu.script="$SRC/inputs/catalyst/$script" output.dir="$out" \
    >"$out.log" 2>"$out.err" &
  job=$!
  # In situ has run (its step-0 image is there) and the solver steps on.
  for _ in $(seq 1 600); do
    compgen -G "$out/insitu/*_000000*.png" >/dev/null && grep -q "^step [1-9]" "$out.log" && break
    kill -0 $job 2>/dev/null || break
    sleep 0.1
  done
  compgen -G "$out/insitu/*_000000*.png" >/dev/null || { cat "$out.err"; kill -9 $job; fail "$name: no step-0 in-situ image"; }
  grep -q "^step [1-9]" "$out.log" || { cat "$out.err"; kill -9 $job; fail "$name: the run is not stepping"; }
  pids=$(ranks_of "$out")
  [[ $(wc -w <<<"$pids") == "$ranks" ]] || { kill -9 $job; fail "$name: found ranks '$pids', expected $ranks"; }
  kill -"$sig" $pids
  local rc=0
  wait $job || rc=$?
  local status steps
  status=$(field "$out" status) steps=$(field "$out" steps)
  echo "$name: SIG$sig to ranks $(echo $pids): exit $rc, status '$status' at step $steps"
  [[ $rc == 0 ]] || { cat "$out.err"; fail "$name: exit $rc after SIG$sig (expected 0)"; }
  [[ $status == stopped ]] || fail "$name: summary status '$status', not 'stopped'"
  [[ $(cat "$out/checkpoints/latest" 2>/dev/null) == $(printf 'ckpt_%08d.h5' "$steps") ]] || fail "$name: no checkpoint at step $steps"
  if grep -Eq "$trace_text" "$out.err"; then cat "$out.err"; fail "$name: a stack trace or signal report on stderr"; fi
  grep -q "stopped at step $steps of 400000 by a stop signal" "$out.log" || fail "$name: no stop message on stdout"
  # The stop's own in-situ call: images at the step the run stopped.
  compgen -G "$out/insitu/*_$(printf %06d "$steps")*.png" >/dev/null || fail "$name: no in-situ image at the stop step $steps"
  # The checkpoint continues to the uninterrupted bits (in situ off: it does not touch the state).
  local end=$((steps + 30))
  run_gs 1 120 "$in" "${long[@]}" time.steps=$end output.dir="$WORK/$name-straight" >"$WORK/$name-straight.log" 2>&1 \
    || fail "$name: the uninterrupted run failed"
  run_gs "$ranks" 120 "$in" "${long[@]}" time.steps=$end restart=latest output.dir="$out" >"$out-restart.log" 2>&1 \
    || { cat "$out-restart.log"; fail "$name: the restart failed"; }
  local ref got
  ref=$(digest_of "$WORK/$name-straight/summary.json")
  got=$(digest_of "$out/summary.json")
  [[ $got == "$ref" ]] || fail "$name: restart to step $end gives $got, the uninterrupted run $ref"
  echo "$name: restart to step $end: digest $got == uninterrupted"
}

stop_in_situ_run iso1 1 isosurface.py TERM
stop_in_situ_run iso2 2 isosurface.py TERM
stop_in_situ_run slice1 1 slice.py TERM
stop_in_situ_run slice2 2 slice.py TERM
stop_in_situ_run usr1 2 slice.py USR1

# A signal while ParaView starts: held back until the program's handlers are
# back, then a stop at the first step with a checkpoint and a summary.
for case in "TERM 1" "TERM 2" "USR1 2"; do
  read -r sig ranks <<<"$case"
  name=start-$sig-$ranks out=$WORK/start-$sig-$ranks
  rc=0
  GS_TEST_SIGNAL_IN_INSITU_START=$sig run_gs "$ranks" 120 "$in" "${long[@]}" insitu.script="$SRC/inputs/catalyst/slice.py" \
    output.dir="$out" >"$out.log" 2>"$out.err" || rc=$?
  status=$(field "$out" status) steps=$(field "$out" steps)
  echo "$name: SIG$sig while ParaView starts, $ranks rank(s): exit $rc, status '$status' at step $steps"
  [[ $rc == 0 && $status == stopped ]] || { cat "$out.err"; fail "$name: exit $rc, status '$status' (expected 0, stopped)"; }
  [[ $(cat "$out/checkpoints/latest" 2>/dev/null) == $(printf 'ckpt_%08d.h5' "$steps") ]] || fail "$name: no checkpoint at step $steps"
  grep -q "stopped at step $steps of 400000 by a stop signal" "$out.log" || fail "$name: no stop message on stdout"
  if grep -Eq "$trace_text" "$out.err"; then cat "$out.err"; fail "$name: a stack trace or signal report on stderr"; fi
done

# One rank dies (SIGKILL, as the OOM killer does): the job fails, and the
# survivor, stopped by the launcher, prints no trace.
out=$WORK/killed
run_gs 2 120 "$in" "${long[@]}" insitu.script="$SRC/inputs/catalyst/slice.py" output.dir="$out" >"$out.log" 2>"$out.err" &
job=$!
for _ in $(seq 1 600); do
  compgen -G "$out/insitu/*_000000*.png" >/dev/null && grep -q "^step [1-9]" "$out.log" && break
  sleep 0.1
done
pids=($(ranks_of "$out"))
[[ ${#pids[@]} == 2 ]] || { kill -9 $job; fail "killed: found ranks '${pids[*]}'"; }
kill -KILL "${pids[1]}"
start=$SECONDS
rc=0
wait $job || rc=$?
echo "killed: one rank SIGKILLed: exit $rc after $((SECONDS - start)) s"
[[ $rc != 0 ]] || fail "killed: exit 0 with a rank killed"
((SECONDS - start < 100)) || fail "killed: the job hung until the 120 s kill timeout"
if grep -Eq "$trace_text" "$out.err"; then cat "$out.err"; fail "killed: the surviving rank printed a stack trace"; fi
echo "PASS: stop signals with in situ loaded, or while ParaView starts, checkpoint, summarise and restart bitwise on 1 and 2 ranks"
