#!/usr/bin/env bash
# Strong or weak scaling series: one job per rank count, then a collect job
# that tabulates and plots the summaries (postprocess/gs_post.py scaling).
usage() {
  cat <<'USAGE'
usage: slurm/scaling.sh --kind strong|weak [options] INPUT.toml [key=value ...]
  --ranks LIST           rank counts, comma separated (default 1,2,4)
  --per-node M           most ranks per node (default 4; with --gpu: GPUs per node)
  --box NX[,NY[,NZ]]     weak: cells per rank per axis (default 128 in 2D / 64 in 3D)
  --h H                  weak: cell size (default 1.0): the global box is n*h per axis
  --dims D               weak: 2 or 3 (default 2)
  --out DIR              series folder (default out/scaling-KIND): DIR/ranksNNNN/ per run
  --site NAME            site settings;  --gpu  one rank per GPU (slurm/gpu.sbatch)
  --time HH:MM:SS        limit per job (default 00:30:00)
  --local                run one after another here with mpiexec instead of submitting
Strong: the grid of INPUT (and overrides) on every rank count. Weak: grid.n = box x layout.
Collect again any time:  /usr/bin/python3 postprocess/gs_post.py scaling 'DIR/ranks*' --out DIR
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
kind="" ranks=1,2,4 per_node=4 box="" h=1.0 dims=2 out="" site="" gpu=() time=00:30:00 local=0
while (($#)); do
  case $1 in
    --kind) kind=$2; shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --per-node) per_node=$2; shift 2 ;;
    --box) box=$2; shift 2 ;;
    --h) h=$2; shift 2 ;;
    --dims) dims=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --site) site=$2; shift 2 ;;
    --gpu) gpu=(--gpu); shift ;;
    --time) time=$2; shift 2 ;;
    --local) local=1; shift ;;
    -h | --help) usage; exit 0 ;;
    --*) study_die "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
[[ $kind == strong || $kind == weak ]] || study_die "--kind strong or --kind weak is required"
[[ $dims == 2 || $dims == 3 ]] || study_die "--dims must be 2 or 3"
(($# >= 1)) || { usage >&2; exit 2; }
input=$1
shift
[[ -f $input ]] || study_die "input file $input not found"
out=${out:-out/scaling-$kind}
mkdir -p "$out"
out=$(cd "$out" && pwd)
site=${site:-generic-$([[ ${#gpu[@]} -gt 0 ]] && echo gpu || echo cpu)}
IFS=, read -r -a rank_list <<<"$ranks"
if [[ -z $box ]]; then box=$([[ $dims == 3 ]] && echo 64 || echo 128); fi
IFS=, read -r -a box_list <<<"$box"
while ((${#box_list[@]} < dims)); do box_list+=("${box_list[-1]}"); done
ids=()
for p in "${rank_list[@]}"; do
  [[ $p =~ ^[0-9]+$ && $p -gt 0 ]] || study_die "--ranks: '$p' is not a positive integer"
  nodes=$(((p + per_node - 1) / per_node))
  ((p % nodes == 0)) || study_die "$p ranks do not split evenly over $nodes nodes"
  run_dir=$out/ranks$(printf %04d "$p")
  extra=("output.dir=$run_dir")
  if [[ $kind == weak ]]; then
    read -r -a layout <<<"$(study_layout "$p" "$dims")"
    n=() L=()
    for ((d = 0; d < dims; ++d)); do
      n+=($((box_list[d] * layout[d])))
      L+=("$(/usr/bin/python3 -c "print(${n[d]} * float('$h'))")")
    done
    extra+=("grid.dims=$dims" "grid.n=$(study_list "${n[@]}")" "grid.L=$(study_list "${L[@]}")"
      "parallel.layout=$(study_list "${layout[@]}")")
  fi
  if ((local)); then
    echo "== $p ranks: ${extra[*]}"
    mkdir -p "$run_dir"
    ${MPIEXEC:-mpiexec} -n "$p" "$study_root/build/src/grayscott" "$input" "$@" "${extra[@]}" >"$run_dir/run.log" 2>&1 ||
      study_die "the $p-rank run failed: see $run_dir/run.log"
  else
    # Whole nodes, so no other job shares the memory bandwidth or the network being measured.
    ids+=("$("$study_root/slurm/submit.sh" "${gpu[@]}" --site "$site" --nodes "$nodes" --ranks-per-node $((p / nodes)) \
      --time "$time" --name "gs-$kind-$p" --sbatch --exclusive "$input" "$@" "${extra[@]}")")
  fi
done
collect="/usr/bin/python3 $(printf %q "$study_root/postprocess/gs_post.py") scaling --kind $kind $(printf %q "$out")/'ranks*' --out $(printf %q "$out")"
if ((local)); then
  eval "$collect"
  exit 0
fi
mapfile -t helper < <(study_helper_sbatch "$site")
dep=$(IFS=:; echo "${ids[*]}")
cid=$(sbatch --parsable "${helper[@]}" --job-name=gs-collect --dependency="afterany:$dep" --kill-on-invalid-dep=yes \
  --output="$out/collect-%j.out" --wrap "$collect")
echo "$kind scaling: jobs ${ids[*]}; collect job $cid -> $out/scaling.{md,csv,png}"
