#!/usr/bin/env bash
# Parameter sweep over an (F, k) grid: one job array, then a montage job that
# waits for it and assembles the final images into one chart with F and k axes.
usage() {
  cat <<'USAGE'
usage: slurm/sweep.sh [options] INPUT.toml [key=value ...]
  --F FIRST:LAST:COUNT   feed rates (default 0.01:0.07:7)
  --k FIRST:LAST:COUNT   kill rates (default 0.045:0.065:5)
  --out DIR              sweep folder (default out/sweep): DIR/F<F>_k<k>/ per run, DIR/montage.png
  --site NAME            site settings (slurm/site/NAME.env)
  --ranks-per-node R     ranks per run (default 1)
  --time HH:MM:SS        limit per run (default 00:30:00)
  --max-parallel M       at most M array tasks at once (default: no limit)
  --dry-run              write DIR/sweep.txt and print the commands only
Prints the array job id and the montage job id.
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
F=0.01:0.07:7 k=0.045:0.065:5 out=out/sweep site=generic-cpu rpn=1 time=00:30:00 maxp="" dry=0
while (($#)); do
  case $1 in
    --F) F=$2; shift 2 ;;
    --k) k=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --site) site=$2; shift 2 ;;
    --ranks-per-node) rpn=$2; shift 2 ;;
    --time) time=$2; shift 2 ;;
    --max-parallel) maxp=$2; shift 2 ;;
    --dry-run) dry=1; shift ;;
    -h | --help) usage; exit 0 ;;
    --*) study_die "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
(($# >= 1)) || { usage >&2; exit 2; }
input=$1
shift
[[ -f $input ]] || study_die "input file $input not found"
mkdir -p "$out"
out=$(cd "$out" && pwd)
# One line of overrides per array task.
/usr/bin/python3 - "$F" "$k" "$out" >"$out/sweep.txt" <<'PY' || study_die "bad --F or --k (FIRST:LAST:COUNT, COUNT >= 1)"
import sys
def axis(spec):
    a, b, n = spec.split(":")
    a, b, n = float(a), float(b), int(n)
    if n < 1: raise ValueError
    return [a] if n == 1 else [a + (b - a) * i / (n - 1) for i in range(n)]
Fs, ks = axis(sys.argv[1]), axis(sys.argv[2])
for F in Fs:
    for k in ks:
        print("physics.F=%.6g physics.k=%.6g output.dir=%s/F%.6g_k%.6g" % (F, k, sys.argv[3], F, k))
PY
count=$(wc -l <"$out/sweep.txt")
array="0-$((count - 1))${maxp:+%$maxp}"
if ((dry)); then
  echo "$count runs listed in $out/sweep.txt"
  GS_SWEEP_FILE=$out/sweep.txt "$study_root/slurm/submit.sh" --dry-run --site "$site" --ranks-per-node "$rpn" --time "$time" \
    --name gs-sweep --sbatch "--array=$array" "$input" "$@" "output.dir=$out"
  exit 0
fi
array_id=$(GS_SWEEP_FILE=$out/sweep.txt "$study_root/slurm/submit.sh" --site "$site" --ranks-per-node "$rpn" --time "$time" \
  --name gs-sweep --sbatch "--array=$array" "$input" "$@" "output.dir=$out")
mapfile -t helper < <(study_helper_sbatch "$site")
# afterany: the montage also shows which runs failed.
montage_id=$(sbatch --parsable "${helper[@]}" --job-name=gs-montage --dependency="afterany:$array_id" \
  --kill-on-invalid-dep=yes --output="$out/montage-%j.out" \
  --wrap "/usr/bin/python3 $(printf %q "$study_root/postprocess/gs_post.py") montage $(printf %q "$out")/'F*_k*' -o $(printf %q "$out/montage.png")")
echo "sweep: $count runs in job array $array_id; montage job $montage_id -> $out/montage.png"
