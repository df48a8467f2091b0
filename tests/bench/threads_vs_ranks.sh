#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Threads or ranks on this machine's two cores, OpenMP build: the benchmark's
# step cases (every stencil, Euler and RK2, double, `parallel.halo_depth =
# "auto"`) on 1 rank x 1 thread, 1 rank x 2 threads (blocked, and pinned to
# halo_depth 1, the threaded ranks' form before the threaded wavefront) and
# 2 ranks x 1 thread, ROUNDS rounds rotating the four; then the medians and
# their ratios, with each configuration's copy bandwidth. Threaded ranks run
# with --bind-to none: mpiexec binds a rank to one core by default, and its
# threads would share it.
# usage: tests/bench/threads_vs_ranks.sh [GRAYSCOTT] (env: ROUNDS=3 OUT=out/threads_vs_ranks CASES=2d-5pt,...)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GRAYSCOTT=${1:-$root/build-openmp/src/grayscott}
ROUNDS=${ROUNDS:-3} OUT=${OUT:-out/threads_vs_ranks}
MPIEXEC=${MPIEXEC:-mpiexec}
PY=${GS_PYTHON:-/usr/bin/python3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMP_PROC_BIND=false
[[ -x $GRAYSCOTT ]] || { echo "threads_vs_ranks: no program at $GRAYSCOTT" >&2; exit 2; }
rm -rf "$OUT" && mkdir -p "$OUT"
# 16 steps: whole blocks at every depth "auto" picks (8 in 2D Euler, 4, 2).
args=(--benchmark steps=16 repeats=5 warmup=8 precisions=double depths=none ${CASES:+"cases=$CASES"})
for r in $(seq 1 "$ROUNDS"); do
  OMP_NUM_THREADS=1 "$MPIEXEC" -n 1 --bind-to none "$GRAYSCOTT" "${args[@]}" --json "$OUT/1x1-$r.json" >"$OUT/1x1-$r.log" 2>&1
  OMP_NUM_THREADS=2 "$MPIEXEC" -n 1 --bind-to none "$GRAYSCOTT" "${args[@]}" parallel.halo_depth=1 \
    --json "$OUT/1x2T1-$r.json" >"$OUT/1x2T1-$r.log" 2>&1
  OMP_NUM_THREADS=2 "$MPIEXEC" -n 1 --bind-to none "$GRAYSCOTT" "${args[@]}" --json "$OUT/1x2-$r.json" >"$OUT/1x2-$r.log" 2>&1
  OMP_NUM_THREADS=1 "$MPIEXEC" -n 2 "$GRAYSCOTT" "${args[@]}" --json "$OUT/2x1-$r.json" >"$OUT/2x1-$r.log" 2>&1
done
"$PY" - "$OUT" "$ROUNDS" <<'PY'
import json, os, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
cfgs = ["1x1", "1x2T1", "1x2", "2x1"]
data = {c: [json.load(open(os.path.join(out, "%s-%d.json" % (c, r)))) for r in range(1, rounds + 1)] for c in cfgs}
threads = data["1x2"][0]["threads_per_rank"]
if threads != 2:
    sys.exit("threads_vs_ranks: the 1x2 runs had %d thread(s) per rank: not an OpenMP build?" % threads)
copy = {c: statistics.median(d["copy_bandwidth_bytes_per_s"] for d in data[c]) for c in cfgs}
print("copy bandwidth, GB/s (median of %d rounds): " % rounds + ", ".join("%s %.1f" % (c, copy[c] / 1e9) for c in cfgs))
print("| case | 1x1 (T) | 1x2, T = 1 | 1x2 (T) | 2x1 (T) | 1x2 / 1x1 | 1x2 / 2x1 | 1x2 / 1x2 T = 1 |")
print("|---|---|---|---|---|---|---|---|")
for case in [c["case"] for c in data["1x1"][0]["cases"]]:
    def median(c):
        xs = [next(x for x in d["cases"] if x["case"] == case) for d in data[c]]
        return statistics.median(x["cell_updates_per_second"] for x in xs), xs[0]["halo_depth"]
    (one, t1), (pinned, _), (threaded, t2), (ranks, t3) = (median(c) for c in cfgs)
    print("| %s | %.3g (%d) | %.3g | %.3g (%d) | %.3g (%d) | %.2f | %.2f | %.2f |"
          % (case, one, t1, pinned, threaded, t2, ranks, t3, threaded / one, threaded / ranks, threaded / pinned))
PY
