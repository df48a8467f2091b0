# Shared body of slurm/cpu.sbatch and slurm/gpu.sbatch (sourced inside the job).
# Runs grayscott once under the site's launcher, forwards the time-limit signal
# to it, and in a restart chain resubmits the job with restart=latest while the
# run stops with a checkpoint and makes progress.
#
# Environment (set by slurm/submit.sh, or by hand with sbatch --export):
#   GS_ROOT         the project checkout (default: the submit folder)
#   GS_SITE         site name (slurm/site/NAME.env) or path to an .env file
#   GS_BIN          the grayscott binary (default: $GS_ROOT/build/src/grayscott)
#   GS_CHAIN        1: resubmit until done (needs GS_JOB_SCRIPT and GS_SBATCH_ARGS)
#   GS_CHAIN_MAX    most jobs in one chain (default 20): never loops forever
#   GS_SWEEP_FILE   job arrays: line SLURM_ARRAY_TASK_ID+1 holds extra key=value overrides

gs_log() { echo "[grayscott-job ${SLURM_JOB_ID:-local} $(date +%H:%M:%S)] $*"; }
gs_die() { gs_log "ERROR: $1"; [[ -n ${GS_CHAIN_LOG:-} ]] && echo "job ${SLURM_JOB_ID:-?} error: $1" >>"$GS_CHAIN_LOG"; exit "${2:-1}"; }

gs_job_setup() {
  local kind=$1
  GS_ROOT=${GS_ROOT:-${SLURM_SUBMIT_DIR:-$PWD}}
  [[ -f $GS_ROOT/slurm/lib/job.sh ]] || gs_die "GS_ROOT=$GS_ROOT is not the project checkout (set GS_ROOT or submit from it)"
  local site=${GS_SITE:-generic-$kind}
  local site_file=$site
  [[ $site == */* || $site == *.env ]] || site_file=$GS_ROOT/slurm/site/$site.env
  [[ -f $site_file ]] || gs_die "site file $site_file not found (slurm/site/*.env)"
  # shellcheck disable=SC1090
  source "$site_file"
  if [[ -n ${GS_MODULES:-} ]]; then
    command -v module >/dev/null 2>&1 || gs_die "GS_MODULES is set in $site_file but there is no 'module' command"
    # shellcheck disable=SC2086
    module load $GS_MODULES || gs_die "module load $GS_MODULES failed"
  fi
  GS_BIN=${GS_BIN:-$GS_ROOT/build/src/grayscott}
  [[ -x $GS_BIN ]] || gs_die "$GS_BIN is not an executable (build the project, or set GS_BIN)"
  GS_LAUNCHER=${GS_LAUNCHER:-srun --mpi=pmix}
}

# The launcher line: one rank per task of the allocation.
gs_launch_cmd() {
  local -n _cmd=$1
  # shellcheck disable=SC2206
  _cmd=($GS_LAUNCHER)
  case ${_cmd[0]##*/} in
    srun) _cmd+=(--kill-on-bad-exit=1) ;;
    mpiexec | mpirun) _cmd+=(-n "${SLURM_NTASKS:-1}") ;;
  esac
  [[ -n ${GS_LAUNCHER_ARGS:-} ]] && _cmd+=($GS_LAUNCHER_ARGS)
  return 0
}

# gs_run_chain INPUT [key=value ...]
gs_run_chain() {
  (($# >= 1)) || gs_die "usage: sbatch [options] JOBSCRIPT INPUT.toml [key=value ...]" 2
  local input=$1
  shift
  local user_args=("$@")
  [[ -f $input ]] || gs_die "input file $input not found (relative paths are taken from $PWD)" 2
  if [[ -n ${GS_SWEEP_FILE:-} && -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    local line
    line=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" "$GS_SWEEP_FILE")
    [[ -n $line ]] || gs_die "$GS_SWEEP_FILE has no line for array task $SLURM_ARRAY_TASK_ID"
    # shellcheck disable=SC2206
    user_args+=($line)
  fi
  # shellcheck disable=SC2206
  local args=("${user_args[@]}" ${GS_EXTRA_OVERRIDES:-})
  local outdir
  outdir=$(/usr/bin/python3 "$GS_ROOT/slurm/lib/output_dir.py" "$input" "${args[@]}") || gs_die "cannot tell output.dir" 2
  mkdir -p "$outdir"
  GS_CHAIN_LOG=$outdir/chain.log
  local index=${GS_CHAIN_INDEX:-0} prev=${GS_CHAIN_PREV_STEP:--1}
  local restart=() a given=0
  for a in "${args[@]}"; do [[ $a == restart=* ]] && given=1; done
  ((index > 0 && !given)) && restart=(restart=latest)
  local launch=()
  gs_launch_cmd launch
  local summary=$outdir/summary.json stamp=$outdir/.job-${SLURM_JOB_ID:-$$}.start
  touch "$stamp"
  gs_log "link $index of the chain: ${launch[*]} ${GS_BIN_WRAPPER:-} $GS_BIN $input ${args[*]} ${restart[*]}"

  local pid rc interrupted=0
  # The batch shell gets the time-limit signal (--signal=B:USR1@SECONDS); the
  # launcher does not. Forward a stop request (SIGUSR1: checkpoint and exit 0).
  # bash runs a trap only between commands, hence the background launch + wait.
  gs_forward() {
    interrupted=1
    gs_log "got SIG$1: asking the run to checkpoint and stop"
    [[ -n ${pid:-} ]] && kill -USR1 "$pid" 2>/dev/null
  }
  trap 'gs_forward USR1' USR1
  trap 'gs_forward TERM' TERM
  "${launch[@]}" ${GS_BIN_WRAPPER:-} "$GS_BIN" "$input" "${args[@]}" "${restart[@]}" &
  pid=$!
  while :; do
    wait "$pid"
    rc=$?
    if ((interrupted)); then interrupted=0; continue; fi  # wait returned for the trap, not the exit
    break
  done
  trap - USR1 TERM
  [[ -f $summary && $summary -nt $stamp ]] || { rm -f "$stamp"; gs_die "the run wrote no summary.json (exit code $rc): chain stopped" "$((rc ? rc : 1))"; }
  rm -f "$stamp"
  local status steps
  { read -r status; read -r steps; } < <(/usr/bin/python3 "$GS_ROOT/slurm/lib/summary_field.py" "$summary" status steps)
  echo "job ${SLURM_JOB_ID:-local} link $index: exit $rc, status $status, step $steps" >>"$GS_CHAIN_LOG"
  case $status in
    ok | done)
      gs_log "run complete: step $steps, $summary"
      return 0 ;;
    stopped)
      if [[ ${GS_CHAIN:-0} != 1 ]]; then
        gs_log "run stopped at step $steps with a checkpoint; continue with restart=latest"
        return 0
      fi
      if ((steps <= prev)); then
        gs_die "no progress: the run stopped at step $steps, as the previous link did; chain stopped"
      fi
      if ((index + 1 >= ${GS_CHAIN_MAX:-20})); then
        gs_die "chain limit GS_CHAIN_MAX=${GS_CHAIN_MAX:-20} reached at step $steps; chain stopped"
      fi
      gs_resubmit "$steps" "$((index + 1))" "$input" "${user_args[@]}"
      return 0 ;;
    *)
      gs_die "the run ended with status '$status' (exit code $rc): chain stopped" "$((rc ? rc : 1))" ;;
  esac
}

gs_resubmit() {
  local steps=$1 index=$2
  shift 2
  [[ -n ${GS_JOB_SCRIPT:-} && -f $GS_JOB_SCRIPT ]] || gs_die "GS_JOB_SCRIPT is not set: cannot resubmit (use slurm/submit.sh --chain)"
  local sb=()
  eval "sb=(${GS_SBATCH_ARGS:-})"
  # The next link starts only after this job has gone, so two links never share the folder.
  local unset_env=() v
  for v in $(compgen -e | grep '^SLURM_' | grep -v '^SLURM_CONF$'); do unset_env+=(-u "$v"); done
  local out
  out=$(env "${unset_env[@]}" GS_CHAIN_INDEX="$index" GS_CHAIN_PREV_STEP="$steps" GS_SWEEP_FILE= \
    sbatch --parsable "${sb[@]}" ${SLURM_JOB_ID:+--dependency=afterany:$SLURM_JOB_ID} "$GS_JOB_SCRIPT" "$@") ||
    gs_die "resubmission failed: $out"
  gs_log "stopped at step $steps: resubmitted as job ${out%%;*} (link $index) with restart=latest"
  echo "job ${SLURM_JOB_ID:-local} resubmitted as ${out%%;*}" >>"$GS_CHAIN_LOG"
}
