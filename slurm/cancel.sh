#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
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
Prints the jobs it cancelled and writes what it did into OUTPUT_DIR/chain.log.
Exit 0; 1 when scancel failed; 2 when OUTPUT_DIR holds no chain (no chain.log).
USAGE
}
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/slurm/lib/args.sh"
keep=0 dry=0
while (($#)); do
  case $1 in
    --keep-running) keep=1; shift ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
(($# == 1)) || args_fail "give exactly one OUTPUT_DIR (see --help)"
dir=$1
[[ -f $dir/chain.log ]] || args_refuse OUTPUT_DIR "$dir" "the output.dir of a chain submitted with slurm/submit.sh (it holds chain.log)"
# Every job the chain log names: links that started, the head and each resubmission.
mapfile -t ids < <(args_chain_jobs "$dir")
if ((dry)); then
  echo "touch $(printf %q "$dir/STOP")"
  ((${#ids[@]})) && echo "scancel $([[ $keep == 1 ]] && echo '--state=PENDING ')$(IFS=' '; echo "${ids[*]}")"
  exit 0
fi
: >"$dir/STOP"
echo "wrote $dir/STOP: no link of this chain runs or resubmits while it exists"
alive=() kept=()
for id in "${ids[@]}"; do
  state=$(squeue -h -j "$id" -o %T 2>/dev/null | head -1 || true)
  [[ -z $state ]] && continue
  [[ $keep == 1 && $state != PENDING ]] && { echo "job $id is $state: left to run; it will not resubmit"; kept+=("$id"); continue; }
  alive+=("$id")
done
# What was done goes into chain.log too, so the chain's history says who stopped it.
# (Not starting with "job ": this file's own search for job ids skips the line.)
did="wrote STOP" rc=0
((${#kept[@]})) && did+="; left job ${kept[*]} running (it ends the chain at its next stop)"
if ((${#alive[@]})); then
  scancel "${alive[@]}" || rc=$?
  if ((rc)); then
    did+="; scancel ${alive[*]} failed (exit $rc)"
    echo "scancel ${alive[*]} failed (exit $rc)" >&2
  else
    did+="; cancelled job(s) ${alive[*]}"
    echo "cancelled jobs ${alive[*]} (a running link checkpoints if it can; chain.log says where it stopped)"
  fi
elif ((${#kept[@]})); then
  echo "no queued job of this chain to cancel"
else
  did+="; no job of this chain was queued or running"
  echo "no job of this chain to cancel"
fi
printf 'slurm/cancel.sh %(%F %T)T%s: %s\n' -1 "$([[ $keep == 1 ]] && echo ' --keep-running')" "$did" >>"$dir/chain.log"
((rc == 0)) || exit 1
