#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The view keys reach the ready scripts (check_views.py reads the images):
#  - isosurface.py with non-default arrays, colour range, size, camera and
#    background: images of the asked size, the asked background at a corner,
#    and not the image the default camera gives with the same settings;
#  - slice_contour.py (a plane inside the volume plus the isosurfaces behind
#    it) writes its images on 1 and 2 ranks (2 ranks: colour range "auto");
#  - slice.py's legend lies right of the plane, never over it, in a 2D image
#    and a 3D mid-plane image, with fixed-point end labels ("0.50").
source "$(dirname "$0")/common.sh"
in3=$SRC/inputs/default-3d.toml
cat=$SRC/inputs/catalyst
small=(grid.n=24 grid.L=24 init.count=4 init.size=0.3 time.steps=20 output.every=0 insitu.every=10)
views=(insitu.contour_array=u insitu.iso=0.7 insitu.color_array=v 'insitu.color_range=[0, 0.4]'
  'insitu.image_size=[320, 240]' 'insitu.background=[1, 0, 1]')
camera=('insitu.camera_position=[12, -60, 40]' 'insitu.camera_focal_point=[12, 12, 8]' 'insitu.camera_view_up=[0, 0, 1]')
go() {  # go NAME RANKS ARGS...
  local name=$1 ranks=$2
  shift 2
  run_gs "$ranks" 300 "$@" output.dir="$WORK/$name" >"$WORK/$name.log" 2>&1 || { cat "$WORK/$name.log"; echo "FAIL: run $name"; exit 1; }
}
go camera 1 "$in3" "${small[@]}" "${views[@]}" "${camera[@]}" insitu.script="$cat/isosurface.py"
go preset 1 "$in3" "${small[@]}" "${views[@]}" insitu.script="$cat/isosurface.py"
go inside1 1 "$in3" "${small[@]}" 'insitu.background=[1, 0, 1]' "insitu.script=[\"$cat/slice_contour.py\", \"$cat/slice.py\"]"
go inside2 2 "$in3" "${small[@]}" insitu.color_range=auto insitu.camera=-y insitu.script="$cat/slice_contour.py"
go plane2d 2 "$SRC/inputs/default.toml" time.steps=200 output.every=0 insitu.every=200 'insitu.background=[1, 0, 1]' \
  insitu.script="$cat/slice.py"
$PY "$SRC/tests/catalyst/check_views.py" "$WORK"
# The labels: fixed point with the decimals the round values need (no forced
# second decimal), as ParaView formats them.
timeout 120 pvpython -c "
import sys; sys.path.insert(0, '$cat')
import gs_view
got = [gs_view.tick_labels(0.0, 0.6, 9)[2], gs_view.tick_labels(0.3, 0.6, 9)[2], gs_view.tick_labels(0.40, 0.45, 2)[2]]
print('labels', got)
assert got == [['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6'], ['0.30', '0.35', '0.40', '0.45', '0.50', '0.55', '0.60'], ['0.40', '0.45']], got
" </dev/null
