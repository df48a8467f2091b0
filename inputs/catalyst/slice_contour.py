# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# grid.dims: 3   (the runs this script serves; grayscott --check refuses it on a 2D run)
# Catalyst script (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2)
# for looking inside a 3D run: a plane through the focal point (the domain
# centre by default), coloured by insitu.color_array, facing the camera
# (normal to the axis closest to the view direction), and the isosurfaces of
# insitu.contour_array at insitu.iso behind it; the half between the camera
# and the plane is cut away. One PNG per in-situ step,
# slice_contour_NNNNNN.png. Camera, arrays, colour range, image size and
# background come from the insitu.* keys (GS_INSITU_SETTINGS, read by
# gs_view.py beside this file). 2D runs: use slice.py.
import os
import sys

from paraview.simple import *  # noqa: F401,F403

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gs_view  # noqa: E402

s = gs_view.settings()
if s["dims"] != 3:
    raise gs_view.WrongRun("slice_contour.py draws a plane inside a 3D volume; this run is 2D: use inputs/catalyst/slice.py")
camera = s["camera"]
focal = camera["focal_point"]
toward = [p - f for p, f in zip(camera["position"], focal)]  # from the plane to the camera
axis = max(range(3), key=lambda d: abs(toward[d]))
normal = [(1.0 if toward[axis] > 0 else -1.0) if d == axis else 0.0 for d in range(3)]

grid = TrivialProducer(registrationName="grid")
contour = Contour(registrationName="isosurface", Input=grid)
contour.ContourBy = ["POINTS", s["contour_array"]]
contour.Isosurfaces = s["iso"]
contour.ComputeScalars = 1
contour.PointMergeMethod = "Uniform Binning"
# Keep the half beyond the plane (Invert: the side the normal points away from).
behind = Clip(registrationName="behind", Input=contour)
behind.ClipType = "Plane"
behind.ClipType.Origin = focal
behind.ClipType.Normal = normal
behind.Invert = 1
plane = Slice(registrationName="plane", Input=grid)
plane.SliceType = "Plane"
plane.SliceType.Origin = focal
plane.SliceType.Normal = normal

view = gs_view.make_view(s)
plane_shown = Show(plane, view)
plane_shown.Representation = "Surface"
surface_shown = Show(behind, view)
surface_shown.Representation = "Surface"
surface_shown.Specular = 0.3
gs_view.outline(grid, view, s, "box")
gs_view.outline(plane, view, s, "edge")  # a plane at the colour map's black end stays apart from a dark background

# One legend per array, stacked in the right margin (the whole margin for
# one array, which keeps one range), the isosurface values named below.
gs_view.iso_labels(view, s)
plane_colors = gs_view.Coloring(s["plane"])
same = s["surface"]["array"] == plane_colors.array
plane_colors.show_on(plane_shown, view, half=None if same else "top")
colorings = [(plane_colors, [plane])]
if same:
    plane_colors.show_on(surface_shown, view)
    colorings[0][1].append(behind)
else:
    surface_colors = gs_view.Coloring(s["surface"])
    surface_colors.show_on(surface_shown, view, half="bottom")
    colorings.append((surface_colors, [behind]))
gs_view.place_camera(view, camera)

gs_view.png_extractor(view, s, "slice_contour_{timestep:06d}.png")
options = gs_view.catalyst_options(s)


def catalyst_execute(info):
    # A representation's first render resets the camera and the colour range: put them back.
    gs_view.place_camera(view, camera)
    gs_view.annotate(info)
    for colors, shown_data in colorings:
        colors.update(shown_data, info.time)
