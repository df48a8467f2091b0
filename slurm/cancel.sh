#!/usr/bin/env bash
# Stop a whole restart chain from outside: write OUTPUT_DIR/STOP (no link runs
# or resubmits while it is there) and cancel the chain's queued and running
# jobs, found in OUTPUT_DIR/chain.log. A cancelled running link checkpoints if
# it can; continue later with slurm/submit.sh ... restart=latest (a new
# submission removes the STOP file).
usage() {
  cat <<'USAGE'
usage: slurm/cancel.sh [options] OUTPUT_DIR
  --keep-running   let the running link go on to its time limit (or the end): it then
                   checkpoints and does not resubmit; only pending links are cancelled
  --dry-run        print the commands instead of running them
Prints the jobs it cancelled. Exit 0, or 2 when OUTPUT_DIR holds no chain (no chain.log).
USAGE
}
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/slurm/lib/args.sh"
keep=0 dry=0
while (($#)); do
  case $1 in
    --keep-running) keep=1; shift ;;
    --dry-run) dry=1; shift ;;
    -h | --help) usage; exit 0 ;;
    --) shift; break ;;
    -*) args_fail "unknown option $(args_show "$1") (see --help)" ;;
    *) break ;;
  esac
done
(($# == 1)) || args_fail "give exactly one OUTPUT_DIR (see --help)"
dir=$1
[[ -f $dir/chain.log ]] || args_refuse OUTPUT_DIR "$dir" "the output.dir of a chain submitted with slurm/submit.sh (it holds chain.log)"
# Every job the chain log names: links that started, the head and each resubmission.
mapfile -t ids < <(grep -oE '^job [0-9_]+ |resubmitted as [0-9_]+' "$dir/chain.log" | grep -oE '[0-9_]+' | sort -u)
if ((dry)); then
  echo "touch $(printf %q "$dir/STOP")"
  ((${#ids[@]})) && echo "scancel $([[ $keep == 1 ]] && echo '--state=PENDING ')$(IFS=' '; echo "${ids[*]}")"
  exit 0
fi
: >"$dir/STOP"
echo "wrote $dir/STOP: no link of this chain runs or resubmits while it exists"
alive=()
for id in "${ids[@]}"; do
  state=$(squeue -h -j "$id" -o %T 2>/dev/null | head -1 || true)
  [[ -z $state ]] && continue
  [[ $keep == 1 && $state != PENDING ]] && { echo "job $id is $state: left to run; it will not resubmit"; continue; }
  alive+=("$id")
done
if ((${#alive[@]})); then
  scancel "${alive[@]}"
  echo "cancelled jobs ${alive[*]} (a running link checkpoints if it can; chain.log says where it stopped)"
else
  echo "no job of this chain to cancel"
fi
