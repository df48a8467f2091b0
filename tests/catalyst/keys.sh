#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The view keys of the in-situ scripts (insitu.contour_array ... insitu.axes):
# each bad value is exit 2 with one line naming the key and what is allowed;
# good values are taken and shown in --check's effective configuration. No
# Catalyst run: this holds in builds without Catalyst too.
# usage: keys.sh GRAYSCOTT WORK
set -euo pipefail
GS=$1 WORK=$2
rm -rf "$WORK" && mkdir -p "$WORK"
fails=0

# bad KEY=VALUE EXPECTED_TEXT [MORE_ARGS...]
bad() {
  local setting=$1 text=$2 rc=0
  shift 2
  local key=${setting%%=*}
  "$GS" --check /dev/null grid.dims=3 grid.n=8 grid.L=8 "$setting" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null || rc=$?
  local lines
  lines=$(grep -c . "$WORK/err" || true)
  if [[ $rc != 2 || $lines != 1 ]] || ! grep -qF "'$key'" "$WORK/err" || ! grep -qF -- "$text" "$WORK/err"; then
    echo "FAIL $setting $*: exit $rc, $lines lines, expected exit 2 and one line naming '$key' with '$text':"
    cat "$WORK/err"
    fails=$((fails + 1))
  else
    echo "ok   $setting $*: $(cat "$WORK/err")"
  fi
}

bad insitu.contour_array=w '"u", "v"'
bad insitu.contour_array=1 '"u", "v"'
bad insitu.color_array=uv '"auto", "u", "v"'
bad 'insitu.color_range=[0.5, 0.1]' 'min < max'
bad 'insitu.color_range=[0.1]' 'list of 2 numbers'
bad 'insitu.color_range=[0, "x"]' 'entry 2 is not a number'
bad insitu.color_range=fixed '"default", "auto"'
bad insitu.color_range=0.5 '"default" or "auto"'
bad 'insitu.image_size=[0, 600]' '16 to 8192'
bad 'insitu.image_size=[800, 100000]' '16 to 8192'
bad 'insitu.image_size=[800]' '[width, height]'
bad 'insitu.image_size=800' '[width, height]'
bad 'insitu.image_size=[800.5, 600]' 'expected an integer'
bad insitu.camera=top '"iso", "+x"'
bad 'insitu.camera=[1, 2, 3]' '"iso", "+x"'
bad 'insitu.camera_position=[1, 2]' 'list of 3 numbers'
bad 'insitu.camera_position=far' '"none"'
bad 'insitu.camera_focal_point=[1, 2, "a"]' 'list of 3 numbers'
bad 'insitu.camera_view_up=[0, 0, 0]' 'view-up vector is zero'
bad 'insitu.camera_view_up=[1, 0, 0]' 'parallel to the view direction' 'insitu.camera=+x'
bad 'insitu.camera_position=[4.5, 4.5, 4.5]' 'is the focal point'
bad 'insitu.background=[1, 1]' 'list of 3 numbers'
bad 'insitu.background=[1, 1, 2]' 'out of range'
bad insitu.background=white 'list of 3 numbers'
bad insitu.step_label=yes 'expected true or false'
bad insitu.axes=1 'expected true or false'
# A 2D run is a plane at z = 0: a camera that sees it edge-on gives blank images.
for preset in +x -x +y -y; do
  bad insitu.camera=$preset 'allowed in 2D: "auto", "-z", "+z", "iso"' grid.dims=2
done
bad 'insitu.camera_position=[4, -20, 0]' 'edge-on' grid.dims=2
bad 'insitu.camera_position=[4, -20, 3]' 'edge-on' grid.dims=2 'insitu.camera_focal_point=[4, 4, 3]'
# A preset and an explicit position: one of them.
bad insitu.camera=iso 'both set' 'insitu.camera_position=[30, 0, 0]'

# Good values are taken (and shown as given in the effective configuration).
good=(insitu.contour_array=u insitu.color_array=v 'insitu.color_range=[0.1, 0.4]' 'insitu.image_size=[320, 240]'
  'insitu.camera_position=[30, -20, 10]' 'insitu.camera_focal_point=[4, 4, 4]' 'insitu.camera_view_up=[0, 0, 1]'
  'insitu.background=[1, 0, 1]' insitu.step_label=false insitu.axes=false)
"$GS" --check /dev/null grid.dims=3 grid.n=8 grid.L=8 "${good[@]}" >"$WORK/good.json" 2>"$WORK/good.err" </dev/null \
  || { echo "FAIL: good view keys refused:"; cat "$WORK/good.err"; exit 1; }
/usr/bin/python3 - "$WORK/good.json" <<'PY' || fails=$((fails + 1))
import json, sys
text = open(sys.argv[1]).read()
c = json.loads(text[text.index("{"):text.rindex("}") + 1])["insitu"]
want = {"contour_array": "u", "color_array": "v", "color_range": [0.1, 0.4], "image_size": [320, 240],
        "camera": "auto", "camera_position": [30, -20, 10], "camera_focal_point": [4, 4, 4],
        "camera_view_up": [0, 0, 1], "background": [1, 0, 1], "step_label": False, "axes": False}
got = {k: c[k] for k in want}
assert got == want, "effective insitu config %s, expected %s" % (got, want)
print("ok   good values: %s" % got)
PY
"$GS" --check /dev/null insitu.camera=+z insitu.color_range=auto >/dev/null 2>"$WORK/good2.err" </dev/null \
  || { echo "FAIL: a preset with an auto colour range refused:"; cat "$WORK/good2.err"; exit 1; }
# The views of a 2D plane that see it: taken.
for camera in insitu.camera=auto insitu.camera=iso insitu.camera=+z insitu.camera=-z 'insitu.camera_position=[4, 4, 30]'; do
  "$GS" --check /dev/null grid.dims=2 grid.n=8 grid.L=8 "$camera" >/dev/null 2>"$WORK/good2d.err" </dev/null \
    || { echo "FAIL: $camera refused in 2D:"; cat "$WORK/good2d.err"; exit 1; }
done
[[ $fails == 0 ]] || { echo "FAIL: $fails bad values not refused as expected"; exit 1; }
echo "PASS: every bad view key refused with exit 2 and one line naming it; good values taken"
