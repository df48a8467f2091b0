#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Threads that share a core are named at the start: a rank bound to one core
# (mpiexec --bind-to core, Open MPI's default) with 2 OpenMP threads prints one
# warning line naming the threads, the CPUs and the options that give each
# thread a core, and still runs to the same digest; unbound, or with one
# thread per rank (every serial build), nothing is printed, also when OpenMP
# pins each thread to a CPU of its own (OMP_PROC_BIND=spread, as the Slurm
# scripts set: each thread's mask is then one CPU, the rank's is two). The
# benchmark says the same.
# usage: check.sh GRAYSCOTT OUTDIR INPUT BACKEND(serial|openmp)
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3 BACKEND=$4
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
args=("$INPUT" grid.n=[64,64] grid.L=[64.0,64.0] time.steps=4 output.every=0)
warning='^grayscott: warning: 2 threads per rank, but a rank may run on only 1 CPU \(its affinity mask\), .*--bind-to none.*slot:PE=2.*--cpus-per-task=2\)$'

for binding in core none; do
  "$MPIEXEC" -n 1 --bind-to $binding -x OMP_NUM_THREADS=2 "$GRAYSCOTT" "${args[@]}" "output.dir=$OUT/$binding" \
    >"$OUT/$binding.out" 2>"$OUT/$binding.err" || fail "--bind-to $binding: the run failed: $(tail -n 3 "$OUT/$binding.err")"
done
"$MPIEXEC" -n 1 --bind-to none -x OMP_NUM_THREADS=2 -x OMP_PROC_BIND=spread -x OMP_PLACES=threads "$GRAYSCOTT" "${args[@]}" \
  "output.dir=$OUT/spread" >"$OUT/spread.out" 2>"$OUT/spread.err" || fail "OMP_PROC_BIND=spread: the run failed: $(tail -n 3 "$OUT/spread.err")"
[[ ! -s $OUT/spread.err ]] || fail "OMP_PROC_BIND=spread, one CPU per thread: stderr is not empty: $(head -n 3 "$OUT/spread.err")"
digest_core=$(digest_of "$OUT/core/summary.json")
[[ $digest_core == "$(digest_of "$OUT/none/summary.json")" ]] || fail "the bound run's digest differs from the unbound one's"
[[ ! -s $OUT/none.err ]] || fail "--bind-to none printed on stderr: $(head -n 3 "$OUT/none.err")"
if [[ $BACKEND == openmp ]]; then
  [[ $(wc -l <"$OUT/core.err") == 1 ]] && grep -Eq "$warning" "$OUT/core.err" ||
    fail "--bind-to core with 2 threads: not the one warning line: $(head -n 3 "$OUT/core.err")"
  echo "PASS: bound to one core with 2 threads: $(cat "$OUT/core.err")"
  "$MPIEXEC" -n 1 --bind-to core -x OMP_NUM_THREADS=2 "$GRAYSCOTT" --benchmark n2d=64 n3d=8 steps=1 repeats=1 warmup=1 \
    stream_mib=1 cases=2d-5pt integrators=euler precisions=double depths=none >"$OUT/bench.out" 2>"$OUT/bench.err" ||
    fail "the bound benchmark failed: $(tail -n 3 "$OUT/bench.err")"
  grep -Eq "$warning" "$OUT/bench.err" || fail "the bound benchmark did not warn: $(head -n 3 "$OUT/bench.err")"
else
  [[ ! -s $OUT/core.err ]] || fail "one thread per rank, bound: stderr is not empty: $(head -n 3 "$OUT/core.err")"
  echo "PASS: one thread per rank ($BACKEND build): no warning, bound or not"
fi
echo "PASS: the same digest $digest_core bound and unbound"
