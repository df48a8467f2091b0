# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Run by pvpython: ParaView's Xdmf3 reader opens each field output series and
# finds one time step per file listed, at the time the file stores, and in
# each step arrays u and v of the file's value type, as many values as the
# file holds, whose range equals the one h5py reads (a description of another
# shape or precision reads zeros or rounded values, or nothing).
# usage: pvpython check_paraview.py FILE.xmf...
import os
import re
import sys

import h5py
import numpy as np
from paraview import servermanager
from paraview.simple import Delete, Xdmf3ReaderS
from vtk.util.numpy_support import vtk_to_numpy

errors = []
for path in sys.argv[1:]:
    before = len(errors)
    files = re.findall(r'>([^<>:]+\.h5):/u<', open(path).read())
    try:
        h5 = [h5py.File(os.path.join(os.path.dirname(path), f), "r") for f in files]
    except OSError as e:
        errors.append("%s: lists a file h5py cannot open: %s" % (path, e))
        continue
    times = [float(f.attrs["time"]) for f in h5]
    reader = Xdmf3ReaderS(FileName=[path])
    reader.UpdatePipelineInformation()
    got_times = reader.TimestepValues
    got_times = list(got_times) if hasattr(got_times, "__len__") else [got_times]
    if got_times != times:
        errors.append("%s: time steps %s, the files' are %s" % (path, got_times, times))
    for t, name, f in zip(times, files, h5):
        reader.UpdatePipeline(t)
        data = servermanager.Fetch(reader)
        for k in "uv":
            array = data.GetCellData().GetArray(k)
            want = f[k][...]
            if array is None:
                errors.append("%s: %s: no cell array %s" % (path, name, k))
                continue
            values = vtk_to_numpy(array)
            got_range, want_range = (float(values.min()), float(values.max())), (float(want.min()), float(want.max()))
            if values.dtype != want.dtype or values.size != want.size or got_range != want_range:
                errors.append("%s: %s: ParaView reads %s %d values in %s, h5py %s %d in %s" %
                              (path, name, k, values.size, got_range, want.dtype, want.size, want_range))
    Delete(reader)
    for f in h5:
        f.close()
    if len(errors) == before:
        print("ok %s: %d steps" % (path, len(files)))
if errors:
    sys.exit("\n".join(errors))
