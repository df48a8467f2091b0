#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A one-node Slurm cluster on localhost for the tests of slurm/ (Debian's slurm-wlm).
#   cluster.sh start STATEFILE   start it; write `export SLURM_CONF=...` lines to STATEFILE
#   cluster.sh stop STATEFILE    stop it and remove its folder; fails unless both daemons were
#                                running and exit on `scontrol shutdown`; exit 77 if none was started
#   cluster.sh check             exit 77 (skip) with a message unless root and Slurm are here
# The cluster lives in a short /tmp folder (socket paths must stay under 108 bytes)
# on free ports, so several clusters can run side by side.
set -euo pipefail

skip() { echo "SKIP: $*"; exit 77; }

check() {
  [[ $(id -u) == 0 ]] || skip "the Slurm tests start slurmctld/slurmd and need root (skip them with: ctest -LE slurm)"
  local t
  for t in slurmctld slurmd sbatch srun scontrol sinfo squeue; do
    command -v "$t" >/dev/null || skip "$t not found (apt-get install slurmctld slurmd slurm-client; or ctest -LE slurm)"
  done
  [[ -e /usr/lib/x86_64-linux-gnu/slurm-wlm/mpi_pmix.so || -n $(compgen -G "/usr/lib/*/slurm-wlm/mpi_pmix*.so") ]] ||
    skip "Slurm's pmix plugin is missing (ctest -LE slurm)"
}

free_port() {
  "${GS_PYTHON:-/usr/bin/python3}" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  local statefile=$1
  check
  local dir
  dir=$(mktemp -d /tmp/gsl.XXXXXX)
  chmod 755 "$dir"
  mkdir -p "$dir"/{state,spool,log}
  local ctld_port slurmd_port
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  while [[ $slurmd_port == "$ctld_port" ]]; do slurmd_port=$(free_port); done
  local cpus=4 mem_mb
  mem_mb=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024))
  # Job ids of their own: srun --mpi=pmix keeps each step's files in
  # /tmp/spmix_appdir_<uid>_<jobid>.<step>, so two clusters side by side (two
  # test runs at once) that both run a job 16 break each other's launches
  # ("task 0 launch failed"). The controller's port is unique while it runs.
  local first_job=$(((ctld_port % 60000) * 1000 + 1))
  # Without munge: auth/none and cred/none (one host, root only).
  cat >"$dir/slurm.conf" <<CONF
ClusterName=gstest
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
AuthType=auth/none
CredType=cred/none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/log/jobcomp.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SlurmdParameters=config_overrides
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
FirstJobId=$first_job
MinJobAge=300
KillWait=5
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ReturnToService=2
NodeName=localhost CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP DefMemPerCPU=$((mem_mb / cpus))
CONF
  export SLURM_CONF=$dir/slurm.conf
  {
    echo "export SLURM_CONF=$dir/slurm.conf"
    echo "GS_SLURM_DIR=$dir"
  } >"$statefile"
  slurmctld -f "$SLURM_CONF" -i || { echo "slurmctld failed to start; log:" >&2; tail -20 "$dir/log/slurmctld.log" >&2; exit 1; }
  slurmd -f "$SLURM_CONF" -N localhost || { echo "slurmd failed to start; log:" >&2; tail -20 "$dir/log/slurmd.log" >&2; exit 1; }
  local i state=""
  for i in $(seq 1 100); do
    state=$(sinfo -h -N -o %T 2>/dev/null | head -1 || true)
    [[ $state == idle ]] && break
    sleep 0.2
  done
  if [[ $state != idle ]]; then
    echo "the one-node cluster did not become idle (state '$state'); logs in $dir/log" >&2
    tail -20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
    exit 1
  fi
  echo "Slurm cluster up: SLURM_CONF=$SLURM_CONF (ports $ctld_port, $slurmd_port)"
}

pid_alive() {  # a stopped daemon lingers as a zombie for a moment: state Z counts as gone
  local pid=$1 st
  [[ -n $pid && -d /proc/$pid ]] || return 1
  st=$(awk '/^State:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo Z)
  [[ $st != Z ]]
}

stop() {
  local statefile=$1
  [[ -f $statefile ]] || { echo "SKIP: no cluster recorded in $statefile (none was started): nothing to stop"; exit 77; }
  local SLURM_CONF="" GS_SLURM_DIR=""
  # shellcheck disable=SC1090
  source "$statefile"
  rm -f "$statefile"
  [[ -n $GS_SLURM_DIR && -d $GS_SLURM_DIR ]] || { echo "FAIL: the cluster's folder '$GS_SLURM_DIR' is gone"; exit 1; }
  export SLURM_CONF
  local problems=() f pid i ctld_pid slurmd_pid
  ctld_pid=$(cat "$GS_SLURM_DIR/slurmctld.pid" 2>/dev/null || true)
  slurmd_pid=$(cat "$GS_SLURM_DIR/slurmd.pid" 2>/dev/null || true)
  pid_alive "$ctld_pid" || problems+=("slurmctld (pid ${ctld_pid:-unknown}) had exited before the stop")
  pid_alive "$slurmd_pid" || problems+=("slurmd (pid ${slurmd_pid:-unknown}) had exited before the stop")
  scancel --full --quiet --user=root 2>/dev/null || true
  scontrol shutdown >/dev/null 2>&1 || true
  for i in $(seq 1 150); do
    pid_alive "$ctld_pid" || pid_alive "$slurmd_pid" || break
    sleep 0.2
  done
  for f in slurmctld:$ctld_pid slurmd:$slurmd_pid; do
    pid=${f#*:}
    if pid_alive "$pid"; then
      problems+=("${f%%:*} (pid $pid) still ran 30 s after scontrol shutdown (sent SIGKILL)")
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
  # Jobs' leftover processes (slurmstepd) of this cluster only: they run with
  # our SLURM_CONF in the environment (so do this script's own children).
  local leftovers=()
  for pid in $(grep -l -s -F "SLURM_CONF=$SLURM_CONF" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3); do
    [[ $pid == "$$" ]] && continue
    kill -9 "$pid" 2>/dev/null && leftovers+=("$pid")
  done
  for i in $(seq 1 25); do
    local alive=()
    for pid in "$ctld_pid" "$slurmd_pid" "${leftovers[@]}"; do pid_alive "$pid" && alive+=("$pid"); done
    ((${#alive[@]})) || break
    sleep 0.2
  done
  ((${#alive[@]} == 0)) || problems+=("processes of the cluster still run after SIGKILL: ${alive[*]}")
  if ((${#problems[@]})); then
    tail -n 20 "$GS_SLURM_DIR/log/slurmctld.log" "$GS_SLURM_DIR/log/slurmd.log" 2>/dev/null || true
    rm -rf "$GS_SLURM_DIR"
    printf 'FAIL: %s\n' "${problems[@]}"
    exit 1
  fi
  rm -rf "$GS_SLURM_DIR"
  echo "Slurm cluster stopped: slurmctld (pid $ctld_pid) and slurmd (pid $slurmd_pid) exited after scontrol shutdown;" \
    "${#leftovers[@]} leftover job processes killed"
}

case ${1:-} in
  start) [[ $# == 2 ]] || { echo "usage: $0 start STATEFILE" >&2; exit 2; }; start "$2" ;;
  stop) [[ $# == 2 ]] || { echo "usage: $0 stop STATEFILE" >&2; exit 2; }; stop "$2" ;;
  check) check; echo "Slurm tests can run" ;;
  *) echo "usage: $0 start|stop STATEFILE, or $0 check" >&2; exit 2 ;;
esac
