#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Time to accuracy: Heun (rk2) at the dt a convergence study uses today
# (dt0 / 4^i at level i) against rkl2 super-time-stepping at several larger dt,
# and the fourth-order stencil (grid.order = 4) with rkl2, on the smooth
# convergence problems (slurm/inputs/convergence-{2d,3d}.toml), here, one run
# after another, one rank each. Every run's error is its difference from one
# reference (an order-4 rkl2 run on a grid refine x finer than the finest
# level, at a small dt) sampled at the run's cell centres, so it holds the
# space error a study measures as well as the time error; its cost is the
# run's loop time (summary.json wall_time_s.time_loop). The table and the plot
# of error against wall time come from postprocess/gs_post.py time-to-accuracy.
usage() {
  cat <<'USAGE'
usage: slurm/time_to_accuracy.sh [options] [key=value ...]
  --dims LIST       the problems: "2 3" (default), "2" or "3"
  --levels2 M       2D levels n0, 2 n0, ..., 2^(M-1) n0 (n0 = 16), 2 to 9 (default 7: 16^2 to 1024^2)
  --levels3 M       3D levels (n0 = 8), 2 to 7 (default 5: 8^3 to 128^3)
  --dt0 DT          Heun's time step on the coarsest grid (default 0.2; level i: DT / 4^i, steps0 * 4^i steps)
  --steps0 S        steps on the coarsest grid, 1 to 1000000 (default 10)
  --factors LIST    rkl2's dt at the finest level as multiples of Heun's dt there, powers of 2 from 2 to 2^20
                    that divide its step count (default "16 64 256 1024"; in 3D those above the step count
                    are left out); the coarser levels run rkl2 at dt0 / 2^i (convergence.sh --dt-scaling h)
                    and the finest at that dt too, so the whole study's cost is measured
  --order4-levels2 M  order-4 levels in 2D (n0 = 16), 0 (none) to --levels2 (default 4, at most --levels2: 16^2 to 128^2)
  --order4-levels3 M  order-4 levels in 3D (n0 = 8), 0 (none) to --levels3 (default 3, at most --levels3: 8^3 to 32^3)
  --order4-factor F   order 4's dt = F x Heun's dt at the same level (dt0 / 4^i), a power of 2 from 1 to 64
                    that divides Heun's step count (default 2: rkl2's time error, of order dt^2 ~ h^4, stays a
                    fifth of order 4's space error at every level); each order-4 level also runs once at
                    dt / 4, untimed, to measure that time error
  --ref-dt DT       the reference run's dt (order 4, rkl2, stages auto; default 0.003125: its time error,
                    about 2e-9 in L2, is below every error compared); dt0 * steps0 / DT must be a whole number
  --refine R        the reference grid is R times the finest per axis: 2 or 4 (default 2)
  --repeats R       timed runs per case, 1 to 9, in rotation (all cases once, then again); medians are reported (default 1)
  --margin M        an rkl2 run reaches Heun's accuracy when its L2 error is at most (1 + M) x Heun's
                    (default 0.01: rkl2's time error adds to the same space error, so 0 is never met)
  --pin CPU         run every program under taskset -c CPU (default: not pinned)
  --out DIR         study folder (default out/time-to-accuracy): DIR/dD/<run>/ per run, DIR/runs.tsv,
                    DIR/dD/times/<run>.rR.json (each repeat's summary),
                    DIR/time_to_accuracy.{md,csv,json,png}
  --dry-run         print the commands and run nothing
key=value ...: input keys for every run (e.g. grid.stencil=5); the scheme, grid, dt and outputs are set here.
GS_BIN: the program (default build/src/grayscott; installed: the one beside these scripts).
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/args.sh"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dims_list="2 3" levels2=7 levels3=5 dt0=0.2 steps0=10 factors="16 64 256 1024" ref_dt=0.003125 refine=2 repeats=1
order4_levels2="" order4_levels3="" order4_factor=2
pin="" out=out/time-to-accuracy dry=0 margin=0.01
while (($#)); do
  case $1 in
    --dims) args_need "$1" $#; dims_list=$2; shift 2 ;;
    --levels2) args_need "$1" $#; levels2=$2; shift 2 ;;
    --levels3) args_need "$1" $#; levels3=$2; shift 2 ;;
    --dt0) args_need "$1" $#; dt0=$2; shift 2 ;;
    --steps0) args_need "$1" $#; steps0=$2; shift 2 ;;
    --factors) args_need "$1" $#; factors=$2; shift 2 ;;
    --order4-levels2) args_need "$1" $#; order4_levels2=$2; shift 2 ;;
    --order4-levels3) args_need "$1" $#; order4_levels3=$2; shift 2 ;;
    --order4-factor) args_need "$1" $#; order4_factor=$2; shift 2 ;;
    --ref-dt) args_need "$1" $#; ref_dt=$2; shift 2 ;;
    --refine) args_need "$1" $#; refine=$2; shift 2 ;;
    --repeats) args_need "$1" $#; repeats=$2; shift 2 ;;
    --margin) args_need "$1" $#; margin=$2; shift 2 ;;
    --pin) args_need "$1" $#; pin=$2; shift 2 ;;
    --out) args_need "$1" $#; out=$2; shift 2 ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
case $dims_list in
  "2 3" | "3 2" | 2 | 3) ;;
  *) args_refuse --dims "$dims_list" '"2 3", "2" or "3"' ;;
esac
levels2=$(args_int --levels2 "$levels2" 2 9)
levels3=$(args_int --levels3 "$levels3" 2 7)
steps0=$(args_int --steps0 "$steps0" 1 1000000)
repeats=$(args_int --repeats "$repeats" 1 9)
order4_levels2=$(args_int --order4-levels2 "${order4_levels2:-$((levels2 < 4 ? levels2 : 4))}" 0 "$levels2")
order4_levels3=$(args_int --order4-levels3 "${order4_levels3:-$((levels3 < 3 ? levels3 : 3))}" 0 "$levels3")
order4_factor=$(args_int --order4-factor "$order4_factor" 1 64)
((order4_factor & (order4_factor - 1))) && args_refuse --order4-factor "$order4_factor" "a power of 2 from 1 to 64"
((steps0 % order4_factor == 0)) ||
  args_refuse --order4-factor "$order4_factor" "a power of 2 from 1 to 64 that divides --steps0 $steps0 (Heun's step count on the coarsest level)"
refine=$(args_int --refine "$refine" 2 4)
((refine == 2 || refine == 4)) || args_refuse --refine "$refine" "2 or 4"
args_real --dt0 "$dt0" positive
args_real --ref-dt "$ref_dt" positive
args_real --margin "$margin" nonnegative
[[ -z $pin ]] || pin=$(args_int --pin "$pin" 0 4095)
[[ -z $pin ]] || command -v taskset >/dev/null || args_refuse --pin "$pin" "a CPU number, with taskset on PATH"
read -r -a factor_list <<<"$factors"
((${#factor_list[@]})) || args_refuse --factors "$factors" "powers of 2 from 2 to 2^20, separated by spaces"
for f in "${factor_list[@]}"; do
  [[ $f =~ ^[0-9]{1,7}$ ]] && ((10#$f >= 2 && 10#$f <= 1048576 && (10#$f & (10#$f - 1)) == 0)) ||
    args_refuse --factors "$factors" "powers of 2 from 2 to 2^20, separated by spaces"
done
# The reference's step count: the final time dt0 * steps0 over --ref-dt, a whole number.
ref_steps=$(awk -v t="$dt0" -v s="$steps0" -v d="$ref_dt" 'BEGIN { n = t * s / d; r = int(n + 0.5); if (r < 1 || (n - r) * (n - r) > 1e-18 * n * n) print ""; else print r }')
[[ -n $ref_steps ]] || args_refuse --ref-dt "$ref_dt" "a dt that divides the final time dt0 * steps0 = $(awk -v t="$dt0" -v s="$steps0" 'BEGIN { print t * s }') into a whole number of steps"
args_overrides "$@"
args_text --out "$out"
out=$(realpath -m -- "$out")
bin=${GS_BIN:-$(gs_default_bin "$root")}
[[ -x $bin ]] || args_refuse GS_BIN "$bin" "the grayscott program (an executable file)"
launch=()
[[ -n $pin ]] && launch=(taskset -c "$pin")

# dt0 / 2^k exactly (a division by a power of two), as the shortest round-tripping decimal.
dt_over() { /usr/bin/python3 -c 'import sys; print(repr(float(sys.argv[1]) / 2 ** int(sys.argv[2])))' "$1" "$2"; }
log2() { local v=$1 k=0; while ((v > 1)); do v=$((v / 2)); k=$((k + 1)); done; echo "$k"; }

# The cases: "DIMS NAME ROLE INTEGRATOR ORDER N DT STEPS" per line; ROLE reference, heun, rkl2-study
# (rkl2 at dt0 / 2^i), rkl2 (the finest level at a factor), order4 (grid.order = 4, rkl2 at
# --order4-factor x Heun's dt), order4-dt4 (the same at a quarter of that dt: its time error, untimed).
cases=()
for d in $dims_list; do
  if ((d == 2)); then levels=$levels2 levels4=$order4_levels2 n0=16; else levels=$levels3 levels4=$order4_levels3 n0=8; fi
  last=$((levels - 1))
  for ((i = 0; i < levels; ++i)); do
    n=$((n0 << i))
    heun_steps=$((steps0 << (2 * i)))
    cases+=("$d heun-n$n heun rk2 2 $n $(dt_over "$dt0" $((2 * i))) $heun_steps")
    study_factor=$((1 << i))  # dt0 / 2^i = Heun's dt0 / 4^i times 2^i
    done_factors=" "
    if ((i == last)); then
      for f in "${factor_list[@]}" "$study_factor"; do
        f=$((10#$f))
        [[ $done_factors == *" $f "* ]] && continue
        ((heun_steps % f == 0)) || {
          [[ $f == "$study_factor" ]] || echo "$args_prog: ${d}D: factor $f left out (Heun's $heun_steps steps at n = $n are not a multiple of it)" >&2
          continue
        }
        done_factors+="$f "
        role=rkl2
        ((f == study_factor)) && role=rkl2-study
        cases+=("$d rkl2-n$n-x$f $role rkl2 2 $n $(dt_over "$dt0" $((2 * i - $(log2 "$f")))) $((heun_steps / f))")
      done
    else
      cases+=("$d rkl2-n$n-x$study_factor rkl2-study rkl2 2 $n $(dt_over "$dt0" "$i") $((steps0 << i))")
    fi
    if ((i < levels4)); then
      k=$(log2 "$order4_factor")
      cases+=("$d order4-n$n order4 rkl2 4 $n $(dt_over "$dt0" $((2 * i - k))) $((heun_steps / order4_factor))")
      cases+=("$d order4-n$n-dt4 order4-dt4 rkl2 4 $n $(dt_over "$dt0" $((2 * i - k + 2))) $((heun_steps * 4 / order4_factor))")
    fi
  done
  ref_n=$(((n0 << last) * refine))
  cases+=("$d reference-n$ref_n reference rkl2 4 $ref_n $ref_dt $ref_steps")
done

input_of() { echo "$root/slurm/inputs/convergence-${1}d.toml"; }
# The stencil keys of an order: the inputs' own stencil (9-point, 27-point) for order 2, the radius-2 cross
# for order 4 (9 points in 2D, 13 in 3D).
order_keys() {
  if (($2 == 4)); then echo "grid.order=4 grid.stencil=$((4 * $1 + 1))"; else echo "grid.order=2"; fi
}
# Every case is checked by the program first: a bad key=value is refused before anything runs.
check_err=$(mktemp)
trap 'rm -f "$check_err"' EXIT
for c in "${cases[@]}"; do
  read -r d name role integ order n dt steps <<<"$c"
  read -r -a okeys <<<"$(order_keys "$d" "$order")"
  "$bin" --check "$(input_of "$d")" "$@" "${okeys[@]}" "grid.n=$n" "time.integrator=$integ" "time.dt=$dt" "time.steps=$steps" \
    >/dev/null 2>"$check_err" || {
    err=$(head -1 "$check_err")
    [[ -n $err ]] || err="the program refused it (--check)"
    args_fail "${d}D $name: $err"
  }
done

commands=()
for c in "${cases[@]}"; do
  read -r d name role integ order n dt steps <<<"$c"
  read -r -a okeys <<<"$(order_keys "$d" "$order")"
  dir=$out/d$d/$name
  commands+=("$(args_print_cmd "${launch[@]}" "$bin" "$(input_of "$d")" "$@" "${okeys[@]}" "grid.n=$n" "time.integrator=$integ" \
    "time.dt=$dt" "time.steps=$steps" "output.every=0" "output.fields_every=$steps" "output.dir=$dir")")
done
post=(/usr/bin/python3 "$root/postprocess/gs_post.py" time-to-accuracy "$out" --margin "$margin")
if ((dry)); then
  for ((r = 0; r < repeats; ++r)); do printf '%s\n' "${commands[@]}"; done
  args_print_cmd "${post[@]}"
  echo
  exit 0
fi
mkdir -p "$out"
# Timings of an earlier study in this folder (more repeats, other cases) must not be counted as this one's.
rm -rf "$out"/d2/times "$out"/d3/times
# runs.tsv: one line per case (the postprocess reads it); each repeat's summary.json is kept as
# DIR/dD/times/<run>.rR.json (the loop times whose median is reported).
{
  printf 'dims\tname\trole\tintegrator\torder\tn\tdt\tsteps\tdir\n'
  for c in "${cases[@]}"; do
    read -r d name role integ order n dt steps <<<"$c"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$d" "$name" "$role" "$integ" "$order" "$n" "$dt" "$steps" "d$d/$name"
  done
} >"$out/runs.tsv"
# The reference and the time-error checks are not timed: they run once.
untimed() { [[ $1 == reference || $1 == order4-dt4 ]]; }
once=0
for c in "${cases[@]}"; do
  read -r d name role _ <<<"$c"
  untimed "$role" && once=$((once + 1))
done
total=$(((${#cases[@]} - once) * repeats + once)) k=0
for ((r = 1; r <= repeats; ++r)); do
  for idx in "${!cases[@]}"; do
    read -r d name role integ order n dt steps <<<"${cases[idx]}"
    untimed "$role" && ((r > 1)) && continue
    k=$((k + 1))
    dir=$out/d$d/$name
    echo "== [$k/$total] ${d}D $name (repeat $r of $repeats): $integ order $order n = $n dt = $dt, $steps steps"
    rm -rf "$dir"
    mkdir -p "$dir"
    rc=0
    bash -c "${commands[idx]}" >"$dir/run.log" 2>&1 || rc=$?
    if ((rc)); then
      tail -3 "$dir/run.log" >&2
      echo "$args_prog: the ${d}D $name run failed (exit $rc): see $dir/run.log" >&2
      exit 1
    fi
    mkdir -p "$out/d$d/times"
    cp "$dir/summary.json" "$out/d$d/times/$name.r$r.json"
    head -1 "$dir/run.log" | grep -o 'dt=.*limit [^)]*)\|dt=[^ ]* (stable up to [^)]*)' || true
    grep -h '^PERFORMANCE' "$dir/run.log" || true
  done
done
"${post[@]}"
