#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Same input, same bits: the final digest of a pattern-forming run must be
# identical on 1, 2, 3, 4, 6 and 8 ranks and on non-default layouts.
# --spots: the 1-rank run's final v, read from its checkpoint, also holds
# spots that the reaction feeds (see below), so the digests compared are of a
# field that carries a pattern.
# usage: check.sh GRAYSCOTT OUTDIR INPUT [--spots] [section.key=value ...]
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
shift 3
spots=
[[ ${1:-} == --spots ]] && spots=1 && shift
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

# With --spots the 1-rank run also writes a checkpoint at its last step.
run_ranks 1 "$OUT/r1" "$INPUT" "$@" ${spots:+checkpoint.every=1000000} || fail "1-rank run failed: $(tail -n 3 "$OUT/r1.log")"
ref=$(digest_of "$OUT/r1/summary.json")
steps=$(json_field "$OUT/r1/summary.json" steps)
dims=$(json_field "$OUT/r1/summary.json" config.grid.dims)
echo "1 rank: digest $ref after $steps steps (${dims}D)"
if [[ -n $spots ]]; then
  # Without its source u v^2 (>= 0), v would follow v_t = Dv lap(v) - (F + k) v.
  # A forward-Euler stage of that gives each cell a combination of its
  # neighbourhood with weights >= 0 (the 27-point centre weight dt Dv 128 /
  # (30 h^2) is below 1 - dt (F + k)) summing to 1 - dt (F + k), so v's
  # maximum falls by that factor a stage; Heun's step, the mean of the state
  # and two stages, by g = (1 + (1 - dt (F + k))^2) / 2. From the start's
  # maximum A = init.amplitude, v then stays at most A g^steps (0.036 after
  # digest_3d_fill's 20 steps). Above that, the reaction feeds v; and the
  # cells at a quarter of the maximum or more are spots: at least two separate
  # clusters (periodic; cells touching at a face, edge or corner join), 1% to
  # 50% of the cells.
  "$PY" - "$OUT/r1/summary.json" "$OUT/r1/checkpoints/ckpt_$(printf %08d "$steps").h5" <<'PY' || fail "no spots in the final v: see above"
import json, sys
import h5py
import numpy as np
c = json.load(open(sys.argv[1]))["config"]
F, k, dt, steps, A = c["physics"]["F"], c["physics"]["k"], c["time"]["dt"], c["time"]["steps"], c["init"]["amplitude"]
assert c["time"]["integrator"] == "rk2" and c["grid"]["stencil"] == 27, "the bound below is for rk2 and the 27-point stencil"
h = c["grid"]["L"][0] / c["grid"]["n"][0]
assert dt * c["physics"]["Dv"] * 128 / (30 * h * h) <= 1 - dt * (F + k), "the decay-only stage is not a combination with weights >= 0"
with h5py.File(sys.argv[2], "r") as f:
    v = f["v"][...]
g = (1 + (1 - dt * (F + k)) ** 2) / 2
bound = A * g ** steps
print(f"final v: max {v.max():.4g} (without the reaction at most {bound:.4g}), mean {v.mean():.4g}")
if not v.max() > bound:
    sys.exit(f"FAIL: max v {v.max():.4g} <= {bound:.4g}: the reaction does not feed v")
on = v >= v.max() / 4
label = np.full(v.shape, -1)
clusters = 0
for start in zip(*np.nonzero(on)):
    if label[start] >= 0:
        continue
    label[start], todo = clusters, [start]
    while todo:
        z, y, x = todo.pop()
        for dz in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    n = ((z + dz) % v.shape[0], (y + dy) % v.shape[1], (x + dx) % v.shape[2])
                    if on[n] and label[n] < 0:
                        label[n] = clusters
                        todo.append(n)
    clusters += 1
print(f"cells with v >= max / 4: {on.mean():.1%} of the cells, in {clusters} clusters")
if clusters < 2 or not 0.01 <= on.mean() <= 0.5:
    sys.exit(f"FAIL: v >= max / 4 on {on.mean():.1%} of the cells in {clusters} clusters, not spots")
PY
fi

cases=("2" "3" "4" "6" "8")
if [[ $dims == 2 ]]; then
  cases+=("4:parallel.layout=[4,1]" "4:parallel.layout=[1,4]" "6:parallel.layout=[1,6]")
else
  cases+=("4:parallel.layout=[1,1,4]" "4:parallel.layout=[4,1,1]" "6:parallel.layout=[1,3,2]")
fi
for c in "${cases[@]}"; do
  ranks=${c%%:*}
  extra=()
  [[ $c == *:* ]] && extra=("${c#*:}")
  name="r${ranks}${extra:+_$(tr -c 'a-z0-9' '_' <<<"${extra[0]}")}"
  run_ranks "$ranks" "$OUT/$name" "$INPUT" "$@" "${extra[@]}" || fail "$c run failed: $(tail -n 3 "$OUT/$name.log")"
  got=$(digest_of "$OUT/$name/summary.json")
  layout=$(json_field "$OUT/$name/summary.json" layout)
  echo "$ranks ranks, layout $layout: digest $got"
  [[ $got == "$ref" ]] || fail "digest on $ranks ranks (layout $layout) is $got, 1 rank gave $ref"
done
echo "PASS: identical digests on every rank count and layout"
