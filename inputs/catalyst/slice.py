# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# grid.dims: 2, 3   (the runs this script serves)
# Catalyst script (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2):
# coloured images of a plane with a colour legend, one PNG per in-situ step.
#   2D runs: the whole plane, with contour lines of insitu.contour_array at
#            the insitu.iso values, one colour per value, each value named
#            in its colour below the legend (slice_NNNNNN.png);
#   3D runs: the three mid-planes through the domain centre
#            (slice_xy_NNNNNN.png, slice_xz_NNNNNN.png, slice_yz_NNNNNN.png).
# Each picture looks down the plane's normal (insitu.camera steers the 3D
# views of the other scripts), the plane left of the legend, which never
# covers it. Array, colour range, image size and background come from the
# insitu.* keys (GS_INSITU_SETTINGS, read by gs_view.py beside this file).
import os
import sys

from paraview.simple import *  # noqa: F401,F403

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gs_view  # noqa: E402

s = gs_view.settings()
dims = s["dims"]

grid = TrivialProducer(registrationName="grid")
colors = gs_view.Coloring(s["plane"])

# (name, normal, view-up axis) for each picture.
planes = [("", 2, 1)] if dims == 2 else [("_xy", 2, 1), ("_xz", 1, 2), ("_yz", 0, 2)]

views = []  # (view, camera)
shown_data = []  # what the pictures draw, for an "auto" colour range
for suffix, axis, up_axis in planes:
    view = gs_view.make_view(s)
    if dims == 2:
        shown = Show(grid, view)
        # Polygons between the points, colours interpolated, unlit: every rank
        # draws exactly its own dual cells, so the image does not depend on the
        # rank count (the "Slice" representation drew each rank's block as
        # texels around its points, and the seams shifted pixels: 2-8% of them
        # differed between 1 and 4 ranks).
        shown.Representation = "Surface"
        shown.Ambient = 1.0
        shown.Diffuse = 0.0
        shown.InterpolateScalarsBeforeMapping = 1
        # One set of lines per insitu.iso value, each in its own colour,
        # named in that colour at the foot of the legend margin.
        for i, value in enumerate(s["iso"]):
            lines = Contour(registrationName="lines_%d" % i, Input=grid)
            lines.ContourBy = ["POINTS", s["contour_array"]]
            lines.Isosurfaces = [value]
            line_display = Show(lines, view)
            line_display.ColorArrayName = ["POINTS", ""]
            colour = gs_view.LINE_COLOURS[i % len(gs_view.LINE_COLOURS)]
            line_display.DiffuseColor = colour
            line_display.AmbientColor = colour
            line_display.LineWidth = 1.5
        gs_view.iso_labels(view, s, gs_view.LINE_COLOURS)
        shown_data.append(grid)
    else:
        cut = Slice(registrationName="slice" + suffix, Input=grid)
        cut.SliceType = "Plane"
        cut.SliceType.Origin = s["centre"]
        cut.SliceType.Normal = [1.0 if d == axis else 0.0 for d in range(3)]
        shown = Show(cut, view)
        shown.Representation = "Surface"
        shown_data.append(cut)
    colors.show_on(shown, view)
    # The plane's edge: a plane at the colour map's black end stays apart from a dark background.
    gs_view.outline(grid if dims == 2 else cut, view, s, "edge" + suffix)
    camera = gs_view.frame_plane(s, axis, up_axis)
    gs_view.place_camera(view, camera)
    views.append((view, camera))

    gs_view.png_extractor(view, s, "slice" + suffix + "_{timestep:06d}.png", "image" + suffix)

options = gs_view.catalyst_options(s)


def catalyst_execute(info):
    # A representation's first render resets the camera and the colour range: put them back.
    colors.update(shown_data, info.time)
    gs_view.annotate(info)
    for view, camera in views:
        gs_view.place_camera(view, camera)
