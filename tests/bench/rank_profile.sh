#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Where two ranks lose time against their limit, 2D 5-point Euler in double:
# one rank of the whole grid, two ranks side by side (layout 2x1 and 1x2),
# and the limit of two ranks on this machine measured in the same run: two
# one-rank runs of half the grid each, started together, that never exchange
# (the same code, the same cells per core, the same deep-halo blocks; their
# periodic wrap is a local copy). Rounds rotate the configurations so that a
# change in the machine's load falls on all of them alike. Prints, per
# configuration and round, cells/s of the steps (the time loop less the
# outputs, step 0's image and diagnostics, which one rank writes for all)
# and each rank's seconds in
# init, compute, halo_exchange and time_loop (summary.json's
# wall_time_per_rank_s), then the medians over the rounds, with the copy
# bandwidth of two ranks measured in each round (32 bytes per cell update).
# usage: tests/bench/rank_profile.sh [GRAYSCOTT] (env: N=2048 STEPS=400 ROUNDS=3 DEPTH=auto OUT=out/rank_profile)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GRAYSCOTT=${1:-$root/build/src/grayscott}
N=${N:-2048} STEPS=${STEPS:-400} ROUNDS=${ROUNDS:-3} DEPTH=${DEPTH:-auto} OUT=${OUT:-out/rank_profile}
MPIEXEC=${MPIEXEC:-mpiexec}
PY=${GS_PYTHON:-/usr/bin/python3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMP_NUM_THREADS=1
[[ -x $GRAYSCOTT ]] || { echo "rank_profile: no program at $GRAYSCOTT" >&2; exit 2; }
rm -rf "$OUT" && mkdir -p "$OUT"
half=$((N / 2))
# The run's keys; the depth given as a string when it is "auto".
depth_key="parallel.halo_depth=$DEPTH"
[[ $DEPTH == auto ]] && depth_key='parallel.halo_depth="auto"'
common=("$root/inputs/default.toml" grid.stencil=5 time.dt=0.5 time.integrator=euler "time.steps=$STEPS"
  output.every=0 output.log_every=100000 "$depth_key")

for round in $(seq 1 "$ROUNDS"); do
  # Copy bandwidth of both cores in this round (the benchmark's, 2 ranks).
  "$MPIEXEC" -n 2 "$GRAYSCOTT" --benchmark --json "$OUT/bandwidth-$round.json" n2d=256 steps=1 repeats=1 warmup=1 \
    cases=2d-5pt integrators=euler precisions=double depths=none >"$OUT/bandwidth-$round.log" 2>&1
  for cfg in one 2x1 1x2 apart; do
    dir=$OUT/$cfg-$round
    case $cfg in
      one) "$MPIEXEC" -n 1 "$GRAYSCOTT" "${common[@]}" "grid.n=[$N,$N]" "grid.L=[$N.0,$N.0]" "output.dir=$dir" >"$dir.log" 2>&1 ;;
      2x1 | 1x2)
        "$MPIEXEC" -n 2 "$GRAYSCOTT" "${common[@]}" "grid.n=[$N,$N]" "grid.L=[$N.0,$N.0]" \
          "parallel.layout=[${cfg%x*},${cfg#*x}]" "output.dir=$dir" >"$dir.log" 2>&1 ;;
      apart)
        # Each the half a rank of the 2x1 layout owns (x halved, rows of
        # N/2); started at once, each bound to its own core.
        mkdir -p "$dir"
        for part in 0 1; do
          "$MPIEXEC" -n 1 --cpu-set "$part" --bind-to core "$GRAYSCOTT" "${common[@]}" "grid.n=[$half,$N]" \
            "grid.L=[$half.0,$N.0]" "output.dir=$dir/part$part" >"$dir/part$part.log" 2>&1 &
        done
        wait ;;
    esac
  done
done

"$PY" - "$OUT" "$ROUNDS" <<'PY'
import json, os, re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
NAMED = ("init", "compute", "halo_exchange", "other", "time_loop", "total")
def load(path):
    s = json.load(open(os.path.join(path, "summary.json")))
    # The depth the run used ("auto" resolved), from its first line.
    s["depth"] = re.search(r"halo_depth=(\d+)", open(path.rstrip("/") + ".log").readline()).group(1)
    # The outputs' time (step 0's image and diagnostics), the slowest rank's.
    s["outputs_s"] = sum(v for k, v in s["wall_time_s"].items() if k not in NAMED)
    return s
rows = {}
for cfg in ("one", "2x1", "1x2", "apart"):
    for r in range(1, rounds + 1):
        d = os.path.join(out, "%s-%d" % (cfg, r))
        if cfg == "apart":
            parts = [load(os.path.join(d, "part%d" % p)) for p in (0, 1)]
            per = {k: [p["wall_time_per_rank_s"][k][0] for p in parts] for k in parts[0]["wall_time_per_rank_s"]}
            loop = max(per["time_loop"])
            cells = sum(p["global_cells"] for p in parts)
            steps, depth, outs = parts[0]["steps"], parts[0]["depth"], max(p["outputs_s"] for p in parts)
        else:
            s = load(d)
            per = s["wall_time_per_rank_s"]
            loop = max(per["time_loop"])
            cells, steps, depth, outs = s["global_cells"], s["steps"], s["depth"], s["outputs_s"]
        rows.setdefault(cfg, []).append((cells * steps / (loop - outs), per, depth, outs))
        print("%-6s round %d  T=%s  %.3e cell/s  " % (cfg, r, depth, cells * steps / (loop - outs))
              + "  ".join("%s %s" % (k, "/".join("%.3f" % t for t in per[k])) for k in ("init", "compute", "halo_exchange", "time_loop"))
              + "  outputs %.3f" % outs)
print()
limit = statistics.median(x[0] for x in rows["apart"])
copy = statistics.median(json.load(open(os.path.join(out, "bandwidth-%d.json" % r)))["copy_bandwidth_bytes_per_s"]
                         for r in range(1, rounds + 1))
print("copy bandwidth, 2 ranks, median of the rounds: %.1f GB/s (a streaming step moves 32 B per cell update)" % (copy / 1e9))
print("| configuration | T | cells/s of the steps (median) | of the limit | frac_copy | per rank (median s): compute | halo_exchange | time_loop | init | outputs (slowest rank) |")
print("|---|---|---|---|---|---|---|---|---|---|")
for cfg, rs in rows.items():
    rate = statistics.median(x[0] for x in rs)
    ranks = len(rs[0][1]["compute"])
    med = lambda k: " / ".join("%.3f" % statistics.median(x[1][k][i] for x in rs) for i in range(ranks))
    print("| %s | %s | %.3e | %.2f | %.2f | %s | %s | %s | %s | %.3f |" % (cfg, rs[0][2], rate, rate / limit, rate * 32 / copy, med("compute"),
          med("halo_exchange"), med("time_loop"), med("init"), statistics.median(x[3] for x in rs)))
PY
