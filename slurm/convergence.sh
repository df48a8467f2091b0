#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Spatial convergence study: the same physical problem at h, h/2, h/4, ...
# with dt scaled by h^2 (steps by 4 per level, same final time), or by h
# (--dt-scaling h, for time.integrator = "rkl2": steps by 2 per level), then the
# errors and observed orders (postprocess/gs_post.py convergence). The collect
# step runs whatever the levels did (afterany) and writes DIR/result.txt.
usage() {
  cat <<'USAGE'
usage: slurm/convergence.sh [options] INPUT.toml [key=value ...]
  --n0 N            cells per axis on the coarsest grid, 2 to 65536 (default 16)
  --levels M        number of grids: n0, 2 n0, ..., 2^(M-1) n0, 3 to 10 (default 4)
  --dt0 DT          time step on the coarsest grid, a finite number > 0 (default 0.2); level i uses DT / 4^i
                    (DT / 2^i with --dt-scaling h)
  --steps0 S        steps on the coarsest grid, 1 to 1000000 (default 10); level i uses S * 4^i (S * 2^i with h)
  --dt-scaling h2|h|none how dt follows h (default h2: dt ~ h^2, as an explicit integrator's stability needs;
                    h: dt ~ h, for time.integrator=rkl2, whose stage count grows instead: its O(dt^2) time
                    error stays O(h^2), with a constant well below the space error's; none: dt0 and steps0 at
                    every level, for rkl2 with grid.order=4, where the time error, the same at every level,
                    cancels in successive differences and the space error alone is measured); recorded in the
                    results
  --compare points|averages
                    how a finer level meets a coarser one (default points: at the coarser cell centres, by
                    Fourier interpolation, which shows order 4 of grid.order=4; averages: block averages,
                    which differ from the centre values by h^2/24 lap(v) and cap the order at 2)
  --out DIR         study folder (default out/convergence): DIR/nNNNN/ per run, DIR/convergence.*, DIR/result.txt,
                    DIR/study-plan.txt (a folder that holds another study's plan is refused), DIR/jobs.txt
                    (the job ids; slurm/cancel.sh DIR cancels them)
  --ranks R         ranks per run (default 1)
  --local           run here one after another (MPIEXEC when R > 1, GS_BIN); default: submit jobs
  --site NAME       site settings for the jobs;  --time TIME  limit per job (default 00:30:00)
  --reference successive|finest|richardson
                    error reference (default successive: each level against the next finer one, whose ratios
                    give the order without assuming it; finest: against the finest level, each order solved
                    with the finest level's own error taken into account; richardson needs --levels 4 or more)
  --expect-order P  fail (exit 1) unless every observed L2 order is within --tolerance of P (a number > 0)
  --tolerance T     a number > 0 (default 0.2)
  --pattern         compare the pattern's statistics (wavelength, on fraction, boundary, Euler characteristic and
                    components per area: gs_post.py convergence --pattern) instead of pointwise errors, for a
                    pattern that settles into an equivalent but shifted arrangement at each h
  --dry-run         print the commands and write nothing
Every level is checked with "$GS_BIN --check" before anything is written or queued; a level
it refuses is named by its n.
Exit status: 0 when the orders were measured (DIR/result.txt says "result: ok", or "result: warning"
with a "warning:" line for each warning, e.g. orders not yet asymptotic); 1 when a level failed or an
order is outside --expect-order (result.txt says "failed", with the warnings); 2 when refused.
The input should start from a smooth state (init.type = "sine"): a patch or
thresholded noise has edges that converge at first order at best.
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
prog=$args_prog
n0=16 levels=4 dt0=0.2 steps0=10 out=out/convergence ranks=1 local=0 site=${GS_SITE:-generic-cpu} time=00:30:00
reference="" expect="" tol=0.2 dry=0 scaling=h2 pattern=0 compare=points
while (($#)); do
  case $1 in
    --n0) args_need "$1" $#; n0=$2; shift 2 ;;
    --levels) args_need "$1" $#; levels=$2; shift 2 ;;
    --dt0) args_need "$1" $#; dt0=$2; shift 2 ;;
    --steps0) args_need "$1" $#; steps0=$2; shift 2 ;;
    --dt-scaling) args_need "$1" $#; scaling=$2; shift 2 ;;
    --compare) args_need "$1" $#; compare=$2; shift 2 ;;
    --out) args_need "$1" $#; out=$2; shift 2 ;;
    --ranks) args_need "$1" $#; ranks=$2; shift 2 ;;
    --local) local=1; shift ;;
    --site) args_need "$1" $#; site=$2; shift 2 ;;
    --time) args_need "$1" $#; time=$2; shift 2 ;;
    --reference) args_need "$1" $#; reference=$2; shift 2 ;;
    --expect-order) args_need "$1" $#; expect=$2; shift 2 ;;
    --tolerance) args_need "$1" $#; tol=$2; shift 2 ;;
    --pattern) pattern=1; shift ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
n0=$(args_int --n0 "$n0" 2 65536)
levels=$(args_int --levels "$levels" 3 10)
steps0=$(args_int --steps0 "$steps0" 1 1000000)
ranks=$(args_int --ranks "$ranks" 1 100000)
args_real --dt0 "$dt0" positive
args_real --tolerance "$tol" positive
[[ -z $expect ]] || args_real --expect-order "$expect" positive
((pattern == 0)) || [[ -z $expect ]] || args_fail "--pattern with --expect-order: a pattern's statistics have no order; give one of them"
((pattern == 0)) || [[ -z $reference ]] || args_fail "--pattern with --reference $reference: the statistics are compared level by level; give one of them"
args_time --time "$time"
case $scaling in
  h2) shift_per_level=2 ;;  # dt0 / 4^i, steps0 * 4^i
  h) shift_per_level=1 ;;   # dt0 / 2^i, steps0 * 2^i
  none) shift_per_level=0 ;; # dt0, steps0
  *) args_refuse --dt-scaling "$scaling" "h2 (dt0 / 4^i, the default), h (dt0 / 2^i, for time.integrator=rkl2) or none (dt0 at every level)" ;;
esac
case $compare in
  points | averages) ;;
  *) args_refuse --compare "$compare" "points (the default) or averages" ;;
esac
((pattern)) || reference=${reference:-successive}
case $reference in
  "" | finest | successive) ;;
  richardson) ((levels >= 4)) || args_refuse --reference "$reference" "finest or successive with --levels $levels (richardson needs 4 or more)" ;;
  *) args_refuse --reference "$reference" "finest, richardson or successive" ;;
esac
(($# >= 1)) || args_fail "no INPUT.toml given (see --help)"
input=$1
shift
args_input "$input"
args_overrides "$@"
args_text --out "$out"
out=$(realpath -m -- "$out")
bin=${GS_BIN:-$(gs_default_bin "$study_root")}
# A launcher with arguments ("mpiexec --oversubscribe") is several words.
read -r -a mpiexec <<<"${MPIEXEC:-mpiexec}"
((${#mpiexec[@]})) || mpiexec=(mpiexec)
((local && ranks > 1)) && ! command -v "${mpiexec[0]}" >/dev/null &&
  args_refuse MPIEXEC "${MPIEXEC:-mpiexec}" "a launcher on PATH, with its options if any (e.g. \"mpiexec --oversubscribe\")"

# Keys that do not change the fields compared (images, logs, checkpoints, the
# rank layout: the same bits on any rank count) stay out of the plan.
same_result=(output.dir output.every output.log_every output.field output.colormap output.vmin output.vmax
  output.image_scale 'checkpoint.*' 'parallel.*' 'insitu.*' time.allow_unstable)
study_text="study = convergence"
all_dirs=()
for ((i = 0; i < levels; ++i)); do all_dirs+=("$out/n$(printf %04d "$((n0 << i))")"); done
args_bin >/dev/null || exit 2  # a missing program is no level's fault: refused before the levels are named
dirs=() deps=()
# Through Slurm, DIR/jobs.txt records the jobs as they are submitted (slurm/cancel.sh DIR);
# a --local study has none (an old file would name another study's jobs).
if ((local)); then study_plan "rm -f $(printf %q "$out/$study_jobs_name")"; else study_plan "$(study_jobs_start "$out" convergence)"; fi
for ((i = 0; i < levels; ++i)); do
  n=$((n0 << i))
  steps=$((steps0 << (shift_per_level * i)))
  # dt0 / 4^i (or 2^i) exactly (a division by a power of two), printed as the shortest round-tripping decimal.
  dt=$(/usr/bin/python3 -c 'import sys; print(repr(float(sys.argv[1]) / 2 ** int(sys.argv[2])))' "$dt0" "$((shift_per_level * i))")
  run_dir=$out/n$(printf %04d "$n")
  dirs+=("$run_dir")
  # grid.n as one number: the same n on every axis of the input's domain.
  level=("grid.n=$n" "time.dt=$dt" "time.steps=$steps" "output.fields_every=$steps" "output.every=0"
    "output.dir=$run_dir")
  # A level the program refuses (e.g. a dt past the explicit limit at the finer levels) is named by its n.
  args_prog="$prog: level n = $n (dt = $dt, $steps steps)"
  study_text+=$'\n'$(study_member_plan "$(basename "$run_dir")" "$ranks" "$input" "$@" "${level[@]}" -- "${same_result[@]}") ||
    exit 2
  args_prog=$prog
  if ((local)); then
    launch=()
    ((ranks > 1)) && launch=("${mpiexec[@]}" -n "$ranks")
    study_plan "$(study_local_run "n = $n (dt = $dt, $steps steps)" "$run_dir" "$out" convergence all_dirs -- \
      "${launch[@]}" "$bin" "$input" "$@" "${level[@]}")"
  else
    line=$(study_submit_line --site "$site" --ranks-per-node "$ranks" --time "$time" --name "gs-conv-$n" \
      "$input" "$@" "${level[@]}") || exit 2
    study_plan "id_$n=\$($line)"
    study_plan "$(study_jobs_member "$out" "\$id_$n" "$run_dir")"
    deps+=("\$id_$n")
  fi
done
study_check_plan "$out" "$study_text"
study_write_plan "$out" "$study_text"
collect=(/usr/bin/python3 "$study_root/postprocess/gs_post.py" convergence "${dirs[@]}" --out "$out"
  --tolerance "$tol" --dt-scaling "$scaling" --compare "$compare")
[[ -n $reference ]] && collect+=(--reference "$reference")
[[ -n $expect ]] && collect+=(--expect-order "$expect")
((pattern)) && collect+=(--pattern)
if ((local)); then
  study_plan "$(study_collect_local "$out" convergence dirs -- "${collect[@]}")"
else
  study_plan "deps=$(IFS=:; echo "${deps[*]}")"
  study_plan "$(study_collect_job "$site" deps "$out" convergence collect dirs -- "${collect[@]}")"
  study_plan "echo \"convergence: jobs $(IFS=' '; echo "${deps[*]}"); collect job \$collect_id -> $(printf %q "$out")/convergence.{md,csv,png}, result.txt\""
fi
study_run "$dry"
