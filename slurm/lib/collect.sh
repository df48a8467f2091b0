#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The last step of a study (sweep montage, scaling or convergence collect):
# runs the postprocess command and, whatever it did, writes STUDY_DIR/result.txt
# saying whether the study succeeded, why not, and what each member run ended
# with. The collect jobs depend on their members with afterany, so a failed
# member leaves this record instead of a CANCELLED collect job and nothing else.
# Cancelled (scancel sends TERM, a time limit TERM then KILL), it stops the
# command and still writes result.txt: "result: cancelled", with the members'
# state and the command's last message so far.
# usage: collect.sh [--failed REASON] STUDY_DIR NAME MEMBER_DIR... -- COMMAND [ARG...]
#   --failed REASON: a --local study whose member run failed: write result.txt
#   saying so (COMMAND is the run that failed) without running anything.
# Exit status: the command's (1 with --failed, 143 when cancelled). A command that
# exits 0 with warnings on stderr ("gs_post.py NAME: warning: ...") gives "result:
# warning", one "warning:" line each (those of a failed command are listed too).
set -uo pipefail
failed_reason=""
if [[ ${1:-} == --failed ]]; then
  failed_reason=$2
  shift 2
fi
(($# >= 4)) || { echo "usage: collect.sh [--failed REASON] STUDY_DIR NAME MEMBER_DIR... -- COMMAND [ARG...]" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=$1 name=$2
shift 2
members=()
while (($#)) && [[ $1 != -- ]]; do members+=("$1"); shift; done
(($# >= 2)) || { echo "collect.sh: no COMMAND after --" >&2; exit 2; }
shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT

# write_result RESULT RC REASON: STUDY_DIR/result.txt from the members' summaries.
write_result() {
  local result=$1 rc=$2 reason=$3 ok=0 failed=0 lines=() m s fields status steps error
  for m in "${members[@]}"; do
    s=$m/summary.json
    if [[ ! -f $s ]]; then
      lines+=("  $m: missing (no summary.json: the run did not start, crashed or was cancelled; see its slurm-*.out or run.log)")
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
  [[ $result != ok && $failed -gt 0 ]] && reason+=" ($failed of ${#members[@]} member runs did not finish)"
  {
    echo "study: $name"
    echo "result: $result"
    [[ $result == ok ]] || echo "reason: $reason"
    [[ $result == ok && $failed -gt 0 ]] && echo "note: $failed of ${#members[@]} member runs did not finish (marked in the output)"
    ((${#warnings[@]})) && printf 'warning: %s\n' "${warnings[@]}"
    echo "command: $(printf '%q ' "${cmd[@]}")"
    echo "exit code: $rc"
    echo "members: $ok ok, $failed not finished"
    printf '%s\n' "${lines[@]}"
  } >"$dir/result.txt.tmp" && mv "$dir/result.txt.tmp" "$dir/result.txt"
  echo "$name: result $result -> $dir/result.txt"
}

cmd=("$@")
warnings=()
if [[ -n $failed_reason ]]; then
  write_result failed 1 "$failed_reason"
  exit 1
fi

# The command runs in the background so that a TERM is handled at once (bash
# runs a trap only after the foreground command ends); its stderr goes to the
# job's log and is kept for the reason.
pid=""
cancelled() {
  trap '' TERM INT
  [[ -n $pid ]] && kill -TERM "$pid" 2>/dev/null
  wait
  local last
  last=$(tail -n 1 "$err" | tr -d '\r')
  write_result cancelled 143 "the collect job of this $name study was cancelled (SIGTERM: scancel or its time limit) while its command ran${last:+; its last message: $last}"
  exit 143
}
trap cancelled TERM INT
"$@" 2> >(tee "$err" >&2) &
pid=$!
wait "$pid"
rc=$?
pid=""
wait
reason=$(tail -n 1 "$err" | tr -d '\r')
[[ -n $reason ]] || reason="the command exited $rc without a message"
# The command's warnings ("gs_post.py convergence: warning: ..." on stderr) each get a line, and a
# study that ended with one says "result: warning" (exit status still 0: the results were written).
mapfile -t warnings < <(grep -a '^gs_post\.py [a-z-]*: warning: ' "$err" | sed 's/^gs_post\.py [a-z-]*: warning: //' | tr -d '\r')
if ((rc == 0 && ${#warnings[@]})); then
  write_result warning 0 "${#warnings[@]} warning(s) from the command; the first: ${warnings[0]}"
elif ((rc == 0)); then
  write_result ok 0 "$reason"
elif ((rc == 143)); then
  # The job's TERM reached the command first (Slurm signals every process of the job).
  write_result cancelled 143 "the collect job of this $name study was cancelled (its command ended on SIGTERM: scancel or its time limit); its last message: $reason"
else
  write_result failed "$rc" "$reason"
fi
exit "$rc"
