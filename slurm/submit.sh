#!/usr/bin/env bash
# Submit one grayscott run (or a restart chain) with the site's settings.
usage() {
  cat <<'USAGE'
usage: slurm/submit.sh [options] INPUT.toml [key=value ...]
  --site NAME|FILE       site settings: slurm/site/NAME.env (default: generic-cpu, or generic-gpu with --gpu)
  --gpu                  slurm/gpu.sbatch: one rank per GPU (GS_GPUS_PER_NODE of the site)
  --nodes N              nodes (default 1)
  --ranks-per-node R     MPI ranks per node (default 4; GPU job: GS_GPUS_PER_NODE, one rank per GPU)
  --threads T            threads (cores) per rank (default 1; GPU job: gpu.sbatch's --cpus-per-task)
  --time HH:MM:SS        time limit (default 01:00:00)
  --chain                restart chain: checkpoint on the time-limit signal, resubmit with
                         restart=latest until done; stop on failure or no progress
  --max-chain N          most jobs in a chain (default 20)
  --signal-margin S      seconds before the limit at which the job asks the run to stop (default 120)
  --name NAME            job name (default grayscott)
  --dependency SPEC      passed to sbatch --dependency (with --kill-on-invalid-dep=yes)
  --sbatch "OPTIONS"     more sbatch options
  --dry-run              print the sbatch command instead of running it
Prints the job id. Job output: OUTPUT_DIR/slurm-JOBID.out; chain history: OUTPUT_DIR/chain.log.
USAGE
}
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rpn_given=0 threads_given=0 site="" gpu=0 nodes=1 rpn=4 threads=1 time=01:00:00 chain=0 max_chain=20 margin=120 name=grayscott dep="" extra="" dry=0
while (($#)); do
  case $1 in
    --site) site=$2; shift 2 ;;
    --gpu) gpu=1; shift ;;
    --nodes) nodes=$2; shift 2 ;;
    --ranks-per-node) rpn=$2; rpn_given=1; shift 2 ;;
    --threads) threads=$2; threads_given=1; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --chain) chain=1; shift ;;
    --max-chain) max_chain=$2; shift 2 ;;
    --signal-margin) margin=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --dependency) dep=$2; shift 2 ;;
    --sbatch) extra=$2; shift 2 ;;
    --dry-run) dry=1; shift ;;
    -h | --help) usage; exit 0 ;;
    --*) echo "submit.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# >= 1)) || { usage >&2; exit 2; }
input=$1
shift
[[ -f $input ]] || { echo "submit.sh: input file $input not found" >&2; exit 2; }
for v in "$nodes" "$rpn" "$threads" "$max_chain" "$margin"; do
  [[ $v =~ ^[0-9]+$ && $v -gt 0 ]] || { echo "submit.sh: '$v' is not a positive integer" >&2; exit 2; }
done
kind=cpu
((gpu)) && kind=gpu
site=${site:-generic-$kind}
site_file=$site
[[ $site == */* || $site == *.env ]] || site_file=$root/slurm/site/$site.env
[[ -f $site_file ]] || { echo "submit.sh: site file $site_file not found (slurm/site/*.env)" >&2; exit 2; }
site_file=$(cd "$(dirname "$site_file")" && pwd)/$(basename "$site_file")
# shellcheck disable=SC1090
source "$site_file"

sb=(--job-name="$name" --nodes="$nodes" --time="$time" --signal="B:USR1@$margin")
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
# shellcheck disable=SC2206
[[ -n ${GS_SBATCH_EXTRA:-} ]] && sb+=($GS_SBATCH_EXTRA)
# shellcheck disable=SC2206
[[ -n $extra ]] && sb+=($extra)
outdir=$(/usr/bin/python3 "$root/slurm/lib/output_dir.py" "$input" "$@") || exit 2
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
sb+=(--output="$outdir/slurm-%j.out")
script=$root/slurm/$kind.sbatch
# What a resubmitted link needs: the same options (without the dependency).
sbatch_args=$(printf '%q ' "${sb[@]}")
[[ -n $dep ]] && sb+=(--dependency="$dep" --kill-on-invalid-dep=yes)
if ((dry)); then
  echo "GS_ROOT=$root GS_SITE=$site_file GS_CHAIN=$chain sbatch --parsable ${sb[*]} $script $input $*"
  exit 0
fi
export GS_ROOT=$root GS_SITE=$site_file GS_CHAIN=$chain GS_CHAIN_MAX=$max_chain GS_JOB_SCRIPT=$script
export GS_SBATCH_ARGS=$sbatch_args GS_CHAIN_INDEX=0 GS_CHAIN_PREV_STEP=-1
out=$(sbatch --parsable "${sb[@]}" "$script" "$input" "$@") || { echo "submit.sh: sbatch failed: $out" >&2; exit 1; }
echo "${out%%;*}"
