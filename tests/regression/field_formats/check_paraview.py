# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Run by pvpython: ParaView's Xdmf3 reader opens a field output series and
# finds its time steps, its cells (count, origin, spacing: the bounds), and in
# each step arrays u and v equal, value for value and in type, to what h5py
# reads from the HDF5 file the XDMF names.
# usage: pvpython check_paraview.py FILE.xmf "T0 T1 ..." "NX NY NZ" "OX OY OZ" "SX SY SZ"
import os
import re
import sys

import h5py
import numpy as np
from paraview import servermanager
from paraview.simple import Xdmf3ReaderS
from vtk.util.numpy_support import vtk_to_numpy

path = sys.argv[1]
times = [float(t) for t in sys.argv[2].split()]
n = [int(a) for a in sys.argv[3].split()]
origin = [float(a) for a in sys.argv[4].split()]
spacing = [float(a) for a in sys.argv[5].split()]
files = re.findall(r'>([^<>:]+\.h5):/u<', open(path).read())
errors = []
reader = Xdmf3ReaderS(FileName=[path])
reader.UpdatePipelineInformation()
got_times = list(reader.TimestepValues)
if got_times != times:
    errors.append("time steps %s, expected %s" % (got_times, times))
want_bounds = []
for d in range(3):
    want_bounds += [origin[d], origin[d] + n[d] * spacing[d]]
for t, h5 in zip(times, files):
    reader.UpdatePipeline(t)
    data = servermanager.Fetch(reader)
    bounds = list(data.GetBounds())
    if any(abs(a - b) > 1e-9 * max(1.0, abs(b)) for a, b in zip(bounds, want_bounds)):
        errors.append("t=%g: bounds %s, expected %s" % (t, bounds, want_bounds))
    if list(data.GetDimensions()) != [c + 1 for c in n]:
        errors.append("t=%g: point dimensions %s, expected %s" % (t, list(data.GetDimensions()), [c + 1 for c in n]))
    with h5py.File(os.path.join(os.path.dirname(path), h5), "r") as f:
        for k in "uv":
            array = data.GetCellData().GetArray(k)
            if array is None:
                errors.append("t=%g: cell array %s missing" % (t, k))
                continue
            values = vtk_to_numpy(array)
            want = f[k][...].ravel()  # C order, x fastest: VTK's cell order
            if values.dtype != want.dtype or not np.array_equal(values, want):
                errors.append("t=%g: %s (%s) differs from the file's (%s)" % (t, k, values.dtype, want.dtype))
if errors:
    sys.exit("%s: %s" % (path, "; ".join(errors)))
print("ok %s: times %s, cells %s, bounds %s, %s" % (path, got_times, n, want_bounds, values.dtype))
