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

# no_jobs_left SECONDS: nothing queued or running (a resubmitted link would show up).
no_jobs_left() {
  sleep "$1"
  [[ -z $(squeue -h) ]] || fail "jobs left after the chain should have ended: $(squeue -h)"
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
  "$root/slurm/cancel.sh" --keep-running "$d" || fail "cancel.sh --keep-running failed"
  [[ -f $d/STOP && $(job_state "$id") == RUNNING ]] || fail "cancel.sh --keep-running did not leave job $id running with a STOP file"
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
