# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Checks the shading normals of isosurface extracts from a 1-rank and a 4-rank run (pvpython).

usage: pvpython check_normals.py RUN1 RUN4 STEP BOUND_DEGREES
  RUN1, RUN4: output.dir of the runs (insitu/isosurface_STEP.pvtp, fields_STEP.h5 beside)

The normals a script shades with are the extract's normals_v array (the
adaptor's -grad v, selected by isosurface.py), or the contour's own Normals
when there is no such array. At every point of the 4-rank surface, its own
piece's normals are compared with
- the 1-rank surface's at the same point, and
- the reference: -grad v by periodic central differences of the field file,
  interpolated to the point (contour points lie on grid edges, where
  trilinear interpolation is the contour's linear one),
as angles in degrees, reported apart for the points within one cell of a
face of their rank's block (the seams, where gradients taken inside each block
are one-sided) and for the others. Every angle must stay below BOUND.
"""
import glob
import json
import os
import sys

import h5py
import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPolyDataReader

run1, run4, step, bound = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])


def read_pieces(run):
    pieces = []
    for path in sorted(glob.glob(os.path.join(run, "insitu", "isosurface_%06d_*.vtp" % step))):
        reader = vtkXMLPolyDataReader()
        reader.SetFileName(path)
        reader.Update()
        poly = reader.GetOutput()
        if poly.GetNumberOfPoints() == 0:
            continue
        pd = poly.GetPointData()
        name = "normals_v" if pd.HasArray("normals_v") else "Normals"
        normals = vtk_to_numpy(pd.GetArray(name)).astype(np.float64)
        pts = vtk_to_numpy(poly.GetPoints().GetData()).astype(np.float64)
        pieces.append((pts, normals / np.linalg.norm(normals, axis=1)[:, None], name))
    return pieces


with open(os.path.join(run1, "summary.json")) as fh:
    L = np.array(json.load(fh)["config"]["grid"]["L"], dtype=float)
with h5py.File(os.path.join(run1, "fields_%08d.h5" % step), "r") as f:
    v = f["v"][...]  # (z, y, x), cell-centred
n = np.array(v.shape[::-1])
h = L / n

# -grad v at the cell centres (components x, y, z), periodic central differences.
grad = [-(np.roll(v, -1, axis=a) - np.roll(v, 1, axis=a)) / (2 * h[d]) for d, a in ((0, 2), (1, 1), (2, 0))]


def reference(pts):
    f = pts / h - 0.5
    i0 = np.floor(f).astype(int)
    t = f - i0
    out = np.zeros((len(pts), 3))
    for dz in (0, 1):
        for dy in (0, 1):
            for dx in (0, 1):
                w = (t[:, 0] if dx else 1 - t[:, 0]) * (t[:, 1] if dy else 1 - t[:, 1]) * (t[:, 2] if dz else 1 - t[:, 2])
                idx = ((i0[:, 2] + dz) % n[2], (i0[:, 1] + dy) % n[1], (i0[:, 0] + dx) % n[0])
                for c in range(3):
                    out[:, c] += w * grad[c][idx]
    return out / np.linalg.norm(out, axis=1)[:, None]


def angle(a, b):
    return np.degrees(np.arccos(np.clip(np.sum(a * b, axis=1), -1.0, 1.0)))


def key(pts):
    # Exact positions: both runs compute a point from the same global grid
    # index and edge values, so the same point has the same bits (rounded
    # keys could pair two points a contour puts very close together).
    return [tuple(k) for k in pts]


one = read_pieces(run1)
four = read_pieces(run4)
failures = []
if len(one) != 1 or len(four) < 2:
    failures.append("expected 1 piece and at least 2 non-empty pieces, got %d and %d" % (len(one), len(four)))
else:
    pts1, nrm1, name1 = one[0]
    by_point = dict(zip(key(pts1), nrm1))
    results = {True: [[], []], False: [[], []]}  # seam? -> [angles to 1 rank, angles to the reference]
    unmatched = 0
    for pts, nrm, name in four:
        # The piece's block spans its points' extent; seam points lie within one cell of its faces.
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        seam = np.any((pts - lo < h) | (hi - pts < h), axis=1)
        match = [by_point.get(k) for k in key(pts)]
        found = np.array([m is not None for m in match])
        unmatched += int(np.sum(~found))
        if found.any():
            other = np.array([m for m in match if m is not None])
            a1 = angle(nrm[found], other)
            for s in (True, False):
                results[s][0].append(a1[seam[found] == s])
        aref = angle(nrm, reference(pts))
        for s in (True, False):
            results[s][1].append(aref[seam == s])
    print("normals array: %s (1 rank), %s (4 ranks); %d of the 4-rank points have no 1-rank match"
          % (name1, four[0][2], unmatched))
    if unmatched:
        failures.append("%d unmatched points" % unmatched)
    for s, where in ((True, "within one cell of a block face"), (False, "elsewhere")):
        for i, against in enumerate(("the 1-rank normals", "-grad v of the field file")):
            a = np.concatenate(results[s][i])
            if len(a) == 0:
                failures.append("no points %s" % where)
                continue
            ok = a.max() < bound
            print("%s %d points %s: angle to %s: median %.2e, max %.2e degrees (< %g)"
                  % ("ok  " if ok else "FAIL", len(a), where, against, np.median(a), a.max(), bound))
            if not ok:
                failures.append("normals %s differ from %s by up to %.3g degrees" % (where, against, a.max()))

for f in failures:
    print("FAIL " + f)
print("%d check(s) failed" % len(failures) if failures else "all checks passed")
sys.exit(1 if failures else 0)
