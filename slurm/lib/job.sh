# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Shared body of slurm/cpu.sbatch and slurm/gpu.sbatch (sourced inside the job).
# Runs grayscott once under the site's launcher, passes a stop request (the
# time-limit signal, a cancellation) on to it through its stop file, and in a
# restart chain resubmits the job with restart=latest while the run stops with
# a checkpoint and makes progress; a cancellation or a STOP file ends the chain.
# A job that Slurm requeues (scontrol requeue, preemption, node failure) is not
# a cancellation: it checkpoints, and its rerun resumes from the newest checkpoint.
#
# Environment (set by slurm/submit.sh, or by hand with sbatch --export):
#   GS_ROOT         the project checkout (default: the submit folder)
#   GS_SITE         site name (slurm/site/NAME.env) or path to an .env file
#   GS_BIN          the grayscott binary (default: $GS_ROOT/build/src/grayscott, or the installed one: slurm/lib/locate.sh)
#   GS_CHAIN        1: resubmit until done (needs GS_JOB_SCRIPT and GS_SBATCH_ARGS)
#   GS_CHAIN_MAX    most jobs in one chain (default 20): never loops forever
#   GS_JOB_NAME     the chain's job name; link i is submitted as NAME-link<i>
#   GS_SWEEP_FILE   job arrays: line SLURM_ARRAY_TASK_ID+1 holds extra key=value overrides
#
# Exit codes of the job (docs/cluster.md): 0 done, 1 failed (also: chain limit,
# no progress), 2 bad input, 3 stopped with a checkpoint but unfinished (in a
# chain: the next link is submitted; requeued: Slurm runs the job again), 4
# stopped on request and the chain ended (scancel, a STOP file,
# slurm/cancel.sh). A stopped link never shows 0.
GS_EXIT_STOPPED=3
GS_EXIT_ENDED=4

# A stop request is kept from the first line on (the job scripts set the same
# traps before they source this file): bash's default for TERM and USR1 would
# end the job with nothing saved and no word in chain.log. The TERM's time
# (bash's clock, no helper process) tells a cancellation from the time limit.
trap 'GS_GOT_USR1=1' USR1
trap 'GS_GOT_TERM=1 GS_TERM_AT=${GS_TERM_AT:-$EPOCHSECONDS}' TERM

# The job as Slurm names it: an array task as ARRAYID_TASK (squeue, scancel and
# the log's name use that form), any other job by its id.
gs_job_id() {
  if [[ -n ${SLURM_ARRAY_JOB_ID:-} && -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    printf '%s_%s' "$SLURM_ARRAY_JOB_ID" "$SLURM_ARRAY_TASK_ID"
  else
    printf '%s' "${SLURM_JOB_ID:-local}"
  fi
}
# printf's own clock, not date: Slurm's TERM reaches every process of the job,
# so a helper process could be killed mid-way and leave the line without a time.
gs_log() { printf '[grayscott-job %s %(%H:%M:%S)T] %s\n' "$(gs_job_id)" -1 "$*"; }
# gs_note TEXT: a line of chain.log: "job ID link I: TEXT" in a chain, "job ID: TEXT" otherwise.
gs_note() {
  [[ -n ${GS_CHAIN_LOG:-} ]] || return 0
  local link=""
  [[ ${GS_CHAIN:-0} == 1 ]] && link=" link ${GS_CHAIN_INDEX:-0}"
  echo "job $(gs_job_id)$link: $*" >>"$GS_CHAIN_LOG" 2>/dev/null
  return 0
}
# gs_final_note TEXT: the line that says how the job ended (see gs_on_exit).
gs_final_note() { gs_note "$@"; GS_END_NOTED=1; }
gs_die() { gs_log "ERROR: $1"; gs_final_note "error: $1"; exit "${2:-1}"; }
# gs_end CODE MESSAGE: the chain ends without an error (stopped on request).
gs_end() { gs_log "$2"; gs_final_note "$2"; exit "$1"; }
# Every way the job ends writes its line into chain.log: one that exits
# without having said how (a shell error, a helper's failure) gets this one.
gs_on_exit() {
  local rc=$1
  [[ ${GS_END_NOTED:-0} == 1 ]] && return 0
  GS_END_NOTED=1
  gs_note "error: the job script ended with exit code $rc before it wrote how the run ended (its log: $(readlink -f /proc/$$/fd/1 2>/dev/null || echo "slurm-$(gs_job_id).out"))$(gs_chain '; chain stopped')"
}
# gs_chain TEXT: TEXT in a chain, nothing otherwise (a sweep member or a
# convergence level is no chain, and its messages must not speak of one).
gs_chain() { [[ ${GS_CHAIN:-0} == 1 ]] && printf '%s' "$1"; return 0; }

# gs_helper VAR CMD [ARG...]: VAR=$(CMD ARG...), run again when a signal killed
# it: Slurm sends its TERM to every process of the job, so a helper that runs
# at that moment dies (status 128+N) although nothing is wrong with its input.
# Slurm sends TERM once (then SIGKILL after KillWait), so a rerun finishes.
gs_helper() {
  local -n _gs_out=$1
  shift
  local rc=0 _
  for _ in 1 2 3; do
    _gs_out=$("$@")
    rc=$?
    ((rc < 128)) && break
  done
  return "$rc"
}
# gs_retry CMD [ARG...]: the same for a command whose output is not wanted.
gs_retry() {
  local rc=0 _
  for _ in 1 2 3; do
    "$@"
    rc=$?
    ((rc < 128)) && break
  done
  return "$rc"
}

# gs_early_chain_log INPUT [key=value ...]: where chain.log is, from the job's
# first line on, so that an error before the run (the site file, modules, a
# missing input) is written there too: OUTPUT_DIR given by slurm/submit.sh
# (GS_OUTPUT_DIR), else the output.dir of the arguments (a sweep member's line
# names it), else none yet (gs_run_chain sets it).
gs_early_chain_log() {
  local dir=${GS_OUTPUT_DIR:-}
  if [[ -z $dir && $# -ge 1 && -f ${GS_ROOT:-}/slurm/lib/output_dir.py ]]; then
    local args=("$@") line=""
    if [[ -n ${GS_SWEEP_FILE:-} && -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
      gs_helper line sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" "$GS_SWEEP_FILE" 2>/dev/null
      # shellcheck disable=SC2206
      args+=($line)
    fi
    gs_helper dir /usr/bin/python3 "$GS_ROOT/slurm/lib/output_dir.py" "${args[@]}" 2>/dev/null || dir=""
  fi
  [[ -n $dir ]] && gs_retry mkdir -p "$dir" 2>/dev/null && GS_CHAIN_LOG=$dir/chain.log
  return 0
}

gs_job_setup() {
  local kind=$1
  shift
  trap 'gs_on_exit $?' EXIT
  GS_ROOT=${GS_ROOT:-${SLURM_SUBMIT_DIR:-$PWD}}
  gs_early_chain_log "$@"
  [[ -f $GS_ROOT/slurm/lib/job.sh ]] || gs_die "GS_ROOT=$GS_ROOT is not the project checkout (set GS_ROOT or submit from it)"
  local site=${GS_SITE:-generic-$kind}
  local site_file=$site
  [[ $site == */* || $site == *.env ]] || site_file=$GS_ROOT/slurm/site/$site.env
  [[ -f $site_file ]] || gs_die "site file $site_file not found (slurm/site/*.env)"
  # shellcheck disable=SC1090
  source "$site_file"
  if [[ -n ${GS_MODULES:-} ]]; then
    command -v module >/dev/null 2>&1 ||
      gs_die "GS_MODULES is set in $site_file but there is no 'module' command on ${HOSTNAME:-this node}$(gs_chain '; chain stopped')"
    # Slurm's TERM kills what the load runs (rerun when it died of a signal);
    # the shell's own TERM can come a moment later than its children's, so a
    # load that failed otherwise is retried when Slurm says the job is ending.
    # shellcheck disable=SC2086
    gs_retry module load $GS_MODULES || { gs_job_ending && module load $GS_MODULES; } ||
      gs_die "module load $GS_MODULES failed$(gs_chain '; chain stopped')"
  fi
  GS_BIN=${GS_BIN:-$(source "$GS_ROOT/slurm/lib/locate.sh" && gs_default_bin "$GS_ROOT")}
  [[ -x $GS_BIN ]] || gs_die "$GS_BIN is not an executable (build the project, or set GS_BIN)$(gs_chain '; chain stopped')"
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

# Whether Slurm is requeuing this job (scontrol requeue, preemption, a node
# failure with --requeue): it then runs the batch script again from the top,
# same job id, SLURM_RESTART_COUNT one higher. Its TERM looks like scancel's
# (JobState is COMPLETING in both cases when the TERM comes); only the job's
# Restarts count, which Slurm raises before it sends the TERM, tells them
# apart. Asked once, after a TERM, and kept.
gs_requeued() {
  [[ ${GS_GOT_TERM:-0} == 1 && -n ${SLURM_JOB_ID:-} ]] || return 1
  if [[ -z ${GS_RESTARTS_NOW:-} ]]; then
    local info=""
    gs_helper info timeout 10 scontrol show job "$SLURM_JOB_ID" -o 2>/dev/null
    GS_RESTARTS_NOW=unknown
    [[ $info =~ (^|[[:space:]])Restarts=([0-9]+) ]] && GS_RESTARTS_NOW=${BASH_REMATCH[2]}
  fi
  [[ $GS_RESTARTS_NOW != unknown ]] && ((GS_RESTARTS_NOW > ${SLURM_RESTART_COUNT:-0}))
}

# Whether Slurm is ending this job although its TERM has not reached this
# shell yet: scancel just before the run's step starts makes srun fail at
# once ("Slurm job N has expired"), before the batch shell's TERM arrives,
# and the link would call that a failed run. Slurm marks the job CANCELLED
# before srun is refused, so its state says so at once (no waiting on real
# failures); a CANCELLED job counts as the TERM.
gs_job_ending() {
  [[ ${GS_GOT_TERM:-0} == 1 ]] && return 0
  [[ -n ${SLURM_JOB_ID:-} ]] || return 1
  local info="" _
  # Asked a few times over about a second: on a busy node srun can give up on a
  # step that scancel aborted as it launched ("aborted before step completely
  # launched", exit 0) before Slurm shows the job CANCELLED (it may show
  # COMPLETING, which a job whose batch script still runs is only when Slurm
  # ends it) and before the batch shell's TERM comes.
  for _ in 1 2 3 4; do
    gs_helper info timeout 10 scontrol show job "$SLURM_JOB_ID" -o 2>/dev/null
    if [[ $info =~ (^|[[:space:]])JobState=(CANCELLED|COMPLETING)([[:space:]]|$) ]]; then
      GS_GOT_TERM=1
      return 0
    fi
    sleep 0.3
    [[ ${GS_GOT_TERM:-0} == 1 ]] && return 0
  done
  return 1
}

# Whether the TERM is Slurm's at the time limit (not a cancellation). Slurm
# says so itself: while it ends a job at its limit the job's Reason is
# TimeLimit (a cancelled job's is not), and such a TERM never comes before
# StartTime + TimeLimit (a TERM long before that is a cancellation, even one
# right after the time-limit signal: the signal comes --signal-margin seconds,
# up to half a minute more, before the limit). Asked once, after a TERM, and
# kept; without an answer from Slurm, a TERM after the time-limit signal is
# taken as the limit.
gs_term_is_limit() {
  [[ ${GS_GOT_TERM:-0} == 1 && -n ${SLURM_JOB_ID:-} ]] || return 1
  if [[ -z ${GS_TERM_LIMIT:-} ]]; then
    local info="" start="" limit="" t0 secs
    gs_helper info timeout 10 scontrol show job "$SLURM_JOB_ID" -o 2>/dev/null
    GS_TERM_LIMIT=unknown
    if [[ $info =~ (^|[[:space:]])Reason=TimeLimit([[:space:]]|$) ]]; then
      GS_TERM_LIMIT=yes
    elif [[ $info =~ (^|[[:space:]])StartTime=([0-9T:-]+)([[:space:]]|$) ]] && start=${BASH_REMATCH[2]} &&
      [[ $info =~ (^|[[:space:]])TimeLimit=([0-9:-]+)([[:space:]]|$) ]] && limit=${BASH_REMATCH[2]}; then
      t0=$(date -d "$start" +%s 2>/dev/null) || t0=""
      secs=$(gs_limit_seconds "$limit")
      if [[ -n $t0 && -n $secs ]]; then
        # One second for the clocks' rounding.
        if ((${GS_TERM_AT:-$EPOCHSECONDS} + 1 >= t0 + secs)); then GS_TERM_LIMIT=yes; else GS_TERM_LIMIT=no; fi
      fi
    elif [[ $info =~ (^|[[:space:]])TimeLimit=(UNLIMITED|Partition_Limit)([[:space:]]|$) ]]; then
      GS_TERM_LIMIT=no
    fi
  fi
  case $GS_TERM_LIMIT in
    yes) return 0 ;;
    no) return 1 ;;
    *) [[ ${GS_GOT_USR1:-0} == 1 ]] ;;
  esac
}

# gs_limit_seconds TIME: Slurm's TimeLimit (MM:SS, HH:MM:SS, D-HH:MM:SS) in seconds.
gs_limit_seconds() {
  local t=$1 d=0 h=0 m=0 s=0
  [[ $t =~ ^(([0-9]+)-)?([0-9]+)(:([0-9]+))?(:([0-9]+))?$ ]] || return 0
  d=${BASH_REMATCH[2]:-0}
  if [[ -n ${BASH_REMATCH[7]} ]]; then h=${BASH_REMATCH[3]} m=${BASH_REMATCH[5]} s=${BASH_REMATCH[7]}
  elif [[ -n ${BASH_REMATCH[1]} ]]; then h=${BASH_REMATCH[3]} m=${BASH_REMATCH[5]:-0}
  else m=${BASH_REMATCH[3]} s=${BASH_REMATCH[5]:-0}; fi
  echo $((((10#$d * 24 + 10#$h) * 60 + 10#$m) * 60 + 10#$s))
}

# A cancellation: a TERM that is not the time limit's, and no requeue.
gs_cancelled() {
  [[ ${GS_GOT_TERM:-0} == 1 ]] && ! gs_requeued && ! gs_term_is_limit
}

# A stop request, from the time-limit signal (USR1, --signal=B:USR1@T, or
# `scancel --batch --signal=USR1`), a cancellation (TERM without a USR1
# before it: scancel sends SIGTERM to the batch shell and to every rank) or a
# requeue (TERM too). The run is asked through its stop file, not a signal: a
# file cannot arrive too early, while a signal before the program installed
# its handler would kill it.
gs_on_signal() {
  interrupted=1
  [[ -n ${GS_STOP_FILE:-} ]] && : >"$GS_STOP_FILE"
  if [[ $1 == USR1 ]]; then
    GS_GOT_USR1=1
    gs_log "got SIGUSR1 (time limit near): asking the run to checkpoint and stop"
  else
    GS_GOT_TERM=1
    GS_TERM_AT=${GS_TERM_AT:-$EPOCHSECONDS}
    gs_log_term
  fi
  return 0
}

# The log's line for Slurm's TERM: a requeue, the time limit or a cancellation
# (once; also when the TERM came only after the run had ended).
gs_log_term() {
  GS_TERM_LOGGED=1
  if gs_requeued; then
    gs_log "got SIGTERM: Slurm requeues the job (restart $GS_RESTARTS_NOW); the run checkpoints, and the rerun resumes from it"
  elif gs_term_is_limit; then
    gs_log "got SIGTERM at the time limit: the run checkpoints if it can"
  else
    gs_log "got SIGTERM before the time limit: the job is cancelled; the run checkpoints if it can$(gs_chain ', the chain ends')"
  fi
}

# Whether a run of INPUT with these overrides has in-situ output (a
# non-empty insitu.script, the last override winning over the file).
gs_has_insitu_once() {
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
gs_has_insitu() {
  local _unused
  gs_helper _unused gs_has_insitu_once "$@"
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
    gs_log "WARNING: in-situ run, no DISPLAY and no xvfb-run on ${HOSTNAME:-this node}: install xvfb and xauth, or set DISPLAY"
  fi
  return 0
}

# The step of the newest checkpoint in OUTPUT_DIR/checkpoints ("" if none):
# what restart=latest resumes from.
gs_latest_step() {
  local name=""
  [[ -f $1/checkpoints/latest ]] && read -r name <"$1/checkpoints/latest"
  [[ $name =~ ^ckpt_0*([0-9]+)\.h5$ ]] && echo "${BASH_REMATCH[1]}"
  return 0
}

# gs_last_error LOG OFFSET: the last "grayscott: error" line of LOG after byte OFFSET.
gs_last_error() { tail -c +$(($2 + 1)) "$1" | grep -a "grayscott: error" | tail -n 1; }
# gs_launcher_error LOG OFFSET: the last error line of someone else after
# byte OFFSET: the launcher's conclusion ("srun: error: Invalid MPI type
# 'pmi3', --mpi=list for acceptable types" after the lines that led to it;
# "slurmstepd: error: execve(): BIN: Permission denied"); else the last line
# that is neither the program's nor this script's.
gs_launcher_error() {
  local lines err
  lines=$(tail -c +$(($2 + 1)) "$1" | grep -a -v -e '^\[grayscott-job ' -e '^grayscott: ' -e '^step ' -e '^[[:space:]]*$')
  # srun's closing lines repeat only the exit code or that it ends the step.
  err=$(grep -a -i -e 'error' -e 'invalid' -e 'not found' -e 'cannot' -e 'denied' <<<"$lines" |
    grep -a -v -e 'Exited with exit code' -e '_step_signal' -e 'Terminating StepId' -e 'forcing job termination' \
      -e 'Job step aborted' | tail -n 1)
  [[ -n $err ]] || err=$(tail -n 1 <<<"$lines")
  printf '%s\n' "$err"
}

# The program's own reason for a failure: its last "grayscott: error" line in
# the job's log since the launch (the log is the file the job's stderr goes
# to), else the error that summary.json holds; "" if neither says anything.
gs_run_error() {
  local log=$1 offset=$2 summary=$3 line=""
  if [[ -n $log && -f $log ]]; then
    gs_helper line gs_last_error "$log" "$offset"
    line=${line#*grayscott: error}
    line=${line#*: }
  fi
  if [[ -z $line && -n $summary && -f $summary ]]; then
    gs_helper line /usr/bin/python3 "$GS_ROOT/slurm/lib/summary_field.py" "$summary" error
    [[ $line == - ]] && line=""
  fi
  # No word from the program: the launcher's own reason (it may not have started the program).
  if [[ -z $line && -n $log && -f $log ]]; then
    gs_helper line gs_launcher_error "$log" "$offset"
    [[ -n $line ]] && line="the launcher (${GS_LAUNCHER%% *}) said: $line"
  fi
  line=${line//[[:cntrl:]]/ }
  ((${#line} > 400)) && line="${line:0:397}..."
  printf '%s' "$line"
}

# gs_run_chain INPUT [key=value ...]: runs the link and exits with the job's code.
gs_run_chain() {
  (($# >= 1)) || gs_die "usage: sbatch [options] JOBSCRIPT INPUT.toml [key=value ...]" 2
  local input=$1
  shift
  local user_args=("$@")
  [[ -f $input ]] || gs_die "input file $input not found (relative paths are taken from $PWD)$(gs_chain '; chain stopped')" 2
  if [[ -n ${GS_SWEEP_FILE:-} && -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    local line
    gs_helper line sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" "$GS_SWEEP_FILE"
    [[ -n $line ]] || gs_die "$GS_SWEEP_FILE has no line for array task $SLURM_ARRAY_TASK_ID"
    # shellcheck disable=SC2206
    user_args+=($line)
  fi
  # shellcheck disable=SC2206
  local args=("${user_args[@]}" ${GS_EXTRA_OVERRIDES:-})
  local outdir=""
  gs_helper outdir /usr/bin/python3 "$GS_ROOT/slurm/lib/output_dir.py" "$input" "${args[@]}" || gs_die "cannot tell output.dir$(gs_chain '; chain stopped')" 2
  gs_retry mkdir -p "$outdir" || gs_die "cannot create output.dir $outdir$(gs_chain '; chain stopped')"
  GS_CHAIN_LOG=$outdir/chain.log
  if [[ -n ${SLURM_ARRAY_JOB_ID:-} && -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    # One log per sweep member, in its own folder, named by array and task id.
    local log=$outdir/slurm-${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}.out
    gs_log "array task $SLURM_ARRAY_TASK_ID: the log continues in $log"
    exec >>"$log" 2>&1
  fi
  local index=${GS_CHAIN_INDEX:-0} prev=${GS_CHAIN_PREV_STEP:--1} restarts=${SLURM_RESTART_COUNT:-0}
  ((restarts > 0)) && gs_log "Slurm requeued this job: attempt $((restarts + 1)) (SLURM_RESTART_COUNT=$restarts)"
  [[ -e $outdir/STOP ]] && gs_end "$GS_EXIT_ENDED" "$outdir/STOP exists (slurm/cancel.sh): link not run$(gs_chain ', chain ended')"
  local restart=() a given=0
  for a in "${args[@]}"; do [[ $a == restart=* ]] && given=1; done
  ((index > 0 && !given)) && restart=(restart=latest)
  if ((restarts > 0)); then
    # A rerun after a requeue: the first attempt's checkpoints are this run's,
    # and the newest one is where it stopped (restart=latest, last, wins over a
    # restart= of the submission, which is older).
    local from=""
    gs_helper from gs_latest_step "$outdir"
    if [[ -n $from ]]; then
      restart=(restart=latest)
      gs_note "requeued by Slurm (restart $restarts): resuming from step $from"
    else
      gs_note "requeued by Slurm (restart $restarts): no checkpoint yet, starting as submitted"
    fi
  fi
  local launch=()
  gs_launch_cmd launch
  gs_display_wrapper "$input" "${args[@]}"
  # A request that came while the job set up (the first traps kept it): a
  # cancellation or requeue ends the job here, before the run starts; a
  # time-limit signal goes on as a stop file, honoured at the first step.
  if gs_requeued; then
    gs_log "requeued by Slurm before the run started: Slurm runs this job again"
    gs_final_note "requeued by Slurm before the run started (restart $GS_RESTARTS_NOW)"
    exit "$GS_EXIT_STOPPED"
  fi
  gs_cancelled && gs_end "$GS_EXIT_ENDED" "cancelled before the run started$(gs_chain ': chain ended')"
  [[ ${GS_GOT_TERM:-0} == 1 ]] &&
    gs_die "the time limit came before the run started (the job's set-up took its whole time)$(gs_chain '; chain stopped')"
  local summary=$outdir/summary.json stamp=$outdir/.job-${SLURM_JOB_ID:-$$}.start
  export GS_STOP_FILE=$outdir/.stop-${SLURM_JOB_ID:-$$}
  gs_retry rm -f "$GS_STOP_FILE"
  gs_retry touch "$stamp"
  # Where the program's error lines go: the job's log (what stderr is), read
  # from this offset on after the run (a requeued job's log holds earlier attempts).
  local errlog="" erroff=0
  gs_helper errlog readlink -f /proc/$$/fd/2 || errlog=""
  [[ -f $errlog ]] && { gs_helper erroff stat -c %s "$errlog" || erroff=0; }
  local cmd=("${launch[@]}")
  # shellcheck disable=SC2206
  [[ -n ${GS_BIN_WRAPPER:-} ]] && cmd+=($GS_BIN_WRAPPER)
  cmd+=("$GS_BIN" "$input" "${args[@]}" "${restart[@]}")
  # Quoted, so the line can be pasted into a shell as it is.
  local shown
  shown=$(printf '%q ' "${cmd[@]}")
  if [[ ${GS_CHAIN:-0} == 1 ]]; then gs_log "link $index of the chain: ${shown% }"; else gs_log "launch: ${shown% }"; fi
  gs_note "started on ${SLURM_JOB_NODELIST:-${HOSTNAME:-localhost}}"

  # Slurm kills every process of the job KillWait seconds after its TERM
  # (30 s by default): read once, so the wait below can leave this script the
  # time to write how the link ended.
  local kill_wait=30 config=""
  if [[ -n ${SLURM_JOB_ID:-} ]] && gs_helper config scontrol show config 2>/dev/null &&
    [[ $config =~ (^|$'\n')KillWait[[:space:]]*=[[:space:]]*([0-9]+) ]]; then
    kill_wait=${BASH_REMATCH[2]}
  fi
  # rc_shown: the exit code as chain.log gives it; "not awaited (...)" when
  # the script stopped waiting for the run before it ended (a code of its own
  # would read as the launcher's).
  local pid rc rc_shown="" interrupted=0
  # bash runs a trap only between commands, hence the background launch + wait.
  trap 'gs_on_signal USR1' USR1
  trap 'GS_TERM_AT=${GS_TERM_AT:-$EPOCHSECONDS}; gs_on_signal TERM' TERM
  # Requests that came since the check above (the job scripts' first trap kept them).
  [[ ${GS_GOT_USR1:-0} == 1 ]] && gs_on_signal USR1
  [[ ${GS_GOT_TERM:-0} == 1 ]] && gs_on_signal TERM
  "${cmd[@]}" &
  pid=$!
  while :; do
    interrupted=0
    wait "$pid"
    rc=$?
    ((interrupted)) || break
    # After a TERM the run checkpoints and ends, or (a launcher waiting for
    # ranks the TERM caught in their start-up) never ends: wait for it only
    # until 2 s before Slurm's SIGKILL, which would take this script with it.
    if [[ ${GS_GOT_TERM:-0} == 1 ]]; then
      local deadline=$((${GS_TERM_AT:-$EPOCHSECONDS} + (kill_wait > 3 ? kill_wait - 2 : 1)))
      while kill -0 "$pid" 2>/dev/null && ((EPOCHSECONDS < deadline)); do sleep 0.2; done
      if kill -0 "$pid" 2>/dev/null; then
        # The run may well have checkpointed and written summary.json (a slow
        # exit on a busy node: MPI_Finalize, the launcher's teardown); its
        # exit code is not known, and chain.log says so rather than give one.
        local waited=$((EPOCHSECONDS - ${GS_TERM_AT:-$EPOCHSECONDS}))
        gs_log "the run has not ended $waited s after SIGTERM; Slurm ends it at KillWait ($kill_wait s)"
        rc=143
        rc_shown="not awaited (the run had not ended $waited s after SIGTERM; Slurm ends it at KillWait, $kill_wait s)"
        break
      fi
    fi
    # wait returned for the trap: the run goes on, or has just ended (wait again for its status).
    kill -0 "$pid" 2>/dev/null && continue
    wait "$pid" 2>/dev/null && rc=0 || { a=$?; ((a != 127)) && rc=$a; }
    break
  done
  # From here on a signal is only noted: the chain decision must not be cut short.
  trap 'GS_GOT_USR1=1' USR1
  trap 'GS_GOT_TERM=1 GS_TERM_AT=${GS_TERM_AT:-$EPOCHSECONDS}' TERM
  rm -f "$GS_STOP_FILE"
  local requeued=0 cancelled=0
  # A run that ended without a summary may have been cut off by a
  # cancellation or requeue whose TERM is still on its way here.
  [[ -f $summary && $summary -nt $stamp ]] || gs_job_ending
  if gs_requeued; then requeued=1; elif gs_cancelled; then cancelled=1; fi
  [[ ${GS_GOT_TERM:-0} == 1 && -z ${GS_TERM_LOGGED:-} ]] && gs_log_term
  if [[ ! -f $summary || ! $summary -nt $stamp ]]; then
    rm -f "$stamp"
    if ((requeued)); then
      gs_final_note "requeued by Slurm (restart $GS_RESTARTS_NOW) before the run wrote summary.json (exit code $rc): Slurm runs this job again"
      exit "$GS_EXIT_STOPPED"
    fi
    # The TERM reached the ranks before the program could checkpoint (it was
    # starting up), or reached the launcher before it started them.
    ((cancelled)) && gs_end "$GS_EXIT_ENDED" "cancelled as the run started, before it could checkpoint (exit code ${rc_shown:-$rc})$(gs_chain ': chain ended')"
    local why
    why=$(gs_run_error "$errlog" "$erroff" "")
    gs_die "the run failed (exit code ${rc_shown:-$rc}): ${why:-it wrote no summary.json and no error line}$(gs_chain '; chain stopped')" "$((rc ? rc : 1))"
  fi
  rm -f "$stamp"
  local status steps
  { read -r status; read -r steps; } < <(/usr/bin/python3 "$GS_ROOT/slurm/lib/summary_field.py" "$summary" status steps)
  # A code from a signal after the run wrote its summary is the launcher's (or
  # a wrapper's) own end on Slurm's TERM, not the program's: said so.
  [[ -z $rc_shown ]] && ((rc > 128 && rc < 160)) &&
    rc_shown="$rc (${launch[0]##*/} ended by signal $((rc - 128)) after the run wrote summary.json)"
  gs_note "exit ${rc_shown:-$rc}, status $status, step $steps"
  case $status in
    ok | done)
      gs_log "run complete: step $steps, $summary"
      GS_END_NOTED=1
      exit 0 ;;
    stopped)
      if ((requeued)); then
        # Slurm runs this job again from the top; a resubmission too would put two runs in the folder.
        gs_log "requeued by Slurm at step $steps with a checkpoint: Slurm runs this job again, which resumes from it"
        gs_final_note "requeued by Slurm (restart $GS_RESTARTS_NOW) at step $steps with a checkpoint: Slurm runs this job again"
        exit "$GS_EXIT_STOPPED"
      fi
      ((cancelled)) && gs_end "$GS_EXIT_ENDED" "cancelled at step $steps with a checkpoint$(gs_chain ': chain ended') (continue with restart=latest)"
      [[ -e $outdir/STOP ]] && gs_end "$GS_EXIT_ENDED" "stopped at step $steps with a checkpoint; $outdir/STOP exists$(gs_chain ': chain ended')"
      if [[ ${GS_CHAIN:-0} != 1 ]]; then
        gs_log "run stopped at step $steps with a checkpoint; continue with restart=latest"
        gs_final_note "stopped at step $steps with a checkpoint; continue with restart=latest"
        exit "$GS_EXIT_STOPPED"
      fi
      ((steps > prev)) || gs_die "no progress: the run stopped at step $steps, as the previous link did; chain stopped"
      # (GS_CHAIN_MAX is submit.sh's --max-chain: the message names the option the user gave.)
      local max=${GS_CHAIN_MAX:-20} links=links
      ((max == 1)) && links=link
      ((index + 1 < max)) ||
        gs_die "chain limit reached: $max $links (slurm/submit.sh --max-chain $max), stopped at step $steps with a checkpoint; chain stopped (continue with restart=latest)"
      gs_resubmit "$steps" "$((index + 1))" "$input" "${user_args[@]}"
      exit "$GS_EXIT_STOPPED" ;;
    *)
      local why
      why=$(gs_run_error "$errlog" "$erroff" "$summary")
      gs_die "the run ended with status '$status' at step $steps (exit code ${rc_shown:-$rc})${why:+: $why}$(gs_chain '; chain stopped')" "$((rc ? rc : 1))" ;;
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
  # sbatch's own message (stderr) goes into the error line when it refuses.
  out=$(env "${unset_env[@]}" GS_CHAIN_INDEX="$index" GS_CHAIN_PREV_STEP="$steps" GS_SWEEP_FILE= GS_GOT_USR1= GS_GOT_TERM= \
    sbatch --parsable "${sb[@]}" --job-name="${GS_JOB_NAME:-grayscott}-link$index" \
    ${SLURM_JOB_ID:+--dependency=afterany:$SLURM_JOB_ID} "$GS_JOB_SCRIPT" "$@" 2>&1) ||
    gs_die "resubmission failed: ${out//$'\n'/ }"
  # The job id is the line --parsable prints; warnings may come before it.
  [[ $out =~ (^|$'\n')([0-9]+)(;[^$'\n']*)?($'\n'|$) ]] || gs_die "resubmission printed no job id: ${out//$'\n'/ }"
  out=${BASH_REMATCH[2]}
  # A requeue or cancellation that came while the next link was being submitted:
  # the new link goes (a requeued job runs again itself; a cancelled chain ends).
  if gs_requeued; then
    scancel "${out%%;*}" 2>/dev/null || true
    gs_final_note "requeued by Slurm (restart $GS_RESTARTS_NOW) while resubmitting at step $steps: job ${out%%;*} cancelled, Slurm runs this job again"
    exit "$GS_EXIT_STOPPED"
  fi
  if gs_cancelled; then
    scancel "${out%%;*}" 2>/dev/null || true
    gs_end "$GS_EXIT_ENDED" "cancelled while resubmitting at step $steps: job ${out%%;*} cancelled, chain ended"
  fi
  gs_log "stopped at step $steps: resubmitted as job ${out%%;*} (link $index) with restart=latest"
  gs_final_note "resubmitted as ${out%%;*}"
}
