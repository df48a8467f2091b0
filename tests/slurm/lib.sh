# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Helpers for the Slurm tests (sourced). Each test: check.sh NAME BINARY STATEFILE OUTDIR
fail() { echo "FAIL: $*" >&2; exit 1; }
PY=${GS_PYTHON:-/usr/bin/python3}  # CMake's Python3_EXECUTABLE under ctest
log() { echo "[$(date +%H:%M:%S)] $*"; }

# Skip (77) unless the fixture's cluster is up; then point the Slurm tools at it.
use_cluster() {
  local statefile=$1
  bash "$(dirname "${BASH_SOURCE[0]}")/cluster.sh" check >/dev/null || { bash "$(dirname "${BASH_SOURCE[0]}")/cluster.sh" check; exit 77; }
  [[ -f $statefile ]] || fail "no cluster state in $statefile (the slurm.cluster_start fixture did not run or failed)"
  # shellcheck disable=SC1090
  source "$statefile"
  export SLURM_CONF
  sinfo -h >/dev/null 2>&1 || fail "the test cluster ($SLURM_CONF) does not answer"
}

# job_state ID: PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT, ... ("" if unknown).
job_state() {
  scontrol show job "$1" -o 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1
}

# job_field ID FIELD: one field of `scontrol show job` (ExitCode, JobName, ...), "" if unknown.
job_field() {
  scontrol show job "$1" -o 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1
}

# expect_job ID STATE EXITCODE NAME: the job ended as expected (sacct needs slurmdbd: scontrol keeps it 300 s).
expect_job() {
  local id=$1 st ec name
  st=$(job_state "$id") ec=$(job_field "$id" ExitCode) name=$(job_field "$id" JobName)
  [[ $st == "$2" && $ec == "$3" && $name == "$4" ]] || fail "job $id ended $st $ec named $name, expected $2 $3 named $4"
}

# wait_job ID SECONDS: until the job (every task of an array) has ended; prints its final state.
wait_job() {
  local id=$1 limit=$2 t=0 state
  while :; do
    if [[ -z $(squeue -h -j "$id" -o %i 2>/dev/null) ]]; then
      job_state "$id"
      return 0
    fi
    ((t >= limit * 5)) && { log "job $id still queued or running after ${limit}s:" >&2; squeue >&2; scancel "$id"; return 1; }
    sleep 0.2
    t=$((t + 1))
  done
}

# my_jobs: the ids of this test's jobs that Slurm still has queued or running,
# one a line (a pending array as ARRAYID_[...]). A job is this test's when it
# was submitted from the test's folder ($out: check.sh runs there, and a chain
# link resubmits from its job's folder): other tests' jobs, and a leftover of
# an earlier run, are never judged nor cancelled here.
my_jobs() {
  local id wd
  squeue -h -o '%i %Z' 2>/dev/null | while read -r id wd; do
    [[ $wd == "$out" || $wd == "$out"/* ]] && echo "$id"
  done
  return 0
}

# cleanup_jobs SECONDS: cancel every job of this test and wait until Slurm holds
# none of them (a link being cancelled may resubmit a moment before it ends, and
# its resubmission cancels itself or is caught by the next round). 1 if some
# are still there after SECONDS.
cleanup_jobs() {
  local limit=$1 t=0 ids=() cancelled=()
  while :; do
    mapfile -t ids < <(my_jobs)
    ((${#ids[@]})) || break
    ((t >= limit * 5)) && { log "cleanup: jobs of this test still queued after ${limit}s: ${ids[*]}" >&2; return 1; }
    ((t % 10 == 0)) && { scancel "${ids[@]}" 2>/dev/null || true; cancelled+=("${ids[@]}"); }
    sleep 0.2
    t=$((t + 1))
  done
  ((${#cancelled[@]} == 0)) || log "cleanup: cancelled and waited out this test's jobs $(printf '%s\n' "${cancelled[@]}" | sort -u | tr '\n' ' ')"
  return 0
}

# on_exit: pass or fail, the test leaves nothing behind: its background
# processes (a local run holding a folder) are ended and its jobs cancelled
# and waited out, so one failure never becomes several.
on_exit() {
  local rc=$? p
  trap - EXIT
  trap '' TERM INT USR2
  for p in $(jobs -p); do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [[ -n ${out:-} ]]; then
    cleanup_jobs 90 || { echo "FAIL: this test's jobs could not be cancelled (above)" >&2; rc=1; }
  fi
  exit "$rc"
}

# watchdog SECONDS: fail (and clean up) before ctest's TIMEOUT kills the test
# with SIGKILL, which no trap survives. GS_SLURM_TEST_TIMEOUT: ctest's TIMEOUT.
watchdog() {
  local limit=$1
  trap 'fail "stopped by a signal: cleaning up"' TERM INT
  ((limit > 60)) || return 0
  trap "fail 'no end $((limit - 45)) s after the start (ctest stops the test at $limit s): cleaning up'" USR2
  # Its own output to /dev/null: ctest waits for every holder of the test's pipes.
  # Ended by on_exit with its sleep (a TERM to the subshell alone would leave the sleep).
  (
    trap 'kill "$s" 2>/dev/null; exit 0' TERM
    sleep "$((limit - 45))" &
    s=$!
    wait "$s" && kill -USR2 $$
  ) </dev/null >/dev/null 2>&1 &
}

# wait_for CONDITION SECONDS: poll a shell condition.
wait_for() {
  local cond=$1 limit=$2 t=0
  until eval "$cond"; do
    ((t >= limit * 5)) && return 1
    sleep 0.2
    t=$((t + 1))
  done
}

field() { "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

source "$(dirname "${BASH_SOURCE[0]}")/../common/digest.sh"

# Reference digest: the same run, here, on one rank, without Slurm.
local_digest() {
  local out=$1
  shift
  "$BIN" "$@" "output.dir=$out" >"$out.log" 2>&1 || fail "reference run failed: $out.log"
  digest_of "$out/summary.json"
}
