#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# `grayscott --benchmark --json` on small grids: the JSON lists all thirty
# step cases (five stencils x Euler, RK2, RKL2 x double, float, from the one
# run), and on one rank the Euler and RK2 ones also as fused blocks of T = 2,
# 4, 8 steps (the block form named; RKL2 does not block), with positive
# throughput, the bytes per cell counted by hand below (32 Euler, 80 RK2, 688
# RKL2 with its 9 stages in double; half in float; more with a parameter map,
# from a run of its own), stage updates per second (cells per
# second x stages per step), a fraction of copy
# bandwidth consistent with the measured bandwidth; precisions=float runs
# float cases only; each case records the parallel.halo_depth it ran with: the
# solver's default ("auto") unless the key pins it; a bad key exits 2 with a
# one-line error.
# usage: benchmark_check.sh GRAYSCOTT RANKS OUTDIR
set -euo pipefail
GRAYSCOTT=$1 RANKS=$2 OUT=$3
MPIEXEC=${MPIEXEC:-mpiexec}
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT"

"$MPIEXEC" -n "$RANKS" "$GRAYSCOTT" --benchmark --json "$OUT/bench.json" n2d=96 n3d=24 steps=2 repeats=3 warmup=1 \
  stream_mib=4 >"$OUT/bench.log" 2>&1 || fail "benchmark run failed: $(tail -n 5 "$OUT/bench.log")"
cat "$OUT/bench.log"
# Bytes a step moves per cell, counted by hand from what each stage kind reads
# and writes at its cell (src/physics/cell_update.hpp: update_cell, RowKernel;
# the stages of each integrator in src/numerics/integrator.cpp: make_scheme),
# in values of u and v:
#   euler       Forward: reads u, v; writes u, v                                     4
#   rk2         Forward: reads y; writes s (2 + 2), then Average: reads s (in)
#               and y (base); writes y (4 + 2)                                  4 + 6 = 10
#   rkl2, s = 9 ForwardKeepRate: reads Y0; writes Y1 and f(Y0) (2 + 4), then
#               stage 2 (Combine): reads Y1, Y0 (base and prev), f(Y0); writes
#               Y2 (6 + 2), then 7 Combine stages: read Y_{j-1}, Y_{j-2}, Y0,
#               f(Y0); write Y_j (8 + 2)                           6 + 8 + 7 x 10 = 84
#   rk4         ForwardKeepRate: reads y0; writes y1 and k1 (2 + 4); Combine:
#               reads y1, y0, k1; writes y2 (6 + 2); Combine: reads y2, y0, k1;
#               writes y3 (6 + 2); Combine: reads y3, y2, y0, k1; writes the
#               new state (8 + 2)                                  6 + 8 + 8 + 10 = 32
# A register two roles name is read once. A parameter map adds F and k, read
# at the cell in every stage: 6, 14, 102, 40.
# Each neighbour of the stencil is counted once (it stays in cache), write
# allocation not at all (as STREAM's copy). 8 bytes a value in double, 4 in float.
BYTES_PER_CELL='{"euler double": 32, "rk2 double": 80, "rkl2 double": 672, "rk4 double": 256, "euler float": 16, "rk2 float": 40, "rkl2 float": 336, "rk4 float": 128}'
BYTES_PER_CELL_MAPPED='{"euler double": 48, "rk2 double": 112, "rkl2 double": 816, "rk4 double": 320, "euler float": 24, "rk2 float": 56, "rkl2 float": 408, "rk4 float": 160}'
# Flops per cell and step, counted by hand from update_cell and the Laplacians'
# row forms: a Laplacian costs 9, 11, 14, 15, 18 (5, 9, 7, 19, 27 points), 15 and
# 23 (grid.order = 4's 2D and 3D crosses: per axis 2 sums, 2 products, 2
# differences, the product by inv_h2 / 12, then the sum over axes); a
# Forward stage 2 Laplacians + 16; Average adds 4 (2 per species), Combine 14
# (five weighted terms per species where Forward has one product and one sum).

"${GS_PYTHON:-/usr/bin/python3}" - "$OUT/bench.json" "$RANKS" "$BYTES_PER_CELL" <<'PY' || fail "benchmark JSON check failed"
import json, sys
d = json.load(open(sys.argv[1]))
bytes_per_cell = json.loads(sys.argv[3])
ranks = int(sys.argv[2])
assert d["ranks"] == ranks, d["ranks"]
assert d["copy_bandwidth_bytes_per_s"] > 0 and d["triad_bandwidth_bytes_per_s"] > 0
names = [c["case"] for c in d["cases"]]
want, stems = [], []
for p in ("double", "float"):
    st = [f"{s}-{p}-{i}" for s in ("2d-5pt", "2d-9pt", "3d-7pt", "3d-19pt", "3d-27pt", "2d-o4", "3d-o4")
          for i in ("euler", "rk2", "rkl2", "rk4")]
    stems += st
    want += st + ([f"{s}-T{t}" for s in st if not s.endswith(("rkl2", "rk4")) and "-o4-" not in s for t in (2, 4, 8)] if ranks == 1 else [])
assert names == want, names
assert d["precisions"] == ["double", "float"], d["precisions"]
for c in d["cases"]:
    # Every case says the depth it ran with: a step case its run's ("auto",
    # 1 for states this small), a fused case its T.
    if c["case"] in stems:
        assert c["halo_depth"] == 1, c
        continue
    assert c["halo_depth"] == int(c["case"].rsplit("-T", 1)[1]), c
    assert c["block_form"] in ("wavefront", "tiles", "levels"), c
for c in d["cases"]:
    assert c["cell_updates_per_second"] > 0, c
    assert c["cell_updates_per_second_best"] >= c["cell_updates_per_second"], c
    assert c["case"].split("-")[2] == c["precision"], c
    assert c["bytes_per_cell"] == bytes_per_cell[c["integrator"] + " " + c["precision"]], c
    stages = {"euler": 1, "rk2": 2, "rkl2": 9, "rk4": 4}[c["integrator"]]
    assert c["stages_per_step"] == stages, c
    lap = {"2d-5pt": 9, "2d-9pt": 11, "3d-7pt": 14, "3d-19pt": 15, "3d-27pt": 18, "2d-o4": 15, "3d-o4": 23}[c["case"][:c["case"].index("-", 3)]]
    assert (c["order"], c["stencil"]) == ({"2d-o4": (4, 9), "3d-o4": (4, 13)}.get(c["case"][:5], (2, c["stencil"]))), c
    stage = 2 * lap + 16
    flops = {"euler": stage, "rk2": 2 * stage + 4, "rkl2": 9 * stage + 8 * 14, "rk4": 4 * stage + 3 * 14}[c["integrator"]]
    assert c["flops_per_cell"] == flops, (c, flops)
    assert abs(c["cell_updates_per_stage_per_second"] - stages * c["cell_updates_per_second"]) <= 1e-9 * c["cell_updates_per_stage_per_second"], c
    expect = c["cell_updates_per_second"] * c["bytes_per_cell"] / d["copy_bandwidth_bytes_per_s"]
    assert abs(c["fraction_of_copy_bandwidth"] - expect) <= 1e-4 * expect, (c, expect)
    assert 0 <= c["halo_fraction"] <= 1, c
print(f"PASS: {len(names)} cases on {ranks} rank(s)")
PY

# With a parameter map every stage also reads F and k (the counts above).
"$MPIEXEC" -n "$RANKS" "$GRAYSCOTT" --benchmark --json "$OUT/map.json" n2d=32 steps=1 repeats=1 warmup=1 stream_mib=1 \
  cases=2d-5pt depths=none physics.map=gradient >"$OUT/map.log" 2>&1 || fail "benchmark with a parameter map failed: $(tail -n 5 "$OUT/map.log")"
"${GS_PYTHON:-/usr/bin/python3}" - "$OUT/map.json" "$BYTES_PER_CELL_MAPPED" <<'PY' || fail "bytes per cell with a parameter map"
import json, sys
d = json.load(open(sys.argv[1]))
want = json.loads(sys.argv[2])
got = {c["integrator"] + " " + c["precision"]: c["bytes_per_cell"] for c in d["cases"]}
assert got == want, f"bytes per cell {got}, counted by hand {want}"
print(f"PASS: bytes per cell with a parameter map {got}")
PY

"$MPIEXEC" -n "$RANKS" "$GRAYSCOTT" --benchmark --json "$OUT/float.json" n2d=96 n3d=24 steps=2 repeats=3 warmup=1 \
  stream_mib=4 cases=3d-7pt integrators=euler precisions=float depths=none parallel.halo_depth=2 >"$OUT/float.log" 2>&1 || fail "float-only benchmark failed: $(tail -n 5 "$OUT/float.log")"
"${GS_PYTHON:-/usr/bin/python3}" -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert [c['case'] for c in d['cases']] == ['3d-7pt-float-euler'], d['cases']
assert d['cases'][0]['halo_depth'] == 2, d['cases'][0]
" "$OUT/float.json" || fail "precisions=float did not run exactly the float case at the pinned parallel.halo_depth=2"
grep -Eq '^3d-7pt-float-euler +24\^3 +2 ' "$OUT/float.log" || fail "the float case's row does not show T = 2: $(cat "$OUT/float.log")"

# Without the key the step cases run the solver's default, "auto": on one host
# rank (of any number of threads) a 2D state beyond 24 MiB (1024^2 in double)
# blocks 8 Euler steps; two ranks hold 16 MiB each and exchange every step.
"$MPIEXEC" -n "$RANKS" "$GRAYSCOTT" --benchmark --json "$OUT/auto.json" n2d=1024 steps=1 repeats=1 warmup=1 \
  stream_mib=4 cases=2d-5pt integrators=euler precisions=double depths=none >"$OUT/auto.log" 2>&1 || fail "auto benchmark failed: $(tail -n 5 "$OUT/auto.log")"
"${GS_PYTHON:-/usr/bin/python3}" -c "
import json, sys
d = json.load(open(sys.argv[1]))
single = d['ranks'] == 1 and d['backend'] in ('Serial', 'OpenMP')
want = 8 if single else 1
got = d['cases'][0]['halo_depth']
assert got == want, f'halo_depth {got}, the auto rule gives {want} here'
print(f'PASS: step case ran at the default halo_depth {got}')
" "$OUT/auto.json" || fail "the step case did not follow parallel.halo_depth = auto"

set +e
err=$("$GRAYSCOTT" --benchmark no_such_key=1 2>&1 >/dev/null)
rc=$?
set -e
[[ $rc == 2 ]] || fail "a bad benchmark key exited $rc, expected 2"
[[ $(wc -l <<<"$err") == 1 && $err == *no_such_key* ]] || fail "bad key error is not one line naming the key: $err"
echo "PASS: bad key rejected: $err"

set +e
err=$("$GRAYSCOTT" --benchmark depths=2,9 2>&1 >/dev/null)
rc=$?
set -e
[[ $rc == 2 ]] || fail "depths=2,9 exited $rc, expected 2"
[[ $(wc -l <<<"$err") == 1 && $err == *depths* ]] || fail "bad depths error is not one line naming the key: $err"
echo "PASS: bad depths rejected: $err"
