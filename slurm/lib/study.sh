# Helpers shared by the study commands (sourced): sweep.sh, scaling.sh, convergence.sh.
# A study is checked in full first, then built as a plan: a bash script of
# the mkdir, sbatch (or local run) and collect commands. --dry-run prints the
# plan; otherwise the same text runs, so the printed commands are the real ones.
study_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$study_root/slurm/lib/args.sh"
study_die() { args_fail "$@"; }
plan=("set -euo pipefail")

# study_plan LINE...: append lines to the plan.
study_plan() { plan+=("$@"); }

# study_run DRY: print the plan, or run it.
study_run() {
  if (($1)); then
    printf '%s\n' "${plan[@]}"
    return 0
  fi
  bash -c "$(printf '%s\n' "${plan[@]}")"
}

# study_submit_line ARG...: slurm/submit.sh's command line for one member job
# (checked by submit.sh itself, which refuses bad values with exit 2).
study_submit_line() { "$study_root/slurm/submit.sh" --dry-run "$@"; }

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
  echo "collect_id=\$($(args_print_cmd sbatch --parsable "${helper[@]}" --job-name="gs-$logname" --kill-on-invalid-dep=yes \
    --output="$dir/$logname-%j.out") --dependency=afterany:\$$depvar $(args_print_cmd --wrap "$wrap")) && collect_id=\${collect_id%%;*}"
}

# study_collect_local STUDY_DIR NAME MEMBERS_VAR -- COMMAND...: the same, run here.
study_collect_local() {
  local dir=$1 name=$2
  local -n _members=$3
  shift 4
  args_print_cmd bash "$study_root/slurm/lib/collect.sh" "$dir" "$name" "${_members[@]}" -- "$@"
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
