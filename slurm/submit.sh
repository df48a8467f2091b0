#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Submit one grayscott run (or a restart chain) with the site's settings.
# Every argument is checked first; then one sbatch call (or, with --dry-run,
# that call printed as a command line that runs as printed).
usage() {
  cat <<'USAGE'
usage: slurm/submit.sh [options] INPUT.toml [key=value ...]
  --site NAME|FILE       site settings: slurm/site/NAME.env (default: $GS_SITE when set, else generic-cpu,
                         or generic-gpu with --gpu)
  --gpu                  slurm/gpu.sbatch: one rank per GPU (GS_GPUS_PER_NODE of the site)
  --nodes N              nodes (default 1)
  --ranks-per-node R     MPI ranks per node (default 4; GPU job: GS_GPUS_PER_NODE, one rank per GPU)
  --threads T            threads (cores) per rank (default 1; GPU job: gpu.sbatch's --cpus-per-task)
  --time TIME            time limit, as sbatch takes it (default 01:00:00)
  --chain                restart chain: checkpoint on the time-limit signal, resubmit with
                         restart=latest until done; stop on failure, no progress, scancel or a STOP file
  --max-chain N          most jobs in a chain (default 20)
  --signal-margin S      seconds before the limit at which the job asks the run to stop
                         (default 120, or half the limit when that is shorter; less than the limit)
  --name NAME            job name (default grayscott; chain links: NAME-link0, NAME-link1, ...)
  --dependency SPEC      passed to sbatch --dependency (with --kill-on-invalid-dep=yes)
  --sbatch "OPTIONS"     more sbatch options (no --array: a sweep is slurm/sweep.sh)
  --dry-run              print the command (mkdir and sbatch, with every variable) instead of running it
Prints the job id. Job output: OUTPUT_DIR/slurm-JOBID.out (job arrays: slurm-ARRAYID_TASK.out);
chain history: OUTPUT_DIR/chain.log; stop a chain: slurm/cancel.sh OUTPUT_DIR.
Job exit codes: 0 done, 1 failed, 2 bad input, 3 stopped with a checkpoint (unfinished),
4 stopped and the chain ended on request (docs/cluster.md).
USAGE
}
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/slurm/lib/args.sh"
rpn_given=0 threads_given=0 site="" gpu=0 nodes=1 rpn=4 threads=1 time=01:00:00 chain=0 max_chain=20 margin=120
name=grayscott dep="" extra="" dry=0 margin_given=0
while (($#)); do
  case $1 in
    --site) args_need "$1" $#; site=$2; shift 2 ;;
    --gpu) gpu=1; shift ;;
    --nodes) args_need "$1" $#; nodes=$2; shift 2 ;;
    --ranks-per-node) args_need "$1" $#; rpn=$2; rpn_given=1; shift 2 ;;
    --threads) args_need "$1" $#; threads=$2; threads_given=1; shift 2 ;;
    --time) args_need "$1" $#; time=$2; shift 2 ;;
    --chain) chain=1; shift ;;
    --max-chain) args_need "$1" $#; max_chain=$2; shift 2 ;;
    --signal-margin) args_need "$1" $#; margin=$2; margin_given=1; shift 2 ;;
    --name) args_need "$1" $#; name=$2; shift 2 ;;
    --dependency) args_need "$1" $#; dep=$2; shift 2 ;;
    --sbatch) args_need "$1" $#; extra=$2; shift 2 ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
(($# >= 1)) || args_fail "no INPUT.toml given (see --help)"
input=$1
shift
args_input "$input"
args_overrides "$@"
nodes=$(args_int --nodes "$nodes" 1 100000)
rpn=$(args_int --ranks-per-node "$rpn" 1 100000)
threads=$(args_int --threads "$threads" 1 10000)
max_chain=$(args_int --max-chain "$max_chain" 1 10000)
# Slurm's --signal takes at most 65535 seconds.
margin=$(args_int --signal-margin "$margin" 1 65535)
args_time --time "$time"
# A margin at or above the limit would signal the job as it starts.
limit_s=$(args_seconds "$time")
# The default margin shrinks to half of a short limit; a margin given explicitly must fit.
((margin_given || margin < limit_s)) || margin=$(((limit_s + 1) / 2))
((margin < limit_s || limit_s == 1)) || args_refuse --signal-margin "$margin" "fewer seconds than the time limit --time $time ($limit_s s)"
[[ $name =~ ^[A-Za-z0-9._+-]{1,100}$ ]] || args_refuse --name "$name" "1 to 100 letters, digits and . _ + -"
[[ -z $dep || $dep =~ ^[a-z]+(:[0-9]+([_+][0-9]+)?)*([,?][a-z]+(:[0-9]+([_+][0-9]+)?)*)*$ ]] ||
  args_refuse --dependency "$dep" "an sbatch dependency list such as afterok:123:124 or singleton"
[[ $extra != *[[:cntrl:]]* ]] || args_refuse --sbatch "$extra" "sbatch options without control characters"
kind=cpu
((gpu)) && kind=gpu
# A site the module or the admin set (GS_SITE: a name or an .env file) is the default.
site_file=$(args_site --site "${site:-${GS_SITE:-generic-$kind}}" "$root")
# shellcheck disable=SC1090
source "$site_file"
# shellcheck disable=SC2206
extra_words=(${GS_SBATCH_EXTRA:-} $extra)
for w in "${extra_words[@]}"; do
  [[ $w != --job-name* && $w != -J* && $w != --output* && $w != -o* && $w != --signal* ]] ||
    args_refuse --sbatch "$w" "options other than --job-name, --output and --signal (submit.sh sets them; use --name, --signal-margin)"
done
# A job array of one run would start its tasks in the same folder; sweeps
# (slurm/sweep.sh, which passes GS_SWEEP_FILE) give each task its own overrides.
if [[ -z ${GS_SWEEP_FILE:-} ]]; then
  for w in "${extra_words[@]}"; do
    [[ $w != --array* && $w != -a* ]] ||
      args_refuse --sbatch "$w" "no job arrays here: one run per job (for a parameter sweep use slurm/sweep.sh)"
  done
fi
outdir=$(/usr/bin/python3 "$root/slurm/lib/output_dir.py" "$input" "$@") || exit 2
[[ -n $outdir && $outdir != *[[:cntrl:]]* ]] || args_refuse output.dir "$outdir" "a folder name without control characters"
outdir=$(realpath -m -- "$outdir")
[[ ! -e $outdir || -d $outdir ]] || args_refuse output.dir "$outdir" "a folder (this is a file)"
# A job that chain.log names and Slurm still holds owns the folder (its lock,
# and a STOP file that slurm/cancel.sh --keep-running wrote for it): a second
# job there would fail in the queue, and the submission would remove that STOP.
# Checked here, and again once this submission holds the folder's claim (below).
check_live() {
  local live
  live=$(args_live_job "$outdir")
  [[ -z $live ]] ||
    args_fail "output.dir $(args_path "$outdir") is in use by job ${live% *} (${live#* }, named in its chain.log): wait for it to end, stop it with slurm/cancel.sh $(printf %q "$outdir"), or choose another output.dir"
}
check_live
# The checkpoint restart= names must be there (restart=latest: the file its pointer
# names), unless the job waits for another that may write it.
[[ -n $dep ]] || args_restart "$outdir" "$@"
args_launcher "${GS_LAUNCHER:-srun --mpi=pmix}" "$site_file"
# With --dependency the checkpoint may be written by the job waited for: --check
# sees the run without its restart= (a --check that looks for the file would refuse it).
check_args=("$@")
if [[ -n $dep ]]; then
  check_args=()
  for a in "$@"; do [[ $a == restart=* ]] || check_args+=("$a"); done
fi
[[ -n ${GS_STUDY_CHECKED:-} ]] || args_precheck "$((nodes * (gpu && ${GS_GPUS_PER_NODE:-0} > 0 && !rpn_given ? ${GS_GPUS_PER_NODE:-0} : rpn)))" "$input" ${check_args[@]+"${check_args[@]}"} >/dev/null  # GS_BIN --check

# What every link of a chain is submitted with (the name and dependency are per link).
sb=(--nodes="$nodes" --time="$time" --signal="B:USR1@$margin")
[[ -n ${GS_ACCOUNT:-} ]] && sb+=(--account="$GS_ACCOUNT")
[[ -n ${GS_PARTITION:-} ]] && sb+=(--partition="$GS_PARTITION")
[[ -n ${GS_QOS:-} ]] && sb+=(--qos="$GS_QOS")
if ((gpu)); then
  g=${GS_GPUS_PER_NODE:-0}
  ((rpn_given && g > 0)) && g=$rpn  # fewer GPUs than the node has (scaling series)
  if ((g > 0)); then sb+=(--ntasks-per-node="$g" --gpus-per-node="$g")
  else sb+=(--ntasks-per-node="$rpn"); fi
  ((threads_given)) && sb+=(--cpus-per-task="$threads")
else
  sb+=(--ntasks-per-node="$rpn" --cpus-per-task="$threads")
fi
sb+=("${extra_words[@]}")
# A job array's tasks each get their own log: slurm-ARRAYID_TASK.out (%j would be one file for all).
log=slurm-%j.out
for w in "${extra_words[@]}"; do [[ $w == --array* || $w == -a* ]] && log=slurm-%A_%a.out; done
sb+=(--output="$outdir/$log")
script=$root/slurm/$kind.sbatch
job_name=$name
((chain)) && job_name=$name-link0
envs=(GS_ROOT="$root" GS_SITE="$site_file" GS_CHAIN="$chain" GS_CHAIN_MAX="$max_chain" GS_JOB_SCRIPT="$script"
  GS_SBATCH_ARGS="$(printf '%q ' "${sb[@]}")" GS_JOB_NAME="$name" GS_CHAIN_INDEX=0 GS_CHAIN_PREV_STEP=-1)
# The job writes chain.log here from its first line (a sweep member's folder is its own line's output.dir).
[[ -z ${GS_SWEEP_FILE:-} ]] && envs+=(GS_OUTPUT_DIR="$outdir")
[[ -n ${GS_BIN:-} ]] && envs+=(GS_BIN="$GS_BIN")
[[ -n ${GS_SWEEP_FILE:-} ]] && envs+=(GS_SWEEP_FILE="$GS_SWEEP_FILE")
sb+=(--job-name="$job_name")
[[ -n $dep ]] && sb+=(--dependency="$dep" --kill-on-invalid-dep=yes)
cmd=(env "${envs[@]}" sbatch --parsable "${sb[@]}" "$script" "$input" "$@")
# chain.log's first line. A job that Slurm ends before it starts writes no line
# of its own: with a dependency that can never be met (the job waited for
# failed or was cancelled) Slurm cancels it in the queue, so the line says
# where to look.
# (A sweep's array has no line here: each member's folder is its own.)
submitted="submitted by slurm/submit.sh" link=""
((chain)) && link=" link 0"
[[ -z $link && -z ${GS_SWEEP_FILE:-} ]] && link=" "
[[ -n $dep ]] &&
  submitted+=", waiting for $dep (if that can never be met, Slurm cancels this job before it starts and no further line comes here: see scontrol show job ID, or sacct -j ID)"
# Every job --dependency names must exist: Slurm drops an unknown one and starts
# the job at once, while chain.log would say it waits (and restart=latest would
# read an older checkpoint while the real predecessor still runs). Asked of
# squeue (jobs in the queue, or ended within the cluster's MinJobAge), then
# sacct. Not in a dry run, which only prints what would be submitted.
if [[ -n $dep ]] && ((!dry)); then
  for id in $(grep -oE ':[0-9]+([_+][0-9]+)?' <<<"$dep" | tr -d ':'); do
    [[ -n $(squeue -h -t all -j "${id%%+*}" -o %i 2>/dev/null) ]] ||
      [[ -n $(sacct -n -X -j "${id%%+*}" -o JobID 2>/dev/null) ]] ||
      args_refuse --dependency "$dep" "jobs Slurm knows: job $id is neither queued nor recently ended (squeue -t all -j $id); nothing was submitted"
  done
fi
if ((dry)); then
  # Slurm writes the log into OUTPUT_DIR, so it must exist; a new submission
  # clears a STOP file left by slurm/cancel.sh. The line prints the job id, as a real submission does.
  q=$(printf %q "$outdir")
  note=""
  [[ -n $link ]] && note="echo \"job \$id${link% }: ${submitted//ID/\$id}\" >>$q/chain.log && "
  echo "mkdir -p $q && rm -f $q/STOP && id=\$($(args_print_cmd "${cmd[@]}")) && id=\${id%%;*} && ${note}echo \"\$id\""
  exit 0
fi
# Slurm opens the log in OUTPUT_DIR when the job starts, which can be at once:
# the folder is made first, and removed again (with the parents made for it)
# when sbatch refuses the job, so a failed submission leaves nothing behind.
made="" p=$outdir queued=0 claim=$outdir/.submit-claim claimed=0
while [[ ! -e $p ]]; do made=$p; p=$(dirname "$p"); done
errf=$(mktemp)
# On every way out: the claim released; after a refusal, the folders made for it removed.
release() {
  rm -f "$errf"
  if ((claimed)); then rm -f "$claim/owner"; rmdir "$claim" 2>/dev/null; fi
  if ((!queued)) && [[ -n $made ]]; then
    local p=$outdir
    while :; do rmdir -- "$p" 2>/dev/null || break; [[ $p == "$made" ]] && break; p=$(dirname "$p"); done
  fi
  return 0
}
trap release EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$outdir" || args_fail "cannot create output.dir $(args_path "$outdir")"
# The folder is claimed (mkdir: atomic, also on NFS) from the check that no job
# holds it until the new job is named in its chain.log: two submissions at the
# same moment would otherwise both find it free. The second waits here, then
# is refused naming the first one's job. A claim left by a submission that was
# killed (its process gone on this host) is taken over; one of another host is
# waited for, then named.
for ((i = 0; ; i++)); do
  # (A first submission that sbatch refused removes the new folder again.)
  [[ -d $outdir ]] || mkdir -p "$outdir" || args_fail "cannot create output.dir $(args_path "$outdir")"
  if mkdir "$claim" 2>/dev/null; then
    claimed=1
    echo "${HOSTNAME:-$(hostname)} $$" >"$claim/owner"
    break
  fi
  owner=""
  # (Not there yet while the other one writes it: its redirection's message goes too.)
  { read -r owner <"$claim/owner"; } 2>/dev/null || true
  if [[ $owner == "${HOSTNAME:-$(hostname)} "* ]] && ! kill -0 "${owner##* }" 2>/dev/null && [[ ! -d /proc/${owner##* } ]]; then
    rm -f "$claim/owner"
    rmdir "$claim" 2>/dev/null || true
    continue
  fi
  ((i < 600)) || args_fail "output.dir $(args_path "$outdir") is being submitted into by another slurm/submit.sh (${owner:-pid unknown}) for 60 s; if none runs, remove $(args_path "$claim")"
  sleep 0.1
done
check_live
# A STOP file left by slurm/cancel.sh goes only once the new chain is queued;
# until then it is set aside, and put back if sbatch refuses.
stop_aside=""
if [[ -e $outdir/STOP ]]; then
  stop_aside=$outdir/.STOP.submit-$$
  mv -f "$outdir/STOP" "$stop_aside"
fi
if ! out=$("${cmd[@]}" 2>"$errf"); then
  [[ -n $stop_aside ]] && mv -f "$stop_aside" "$outdir/STOP"
  # sbatch's own words (e.g. "Invalid qos specification"), on one line.
  msg=$(tr '\n' ' ' <"$errf")
  msg=${msg% }
  echo "$args_prog: sbatch refused the job: ${msg:-no message (exit status of sbatch only)}" >&2
  exit 1
fi
queued=1
cat "$errf" >&2  # warnings of a job that was queued
[[ -n $stop_aside ]] && rm -f "$stop_aside"
# slurm/cancel.sh and the next submission find the jobs in the log, one that has not started yet too.
id=${out%%;*}
[[ -n $link ]] && echo "job $id${link% }: ${submitted//ID/$id}" >>"$outdir/chain.log"
echo "$id"
