# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Checks the isosurface images and extracts of a 1-rank and a 4-rank run (pvpython).

usage: pvpython check_isosurface.py RUN1 RUN4 STEPS ISO
  RUN1, RUN4: output.dir of the runs (insitu/ inside, fields_NNNNNNNN.h5 beside)
  STEPS: comma-separated in-situ steps expected; ISO: the iso value of v

- images: one PNG per expected step on both runs, none blank, and the 4-rank
  image matches the 1-rank one within a small pixel tolerance;
- isosurface.pvd lists every step's extract (one time series in ParaView);
- extract (last step): not empty; every point lies at the iso value of the
  trilinearly interpolated v of the field file written at the same step; the
  4-rank surface has the same triangle count as the 1-rank one (within 0.1%),
  no triangle twice, and no gap: with the periodic wrap applied, every edge is
  shared by exactly two triangles (a closed surface, also across rank seams).
"""
import glob
import os
import sys
from collections import Counter

import h5py
import matplotlib.image as mpimg
import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPPolyDataReader

run1, run4, steps, iso = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3].split(",")], float(sys.argv[4])
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


# --- images ---------------------------------------------------------------
for run in (run1, run4):
    found = sorted(os.path.basename(p) for p in glob.glob(os.path.join(run, "insitu", "isosurface_*.png")))
    want = ["isosurface_%06d.png" % s for s in steps]
    check(found == want, "%s: images %s (expected %s)" % (run, found, want))

for s in steps:
    name = "isosurface_%06d.png" % s
    p1, p4 = os.path.join(run1, "insitu", name), os.path.join(run4, "insitu", name)
    if not (os.path.exists(p1) and os.path.exists(p4)):
        continue
    a, b = mpimg.imread(p1)[..., :3], mpimg.imread(p4)[..., :3]
    background = a[0, 0]
    drawn = np.mean(np.abs(a - background).max(axis=2) > 0.05)
    check(drawn > 0.02, "%s: %.1f%% of the pixels drawn (not blank)" % (name, 100 * drawn))
    check(a.shape == b.shape, "%s: same size on 1 and 4 ranks %s %s" % (name, a.shape, b.shape))
    if a.shape == b.shape:
        differ = np.mean(np.abs(a - b).max(axis=2) > 0.1)
        check(differ < 0.002, "%s: %.3f%% of the pixels differ by more than 10%% between 1 and 4 ranks (< 0.2%%)"
              % (name, 100 * differ))


# --- the extracts' time-series index ---------------------------------------
import xml.etree.ElementTree as ET

for run in (run1, run4):
    index = os.path.join(run, "insitu", "isosurface.pvd")
    listed = [(d.get("timestep"), d.get("file")) for d in ET.parse(index).getroot().iter("DataSet")] if os.path.exists(index) else []
    files = [f for _, f in listed]
    check(files == ["isosurface_%06d.pvtp" % s for s in steps] and all(os.path.exists(os.path.join(run, "insitu", f)) for f in files),
          "%s: isosurface.pvd lists the extract of every step %s" % (run, files))


# --- extract --------------------------------------------------------------
def read_surface(run, step):
    path = os.path.join(run, "insitu", "isosurface_%06d.pvtp" % step)
    reader = vtkXMLPPolyDataReader()
    reader.SetFileName(path)
    reader.Update()
    poly = reader.GetOutput()
    pts = vtk_to_numpy(poly.GetPoints().GetData()).astype(np.float64) if poly.GetNumberOfPoints() else np.zeros((0, 3))
    conn = vtk_to_numpy(poly.GetPolys().GetConnectivityArray()) if poly.GetNumberOfPolys() else np.zeros(0, int)
    offsets = vtk_to_numpy(poly.GetPolys().GetOffsetsArray()) if poly.GetNumberOfPolys() else np.zeros(1, int)
    sizes = np.diff(offsets)
    return pts, conn, sizes, reader.GetNumberOfPieces()


last = steps[-1]
with h5py.File(os.path.join(run1, "fields_%08d.h5" % last), "r") as f:
    v = f["v"][...]  # (z, y, x), cell-centred
n = np.array(v.shape[::-1])  # (nx, ny, nz)
h = None


def interpolate(field, pts, spacing):
    # Cell (i, j, k) has its value at ((i + 1/2) h, ...); periodic wrap.
    f = pts / spacing - 0.5
    i0 = np.floor(f).astype(int)
    t = f - i0
    out = np.zeros(len(pts))
    for dz in (0, 1):
        for dy in (0, 1):
            for dx in (0, 1):
                w = (t[:, 0] if dx else 1 - t[:, 0]) * (t[:, 1] if dy else 1 - t[:, 1]) * (t[:, 2] if dz else 1 - t[:, 2])
                out += w * field[(i0[:, 2] + dz) % n[2], (i0[:, 1] + dy) % n[1], (i0[:, 0] + dx) % n[0]]
    return out


with open(os.path.join(run1, "summary.json")) as fh:
    import json
    cfg = json.load(fh)["config"]["grid"]
L = np.array(cfg["L"], dtype=float)
spacing = L / n

counts = {}
for run in (run1, run4):
    pts, conn, sizes, pieces = read_surface(run, last)
    check(len(pts) > 0 and len(sizes) > 0, "%s: extract has %d points, %d polygons (%d pieces)" % (run, len(pts), len(sizes), pieces))
    if len(sizes) == 0:
        continue
    check(bool(np.all(sizes == 3)), "%s: every polygon is a triangle" % run)
    tris = conn.reshape(-1, 3)
    counts[run] = len(tris)
    err = np.abs(interpolate(v, pts, spacing) - iso)
    check(err.max() < 1e-4, "%s: points at v = %g of the interpolated field: max |v - iso| = %.2e (< 1e-4)" % (run, iso, err.max()))
    # Vertices by position (mod L: the periodic image layer), rounded well below h.
    key = np.round(np.mod(pts, L) / spacing * 1000).astype(np.int64)
    key = np.mod(key, np.round(L / spacing * 1000).astype(np.int64))
    ids = {}
    vid = np.array([ids.setdefault(tuple(k), len(ids)) for k in key])
    t = vid[tris]
    nondegenerate = (t[:, 0] != t[:, 1]) & (t[:, 1] != t[:, 2]) & (t[:, 0] != t[:, 2])
    t = np.sort(t[nondegenerate], axis=1)
    dup = len(t) - len(np.unique(t, axis=0))
    check(dup == 0, "%s: %d duplicated triangles" % (run, dup))
    edges = Counter()
    for a_, b_, c_ in t:
        edges[(a_, b_)] += 1
        edges[(b_, c_)] += 1
        edges[(a_, c_)] += 1
    open_edges = sum(1 for c in edges.values() if c != 2)
    check(open_edges == 0, "%s: %d edges not shared by exactly two triangles (gaps or overlaps) of %d" % (run, open_edges, len(edges)))

if len(counts) == 2:
    c1, c4 = counts[run1], counts[run4]
    check(abs(c4 - c1) <= max(1, 0.001 * c1), "triangles: %d on 1 rank, %d on 4 ranks (within 0.1%%)" % (c1, c4))

print("%d check(s) failed" % len(failures) if failures else "all checks passed")
sys.exit(1 if failures else 0)
