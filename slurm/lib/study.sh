# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Helpers shared by the study commands (sourced): sweep.sh, scaling.sh, convergence.sh.
# A study is checked in full first, then built as a plan: a bash script of
# the mkdir, sbatch (or local run) and collect commands. --dry-run prints the
# plan; otherwise the same text runs, so the printed commands are the real ones.
study_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$study_root/slurm/lib/args.sh"
study_die() { args_fail "$@"; }
plan=("set -euo pipefail")
plan_head=()  # study_write_plan's lines: they run before the rest of the plan

# study_plan LINE...: append lines to the plan.
study_plan() { plan+=("$@"); }

# study_run DRY: print the plan, or run it.
study_run() {
  local all=("${plan[0]}" "${plan_head[@]}" "${plan[@]:1}")
  if (($1)); then
    printf '%s\n' "${all[@]}"
    return 0
  fi
  bash -c "$(printf '%s\n' "${all[@]}")"
}

# A study folder's plan: DIR/study-plan.txt, written before the first run, one
# line per run and key of its effective configuration (as `grayscott --check`
# prints it, less the keys that cannot change the study's result) and the
# study-wide settings. A study re-run into a folder that holds another plan is
# refused: its old runs (a level that is not re-run, a member cancelled while
# pending) would otherwise be collected as if they were the new study's.
study_plan_name=study-plan.txt

# study_check_plan DIR PLAN_TEXT: refuse DIR when it holds a different plan (one
# line naming the first differing key and both values); the same plan re-runs.
# Without a plan file, the runs' summary.json configs are compared instead.
study_check_plan() {
  local dir=$1 why
  if [[ ! -e $dir/$study_plan_name ]]; then
    # A folder of a study made before plans were kept: its runs' summaries say what they ran.
    why=$(/usr/bin/python3 "$study_root/slurm/lib/config_plan.py" runs "$dir" <<<"$2" 2>&1) && return 0
    args_fail "--out $(args_path "$dir") holds runs of another study: ${why//$'\n'/ }; choose another --out, or remove that folder"
  fi
  why=$(/usr/bin/python3 "$study_root/slurm/lib/config_plan.py" compare "$dir/$study_plan_name" <<<"$2" 2>&1) && return 0
  args_fail "--out $(args_path "$dir") holds a study with another plan ($study_plan_name): ${why//$'\n'/ }; choose another --out, or remove that folder"
}

# study_write_plan DIR PLAN_TEXT: DIR/study-plan.txt is written first, before any run starts.
study_write_plan() {
  plan_head=("mkdir -p $(printf %q "$1")" "cat >$(printf %q "$1/$study_plan_name") <<'GS_PLAN'" "$2" "GS_PLAN")
}

# study_member_plan MEMBER RANKS INPUT [key=value ...] -- EXCLUDE...: one run's
# plan lines ("MEMBER section.key = value"), from the program's --check, which
# also refuses a bad key or value before anything is written (exit 2).
study_member_plan() {
  local member=$1 cfg
  shift
  cfg=$(args_precheck "$@") || exit 2
  sed "s|^|$member |" <<<"$cfg"
}

# study_submit_line ARG...: slurm/submit.sh's command line for one member job
# (checked by submit.sh itself, which refuses bad values with exit 2). The
# study has run the program's --check on each member already (study_member_plan,
# or sweep.sh's corners): GS_STUDY_CHECKED spares submit.sh running it again.
study_submit_line() { GS_STUDY_CHECKED=1 "$study_root/slurm/submit.sh" --dry-run "$@"; }

# A study's jobs: DIR/jobs.txt, written by the plan as it submits them, so
# that slurm/cancel.sh DIR finds them all (the array or the member jobs, and
# the collect job) and the collect step can ask Slurm how a member that left
# nothing ended. Lines: "study NAME", "member JOBID MEMBER_DIR" (an array task
# as ARRAYID_TASK), "collect JOBID LOGNAME"; "#" lines are comments. A new
# submission into the folder starts the file again.
study_jobs_name=jobs.txt

# study_jobs_start DIR NAME: the plan line that starts DIR/jobs.txt.
study_jobs_start() {
  local text="# the jobs of this study as they were submitted (slurm/cancel.sh $(printf %q "$1") cancels them)"$'\n'"study $2"
  echo "printf '%s\\n' $(printf %q "$text") >$(printf %q "$1/$study_jobs_name")"
}

# study_jobs_member DIR IDEXPR MEMBER_DIR: the plan line that records one member's job
# (IDEXPR: the shell expression of its id, e.g. \$id_8).
study_jobs_member() {
  echo "printf 'member %s %s\\n' \"$2\" $(printf %q "$3") >>$(printf %q "$1/$study_jobs_name")"
}

# study_jobs_array DIR IDVAR MANIFEST: the plan line that records a job array's tasks:
# task i runs line i+1 of MANIFEST, whose output.dir= is its member folder.
study_jobs_array() {
  echo "awk -v id=\"\$$2\" '{ sub(/.*output[.]dir=/, \"\"); printf \"member %s_%d %s\\n\", id, NR - 1, \$0 }' $(printf %q "$3") >>$(printf %q "$1/$study_jobs_name")"
}

# study_collect_job SITE DEPVAR STUDY_DIR NAME LOGNAME MEMBERS_VAR -- COMMAND...: the
# plan line that submits the collect job. It depends on every member with
# afterany (so it always runs) and records the outcome in STUDY_DIR/result.txt.
study_collect_job() {
  local site=$1 depvar=$2 dir=$3 name=$4 logname=$5
  local -n _members=$6
  shift 7
  local helper=()
  mapfile -t helper < <(study_helper_sbatch "$site")
  local wrap
  wrap=$(args_print_cmd bash "$study_root/slurm/lib/collect.sh" "$dir" "$name" "${_members[@]}" -- "$@")
  # result.txt says "pending" until the collect job rewrites it (written before the job is
  # queued, so it can never overwrite the job's own): a result of an earlier study in the
  # folder is not read as this one's, and a collect job cancelled before it started leaves
  # a file that says what to look for.
  local pending="study: $name"$'\n'"result: pending"$'\n'"reason: the study's jobs were submitted; its collect job rewrites this file when it ends. If none of its jobs is left in the queue and this file still says pending, the collect job was cancelled (or failed) before it started: see its state with sacct or scontrol show job"
  echo "printf '%s\\n' $(printf %q "$pending") >$(printf %q "$dir/result.txt")"
  echo "collect_id=\$($(args_print_cmd sbatch --parsable "${helper[@]}" --job-name="gs-$logname" --kill-on-invalid-dep=yes \
    --output="$dir/$logname-%j.out") --dependency=afterany:\$$depvar $(args_print_cmd --wrap "$wrap")) && collect_id=\${collect_id%%;*}"
  echo "printf 'collect %s %s\\n' \"\$collect_id\" $(printf %q "$logname") >>$(printf %q "$dir/$study_jobs_name")"
}

# study_collect_local STUDY_DIR NAME MEMBERS_VAR -- COMMAND...: the same, run here.
study_collect_local() {
  local dir=$1 name=$2
  local -n _members=$3
  shift 4
  args_print_cmd bash "$study_root/slurm/lib/collect.sh" "$dir" "$name" "${_members[@]}" -- "$@"
}

# study_local_run WHAT RUN_DIR STUDY_DIR NAME MEMBERS_VAR -- COMMAND...: the plan
# lines of one --local member run (output in RUN_DIR/run.log). A run that fails
# ends the study there, with STUDY_DIR/result.txt saying which run failed, its
# exit status and the last line of its log (collect.sh --failed).
study_local_run() {
  local what=$1 run_dir=$2 dir=$3 name=$4
  local -n _lmembers=$5
  shift 6
  local q cmd record
  q=$(printf %q "$run_dir")
  cmd=$(args_print_cmd "$@")
  record=$(args_print_cmd bash "$study_root/slurm/lib/collect.sh" --failed)
  record+=" \"the $what run failed (exit \$rc): \$(tail -n 1 $q/run.log); see $(printf %q "$run_dir")/run.log\" "
  record+=$(args_print_cmd "$dir" "$name" "${_lmembers[@]}" -- "$@")
  echo "echo $(printf %q "== $what run")"
  echo "mkdir -p $q && rc=0 && { $cmd >$q/run.log 2>&1 || rc=\$?; }"
  echo "if ((rc)); then tail -5 $q/run.log >&2; echo $(printf %q "$args_prog: the $what run failed: see $run_dir/run.log") >&2; $record >&2; exit 1; fi"
}

# Site sbatch options for a plain helper job (montage, collect).
study_helper_sbatch() {
  local site_file
  site_file=$(args_site --site "$1" "$study_root") || exit 2
  (
    # shellcheck disable=SC1090
    source "$site_file"
    args=(--ntasks=1 --time=00:20:00)
    [[ -n ${GS_ACCOUNT:-} ]] && args+=(--account="$GS_ACCOUNT")
    [[ -n ${GS_PARTITION:-} ]] && args+=(--partition="$GS_PARTITION")
    [[ -n ${GS_QOS:-} ]] && args+=(--qos="$GS_QOS")
    printf '%s\n' "${args[@]}"
  )
}

# Balanced ranks per dimension for P ranks in D dimensions (largest factors first, x first).
study_layout() {
  local p=$1 dims=$2 f n i j lay=() factors=()
  for ((i = 0; i < dims; ++i)); do lay+=(1); done
  n=$p
  for ((f = 2; n > 1; ++f)); do
    while ((n % f == 0)); do factors+=("$f"); n=$((n / f)); done
  done
  for f in $(printf '%s\n' "${factors[@]}" | sort -rn); do
    j=0
    for ((i = 1; i < dims; ++i)); do ((lay[i] < lay[j])) && j=$i; done
    lay[j]=$((lay[j] * f))
  done
  echo "${lay[*]}"
}

study_list() { local IFS=,; echo "[$*]"; }
