#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The ready scripts' pictures at any value range and image shape, and their
# extracts opened afterwards (check_legends.py measures the PNGs, without
# reading the text; check_extract_colour.py opens the extract in pvpython):
#  - legend labels inside the image, all different and both ends labelled
#    for v about 1e-15 (insitu.color_range = auto), [1e-9, 2e-9] (all as
#    wide: one number format) and [0, 2500000];
#  - u = 1 - 1e-14 on an auto range at 400x300 and 240x900: one label, inside;
#  - a 240x900 image: step label and title apart, nothing cut at the bottom
#    (a 2D plane with contour values below the legend, and 3D mid-planes);
#  - slice_contour.py coloured by u: one legend over the whole margin, its
#    ticks evenly spaced;
#  - two insitu.iso values named below the legend, in 2D lines of two colours;
#  - the triad scaled like the legend at 400x300, the outline dark on white,
#    the plane's edge drawn on the dark background;
#  - isosurface.pvd opens coloured by u, the array of the picture.
# Then gs_view's own tick choice: 0.8 stays between 0.2 and 0.9, labels
# of 7 characters at most, with no forced decimals, at any range, one format
# in a legend, and one label for a range float cannot tell apart.
source "$(dirname "$0")/common.sh"
in2=$SRC/inputs/default.toml
in3=$SRC/inputs/default-3d.toml
cat=$SRC/inputs/catalyst
small=(grid.n=16 grid.L=16 time.steps=10 output.every=0 insitu.every=10)
go() {  # go NAME ARGS...
  local name=$1
  shift
  run_gs 1 300 "$@" output.dir="$WORK/$name" >"$WORK/$name.log" 2>&1 || { cat "$WORK/$name.log"; fail "run $name"; }
  grep -q Traceback "$WORK/$name.log" && { cat "$WORK/$name.log"; fail "run $name: a script raised"; }
  return 0
}
go tiny "$in3" grid.n=16 grid.L=16 time.steps=300 output.every=0 insitu.every=300 insitu.color_range=auto insitu.script="$cat/slice.py"
go nano "$in3" "${small[@]}" 'insitu.color_range=[1e-9, 2e-9]' 'insitu.image_size=[800, 600]' insitu.script="$cat/slice.py"
go mega "$in3" "${small[@]}" 'insitu.color_range=[0, 2500000]' insitu.script="$cat/slice.py"
go tall "$in2" time.steps=100 output.every=0 insitu.every=100 'insitu.image_size=[240, 900]' 'insitu.iso=[0.1, 0.3]' \
  insitu.script="$cat/slice.py"
# u = 1 - 1e-14 in the seeded cells, 1 elsewhere: one value to a float colour map
flat=(grid.n=16 grid.L=16 init.type=perlin init.amplitude=1e-14 time.steps=1 output.every=0 insitu.every=1 insitu.color_array=u
  insitu.color_range=auto insitu.script="$cat/slice.py")
go flat400 "$in3" "${flat[@]}" 'insitu.image_size=[400, 300]'
go flat240 "$in3" "${flat[@]}" 'insitu.image_size=[240, 900]'
go tall3d "$in3" "${small[@]}" 'insitu.image_size=[240, 900]' insitu.script="$cat/slice.py"
go sc "$in3" "${small[@]}" init.count=3 init.size=0.3 insitu.color_array=u 'insitu.color_range=[0.2, 0.9]' \
  insitu.script="$cat/slice_contour.py"
go iso2 "$in3" "${small[@]}" init.count=3 init.size=0.3 'insitu.iso=[0.1, 0.3]' 'insitu.image_size=[400, 300]' \
  'insitu.background=[1, 1, 1]' insitu.script="$cat/isosurface.py"
$PY "$SRC/tests/catalyst/check_legends.py" "$WORK"
timeout 120 pvpython "$SRC/tests/catalyst/check_extract_colour.py" "$WORK/iso2/insitu/isosurface.pvd" u </dev/null
timeout 120 pvpython -c "
import sys; sys.path.insert(0, '$cat')
import gs_view
values = gs_view.nice_ticks(0.2, 0.9, 5)
print('ticks of [0.2, 0.9]:', values)
assert 0.8 in values, values
# No forced decimals, 7 characters at most, at any range.
for lo, hi in ((0.0, 2500000.0), (-1000.0, 25000.0), (1e-9, 2e-9), (1.2e-16, 3.4e-14), (0.0, 1.0)):
    labels = gs_view.tick_labels(lo, hi, 9)[2]
    print('[%g, %g]: %s' % (lo, hi, ' '.join(labels)))
    assert max(len(x) for x in labels) <= 7 and not any(x.endswith('.00') for x in labels), labels
    # What a legend draws: one format throughout, the ends the range's own.
    values, fmt, drawn = gs_view.bar_labels(lo, hi, 9)
    assert drawn == [fmt % x for x in values] and values[0] == lo and values[-1] == hi, (fmt, drawn)
# A range float cannot tell apart: one label, at float's digits.
assert gs_view.bar_labels(1 - 1e-14, 1.0, 9)[2] == ['1'], gs_view.bar_labels(1 - 1e-14, 1.0, 9)
assert gs_view.bar_labels(0.25, 0.25, 9)[2] == ['0.25']
" </dev/null
