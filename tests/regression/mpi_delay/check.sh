#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The MPI latency injector (src/tools/mpi_delay) works and the program sees it:
# 2 ranks side by side (layout 2x1), 9-point stencil, so an exchange is 6
# messages per rank (two x faces and four corners; the y axis wraps inside the
# rank). With alpha = 5 ms the halo phase per step must grow by about
# 6 alpha at halo_depth 1 and 6 alpha / 4 at halo_depth 4 (one exchange per 4
# steps), the injector must have counted exactly those messages, and the
# digest must equal that of the run without the injector. Bounds that a loaded
# machine cannot break: the halo phase with the injector is at least the
# modelled latency (a sleep never ends early), and it grew by at most twice
# the model over the run without it. Not the growth from below: without the
# injector the halo phase also holds the waits for the other rank when it is
# descheduled (1.2 ms per step seen in CI at halo_depth 4), and with it those
# waits hide inside the sleeps, so the growth can fall short of the model
# (2.2 ms against 3.0 ms in that run). alpha is 5 ms, not 2, so that the
# model dominates those waits: with 2 ms, halo_depth 4 measured 5.4 ms
# against its 3.0 ms model in the OpenMP suite and the ratio of the two
# depths fell to 2.4. A bad setting is one line on stderr and a failed run.
# usage: check.sh GRAYSCOTT OUTDIR INPUT LIBGS_MPI_DELAY
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3 DELAY_LIB=$4
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
[[ -f $DELAY_LIB ]] || fail "no injector library at $DELAY_LIB"
# A waiting rank yields its core: with ranks and other tests sharing 2 cores,
# busy waits would add scheduler delays of several ms to the halo phase.
export OMPI_MCA_mpi_yield_when_idle=1
# One thread per rank on every backend: the messages travel while the inner
# compute runs, so the halo phase shows the model's latency less that compute;
# the program's threaded blocks on a 32x32 box with 2 ranks x 2 threads
# oversubscribing 2 cores took 2.5 ms per step (OpenMP suite), most of the
# 3 ms the model gives halo_depth 4. With one thread it is tens of us.
export OMP_NUM_THREADS=1

# The measured pattern is off, as in slurm/latency.sh: its ghost fill at a
# progress line is an exchange of its own that the model of the steps does
# not count.
steps=64 alpha_us=5000 messages=6
args=("$INPUT" grid.n=[64,32] grid.L=[64.0,32.0] grid.stencil=9 time.integrator=euler "time.steps=$steps"
  output.every=0 output.log_every=1000 output.pattern_threshold=off "parallel.layout=[2,1]")

# halo_ms FOLDER: the slowest rank's halo phase per step, ms.
halo_ms() {
  "$PY" -c 'import json, sys
s = json.load(open(sys.argv[1] + "/summary.json"))
print("%.4f" % (1e3 * s["wall_time_s"]["halo_exchange"] / s["steps"]))' "$1"
}
# within VALUE LO HI: LO <= VALUE <= HI (decimals).
within() { "$PY" -c 'import sys; v, lo, hi = map(float, sys.argv[1:]); sys.exit(not lo <= v <= hi)' "$@"; }

for depth in 1 4; do
  plain=$OUT/plain_t$depth delayed=$OUT/delayed_t$depth
  run_ranks 2 "$plain" "${args[@]}" "parallel.halo_depth=$depth" ||
    fail "halo_depth $depth without the injector failed: $(tail -n 3 "$plain.log")"
  "$MPIEXEC" -n 2 -x LD_PRELOAD="$DELAY_LIB" -x GS_DELAY_ALPHA_US=$alpha_us -x GS_DELAY_BETA=12.5e9 -x GS_DELAY_VERBOSE=1 \
    "$GRAYSCOTT" "${args[@]}" "parallel.halo_depth=$depth" "output.dir=$delayed" >"$delayed.log" 2>&1 ||
    fail "halo_depth $depth with the injector failed: $(tail -n 3 "$delayed.log")"

  ref=$(digest_of "$plain/summary.json")
  got=$(digest_of "$delayed/summary.json")
  [[ $got == "$ref" ]] || fail "halo_depth $depth: digest $got with the injector, $ref without"

  # Every rank's report: the messages the model counts, nothing else.
  exchanges=$((steps / depth))
  reports=$(grep -c "^mpi_delay: rank [0-9]*: alpha $alpha_us us" "$delayed.log" || true)
  [[ $reports == 2 ]] || fail "halo_depth $depth: $reports injector reports in $delayed.log, expected 2 (was it preloaded?)"
  while read -r sends receives; do
    [[ $sends == $((exchanges * messages)) && $receives == "$sends" ]] ||
      fail "halo_depth $depth: a rank sent $sends and received $receives messages; expected $exchanges exchanges x $messages"
  done < <(sed -n 's/^mpi_delay: rank [0-9]*: .*: \([0-9]*\) sends ([0-9]* bytes), \([0-9]*\) receives.*/\1 \2/p' "$delayed.log")

  # The modelled latency per step; the sleep can only end late, and a loaded
  # machine wakes a sleeper late, so the upper bound is loose.
  expect=$("$PY" -c "print($messages * $alpha_us / 1e3 / $depth)")
  base=$(halo_ms "$plain") with=$(halo_ms "$delayed")
  grown=$("$PY" -c "print('%.4f' % ($with - $base))")
  echo "halo_depth $depth: halo $base ms per step without the injector, $with ms with it: $grown ms more (model: $expect ms); digest $got"
  within "$with" "$("$PY" -c "print(0.8 * $expect)")" inf ||
    fail "halo_depth $depth: the halo took $with ms per step with ${alpha_us} us per message, less than the model's $expect ms"
  within "$grown" -inf "$("$PY" -c "print(2.0 * $expect)")" ||
    fail "halo_depth $depth: the halo grew by $grown ms per step with ${alpha_us} us per message, more than twice the model's $expect ms"
  eval "with_t$depth=$with"
done
# About 4 times less at halo_depth 4; loose, as each phase also holds the waits
# of a loaded machine (the message counts above are the exact check).
within "$("$PY" -c "print($with_t1 / $with_t4)")" 2.5 8 ||
  fail "the halo per step with the injector fell from $with_t1 ms (halo_depth 1) to $with_t4 ms (halo_depth 4): expected about 4 times less"

# The study's table (gs_post.py latency) on these runs: the messages the
# injector counted, and the model's halo per step beside the measured one.
printf '%s\t%s\t%s\t%s\n' plain_t1 0 12.5e9 1 plain_t4 0 12.5e9 1 delayed_t1 $alpha_us 12.5e9 1 delayed_t4 $alpha_us 12.5e9 1 \
  >"$OUT/latency-runs.tsv"
"$PY" "$(dirname "$0")/../../../postprocess/gs_post.py" latency "$OUT" >"$OUT/latency.log" 2>&1 ||
  fail "gs_post.py latency failed: $(tail -n 2 "$OUT/latency.log")"
"$PY" - "$OUT/latency.csv" "$messages" "$alpha_us" <<'PY' || fail "gs_post.py latency: wrong table in $OUT/latency.csv"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
messages, alpha = int(sys.argv[2]), float(sys.argv[3])
assert len(rows) == 4, rows
for r in rows:
    if float(r["alpha us"]) == alpha:
        assert float(r["messages"]) == messages, r
        model = float(r["model halo ms"])
        assert abs(model - messages * alpha / 1e3 / int(r["T"])) < 0.1 * model, r
        assert 0.8 * model <= float(r["halo ms"]) <= 2 * model + 1, r
PY
echo "gs_post.py latency: the table counts $messages messages per exchange and models the halo as measured"

# A bad setting: one line naming the variable and its value, and a failed run.
if "$MPIEXEC" -n 1 -x LD_PRELOAD="$DELAY_LIB" -x GS_DELAY_ALPHA_US=fast "$GRAYSCOTT" "${args[@]}" "parallel.layout=[1,1]" \
  "output.dir=$OUT/bad" >"$OUT/bad.log" 2>"$OUT/bad.err"; then
  fail "GS_DELAY_ALPHA_US=fast: the run exited 0"
fi
grep -qx "mpi_delay: error: GS_DELAY_ALPHA_US='fast': expected a finite number >= 0" "$OUT/bad.err" ||
  fail "GS_DELAY_ALPHA_US=fast: no one-line error in $OUT/bad.err: $(head -n 3 "$OUT/bad.err")"
echo "GS_DELAY_ALPHA_US=fast: refused in one line"
