# Shared body of slurm/cpu.sbatch and slurm/gpu.sbatch (sourced inside the job).
# Runs grayscott once under the site's launcher, passes a stop request (the
# time-limit signal, a cancellation) on to it through its stop file, and in a
# restart chain resubmits the job with restart=latest while the run stops with
# a checkpoint and makes progress; a cancellation or a STOP file ends the chain.
#
# Environment (set by slurm/submit.sh, or by hand with sbatch --export):
#   GS_ROOT         the project checkout (default: the submit folder)
#   GS_SITE         site name (slurm/site/NAME.env) or path to an .env file
#   GS_BIN          the grayscott binary (default: $GS_ROOT/build/src/grayscott)
#   GS_CHAIN        1: resubmit until done (needs GS_JOB_SCRIPT and GS_SBATCH_ARGS)
#   GS_CHAIN_MAX    most jobs in one chain (default 20): never loops forever
#   GS_JOB_NAME     the chain's job name; link i is submitted as NAME-link<i>
#   GS_SWEEP_FILE   job arrays: line SLURM_ARRAY_TASK_ID+1 holds extra key=value overrides
#
# Exit codes of the job (docs/cluster.md): 0 done, 1 failed (also: chain limit,
# no progress), 2 bad input, 3 stopped with a checkpoint but unfinished (in a
# chain: the next link is submitted), 4 stopped and the chain ended on request
# (scancel, a STOP file, slurm/cancel.sh). A stopped link never shows 0.
GS_EXIT_STOPPED=3
GS_EXIT_ENDED=4

gs_log() { echo "[grayscott-job ${SLURM_JOB_ID:-local} $(date +%H:%M:%S)] $*"; }
gs_note() { [[ -n ${GS_CHAIN_LOG:-} ]] && echo "job ${SLURM_JOB_ID:-local} link ${GS_CHAIN_INDEX:-0}: $*" >>"$GS_CHAIN_LOG"; return 0; }
gs_die() { gs_log "ERROR: $1"; gs_note "error: $1"; exit "${2:-1}"; }
# gs_end CODE MESSAGE: the chain ends without an error (stopped on request).
gs_end() { gs_log "$2"; gs_note "$2"; exit "$1"; }

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

# The job's state as Slurm sees it (CANCELLED after scancel), "" if unknown.
gs_slurm_state() {
  [[ -n ${SLURM_JOB_ID:-} ]] || return 0
  timeout 10 scontrol show job "$SLURM_JOB_ID" -o 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1 || true
}

# A stop request, from the time-limit signal (USR1, --signal=B:USR1@T, or
# `scancel --batch --signal=USR1`) or a cancellation (TERM without a USR1
# before it: scancel sends SIGTERM to the batch shell and to every rank). The
# run is asked through its stop file, not a signal: a file cannot arrive too
# early, while a signal before the program installed its handler would kill it.
gs_on_signal() {
  if [[ $1 == USR1 ]]; then
    GS_GOT_USR1=1
    gs_log "got SIGUSR1 (time limit near): asking the run to checkpoint and stop"
  else
    GS_GOT_TERM=1
    if [[ ${GS_GOT_USR1:-0} != 1 ]]; then
      gs_log "got SIGTERM without a time-limit signal: the job is cancelled; the run checkpoints if it can, the chain ends"
    else
      gs_log "got SIGTERM after the time-limit signal"
    fi
  fi
  interrupted=1
  [[ -n ${GS_STOP_FILE:-} ]] && : >"$GS_STOP_FILE"
  return 0
}

# Whether a run of INPUT with these overrides has in-situ output (a
# non-empty insitu.script, the last override winning over the file).
gs_has_insitu() {
  /usr/bin/python3 - "$@" <<'PYEOF'
import sys
for arg in reversed(sys.argv[2:]):
    if arg.startswith("insitu.script="):
        sys.exit(0 if arg.split("=", 1)[1].strip() not in ("", "[]", '""', "''") else 1)
try:
    import tomllib
    with open(sys.argv[1], "rb") as f:
        section = tomllib.load(f).get("insitu", {})
except Exception:  # unreadable here: the program reports it with its own line
    sys.exit(1)
sys.exit(0 if isinstance(section, dict) and section.get("script") else 1)
PYEOF
}

# In-situ runs render through X. On nodes without one (DISPLAY unset), each
# rank runs under its own Xvfb (slurm/lib/with_xvfb.sh) when xvfb-run exists;
# without it the program refuses before step 0 and says what to install.
gs_display_wrapper() {
  [[ -z ${DISPLAY:-} ]] || return 0
  gs_has_insitu "$@" || return 0
  if command -v xvfb-run >/dev/null 2>&1; then
    GS_BIN_WRAPPER="$GS_ROOT/slurm/lib/with_xvfb.sh${GS_BIN_WRAPPER:+ $GS_BIN_WRAPPER}"
    gs_log "in-situ run and no DISPLAY: each rank renders under its own Xvfb (slurm/lib/with_xvfb.sh)"
  else
    gs_log "WARNING: in-situ run, no DISPLAY and no xvfb-run on $(hostname): install xvfb and xauth, or set DISPLAY"
  fi
  return 0
}

# gs_run_chain INPUT [key=value ...]: runs the link and exits with the job's code.
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
  mkdir -p "$outdir" || gs_die "cannot create output.dir $outdir"
  GS_CHAIN_LOG=$outdir/chain.log
  if [[ -n ${SLURM_ARRAY_JOB_ID:-} && -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    # One log per sweep member, in its own folder, named by array and task id.
    local log=$outdir/slurm-${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}.out
    gs_log "array task $SLURM_ARRAY_TASK_ID: the log continues in $log"
    exec >>"$log" 2>&1
  fi
  local index=${GS_CHAIN_INDEX:-0} prev=${GS_CHAIN_PREV_STEP:--1}
  [[ -e $outdir/STOP ]] && gs_end "$GS_EXIT_ENDED" "$outdir/STOP exists (slurm/cancel.sh): link not run, chain ended"
  local restart=() a given=0
  for a in "${args[@]}"; do [[ $a == restart=* ]] && given=1; done
  ((index > 0 && !given)) && restart=(restart=latest)
  local launch=()
  gs_launch_cmd launch
  gs_display_wrapper "$input" "${args[@]}"
  local summary=$outdir/summary.json stamp=$outdir/.job-${SLURM_JOB_ID:-$$}.start
  export GS_STOP_FILE=$outdir/.stop-${SLURM_JOB_ID:-$$}
  rm -f "$GS_STOP_FILE"
  touch "$stamp"
  gs_log "link $index of the chain: ${launch[*]} ${GS_BIN_WRAPPER:-} $GS_BIN $input ${args[*]} ${restart[*]}"
  gs_note "started on ${SLURM_JOB_NODELIST:-$(hostname)}"

  local pid rc interrupted=0
  # bash runs a trap only between commands, hence the background launch + wait.
  trap 'gs_on_signal USR1' USR1
  trap 'gs_on_signal TERM' TERM
  # Requests that came while the job was still setting up (the job scripts' first trap kept them).
  [[ ${GS_GOT_USR1:-0} == 1 ]] && gs_on_signal USR1
  [[ ${GS_GOT_TERM:-0} == 1 ]] && gs_on_signal TERM
  "${launch[@]}" ${GS_BIN_WRAPPER:-} "$GS_BIN" "$input" "${args[@]}" "${restart[@]}" &
  pid=$!
  while :; do
    interrupted=0
    wait "$pid"
    rc=$?
    ((interrupted)) || break
    # wait returned for the trap: the run goes on, or has just ended (wait again for its status).
    kill -0 "$pid" 2>/dev/null && continue
    wait "$pid" 2>/dev/null && rc=0 || { a=$?; ((a != 127)) && rc=$a; }
    break
  done
  # From here on a signal is only noted: the chain decision must not be cut short.
  trap 'GS_GOT_USR1=1' USR1
  trap 'GS_GOT_TERM=1' TERM
  rm -f "$GS_STOP_FILE"
  local cancelled=0
  [[ ${GS_GOT_TERM:-0} == 1 && ${GS_GOT_USR1:-0} != 1 ]] && cancelled=1
  [[ $(gs_slurm_state) == CANCELLED* ]] && cancelled=1
  if [[ ! -f $summary || ! $summary -nt $stamp ]]; then
    rm -f "$stamp"
    ((cancelled)) && gs_end "$GS_EXIT_ENDED" "cancelled before the run wrote summary.json (exit code $rc): chain ended"
    gs_die "the run wrote no summary.json (exit code $rc): chain stopped" "$((rc ? rc : 1))"
  fi
  rm -f "$stamp"
  local status steps
  { read -r status; read -r steps; } < <(/usr/bin/python3 "$GS_ROOT/slurm/lib/summary_field.py" "$summary" status steps)
  gs_note "exit $rc, status $status, step $steps"
  case $status in
    ok | done)
      gs_log "run complete: step $steps, $summary"
      exit 0 ;;
    stopped)
      ((cancelled)) && gs_end "$GS_EXIT_ENDED" "cancelled at step $steps with a checkpoint: chain ended (continue with restart=latest)"
      [[ -e $outdir/STOP ]] && gs_end "$GS_EXIT_ENDED" "stopped at step $steps with a checkpoint; $outdir/STOP exists: chain ended"
      if [[ ${GS_CHAIN:-0} != 1 ]]; then
        gs_log "run stopped at step $steps with a checkpoint; continue with restart=latest"
        exit "$GS_EXIT_STOPPED"
      fi
      ((steps > prev)) || gs_die "no progress: the run stopped at step $steps, as the previous link did; chain stopped"
      [[ ${GS_GOT_TERM:-0} == 1 && ${GS_GOT_USR1:-0} != 1 ]] &&
        gs_end "$GS_EXIT_ENDED" "cancelled at step $steps with a checkpoint: chain ended (continue with restart=latest)"
      ((index + 1 < ${GS_CHAIN_MAX:-20})) || gs_die "chain limit GS_CHAIN_MAX=${GS_CHAIN_MAX:-20} reached at step $steps; chain stopped"
      gs_resubmit "$steps" "$((index + 1))" "$input" "${user_args[@]}"
      exit "$GS_EXIT_STOPPED" ;;
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
  out=$(env "${unset_env[@]}" GS_CHAIN_INDEX="$index" GS_CHAIN_PREV_STEP="$steps" GS_SWEEP_FILE= GS_GOT_USR1= GS_GOT_TERM= \
    sbatch --parsable "${sb[@]}" --job-name="${GS_JOB_NAME:-grayscott}-link$index" \
    ${SLURM_JOB_ID:+--dependency=afterany:$SLURM_JOB_ID} "$GS_JOB_SCRIPT" "$@") ||
    gs_die "resubmission failed: $out"
  # A cancellation that came while the next link was being submitted still ends the chain.
  if [[ ${GS_GOT_TERM:-0} == 1 && ${GS_GOT_USR1:-0} != 1 ]]; then
    scancel "${out%%;*}" 2>/dev/null || true
    gs_end "$GS_EXIT_ENDED" "cancelled while resubmitting at step $steps: job ${out%%;*} cancelled, chain ended"
  fi
  gs_log "stopped at step $steps: resubmitted as job ${out%%;*} (link $index) with restart=latest"
  gs_note "resubmitted as ${out%%;*}"
}
