#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Deep halos at injected latencies: every combination of rank count,
# dimensions, injected latency alpha and parallel.halo_depth T, each run
# --repeat times, then the table of postprocess/gs_post.py latency (medians,
# beside the cost model). The latency comes from libgs_mpi_delay.so
# (src/tools/mpi_delay), whose arrival stamps need one clock for all ranks:
# the runs are local, one after another, with mpiexec (docs/scaling.md,
# "Deep halos at injected latencies").
usage() {
  cat <<'USAGE'
usage: slurm/latency.sh [options] [key=value ...]
  --local              run here, one run after another (the default and only mode: the injector needs one clock)
  --ranks LIST         rank counts, comma separated (default 4,8)
  --dims LIST          2 and/or 3 (default 2,3): 2D runs inputs/default.toml with the 5-point stencil,
                       3D inputs/default-3d.toml with the 7-point one, both Euler with dt 0.5
  --box2 N             cells per rank per axis in 2D (default 128)
  --box3 N             cells per rank per axis in 3D (default 32)
  --alpha LIST         injected latency per message, us; 0 runs without the injector (default 0,2,10,50,200,1000)
  --beta B             injected link bandwidth, bytes/s (default 12.5e9)
  --depths LIST        parallel.halo_depth values (default 1,2,4,8)
  --steps N            time steps per run, a multiple of every depth (default 240)
  --repeat N           runs of each case; the table gives medians (default 3)
  --out DIR            study folder (default out/latency): DIR/RUN/ per run, DIR/RUN.log, DIR/RUN.time
                       (/usr/bin/time of the launch), DIR/latency-runs.tsv, DIR/latency.{md,csv}
  --dry-run            print the runs and write nothing
The key=value overrides go to every run after the study's own. GS_BIN: the program (default
build/src/grayscott); GS_MPI_DELAY: the injector (default build/src/libgs_mpi_delay.so); MPIEXEC: the
launcher. The runs set OMPI_MCA_mpi_yield_when_idle=1: ranks outnumber cores, and a busy wait
would take a core from the rank it waits for.
Table again any time:  /usr/bin/python3 postprocess/gs_post.py latency DIR
USAGE
}
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/study.sh"
ranks=4,8 dims=2,3 box2=128 box3=32 alphas=0,2,10,50,200,1000 beta=12.5e9 depths=1,2,4,8 steps=240 repeat=3 out=out/latency dry=0
while (($#)); do
  case $1 in
    --local) shift ;;
    --ranks) args_need "$1" $#; ranks=$2; shift 2 ;;
    --dims) args_need "$1" $#; dims=$2; shift 2 ;;
    --box2) args_need "$1" $#; box2=$2; shift 2 ;;
    --box3) args_need "$1" $#; box3=$2; shift 2 ;;
    --alpha) args_need "$1" $#; alphas=$2; shift 2 ;;
    --beta) args_need "$1" $#; beta=$2; shift 2 ;;
    --depths) args_need "$1" $#; depths=$2; shift 2 ;;
    --steps) args_need "$1" $#; steps=$2; shift 2 ;;
    --repeat) args_need "$1" $#; repeat=$2; shift 2 ;;
    --out) args_need "$1" $#; out=$2; shift 2 ;;
    --) shift; break ;;
    *) args_shared "$1" || break; shift ;;
  esac
done
for o in "$@"; do
  [[ $o =~ ^[A-Za-z_][A-Za-z0-9_.]*= && $o != *$'\n'* ]] ||
    args_refuse override "$o" "key=value overrides for every run, after the options"
done

# list OPTION VALUE MIN MAX: a comma-separated list of integers, each checked.
int_list() {
  local opt=$1 v=$2 lo=$3 hi=$4 x out=()
  [[ $v =~ ^[0-9]{1,9}(,[0-9]{1,9}){0,31}$ ]] || args_refuse "$opt" "$v" "a comma-separated list of integers from $lo to $hi"
  IFS=, read -r -a xs <<<"$v"
  for x in "${xs[@]}"; do out+=("$(args_int "$opt" "$x" "$lo" "$hi")"); done
  echo "${out[*]}"
}
read -r -a rank_list <<<"$(int_list --ranks "$ranks" 1 64)"
read -r -a dims_list <<<"$(int_list --dims "$dims" 2 3)"
read -r -a depth_list <<<"$(int_list --depths "$depths" 1 16)"
box2=$(args_int --box2 "$box2" 1 100000)
box3=$(args_int --box3 "$box3" 1 10000)
steps=$(args_int --steps "$steps" 1 100000000)
repeat=$(args_int --repeat "$repeat" 1 100)
[[ $alphas =~ ^[^,]+(,[^,]+){0,31}$ ]] || args_refuse --alpha "$alphas" "a comma-separated list of latencies in us, each >= 0"
IFS=, read -r -a alpha_list <<<"$alphas"
for a in "${alpha_list[@]}"; do args_real --alpha "$a" nonnegative; done
args_real --beta "$beta" positive
for T in "${depth_list[@]}"; do
  ((steps % T == 0)) || args_refuse --steps "$steps" "a multiple of every --depths value (not of $T): blocks of T steps only"
done
for T in "${depth_list[@]}"; do
  [[ " ${dims_list[*]} " != *" 2 "* ]] || ((T <= box2)) || args_refuse --box2 "$box2" "at least the largest depth ($T cells: the ghost width)"
  [[ " ${dims_list[*]} " != *" 3 "* ]] || ((T <= box3)) || args_refuse --box3 "$box3" "at least the largest depth ($T cells: the ghost width)"
done
args_text --out "$out"
bin=$(args_bin) || exit 2
lib=${GS_MPI_DELAY:-$(gs_locate "$study_root" lib libgs_mpi_delay.so)}
[[ -f $lib ]] || args_refuse GS_MPI_DELAY "$lib" "the injector library (build it: cmake --build build --target gs_mpi_delay; or set GS_MPI_DELAY)"
read -r -a mpiexec <<<"${MPIEXEC:-mpiexec}"
((${#mpiexec[@]})) || mpiexec=(mpiexec)
command -v "${mpiexec[0]}" >/dev/null || args_refuse MPIEXEC "${MPIEXEC:-mpiexec}" "a launcher on PATH"
[[ -x /usr/bin/time ]] || args_fail "/usr/bin/time is missing (Debian: apt-get install time); it measures each run's CPU time"

# One case's program arguments: the input, the weak-scaled grid and the study's keys.
case_args() {
  local d=$1 p=$2 T=$3 box n=() L=() lay
  shift 3
  read -r -a lay <<<"$(study_layout "$p" "$d")"
  if [[ $d == 2 ]]; then
    box=$box2
    args=("$study_root/inputs/default.toml" grid.stencil=5)
  else
    box=$box3
    args=("$study_root/inputs/default-3d.toml" grid.stencil=7)
  fi
  for l in "${lay[@]}"; do n+=($((box * l))); L+=("$((box * l)).0"); done
  # The measured pattern off: its ghost fill at a progress line is an
  # exchange the latency model of the steps does not count.
  args+=(time.integrator=euler time.dt=0.5 "time.steps=$steps" "grid.n=$(study_list "${n[@]}")" "grid.L=$(study_list "${L[@]}")"
    "parallel.layout=$(study_list "${lay[@]}")" "parallel.halo_depth=$T" output.every=0 output.log_every=100000000 output.pattern_threshold=off "$@")
}

out=$(realpath -m -- "$out")
((dry)) || rm -f "$out/latency-runs.tsv.part"
runs=()
for ((r = 1; r <= repeat; ++r)); do  # the repeats outermost: a slow minute hits every case alike
  for d in "${dims_list[@]}"; do
    for p in "${rank_list[@]}"; do
      for a in "${alpha_list[@]}"; do
        for T in "${depth_list[@]}"; do
          name=$(printf 'd%s_p%02d_a%s_T%02d_r%d' "$d" "$p" "$a" "$T" "$r")
          case_args "$d" "$p" "$T" "$@"
          env=()
          if awk -v x="$a" 'BEGIN { exit !(x + 0 > 0) }'; then
            env=(-x "LD_PRELOAD=$lib" -x "GS_DELAY_ALPHA_US=$a" -x "GS_DELAY_BETA=$beta" -x GS_DELAY_VERBOSE=1)
          fi
          runs+=("$name"$'\t'"$a"$'\t'"$beta"$'\t'"$r")
          cmd=(env OMPI_MCA_mpi_yield_when_idle=1 /usr/bin/time -f "%e %U %S" -o "$out/$name.time"
            "${mpiexec[@]}" -n "$p" "${env[@]}" "$bin" "${args[@]}" "output.dir=$out/$name")
          if ((dry)); then
            args_print_cmd "${cmd[@]}"
            continue
          fi
          # The first run of a case checks its arguments with the program, before anything is written.
          ((r > 1)) || [[ $a != "${alpha_list[0]}" ]] || args_precheck "$p" "${args[@]}" >/dev/null || exit 2
          mkdir -p "$out"
          if ! "${cmd[@]}" >"$out/$name.log" 2>&1; then
            echo "latency.sh: run $name failed: $(tail -n 2 "$out/$name.log" | tr '\n' ' ')" >&2
            exit 1
          fi
          printf '%s\n' "${runs[-1]}" >>"$out/latency-runs.tsv.part"
          echo "$name: $(grep -m1 '^PERFORMANCE' "$out/$name.log" | cut -d' ' -f4-8)"
        done
      done
    done
  done
done
((dry)) && exit 0
mv "$out/latency-runs.tsv.part" "$out/latency-runs.tsv"
echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 "$study_root/postprocess/gs_post.py" latency "$out"
