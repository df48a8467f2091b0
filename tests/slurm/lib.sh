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
