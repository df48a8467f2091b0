#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Sub-sampled and boxed field outputs (docs/io.md, "Sub-sampled and sliced
# outputs"): each its own output with its own cadence; fields_sub holds every
# k-th cell of the full field, fields_box exactly the cells whose centres lie
# in the box (or the mid-plane; several entries of output.box, each its own
# series), the same bits on 1 and 3 ranks (with ranks
# that hold none of the box), compressed or not; ParaView's XDMF reader
# reports the bounds those cells cover and opens each as a time series; a
# restart continues each series.
# usage: check.sh GRAYSCOTT OUTDIR
set -euo pipefail
GRAYSCOTT=$1 OUT=$2
source "$(dirname "$0")/../lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
require_pvpython
rm -rf "$OUT" && mkdir -p "$OUT"

base=(/dev/null grid.dims=3 "grid.n=[24,20,18]" "grid.L=[24.0,10.0,18.0]" grid.stencil=7 time.dt=0.1 init.type=spots init.count=4
  init.size=0.4 time.steps=20 output.every=0 output.fields_every=10 output.subsample_every=10 output.subsample_stride=3 output.box_every=5
  parallel.layout=[1,1,0])
box="output.box=[2.0,9.5,1.2,6.0,0.0,5.0]"  # x cells 2..9, y cells 2..11, z cells 0..4: on 3 ranks along z, two hold none
run() { run_case "$1" "$2" "${base[@]}" "${@:3}"; }  # name ranks overrides...
run box_r1 1 "$box"
run box_r3 3 "$box"
run box_deflate_r3 3 "$box" output.fields_compression=deflate output.fields_precision=float32
run mid_x_r3 3 output.box=mid_x
run mid_z_r2 2 output.box=mid_z output.subsample_stride=5
# Several entries: each its own series, named by its plane or its place.
run planes_r3 3 'output.box=["mid_x","mid_y","mid_z",[2.0,9.5,1.2,6.0,0.0,5.0]]' output.fields_compression=deflate
"$PY" "$here/check_subsets.py" "$OUT" || fail "file contents (above)"

# A restart continues each series: the earlier files stay in its XDMF, and
# the files after the restart are those of the uninterrupted run.
run restart 1 "$box" time.steps=10 checkpoint.every=10
run restart 2 "$box" restart=latest
for prefix in fields_sub fields_box; do
  want=$(ls "$OUT/box_r1" | grep "^${prefix}_.*h5$")
  [[ $(grep -o "${prefix}_[0-9]*\.h5" "$OUT/restart/$prefix.xmf" | sort -u) == "$want" ]] ||
    fail "restart: $prefix.xmf lists $(grep -o "${prefix}_[0-9]*\.h5" "$OUT/restart/$prefix.xmf" | tr '\n' ' '), expected $(echo $want)"
  for f in $want; do
    cmp -s "$OUT/restart/$f" "$OUT/box_r1/$f" || "$PY" - "$OUT/restart/$f" "$OUT/box_r1/$f" <<'PY' || fail "restart: $f differs from the uninterrupted run's"
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
sys.exit(0 if all(np.array_equal(a[k][...], b[k][...]) for k in ("u", "v")) else 1)
PY
  done
done
echo "ok restart: fields_sub and fields_box series continued"

pv() {  # xmf times n origin spacing
  timeout 300 pvpython "$here/../field_formats/check_paraview.py" "$@" </dev/null >"$OUT/pv.log" 2>&1 || fail "ParaView: $(tail -n 3 "$OUT/pv.log")"
  grep "^ok" "$OUT/pv.log"
}
pv "$OUT/box_r3/fields_box.xmf" "0 0.5 1 1.5 2" "8 10 5" "2 1 0" "1 0.5 1"
pv "$OUT/box_deflate_r3/fields_box.xmf" "0 0.5 1 1.5 2" "8 10 5" "2 1 0" "1 0.5 1"
pv "$OUT/box_r3/fields_sub.xmf" "0 1 2" "8 7 6" "-1 -0.5 -1" "3 1.5 3"
pv "$OUT/mid_x_r3/fields_box.xmf" "0 0.5 1 1.5 2" "1 20 18" "12 0 0" "1 0.5 1"
pv "$OUT/mid_z_r2/fields_box.xmf" "0 0.5 1 1.5 2" "24 20 1" "0 0 9" "1 0.5 1"
pv "$OUT/planes_r3/fields_box_mid_y.xmf" "0 0.5 1 1.5 2" "24 1 18" "0 5 0" "1 0.5 1"
pv "$OUT/planes_r3/fields_box_4.xmf" "0 0.5 1 1.5 2" "8 10 5" "2 1 0" "1 0.5 1"
# A box that names no cell is refused before step 0: one line naming
# output.box and what is wrong, exit 2, nothing written (x cells are 1 wide,
# centres at 0.5, 1.5, ...: [2.0, 2.4] holds none).
for bad in "output.box=[2.0,2.4,0,5,0,5]" "output.box=[0,5,0,5]" "output.box=[5,2,0,5,0,5]" "output.box=[0,25,0,5,0,5]" output.box=mid_w \
  'output.box=["mid_x","mid_x"]' 'output.box=["mid_x",3]' 'output.box=["mid_y",[0,5,0,5]]' 'output.box=[]'; do
  rc=0
  "$GRAYSCOTT" "${base[@]}" "$bad" "output.dir=$OUT/bad" >"$OUT/bad.log" 2>&1 || rc=$?
  [[ $rc == 2 && $(wc -l <"$OUT/bad.log") == 1 ]] || fail "$bad: exit $rc, expected 2 and one line: $(cat "$OUT/bad.log")"
  grep -q "key 'output.box'" "$OUT/bad.log" || fail "$bad: the line does not name output.box: $(cat "$OUT/bad.log")"
  [[ ! -e $OUT/bad ]] || fail "$bad: $OUT/bad was created"
  cat "$OUT/bad.log"
done
grep -q "holds no cell centre" <("$GRAYSCOTT" "${base[@]}" "output.box=[2.0,2.4,0,5,0,5]" --check 2>&1) ||
  fail "output.box=[2.0,2.4,...]: the refusal does not say that it holds no cell centre"
echo "PASS"
