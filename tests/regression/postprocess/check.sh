#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# postprocess/gs_post.py on real outputs and on bad input: every subcommand has
# --help; a field plot of a 2D and a 3D run; missing or malformed input (wrong
# types in summary.json, a folder for a file, unwritable outputs, bad options)
# gives one error line naming the file or option and a non-zero exit, never a
# traceback; the montage reads the sweep manifest and survives failed members;
# convergence refuses mixed levels and warns outside the asymptotic range.
# usage: check.sh GRAYSCOTT_BINARY OUTDIR
set -euo pipefail

source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || fail "usage: $0 GRAYSCOTT_BINARY OUTDIR"
bin=$1
out=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
post=("$PY" "$root/postprocess/gs_post.py")
rm -rf "$out"
mkdir -p "$out"

for sub in field convergence scaling montage pattern model latency; do
  "${post[@]}" "$sub" --help >/dev/null || fail "$sub --help failed"
done
# latency on a folder that holds no latency study: one line naming its list of runs.
if "${post[@]}" latency "$out" >"$out/latency.out" 2>"$out/latency.err"; then fail "latency on a folder without runs exited 0"; fi
[[ $(wc -l <"$out/latency.err") == 1 ]] && grep -q "latency-runs.tsv" "$out/latency.err" ||
  fail "latency on a folder without runs: not one line naming latency-runs.tsv: $(head -n 3 "$out/latency.err")"

"$bin" "$root/slurm/inputs/convergence-2d.toml" output.fields_every=10 output.dir="$out/r2" >"$out/r2.log" 2>&1 || fail "2D run failed"
"$bin" "$root/slurm/inputs/convergence-3d.toml" output.fields_every=10 output.dir="$out/r3" >"$out/r3.log" 2>&1 || fail "3D run failed"
"${post[@]}" field "$out/r2/fields_00000010.h5" -o "$out/f2.png" || fail "2D field plot failed"
"${post[@]}" field "$out/r3/fields_00000010.h5" --var u -o "$out/f3.png" || fail "3D field plot failed"
# The 2D plot's content: the colour at the centre of each cell's square is the
# inferno colour of that cell's v in the written field, scaled from its minimum
# to its maximum (the plot's default range), with y upwards. The image is found
# as the widest run of columns that are mostly inferno colours (the colour bar
# beside it is narrow).
"$PY" - "$out/f2.png" "$out/f3.png" "$out/r2/fields_00000010.h5" <<'PY' || fail "field plots: see above"
import sys
import h5py
import matplotlib
import matplotlib.image as m
import numpy as np
a, b = m.imread(sys.argv[1]), m.imread(sys.argv[2])
assert a.shape[0] > 300 and b.shape[1] > 2 * b.shape[0], (a.shape, b.shape)  # 3D: three mid-planes side by side
with h5py.File(sys.argv[3], "r") as f:
    v = f["v"][...]  # (y, x)
lut = matplotlib.colormaps["inferno"](np.linspace(0, 1, 256))[:, :3].astype(np.float32)
# For each pixel: the index of the nearest inferno colour, and whether it is
# one (within PNG rounding); worked out once per distinct colour of the PNG.
colours, pixel_colour = np.unique(a[:, :, :3].reshape(-1, 3), axis=0, return_inverse=True)
d = np.abs(colours[:, None, :] - lut[None, :, :]).max(axis=2)
index = d.argmin(axis=1)[pixel_colour].reshape(a.shape[:2])
near = (d.min(axis=1) <= 2.5 / 255)[pixel_colour].reshape(a.shape[:2])
def widest_run(flags):  # [start, end) of the longest run of True
    best, start = (0, 0), None
    for i, flag in enumerate(list(flags) + [False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            best, start = max(best, (i - start, start)), None
    return best[1], best[1] + best[0]
cols = near.sum(axis=0)
x0, x1 = widest_run(cols > 0.5 * cols.max())
y0, y1 = widest_run(near[:, x0:x1].sum(axis=1) > 0.9 * (x1 - x0))
ny, nx = v.shape
assert x1 - x0 > 8 * nx and y1 - y0 > 8 * ny, f"no image of {nx} x {ny} cells found: columns {x0}-{x1}, rows {y0}-{y1}"
want = np.minimum(((v - v.min()) / (v.max() - v.min()) * 256).astype(int), 255)
worst = 0
for j in range(ny):
    for i in range(nx):
        got = index[y1 - 1 - int((j + 0.5) * (y1 - y0) / ny), x0 + int((i + 0.5) * (x1 - x0) / nx)]
        worst = max(worst, abs(int(got) - int(want[j, i])))
        # One step of the 256 colours for rounding on the way to the PNG.
        assert abs(int(got) - int(want[j, i])) <= 1, f"cell (x {i}, y {j}): inferno colour {got} of 255, the field's v gives {want[j, i]}"
print(f"2D field plot: the {nx} x {ny} cells drawn in columns {x0}-{x1}, rows {y0}-{y1}, each within {worst} of 255 of its v's colour")
PY

expect_error() {  # expect_error WORD ARGS...: exit 1, no traceback, one line naming WORD
  local word=$1 rc=0
  shift
  "${post[@]}" "$@" >"$out/err.txt" 2>&1 || rc=$?
  [[ $rc == 1 ]] || { cat "$out/err.txt" >&2; fail "'$*' exited $rc, not 1"; }
  ! grep -q Traceback "$out/err.txt" || { cat "$out/err.txt" >&2; fail "'$*' printed a traceback"; }
  [[ $(wc -l <"$out/err.txt") == 1 ]] && grep -q -- "$word" "$out/err.txt" || { cat "$out/err.txt" >&2; fail "'$*': expected one line naming $word"; }
}
printf '{"status": "ok", "steps": ' >"$out/broken.json"
mkdir -p "$out/empty"
expect_error missing.h5 field "$out/missing.h5"
expect_error summary.json scaling "$out/empty"
expect_error broken.json scaling "$out/broken.json"
expect_error "at least 3 runs" convergence "$out/r2" "$out/r2"
cp "$out/r2.log" "$out/not.h5"
expect_error not.h5 field "$out/not.h5"

# Every refusal below: non-zero exit, exactly one line on stderr naming WORD, no traceback anywhere.
expect_refusal() {  # expect_refusal WORD ARGS...
  local word=$1 rc=0
  shift
  "${post[@]}" "$@" >"$out/ref.out" 2>"$out/ref.err" || rc=$?
  [[ $rc != 0 ]] || fail "'$*' exited 0"
  ! grep -q Traceback "$out/ref.out" "$out/ref.err" || { cat "$out/ref.err" >&2; fail "'$*' printed a traceback"; }
  [[ $(wc -l <"$out/ref.err") == 1 ]] || { cat "$out/ref.err" >&2; fail "'$*': $(wc -l <"$out/ref.err") lines on stderr, not 1"; }
  grep -q -- "$word" "$out/ref.err" || { cat "$out/ref.err" >&2; fail "'$*': the error does not name $word"; }
}
# edited NAME PYTHON: a copy of the 2D run whose summary.json has PYTHON applied to `s`.
edited() {
  rm -rf "$out/$1" && cp -r "$out/r2" "$out/$1"
  "$PY" - "$out/$1/summary.json" "$2" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
exec(sys.argv[2])
open(sys.argv[1], "w").write(json.dumps(s))
PY
}
edited steps_text 's["steps"] = "ten"'
expect_refusal "steps_text/summary.json: key 'steps'" scaling "$out/steps_text" --out "$out/sc"
edited config_null 's["config"] = None'
expect_refusal "config_null/summary.json: key 'config'" scaling "$out/config_null" --out "$out/sc"
edited n_text 's["config"]["grid"]["n"] = "sixteen"'
expect_refusal "key 'config.grid.n'" convergence "$out/n_text" "$out/r2" "$out/r2" --out "$out/cv"
edited wall_text 's["wall_time_s"] = "fast"'
expect_refusal "key 'wall_time_s'" scaling "$out/wall_text" --out "$out/sc"
edited steps_nan 's["steps"] = float("nan")'
expect_refusal "steps_nan/summary.json: key 'steps'" scaling "$out/steps_nan" --out "$out/sc"
edited F_text 's["config"]["physics"]["F"] = "high"'
expect_refusal "key 'config.physics.F'" montage "$out/F_text" -o "$out/m.png"
edited loop_zero 's["wall_time_s"]["time_loop"] = 0'
expect_refusal "wall_time_s.time_loop" scaling "$out/loop_zero" --out "$out/sc"
edited stats_text 's["final_stats"]["v_mean"] = "0.1"'
expect_refusal "key 'final_stats.v_mean'" scaling "$out/stats_text" --out "$out/sc"
mkdir -p "$out/dir_summary/summary.json"
expect_refusal "dir_summary/summary.json: is a folder" scaling "$out/dir_summary" --out "$out/sc"
expect_refusal "dir_summary/summary.json: is a folder" scaling "$out/dir_summary/summary.json" --out "$out/sc"
expect_refusal "--bw-mem" model --bw-mem 0
expect_refusal "--beta" model --beta -1
expect_refusal "--halo-depth" model --halo-depth 0
expect_refusal "--ghost" model --ghost 2 --halo-depth 2
expect_refusal "--cell-inches" montage "$out/r2" --cell-inches -1
expect_refusal "no/such/folder" field "$out/r2/fields_00000010.h5" -o "$out/no/such/folder/f.png"
expect_refusal "no/such/folder" montage "$out/r2" -o "$out/no/such/folder/m.png"
touch "$out/a_file"
expect_refusal "a_file: exists and is not a folder" scaling "$out/r2" --out "$out/a_file"
expect_refusal "a_file: exists and is not a folder" convergence "$out/r2" "$out/r2" "$out/r2" --out "$out/a_file"
expect_refusal "a_file: exists and is not a folder" model --out "$out/a_file"
"$PY" - "$out/group.h5" <<'PY'
import sys, h5py
with h5py.File(sys.argv[1], "w") as f:
    f.create_group("v")
PY
expect_refusal "group.h5: 'v' is a group, not a dataset" field "$out/group.h5" -o "$out/g.png"
[[ ! -e $out/sc ]] || fail "a refused scaling command created its --out folder"

# Convergence: levels with another stencil are refused naming the key, and the
# result file says so; orders out of the asymptotic range warn.
for i in 1 2 3; do rm -rf "$out/lvl$i" && cp -r "$out/r2" "$out/lvl$i"; done
edited lvl3 's["config"]["grid"]["stencil"] = 5'
expect_refusal "grid.stencil = 5 differs from 9" convergence "$out/lvl1" "$out/lvl2" "$out/lvl3" --out "$out/mixed"
[[ $(json_field "$out/mixed/convergence.json" status) == error ]] || fail "mixed levels: convergence.json does not say error"
(cd "$root/postprocess" && "$PY" - <<'PY') || fail "asymptotic-range warnings"
from gspost.convergence import asymptotic_warnings as w
assert w([2.01, 1.99], None, 0.2) == [], w([2.01, 1.99], None, 0.2)
assert w([2.07, 1.72], None, 0.2), "mixed stencils' orders pass"
assert w([-9.9, 57.8], None, 0.2), "unstable dt orders pass"
assert w([1.5, 1.52], 2.0, 0.2), "far from --expect-order passes"
assert w([2.0], None, 0.2), "one order passes silently"
print("asymptotic-range warnings: ok")
PY

# Montage from the sweep manifest: one member drawn, one failed, one missing;
# exit 0 with a line per missing member. A re-run (newer manifest) makes the
# old results stale: nothing drawn, exit 1 with one error line.
sweep=$out/sweep
mkdir -p "$sweep"
"$bin" "$root/slurm/inputs/convergence-2d.toml" physics.F=0.03 physics.k=0.06 output.every=10 output.dir="$sweep/F0.03_k0.06" >"$out/m1.log" 2>&1 || fail "sweep member run failed"
rc=0
"$bin" "$root/slurm/inputs/convergence-2d.toml" physics.F=0.05 physics.k=0.06 time.dt=400 time.allow_unstable=true output.log_every=1 \
  output.dir="$sweep/F0.05_k0.06" >"$out/m2.log" 2>&1 || rc=$?
[[ $rc == 1 ]] || fail "the failing sweep member exited $rc"
for F in 0.03 0.05 0.07; do echo "physics.F=$F physics.k=0.06 output.dir=$sweep/F${F}_k0.06"; done >"$sweep/sweep.txt"
touch -d '-1 minute' "$sweep/sweep.txt"
"${post[@]}" montage "$sweep" -o "$sweep/montage.png" >"$out/mont.out" 2>"$out/mont.err" || { cat "$out/mont.err" >&2; fail "montage with missing members did not exit 0"; }
grep -q "2 missing; 1 drawn" "$out/mont.out" || fail "montage: $(cat "$out/mont.out")"
grep -q "F=0.05 k=0.06: .*failed: non-finite" "$out/mont.err" || fail "montage does not name the failed member: $(cat "$out/mont.err")"
grep -q "F=0.07 k=0.06: .*no summary.json" "$out/mont.err" || fail "montage does not name the missing member: $(cat "$out/mont.err")"
[[ -s $sweep/montage.png ]] || fail "no montage.png"
touch "$sweep/sweep.txt"
rc=0
"${post[@]}" montage "$sweep" -o "$sweep/montage2.png" >"$out/mont.out" 2>"$out/mont.err" || rc=$?
[[ $rc == 1 ]] || fail "montage of a re-run whose members all left stale results exited $rc"
grep -q "stale summary.json" "$out/mont.err" || fail "montage does not call the old results stale: $(cat "$out/mont.err")"
[[ $(grep -c "error:" "$out/mont.err") == 1 ]] || fail "montage with nothing drawn: not one error line"
! grep -q Traceback "$out/mont.err" || fail "montage printed a traceback"
# The same with the classes and table too (as a sweep's montage job runs it): each of the 3 members is counted
# once as missing, not once per output (it said "8 missing" of a 4-member sweep).
rc=0
"${post[@]}" montage "$sweep" -o "$sweep/montage3.png" --classes "$sweep/classes.png" --table "$sweep/patterns.csv" \
  >"$out/mont.out" 2>"$out/mont.err" || rc=$?
[[ $rc == 1 ]] || fail "montage --classes of stale members exited $rc"
grep -q "no member of the sweep could be drawn (3 of 3 missing)" "$out/mont.err" || fail "montage miscounts: $(cat "$out/mont.err")"

echo "PASS: gs_post.py plots real fields and rejects bad input with one line"
