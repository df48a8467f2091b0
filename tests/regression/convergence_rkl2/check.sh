#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The convergence study with time.integrator = "rkl2" and dt scaled by h
# (slurm/convergence.sh --dt-scaling h): dt0 / 2^i, steps0 * 2^i, so each
# halving of h doubles the steps while rkl2's stage count grows as the ratio
# of dt to the explicit limit (which falls as h^2) doubles. Requires every
# observed L2 order, from differences of successive grids, to be 2 +- 0.2 (the
# O(dt^2) = O(h^2) time error keeps the order at 2), and the study's records
# to say what ran: scaling h in convergence.json, convergence.md and
# result.txt, and per level the integrator and the stage count each run used
# (the same as the run's summary.json time_integration and its first stdout line).
# usage: check.sh GRAYSCOTT_BINARY OUTDIR INPUT STENCIL N0 DT0 STEPS0
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 7 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR INPUT STENCIL N0 DT0 STEPS0"
bin=$1 outdir=$2 input=$3 stencil=$4 n0=$5 dt0=$6 steps0=$7
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$outdir"

rc=0
GS_BIN=$bin "$root/slurm/convergence.sh" --local --n0 "$n0" --levels 4 --dt0 "$dt0" --steps0 "$steps0" --dt-scaling h \
  --reference successive --expect-order 2 --tolerance 0.2 --out "$outdir/study" "$input" "grid.stencil=$stencil" \
  time.integrator=rkl2 time.stages=auto >"$outdir/study.txt" 2>&1 || rc=$?
cat "$outdir/study.txt"
[[ $rc == 0 ]] || fail "the study exited $rc"
"$PY" - "$outdir/study" "$n0" "$dt0" "$steps0" <<'PY' || fail "the study's records do not say what ran (above)"
import json, os, re, sys
study, n0, dt0, steps0 = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
res = json.load(open(os.path.join(study, "convergence.json")))
problems = []
if res["status"] != "ok":
    problems.append("convergence.json status %r: %s" % (res["status"], res["warnings"]))
if res.get("dt_scaling") != "h" or res.get("dt_scaling_observed") != "h":
    problems.append("convergence.json dt_scaling %r (observed %r), not h" % (res.get("dt_scaling"), res.get("dt_scaling_observed")))
orders = [l["order_l2"] for l in res["levels"][1:]]
if not orders or any(o is None or abs(o - 2) > 0.2 for o in orders):
    problems.append("observed L2 orders %s, not 2 +- 0.2" % orders)
stages = []
for i, r in enumerate(res["runs"]):
    n = n0 << i
    run = os.path.join(study, "n%04d" % n)
    s = json.load(open(os.path.join(run, "summary.json")))
    ti = s["time_integration"]
    header = open(os.path.join(run, "run.log")).readline()
    m = re.search(r"\brkl2 s=(\d+)\b", header)
    if r["n"] != n or r["integrator"] != "rkl2":
        problems.append("level %d: n %s integrator %r, not %d rkl2" % (i, r["n"], r["integrator"], n))
    if abs(r["dt"] - dt0 / 2 ** i) > 1e-15 * dt0 or r["steps"] != steps0 << i:
        problems.append("n = %d: dt %r, %d steps, not dt0 / 2^%d and steps0 * 2^%d" % (n, r["dt"], r["steps"], i, i))
    if r["stages_per_step"] != ti["stages_per_step"] or not m or int(m.group(1)) != r["stages_per_step"]:
        problems.append("n = %d: recorded %r stages per step, the run says %r (summary) and %r (first line)"
                        % (n, r["stages_per_step"], ti["stages_per_step"], m and m.group(1)))
    stages.append(r["stages_per_step"])
if stages != sorted(stages) or stages[0] == stages[-1]:
    problems.append("stage counts %s do not grow with the level (dt / explicit limit doubles per level)" % stages)
md = open(os.path.join(study, "convergence.md")).read()
if "dt scaling: h (" not in md or not re.search(r"\| rkl2 \| \d+ \|", md):
    problems.append("convergence.md names no scaling h or no rkl2 stage counts")
result = open(os.path.join(study, "result.txt")).read()
if "result: ok" not in result or "--dt-scaling h" not in result:
    problems.append("result.txt does not say ok with --dt-scaling h:\n" + result)
for p in problems:
    print("FAIL: " + p)
if problems:
    sys.exit(1)
print("orders %s, stages per step by level %s" % (", ".join("%.3f" % o for o in orders), stages))
PY
echo "PASS: rkl2 with dt ~ h: observed order 2 for the $stencil-point stencil, scaling and stage counts recorded"
