#!/usr/bin/env bash
# The last step of a study (sweep montage, scaling or convergence collect):
# runs the postprocess command and, whatever it did, writes STUDY_DIR/result.txt
# saying whether the study succeeded, why not, and what each member run ended
# with. The collect jobs depend on their members with afterany, so a failed
# member leaves this record instead of a CANCELLED collect job and nothing else.
# usage: collect.sh STUDY_DIR NAME MEMBER_DIR... -- COMMAND [ARG...]
# Exit status: the command's.
set -uo pipefail
(($# >= 4)) || { echo "usage: collect.sh STUDY_DIR NAME MEMBER_DIR... -- COMMAND [ARG...]" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=$1 name=$2
shift 2
members=()
while (($#)) && [[ $1 != -- ]]; do members+=("$1"); shift; done
(($# >= 2)) || { echo "collect.sh: no COMMAND after --" >&2; exit 2; }
shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT
# The command's output goes to the job's log as usual; its stderr is also kept for the reason.
"$@" 2> >(tee "$err" >&2)
rc=$?
wait
ok=0 failed=0 lines=()
for m in "${members[@]}"; do
  s=$m/summary.json
  if [[ ! -f $s ]]; then
    lines+=("  $m: missing (no summary.json: the run did not start, crashed or was cancelled; see its slurm-*.out)")
    failed=$((failed + 1))
    continue
  fi
  if ! fields=$(/usr/bin/python3 "$here/summary_field.py" "$s" status steps error 2>&1); then
    lines+=("  $m: unreadable summary.json: ${fields//$'\n'/ }")
    failed=$((failed + 1))
    continue
  fi
  { read -r status; read -r steps; read -r error; } <<<"$fields"
  if [[ $status == ok || $status == "done" ]]; then
    lines+=("  $m: ok, step $steps")
    ok=$((ok + 1))
  else
    lines+=("  $m: $status at step $steps${error:+: $error}")
    [[ $error == - ]] && lines[-1]="  $m: $status at step $steps"
    failed=$((failed + 1))
  fi
done
reason=$(tail -n 1 "$err" | tr -d '\r')
[[ -n $reason ]] || reason="the command exited $rc without a message"
((failed)) && reason+=" ($failed of ${#members[@]} member runs did not finish)"
{
  echo "study: $name"
  if ((rc == 0)); then echo "result: ok"; else echo "result: failed"; fi
  ((rc == 0)) || echo "reason: $reason"
  ((rc == 0 && failed > 0)) && echo "note: $failed of ${#members[@]} member runs did not finish (marked in the output)"
  echo "command: $(printf '%q ' "$@")"
  echo "exit code: $rc"
  echo "members: $ok ok, $failed not finished"
  printf '%s\n' "${lines[@]}"
} >"$dir/result.txt.tmp" && mv "$dir/result.txt.tmp" "$dir/result.txt"
echo "$name: result $([[ $rc == 0 ]] && echo ok || echo failed) -> $dir/result.txt"
exit "$rc"
