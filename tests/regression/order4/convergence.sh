#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# grid.order = 4 in the convergence study (slurm/convergence.sh): rkl2 at one
# dt for every level (--dt-scaling none; its time error, the same at every
# level, cancels in successive differences), levels compared at the coarser
# cell centres (--compare points, the default). Requires every observed L2
# order within 4 +- 0.3 in 2D (32^2 to 256^2) and 3D (16^3 to 64^3); and the
# same 2D runs compared by block averages (--compare averages) to show order
# 2 +- 0.3, the cap a block average's h^2/24 lap(v) puts on them.
# usage: convergence.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1 outdir=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
study_start "$bin" "$outdir"

# study DIM N0 LEVELS [key=value ...]: the study into $outdir/DIM, expecting order 4.
study() {
  local dim=$1 n0=$2 levels=$3 rc=0
  shift 3
  GS_BIN=$bin "$root/slurm/convergence.sh" --local --n0 "$n0" --levels "$levels" --dt0 0.003125 --steps0 640 \
    --dt-scaling none --expect-order 4 --tolerance 0.3 --out "$outdir/$dim" "$root/slurm/inputs/convergence-$dim.toml" \
    grid.order=4 time.integrator=rkl2 "$@" >"$outdir/$dim.txt" 2>&1 || rc=$?
  cat "$outdir/$dim.txt"
  cat "$outdir/$dim/convergence.md" 2>/dev/null || true
  [[ $rc == 0 ]] || fail "the $dim study exited $rc"
}
study 2d 32 4
study 3d 16 3 grid.stencil=13

"$PY" - "$outdir" <<'PY' || fail "the studies' records (above)"
import json, os, sys
out = sys.argv[1]
problems = []
for dim, want in (("2d", 2), ("3d", 1)):
    res = json.load(open(os.path.join(out, dim, "convergence.json")))
    orders = [l["order_l2"] for l in res["levels"][1:]]
    if res["status"] != "ok" or res.get("compare") != "points" or res.get("dt_scaling_observed") != "none":
        problems.append("%s: status %r, compare %r, dt scaling %r" % (dim, res["status"], res.get("compare"),
                                                                      res.get("dt_scaling_observed")))
    if len(orders) != want or any(o is None or abs(o - 4) > 0.3 for o in orders):
        problems.append("%s: observed L2 orders %s, not %d within 4 +- 0.3" % (dim, orders, want))
    for r in res["runs"]:
        run = os.path.join(out, dim, "n%04d" % r["n"])
        s = json.load(open(os.path.join(run, "summary.json")))
        if s["config"]["grid"]["order"] != 4:
            problems.append("%s: %s ran grid.order %s" % (dim, run, s["config"]["grid"]["order"]))
print("\n".join(problems) or "PASS: order 4 in 2D and 3D, compared at the cell centres")
sys.exit(1 if problems else 0)
PY

# The same 2D levels by block averages: order 2.
dirs=("$outdir"/2d/n0*)
"$PY" "$root/postprocess/gs_post.py" convergence "${dirs[@]}" --compare averages --out "$outdir/2d-averages" \
  >"$outdir/averages.txt" 2>&1 || true
cat "$outdir/2d-averages/convergence.md"
"$PY" - "$outdir/2d-averages/convergence.json" <<'PY' || fail "block averages do not cap the order at 2 (above)"
import json, sys
orders = [l["order_l2"] for l in json.load(open(sys.argv[1]))["levels"][1:]]
ok = orders and all(o is not None and abs(o - 2) <= 0.3 for o in orders)
print("PASS: block averages give orders %s (the h^2/24 lap(v) cap)" % orders if ok else "orders %s" % orders)
sys.exit(0 if ok else 1)
PY
echo "PASS: grid.order = 4 converges at order 4 in 2D and 3D"
