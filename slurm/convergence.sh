#!/usr/bin/env bash
# Spatial convergence study: the same physical problem at h, h/2, h/4, ...
# with dt scaled by h^2 (steps by 4 per level, same final time), then the
# errors and observed orders (postprocess/gs_post.py convergence).
usage() {
  cat <<'USAGE'
usage: slurm/convergence.sh [options] INPUT.toml [key=value ...]
  --n0 N            cells per axis on the coarsest grid (default 16)
  --levels M        number of grids: n0, 2 n0, ..., 2^(M-1) n0 (default 4; at least 3)
  --dt0 DT          time step on the coarsest grid (default 0.2); level i uses DT / 4^i
  --steps0 S        steps on the coarsest grid (default 10); level i uses S * 4^i
  --out DIR         study folder (default out/convergence): DIR/nNNNN/ per run, DIR/convergence.*
  --ranks R         ranks per run (default 1)
  --local           run here one after another (mpiexec when R > 1); default: submit jobs
  --site NAME       site settings for the jobs;  --time HH:MM:SS  limit per job (default 00:30:00)
  --reference finest|richardson    error reference (default finest)
  --expect-order P  fail (exit 1) unless every observed L2 order is within --tolerance of P
  --tolerance T     default 0.2
The input should start from a smooth state (init.type = "sine"): a patch or
thresholded noise has edges that converge at first order at best.
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
n0=16 levels=4 dt0=0.2 steps0=10 out=out/convergence ranks=1 local=0 site=generic-cpu time=00:30:00
reference=finest expect=() tol=0.2
while (($#)); do
  case $1 in
    --n0) n0=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --dt0) dt0=$2; shift 2 ;;
    --steps0) steps0=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --local) local=1; shift ;;
    --site) site=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --reference) reference=$2; shift 2 ;;
    --expect-order) expect=(--expect-order "$2"); shift 2 ;;
    --tolerance) tol=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    --*) study_die "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
(($# >= 1)) || { usage >&2; exit 2; }
for v in "$n0" "$levels" "$steps0" "$ranks"; do [[ $v =~ ^[0-9]+$ && $v -gt 0 ]] || study_die "'$v' is not a positive integer"; done
((levels >= 3)) || study_die "--levels must be at least 3 (two orders need three grids)"
input=$1
shift
[[ -f $input ]] || study_die "input file $input not found"
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=${GS_BIN:-$study_root/build/src/grayscott}
dirs=() ids=()
for ((i = 0; i < levels; ++i)); do
  n=$((n0 << i))
  steps=$((steps0 << (2 * i)))
  dt=$(/usr/bin/python3 -c "print(repr(float('$dt0') / 4**$i))")
  run_dir=$out/n$(printf %04d "$n")
  dirs+=("$run_dir")
  # grid.n as one number: the same n on every axis of the input's domain.
  level=("grid.n=$n" "time.dt=$dt" "time.steps=$steps" "output.fields_every=$steps" "output.every=0"
    "output.dir=$run_dir")
  if ((local)); then
    mkdir -p "$run_dir"
    launch=()
    ((ranks > 1)) && launch=(${MPIEXEC:-mpiexec} -n "$ranks")
    echo "== n = $n, dt = $dt, $steps steps"
    "${launch[@]}" "$bin" "$input" "$@" "${level[@]}" >"$run_dir/run.log" 2>&1 ||
      { tail -5 "$run_dir/run.log" >&2; study_die "the n = $n run failed: see $run_dir/run.log"; }
  else
    ids+=("$("$study_root/slurm/submit.sh" --site "$site" --ranks-per-node "$ranks" --time "$time" --name "gs-conv-$n" \
      "$input" "$@" "${level[@]}")")
  fi
done
collect=(/usr/bin/python3 "$study_root/postprocess/gs_post.py" convergence "${dirs[@]}" --out "$out"
  --reference "$reference" --tolerance "$tol" "${expect[@]}")
if ((local)); then
  "${collect[@]}"
  exit
fi
mapfile -t helper < <(study_helper_sbatch "$site")
dep=$(IFS=:; echo "${ids[*]}")
cid=$(sbatch --parsable "${helper[@]}" --job-name=gs-conv-collect --dependency="afterok:$dep" --kill-on-invalid-dep=yes \
  --output="$out/collect-%j.out" --wrap "$(printf '%q ' "${collect[@]}")")
echo "convergence: jobs ${ids[*]}; collect job $cid -> $out/convergence.{md,csv,png}"
