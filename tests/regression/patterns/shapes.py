#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""gs_post.py pattern on fields with a known answer, made here (no run): a
lattice of spots with a known spacing (its count, wavelength in physical units
on a box of non-square cells, class spots), its negative (holes, Euler
characteristic minus the count), periodic stripes of a known period along an
axis and along a slanted direction that wraps into one single stripe (count,
wavelength, Euler characteristic 0), a blob cut by the periodic faces and
corners counted once with its whole area, two cells that touch only at a
corner across the periodic corner (one component), a uniform field, 3D balls
and slabs, islands of a known aspect (spots when round, worms when elongated),
and the boundary speed of a stripe moved by one cell (recorded; it no longer
decides the class: tests/unit/test_dynamics.py checks the dynamics verdict and
tests/unit/test_shape_classes.py the shape classes with shares). Then the
command line: the JSON written, one-line errors for bad input."""
import json
import math
import os
import subprocess
import sys

import h5py
import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "postprocess"))
from gspost import pattern  # noqa: E402

failures = []


def check(what, got, expected, tol=0.0):
    ok = (got is not None and abs(got - expected) <= tol) if isinstance(expected, (int, float)) else got == expected
    print("%-58s %-12s expected %s%s  %s" % (what, got, expected, " +- %g" % tol if tol else "", "ok" if ok else "FAIL"))
    if not ok:
        failures.append(what)


def coords(n, L):
    """Cell centres per axis, in the array's axis order (slowest first): n, L given as (x, y[, z])."""
    axes = [(np.arange(m) + 0.5) * (Lx / m) for m, Lx in zip(n, L)]
    return np.meshgrid(*reversed(axes), indexing="ij")[::-1]  # x, y[, z] arrays of shape (.., ny, nx)


def periodic_distance2(xs, centre, L):
    d2 = 0.0
    for x, c, Lx in zip(xs, centre, L):
        d = np.abs(x - c)
        d = np.minimum(d, Lx - d)
        d2 = d2 + d * d
    return d2


def spots(n, L, spacing, sigma, offset):
    """Gaussian spots of peak 0.5 on the lattice offset + spacing * (i, j[, k]) (periodic)."""
    xs = coords(n, L)
    v = np.zeros(xs[0].shape)
    counts = [int(round(Lx / spacing)) for Lx in L]
    for index in np.ndindex(*counts):
        centre = [offset + spacing * i for i in index]
        v += 0.5 * np.exp(-periodic_distance2(xs, centre, L) / (2 * sigma * sigma))
    return v, int(np.prod(counts))


def classify(v, L):
    m = pattern.measure(v, L, pattern.THETA)
    return m, pattern.classify(m, None)[0]


# A square lattice of spots, 8 by 4 = 32, spacing 8 on a 64 x 32 box of 128 x 64 cells (h = 0.5);
# the lattice starts at the origin, so the spots at x = 0 or y = 0 are cut by the periodic faces and the one
# at the origin by the corner: each is counted once.
L2 = [64.0, 32.0]
v, count = spots([128, 64], L2, 8.0, 1.5, 0.0)
m, cls = classify(v, L2)
check("2D spot lattice: components", m["components"], count)
check("2D spot lattice: Euler characteristic", m["euler"], count)
check("2D spot lattice: wavelength (spacing 8)", m["wavelength"], 8.0, 1e-9)
check("2D spot lattice: all spots the same area", len(set(m["component_sizes"])), 1)
check("2D spot lattice: class", cls, "spots")

# Its negative: one on set with 32 holes.
m, cls = classify(0.5 - v, L2)
check("2D hole lattice: components", m["components"], 1)
check("2D hole lattice: holes", m["holes"], count)
check("2D hole lattice: Euler characteristic (1 set on the torus, 32 holes)", m["euler"], -count)
check("2D hole lattice: class", cls, "holes")

# Stripes along x, period 16 on a 128-wide box (8 stripes, each wrapping in y: an annulus of the torus).
L = [128.0, 128.0]
x, y = coords([128, 128], L)
v = 0.25 + 0.2 * np.cos(2 * math.pi * x / 16.0 + 0.3)
m, cls = classify(v, L)
check("2D stripes period 16: components", m["components"], 8)
check("2D stripes period 16: Euler characteristic", m["euler"], 0)
check("2D stripes period 16: wavelength", m["wavelength"], 16.0, 1e-9)
check("2D stripes period 16: class", cls, "stripes")
# Stripes of low amplitude (v from 0.02 to 0.18): no cell reaches 0.25 (uniform by the rule "no cell on"), while
# --threshold mid cuts them halfway (0.1): the 8 stripes.
low = 0.1 + 0.08 * np.cos(2 * math.pi * x / 16.0 + 0.3)
m, cls = classify(low, L)
check("low stripes at theta 0.25: class", cls, "uniform")
m = pattern.measure(low, L, "mid")
check("low stripes at theta mid: threshold", m["threshold"], 0.1, 1e-3)
check("low stripes at theta mid: components, class", (m["components"], pattern.classify(m, None)[0]), (8, "stripes"))
# Slanted stripes with wave vector (3, 4) 2 pi / L: wavelength L / 5, and one single stripe that wraps
# around the torus (gcd(3, 4) = 1); with (2, 4) two of them.
for (a, b), stripes_expected in (((3, 4), 1), ((2, 4), 2)):
    v = 0.25 + 0.2 * np.cos(2 * math.pi * (a * x + b * y) / 128.0 + 0.1)
    m, cls = classify(v, L)
    check("2D slanted stripes (%d, %d): components" % (a, b), m["components"], stripes_expected)
    check("2D slanted stripes (%d, %d): Euler characteristic" % (a, b), m["euler"], 0)
    check("2D slanted stripes (%d, %d): wavelength" % (a, b), m["wavelength"], 128.0 / math.hypot(a, b), 1e-9)

# A disk of radius 10 centred on the corner of the box: four quarters, one component of the full area.
v = np.where(periodic_distance2([x, y], [0.0, 0.0], L) <= 100.0, 0.5, 0.0)
full = np.where(periodic_distance2([x, y], [64.0, 64.0], L) <= 100.0, 0.5, 0.0)
m, cls = classify(v, L)
check("blob cut by the periodic corner: components", m["components"], 1)
check("blob cut by the periodic corner: area", m["component_sizes"][0], float((full > 0).sum()))
check("blob cut by the periodic corner: Euler characteristic", m["euler"], 1)
# A blob cut by one face only.
v = np.where(periodic_distance2([x, y], [0.0, 50.0], L) <= 100.0, 0.5, 0.0)
m, _ = classify(v, L)
check("blob cut by a periodic face: components", m["components"], 1)
# Two cells that share only a corner, across the periodic corner: joined (8 neighbours).
v = np.zeros((128, 128))
v[0, 0] = v[-1, -1] = 0.5
m, _ = classify(v, L)
check("cells touching at the periodic corner: components", m["components"], 1)
check("cells touching at the periodic corner: Euler characteristic", m["euler"], 1)
v[-1, -1] = 0.0
v[-1, 1] = 0.5  # across the face y = 0 one column over: a corner again
m, _ = classify(v, L)
check("cells touching at a corner across a face: components", m["components"], 1)
# A ring: one component, one hole, chi 0.
r2 = periodic_distance2([x, y], [64.0, 64.0], L)
m, _ = classify(np.where((r2 <= 400.0) & (r2 >= 144.0), 0.5, 0.0), L)
check("annulus: components, holes, Euler characteristic", (m["components"], m["holes"], m["euler"]), (1, 2, 0))

# Uniform fields.
for value in (0.0, 0.4):
    m, cls = classify(np.full((32, 32), value), [32.0, 32.0])
    check("uniform v = %g: class" % value, cls, "uniform")

# 3D: a 4^3 lattice of Gaussian balls, spacing 8 on a 32^3 box of 64^3 cells, cut by faces, edges and corners.
L3 = [32.0, 32.0, 32.0]
v, count = spots([64, 64, 64], L3, 8.0, 1.5, 0.0)
m, cls = classify(v, L3)
check("3D ball lattice: components", m["components"], count)
check("3D ball lattice: Euler characteristic", m["euler"], count)
check("3D ball lattice: wavelength", m["wavelength"], 8.0, 1e-9)
check("3D ball lattice: class", cls, "spots")
# Slabs normal to z, period 8 (4 slabs, each wrapping in x and y: a 2-torus, chi 0).
x3, y3, z3 = coords([64, 64, 64], L3)
m, cls = classify(0.25 + 0.2 * np.cos(2 * math.pi * z3 / 8.0 + 0.2), L3)
check("3D slabs period 8: components", m["components"], 4)
check("3D slabs period 8: Euler characteristic", m["euler"], 0)
check("3D slabs period 8: wavelength", m["wavelength"], 8.0, 1e-9)
check("3D slabs period 8: class", cls, "stripes")
# A hollow ball (spherical shell): one component, chi 2 (the cavity is a hole of the off set).
r2 = periodic_distance2([x3, y3, z3], [16.0, 16.0, 16.0], L3)
m, _ = classify(np.where((r2 <= 64.0) & (r2 >= 25.0), 0.5, 0.0), L3)
check("3D spherical shell: components, off components, Euler", (m["components"], m["holes"], m["euler"]), (1, 2, 2))

# Islands by shape: an 8 x 8 lattice (spacing 20 on a 160^2 box, starting at the origin so the islands at the faces
# and the corner are cut by the wrap) of elliptic islands of the same area, each turned by its own angle, of aspect
# 1, 1.5, 2 and 3, all far smaller than wavelength^2. Round ones (1, 1.5) are spots; ones twice as long as wide or
# more are worms, not spots; their negatives are holes when round, else a sheet (one on component reaching round
# the box: stripes). The measured aspect is the drawn one.
L = [160.0, 160.0]
x, y = coords([160, 160], L)
for aspect, round_ in ((1.0, True), (1.5, True), (2.0, False), (3.0, False)):
    a, b = 3.5 * math.sqrt(aspect), 3.5 / math.sqrt(aspect)
    v = np.zeros(x.shape)
    for i in range(8):
        for j in range(8):
            turn = math.radians(23.0 * (3 * i + 5 * j))
            dx = (x - 20.0 * i + 80.0) % 160.0 - 80.0
            dy = (y - 20.0 * j + 80.0) % 160.0 - 80.0
            u, w = dx * math.cos(turn) + dy * math.sin(turn), -dx * math.sin(turn) + dy * math.cos(turn)
            v += 0.5 * np.exp(-0.5 * ((u / a) ** 2 + (w / b) ** 2))
    m, cls = classify(v, L)
    check("islands of aspect %g: components" % aspect, m["components"], 64)
    check("islands of aspect %g: median aspect" % aspect, m["component_aspect_median"], aspect, 0.12 * aspect)
    check("islands of aspect %g: smaller than wavelength^2" % aspect,
          bool(m["component_size_max"] < m["wavelength"] ** 2), True)
    check("islands of aspect %g: class" % aspect, cls, "spots" if round_ else "worms")
    m, cls = classify(0.5 - v, L)
    check("holes of aspect %g: class" % aspect, cls, "holes" if round_ else "stripes")

# The boundary speed: stripes moved by one cell (h = 0.5) in 10 time units move at 0.05.
L = [64.0, 64.0]
x, y = coords([128, 128], L)
v0 = np.where(np.cos(2 * math.pi * x / 16.0) > 0, 0.5, 0.0)
v1 = np.roll(v0, 1, axis=1)
m = pattern.measure(v1, L, pattern.THETA)
c = pattern.change(np, v0, 100.0, v1, 110.0, pattern.THETA, m["boundary_per_volume"] * 64 * 64, 0.25)
check("stripes moved by h = 0.5 in 10: boundary speed", c["boundary_speed"], 0.05, 1e-12)
# The change is recorded, not a class: moving stripes are stripes (whether they move is the dynamics verdict's).
check("stripes moved: class", pattern.classify(m)[0], "stripes")

# A field that decayed to nothing: its change is absolute (relative to a norm of 1e-86 it read 7.8e+80).
tiny = v1 * 1e-86
c = pattern.change(np, tiny * 3, 100.0, tiny, 110.0, pattern.THETA, 1.0, 1.0)
check("decayed field: no relative change", c["l2_change_rate"], None)
check("decayed field: absolute change per unit time", c["l2_change_rate_absolute"],
      float(np.sqrt(np.mean((2 * tiny) ** 2))) / 10.0, 1e-100)
m = pattern.measure(tiny, L, pattern.THETA)
shown = pattern.table(dict(m, change=c, file="x", time=110.0, dynamics=None,
                           **dict(zip(("class", "reason", "shares"), pattern.classify(m)))))
check("decayed field: the table says the change is absolute", "absolute" in shown and "e+" not in shown, True)
# A uniform field cut halfway (--threshold mid, as a sweep's montage does): no on set, not specks of noise.
flat = 0.3 + 1e-6 * np.random.default_rng(7).random((64, 64))
m = pattern.measure(flat, [64.0, 64.0], "mid")
check("uniform field at theta mid: components, holes, Euler", (m["components"], m["euler"]), (0, 0))
check("uniform field at theta mid: class", pattern.classify(m)[0], "uniform")

# The command line on a folder of two field files (and a summary-less folder: lengths from the cells).
out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/patterns_shapes"
os.makedirs(out, exist_ok=True)
run = os.path.join(out, "run")
os.makedirs(run, exist_ok=True)
for name in os.listdir(run):
    os.remove(os.path.join(run, name))
for step, field in ((100, v0), (110, v1)):
    with h5py.File(os.path.join(run, "fields_%08d.h5" % step), "w") as f:
        f["u"] = 1 - field
        f["v"] = field
        f.attrs["step"] = step
        f.attrs["time"] = float(step)
post = [sys.executable, os.path.join(ROOT, "postprocess", "gs_post.py"), "pattern"]
p = subprocess.run(post + [run], capture_output=True, text=True)
print(p.stdout, p.stderr)
check("command line: exit status", p.returncode, 0)
result = json.load(open(os.path.join(run, "pattern.json")))
check("command line: class of the moving stripes", result["class"], "stripes")
check("command line: stripes share", result["shares"]["stripes"], 1.0, 1e-12)
check("command line: boundary speed (h = 1: 0.1, recorded)", result["change"]["boundary_speed"], 0.1, 1e-12)
check("command line: wavelength (32 cells)", result["wavelength"], 32.0, 1e-9)
check("command line: no pattern.csv: dynamics verdict null", result["dynamics"]["verdict"], None)
check("command line: no pattern.csv: the reason says what is needed",
      "output.dynamics_window" in result["dynamics"]["reason"] and "output.pattern_every" in result["dynamics"]["reason"],
      True)
# The shares read as percentages, not fractions.
check("table: shares as percentages", "stripes 100%" in pattern.table(dict(result, change=None)), True)
# --dynamics required without a verdict: one line naming what is needed, exit 1, the JSON left as it was.
before = open(os.path.join(run, "pattern.json")).read()
p = subprocess.run(post + [run, "--dynamics", "required"], capture_output=True, text=True)
lines = p.stderr.strip().splitlines()
check("--dynamics required without pattern.csv: exit 1, one line naming output.dynamics_window",
      (p.returncode, len(lines), "output.dynamics_window" in p.stderr), (1, 1, True))
check("--dynamics required without pattern.csv: pattern.json not written over",
      open(os.path.join(run, "pattern.json")).read() == before, True)
# A box or plane output is a cut of the domain, not a periodic box: refused in one line (with its run's
# summary.json: regression.patterns_presets), never measured as if it were one.
with h5py.File(os.path.join(out, "fields_box_00000110.h5"), "w") as f:
    f["u"] = 1 - v1[:64]
    f["v"] = v1[:64]
    f.attrs["step"] = 110
    f.attrs["time"] = 110.0
for args, needle in (([os.path.join(out, "nothing")], "no such run folder"),
                     ([os.path.join(out, "absent", "run")], "absent/run: no such run folder"),
                     ([os.path.join(out, "fields_box_00000110.h5")], "box or plane output"),
                     ([out], "no fields_*.h5"),
                     ([run, "--threshold", "x"], "--threshold"),
                     ([run, "--threshold", "middle"], "a finite number, or mid"),
                     ([run, "--change-limit", "0.1"], "--change-limit was removed"),
                     ([run, "--dynamics", "always"], "--dynamics"),
                     ([run, "--dominant-share", "0.5"], "--dominant-share"),
                     ([run, "--dominant-share", "1.5"], "--dominant-share"),
                     ([run, "--round-aspect", "0.9"], "--round-aspect"),
                     ([run, "--spot-size", "-1"], "--spot-size"),
                     ([run, "--worm-size", "0.5"], "--worm-size"),
                     ([run, "-o", os.path.join(out, "no", "p.json")], "-o")):
    p = subprocess.run(post + args, capture_output=True, text=True)
    lines = p.stderr.strip().splitlines()
    ok = p.returncode in (1, 2) and len(lines) == 1 and needle in lines[0]
    check("bad input %s: one line naming %s" % (" ".join(args[-2:]) if len(args) > 1 else "folder", needle), ok, True)
    if not ok:
        print(p.returncode, p.stderr)

if failures:
    print("FAIL: %d checks: %s" % (len(failures), "; ".join(failures)))
    sys.exit(1)
print("PASS: components, holes, Euler characteristic, wavelength, boundary speed, class and options of known shapes")
