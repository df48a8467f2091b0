#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# isosurface.py on 1 and 4 ranks: images at the expected steps, not blank and
# alike; extracts on the iso value, same triangles, closed across rank seams
# (check_isosurface.py). Also: the digest with in-situ output on equals the
# digest with it off, and the contour runs once per call on 2 ranks.
# The shading normals agree between 1 and 4 ranks, and with -grad v of the field file, to 0.001
# degrees at every point, seams included (check_normals.py; normals taken inside each rank's
# block were up to 12.5 degrees off at the seams).
# No run prints a warning, on 4 ranks where some hold no surface included.
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
args=(time.steps=200 output.every=0 output.fields_every=100 insitu.every=100 insitu.iso=0.25)
script=insitu.script=$SRC/inputs/catalyst/isosurface.py
run_gs 1 300 "$in" "${args[@]}" "$script" output.dir="$WORK/r1" >"$WORK/r1.log" 2>&1 || { cat "$WORK/r1.log"; exit 1; }
run_gs 4 400 "$in" "${args[@]}" "$script" output.dir="$WORK/r4" >"$WORK/r4.log" 2>&1 || { cat "$WORK/r4.log"; exit 1; }
run_gs 1 300 "$in" "${args[@]}" output.dir="$WORK/off" >"$WORK/off.log" 2>&1 || { cat "$WORK/off.log"; exit 1; }
# digest RUN: its summary's digest, exactly 16 hex digits, or FAIL naming the
# file (two missing digests must not compare equal).
digest() {
  local d
  d=$($PY -c 'import json, sys
s = json.load(open(sys.argv[1]))
d = s.get("digest")
print("<no such key>" if "digest" not in s else d if isinstance(d, str) else "<%s>" % json.dumps(d))' "$1/summary.json" 2>/dev/null) || d="<no readable summary>"
  [[ $d =~ ^[0-9a-f]{16}$ ]] || { echo "FAIL: $1/summary.json: \"digest\" is '$d', expected a string of 16 hex digits" >&2; exit 1; }
  echo "$d"
}
d1=$(digest "$WORK/r1")
d4=$(digest "$WORK/r4")
doff=$(digest "$WORK/off")
echo "digests: in-situ 1 rank $d1, 4 ranks $d4, in-situ off $doff"
[[ $d1 == "$doff" && $d4 == "$doff" ]] || { echo "FAIL: in-situ output changed the digest"; exit 1; }
$PY - "$WORK/r1/summary.json" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
o = s["outputs"]["insitu"]
assert "insitu" in s["wall_time_s"], "no insitu phase in wall_time_s"
assert o["calls"] == 3 and o["failure"] is None, o
# startup_s is the whole first call, seconds_per_call the mean of the others.
total = o["startup_s"] + o["seconds_per_call"] * (o["calls"] - 1)
assert abs(total - o["seconds"]) <= 0.02 * o["seconds"] + 0.05, \
    "startup_s + seconds_per_call * (calls - 1) = %.3f s, not the %.3f s of all calls" % (total, o["seconds"])
print("insitu: %d calls, start-up %.2f s, %.3f s per call; one step %.4f s" %
      (o["calls"], o["startup_s"], o["seconds_per_call"], s["wall_time_s"]["compute"] / s["steps"]))
PYEOF
timeout 300 pvpython "$SRC/tests/catalyst/check_isosurface.py" "$WORK/r1" "$WORK/r4" 0,100,200 0.25 </dev/null
timeout 300 pvpython "$SRC/tests/catalyst/check_normals.py" "$WORK/r1" "$WORK/r4" 200 0.001 </dev/null

# The contour runs once per call on 2 ranks too (the extract writer asked
# ParaView for a ghost level the render did not, and the contour ran twice).
GS_TEST_ISOSURFACE_SCRIPT=$SRC/inputs/catalyst/isosurface.py run_gs 2 300 "$in" grid.n=24 grid.L=24 time.steps=20 \
  insitu.every=10 insitu.script="$SRC/tests/catalyst/count_contour.py" output.dir="$WORK/count" >"$WORK/count.log" 2>&1 \
  || { cat "$WORK/count.log"; exit 1; }
runs=$(cat "$WORK/count/insitu/contour_runs_0.txt" "$WORK/count/insitu/contour_runs_1.txt" | tr '\n' ' ')
echo "contour executions for 3 calls on 2 ranks (rank 0, rank 1): $runs"
[[ $runs == "3 3 " ]] || { echo "FAIL: expected 3 on each rank"; exit 1; }

# Ranks holding no surface print nothing: one ball across two of the four blocks (simple.ColorBy's
# rescale at load printed "WARN| vtkSMPVRepresentationProxy ... Could not determine array range."
# on each rank without one).
run_gs 4 300 "$in" grid.n=32 grid.L=32 init.count=1 init.size=0.15 init.seed=11 init.noise=0 time.steps=2 output.every=0 \
  insitu.every=2 insitu.iso=0.2 "$script" output.dir="$WORK/empty" >"$WORK/empty.log" 2>&1 || { cat "$WORK/empty.log"; exit 1; }
pieces=$(find "$WORK/empty/insitu" -name 'isosurface_000000_*.vtp' | wc -l)
echo "4 ranks, one ball: $pieces ranks hold a surface at step 0"
((pieces < 4)) || { echo "FAIL: every rank holds a surface: the case is not tested"; exit 1; }
for log in r1 r4 empty; do
  if grep 'WARN|' "$WORK/$log.log"; then echo "FAIL: $log: a normal run printed a warning"; exit 1; fi
done
