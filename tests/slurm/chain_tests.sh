# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Restart-chain tests on the one-node cluster (sourced by check.sh, which sets
# root, out, pattern, BIN and submit). Each ends the chain one way and checks
# that Slurm, chain.log and the run folder agree on how it ended.

# A run that lasts long enough for any signal to land mid-run.
long=(grid.n=128 grid.L=128 time.steps=90000 output.every=0 output.log_every=1000 checkpoint.every=0)

# wait_stepping ID DIR: until job ID's run is stepping (its log holds a step line).
wait_stepping() {
  wait_for "grep -q '^step ' '$2/slurm-$1.out' 2>/dev/null || [[ -z \$(squeue -h -j $1) ]]" 120
  grep -q '^step ' "$2/slurm-$1.out" 2>/dev/null || { cat "$2/slurm-$1.out" >&2; fail "job $1 did not start stepping"; }
}

# no_jobs_left SECONDS: no job of this test queued or running (a resubmitted link would show up).
no_jobs_left() {
  sleep "$1"
  [[ -z $(my_jobs) ]] || fail "jobs left after the chain should have ended: $(my_jobs)"
}

next_link() { sed -n 's/.*resubmitted as job \([0-9]*\).*/\1/p' "$1" | head -1; }

# scancel of a running link: it checkpoints, the chain ends with a line in chain.log, no resubmission.
test_chain_cancel() {
  local d=$out/cancel id
  id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  scancel "$id"
  log "scancel $id"
  [[ $(wait_job "$id" 60) == CANCELLED ]] || fail "cancelled job $id ended $(job_state "$id")"
  no_jobs_left 3
  cat "$d/chain.log"
  grep -q "link 0: cancelled at step [0-9]* with a checkpoint: chain ended" "$d/chain.log" || fail "chain.log does not say the chain ended"
  ! grep -q resubmitted "$d/chain.log" || fail "the cancelled link resubmitted itself"
  [[ $(field "$d/summary.json" status) == stopped && -f $d/checkpoints/latest ]] || fail "the cancelled link left no checkpoint"
  [[ $(job_field "$id" JobName) == grayscott-link0 ]] || fail "job name $(job_field "$id" JobName), not grayscott-link0"

  # cancel.sh --keep-running: the running link goes on; at its time-limit signal it
  # checkpoints, sees the STOP file and ends the chain instead of resubmitting.
  d=$out/keep
  id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  "$root/slurm/cancel.sh" --keep-running "$d" >"$out/keep.txt" || fail "cancel.sh --keep-running failed"
  cat "$out/keep.txt"
  [[ -f $d/STOP && $(job_state "$id") == RUNNING ]] || fail "cancel.sh --keep-running did not leave job $id running with a STOP file"
  # What it did, without a word that says the opposite.
  grep -q "^job $id is RUNNING: left to run; it will not resubmit$" "$out/keep.txt" || fail "cancel.sh --keep-running does not say it left job $id running"
  ! grep -q "no job of this chain to cancel" "$out/keep.txt" || fail "cancel.sh --keep-running says there was no job, after leaving job $id running"
  scancel --batch --signal=USR1 "$id"
  wait_job "$id" 60 >/dev/null
  expect_job "$id" FAILED 4:0 grayscott-link0
  no_jobs_left 2
  grep -q "STOP exists: chain ended" "$d/chain.log" || fail "chain.log does not name the STOP file"
  echo "PASS: scancel ends a chain with a checkpoint; a STOP file (cancel.sh --keep-running) ends it at the next stop, exit 4"
}

# A time-limit signal that arrives before the program runs is kept and
# honoured at the first step; the stopped link exits 3 and resubmits; then
# slurm/cancel.sh stops the whole chain.
test_chain_early_stop() {
  local d=$out/early id next steps
  id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
  # The job's first line is written before the launcher starts: signal right then.
  wait_for "grep -q 'link 0 of the chain' '$d/slurm-$id.out' 2>/dev/null" 60 || fail "job $id did not start"
  scancel --batch --signal=USR1 "$id"
  log "USR1 to job $id before its run started"
  wait_job "$id" 60 >/dev/null
  cat "$d/slurm-$id.out"
  expect_job "$id" FAILED 3:0 grayscott-link0
  steps=$(sed -n 's/.*link 0: exit 0, status stopped, step \([0-9]*\)$/\1/p' "$d/chain.log")
  [[ -n $steps && $steps -lt 1000 ]] || fail "the early stop request was not honoured (link 0 ended at step '${steps}' of 90000)"
  next=$(next_link "$d/slurm-$id.out")
  [[ -n $next ]] || fail "the stopped link did not resubmit"
  wait_stepping "$next" "$d"
  "$root/slurm/cancel.sh" "$d" | tee "$out/cancel.txt"
  grep -q "cancelled jobs $next" "$out/cancel.txt" || fail "cancel.sh did not cancel the running link $next"
  [[ $(wait_job "$next" 60) == CANCELLED ]] || fail "link $next ended $(job_state "$next")"
  no_jobs_left 3
  [[ -f $d/STOP ]] || fail "cancel.sh wrote no STOP file"
  cat "$d/chain.log"
  grep -q "link 1: cancelled at step" "$d/chain.log" || fail "chain.log does not say that link 1 was cancelled"
  [[ $(job_field "$next" JobName) == grayscott-link1 ]] || fail "link 1 is named $(job_field "$next" JobName)"
  echo "PASS: an early USR1 stopped link 0 at step $steps (exit 3); cancel.sh ended the chain at link 1"
}

# A chain whose links restart from the same checkpoint and stop at once makes
# no progress: the second link says so and the chain ends (exit 1).
test_chain_no_progress() {
  local d=$out/np id next
  "$BIN" "$pattern" grid.n=48 grid.L=48 time.steps=10 checkpoint.every=10 output.every=0 output.dir="$d" >"$out/np.log" 2>&1 ||
    fail "the run that makes the checkpoint failed: $out/np.log"
  rm -f "$d/summary.json"
  id=$(submit --chain "$pattern" grid.n=48 grid.L=48 time.steps=100000 output.every=0 checkpoint.walltime=1e-9 \
    restart="$d/checkpoints/ckpt_00000010.h5" output.dir="$d")
  wait_job "$id" 60 >/dev/null
  expect_job "$id" FAILED 3:0 grayscott-link0
  next=$(next_link "$d/slurm-$id.out")
  [[ -n $next ]] || fail "link 0 did not resubmit"
  wait_job "$next" 60 >/dev/null
  cat "$d/chain.log"
  expect_job "$next" FAILED 1:0 grayscott-link1
  grep -q "link 1: error: no progress: the run stopped at step 11, as the previous link did" "$d/chain.log" ||
    fail "chain.log has no no-progress line"
  no_jobs_left 2
  echo "PASS: two links stopping at step 11 end the chain with 'no progress' (exit 1)"
}

# scontrol requeue of a running link (what preemption and a node failure with
# --requeue do): the first attempt checkpoints and does not end the chain;
# Slurm reruns the job (same id, about 3 minutes later), which resumes from
# the newest checkpoint; the chain ends done with the uninterrupted digest, and
# the log still holds the first attempt.
test_chain_requeue() {
  local d=$out/requeue id state ref got n
  id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  scontrol requeue "$id" || fail "scontrol requeue $id failed"
  log "scontrol requeue $id"
  # A requeued job would run again minutes later, into the next test: it goes if this one fails.
  if ! wait_for "grep -q 'link 0: requeued by Slurm (restart 1) at step' '$d/chain.log' 2>/dev/null" 60; then
    scancel "$id"
    cat "$d/chain.log" "$d/slurm-$id.out" >&2
    fail "the first attempt of job $id wrote no requeue line"
  fi
  log "first attempt stopped; waiting for Slurm to rerun job $id"
  state=$(wait_job "$id" 400) || { cat "$d/chain.log" >&2; fail "job $id did not end after its requeue"; }
  cat "$d/chain.log"
  [[ $state == COMPLETED ]] || { cat "$d/slurm-$id.out" >&2; fail "requeued job $id ended $state"; }
  expect_job "$id" COMPLETED 0:0 grayscott-link0
  [[ $(job_field "$id" Restarts) == 1 ]] || fail "job $id shows Restarts=$(job_field "$id" Restarts), not 1"
  ! grep -q 'chain ended\|cancelled\|error' "$d/chain.log" || fail "the requeue was taken for a cancellation or an error"
  ! grep -q 'resubmitted' "$d/chain.log" || fail "a requeued link resubmitted itself (two runs in one folder)"
  grep -qE "link 0: requeued by Slurm \(restart 1\): resuming from step [1-9][0-9]*$" "$d/chain.log" ||
    fail "chain.log has no 'requeued by Slurm (restart 1): resuming from step S' line"
  grep -q 'link 0: exit 0, status ok, step 90000' "$d/chain.log" || fail "chain.log does not end with the complete run"
  # The log of the first attempt is kept (--open-mode=append), and the rerun restarted from the checkpoint.
  n=$(grep -c 'link 0 of the chain: ' "$d/slurm-$id.out")
  [[ $n == 2 ]] || { cat "$d/slurm-$id.out" >&2; fail "the log holds $n launcher lines, not 2 (first attempt and rerun)"; }
  grep -q 'Slurm requeues the job' "$d/slurm-$id.out" || fail "the log lost the first attempt's lines"
  grep 'link 0 of the chain: ' "$d/slurm-$id.out" | tail -1 | grep -q 'restart=latest$' ||
    fail "the rerun did not start with restart=latest"
  [[ $(field "$d/summary.json" status) == ok && $(field "$d/summary.json" steps) == 90000 ]] || fail "final summary not complete"
  ref=$(local_digest "$out/ref" "$pattern" "${long[@]}")
  got=$(digest_of "$d/summary.json")
  [[ $got == "$ref" ]] || fail "digest after the requeue $got, uninterrupted $ref"
  no_jobs_left 1
  echo "PASS: requeued job $id checkpointed, was rerun from step $(sed -n 's/.*resuming from step \([0-9]*\)$/\1/p' "$d/chain.log") and ended with digest $got, as the uninterrupted run"
}

# scancel right as a link starts: exit 4 (CANCELLED 4:0), a chain.log line
# that ends the chain, no resubmission. Three rounds:
# - 0 s after the job's log appears: the TERM may come before the batch
#   script's first line (its trap) ran, and then Slurm alone decides the end
#   (CANCELLED 0:15); that is accepted only if the script wrote nothing at all
#   (no line of its own in its log, where slurmstepd may still write its
#   "CANCELLED AT" line; none in chain.log): any line means it ran, and then
#   its own handling must give 4:0 and the chain.log line;
# - while the job sets up (a site whose `module load` takes a second, as
#   module systems do): exactly "cancelled before the run started", 4:0;
# - 0.3 s after the log appears (the run starting): 4:0 and a "cancelled" line.
test_chain_cancel_early() {
  local round d id delay line i site=$out/slow-module.env st ec script_lines
  { cat "$root/slurm/site/localhost.env"
    echo 'GS_MODULES="slow-module"'
    echo 'module() { echo "module $*: loading" >&2; sleep 1; }'
  } >"$site"
  for round in 0 setup 0.3; do
    d=$out/early-$round
    if [[ $round == setup ]]; then
      id=$(submit --site "$site" --chain "$pattern" "${long[@]}" output.dir="$d")
      wait_for "grep -q 'slow-module: loading' '$d/slurm-$id.out' 2>/dev/null" 60 || fail "job $id did not load its module"
    else
      id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
      # Polled closely: the setup is over in a few tenths of a second.
      for ((i = 0; i < 6000; i++)); do [[ -e $d/slurm-$id.out ]] && break; sleep 0.01; done
      [[ -e $d/slurm-$id.out ]] || fail "job $id did not start"
      sleep "$round"
    fi
    scancel "$id"
    log "round $round: scancel $id"
    [[ $(wait_job "$id" 60) == CANCELLED ]] || fail "cancelled job $id ended $(job_state "$id")"
    cat "$d/chain.log"
    st=$(job_state "$id") ec=$(job_field "$id" ExitCode)
    line=$(tail -n 1 "$d/chain.log")
    # slurmstepd's own "*** JOB n ON host CANCELLED AT ..." line is Slurm's, not the script's.
    script_lines=$(grep -vc '^slurmstepd' "$d/slurm-$id.out" 2>/dev/null) || true
    if [[ $round == 0 && $ec == 0:15 && ${script_lines:-0} == 0 && $line == "job $id link 0: submitted by slurm/submit.sh" ]]; then
      log "round 0: the TERM came before the batch script's first line (Slurm: $st $ec, nothing written by the script)"
    else
      [[ ${script_lines:-0} != 0 || $ec != 0:15 ]] || fail "job $id ended $ec with nothing from the script in its log, but chain.log has: $line"
      expect_job "$id" CANCELLED 4:0 grayscott-link0
      [[ $line =~ ^job\ $id\ link\ 0:\ cancelled\ .*chain\ ended ]] ||
        { cat "$d/slurm-$id.out" >&2; fail "chain.log does not say that job $id was cancelled and the chain ended: $line"; }
      if [[ $round == setup ]]; then
        [[ $line == "job $id link 0: cancelled before the run started: chain ended" ]] ||
          fail "job $id cancelled while it loaded its module: $line"
        [[ ! -e $d/summary.json ]] || fail "job $id says the run did not start, but it wrote summary.json"
      fi
    fi
    ! grep -q resubmitted "$d/chain.log" || fail "the cancelled link resubmitted itself"
  done
  no_jobs_left 2
  echo "PASS: links cancelled as they started, while they set up and as the run started ended with exit 4 and a chain.log line"
}

# A user's scancel wins over the time-limit signal before it: USR1 (what
# --signal sends before the limit), then scancel 0.3 s later, long before the
# limit: the link ends the chain (CANCELLED 4:0), no resubmission. The same
# with every rank under slurm/lib/with_xvfb.sh (the in-situ path on nodes
# without X): the launcher reports the program's exit 0, not the 143 of a
# wrapper killed by the TERM.
test_chain_cancel_signal() {
  local d=$out/usr1-cancel id line site=$out/xvfb.env
  id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  scancel --batch --signal=USR1 "$id"
  sleep 0.3
  scancel "$id"
  log "USR1 then scancel 0.3 s later: job $id"
  [[ $(wait_job "$id" 60) == CANCELLED ]] || fail "job $id ended $(job_state "$id")"
  no_jobs_left 3
  cat "$d/chain.log"
  expect_job "$id" CANCELLED 4:0 grayscott-link0
  line=$(tail -n 1 "$d/chain.log")
  [[ $line =~ ^job\ $id\ link\ 0:\ cancelled\ at\ step\ [0-9]+\ with\ a\ checkpoint:\ chain\ ended ]] ||
    fail "a scancel after the time-limit signal did not end the chain: $line"
  ! grep -q resubmitted "$d/chain.log" || fail "the cancelled link resubmitted itself"
  grep -q 'got SIGTERM before the time limit' "$d/slurm-$id.out" || fail "the log does not say the TERM came before the limit"

  if ! command -v xvfb-run >/dev/null; then
    echo "(xvfb-run not installed: the with_xvfb.sh part skipped)"
  else
  { cat "$root/slurm/site/localhost.env"; echo "GS_BIN_WRAPPER=$root/slurm/lib/with_xvfb.sh"; } >"$site"
  d=$out/xvfb-cancel
  id=$(submit --site "$site" --chain --ranks-per-node 2 "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  grep -q 'with_xvfb.sh' "$d/slurm-$id.out" || fail "job $id did not run its ranks under with_xvfb.sh"
  scancel "$id"
  [[ $(wait_job "$id" 60) == CANCELLED ]] || fail "job $id ended $(job_state "$id")"
  cat "$d/chain.log"
  expect_job "$id" CANCELLED 4:0 grayscott-link0
  grep -qE "^job $id link 0: exit 0, status stopped, step [0-9]+$" "$d/chain.log" ||
    fail "the ranks under with_xvfb.sh did not end with the program's exit 0: $(grep 'status' "$d/chain.log")"
  no_jobs_left 2
  fi

  # A run that checkpoints at once but whose launch does not end before the job
  # script must write its line (here a wrapper that outlives the program by 8 s,
  # past KillWait): chain.log says that the exit code was not awaited instead of
  # giving a code of the script's own as the launcher's (issue 42: "exit 143").
  { echo '#!/usr/bin/env bash'; echo "trap '' TERM"; echo '"$@"'; echo 'rc=$?'; echo 'sleep 8'; echo 'exit "$rc"'; } >"$out/slow-exit.sh"
  chmod +x "$out/slow-exit.sh"
  { cat "$root/slurm/site/localhost.env"; echo "GS_BIN_WRAPPER=$out/slow-exit.sh"; } >"$out/slow-exit.env"
  d=$out/slow-exit
  id=$(submit --site "$out/slow-exit.env" --chain "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  scancel "$id"
  [[ $(wait_job "$id" 60) == CANCELLED ]] || fail "job $id ended $(job_state "$id")"
  cat "$d/chain.log"
  grep -qE "^job $id link 0: exit not awaited \(the run had not ended [0-9]+ s after SIGTERM; Slurm ends it at KillWait, [0-9]+ s\), status stopped, step [0-9]+$" "$d/chain.log" ||
    { cat "$d/slurm-$id.out" >&2; fail "chain.log does not say that the exit code of the slow launch was not awaited"; }
  [[ $(tail -n 1 "$d/chain.log") =~ ^job\ $id\ link\ 0:\ cancelled\ at\ step\ [0-9]+\ with\ a\ checkpoint:\ chain\ ended ]] ||
    fail "the slow launch's cancellation did not end the chain: $(tail -n 1 "$d/chain.log")"
  no_jobs_left 2
  echo "PASS: scancel 0.3 s after the time-limit signal ended the chain (4:0); under with_xvfb.sh the run's exit 0 came through; a launch slower than KillWait is written as not awaited"
}

# Slurm's own time limit: the TERM at the limit is not a cancellation, even
# without the time-limit signal before it (here the warning signal is URG,
# which bash ignores, so only the limit's TERM comes): the link checkpoints
# and resubmits (exit 3). The job is submitted by hand, as docs/cluster.md
# allows, with the environment submit.sh would give it. About 60-90 s.
test_chain_time_limit() {
  local d=$out/limit id next line sb
  mkdir -p "$d"
  sb=(--ntasks-per-node=1 --time=1 --signal=B:URG@1 "--output=$d/slurm-%j.out")
  id=$(env GS_ROOT="$root" GS_SITE=localhost GS_CHAIN=1 GS_CHAIN_MAX=5 GS_JOB_SCRIPT="$root/slurm/cpu.sbatch" \
    GS_SBATCH_ARGS="$(printf '%q ' "${sb[@]}")" GS_JOB_NAME=grayscott GS_CHAIN_INDEX=0 GS_CHAIN_PREV_STEP=-1 GS_OUTPUT_DIR="$d" \
    sbatch --parsable "${sb[@]}" --job-name=grayscott-link0 "$root/slurm/cpu.sbatch" "$pattern" "${long[@]}" time.steps=100000000 \
    output.dir="$d")
  echo "job $id link 0: submitted by hand" >>"$d/chain.log"
  log "job $id with a 1-minute limit"
  wait_job "$id" 150 >/dev/null || fail "job $id did not end at its time limit"
  cat "$d/chain.log"
  [[ $(job_state "$id") == TIMEOUT ]] || fail "job $id ended $(job_state "$id"), not TIMEOUT"
  # (Said when the TERM reached the job script before it decided; on a busy machine it may come only after.)
  ! grep -q 'got SIGTERM before the time limit' "$d/slurm-$id.out" || fail "the log takes the time limit's TERM for a cancellation"
  ! grep -q 'got SIGTERM' "$d/slurm-$id.out" || grep -q 'got SIGTERM at the time limit' "$d/slurm-$id.out" ||
    { cat "$d/slurm-$id.out" >&2; fail "the log does not say the TERM came at the limit"; }
  ! grep -q 'cancelled' "$d/chain.log" || fail "the time limit was taken for a cancellation"
  # The program exits 0 after its checkpoint; on a busy machine the run may not have ended
  # by the time the job script must write its line (KillWait), and then the line says so.
  grep -qE "^job $id link 0: exit (0|not awaited \(the run had not ended [0-9]+ s after SIGTERM; Slurm ends it at KillWait, [0-9]+ s\)), status stopped, step [0-9]+$" "$d/chain.log" ||
    { cat "$d/slurm-$id.out" >&2; fail "the link did not stop with a checkpoint and exit 0 (or say why its code is not known)"; }
  next=$(next_link "$d/slurm-$id.out")
  [[ -n $next ]] || fail "the link stopped at its time limit did not resubmit"
  wait_stepping "$next" "$d"
  grep 'link 1 of the chain: ' "$d/slurm-$next.out" | grep -q 'restart=latest$' || fail "link 1 did not start with restart=latest"
  "$root/slurm/cancel.sh" "$d" >/dev/null || fail "cancel.sh failed"
  [[ $(wait_job "$next" 60) == CANCELLED ]] || fail "link $next ended $(job_state "$next")"
  no_jobs_left 2
  echo "PASS: the TERM at the time limit (no USR1 before it) checkpointed and resubmitted as $next"
}

# last_note DIR: the last line of DIR/chain.log.
last_note() { tail -n 1 "$1/chain.log"; }

# What users read: chain.log names the program's own reason for a failure;
# jobs outside a chain never speak of one; slurm/cancel.sh writes what it did;
# the launcher line can be pasted; a bad --sbatch option shows sbatch's words
# and leaves no folder; --array is refused with a pointer to slurm/sweep.sh.
test_chain_messages() {
  local small=(grid.n=48 grid.L=48 time.steps=300 output.every=0) d id rc line holder words w found
  # 1. Another run holds the folder (its lock): the link says so.
  d=$out/locked
  "$BIN" "$pattern" "${long[@]}" output.dir="$d" >"$out/holder.log" 2>&1 &
  holder=$!
  wait_for "grep -q '^step ' '$out/holder.log' 2>/dev/null" 60 || { kill "$holder"; fail "the run holding $d did not start: $out/holder.log"; }
  id=$(submit --chain "$pattern" "${small[@]}" output.dir="$d")
  wait_job "$id" 60 >/dev/null
  kill "$holder"
  wait "$holder" 2>/dev/null || true
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id link 0: error: the run failed (exit code 2): key 'output.dir': "*"is in use by another run"*"; chain stopped" ]] ||
    fail "chain.log does not give the lock conflict: $line"
  expect_job "$id" FAILED 2:0 grayscott-link0
  # 2. No checkpoint to restart from: refused at submission (see test_restart_checks); a job
  # that waits for another (which might have written one) is let through, and its link says why it failed.
  d=$out/nockpt
  held=$(sbatch --parsable --hold --wrap true --output=/dev/null)
  id=$(submit --chain --dependency "afterany:$held" "$pattern" "${small[@]}" restart=latest output.dir="$d")
  scancel "$held"
  wait_job "$id" 60 >/dev/null
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id link 0: error: the run failed (exit code 2): restart=latest: no checkpoint found"*"; chain stopped" ]] ||
    fail "chain.log does not say that the checkpoint is missing: $line"
  # 3. The physics changed on a restart.
  d=$out/physics
  "$BIN" "$pattern" "${small[@]}" time.steps=10 checkpoint.every=10 output.dir="$d" >"$out/physics.log" 2>&1 ||
    fail "the run that makes the checkpoint failed: $out/physics.log"
  id=$(submit --chain "$pattern" "${small[@]}" physics.F=0.03 restart=latest output.dir="$d" 2>"$out/physics.err")
  cat "$out/physics.err"
  [[ $(cat "$out/physics.err") == "submit.sh: restart=latest takes $d/checkpoints/ckpt_00000010.h5 (step 10)" ]] ||
    fail "submit.sh does not say which checkpoint restart=latest takes: $(cat "$out/physics.err")"
  wait_job "$id" 60 >/dev/null
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id link 0: error: the run failed (exit code 2): "*"physics.F"*"; chain stopped" ]] ||
    fail "chain.log does not name the changed physics.F: $line"
  # 4. Outside a chain (GS_CHAIN unset: sweeps, convergence levels) nothing speaks of a chain.
  d=$out/single
  held=$(sbatch --parsable --hold --wrap true --output=/dev/null)
  id=$(submit --dependency "afterany:$held" "$pattern" "${small[@]}" restart=latest output.dir="$d")
  scancel "$held"
  wait_job "$id" 60 >/dev/null
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id: error: the run failed (exit code 2): restart=latest: no checkpoint found"* ]] ||
    fail "a single job's chain.log line does not give the reason: $line"
  ! grep -q "link" "$d/chain.log" || fail "a single job's chain.log speaks of links: $(cat "$d/chain.log")"
  ! grep -qE 'chain (stopped|ended)' "$d/chain.log" "$d/slurm-$id.out" ||
    fail "a job outside a chain speaks of a chain: $(grep -hE 'chain (stopped|ended)' "$d/chain.log" "$d/slurm-$id.out")"
  # 5. The launcher line pastes: an output folder with a space comes back as one word.
  d="$out/with space"
  id=$(submit "$pattern" "${small[@]}" output.dir="$d")
  [[ $(wait_job "$id" 120) == COMPLETED ]] || { cat "$d/slurm-$id.out" >&2; fail "job $id in '$d' did not complete"; }
  line=$(sed -n 's/^\[grayscott-job [0-9]* [0-9:]*\] launch: //p' "$d/slurm-$id.out")
  ! grep -q 'of the chain' "$d/slurm-$id.out" || fail "a single job's log speaks of a chain"
  echo "launcher line: $line"
  eval "words=($line)"
  found=0
  for w in "${words[@]}"; do [[ $w == "output.dir=$d" ]] && found=1; done
  ((found)) || fail "the launcher line does not give output.dir=$d as one word: $line"
  [[ ${words[0]} == srun && ${words[-1]} == "output.dir=$d" ]] || fail "the launcher line does not split into its words: $line"
  # 6. slurm/cancel.sh writes what it did into chain.log.
  d=$out/pending
  id=$(submit --chain --sbatch "--begin=now+3600" "$pattern" "${small[@]}" output.dir="$d")
  [[ $(job_state "$id") == PENDING ]] || fail "job $id with --begin=now+3600 is $(job_state "$id")"
  "$root/slurm/cancel.sh" "$d" >/dev/null || fail "cancel.sh failed"
  line=$(last_note "$d")
  echo "$line"
  [[ $line =~ ^slurm/cancel.sh\ [0-9-]+\ [0-9:]+:\ wrote\ STOP\;\ cancelled\ job\(s\)\ $id$ ]] ||
    fail "chain.log has no line of cancel.sh saying what it did: $line"
  [[ $(wait_job "$id" 30) == CANCELLED ]] || fail "cancel.sh did not cancel job $id"
  # 7. sbatch refuses an option: its own message, and no folder left behind.
  # (This cluster has no accounting, so it takes any --qos; a partition it lacks is refused.)
  for w in --partition=nonexistent --no-such-flag; do
    d=$out/refused/sub
    rc=0
    submit --chain --sbatch "$w" "$pattern" "${small[@]}" output.dir="$d" >"$out/refused.out" 2>"$out/refused.err" || rc=$?
    cat "$out/refused.err"
    [[ $rc == 1 ]] || fail "--sbatch $w: exit $rc, not 1"
    [[ $(wc -l <"$out/refused.err") == 1 ]] && grep -q '^submit.sh: sbatch refused the job: sbatch: ' "$out/refused.err" ||
      fail "--sbatch $w: not one line with sbatch's message: $(cat "$out/refused.err")"
    [[ ! -e $out/refused ]] || fail "--sbatch $w left $(find "$out/refused") behind"
    [[ $w != --partition* ]] || grep -qi 'invalid partition' "$out/refused.err" || fail "the refusal does not give sbatch's reason"
  done
  # 8. A job array of one run is refused, pointing to the sweep command.
  rc=0
  submit --sbatch "--array=0-3" "$pattern" "${small[@]}" output.dir="$out/array" >/dev/null 2>"$out/array.err" || rc=$?
  cat "$out/array.err"
  [[ $rc == 2 && $(wc -l <"$out/array.err") == 1 ]] && grep -q 'slurm/sweep.sh' "$out/array.err" ||
    fail "--sbatch --array=0-3: exit $rc, $(cat "$out/array.err")"
  [[ ! -e $out/array ]] || fail "the refused array left $out/array behind"
  # 9. A single job stopped by hand: chain.log says how to continue, as its log does.
  d=$out/stopped
  id=$(submit "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  scancel --batch --signal=USR1 "$id"
  wait_job "$id" 60 >/dev/null
  expect_job "$id" FAILED 3:0 grayscott
  line=$(last_note "$d")
  echo "$line"
  [[ $line =~ ^job\ $id:\ stopped\ at\ step\ [0-9]+\ with\ a\ checkpoint\;\ continue\ with\ restart=latest$ ]] ||
    fail "chain.log of a single job stopped by hand: $line"
  # 10. A dependency that can never be met: Slurm cancels the job in the queue (--kill-on-invalid-dep),
  # no script of the chain runs, and chain.log's only line says so and where to look.
  d=$out/never
  held=$(sbatch --parsable --hold --wrap true --output=/dev/null)
  id=$(submit --chain --dependency "afterok:$held" "$pattern" "${small[@]}" output.dir="$d")
  scancel "$held"
  [[ $(wait_job "$id" 60) == CANCELLED ]] || fail "job $id waiting for the cancelled job $held ended $(job_state "$id")"
  [[ $(job_field "$id" Reason) == DependencyNeverSatisfied ]] || fail "job $id: Reason=$(job_field "$id" Reason)"
  cat "$d/chain.log"
  [[ $(wc -l <"$d/chain.log") == 1 && $(cat "$d/chain.log") == "job $id link 0: submitted by slurm/submit.sh, waiting for afterok:$held (if that can never be met, Slurm cancels this job before it starts and no further line comes here: see scontrol show job $id, or sacct -j $id)" ]] ||
    fail "chain.log of a job whose dependency can never be met does not say where to look: $(cat "$d/chain.log")"
  no_jobs_left 1
  echo "PASS: chain.log gives the lock conflict, the missing checkpoint and the changed physics; no chain or link words outside a chain; cancel.sh notes itself; the launcher line pastes; sbatch's refusals are shown with no folder left; --array is refused; a single stopped job says how to continue; a dependency never met is pointed to in chain.log's first line"
}

# restart= at submission: a checkpoint file that is not there is refused in one
# line, nothing queued or written; restart=latest (or FOLDER) whose pointer
# names a checkpoint deleted by hand is accepted with one line naming both it
# and the newest checkpoint still there, which the run continues from (as the
# program resolves it); with no checkpoint left, or none at all, it is refused.
# The folder's name is long on purpose: paths the scripts name are never cut,
# wherever the build folder lies.
test_restart_checks() {
  local small=(grid.n=48 grid.L=48 time.steps=300 output.every=0) rc id
  local d=$out/deleted-checkpoint-folder-whose-path-is-longer-than-any-cut-in-a-message
  "$BIN" "$pattern" "${small[@]}" time.steps=20 checkpoint.every=10 checkpoint.keep=5 output.dir="$d" >"$out/ckpt.log" 2>&1 ||
    fail "the run that makes the checkpoints failed: $out/ckpt.log"
  [[ $(cat "$d/checkpoints/latest") == ckpt_00000020.h5 && -f $d/checkpoints/ckpt_00000010.h5 ]] ||
    fail "expected checkpoints at steps 10 and 20: $(ls "$d/checkpoints")"
  rm "$d/checkpoints/ckpt_00000020.h5"
  rm -f "$d/checkpoints/ckpt_00000020.xmf"
  local case want
  rc=0
  submit --chain "$pattern" "${small[@]}" restart=/no/such/file.h5 output.dir="$d" >"$out/restart.out" 2>"$out/restart.err" || rc=$?
  cat "$out/restart.err"
  want="submit.sh: restart '/no/such/file.h5': allowed: a checkpoint file that exists, a checkpoint or output folder, or 'latest' (no such file)"
  [[ $rc == 2 && ! -s $out/restart.out && $(cat "$out/restart.err") == "$want" ]] ||
    fail "restart=/no/such/file.h5: exit $rc, stderr: $(cat "$out/restart.err"), expected: $want"
  [[ -z $(my_jobs) && ! -e $d/chain.log ]] || fail "the refused restart=/no/such/file.h5 queued a job or wrote chain.log"
  # (Held and cancelled: the run's own fallback is the program's, checked by its tests.)
  for case in latest "$d"; do
    id=$(submit --chain --sbatch --hold "$pattern" "${small[@]}" "restart=$case" output.dir="$d" 2>"$out/restart.err") ||
      fail "restart=$case whose pointer names a deleted checkpoint was refused: $(cat "$out/restart.err")"
    cat "$out/restart.err"
    want="submit.sh: restart=$case: '$d/checkpoints/latest' names ckpt_00000020.h5, which is gone; the run continues from the newest checkpoint there, $d/checkpoints/ckpt_00000010.h5 (step 10)"
    [[ $(cat "$out/restart.err") == "$want" ]] || fail "restart=$case: stderr: $(cat "$out/restart.err"), expected: $want"
    scancel "$id"
    wait_job "$id" 30 >/dev/null
  done
  # No checkpoint left.
  rm "$d/checkpoints/ckpt_00000010.h5"
  rc=0
  submit --chain "$pattern" "${small[@]}" restart=latest output.dir="$d" >/dev/null 2>"$out/restart.err" || rc=$?
  cat "$out/restart.err"
  [[ $rc == 2 && $(cat "$out/restart.err") == "submit.sh: restart=latest: '$d/checkpoints/latest' names ckpt_00000020.h5, which is gone, and no other checkpoint is there" ]] ||
    fail "restart=latest with no checkpoint left: exit $rc, $(cat "$out/restart.err")"
  # No checkpoint at all.
  rc=0
  submit --chain "$pattern" "${small[@]}" restart=latest output.dir="$out/none" >/dev/null 2>"$out/restart.err" || rc=$?
  cat "$out/restart.err"
  [[ $rc == 2 && $(wc -l <"$out/restart.err") == 1 && ! -e $out/none ]] &&
    grep -q "^submit.sh: restart=latest: no checkpoint found ('$out/none/checkpoints/latest' is missing); no checkpoint file is there$" "$out/restart.err" ||
    fail "restart=latest without checkpoints: exit $rc, $(cat "$out/restart.err")"
  no_jobs_left 0
  echo "PASS: restart= of a missing file is refused at submission in one line; restart=latest and restart=FOLDER naming a deleted checkpoint are accepted naming the newest one, which the run takes; with none left, or none at all, refused"
}

# Every way a link ends before its run writes its line into chain.log (not
# only slurm-*.out): a site with GS_MODULES but no module command, a site file
# that exits, an input file gone when the job starts, a launcher that fails
# (its own words quoted). Bad launchers that can be seen without a job are
# refused at submission.
test_chain_early_errors() {
  local small=(grid.n=48 grid.L=48 time.steps=300 output.every=0) d id line site rc
  # 1. GS_MODULES without a module command on the node.
  site=$out/modules.env
  { cat "$root/slurm/site/localhost.env"; echo 'GS_MODULES="gcc openmpi"'; } >"$site"
  d=$out/modules
  id=$(submit --site "$site" --chain "$pattern" "${small[@]}" output.dir="$d")
  wait_job "$id" 60 >/dev/null
  expect_job "$id" FAILED 1:0 grayscott-link0
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id link 0: error: GS_MODULES is set in $site but there is no 'module' command on "*"; chain stopped" ]] ||
    fail "chain.log does not give the missing module command: $line"
  # 2. A site file that exits on the compute node (its module system's init missing there, say):
  # the job still writes how it ended.
  site=$out/exits.env
  { cat "$root/slurm/site/localhost.env"
    echo 'if [[ -n ${SLURM_JOB_ID:-} ]]; then source /nonexistent/lmod/init/bash 2>/dev/null || exit 7; fi'
  } >"$site"
  d=$out/exits
  id=$(submit --site "$site" --chain "$pattern" "${small[@]}" output.dir="$d") || true
  [[ -n $id ]] || fail "the submission with a site file that exits failed"
  wait_job "$id" 60 >/dev/null
  expect_job "$id" FAILED 7:0 grayscott-link0
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id link 0: error: the job script ended with exit code 7 before it wrote how the run ended (its log: $d/slurm-$id.out); chain stopped" ]] ||
    fail "chain.log does not say that the job script ended early: $line"
  # 3. The input file gone when the job starts (held in the queue, then released).
  d=$out/gone
  mkdir -p "$out/inputs"
  cp "$pattern" "$out/inputs/moved.toml"
  id=$(submit --chain --sbatch --hold "$out/inputs/moved.toml" "${small[@]}" output.dir="$d")
  rm "$out/inputs/moved.toml"
  scontrol release "$id"
  wait_job "$id" 60 >/dev/null
  expect_job "$id" FAILED 2:0 grayscott-link0
  line=$(last_note "$d")
  echo "$line"
  [[ $line == "job $id link 0: error: input file $out/inputs/moved.toml not found"*"; chain stopped" ]] ||
    fail "chain.log does not say that the input is gone: $line"
  # 4. A launcher that fails: refused at submission when srun --mpi=list shows it cannot work...
  site=$out/pmi3.env
  sed 's/^GS_LAUNCHER=.*/GS_LAUNCHER="srun --mpi=pmi3"/' "$root/slurm/site/localhost.env" >"$site"
  rc=0
  submit --site "$site" --chain "$pattern" "${small[@]}" output.dir="$out/pmi3-refused" >/dev/null 2>"$out/pmi3.err" || rc=$?
  cat "$out/pmi3.err"
  [[ $rc == 2 && $(wc -l <"$out/pmi3.err") == 1 ]] && grep -q "GS_LAUNCHER of $site 'srun --mpi=pmi3': allowed: .*pmix" "$out/pmi3.err" ||
    fail "submit.sh with GS_LAUNCHER=srun --mpi=pmi3: exit $rc, $(cat "$out/pmi3.err")"
  [[ ! -e $out/pmi3-refused && -z $(my_jobs) ]] || fail "the refused launcher left a folder or a job"
  # ... and, submitted by hand (no submit-time check), the job quotes the launcher's own error line.
  d=$out/pmi3
  mkdir -p "$d"
  id=$(GS_ROOT="$root" GS_SITE="$site" sbatch --parsable --ntasks-per-node=1 --output="$d/slurm-%j.out"     "$root/slurm/cpu.sbatch" "$pattern" "${small[@]}" output.dir="$d")
  wait_job "$id" 60 >/dev/null
  line=$(last_note "$d")
  echo "$line"
  [[ $(job_state "$id") == FAILED ]] || fail "job $id with srun --mpi=pmi3 ended $(job_state "$id")"
  [[ $line == "job $id: error: the run failed (exit code "*"): the launcher (srun) said: srun: error: Invalid MPI type 'pmi3'"* ]] ||
    fail "chain.log does not quote srun's error: $line"
  no_jobs_left 1
  echo "PASS: the missing module command, a site file that exits, a vanished input and a failing launcher each end with their line in chain.log; srun --mpi=pmi3 is refused at submission"
}

# A second submission into a folder that a queued or running chain holds is
# refused in one line naming the job, and leaves the STOP file that
# slurm/cancel.sh --keep-running wrote for that chain.
test_chain_busy_folder() {
  local d=$out/busy id rc
  id=$(submit --chain "$pattern" "${long[@]}" output.dir="$d")
  wait_stepping "$id" "$d"
  "$root/slurm/cancel.sh" --keep-running "$d" >/dev/null || fail "cancel.sh --keep-running failed"
  for args in "--chain" ""; do
    rc=0
    # shellcheck disable=SC2086
    submit $args "$pattern" "${long[@]}" output.dir="$d" >"$out/busy.out" 2>"$out/busy.err" || rc=$?
    cat "$out/busy.err"
    [[ $rc == 2 && $(wc -l <"$out/busy.err") == 1 && ! -s $out/busy.out ]] ||
      fail "a submission ($args) into the folder of running job $id: exit $rc, $(cat "$out/busy.err")"
    grep -q "output.dir '$d' is in use by job $id (RUNNING, named in its chain.log)" "$out/busy.err" ||
      fail "the refusal does not name job $id: $(cat "$out/busy.err")"
    [[ -f $d/STOP ]] || fail "the refused submission removed the STOP file of the running chain"
  done
  [[ $(my_jobs) == "$id" ]] || fail "the refused submission queued a job: $(my_jobs)"
  scancel "$id"
  wait_job "$id" 60 >/dev/null
  # Once the chain has ended, a new one is accepted and clears the STOP file.
  id=$(submit --chain --sbatch --hold "$pattern" "${long[@]}" restart=latest output.dir="$d") ||
    fail "a submission after the chain ended was refused"
  [[ ! -e $d/STOP ]] || fail "the new chain did not clear the STOP file"
  scancel "$id"
  wait_job "$id" 30 >/dev/null
  no_jobs_left 1

  # Two submissions into one new folder at the same moment: one is queued, the
  # other refused naming its job (it waited for the first one's claim); one
  # chain in chain.log. Three rounds, chains and single jobs.
  local round a b rca rcb how=() outs errs
  for round in 1 2 3; do
    d=$out/together-$round
    how=(--chain)
    ((round == 2)) && how=(--name single)
    rca=0 rcb=0
    submit "${how[@]}" --sbatch --hold "$pattern" "${long[@]}" output.dir="$d" >"$out/a.out" 2>"$out/a.err" & a=$!
    submit "${how[@]}" --sbatch --hold "$pattern" "${long[@]}" output.dir="$d" >"$out/b.out" 2>"$out/b.err" & b=$!
    wait "$a" || rca=$?
    wait "$b" || rcb=$?
    outs=$(cat "$out/a.out" "$out/b.out")
    errs=$(cat "$out/a.err" "$out/b.err")
    echo "round $round: exit $rca and $rcb; $outs; $errs"
    [[ $rca$rcb == 02 || $rca$rcb == 20 ]] || fail "round $round: exits $rca and $rcb, not 0 and 2: $errs"
    id=$outs
    [[ $id =~ ^[0-9]+$ ]] || fail "round $round: not one job id printed: $outs"
    [[ $(wc -l <<<"$errs") == 1 && $errs == "submit.sh: output.dir '$d' is in use by job $id (PENDING, named in its chain.log): "* ]] ||
      fail "round $round: the second submission was not refused naming job $id: $errs"
    [[ $(my_jobs) == "$id" ]] || fail "round $round: jobs queued: $(my_jobs)"
    [[ $(grep -c 'submitted by slurm/submit.sh' "$d/chain.log") == 1 ]] || fail "round $round: chain.log: $(cat "$d/chain.log")"
    [[ ! -e $d/.submit-claim ]] || fail "round $round: the claim was left behind"
    scancel "$id"
    wait_job "$id" 30 >/dev/null
  done
  no_jobs_left 0
  echo "PASS: submissions into a running chain's folder refused naming job; its STOP file kept; accepted once it ended; of two submissions at the same moment into a new folder one is queued and the other refused naming its job"
}
