#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# What a ParaView user reads at a glance in the ready scripts' images
# (check_pictures.py measures each property from the PNGs):
#  - legend labels, title and bar outline contrast with a white and a dark
#    background;
#  - in 3D views of long boxes (64x16x16 seen along -z, 48x16x32 along +y)
#    the legend lies beside the domain's projection, never over it;
#  - the legend scales with the image (labels and bar 4x larger at 1600x1200
#    than at 400x300; the bar alone at 64x48, clear of the domain);
#  - the title is horizontal (a "u" opens upwards, not sideways);
#  - a step label and (3D) an orientation triad, each turned off by its key.
# Then gs_view's own tick lists, at 8192x8192 and 64x48 and for narrow
# ranges: never two equal labels.
source "$(dirname "$0")/common.sh"
in3=$SRC/inputs/default-3d.toml
iso=$SRC/inputs/catalyst/isosurface.py
dump=$SRC/tests/catalyst/dump_settings.py  # the settings isosurface.py got, for the domain's projection
tiny=(time.steps=10 output.every=0 insitu.every=10 init.count=3 init.size=0.3 insitu.iso=0.1)
go() {  # go NAME ARGS...
  local name=$1
  shift
  run_gs 1 300 "$in3" "${tiny[@]}" "$@" "insitu.script=[\"$iso\", \"$dump\"]" output.dir="$WORK/$name" >"$WORK/$name.log" 2>&1 \
    || { cat "$WORK/$name.log"; echo "FAIL: run $name"; exit 1; }
}
long=('grid.n=[64, 16, 16]' 'grid.L=[64, 16, 16]' insitu.camera=-z)
go long_white "${long[@]}" 'insitu.background=[1, 1, 1]'
go long_dark "${long[@]}"
go long_bare "${long[@]}" 'insitu.background=[1, 1, 1]' insitu.step_label=false insitu.axes=false
go side_y 'grid.n=[48, 16, 32]' 'grid.L=[48, 16, 32]' insitu.camera=+y 'insitu.background=[1, 1, 1]'
go small grid.n=16 grid.L=16 'insitu.image_size=[400, 300]' 'insitu.background=[1, 1, 1]'
go large grid.n=16 grid.L=16 'insitu.image_size=[1600, 1200]' 'insitu.background=[1, 1, 1]'
go thumb grid.n=16 grid.L=16 'insitu.image_size=[64, 48]' 'insitu.background=[1, 1, 1]'
# Where the domain's box lands in each image, from the script's own camera
# (gs_view.fit_camera with the settings the run handed over).
cat >"$WORK/boxes.py" <<'PY'
import json, os, sys
sys.path.insert(0, sys.argv[1])
import gs_view
boxes = {}
for run in sorted(os.listdir(sys.argv[2])):
    path = os.path.join(sys.argv[2], run, "insitu", "settings.json")
    if os.path.exists(path):
        s = json.load(open(path))
        size = s["image_size"]
        camera = gs_view.fit_camera(s, s["camera"], size) if s["camera"].get("fit") else s["camera"]
        # pixels, x right and y down from the top left, as the PNG's rows
        corners = [(x, size[1] - y) for x, y in gs_view.project_box(s, camera, size)]
        boxes[run] = [min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners), max(c[1] for c in corners),
                      # the triad's corner that fit_camera keeps the domain out of (pixels from the lower left)
                      gs_view.TRIAD_INK * gs_view.triad_px(size) if gs_view.show_triad(s, size) else 0]
json.dump(boxes, open(os.path.join(sys.argv[2], "boxes.json"), "w"))
PY
timeout 120 pvpython "$WORK/boxes.py" "$SRC/inputs/catalyst" "$WORK" </dev/null
$PY "$SRC/tests/catalyst/check_pictures.py" "$WORK"
# The tick labels gs_view chooses, from its own functions.
cat >"$WORK/ticks.py" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import gs_view
counts = {}
for size in ((8192, 8192), (1600, 1200), (800, 600), (200, 150), (64, 48)):
    layout = gs_view.legend_layout(*size)
    bar = 0.8 * size[1]
    counts[size] = gs_view.tick_count(bar, layout["font"]) if layout["text"] else 0
    for lo, hi in ((0.0, 0.5), (0.3, 0.6), (0.59, 0.6), (0.5912, 0.6034), (0.4, 0.45), (-1e-4, 1e-4), (0.5, 0.5000005), (12.0, 1300.0)):
        if not counts[size]:
            continue
        values, fmt, labels, range_fmt = gs_view.tick_labels(lo, hi, counts[size])
        assert len(set(labels)) == len(labels), "%s [%g, %g]: repeated tick labels %s" % (size, lo, hi, labels)
        assert values[0] == lo and values[-1] == hi and values == sorted(values), "%s: ends or order wrong: %s" % (size, values)
        if size == (8192, 8192) and (lo, hi) == (0.59, 0.6):
            print("8192x8192 [0.59, 0.6]: %s" % labels)
    print("%dx%d: font %d px, bar %d px thick, margin %.0f%%, %d labelled values" % (
        size + (layout["font"], layout["thickness"], 100 * layout["margin"], counts[size])))
# As many values as the bar has room for at its font: the same share of the
# bar at any size where the font scales, fewer where it stops at 8 pixels, none
# where no text fits.
assert counts[(8192, 8192)] == counts[(800, 600)] > counts[(200, 150)] >= 2 and counts[(64, 48)] == 0, counts
assert gs_view.legend_layout(8192, 8192)["font"] >= 100, "8192x8192: the labels stay small"
print("PASS: tick labels distinct, as many as the bar has room for")
PY
timeout 120 pvpython "$WORK/ticks.py" "$SRC/inputs/catalyst" </dev/null
