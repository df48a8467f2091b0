# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Run by pvpython: opens an XDMF description written by grayscott with
# ParaView's Xdmf3 reader and checks extent, spacing, arrays and value ranges.
# usage: pvpython check_outputs.py FILE.xmf NX NY NZ HX HY HZ TIME U_MIN U_MAX V_MIN V_MAX
import sys

from paraview import servermanager
from paraview.simple import Xdmf3ReaderS

path = sys.argv[1]
n = [int(a) for a in sys.argv[2:5]]
h = [float(a) for a in sys.argv[5:8]]
time = float(sys.argv[8])
ranges = {"u": (float(sys.argv[9]), float(sys.argv[10])), "v": (float(sys.argv[11]), float(sys.argv[12]))}

reader = Xdmf3ReaderS(FileName=[path])
reader.UpdatePipelineInformation()
times = list(reader.TimestepValues) if reader.TimestepValues else [time]
if time not in times:
    sys.exit("%s: time %g not among the time steps %s" % (path, time, times))
reader.UpdatePipeline(time)
data = servermanager.Fetch(reader)
errors = []
dims = list(data.GetDimensions())
if dims != [n[0] + 1, n[1] + 1, n[2] + 1]:
    errors.append("point dimensions %s, expected %s" % (dims, [c + 1 for c in n]))
spacing = list(data.GetSpacing())
if any(abs(a - b) > 1e-12 * b for a, b in zip(spacing, h)):
    errors.append("spacing %s, expected %s" % (spacing, h))
cells = n[0] * n[1] * n[2]
for name, (lo, hi) in ranges.items():
    array = data.GetCellData().GetArray(name)
    if array is None:
        errors.append("cell array %s missing" % name)
        continue
    if array.GetNumberOfTuples() != cells:
        errors.append("%s has %d values, expected %d" % (name, array.GetNumberOfTuples(), cells))
    got = array.GetRange()
    if got[0] != lo or got[1] != hi:
        errors.append("%s range %r, expected (%r, %r)" % (name, got, lo, hi))
if errors:
    sys.exit("%s: %s" % (path, "; ".join(errors)))
print("ok %s: %d time steps, cells %s, spacing %s, u %s, v %s" % (path, len(times), n, spacing,
      data.GetCellData().GetArray("u").GetRange(), data.GetCellData().GetArray("v").GetRange()))
