#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# slurm/time_to_accuracy.sh on small levels (2D 16..64, 3D 8..32, one call
# each, two timed repeats): every case runs and lands in the table, the plot
# and the findings, the reference is described, and the rkl2 runs' time error
# (their L2 difference from Heun on the same grid, where the space error
# cancels) shows order 2 in dt: each doubling of dt multiplies it by
# 2^(2 +- 0.3). The order-4 column: its errors fall as h^(4 +- 0.3) between
# the last two levels, its time error stays below half its error, and its
# cheapest run that reaches Heun's finest error is on a coarser grid. Bad
# options are refused in one line, exit 2, before any run.
# usage: time_to_accuracy.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1 outdir=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$outdir"
tta=$root/slurm/time_to_accuracy.sh

for bad in "--factors 3" "--factors 0" "--ref-dt 0.3" "--dims 4" "--levels2 1" "--margin -1" "--repeats 0" "--refine 3" \
  "--order4-factor 3" "--order4-levels2 8" "--order4-levels3 -1"; do
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
GS_BIN=$bin "$tta" --dims 2 --levels2 3 --factors "2 4 8" --repeats 2 --out "$outdir/study2" \
  >"$outdir/study2.txt" 2>&1 || fail "the 2D study failed: $(tail -n 5 "$outdir/study2.txt")"
GS_BIN=$bin "$tta" --dims 3 --levels3 3 --factors "4 8 16" --repeats 2 --out "$outdir/study3" \
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
    if ref["n"] != 2 * finest or ref["integrator"] != "rkl2" or ref["order"] != 4:
        problems.append("%sD reference: n %s %s order %s, not %d rkl2 order 4"
                        % (dims, ref["n"], ref["integrator"], ref["order"], 2 * finest))
    f = res[dims]["findings"]
    order4 = sorted((r for r in runs if r["order"] == 4), key=lambda r: r["n"])
    heun_fine = [r for r in runs if r["n"] == finest and r["integrator"] == "rk2"][0]
    if [r["n"] for r in order4] != [finest // 4, finest // 2, finest]:
        problems.append("%sD: order-4 levels %s" % (dims, [r["n"] for r in order4]))
    else:
        o = math.log2(order4[1]["l2"] / order4[2]["l2"])
        if abs(o - 4) > 0.3:
            problems.append("%sD: order 4's errors %s fall as h^%.3f, not h^(4 +- 0.3)" % (dims, [r["l2"] for r in order4], o))
        if any(r["time_error_l2"] is None or r["time_error_l2"] > 0.5 * r["l2"] for r in order4):
            problems.append("%sD: order 4's time errors %s are not below half its errors %s"
                            % (dims, [r["time_error_l2"] for r in order4], [r["l2"] for r in order4]))
        best4 = f.get("order4_best")
        cheaper = [r for r in order4 if r["l2"] <= 1.01 * heun_fine["l2"]]
        if best4 is None or best4["n"] >= finest or best4["l2"] > 1.01 * heun_fine["l2"] or \
                best4["n"] != min(cheaper, key=lambda r: r["compute"])["n"]:
            problems.append("%sD: order 4's cheapest run that reaches Heun's %s: %s" % (dims, heun_fine["l2"], best4))
        print("%sD: order 4's errors %s (h^%.3f at the last halving), cheapest at Heun's accuracy n = %s"
              % (dims, ", ".join("%.3e" % r["l2"] for r in order4), o, best4 and best4["n"]))
    fine = sorted((r for r in runs if r["n"] == finest and r["integrator"] == "rkl2" and r["order"] == 2),
                  key=lambda r: r["dt"])
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
    if f.get("study_time_ratio") is None or len(f.get("study_levels", [])) != int(math.log2(finest)) - (3 if dims == "2" else 2):
        problems.append("%sD: no whole-study sums: %s" % (dims, f))
    print("%sD: rkl2 time-error orders in dt %s" % (dims, ", ".join("%.3f" % o for o in orders)))
    for name in ("time_to_accuracy.md", "time_to_accuracy.csv", "time_to_accuracy.png"):
        if not os.path.getsize(os.path.join(folder, name)):
            problems.append("%s is empty" % name)
md = open(os.path.join(sys.argv[1], "study2", "time_to_accuracy.md")).read()
if "2D reference: rkl2 with the order-4 stencil on 128^2 cells" not in md or "sampled at each run's cell centres" not in md:
    problems.append("time_to_accuracy.md does not say how the reference was made")
if "2D order 4: the cheapest run with an error at most 1.01 x Heun's at n = 64: n = " not in md:
    problems.append("time_to_accuracy.md has no order-4 verdict")
for p in problems:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY
# What the verdicts say: the default margin is one a normal study meets; times that are mostly output are
# judged on compute time and said so; a ratio of times under 10 ms is called noise; --out makes its folder;
# the plot's labels name the stages, do not overlap, and the legend covers no data point.
"$PY" "$root/postprocess/gs_post.py" time-to-accuracy "$outdir/study2" --out "$outdir/new/folder" >"$outdir/new.txt" 2>&1 ||
  fail "time-to-accuracy --out into a new folder: $(tail -n 2 "$outdir/new.txt")"
[[ -s $outdir/new/folder/time_to_accuracy.png && -s $outdir/new/folder/time_to_accuracy.json ]] || fail "--out NEWDIR wrote nothing"
PYTHONPATH=$root/postprocess "$PY" - "$outdir" <<'PY' || fail "the time-to-accuracy verdicts are wrong (above)"
import json, os, sys
from gspost import time_to_accuracy as tta
from gspost.common import need_modules
problems = []
for dims in ("2", "3"):
    folder = os.path.join(sys.argv[1], "study" + dims)
    res = json.load(open(os.path.join(folder, "time_to_accuracy.json")))[dims]
    f = res["findings"]
    md = open(os.path.join(folder, "time_to_accuracy.md")).read()
    best = f["rkl2_best"]
    if best is None:
        problems.append("%sD: with the default margin %s no rkl2 run reaches Heun's error" % (dims, f["margin"]))
        continue
    fine = [r for r in res["runs"] if r["n"] == f["finest_n"]]
    heun = [r for r in fine if r["integrator"] == "rk2"][0]
    share = max(1 - r["compute"] / r["loop"] for r in fine)
    want = "compute" if share > 0.5 else "loop"
    if f["cost_basis"] != want:
        problems.append("%sD: %.0f %% of a loop is outside compute, yet the verdict is judged on %s time"
                        % (dims, 100 * share, f["cost_basis"]))
    key = "compute" if want == "compute" else "loop"
    got = best["cost_s"] / heun[key]
    if abs(f["time_ratio"] - got) > 1e-9 * got:
        problems.append("%sD: time ratio %s, not the %s times' %s" % (dims, f["time_ratio"], key, got))
    verdict = [l for l in md.splitlines() if l.startswith("%sD finest level" % dims)][0]
    if want == "compute" and "judged on compute time" not in verdict:
        problems.append("%sD: the verdict does not say it is judged on compute time: %s" % (dims, verdict))
    if (min(best["cost_s"], heun[key]) < 0.01) != ("timing noise" in verdict):
        problems.append("%sD: times %s and %s s, verdict %r" % (dims, best["cost_s"], heun[key], verdict))
    # The plot, as written: labels apart, stages named, the legend off the data.
    np = need_modules("numpy", "h5py")["numpy"]
    results = tta.analyse(np, folder, tta.read_plan(folder), "v", 0.01)
    fig = tta.figure(results)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        texts = [t for t in ax.texts]
        boxes = [t.get_window_extent(renderer) for t in texts]
        for i in range(len(boxes)):
            for j in range(i):
                if boxes[i].overlaps(boxes[j]):
                    problems.append("%sD plot: labels %r and %r overlap" % (dims, texts[i].get_text(), texts[j].get_text()))
        for colour, what in (("C3", "rkl2"), ("C2", "order-4")):
            named = [t.get_text() for t in texts if t.get_color() == colour]
            if not named or any("s=" not in t for t in named):
                problems.append("%sD plot: %s labels %s do not name the stages" % (dims, what, named))
        legend = ax.get_legend().get_window_extent(renderer)
        for line in ax.get_lines():
            for p in ax.transData.transform(line.get_xydata()):
                if legend.contains(*p):
                    problems.append("%sD plot: the legend covers a data point of %s" % (dims, line.get_label()))
for p in problems:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY
echo "PASS: the time-to-accuracy study runs, records its reference, shows rkl2's time error of order 2 and order 4's space error of order 4"
