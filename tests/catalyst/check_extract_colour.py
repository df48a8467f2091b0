# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# pvpython check_extract_colour.py INDEX ARRAY: opens an extract's index
# (isosurface.pvd) as a ParaView user does and shows it: the display must be
# coloured by ARRAY (the array of the in-situ picture, the extract's active
# scalars), and ARRAY must vary over the surface (not one flat colour).
import sys

from paraview.simple import OpenDataFile, Render, Show, CreateRenderView, servermanager

index, want = sys.argv[1], sys.argv[2]
reader = OpenDataFile(index)
times = reader.TimestepValues
reader.UpdatePipeline(times[-1] if times else 0.0)
view = CreateRenderView()
shown = Show(reader, view)
Render(view)
colour = shown.ColorArrayName[1]
data = servermanager.Fetch(reader)
scalars = data.GetPointData().GetScalars()
lo, hi = scalars.GetRange() if scalars is not None else (0.0, 0.0)
print("%s: Show colours by '%s'; active scalars '%s' span %.4g to %.4g" % (
    index, colour, scalars.GetName() if scalars is not None else None, lo, hi))
if colour != want or scalars is None or scalars.GetName() != want or not hi > lo:
    print("FAIL: the extract opens coloured by '%s', not by '%s' as the picture is" % (colour, want))
    sys.exit(1)
print("PASS: the extract opens coloured like the picture")
