#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Stop a whole restart chain from outside: write OUTPUT_DIR/STOP (no link runs
# or resubmits while it is there) and cancel the chain's queued and running
# jobs, found in OUTPUT_DIR/chain.log. A cancelled running link checkpoints if
# it can; continue later with slurm/submit.sh ... restart=latest (a new
# submission removes the STOP file).
# Or stop a whole study of slurm/sweep.sh, scaling.sh or convergence.sh (its
# --out folder holds jobs.txt, the job ids it submitted): its collect (montage)
# job is cancelled first, so that it does not start on the members' ends, then
# the member jobs (a sweep's whole array); once they have ended, result.txt
# says the study was cancelled, with each member's state.
usage() {
  cat <<'USAGE'
usage: slurm/cancel.sh [options] OUTPUT_DIR
OUTPUT_DIR: the output.dir of a chain submitted with slurm/submit.sh (it holds chain.log),
or the --out folder of a study of slurm/sweep.sh, scaling.sh or convergence.sh (it holds jobs.txt).
  --keep-running   chains: let the running link go on to its time limit (or the end): it then
                   checkpoints and does not resubmit; only pending links are cancelled
  --wait S         studies: wait up to S seconds (default 120) for the cancelled jobs to end
                   before result.txt is written (a running member checkpoints first); 0: do not wait
  --dry-run        print the commands instead of running them
Prints the jobs it cancelled and writes what it did into OUTPUT_DIR/chain.log (a study:
OUTPUT_DIR/jobs.txt, and OUTPUT_DIR/result.txt when its collect job had not started).
Exit 0; 1 when scancel failed; 2 when OUTPUT_DIR holds no chain and no study.
USAGE
}
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/slurm/lib/args.sh"

# cancel_study: OUTPUT_DIR holds a study's jobs.txt (slurm/lib/study.sh writes it as it submits).
cancel_study() {
  ((keep == 0)) || args_fail "--keep-running is for a restart chain's folder (chain.log); $(args_path "$dir") is a study (jobs.txt), whose jobs are all cancelled: leave out --keep-running"
  local name="" kind id rest members=() member_ids=() collect_ids=() ids=() alive=() left=() state
  declare -A role=()
  while read -r kind id rest; do
    case $kind in
      study) name=$id ;;
      member)
        [[ $id =~ ^[0-9]+(_[0-9]+)?$ && -n $rest ]] || continue
        members+=("$rest")
        member_ids+=("${id%%_*}")
        if [[ $id == *_* ]]; then role[${id%%_*}]="the members' job array"; else role[$id]="member ${rest##*/}"; fi ;;
      collect) [[ $id =~ ^[0-9]+$ ]] && { collect_ids+=("$id"); role[$id]="${rest:-collect} job"; } ;;
    esac
  done <"$dir/jobs.txt"
  [[ -n $name ]] || args_fail "$(args_path "$dir/jobs.txt") names no study (no 'study NAME' line): it was not written by slurm/sweep.sh, scaling.sh or convergence.sh"
  # A job array once (its id cancels every task), collect jobs first: cancelled before the
  # members end, they never start on those ends.
  mapfile -t member_ids < <(printf '%s\n' ${member_ids[@]+"${member_ids[@]}"} | awk 'NF && !seen[$0]++')
  ids=(${collect_ids[@]+"${collect_ids[@]}"} ${member_ids[@]+"${member_ids[@]}"})
  ((${#ids[@]})) || { echo "no job of this study ($name) to cancel ($(args_path "$dir/jobs.txt") names none)"; return 0; }
  if ((dry)); then
    echo "scancel ${ids[*]}"
    return 0
  fi
  # What Slurm still holds, and whether each collect job had started (one that runs writes
  # result.txt itself when cancelled; one still pending never will, so this script does).
  local pending_collect=()
  declare -A live=()
  for id in "${ids[@]}"; do
    state=$(squeue -h -j "$id" -o %T 2>/dev/null | sort -u | tr '\n' ' ' || true)
    [[ -n $state ]] && { live[$id]=${state% }; alive+=("$id"); }
  done
  for id in ${collect_ids[@]+"${collect_ids[@]}"}; do
    [[ ${live[$id]:-} == PENDING ]] && pending_collect+=("$id")
  done
  local did="" rc=0 c m
  if ((${#alive[@]} == 0)); then
    echo "no job of this study ($name) to cancel (none of the jobs in $(args_path "$dir/jobs.txt") is queued or running)"
    printf '# slurm/cancel.sh %(%F %T)T: no job of this study was queued or running\n' -1 >>"$dir/jobs.txt"
    return 0
  fi
  c=() m=()
  for id in "${alive[@]}"; do
    if [[ " ${collect_ids[*]-} " == *" $id "* ]]; then c+=("$id"); else m+=("$id"); fi
  done
  ((${#c[@]} == 0)) || scancel "${c[@]}" || rc=$?
  ((rc || ${#m[@]} == 0)) || scancel "${m[@]}" || rc=$?
  if ((rc)); then
    echo "scancel ${alive[*]} failed (exit $rc)" >&2
    printf '# slurm/cancel.sh %(%F %T)T: scancel %s failed (exit %s)\n' -1 "${alive[*]}" "$rc" >>"$dir/jobs.txt"
    return 1
  fi
  local s sep=""
  did="cancelled job(s)"
  for id in "${alive[@]}"; do
    s=${live[$id],,}
    did+="$sep $id (${role[$id]:-member}, ${s// / and })"
    sep=","
  done
  echo "$did"
  printf '# slurm/cancel.sh %(%F %T)T: %s\n' -1 "$did" >>"$dir/jobs.txt"
  # result.txt: written by a collect job that runs (its TERM handler) or has ended; here
  # when it had not started, or when the study has none (its submission failed).
  ((${#pending_collect[@]} || (${#collect_ids[@]} == 0 && ${#m[@]}))) || return 0
  if ((wait_s > 0)); then
    echo "waiting up to $wait_s s for the cancelled jobs to end (a running member checkpoints first), then writing $(args_path "$dir/result.txt")"
    local t=0
    while :; do
      left=()
      for id in "${alive[@]}"; do [[ -n $(squeue -h -j "$id" -o %i 2>/dev/null || true) ]] && left+=("$id"); done
      ((${#left[@]} == 0 || t >= wait_s * 5)) && break
      sleep 0.2
      t=$((t + 1))
    done
  fi
  local reason when
  printf -v when '%(%F %T)T' -1
  reason="slurm/cancel.sh cancelled this study at $when: ${did#cancelled }"
  ((${#left[@]})) && reason+="; job(s) ${left[*]} had not ended after $wait_s s (the member lines below are as they stood then)"
  ((wait_s == 0)) && reason+=" (not waited for: the member lines below are as they stood then)"
  bash "$root/slurm/lib/collect.sh" --cancelled "$reason" "$dir" "$name" "${members[@]}" >/dev/null &&
    echo "wrote $(args_path "$dir/result.txt"): result cancelled, with each member's state"
}
keep=0 dry=0 wait_s=120
while (($#)); do
  case $1 in
    --keep-running) keep=1; shift ;;
    --wait) args_need "$1" $#; wait_s=$2; shift 2 ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
(($# == 1)) || args_fail "give exactly one OUTPUT_DIR (see --help)"
dir=$1
wait_s=$(args_int --wait "$wait_s" 0 86400)
if [[ ! -f $dir/chain.log && -f $dir/jobs.txt ]]; then
  cancel_study
  exit
fi
if [[ ! -f $dir/chain.log ]]; then
  # A sweep submitted before studies kept jobs.txt: its array id is in the members' chain.log lines.
  if [[ -f $dir/sweep.txt ]]; then
    array=$(cat "$dir"/F*_k*/chain.log 2>/dev/null | sed -n 's/^job \([0-9]*\)_[0-9]*: .*/\1/p' | head -n 1)
    args_fail "OUTPUT_DIR $(args_path "$dir") holds a sweep without jobs.txt (submitted before sweeps recorded their jobs): cancel its ${array:+array $array and its }montage job with scancel (slurm/sweep.sh printed both ids; squeue -n gs-sweep,gs-montage lists them)"
  fi
  args_refuse OUTPUT_DIR "$dir" "the output.dir of a chain submitted with slurm/submit.sh (it holds chain.log), or the --out folder of a study of slurm/sweep.sh, scaling.sh or convergence.sh (it holds jobs.txt)"
fi
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
