#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The last step of a study (sweep montage, scaling or convergence collect):
# runs the postprocess command and, whatever it did, writes STUDY_DIR/result.txt
# saying whether the study succeeded, why not, and what each member run ended
# with. The collect jobs depend on their members with afterany, so a failed
# member leaves this record instead of a CANCELLED collect job and nothing else.
# Cancelled (scancel sends TERM, a time limit TERM then KILL), it stops the
# command and still writes result.txt: "result: cancelled", with the members'
# state and the command's last message so far. A command that writes
# STUDY_DIR/findings.txt (gs_post.py pearson: the agreements) has its lines
# added at the end of result.txt.
# Members the user cancelled (scancel of the study's jobs) are told apart from
# failed ones: by their chain.log line ("cancelled at step N ..."), else by the
# state Slurm gives their job (STUDY_DIR/jobs.txt names it), and a member that
# left no log is one that never started. When the command fails and members
# were cancelled, the study was cancelled: "result: cancelled".
# usage: collect.sh [--failed REASON | --cancelled REASON] STUDY_DIR NAME MEMBER_DIR... [-- COMMAND [ARG...]]
#   --failed REASON: a --local study whose member run failed: write result.txt
#   saying so (COMMAND is the run that failed) without running anything.
#   --cancelled REASON: the study was cancelled before its collect job ran
#   (slurm/cancel.sh): write result.txt saying so, with the members' states,
#   without running anything (COMMAND, if given, is the one that was not run).
# Exit status: the command's (1 with --failed, 143 when cancelled). A command that
# exits 0 with warnings on stderr ("gs_post.py NAME: warning: ...") gives "result:
# warning", one "warning:" line each (those of a failed command are listed too).
set -uo pipefail
failed_reason="" cancelled_reason=""
case ${1:-} in
  --failed) failed_reason=${2:-}; shift 2 ;;
  --cancelled) cancelled_reason=${2:-}; shift 2 ;;
esac
usage="usage: collect.sh [--failed REASON | --cancelled REASON] STUDY_DIR NAME MEMBER_DIR... [-- COMMAND [ARG...]]"
(($# >= 3)) || { echo "$usage" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=$1 name=$2
shift 2
members=()
while (($#)) && [[ $1 != -- ]]; do members+=("$1"); shift; done
if [[ -z $cancelled_reason ]]; then
  (($# >= 2)) || { echo "collect.sh: no COMMAND after -- ($usage)" >&2; exit 2; }
fi
(($#)) && shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT

# The members' jobs, as the study recorded them when it submitted them
# (STUDY_DIR/jobs.txt: "member JOBID MEMBER_DIR" lines; none for --local studies).
declare -A job_of=()
if [[ -f $dir/jobs.txt ]]; then
  while read -r kind id path; do
    [[ $kind == member && -n $id && -n $path ]] && job_of[$path]=$id
  done <"$dir/jobs.txt"
fi
# Slurm's state of the jobs of members that left no summary.json, asked once
# (slurm_state ID: "" when not known: no jobs.txt, no Slurm, or forgotten).
declare -A state_of=()
states_asked=0
slurm_state() {
  if ((!states_asked)); then
    states_asked=1
    local ids=() m id st
    for m in "${members[@]}"; do
      [[ -n ${job_of[$m]:-} && ! -f $m/summary.json ]] && ids+=("${job_of[$m]}")
    done
    if ((${#ids[@]})) && command -v scontrol >/dev/null; then
      while read -r id st; do
        [[ -n $id && $st != - ]] && state_of[$id]=$st
      done < <(/usr/bin/python3 "$here/job_states.py" "${ids[@]}" 2>/dev/null)
    fi
  fi
  printf '%s' "${state_of[$1]:-}"
}

# last_note MEMBER: the last line of MEMBER/chain.log that the member's own job wrote
# ("job ID: TEXT" -> TEXT; "" if none).
last_note() {
  sed -n 's/^job [0-9_]*\( link [0-9]*\)\{0,1\}: //p' "$1/chain.log" 2>/dev/null | tail -n 1
}
# started MEMBER [JOBID]: whether the member's job or run left a sign that it started
# (a sweep task's first log is the sweep folder's slurm-JOBID.out, made as the job starts).
started() {
  [[ -n $(compgen -G "$1/slurm-*.out") || -f $1/run.log ]] && return 0
  [[ -n ${2:-} && -f $dir/slurm-$2.out ]] && return 0
  grep -aq '^job [0-9_]*\( link [0-9]*\)\?: started on ' "$1/chain.log" 2>/dev/null
}

# write_result RESULT RC REASON: STUDY_DIR/result.txt from the members' summaries.
write_result() {
  local result=$1 rc=$2 reason=$3 ok=0 failed=0 cancelled=0 lines=() m s fields status steps error note id st
  for m in "${members[@]}"; do
    s=$m/summary.json
    id=${job_of[$m]:-}
    if [[ ! -f $s ]]; then
      failed=$((failed + 1))
      note=$(last_note "$m")
      st=""
      [[ -n $id ]] && st=$(slurm_state "$id")
      if [[ $note == cancelled* ]]; then
        lines+=("  $m: $note (no summary.json)")
        cancelled=$((cancelled + 1))
      elif ! started "$m" "$id"; then
        # Neither a log nor a chain.log line of a start: the job never ran (nothing to look at in the folder).
        # (ABSENT: a task that Slurm took out of its array's pending tasks, which only scancel does.)
        if [[ $st == CANCELLED || $st == ABSENT ]]; then
          lines+=("  $m: never started: its job $id was cancelled before it ran")
          cancelled=$((cancelled + 1))
        elif [[ -n $st ]]; then
          lines+=("  $m: never started: its job $id is $st and left no log")
        else
          lines+=("  $m: never started (no summary.json and no log: cancelled while pending, or the study ended before it${id:+; see scontrol show job $id or sacct -j $id})")
        fi
      elif [[ $st == CANCELLED ]]; then
        lines+=("  $m: cancelled (job $id) before the run wrote summary.json; see its slurm-*.out")
        cancelled=$((cancelled + 1))
      else
        lines+=("  $m: missing (no summary.json: the run did not start, crashed or was cancelled; see its slurm-*.out or run.log)")
      fi
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
      continue
    fi
    failed=$((failed + 1))
    note=$(last_note "$m")
    if [[ $status == stopped && $note == cancelled* ]]; then
      # The run stopped on the job's cancellation (its chain.log line says so).
      lines+=("  $m: $note")
      cancelled=$((cancelled + 1))
      continue
    fi
    lines+=("  $m: $status at step $steps${error:+: $error}")
    [[ $error == - ]] && lines[-1]="  $m: $status at step $steps"
  done
  local total=${#members[@]} of_them=""
  ((cancelled)) && of_them="$cancelled of them cancelled"
  # A command that failed over members the user cancelled: the study was cancelled, and says so first.
  if [[ $result == failed ]] && ((cancelled)); then
    result=cancelled
    local rest="" done_ones="none finished"
    ((failed > cancelled)) && rest=", $((failed - cancelled)) more did not finish"
    ((ok)) && done_ones="$ok finished"
    reason="$cancelled of $total member runs were cancelled (scancel or slurm/cancel.sh)$rest and $done_ones; the command failed: $reason"
  elif [[ $result != ok ]] && ((failed)); then
    reason+=" ($failed of $total member runs did not finish${of_them:+, $of_them})"
  fi
  {
    echo "study: $name"
    echo "result: $result"
    [[ $result == ok ]] || echo "reason: $reason"
    [[ $result == ok && $failed -gt 0 ]] && echo "note: $failed of $total member runs did not finish (marked in the output${of_them:+; $of_them})"
    ((${#warnings[@]})) && printf 'warning: %s\n' "${warnings[@]}"
    if [[ -n $cancelled_reason ]]; then
      echo "command: not run (the study's collect job was cancelled before it started)"
    else
      echo "command: $(printf '%q ' "${cmd[@]}")"
    fi
    echo "exit code: $rc"
    echo "members: $ok ok, $failed not finished${of_them:+ ($of_them)}"
    printf '%s\n' "${lines[@]}"
    # What the command found, in its own words (the Pearson study's agreements), when it wrote it this time.
    if [[ -f $dir/findings.txt ]]; then cat "$dir/findings.txt"; fi
  } >"$dir/result.txt.tmp" && mv "$dir/result.txt.tmp" "$dir/result.txt"
  echo "$name: result $result -> $dir/result.txt"
}

cmd=("$@")
warnings=()
if [[ -n $failed_reason ]]; then
  write_result failed 1 "$failed_reason"
  exit 1
fi
if [[ -n $cancelled_reason ]]; then
  write_result cancelled - "$cancelled_reason"
  exit 0
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
rm -f "$dir/findings.txt"  # written by the command (gs_post.py pearson), added to result.txt
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
