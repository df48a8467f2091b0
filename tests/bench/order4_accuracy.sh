#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# grid.order = 4 against the 9-point stencil on the convergence study's 2D
# problem (slurm/inputs/convergence-2d.toml, t = 2), both with rkl2 at the same
# dt (0.003125, where the time error is far below either space error): order 4
# on N4^2 cells and the 9-point stencil on N2^2, each against one reference
# (order 4 on REF^2), L2 error of v at the reference's cell centres by Fourier
# interpolation (gs_post.py's sample_at_centres). Prints both errors, both loop
# times (summary.json's time_loop, the runs one after the other on this
# machine) and their ratio; fails only when order 4 on N4^2 is less accurate
# than the 9-point stencil on N2^2 (the speed is printed, not asserted).
# usage: order4_accuracy.sh GRAYSCOTT OUTDIR [N4 N2 REF]   (defaults 64 512 512)
set -euo pipefail
bin=$1 out=$2 n4=${3:-64} n2=${4:-512} ref=${5:-512}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PY=${GS_PYTHON:-/usr/bin/python3}
rm -rf "$out" && mkdir -p "$out"
input=$root/slurm/inputs/convergence-2d.toml
common=(time.integrator=rkl2 time.dt=0.003125 time.steps=640 output.fields_every=640 output.every=0 output.log_every=0)
run() {  # NAME N key=value...
  local name=$1 n=$2
  shift 2
  "$bin" "$input" "grid.n=$n" "${common[@]}" "$@" output.dir="$out/$name" >"$out/$name.log" 2>&1 ||
    { echo "FAIL: the $name run failed: $(tail -n 3 "$out/$name.log")" >&2; exit 1; }
  head -n 1 "$out/$name.log"
}
run reference "$ref" grid.order=4
run order4 "$n4" grid.order=4
run order2 "$n2" grid.stencil=9
PYTHONPATH=$root/postprocess "$PY" - "$out" <<'PY'
import glob, json, os, sys
import h5py, numpy as np
from gspost.convergence import sample_at_centres
out = sys.argv[1]
def field(name):
    path = sorted(glob.glob(os.path.join(out, name, "fields_*.h5")))[-1]
    with h5py.File(path, "r") as f:
        return np.asarray(f["v"][...], dtype=float).squeeze()
def loop(name):
    return json.load(open(os.path.join(out, name, "summary.json")))["wall_time_s"]["time_loop"]
ref = field("reference")
rows = {}
for name in ("order4", "order2"):
    v = field(name)
    e = v - sample_at_centres(np, ref, ref.shape[0] // v.shape[0]) if v.shape != ref.shape else v - ref
    rows[name] = (v.shape[0], float(np.sqrt(np.mean(e * e))), loop(name))
(n4, e4, t4), (n2, e2, t2) = rows["order4"], rows["order2"]
print("order 4 on %d^2: L2 error of v %.3e, loop %.3f s" % (n4, e4, t4))
print("9-point on %d^2: L2 error of v %.3e, loop %.3f s" % (n2, e2, t2))
print("order 4's loop time over the 9-point run's: %.4f (1/%.0f)" % (t4 / t2, t2 / t4))
if not e4 <= e2:
    print("FAIL: order 4 on %d^2 is less accurate than the 9-point stencil on %d^2" % (n4, n2), file=sys.stderr)
    sys.exit(1)
print("PASS: order 4 on %d^2 is at least as accurate as the 9-point stencil on %d^2" % (n4, n2))
PY
