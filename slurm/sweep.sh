#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Parameter sweep over an (F, k) grid: one job array, then a montage job that
# waits for it (afterany), assembles the final images into one chart with F and
# k axes, measures each member's pattern (a chart of the classes, a CSV of the
# numbers), and writes DIR/result.txt whatever the members did.
usage() {
  cat <<'USAGE'
usage: slurm/sweep.sh [options] INPUT.toml [key=value ...]
  --F FIRST:LAST:COUNT   feed rates, finite numbers >= 0 (default 0.01:0.07:7)
  --k FIRST:LAST:COUNT   kill rates, finite numbers >= 0 (default 0.045:0.065:5)
  --out DIR              a new sweep folder (default out/sweep): DIR/sweep.txt lists the runs,
                         DIR/F<F>_k<k>/ per run (with its log slurm-ARRAYID_TASK.out),
                         DIR/montage.png, DIR/classes.png and DIR/patterns.csv (measured patterns,
                         docs/patterns.md), DIR/result.txt, DIR/jobs.txt (the job ids: slurm/cancel.sh DIR
                         cancels them). A folder that holds a sweep is refused.
                         Members write fields every tenth of time.steps unless output.fields_every is given.
  --site NAME            site settings (slurm/site/NAME.env)
  --ranks-per-node R     ranks per run (default 1)
  --time TIME            limit per run (default 00:30:00)
  --max-parallel M       at most M array tasks at once (default: no limit)
  --dominant-share S     the measured classes (classes.png, patterns.csv; docs/patterns.md): a class when at
                         least this share of its set is of its kind, else mixed; > 0.5 and <= 1 (default 0.6)
  --round-aspect A       2D: a spot's largest aspect, >= 1 (default 1.75)
  --spot-size S          a spot's largest size in wavelength^dims, > 0 (default 1)
  --worm-size S          a worm's largest size in wavelength^dims, above --spot-size (default 3)
  --dynamics MODE        auto (default): each member's dynamics verdict from its pattern.csv where it has one;
                         required: a member without one is not measured (set output.pattern_every and
                         output.dynamics_window in the input or the overrides)
  --dry-run              print the commands (manifest, array, montage job) and write nothing
The input with the first and the last (F, k) is checked with "$GS_BIN --check" before anything is
written or queued. Prints the array job id and the montage job id.
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
F=0.01:0.07:7 k=0.045:0.065:5 out=out/sweep site=${GS_SITE:-generic-cpu} rpn=1 time=00:30:00 maxp="" dry=0
classes=()  # the class options, handed to the montage job's gs_post.py montage as given
while (($#)); do
  case $1 in
    --F) args_need "$1" $#; F=$2; shift 2 ;;
    --k) args_need "$1" $#; k=$2; shift 2 ;;
    --out) args_need "$1" $#; out=$2; shift 2 ;;
    --site) args_need "$1" $#; site=$2; shift 2 ;;
    --ranks-per-node) args_need "$1" $#; rpn=$2; shift 2 ;;
    --time) args_need "$1" $#; time=$2; shift 2 ;;
    --max-parallel) args_need "$1" $#; maxp=$2; shift 2 ;;
    --dominant-share | --round-aspect | --spot-size | --worm-size | --dynamics)
      args_need "$1" $#; classes+=("$1" "$2"); shift 2 ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
(($# >= 1)) || args_fail "no INPUT.toml given (see --help)"
input=$1
shift
args_input "$input"
args_overrides "$@"

# axis OPTION SPEC: FIRST:LAST:COUNT, checked; prints "FIRST LAST COUNT".
axis() {
  local opt=$1 spec=$2 allowed="FIRST:LAST:COUNT, finite numbers >= 0 and a count from 1 to 1000"
  [[ $spec =~ ^([^:]+):([^:]+):([^:]+)$ ]] || args_refuse "$opt" "$spec" "$allowed"
  local a=${BASH_REMATCH[1]} b=${BASH_REMATCH[2]} n=${BASH_REMATCH[3]}
  (args_real "$opt" "$a" nonnegative && args_real "$opt" "$b" nonnegative) 2>/dev/null || args_refuse "$opt" "$spec" "$allowed"
  [[ $n =~ ^[0-9]{1,4}$ ]] && ((10#$n >= 1 && 10#$n <= 1000)) || args_refuse "$opt" "$spec" "$allowed"
  echo "$a $b $((10#$n))"
}
Fa=$(axis --F "$F")
ka=$(axis --k "$k")
rpn=$(args_int --ranks-per-node "$rpn" 1 100000)
args_time --time "$time"
[[ -z $maxp ]] || maxp=$(args_int --max-parallel "$maxp" 1 100000)
# The class options, checked now (the montage job runs long after): ranges as gs_post.py's.
spot=1 worm=3
for ((i = 0; i < ${#classes[@]}; i += 2)); do
  o=${classes[i]} v=${classes[i + 1]}
  case $o in
    --dynamics) [[ $v == auto || $v == required ]] || args_refuse "$o" "$v" "auto or required" ;;
    --dominant-share)
      (args_real "$o" "$v" positive) 2>/dev/null && awk -v x="$v" 'BEGIN { exit !(x > 0.5 && x <= 1) }' ||
        args_refuse "$o" "$v" "a share > 0.5 and <= 1" ;;
    --round-aspect)
      (args_real "$o" "$v" positive) 2>/dev/null && awk -v x="$v" 'BEGIN { exit !(x >= 1) }' ||
        args_refuse "$o" "$v" "a finite number >= 1" ;;
    --spot-size) args_real "$o" "$v" positive; spot=$v ;;
    --worm-size) args_real "$o" "$v" positive; worm=$v ;;
  esac
done
awk -v s="$spot" -v w="$worm" 'BEGIN { exit !(w > s) }' ||
  args_fail "--worm-size $worm is not above --spot-size $spot: a worm is larger than a spot"
# The manifest is split at white space (slurm/lib/job.sh), and so is the montage's member list.
[[ -n $out && $out =~ ^[A-Za-z0-9_./+-]+$ ]] || args_refuse --out "$out" "a folder name of letters, digits and _ . / + - (no spaces)"
out=$(realpath -m -- "$out")
[[ ! -e $out/sweep.txt ]] ||
  args_refuse --out "$out" "a folder without a sweep: it holds $out/sweep.txt (choose a new --out, or remove the old sweep)"
[[ -z $(compgen -G "$out/F*_k*") ]] ||
  args_refuse --out "$out" "a folder without sweep runs: it holds F*_k* folders (choose a new --out, or remove them)"

# One line of overrides per array task; two points that print alike would share a folder.
manifest=$(read -r a b n <<<"$Fa"; read -r c d m <<<"$ka"
  awk -v a="$a" -v b="$b" -v n="$n" -v c="$c" -v d="$d" -v m="$m" -v out="$out" 'BEGIN {
    for (i = 0; i < n; ++i) {
      F = n == 1 ? a : a + (b - a) * i / (n - 1)
      for (j = 0; j < m; ++j) {
        k = m == 1 ? c : c + (d - c) * j / (m - 1)
        printf "physics.F=%.6g physics.k=%.6g output.dir=%s/F%.6g_k%.6g\n", F, k, out, F, k
      }
    }
  }')
count=$(wc -l <<<"$manifest")
dups=$(sed 's/.*output.dir=//' <<<"$manifest" | sort | uniq -d | head -1)
[[ -z $dups ]] || args_fail "--F $F --k $k: two runs would share the folder $dups (6 significant digits): use fewer points"
# The program's checks (GS_BIN --check) of the first and the last (F, k) of the grid, before anything is written.
read -r -a m <<<"$(head -n 1 <<<"$manifest")"
effective=$(args_precheck "$rpn" "$input" "$@" "${m[@]}")
read -r -a m <<<"$(tail -n 1 <<<"$manifest")"
args_precheck "$rpn" "$input" "$@" "${m[@]}" >/dev/null
# The measured patterns (classes.png, patterns.csv) come from each member's last field output (the change
# between the last two is recorded too) and its pattern.csv (the dynamics verdict, where it has the columns):
# unless output.fields_every is set, the members write fields every tenth of time.steps (when 10
# divides it; else at output.every when that divides it; else at step 0 and the end only).
fields=()
if [[ $(sed -n 's/^output\.fields_every = //p' <<<"$effective") == 0 ]]; then
  steps=$(sed -n 's/^time\.steps = //p' <<<"$effective")
  every=$(sed -n 's/^output\.every = //p' <<<"$effective")
  if ((steps >= 10 && steps % 10 == 0)); then fields=("output.fields_every=$((steps / 10))")
  elif ((every > 0 && steps % every == 0)); then fields=("output.fields_every=$every")
  else fields=("output.fields_every=$((steps > 0 ? steps : 1))"); fi
fi
array="0-$((count - 1))${maxp:+%$maxp}"
members=()
while read -r line; do members+=("${line##*output.dir=}"); done <<<"$manifest"

submit=$(GS_SWEEP_FILE=$out/sweep.txt study_submit_line --site "$site" --ranks-per-node "$rpn" --time "$time" \
  --name gs-sweep --sbatch "--array=$array" "$input" "$@" "${fields[@]}" "output.dir=$out") || exit 2
study_plan "mkdir -p $(printf %q "$out")" "cat >$(printf %q "$out/sweep.txt") <<'GS_MANIFEST'" "$manifest" "GS_MANIFEST"
study_plan "$(study_jobs_start "$out" sweep)"
study_plan "array_id=\$($submit)"
study_plan "$(study_jobs_array "$out" array_id "$out/sweep.txt")"
study_plan "$(study_collect_job "$site" array_id "$out" sweep montage members -- \
  /usr/bin/python3 "$study_root/postprocess/gs_post.py" montage "$out" -o "$out/montage.png" \
  --classes "$out/classes.png" --table "$out/patterns.csv" --threshold mid "${classes[@]}")"
study_plan "echo \"sweep: $count runs in job array \$array_id; montage job \$collect_id -> $(printf %q "$out")/montage.png, classes.png, patterns.csv\""
study_run "$dry"
