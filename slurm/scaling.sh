#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Strong or weak scaling series: one job per rank count, then a collect job
# (afterany) that tabulates and plots the summaries (postprocess/gs_post.py
# scaling) and writes DIR/result.txt whatever the runs did.
usage() {
  cat <<'USAGE'
usage: slurm/scaling.sh --kind strong|weak [options] INPUT.toml [key=value ...]
  --ranks LIST           rank counts, comma separated, each from 1 to 1000000 (default 1,2,4)
  --per-node M           most ranks per node (default 4; with --gpu: GPUs per node)
  --box NX[,NY[,NZ]]     weak: cells per rank per axis (default 128 in 2D / 64 in 3D)
  --h H                  weak: cell size, a finite number > 0 (default 1.0): the global box is n*h per axis
  --dims D               weak: 2 or 3 (default 2)
  --out DIR              series folder (default out/scaling-KIND): DIR/ranksNNNN/ per run, DIR/result.txt,
                         DIR/study-plan.txt (a folder that holds another series' plan is refused), DIR/jobs.txt
                         (the job ids; slurm/cancel.sh DIR cancels them)
  --site NAME            site settings;  --gpu  one rank per GPU (slurm/gpu.sbatch)
  --time TIME            limit per job (default 00:30:00)
  --local                run one after another here with mpiexec (MPIEXEC, GS_BIN) instead of submitting
  --dry-run              print the commands and write nothing
Every run is checked with "$GS_BIN --check" before anything is written or queued.
Strong: the grid of INPUT (and overrides) on every rank count. Weak: grid.n = box x layout.
Collect again any time:  /usr/bin/python3 postprocess/gs_post.py scaling DIR/ranks* --out DIR
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
kind="" ranks=1,2,4 per_node=4 box="" h="" dims="" out="" site="" gpu=() time=00:30:00 local=0 dry=0
while (($#)); do
  case $1 in
    --kind) args_need "$1" $#; kind=$2; shift 2 ;;
    --ranks) args_need "$1" $#; ranks=$2; shift 2 ;;
    --per-node) args_need "$1" $#; per_node=$2; shift 2 ;;
    --box) args_need "$1" $#; box=$2; shift 2 ;;
    --h) args_need "$1" $#; h=$2; shift 2 ;;
    --dims) args_need "$1" $#; dims=$2; shift 2 ;;
    --out) args_need "$1" $#; out=$2; shift 2 ;;
    --site) args_need "$1" $#; site=$2; shift 2 ;;
    --gpu) gpu=(--gpu); shift ;;
    --time) args_need "$1" $#; time=$2; shift 2 ;;
    --local) local=1; shift ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
[[ $kind == strong || $kind == weak ]] || args_refuse --kind "$kind" "strong or weak (required)"
if [[ $kind == strong ]]; then
  [[ -z $box ]] || args_refuse --box "$box" "only with --kind weak"
  [[ -z $h ]] || args_refuse --h "$h" "only with --kind weak"
  [[ -z $dims ]] || args_refuse --dims "$dims" "only with --kind weak"
fi
dims=${dims:-2} h=${h:-1.0}
[[ $dims == 2 || $dims == 3 ]] || args_refuse --dims "$dims" "2 or 3"
args_real --h "$h" positive
per_node=$(args_int --per-node "$per_node" 1 100000)
args_time --time "$time"
[[ $ranks =~ ^[0-9]{1,7}(,[0-9]{1,7}){0,63}$ ]] || args_refuse --ranks "$ranks" "a comma-separated list of 1 to 64 rank counts from 1 to 1000000"
IFS=, read -r -a rank_list <<<"$ranks"
seen=","
for i in "${!rank_list[@]}"; do
  p=$(args_int --ranks "${rank_list[i]}" 1 1000000)
  [[ $seen != *",$p,"* ]] || args_refuse --ranks "$ranks" "rank counts that differ (each once)"
  seen+="$p,"
  nodes=$(((p + per_node - 1) / per_node))
  ((p % nodes == 0)) || args_refuse --ranks "$p" "rank counts that split evenly over whole nodes ($p ranks need $nodes nodes of at most $per_node)"
  rank_list[i]=$p
done
box=${box:-$([[ $dims == 3 ]] && echo 64 || echo 128)}
[[ $box =~ ^[0-9]{1,6}(,[0-9]{1,6}){0,2}$ ]] || args_refuse --box "$box" "NX[,NY[,NZ]]: 1 to $dims cell counts per rank, each from 1 to 100000"
IFS=, read -r -a box_list <<<"$box"
((${#box_list[@]} <= dims)) || args_refuse --box "$box" "at most $dims cell counts (--dims $dims)"
for i in "${!box_list[@]}"; do box_list[i]=$(args_int --box "${box_list[i]}" 1 100000); done
while ((${#box_list[@]} < dims)); do box_list+=("${box_list[-1]}"); done
(($# >= 1)) || args_fail "no INPUT.toml given (see --help)"
input=$1
shift
args_input "$input"
args_overrides "$@"
out=${out:-out/scaling-$kind}
args_text --out "$out"
out=$(realpath -m -- "$out")
site=${site:-${GS_SITE:-generic-$([[ ${#gpu[@]} -gt 0 ]] && echo gpu || echo cpu)}}
bin=${GS_BIN:-$(gs_default_bin "$study_root")}
# A launcher with arguments ("mpiexec --oversubscribe") is several words.
read -r -a mpiexec <<<"${MPIEXEC:-mpiexec}"
((${#mpiexec[@]})) || mpiexec=(mpiexec)
((local)) && ! command -v "${mpiexec[0]}" >/dev/null &&
  args_refuse MPIEXEC "${MPIEXEC:-mpiexec}" "a launcher on PATH, with its options if any (e.g. \"mpiexec --oversubscribe\")"

# A scaling result is times: only keys that cannot change them (where the run
# writes, how images look, what a restart may do) stay out of the plan; the
# launch (local or Slurm, nodes, GPUs) is part of it.
same_result=(output.dir output.field output.colormap output.vmin output.vmax checkpoint.allow_physics_change
  checkpoint.overwrite time.allow_unstable)
study_text="study = scaling-$kind"$'\n'"launch = $( ((local)) && echo "local: ${mpiexec[*]}" || echo "Slurm: site $site, at most $per_node ranks per node${gpu:+, one per GPU}")"
all_dirs=()
for p in "${rank_list[@]}"; do all_dirs+=("$out/ranks$(printf %04d "$p")"); done
run_dirs=() deps=()
# Through Slurm, DIR/jobs.txt records the jobs as they are submitted (slurm/cancel.sh DIR);
# a --local study has none (an old file would name another study's jobs).
if ((local)); then study_plan "rm -f $(printf %q "$out/$study_jobs_name")"; else study_plan "$(study_jobs_start "$out" "scaling-$kind")"; fi
for p in "${rank_list[@]}"; do
  nodes=$(((p + per_node - 1) / per_node))
  run_dir=$out/ranks$(printf %04d "$p")
  run_dirs+=("$run_dir")
  extra=("output.dir=$run_dir")
  if [[ $kind == weak ]]; then
    read -r -a layout <<<"$(study_layout "$p" "$dims")"
    n=() L=()
    for ((d = 0; d < dims; ++d)); do
      n+=($((box_list[d] * layout[d])))
      L+=("$(/usr/bin/python3 -c 'import sys; print(repr(int(sys.argv[1]) * float(sys.argv[2])))' "${n[d]}" "$h")")
    done
    extra+=("grid.dims=$dims" "grid.n=$(study_list "${n[@]}")" "grid.L=$(study_list "${L[@]}")"
      "parallel.layout=$(study_list "${layout[@]}")")
  fi
  study_text+=$'\n'$(study_member_plan "$(basename "$run_dir")" "$p" "$input" "$@" "${extra[@]}" -- "${same_result[@]}") || exit 2
  if ((local)); then
    study_plan "$(study_local_run "$p-rank" "$run_dir" "$out" "scaling-$kind" all_dirs -- \
      "${mpiexec[@]}" -n "$p" "$bin" "$input" "$@" "${extra[@]}")"
  else
    # Whole nodes, so no other job shares the memory bandwidth or the network being measured.
    line=$(study_submit_line "${gpu[@]}" --site "$site" --nodes "$nodes" --ranks-per-node $((p / nodes)) \
      --time "$time" --name "gs-$kind-$p" --sbatch --exclusive "$input" "$@" "${extra[@]}") || exit 2
    study_plan "id_$p=\$($line)"
    study_plan "$(study_jobs_member "$out" "\$id_$p" "$run_dir")"
    deps+=("\$id_$p")
  fi
done
study_check_plan "$out" "$study_text"
study_write_plan "$out" "$study_text"
collect=(/usr/bin/python3 "$study_root/postprocess/gs_post.py" scaling --kind "$kind" "${run_dirs[@]}" --out "$out")
if ((local)); then
  study_plan "$(study_collect_local "$out" "scaling-$kind" run_dirs -- "${collect[@]}")"
else
  study_plan "deps=$(IFS=:; echo "${deps[*]}")"
  study_plan "$(study_collect_job "$site" deps "$out" "scaling-$kind" collect run_dirs -- "${collect[@]}")"
  study_plan "echo \"$kind scaling: jobs $(IFS=' '; echo "${deps[*]}"); collect job \$collect_id -> $(printf %q "$out")/scaling.{md,csv,png}\""
fi
study_run "$dry"
