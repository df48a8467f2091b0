#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Pearson's map reproduced: one run per type of his figure 3 (slurm/inputs/pearson-types.tsv)
# at his set-up (inputs/pearson.toml with F and k set), then the phase diagram, the table
# of the published descriptions against the program's shape class and dynamics verdict,
# and DIR/result.txt with the count of agreements (gs_post.py pearson; docs/patterns.md).
usage() {
  cat <<'USAGE'
usage: slurm/pearson.sh [options] [key=value ...]
  --out DIR              the study folder (default out/pearson): DIR/<type>/ per run, DIR/pearson.png
                         (the phase diagram), DIR/pearson.csv and DIR/pearson.md (the table),
                         DIR/result.txt (agreements). A folder that holds another study is refused.
  --input FILE           the set-up (default inputs/pearson.toml); key=value overrides apply to every run
                         (e.g. grid.n=512, time.dt=0.5 with output.pattern_every=20 output.dynamics_window=10)
  --types LIST           comma-separated types to run (default: all twelve, alpha to mu)
  --local                run here, --jobs at a time (default: submit a job array and a collect job)
  --jobs J               --local: runs at once (default 2)
  --site NAME            site settings (slurm/site/NAME.env)
  --time TIME            limit per run (default 00:30:00)
  --dominant-share S | --round-aspect A | --spot-size S | --worm-size S
                         the shape classes' thresholds, passed to gs_post.py pearson (docs/patterns.md)
  --dry-run              print the commands and write nothing
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
out=out/pearson input=$study_root/inputs/pearson.toml types="" local=0 jobs=2 site=${GS_SITE:-generic-cpu} time=00:30:00 dry=0
classes=()
while (($#)); do
  case $1 in
    --out) args_need "$1" $#; out=$2; shift 2 ;;
    --input) args_need "$1" $#; input=$2; shift 2 ;;
    --types) args_need "$1" $#; types=$2; shift 2 ;;
    --local) local=1; shift ;;
    --jobs) args_need "$1" $#; jobs=$2; shift 2 ;;
    --site) args_need "$1" $#; site=$2; shift 2 ;;
    --time) args_need "$1" $#; time=$2; shift 2 ;;
    --dominant-share | --round-aspect | --spot-size | --worm-size)
      args_need "$1" $#; classes+=("$1" "$2"); shift 2 ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
args_input "$input"
args_overrides "$@"
jobs=$(args_int --jobs "$jobs" 1 1024)
args_time --time "$time"
table=$study_root/slurm/inputs/pearson-types.tsv
known=$(awk -F'\t' '!/^#/ && $1 != "type" { print $1 }' "$table")
[[ -n $types ]] || types=$(paste -sd, <<<"$known")
# "type F k" lines of the types asked for, in the table's order.
points=$(awk -F'\t' -v want="$types" 'BEGIN { n = split(want, w, ","); for (i = 1; i <= n; ++i) asked[w[i]] = 1 }
  !/^#/ && $1 != "type" && ($1 in asked) { print $1, $2, $3; delete asked[$1] }
  END { for (t in asked) { print "unknown " t; exit } }' "$table")
bad=$(sed -n 's/^unknown //p' <<<"$points")
[[ -z $bad ]] || args_refuse --types "$types" "a comma-separated list of $(paste -sd' ' <<<"$known")"
out=$(realpath -m -- "$out")
[[ $out != *[[:cntrl:]]* ]] || args_refuse --out "$out" "a folder name without control characters"
# On Slurm the array's manifest is split at white space (slurm/lib/job.sh), as a sweep's: --local takes any path.
((local)) || [[ $out =~ ^[A-Za-z0-9_./+-]+$ ]] ||
  args_refuse --out "$out" "on Slurm, a path of letters, digits and _ . / + - (no spaces; --local takes any path)"
post=(/usr/bin/python3 "$study_root/postprocess/gs_post.py" pearson "$out" --table "$table" "${classes[@]}")
# The class options are checked now, before any run (gs_post.py refuses a bad one in one line).
"${post[@]}" --check-options >/dev/null || exit 2

# The study's plan: every run's effective configuration (the program's --check of each, which refuses a bad key first).
plan_text=""
members=()
while read -r name F k; do
  plan_text+=$(study_member_plan "$name" 1 "$input" "$@" "physics.F=$F" "physics.k=$k" -- '^output\.dir ' '^parallel\.') || exit 2
  plan_text+=$'\n'
  members+=("$out/$name")
done <<<"$points"
study_check_plan "$out" "$plan_text"
study_write_plan "$out" "$plan_text"

if ((local)); then
  bin=$(args_bin) || exit 2
  study_plan "rm -f $(printf %q "$out/$study_jobs_name")"
  # At most $jobs runs at once; a run that fails is named in result.txt by the collect step (its summary says why).
  study_plan "running=0"
  while read -r name F k; do
    dir=$out/$name
    study_plan "echo $(printf %q "== $name (F $F, k $k)")"
    study_plan "mkdir -p $(printf %q "$dir") && { $(args_print_cmd "$bin" "$input" "$@" "physics.F=$F" "physics.k=$k" "output.dir=$dir") >$(printf %q "$dir/run.log") 2>&1 || echo $(printf %q "$args_prog: the $name run failed: see $dir/run.log") >&2; } &"
    study_plan "running=\$((running + 1)); if ((running >= $jobs)); then wait -n || true; running=\$((running - 1)); fi"
  done <<<"$points"
  study_plan "wait"
  study_plan "$(study_collect_local "$out" pearson members -- "${post[@]}")"
  study_plan "echo $(printf %q "pearson: $(wc -l <<<"$points") runs in $(args_path "$out"); see result.txt, pearson.md, pearson.png")"
else
  manifest=""
  while read -r name F k; do manifest+="physics.F=$F physics.k=$k output.dir=$out/$name"$'\n'; done <<<"$points"
  manifest=${manifest%$'\n'}
  submit=$(GS_SWEEP_FILE=$out/sweep.txt study_submit_line --site "$site" --ranks-per-node 1 --time "$time" \
    --name gs-pearson --sbatch "--array=0-$(($(wc -l <<<"$points") - 1))" "$input" "$@" "output.dir=$out") || exit 2
  study_plan "cat >$(printf %q "$out/sweep.txt") <<'GS_MANIFEST'" "$manifest" "GS_MANIFEST"
  study_plan "$(study_jobs_start "$out" pearson)"
  study_plan "array_id=\$($submit)"
  study_plan "$(study_jobs_array "$out" array_id "$out/sweep.txt")"
  study_plan "$(study_collect_job "$site" array_id "$out" pearson pearson members -- "${post[@]}")"
  study_plan "echo \"pearson: job array \$array_id, collect job \$collect_id -> $(printf %q "$out")/result.txt\""
fi
study_run "$dry"
