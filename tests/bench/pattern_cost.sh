#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# What the measured pattern (output.pattern_threshold) costs on a 3D case:
# the same run with it on (A) and "off" (B), in turn A B A B ..., read from
# each summary.json: seconds per diagnostics call (progress line: statistics,
# and with A the ghost fill, the counts and the row of pattern.csv) and
# compute seconds per step (the steps themselves, which must not change).
# Prints the medians and the ratios pair by pair (figures, not a verdict: this
# machine is shared and a timed pass/fail would be noise). Fails only on what
# is not timing: the pattern must leave the state's bits alone (same digest on
# and off), write one pattern.csv row per diagnostics call with it on, and
# none with it off.
# usage: pattern_cost.sh GRAYSCOTT OUTDIR [N [PAIRS [STEPS [LOG_EVERY]]]]
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 N=${3:-128} PAIRS=${4:-3} STEPS=${5:-200} LOG_EVERY=${6:-10}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PY=${GS_PYTHON:-/usr/bin/python3}
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT"

# inputs/dots-3d.toml on N^3 with the 7-point stencil (its halo exchange has
# no corners, so the pattern also pays the run's second, diagonal exchange).
args=("$root/inputs/dots-3d.toml" "grid.n=$N" "grid.L=$N.0" grid.stencil=7 time.dt=0.6 "time.steps=$STEPS"
      "output.log_every=$LOG_EVERY" output.every=0 parallel.halo_depth=1)
for ((i = 1; i <= PAIRS; ++i)); do
  for mode in on off; do
    threshold=auto
    [[ $mode == off ]] && threshold=off
    "$GRAYSCOTT" "${args[@]}" "output.pattern_threshold=$threshold" "output.dir=$OUT/${mode}_$i" >"$OUT/${mode}_$i.log" 2>&1 ||
      fail "run $mode $i failed: $(tail -n 3 "$OUT/${mode}_$i.log")"
  done
done

"$PY" - "$OUT" "$PAIRS" <<'PY'
import json, os, statistics, sys
out, pairs = sys.argv[1], int(sys.argv[2])
def figures(path):
    s = json.load(open(path))
    d = s["outputs"]["diagnostics"]
    return d["seconds"] / d["calls"], s["wall_time_s"]["compute"] / s["steps"], d["calls"], s["global_cells"], s["digest"]
rows = [(figures("%s/on_%d/summary.json" % (out, i)), figures("%s/off_%d/summary.json" % (out, i))) for i in range(1, pairs + 1)]
med = lambda xs: statistics.median(xs)
diag_on, diag_off = med([a[0] for a, b in rows]), med([b[0] for a, b in rows])
step_on, step_off = med([a[1] for a, b in rows]), med([b[1] for a, b in rows])
extra = med([a[0] - b[0] for a, b in rows])
step_ratio = med([a[1] / b[1] for a, b in rows])
cells, calls = rows[0][0][3], rows[0][0][2]
print("cells %d, %d diagnostics calls a run, %d pairs (pattern on, off)" % (cells, calls, pairs))
print("diagnostics call: on %.2f ms, off %.2f ms; extra %.2f ms (pair median)" % (1e3 * diag_on, 1e3 * diag_off, 1e3 * extra))
print("compute per step: on %.2f ms, off %.2f ms; on/off %.3f (pair median)" % (1e3 * step_on, 1e3 * step_off, step_ratio))
print("extra per diagnostics call / compute per step: %.2f" % (extra / step_off))
ok = True
digests = set(a[4] for a, b in rows) | set(b[4] for a, b in rows)
if len(digests) != 1:
    print("FAIL: the final digests differ between pattern on and off: %s" % sorted(digests))
    ok = False
for i in range(1, pairs + 1):
    with open("%s/on_%d/pattern.csv" % (out, i)) as f:
        data_rows = [line for line in f if line.strip() and not line.startswith("#")][1:]
    if len(data_rows) != calls:
        print("FAIL: on_%d/pattern.csv has %d rows for %d diagnostics calls" % (i, len(data_rows), calls))
        ok = False
    if os.path.exists("%s/off_%d/pattern.csv" % (out, i)):
        print("FAIL: off_%d wrote pattern.csv with output.pattern_threshold = off" % i)
        ok = False
sys.exit(0 if ok else 1)
PY
