# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`pattern`: the shape of a run's field as numbers, and the class a user would name.

From the last field outputs of a run (fields_NNNNNNNN.h5, or checkpoints when
there are none) it measures, for the "on" set {v >= theta} of the last one
(docs/patterns.md):

- the connected components of the on set and of its complement on the periodic
  box (cells that share a corner are joined in the on set: 8 neighbours in 2D,
  26 in 3D; cells that share a face in the off set: 4 in 2D, 6 in 3D, the dual
  convention, so that an on ring encloses its hole), with scipy.ndimage.label
  and the labels joined across the periodic faces by scipy's connected
  components of the graph of label pairs;
- area (volume) fraction, boundary length (surface) per area (volume), and the
  Euler characteristic of the union of closed on cells on the periodic box;
- the dominant wavelength: the peak of the radially averaged power spectrum of
  v minus its mean (numpy FFT; wavenumbers in physical units);
- each component's kind: spot, worm or stripe, by its size in wavelength^dims
  and its aspect, and the shares of the on cells in each kind and of the off
  cells in holes (round off islands);
- the class: uniform, single, spots, holes, worms, stripes or mixed, with the
  shares (classify());
- the dynamics verdict of the run's pattern.csv (steady, oscillating, chaotic,
  evolving, decayed; gspost/dynamics.py), when the run wrote its dynamics
  columns;
- for the record, how much the on set changed between the last two outputs
  (the mean speed of the boundary); it no longer decides the class.
"""
import glob
import json
import math
import os
import re
import sys

from . import dynamics
from .common import InputError, need_modules, num, output_file
from .field import read_field
from .summary import grid_of, load_summary

THETA = 0.25            # the default of insitu.iso, the in-situ isosurface of v
UNIFORM_SPREAD = 1e-3   # max(v) - min(v) below this: uniform (round-off and noise, no pattern to measure)
# The shape classes (docs/patterns.md, "The classes"). Sizes are in units of lambda^dims, lambda the dominant
# wavelength; the aspect of a component is the square root of the ratio of the largest to the smallest principal
# second moment of its cells (1 for a disk or ball, 2 for an ellipse twice as long as wide).
SPOT_SIZE = 1.0         # a spot is about half a wavelength across (0.2 lambda^2): a lambda^d cell holds one, not two
ROUND_ASPECT = 1.75     # round: spots measure 1-1.3, worms 2-5; a dot dividing in two passes about 2 for a moment
WORM_SIZE = 3.0         # a worm: half a wavelength wide, up to about 6 long (3 lambda^2); longer ones are stripes
DOMINANT = 0.6          # a class when this share of its set is of its kind (> 0.5: only one kind can be)
SINGLE_FRACTION = 0.5   # one on component on under half the box is one object (a ring, a blob), not a pattern
SINGLE_EXTENT = 0.5     # ... and localized: it spans under half the box along every axis (a snake across it is not)
# In 3D the kinds go by size alone: the dots-3d preset's balls stretch into tubes as it runs (median aspect 1.6 at
# t = 400, 4.3 at its end, t = 4000), which the aspect would call worms against the preset's name; which is right is
# open (docs/patterns.md). The aspect is reported in 3D. In 2D a component that reaches round the periodic box is a
# stripe whatever its area (a stripe across a small box can hold less than WORM_SIZE).
SHAPE_RULE_DIMS = (2,)
CLASSES = ("uniform", "single", "spots", "holes", "worms", "stripes", "mixed")
KINDS = ("spots", "worms", "stripes")
RULES = {"spot_size": SPOT_SIZE, "worm_size": WORM_SIZE, "round_aspect": ROUND_ASPECT, "dominant": DOMINANT}
THRESHOLD_SOURCES = {"mid": " (mid: halfway between min and max of v)", "run": " (the run's own, from its summary.json)",
                     "default": " (the default: the run's summary.json names none)", "option": " (--threshold)"}
V_NORM_FLOOR = 1e-9     # RMS of v below this: its change is reported absolutely, not relative to it
FIELD_NAME = re.compile(r"^(fields|ckpt)_(\d+)\.h5$")


def outputs_of(run_dir):
    """[(step, path)] of a run's field files by step; checkpoints only when there are no field files."""
    found = {}
    for pattern in ("fields_*.h5", os.path.join("checkpoints", "ckpt_*.h5")):
        for path in glob.glob(os.path.join(glob.escape(run_dir), pattern)):
            m = FIELD_NAME.match(os.path.basename(path))
            if m:
                found.setdefault(int(m.group(2)), path)
        if found:
            break
    return sorted(found.items())


def read_v(path):
    """(v, time) of one field file or checkpoint."""
    v, attrs = read_field(path, "v")
    try:
        t = float(attrs["time"]) if "time" in attrs else None
    except (TypeError, ValueError):
        raise InputError("%s: attribute 'time' is not a number" % path)
    return v, t


def periodic_labels(np, ndi, mask, full, wraps=False):
    """Labels (0 outside mask, 1..count) of the connected components of mask on the periodic box.
    full: cells sharing a corner are neighbours (else a face). The array is padded by one layer
    copied from the opposite side and labelled; each padded cell is the same cell as the one it
    copies, so the pairs (label of the copy, label of the original) are the joins across the
    periodic faces, edges and corners; scipy's connected components of that graph merge them.
    wraps: also return, per component, whether it reaches round the box (wrap_flags())."""
    structure = ndi.generate_binary_structure(mask.ndim, mask.ndim if full else 1)
    padded = np.pad(mask, 1, mode="wrap")
    lab, count = ndi.label(padded, structure)
    if count == 0:
        empty = (np.zeros(mask.shape, dtype=np.int64), 0)
        return empty + (np.zeros(0, dtype=bool),) if wraps else empty
    original = np.pad(np.arange(mask.size).reshape(mask.shape), 1, mode="wrap")
    inner = tuple(slice(1, -1) for _ in mask.shape)
    lab_inner = lab[inner].astype(np.int64)
    pad = np.ones(padded.shape, dtype=bool)
    pad[inner] = False
    pairs = pad & padded  # the on cells of the pad: each a copy of the cell original[...] names
    a = lab[pairs]
    b = lab_inner.ravel()[original[pairs]]
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components
    graph = coo_matrix((np.ones(a.size), (a, b)), shape=(count + 1, count + 1))
    _, root = connected_components(graph, directed=False)
    # Renumber the merged components 1..n, 0 staying the background.
    merged = root[lab_inner]
    merged[lab_inner == 0] = -1
    used = np.unique(merged[merged >= 0])
    table = np.zeros(root.max() + 2, dtype=np.int64)
    table[used + 1] = np.arange(1, used.size + 1)
    if not wraps:
        return table[merged + 1], int(used.size)
    # The shift of each pad cell from the cell it copies (per axis -n, 0 or n).
    where = np.nonzero(pairs)
    copied = np.unravel_index(original[pairs], mask.shape)
    shift = np.stack([(p - 1) - q for p, q in zip(where, copied)], axis=1) if a.size else np.zeros((0, mask.ndim))
    flags = wrap_flags(np, a, b, shift, count, root)
    out = np.zeros(used.size, dtype=bool)
    for r in flags:
        out[table[r + 1] - 1] = True
    return table[merged + 1], int(used.size), out


def wrap_flags(np, a, b, shift, count, root):
    """The roots (merged components) that reach round the periodic box: that hold a closed path of cells
    which winds round the torus (a stripe across the box), unlike a spot cut by a face. Each piece X of the
    padded labelling gets an offset o(X) such that its cells minus o(X) lie in one copy of the component in the
    unrolled plane; the copy at padded position q + s of the cell q (piece B) lies in piece A, so o(A) = o(B) + s.
    A contradiction means that a path of cells leads from a cell to its own image one box over: it wraps."""
    edges = np.unique(np.column_stack([a, b, shift]).astype(np.int64), axis=0) if len(a) else []
    adjacent = {}
    for row in edges:
        x, y, s = int(row[0]), int(row[1]), tuple(int(t) for t in row[2:])
        adjacent.setdefault(x, []).append((y, s))                      # o(y) = o(x) - s
        adjacent.setdefault(y, []).append((x, tuple(-t for t in s)))   # o(x) = o(y) + s
    offset, wrapped = {}, set()
    for start in adjacent:
        if start in offset:
            continue
        offset[start] = tuple(0 for _ in range(shift.shape[1]))
        stack = [start]
        while stack:
            x = stack.pop()
            for y, s in adjacent[x]:
                want = tuple(o - t for o, t in zip(offset[x], s))
                if y not in offset:
                    offset[y] = want
                    stack.append(y)
                elif offset[y] != want:
                    wrapped.add(int(root[start]))
    return wrapped


def elongations(np, lab, count, h):
    """The aspect of each component 1..count of a periodic label array: sqrt(largest / smallest eigenvalue) of
    the covariance of its cell centres in physical units (h: cell size per physical axis x, y[, z]), each cell
    a uniform box (h^2 / 12 per axis). Positions are taken from one cell of the component, wrapped to the
    nearest periodic image, so a component cut by the periodic faces is measured whole; one that reaches more
    than half way round the box (a stripe across it) comes out long, as it is."""
    if count == 0:
        return np.zeros(0)
    flat = lab.ravel()
    where = np.nonzero(flat)[0]
    labels = flat[where]
    _, first = np.unique(labels, return_index=True)  # labels are 1..count: one first cell each, in order
    pos = np.unravel_index(where, lab.shape)
    ref = np.unravel_index(where[first], lab.shape)
    d = lab.ndim
    size = np.bincount(labels, minlength=count + 1)[1:].astype(float)
    disp = []
    for axis, n in enumerate(lab.shape):  # array axis a is physical axis d-1-a
        step = pos[axis] - ref[axis][labels - 1]
        disp.append(((step + n // 2) % n - n // 2) * h[d - 1 - axis])
    mean = [np.bincount(labels, weights=x, minlength=count + 1)[1:] / size for x in disp]
    cov = np.zeros((count, d, d))
    for a in range(d):
        for b in range(a, d):
            c = np.bincount(labels, weights=disp[a] * disp[b], minlength=count + 1)[1:] / size - mean[a] * mean[b]
            cov[:, a, b] = cov[:, b, a] = c
        cov[:, a, a] += h[d - 1 - a] ** 2 / 12.0
    eig = np.linalg.eigvalsh(cov)
    return np.sqrt(eig[:, -1] / np.maximum(eig[:, 0], 1e-300))


def euler_characteristic(np, on):
    """Euler characteristic of the union of the closed on cells on the periodic box: the
    alternating sum of the cells, faces, edges and vertices of the cell complex that belong to
    it (each counted once; the box is a torus, whose own characteristic is 0). A k-dimensional
    piece spanning the axes S belongs to the set when one of the 2^(dims-k) cells around it is on:
    the cell at its lower corner and those one step back along each axis not in S."""
    import itertools
    d = on.ndim
    chi = 0
    for k in range(d + 1):
        for spans in itertools.combinations(range(d), k):
            around = on.copy()
            for axis in range(d):
                if axis not in spans:
                    around = around | np.roll(around, 1, axis=axis)
            chi += (-1) ** k * int(around.sum())
    return chi


def spectrum(np, v, L):
    """(wavenumbers, power) of the radially averaged power spectrum of v - mean(v), in shells of
    width 2 pi / max(L); the power of a shell is the mean |FFT|^2 of its modes; k in 1/length."""
    f = np.fft.fftn(v - v.mean())
    p = np.abs(f) ** 2
    # v has shape (nz, ny, nx); L is (Lx, Ly[, Lz]).
    axes = [2 * math.pi * np.fft.fftfreq(n, d=Lx / n) for n, Lx in zip(v.shape, reversed(L))]
    grids = np.meshgrid(*axes, indexing="ij")
    kmag = np.sqrt(sum(g * g for g in grids))
    dk = 2 * math.pi / max(L)
    shell = np.rint(kmag / dk).astype(np.int64).ravel()
    counts = np.bincount(shell)
    power = np.bincount(shell, weights=p.ravel())
    ksum = np.bincount(shell, weights=(kmag * p).ravel())
    return counts, power, ksum


def wavelength(np, v, L):
    """The dominant wavelength (length units): 2 pi over the power-weighted mean wavenumber of the
    shell with the most power (the radial average times the shell's size: power per unit |k|),
    among wavelengths that fit at least twice in the shortest side (longer scales are the envelope
    of a pattern that has not filled the box). None when v is uniform."""
    counts, power, ksum = spectrum(np, v, L)
    dk = 2 * math.pi / max(L)
    longest = min(L) / 2
    shells = np.arange(power.size)
    allowed = (shells > 0) & (shells * dk >= 2 * math.pi / longest * (1 - 1e-9))
    if not allowed.any():
        return None
    candidate = np.where(allowed, power, -1.0)
    peak = int(np.argmax(candidate))
    if power[peak] <= 0:
        return None
    return 2 * math.pi / (ksum[peak] / power[peak])


def resolve_threshold(v, theta):
    """theta as a number: "mid" is halfway between the smallest and the largest v of the field."""
    return (float(v.min()) + float(v.max())) / 2 if theta == "mid" else float(theta)


def measure(v, L, theta):
    """The numbers of one field (docs/patterns.md); theta a number or "mid"."""
    rule = theta
    theta = resolve_threshold(v, theta)
    mods = need_modules("numpy", "scipy")
    np = mods["numpy"]
    import scipy.ndimage as ndi
    d = v.ndim
    cell = 1.0
    for Lx, n in zip(L, reversed(v.shape)):
        cell *= Lx / n
    volume = cell * v.size
    h = [Lx / n for Lx, n in zip(L, reversed(v.shape))]
    on = v >= theta
    if rule == "mid" and float(v.max() - v.min()) < UNIFORM_SPREAD:
        # Halfway through a uniform field cuts its round-off and noise into specks (2 components, chi -51, in a
        # sweep's uniform member): a uniform field has no on set.
        on = np.zeros(v.shape, dtype=bool)
    on_lab, on_count, on_wraps = periodic_labels(np, ndi, on, full=True, wraps=True)
    off_lab, off_count, off_wraps = periodic_labels(np, ndi, ~on, full=False, wraps=True)
    on_sizes = np.bincount(on_lab.ravel(), minlength=on_count + 1)[1:] * cell
    off_sizes = np.bincount(off_lab.ravel(), minlength=off_count + 1)[1:] * cell
    on_aspect = elongations(np, on_lab, on_count, h)
    off_aspect = elongations(np, off_lab, off_count, h)
    spread = float(v.max() - v.min())
    lam = None if spread < UNIFORM_SPREAD else wavelength(np, v, L)
    chi = euler_characteristic(np, on)
    # Boundary: each face between an on and an off cell, of area h^(dims-1) (the product of the other axes' h).
    faces_area = 0.0
    for axis in range(d):  # array axis a is physical axis d-1-a
        face = cell / h[d - 1 - axis]
        faces_area += face * int((on != np.roll(on, 1, axis=axis)).sum())
    m = {
        "dims": d, "cells": int(v.size), "L": list(L), "threshold": theta,
        "v_min": float(v.min()), "v_max": float(v.max()), "v_mean": float(v.mean()),
        "on_fraction": float(on.mean()),
        "boundary_per_volume": faces_area / volume,
        "euler": int(chi), "euler_per_volume": chi / volume,
        "wavelength": lam,
        "components": on_count, "holes": off_count,
        "component_sizes": sorted((float(x) for x in on_sizes), reverse=True),
        "hole_sizes": sorted((float(x) for x in off_sizes), reverse=True),
    }
    for name, sizes, aspect, wraps in (("component", on_sizes, on_aspect, on_wraps),
                                       ("hole", off_sizes, off_aspect, off_wraps)):
        m[name + "_size_mean"] = float(sizes.mean()) if sizes.size else None
        m[name + "_size_median"] = float(np.median(sizes)) if sizes.size else None
        m[name + "_size_max"] = float(sizes.max()) if sizes.size else None
        # Aspect (elongation) of the set's components, median over them: 1 round, 2 twice as long as wide.
        m[name + "_aspect_median"] = float(np.median(aspect)) if aspect.size else None
        # Per component, in the order of the sizes (largest first): its aspect and whether it reaches round the
        # box; classify() makes the kinds of them with its thresholds.
        order = np.argsort(-sizes, kind="stable")
        m[name + "_aspects"] = [float(x) for x in aspect[order]]
        m[name + "_wraps"] = [bool(x) for x in wraps[order]]
    m["on_extent"] = periodic_extent(np, on)
    return m


def periodic_extent(np, on):
    """The largest share of the box that the on set spans along one axis: per axis, the box's length less its
    longest periodic run of rows (planes) without an on cell, over the box's length; 0 with nothing on."""
    most = 0.0
    for axis in range(on.ndim):
        others = tuple(a for a in range(on.ndim) if a != axis)
        occupied = on.any(axis=others) if others else on
        n = occupied.size
        if not occupied.any():
            continue
        # the longest run of empty rows, round the periodic axis: start the scan at an occupied row
        start = int(np.argmax(occupied))
        rolled = np.roll(occupied, -start)
        gap = run = 0
        for x in rolled:
            run = 0 if x else run + 1
            gap = max(gap, run)
        most = max(most, (n - gap) / n)
    return most


def change(np, v0, t0, v1, t1, theta, boundary_area, cell):
    """How fast the on set still changed between two outputs: the volume of the cells whose on/off
    state differs over the boundary area of the last one and the time between them, i.e. the mean
    speed of the boundary (length per unit time); and the relative L2 change of v per unit time."""
    on0, on1 = v0 >= theta, v1 >= theta
    dt = t1 - t0
    flips = int((on0 != on1).sum())
    diff = float(np.sqrt(np.mean((v1 - v0) ** 2)))
    norm = float(np.sqrt(np.mean(v1 * v1)))
    # Relative to a v that decayed to (nearly) nothing the ratio means nothing (1e-86 gave 7.8e+80): below
    # V_NORM_FLOOR the change is given absolutely instead.
    rel = diff / norm if norm >= V_NORM_FLOOR else None
    return {"from_time": t0, "to_time": t1, "flipped_cells": flips,
            "boundary_speed": flips * cell / boundary_area / dt if boundary_area > 0 and dt > 0 else 0.0,
            "l2_change_rate": rel / dt if dt > 0 and rel is not None else None,
            "l2_change_rate_absolute": diff / dt if dt > 0 else None}


def kinds(m, name, rules=None):
    """The kind of each component of a set (name "component": on, "hole": off) of measure()'s numbers:
    a list of "spots", "worms", "stripes" in the order of its sizes; None without a wavelength.
    spot: size <= spot_size lambda^dims and (2D) aspect <= round_aspect and (2D) not reaching round the box;
    stripe: size > worm_size lambda^dims or (2D) reaching round the box; worm: the others."""
    rules = dict(RULES, **(rules or {}))
    lam = m["wavelength"]
    if not lam:
        return None
    unit = lam ** m["dims"]
    shape = m["dims"] in SHAPE_RULE_DIMS
    out = []
    for size, aspect, wraps in zip(m[name + "_sizes"], m[name + "_aspects"], m[name + "_wraps"]):
        wraps = wraps and shape
        if size <= rules["spot_size"] * unit and not wraps and (not shape or aspect <= rules["round_aspect"]):
            out.append("spots")
        elif size > rules["worm_size"] * unit or wraps:
            out.append("stripes")
        else:
            out.append("worms")
    return out


def shares(m, rules=None):
    """{"spots", "worms", "stripes": share of the on cells in components of that kind; "holes": share of the off
    cells in off components that are spots}; None without a wavelength."""
    on, off = kinds(m, "component", rules), kinds(m, "hole", rules)
    if on is None:
        return None
    total = sum(m["component_sizes"]) or 1.0
    out = {k: sum(s for s, kind in zip(m["component_sizes"], on) if kind == k) / total for k in KINDS}
    total_off = sum(m["hole_sizes"]) or 1.0
    out["holes"] = sum(s for s, kind in zip(m["hole_sizes"], off) if kind == "spots") / total_off
    return out


def share_text(sh):
    return ", ".join("%s %.0f%%" % (k, 100 * sh[k]) for k in KINDS + ("holes",))


def classify(m, rules=None):
    """(class, reason, shares) from the numbers of measure(); rules: thresholds other than RULES' (spot_size,
    worm_size, round_aspect, dominant). In order: uniform, single, holes, spots / worms / stripes, mixed."""
    rules = dict(RULES, **(rules or {}))
    if m["v_max"] - m["v_min"] < UNIFORM_SPREAD or m["on_fraction"] in (0.0, 1.0):
        return "uniform", "v spans %.3g (on fraction %.3g)" % (m["v_max"] - m["v_min"], m["on_fraction"]), None
    sh = shares(m, rules)
    d = m["dims"]
    unit = "lambda^%d" % d
    if (m["components"] == 1 and m["on_fraction"] < SINGLE_FRACTION and not m["component_wraps"][0]
            and m.get("on_extent", 0.0) < SINGLE_EXTENT):
        size = ("%.2g %s, " % (m["component_sizes"][0] / m["wavelength"] ** d, unit)) if m["wavelength"] else ""
        return "single", ("one on component (%s%.0f%% of the box, < %.0f%%, spanning %.0f%% of it, < %.0f%%), not "
                          "reaching round the box" % (size, 100 * m["on_fraction"], 100 * SINGLE_FRACTION,
                                                      100 * m["on_extent"], 100 * SINGLE_EXTENT)), sh
    if sh is None:
        return "mixed", "no dominant wavelength: the sizes cannot be measured in wavelengths", None
    dominant = rules["dominant"]
    rule = ("<= %g %s, aspect <= %g" % (rules["spot_size"], unit, rules["round_aspect"]) if d in SHAPE_RULE_DIMS
            else "<= %g %s; the aspect not used in %dD" % (rules["spot_size"], unit, d))
    if sh["holes"] >= dominant and sh["holes"] >= sh["spots"]:
        return "holes", "%.0f%% of the off cells in holes (round off islands %s; >= %.0f%%)" % (
            100 * sh["holes"], rule, 100 * dominant), sh
    why = {"spots": "spots (%s)" % rule,
           "worms": "worms (not spots, <= %g %s)" % (rules["worm_size"], unit),
           "stripes": "stripes (> %g %s%s)" % (rules["worm_size"], unit,
                                              " or reaching round the box" if d in SHAPE_RULE_DIMS else "")}
    for kind in KINDS:
        if sh[kind] >= dominant:
            return kind, "%.0f%% of the on cells in %s; >= %.0f%%" % (100 * sh[kind], why[kind], 100 * dominant), sh
    return "mixed", "%s: none >= %.0f%%" % (share_text(sh), 100 * dominant), sh


def run_threshold(summary):
    """The theta the run measured its pattern at (docs/patterns.md), from its summary.json (load_summary's
    dict; None: no summary): the summary's pattern.theta; where the run had the measure off, the theta
    "auto" would have given (the first insitu.iso) or a number it set; THETA where the summary says nothing.
    Returns (theta, where it came from)."""
    if summary is None:
        return THETA, "default"
    measured = summary.get("pattern")
    if isinstance(measured, dict) and isinstance(measured.get("theta"), (int, float)):
        return float(measured["theta"]), "run"
    config = summary.get("config") if isinstance(summary.get("config"), dict) else {}
    chosen = (config.get("output") or {}).get("pattern_threshold") if isinstance(config.get("output"), dict) else None
    if isinstance(chosen, (int, float)) and not isinstance(chosen, bool):
        return float(chosen), "run"
    iso = (config.get("insitu") or {}).get("iso") if isinstance(config.get("insitu"), dict) else None
    if isinstance(iso, list) and iso and isinstance(iso[0], (int, float)) and not isinstance(iso[0], bool):
        return float(iso[0]), "run"
    return THETA, "default"


def summary_of(run_dir):
    """The run folder's summary.json, checked, or None where it has none."""
    sp = os.path.join(run_dir, "summary.json")
    return load_summary(sp) if os.path.isfile(sp) else None


def lengths_of(run_dir, path, shape):
    """Domain lengths (x, y[, z]) from the run's summary.json, else the file's L attribute, else the cells."""
    sp = os.path.join(run_dir, "summary.json")
    if os.path.isfile(sp):
        return grid_of(load_summary(sp))[2]
    h5py = need_modules("h5py")["h5py"]
    with h5py.File(path, "r") as f:
        if "L" in f.attrs:
            return [float(x) for x in f.attrs["L"]]
    return [float(n) for n in reversed(shape)]


def check_whole(run_dir, path, shape):
    """Refuses a file that does not hold the whole periodic domain: a box or mid-plane output (fields_box_*) is
    cut out of it, so its edges do not join and the run's lengths are not its own. The run's summary.json gives
    the grid (its whole shape, or the sub-sampled one of fields_sub_*, which still spans the periodic box)."""
    summary = summary_of(run_dir)
    name = os.path.basename(path)
    if summary is None:
        if name.startswith("fields_box"):
            raise InputError("%s: a box or plane output (a cut of the domain, not a periodic box) without its run's "
                             "summary.json: pattern measures whole fields; give a fields_*.h5 or checkpoint" % path)
        return
    _, n, _ = grid_of(summary)
    whole = tuple(reversed(n))
    output = (summary.get("config") or {}).get("output") if isinstance(summary.get("config"), dict) else None
    stride = (output or {}).get("subsample_stride", 4) if isinstance(output, dict) else 4
    sub = tuple(-(-m // stride) for m in whole) if isinstance(stride, int) and stride > 0 else None
    if tuple(shape) == whole or (tuple(shape) == sub and not name.startswith("fields_box")):
        return
    raise InputError("%s: %s cells, not the run's whole grid %s%s: a box or plane output is a cut of the domain, "
                     "not a periodic box, and pattern measures whole fields; give a fields_*.h5 or checkpoint of the "
                     "run" % (path, " x ".join(str(m) for m in reversed(shape)), " x ".join(str(m) for m in n),
                              "" if sub is None else " (or %s sub-sampled)" % " x ".join(str(m) for m in reversed(sub))))


def total_cells_of(run_dir, v):
    """The cells of the run's grid (pattern.csv's on_cells count them): from its summary.json, else the field's."""
    summary = summary_of(run_dir)
    if summary is None:
        return int(v.size)
    total = 1
    for n in grid_of(summary)[1]:
        total *= int(n)
    return total


def analyse(run_dir, theta, rules=None, dynamics_mode="auto"):
    """All numbers of a run folder (or of one field file: no change measure, no dynamics). dynamics_mode
    "required": an InputError, before anything is written, where the run's pattern.csv gives no verdict."""
    np = need_modules("numpy")["numpy"]
    rule = theta
    one_file = os.path.isfile(run_dir)
    if one_file:
        files = [(None, run_dir)]
        run_dir = os.path.dirname(os.path.abspath(run_dir))
        if os.path.basename(run_dir) == "checkpoints":  # a checkpoint: its run's summary.json is one folder up
            run_dir = os.path.dirname(run_dir)
    else:
        if not os.path.isdir(run_dir):
            raise InputError("%s: no such run folder or field file" % run_dir)
        files = outputs_of(run_dir)
        if not files:
            raise InputError("%s: no fields_*.h5 and no checkpoints/ckpt_*.h5 (run with output.fields_every)" % run_dir)
    source = "mid" if theta == "mid" else "option"
    if theta is None:  # the run's own theta
        theta, source = run_threshold(summary_of(run_dir))
    step, path = files[-1]
    v, t = read_v(path)
    check_whole(run_dir, path, v.shape)
    if one_file:
        dyn = dynamics.verdict([], 0)
        dyn["reason"] = ("one field file given: the dynamics verdict reads the run folder's pattern.csv "
                         "(give the folder; %s)" % dynamics.needed_text())
    else:
        dyn = dynamics.of_run(run_dir, total_cells_of(run_dir, v), step)
    if dyn["verdict"] is None and dynamics_mode == "required":  # before the measure: nothing written, fast
        raise InputError("%s: no dynamics verdict (--dynamics required): %s" % (run_dir, dyn["reason"]))
    L = lengths_of(run_dir, path, v.shape)
    if len(L) != v.ndim:
        raise InputError("%s: %dD field, but the domain has %d lengths" % (path, v.ndim, len(L)))
    m = measure(v, L, theta)
    theta = m["threshold"]  # the earlier output is cut at the same value
    c = None
    if len(files) >= 2:
        v0, t0 = read_v(files[-2][1])
        if v0.shape != v.shape:
            raise InputError("%s: shape %s differs from %s's %s" % (files[-2][1], v0.shape, path, v.shape))
        if t0 is None or t is None:
            raise InputError("%s or %s: no attribute 'time'" % (files[-2][1], path))
        volume = 1.0
        for x in L:
            volume *= x
        c = change(np, v0, t0, v, t, theta, m["boundary_per_volume"] * volume, volume / v.size)
    cls, reason, sh = classify(m, rules)
    m["threshold_rule"] = "mid" if rule == "mid" else "fixed"
    m["threshold_source"] = source
    return {"file": path, "previous_file": files[-2][1] if len(files) >= 2 else None, "time": t,
            "class": cls, "shares": sh, "reason": reason, "dynamics": dyn,
            "rules": dict(RULES, **(rules or {})), "change": c, **m}


def dynamics_text(d):
    """The dynamics row of the table."""
    if not d:
        return "-"
    if d["verdict"] is None:
        return "undetermined (%s)" % d["reason"]
    extra = "period %s, " % num(d["period"]) if d.get("period") is not None else ""
    return "%s (%s; %smedian rate %s, median churn %s over t %s to %s, %d rows)" % (
        d["verdict"], d["reason"], extra, num(d["median_change_rate"]), num(d["median_churn"]),
        num(d["span"][0]), num(d["span"][1]), d["rows"])


def table(r):
    """The readable table of one analysis."""
    unit = "area" if r["dims"] == 2 else "volume"
    c = r["change"] or {}
    rows = [
        ("class", "%s (%s)" % (r["class"], r["reason"])),
        ("file", "%s (t = %s)" % (r["file"], num(r["time"]))),
        ("threshold", "v >= %s%s" % (num(r["threshold"]), THRESHOLD_SOURCES.get(r.get("threshold_source"), ""))),
        ("on %s fraction" % unit, num(r["on_fraction"])),
        ("boundary per %s" % unit, num(r["boundary_per_volume"])),
        ("Euler characteristic", "%d (%s per %s)" % (r["euler"], num(r["euler_per_volume"]), unit)),
        ("dominant wavelength", num(r["wavelength"])),
        ("shapes", "-" if not r.get("shares") else share_text(r["shares"]) + " (on cells in spots, worms, "
         "stripes; off cells in holes)"),
        ("components (on)", "%d, %s mean %s, median %s, largest %s, median aspect %s" % (
            r["components"], unit, num(r["component_size_mean"]), num(r["component_size_median"]),
            num(r["component_size_max"]), num(r.get("component_aspect_median"), 3))),
        ("holes (off components)", "%d, %s mean %s, median %s, largest %s, median aspect %s" % (
            r["holes"], unit, num(r["hole_size_mean"]), num(r["hole_size_median"]), num(r["hole_size_max"]),
            num(r.get("hole_aspect_median"), 3))),
        ("dynamics", dynamics_text(r.get("dynamics"))),
        ("change", "-" if not c else "boundary speed %s, v changes by %s per unit time (t %s to %s, "
         "%d cells flipped)" % (num(c["boundary_speed"]), "%s (relative L2)" % num(c["l2_change_rate"])
                                if c.get("l2_change_rate") is not None else
                                "%s (absolute L2: v is about 0)" % num(c.get("l2_change_rate_absolute")),
                                num(c["from_time"]), num(c["to_time"]), c["flipped_cells"])),
    ]
    width = max(len(k) for k, _ in rows)
    return "".join("%-*s  %s\n" % (width, k, v) for k, v in rows)


def rules_of(a):
    """The class thresholds of the options (gs_post.py pattern, montage), checked together."""
    rules = {"spot_size": a.spot_size, "worm_size": a.worm_size, "round_aspect": a.round_aspect,
             "dominant": a.dominant_share}
    if rules["worm_size"] <= rules["spot_size"]:
        raise InputError("--worm-size %g is not above --spot-size %g: a worm is larger than a spot"
                         % (rules["worm_size"], rules["spot_size"]))
    return rules


def cmd_pattern(a):
    if not os.path.exists(a.run):  # named before the default -o next to it, which the user did not give
        raise InputError("%s: no such run folder or field file" % a.run)
    out = a.output or os.path.join(a.run if os.path.isdir(a.run) else os.path.dirname(os.path.abspath(a.run)),
                                   "pattern.json")
    output_file(out, "-o")
    r = analyse(a.run, a.threshold, rules_of(a), a.dynamics)
    sys.stdout.write(table(r))
    try:
        with open(out, "w") as f:
            json.dump(r, f, indent=1)
    except OSError as e:
        raise InputError("%s: cannot write (%s)" % (out, e.strerror or e))
    print("wrote", out)
    return 0
