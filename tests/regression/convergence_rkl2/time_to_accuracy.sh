#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# slurm/time_to_accuracy.sh on small levels (2D 16..64, 3D 8..32, one call
# each, two timed repeats): every case runs and lands in the table, the plot
# and the findings, the reference is described, and the rkl2 runs' time error
# (their L2 difference from Heun on the same grid, where the space error
# cancels) shows order 2 in dt: each doubling of dt multiplies it by
# 2^(2 +- 0.3). Bad options are refused in one line, exit 2, before any run.
# usage: time_to_accuracy.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1 outdir=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$outdir"
tta=$root/slurm/time_to_accuracy.sh

for bad in "--factors 3" "--factors 0" "--ref-dt 0.3" "--dims 4" "--levels2 1" "--margin -1" "--repeats 0" "--refine 3"; do
  read -r -a args <<<"$bad"
  rc=0
  GS_BIN=$bin "$tta" "${args[@]}" --out "$outdir/bad" >"$outdir/bad.out" 2>"$outdir/bad.err" || rc=$?
  [[ $rc == 2 && $(wc -l <"$outdir/bad.err") == 1 && -n $(grep -- "${args[0]}" "$outdir/bad.err") ]] ||
    fail "time_to_accuracy.sh $bad: exit $rc, stderr: $(cat "$outdir/bad.err")"
  [[ ! -e $outdir/bad ]] || fail "time_to_accuracy.sh $bad wrote $outdir/bad"
done
echo "ok: bad options refused in one line"

# Factors at which rkl2 keeps s = 3 at the finest level (the error constant depends on s): 2D 64^2
# (explicit limit 0.0457, Heun's dt 0.0125): 2, 4, 8 x; 3D 32^3 (limit 0.159, Heun's dt 0.0125): 4, 8, 16 x.
GS_BIN=$bin "$tta" --dims 2 --levels2 3 --factors "2 4 8" --ref-dt 0.05 --repeats 2 --out "$outdir/study2" \
  >"$outdir/study2.txt" 2>&1 || fail "the 2D study failed: $(tail -n 5 "$outdir/study2.txt")"
GS_BIN=$bin "$tta" --dims 3 --levels3 3 --factors "4 8 16" --ref-dt 0.05 --repeats 2 --out "$outdir/study3" \
  >"$outdir/study3.txt" 2>&1 || fail "the 3D study failed: $(tail -n 5 "$outdir/study3.txt")"
"$PY" - "$outdir" <<'PY' || fail "the study's results are wrong (above)"
import json, math, os, sys
problems = []
for dims, finest, heun_dt, factors in (("2", 64, 0.0125, [2, 4, 8]), ("3", 32, 0.0125, [4, 8, 16])):
    folder = os.path.join(sys.argv[1], "study" + dims)
    res = json.load(open(os.path.join(folder, "time_to_accuracy.json")))
    if sorted(res) != [dims]:
        problems.append("study%s holds %s, not %sD alone" % (dims, sorted(res), dims))
    runs = res[dims]["runs"]
    ref = res[dims]["reference"]
    if ref["n"] != 2 * finest or ref["integrator"] != "rkl2":
        problems.append("%sD reference: n %s %s, not %d rkl2" % (dims, ref["n"], ref["integrator"], 2 * finest))
    fine = sorted((r for r in runs if r["n"] == finest and r["integrator"] == "rkl2"), key=lambda r: r["dt"])
    dts = [r["dt"] for r in fine]
    if [round(dt / heun_dt) for dt in dts] != factors or any(r["stages"] != 3 for r in fine):
        problems.append("%sD finest rkl2 dt %s (stages %s), not %s x %g at s = 3"
                        % (dims, dts, [r["stages"] for r in fine], factors, heun_dt))
        continue
    orders = [math.log2(b["vs_heun_l2"] / a["vs_heun_l2"]) for a, b in zip(fine, fine[1:])]
    if any(abs(o - 2) > 0.3 for o in orders):
        problems.append("%sD time-error orders in dt %s, not 2 +- 0.3" % (dims, orders))
    if any(r["repeats"] != 2 for r in runs):
        problems.append("%sD: runs without 2 timed repeats" % dims)
    f = res[dims]["findings"]
    if f.get("study_time_ratio") is None or len(f.get("study_levels", [])) != int(math.log2(finest)) - (3 if dims == "2" else 2):
        problems.append("%sD: no whole-study sums: %s" % (dims, f))
    print("%sD: rkl2 time-error orders in dt %s" % (dims, ", ".join("%.3f" % o for o in orders)))
    for name in ("time_to_accuracy.md", "time_to_accuracy.csv", "time_to_accuracy.png"):
        if not os.path.getsize(os.path.join(folder, name)):
            problems.append("%s is empty" % name)
md = open(os.path.join(sys.argv[1], "study2", "time_to_accuracy.md")).read()
if "2D reference: rkl2 on 128^2 cells" not in md or "averaged onto each run's grid" not in md:
    problems.append("time_to_accuracy.md does not say how the reference was made")
for p in problems:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY
echo "PASS: the time-to-accuracy study runs, records its reference and shows rkl2's time error of order 2"
