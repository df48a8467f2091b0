#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The default diamond-square start seeds about what the default Perlin start
# seeds: on the default input, v's mean at step 0 with init.type =
# diamond_square (neither init.fill nor init.threshold given, so the default
# fill applies) lies within 10% of its mean with init.type = perlin (threshold
# 0.1), for the smooth, default and roughest roughness. Before init.fill the
# diamond-square mean was 1.8e-5, four thousand times too low. On 1 and 3
# ranks, the field written at step 0 holds exactly round(0.3 x cells) seeded
# cells, counted here from the file, and the threshold line names that count.
# usage: check.sh GRAYSCOTT OUTDIR INPUT
set -euo pipefail
GRAYSCOTT=$1 OUT=$2 INPUT=$3
source "$(dirname "$0")/../lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"

# v_mean of final_stats (time.steps = 0: the initial state).
v_mean() { json_field "$1/summary.json" final_stats.v_mean; }

run_ranks 1 "$OUT/perlin" "$INPUT" init.type=perlin time.steps=0 output.every=0 || fail "perlin run failed: $(tail -n 3 "$OUT/perlin.log")"
ref=$(v_mean "$OUT/perlin")
[[ -n $ref ]] || fail "no v_mean in $OUT/perlin/summary.json"
echo "perlin (init.threshold = 0.1): v mean $ref"

runs=()  # each run's field file and its threshold line's fill, count above and cells
for r in 0.5 0.6 1.0; do
  for ranks in 1 3; do
    name="ds_r${r}_n${ranks}"
    run_ranks "$ranks" "$OUT/$name" "$INPUT" init.type=diamond_square init.roughness=$r time.steps=0 output.every=0 \
      output.fields_every=1 || fail "$name run failed: $(tail -n 3 "$OUT/$name.log")"
    got=$(v_mean "$OUT/$name")
    line=$(grep '^init.fill = ' "$OUT/$name.log") || fail "$name: no threshold line in $OUT/$name.log"
    echo "diamond_square roughness $r, $ranks ranks: v mean $got; $line"
    read -r fill above cells < <(sed -n 's/^init.fill = \([0-9.e-]*\): threshold [^,]*, \([0-9]*\) of \([0-9]*\) cells above it$/\1 \2 \3/p' <<<"$line")
    [[ -n ${cells:-} ]] || fail "$name: threshold line not understood: $line"
    runs+=("$OUT/$name/fields_00000000.h5" "$fill $above $cells")
    "$PY" - "$ref" "$got" <<'PY' || fail "$name: see above"
import sys
ref, got = map(float, sys.argv[1:3])
if not 0.9 * ref <= got <= 1.1 * ref:
    sys.exit(f"FAIL: diamond_square v mean {got} is outside 10% of perlin's {ref}")
PY
  done
done
# The seeded cells recounted from each written field. A cell's v is
# A S((n - threshold) / width + 1/2) with S the smoothstep (S(1/2) = 1/2,
# increasing): its noise n is above the threshold exactly where v > A / 2,
# A = init.amplitude = 0.25 by default. The default fill is 0.3 (docs/config.md).
"$PY" - "${runs[@]}" <<'PY' || fail "seeded cells in the written fields: see above"
import sys
import h5py
args = sys.argv[1:]
for path, line in zip(args[0::2], args[1::2]):
    fill, above, cells = float(line.split()[0]), int(line.split()[1]), int(line.split()[2])
    with h5py.File(path, "r") as f:
        v = f["v"][...]
    want = int(0.3 * v.size + 0.5)
    seeded = int((v > 0.25 / 2).sum())
    if seeded != want:
        sys.exit(f"FAIL: {path}: {seeded} cells have v > 0.125, round(0.3 x {v.size}) = {want}")
    if (fill, above, cells) != (0.3, want, v.size):
        sys.exit(f"FAIL: {path}: the threshold line says fill {fill}, {above} of {cells} cells; the file holds {want} of {v.size}")
    print(f"{path}: {seeded} of {v.size} cells seeded")
PY
echo "PASS: the default diamond_square start seeds exactly its fill (counted in the written field), v mean within 10% of perlin's"
