#!/usr/bin/python3
"""Postprocessing for grayscott runs: field plots, convergence, scaling, sweep montage.

Reads only the documented artifacts: summary.json (docs/io.md, docs/studies.md)
and the HDF5 field/checkpoint layout (datasets u, v; shape (ny, nx) or (nz, ny, nx)).
Every subcommand has --help. Errors print one line and exit 1 (bad input) or 2 (usage).
"""
import argparse
import csv
import glob
import json
import math
import os
import sys


KNOWN_SUMMARY_VERSION = 2
COMPLETE = ("ok", "done")  # summary.json status of a run that reached time.steps


class InputError(Exception):
    """A missing or malformed input: reported as one line, exit status 1."""


def need_modules(*names):
    missing = []
    mods = {}
    for n in names:
        try:
            mods[n] = __import__(n)
        except ImportError:
            missing.append(n)
    if missing:
        raise InputError("missing Python modules: %s (Debian: apt-get install %s; run with /usr/bin/python3)"
                         % (", ".join(missing), " ".join("python3-" + m for m in missing)))
    return mods


def plt():
    need_modules("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    return pyplot


# ---------------------------------------------------------------- summaries

def load_summary(path):
    """summary.json of a run (path = the file or its run folder)."""
    if os.path.isdir(path):
        path = os.path.join(path, "summary.json")
    try:
        with open(path) as f:
            s = json.load(f)
    except FileNotFoundError:
        raise InputError("%s: no such file (is this a run's output.dir?)" % path)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError("%s: not valid JSON (%s)" % (path, e))
    if not isinstance(s, dict):
        raise InputError("%s: not a summary object" % path)
    for key in ("status", "steps", "config"):
        if key not in s:
            raise InputError("%s: key '%s' missing (not a grayscott summary.json?)" % (path, key))
    version = s.get("summary_version", 1)  # version 1 had no such key
    if not isinstance(version, int) or version > KNOWN_SUMMARY_VERSION:
        raise InputError("%s: summary_version %s is newer than this script reads (up to %d)"
                         % (path, version, KNOWN_SUMMARY_VERSION))
    s["_path"] = path
    s["_dir"] = os.path.dirname(os.path.abspath(path))
    return s


def cfg(s, dotted, default=None):
    """A config value from a summary: 'grid.n' looks in config.grid.n (or config['grid.n'])."""
    c = s.get("config", {})
    if dotted in c:
        return c[dotted]
    node = c
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            if default is not None:
                return default
            raise InputError("%s: config key '%s' missing" % (s["_path"], dotted))
        node = node[part]
    return node


def grid_of(s):
    dims = int(cfg(s, "grid.dims", 2))
    n = cfg(s, "grid.n")
    L = cfg(s, "grid.L")
    n = [int(x) for x in (n if isinstance(n, list) else [n] * dims)][:dims]
    L = [float(x) for x in (L if isinstance(L, list) else [L] * dims)][:dims]
    return dims, n, L


PHASE_GROUPS = [  # stacked-bar groups: (label, phases summed); absent phases count 0
    ("compute", ["compute"]),
    ("halo", ["halo_exchange", "halo"]),
    ("I/O", ["diagnostics", "images", "output", "fields", "field_output", "checkpoint", "io"]),
    ("in-situ", ["insitu"]),
    ("other", ["other"]),  # init is once per run, not per step: left out
]


def loop_seconds(s):
    w = s.get("wall_time_s") or {}
    for key in ("time_loop", "total"):
        if isinstance(w.get(key), (int, float)):
            return float(w[key])
    raise InputError("%s: wall_time_s has neither time_loop nor total" % s["_path"])


def phase_seconds(s):
    w = s.get("wall_time_s") or {}
    out = {}
    for label, keys in PHASE_GROUPS:
        out[label] = sum(float(w[k]) for k in keys if isinstance(w.get(k), (int, float)))
    return out


def write_table(rows, header, md_path, csv_path, fmt):
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    with open(md_path, "w") as f:
        f.write("| " + " | ".join(header) + " |\n")
        f.write("|" + "---|" * len(header) + "\n")
        for r in rows:
            f.write("| " + " | ".join(fmt(i, v) for i, v in enumerate(r)) + " |\n")


def num(v, digits=4):
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "-"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "%.*g" % (digits, v)
    return str(v)


# ---------------------------------------------------------------- fields

def read_field(path, var):
    mods = need_modules("numpy", "h5py")
    h5py = mods["h5py"]
    if not os.path.isfile(path):
        raise InputError("%s: no such file" % path)
    try:
        with h5py.File(path, "r") as f:
            if var not in f:
                raise InputError("%s: no dataset '%s' (has %s)" % (path, var, ", ".join(f.keys())))
            a = f[var][...]
            attrs = dict(f.attrs)
    except OSError as e:
        raise InputError("%s: not a readable HDF5 file (%s)" % (path, e))
    if a.ndim not in (2, 3):
        raise InputError("%s: dataset '%s' has %d dimensions (expected 2 or 3)" % (path, var, a.ndim))
    return a, attrs


def final_field_file(s):
    """fields_<steps>.h5 of a finished run."""
    steps = int(s["steps"])
    path = os.path.join(s["_dir"], "fields_%08d.h5" % steps)
    if not os.path.isfile(path):
        raise InputError("%s: missing (run with output.fields_every dividing time.steps)" % path)
    return path


def cmd_field(a):
    np = need_modules("numpy")["numpy"]
    data, attrs = read_field(a.file, a.var)
    L = a.L
    if L is None and "L" in attrs:
        L = [float(x) for x in attrs["L"]]
    if L is None:
        sp = os.path.join(os.path.dirname(os.path.abspath(a.file)), "summary.json")
        if os.path.isfile(sp):
            L = grid_of(load_summary(sp))[2]
    shape_xyz = list(reversed(data.shape))
    if L is None:
        L, unit = [float(n) for n in shape_xyz], " (cells)"
    else:
        unit = ""
        if len(L) < len(shape_xyz):
            raise InputError("--L needs %d lengths for this %dD field" % (len(shape_xyz), len(shape_xyz)))
    pyplot = plt()
    vmin = a.vmin if a.vmin is not None else float(np.min(data))
    vmax = a.vmax if a.vmax is not None else float(np.max(data))
    title = "%s  %s" % (a.var, os.path.basename(a.file))
    if "step" in attrs:
        title += "  step %d" % int(attrs["step"])
    if "time" in attrs:
        title += "  t = %g" % float(attrs["time"])
    if data.ndim == 2:
        fig, ax = pyplot.subplots(figsize=(6, 5))
        im = ax.imshow(data, origin="lower", extent=[0, L[0], 0, L[1]], vmin=vmin, vmax=vmax, cmap=a.cmap)
        ax.set_xlabel("x" + unit)
        ax.set_ylabel("y" + unit)
        axes = [ax]
    else:
        nz, ny, nx = data.shape
        planes = [("xy (z mid)", data[nz // 2, :, :], [0, L[0], 0, L[1]], ("x", "y")),
                  ("xz (y mid)", data[:, ny // 2, :], [0, L[0], 0, L[2]], ("x", "z")),
                  ("yz (x mid)", data[:, :, nx // 2], [0, L[1], 0, L[2]], ("y", "z"))]
        fig, axes = pyplot.subplots(1, 3, figsize=(14, 4.6))
        for ax, (name, img, ext, (xl, yl)) in zip(axes, planes):
            im = ax.imshow(img, origin="lower", extent=ext, vmin=vmin, vmax=vmax, cmap=a.cmap)
            ax.set_title(name)
            ax.set_xlabel(xl + unit)
            ax.set_ylabel(yl + unit)
    fig.colorbar(im, ax=axes, label=a.var)
    fig.suptitle(title)
    out = a.output or os.path.splitext(a.file)[0] + "_%s.png" % a.var
    fig.savefig(out, dpi=a.dpi)
    print("wrote", out)


# ---------------------------------------------------------------- convergence

def restrict(np, fine, factor):
    """Average factor^d blocks of fine cells onto one coarse cell (exact cell averages)."""
    shape = []
    for n in fine.shape:
        if n % factor:
            raise InputError("grid of %s cells is not a multiple of the refinement factor %d" % (fine.shape, factor))
        shape += [n // factor, factor]
    r = fine.reshape(shape)
    return r.mean(axis=tuple(range(1, 2 * fine.ndim, 2)))


def cmd_convergence(a):
    np = need_modules("numpy", "h5py")["numpy"]
    runs = []
    for d in a.runs:
        s = load_summary(d)
        if s["status"] not in COMPLETE:
            raise InputError("%s: status is '%s', not 'ok' (the run did not finish)" % (s["_path"], s["status"]))
        dims, n, L = grid_of(s)
        field, _ = read_field(final_field_file(s), a.var)
        runs.append({"s": s, "n": n, "L": L, "dims": dims, "h": L[0] / n[0], "field": field,
                     "time": float(s.get("time", 0.0))})
    if len(runs) < 3:
        raise InputError("need at least 3 runs (h, h/2, h/4), got %d" % len(runs))
    runs.sort(key=lambda r: r["n"][0])
    base = runs[0]
    for r in runs[1:]:
        if r["L"] != base["L"] or r["dims"] != base["dims"]:
            raise InputError("%s: domain %s differs from %s" % (r["s"]["_path"], r["L"], base["L"]))
        if abs(r["time"] - base["time"]) > 1e-9 * max(1.0, abs(base["time"])):
            raise InputError("%s: final time %g differs from %g" % (r["s"]["_path"], r["time"], base["time"]))
        ratios = {nf // nc for nf, nc in zip(r["n"], base["n"])}
        if len(ratios) != 1 or any(nf % nc for nf, nc in zip(r["n"], base["n"])):
            raise InputError("%s: grid %s is not a uniform refinement of %s" % (r["s"]["_path"], r["n"], base["n"]))
    finest = runs[-1]
    p_formal = a.formal_order
    levels = runs[:-1]
    if a.reference == "richardson":
        # Extrapolate on the second-finest grid: ref = F + (F - C) / (2^p - 1), F = restricted finest.
        second = runs[-2]
        f_on_c = restrict(np, finest["field"], finest["n"][0] // second["n"][0])
        ref_level = f_on_c + (f_on_c - second["field"]) / (2.0 ** p_formal - 1.0)
        ref_n = second["n"][0]
        levels = runs[:-2] if len(runs) >= 4 else runs[:-1]
        if len(levels) < 2:
            raise InputError("richardson needs at least 4 runs for two error levels")
    else:
        ref_level = finest["field"]
        ref_n = finest["n"][0]
    rows = []
    for i, r in enumerate(levels):
        if a.reference == "successive":  # difference to the next finer run: no assumed order, no reference bias
            nxt = runs[i + 1]
            ref = restrict(np, nxt["field"], nxt["n"][0] // r["n"][0])
        else:
            ref = restrict(np, ref_level, ref_n // r["n"][0])
        e = r["field"] - ref
        l2 = float(np.sqrt(np.mean(e * e)))  # cell-volume-weighted L2 norm over the periodic box / volume
        linf = float(np.max(np.abs(e)))
        rows.append([r["n"][0], r["h"], int(r["s"]["steps"]), l2, linf, None, None])
    for i in range(1, len(rows)):
        ratio = rows[i - 1][1] / rows[i][1]
        for col, o in ((3, 5), (4, 6)):
            if rows[i][col] > 0 and rows[i - 1][col] > 0:
                rows[i][o] = math.log(rows[i - 1][col] / rows[i][col]) / math.log(ratio)
    os.makedirs(a.out, exist_ok=True)
    header = ["n", "h", "steps", "L2 error", "Linf error", "order L2", "order Linf"]
    md = os.path.join(a.out, "convergence.md")
    write_table(rows, header, md, os.path.join(a.out, "convergence.csv"), lambda i, v: num(v))
    result = {"reference": a.reference, "variable": a.var, "finest_n": finest["n"][0],
              "levels": [dict(zip(["n", "h", "steps", "l2", "linf", "order_l2", "order_linf"], r)) for r in rows]}
    with open(os.path.join(a.out, "convergence.json"), "w") as f:
        json.dump(result, f, indent=1)
    pyplot = plt()
    fig, ax = pyplot.subplots(figsize=(5.5, 4.5))
    hs = [r[1] for r in rows]
    ax.loglog(hs, [r[3] for r in rows], "o-", label="L2")
    ax.loglog(hs, [r[4] for r in rows], "s-", label="L$\\infty$")
    for p, style in ((1, ":"), (2, "--"), (4, "-.")):
        ax.loglog(hs, [rows[-1][3] * (h / hs[-1]) ** p for h in hs], "k" + style, lw=0.8, label="slope %d" % p)
    ax.set_xlabel("h")
    ax.set_ylabel("error in %s vs %s" % (a.var, {"finest": "finest run", "richardson": "Richardson extrapolation",
                                                "successive": "next finer run"}[a.reference]))
    ax.set_title(a.title or "spatial convergence, finest n = %d" % finest["n"][0])
    ax.legend()
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "convergence.png"), dpi=110)
    with open(md) as f:
        sys.stdout.write(f.read())
    print("wrote %s/convergence.{md,csv,json,png}" % a.out)
    if a.expect_order is not None:
        orders = [r[5] for r in rows[1:]]
        bad = [o for o in orders if o is None or abs(o - a.expect_order) > a.tolerance]
        if bad or not orders:
            print("FAIL: observed L2 orders %s, expected %g +- %g for every refinement"
                  % (", ".join(num(o) for o in orders), a.expect_order, a.tolerance))
            return 1
        print("observed L2 orders %s: all within %g of %g" % (", ".join("%.3f" % o for o in orders), a.tolerance,
                                                               a.expect_order))
    return 0


# ---------------------------------------------------------------- scaling

def cmd_scaling(a):
    dirs = []
    for pattern in a.runs:
        found = sorted(glob.glob(pattern)) if any(c in pattern for c in "*?[") else [pattern]
        dirs += found
    if not dirs:
        raise InputError("no run folders match %s" % " ".join(a.runs))
    runs = [load_summary(d) for d in dirs]
    for s in runs:
        if s["status"] not in COMPLETE:
            raise InputError("%s: status is '%s', not 'ok' (the run did not finish)" % (s["_path"], s["status"]))
        for key in ("ranks", "global_cells", "wall_time_s"):
            if key not in s:
                raise InputError("%s: key '%s' missing" % (s["_path"], key))
    runs.sort(key=lambda s: int(s["ranks"]))
    base = runs[0]
    t0, p0 = loop_seconds(base), int(base["ranks"])
    kind = a.kind
    if kind == "auto":
        kind = "strong" if all(int(s["global_cells"]) == int(base["global_cells"]) for s in runs) else "weak"
    rows = []
    for s in runs:
        p, t = int(s["ranks"]), loop_seconds(s)
        steps = max(1, int(s["steps"]))
        cups = float(s.get("cell_updates_per_s") or int(s["global_cells"]) * steps / t)
        if kind == "strong":
            speedup = t0 / t
            eff = speedup / (p / p0)
        else:  # weak: work per rank fixed, ideal time constant
            speedup = (t0 / t) * (p / p0)
            eff = t0 / t
        ph = phase_seconds(s)
        rows.append([p, int(s["global_cells"]), steps, t, t / steps * 1e3, cups, speedup, eff] +
                    [ph[label] / steps * 1e3 for label, _ in PHASE_GROUPS])
    header = ["ranks", "cells", "steps", "loop s", "ms/step", "cell updates/s",
              "speed-up", "efficiency"] + ["%s ms/step" % label for label, _ in PHASE_GROUPS]
    os.makedirs(a.out, exist_ok=True)
    md = os.path.join(a.out, "scaling.md")
    write_table(rows, header, md, os.path.join(a.out, "scaling.csv"), lambda i, v: num(v, 3))
    pyplot = plt()
    ps = [r[0] for r in rows]
    fig, (ax1, ax2) = pyplot.subplots(1, 2, figsize=(10, 4))
    if kind == "strong":
        ax1.plot(ps, [r[6] for r in rows], "o-", label="measured")
        ax1.plot(ps, [p / p0 for p in ps], "k--", label="ideal")
        ax1.set_ylabel("speed-up vs %d rank%s" % (p0, "s" if p0 > 1 else ""))
    else:
        ax1.plot(ps, [r[4] for r in rows], "o-", label="measured")
        ax1.plot(ps, [rows[0][4]] * len(ps), "k--", label="ideal")
        ax1.set_ylabel("ms per step")
    ax1.set_xlabel("ranks")
    ax1.set_xscale("log", base=2)
    ax1.set_xticks(ps)
    ax1.set_xticklabels([str(p) for p in ps])
    ax1.set_title("%s scaling" % kind)
    ax1.legend()
    ax1.grid(True, alpha=0.3)
    x = range(len(rows))
    bottom = [0.0] * len(rows)
    for j, (label, _) in enumerate(PHASE_GROUPS):
        vals = [r[8 + j] for r in rows]
        ax2.bar(x, vals, bottom=bottom, label=label)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax2.set_xticks(list(x))
    ax2.set_xticklabels([str(p) for p in ps])
    ax2.set_xlabel("ranks")
    ax2.set_ylabel("ms per step (wall_time_s)")
    ax2.set_title("per-phase breakdown")
    ax2.legend()
    fig.suptitle(a.title or "%s scaling, %s" % (kind, "%d cells" % rows[0][1] if kind == "strong"
                                                 else "%d cells per rank" % (rows[0][1] // max(1, rows[0][0]))))
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "scaling.png"), dpi=110)
    with open(md) as f:
        sys.stdout.write(f.read())
    print("wrote %s/scaling.{md,csv,png} (%s scaling)" % (a.out, kind))
    return 0


# ---------------------------------------------------------------- sweep montage

def last_image(run_dir):
    pngs = sorted(glob.glob(os.path.join(run_dir, "v_*.png")))
    if not pngs:
        raise InputError("%s: no v_*.png images" % run_dir)
    return pngs[-1]


def cmd_montage(a):
    dirs = []
    for pattern in a.runs:
        dirs += sorted(glob.glob(pattern)) if any(c in pattern for c in "*?[") else [pattern]
    if not dirs:
        raise InputError("no run folders match %s" % " ".join(a.runs))
    cells = {}
    for d in dirs:
        s = load_summary(d)
        F, k = float(cfg(s, "physics.F")), float(cfg(s, "physics.k"))
        cells[(round(F, 10), round(k, 10))] = (s, None if s["status"] not in COMPLETE else last_image(s["_dir"]))
    Fs = sorted({key[0] for key in cells})
    ks = sorted({key[1] for key in cells})
    pyplot = plt()
    import matplotlib.image as mpimg
    size = a.cell_inches
    fig, axes = pyplot.subplots(len(Fs), len(ks), figsize=(size * len(ks) + 1.2, size * len(Fs) + 1.0), squeeze=False)
    missing = 0
    for i, F in enumerate(reversed(Fs)):  # F grows upwards, as in Pearson's chart
        for j, k in enumerate(ks):
            ax = axes[i][j]
            ax.set_xticks([])
            ax.set_yticks([])
            entry = cells.get((F, k))
            if entry is None or entry[1] is None:
                missing += 1
                ax.text(0.5, 0.5, "missing" if entry is None else entry[0]["status"], ha="center", va="center",
                        transform=ax.transAxes)
            else:
                ax.imshow(mpimg.imread(entry[1]))
            if j == 0:
                ax.set_ylabel("%g" % F, rotation=0, ha="right", va="center")
            if i == len(Fs) - 1:
                ax.set_xlabel("%g" % k)
    fig.supxlabel("k (kill rate)")
    fig.supylabel("F (feed rate)")
    fig.suptitle(a.title or "Gray-Scott patterns over (F, k)")
    fig.tight_layout()
    fig.savefig(a.output, dpi=a.dpi)
    print("wrote %s (%d F x %d k, %d missing)" % (a.output, len(Fs), len(ks), missing))
    return 1 if missing and a.strict else 0


# ---------------------------------------------------------------- halo cost model

def balanced_layout(p, dims):
    lay = [1] * dims
    n, f, factors = p, 2, []
    while n > 1:
        while n % f == 0:
            factors.append(f)
            n //= f
        f += 1
    for f in sorted(factors, reverse=True):
        i = min(range(dims), key=lambda j: lay[j])
        lay[i] *= f
    return lay


def halo_messages(box, layout, diagonals):
    """(message sizes in cells) one rank exchanges per step: faces, plus edges and
    corners for stencils with diagonal neighbours; none along an axis with one rank
    (the periodic wrap is a local copy)."""
    import itertools
    dims = len(box)
    sizes = []
    for offset in itertools.product((-1, 0, 1), repeat=dims):
        nz = [d for d in range(dims) if offset[d] != 0]
        if not nz or (len(nz) > 1 and not diagonals):
            continue
        if all(layout[d] == 1 for d in nz):
            continue
        cells = 1
        for d in range(dims):
            cells *= 1 if offset[d] else box[d]
        sizes.append(cells)
    return sizes


def model_step(global_n, p, a):
    dims = len(global_n)
    lay = balanced_layout(p, dims)
    box = [n / l for n, l in zip(global_n, lay)]
    cells = 1.0
    for b in box:
        cells *= b
    t_compute = cells * a.bytes_per_cell / a.bw_mem
    msgs = halo_messages(box, lay, a.diagonals)
    bytes_msgs = [2 * a.ghost * c * a.bytes_per_value for c in msgs]  # u and v
    t_halo = sum(a.alpha + b / a.beta for b in bytes_msgs)
    # The stepper computes the interior between posting and completing the messages.
    t = a.t_launch + (max(t_compute, t_halo) if a.overlap else t_compute + t_halo)
    return {"t": t, "layout": lay, "box": box, "cells": cells, "compute": t_compute, "halo": t_halo,
            "messages": len(msgs), "halo_bytes": sum(bytes_msgs)}


def cmd_model(a):
    counts = [2 ** i for i in range(0, 13)]  # 1 .. 4096
    lines = []
    out = lambda text="": lines.append(text)
    out("Model: t_step = %.3g s + %s(cells_per_rank * %g B / %.3g B/s, sum over messages (%.3g s + bytes / %.3g B/s))"
        % (a.t_launch, "max" if a.overlap else "sum", a.bytes_per_cell, a.bw_mem, a.alpha, a.beta))
    out("(%s halo: faces%s; u and v, %d ghost layer, %d-byte values; an axis with one rank wraps locally)"
        % ("3D" if a.dims == 3 else "2D", ", edges and corners" if a.diagonals else " only", a.ghost, a.bytes_per_value))
    out()
    show = [p for p in counts if p in (1, 8, 64, 512, 4096)] if a.dims == 3 else [1, 4, 16, 64, 256, 1024, 4096]
    weak_curves, strong_curves = {}, {}
    out("### Weak scaling (fixed box per GPU): parallel efficiency t(1) / t(P)")
    out()
    out("| box per GPU | " + " | ".join("P = %d" % p for p in show) + " | compute, P = 4096 | halo, P = 4096 |")
    out("|---|" + "---|" * (len(show) + 2))
    for b in a.weak_box:
        t1 = None
        effs = []
        curve = []
        for p in counts:
            lay = balanced_layout(p, a.dims)
            m = model_step([b * l for l in lay], p, a)
            t = m["t"]
            t1 = t1 or t
            curve.append(t1 / t)
            if p in show:
                effs.append("%.2f" % (t1 / t))
        weak_curves[b] = curve
        out("| %d^%d | %s | %.0f us | %.0f us |" % (b, a.dims, " | ".join(effs), 1e6 * m["compute"], 1e6 * m["halo"]))
    out()
    out("### Strong scaling (fixed global grid): speed-up over %s GPU and efficiency" % "one")
    out()
    out("| global grid | " + " | ".join("P = %d" % p for p in show) + " |")
    out("|---|" + "---|" * len(show))
    for n in a.strong_n:
        t1 = None
        cells = []
        curve = []
        for p in counts:
            m = model_step([n] * a.dims, p, a)
            t = m["t"]
            t1 = t1 or t
            curve.append(t1 / t)
            if p in show:
                cells.append("%.0f (%.0f%%)" % (t1 / t, 100 * t1 / t / p))
        strong_curves[n] = curve
        out("| %d^%d | %s |" % (n, a.dims, " | ".join(cells)))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        with open(os.path.join(a.out, "model.md"), "w") as f:  # noqa: the tables above, for docs/scaling.md
            f.write(text)
        pyplot = plt()
        fig, (ax1, ax2) = pyplot.subplots(1, 2, figsize=(10, 4))
        for b, c in weak_curves.items():
            ax1.semilogx(counts, c, "o-", ms=3, base=2, label="%d^%d per GPU" % (b, a.dims))
        ax1.set_ylim(0, 1.05)
        ax1.set_xlabel("GPUs")
        ax1.set_ylabel("weak-scaling efficiency")
        ax1.legend()
        ax1.grid(True, alpha=0.3)
        for n, c in strong_curves.items():
            ax2.loglog(counts, c, "o-", ms=3, base=2, label="%d^%d" % (n, a.dims))
        ax2.loglog(counts, counts, "k--", lw=0.8, base=2, label="ideal")
        ax2.set_xlabel("GPUs")
        ax2.set_ylabel("strong-scaling speed-up")
        ax2.legend()
        ax2.grid(True, which="both", alpha=0.3)
        fig.suptitle(a.title or "halo cost model: %.2g TB/s memory, %.3g us + bytes / %.3g GB/s per message"
                     % (a.bw_mem / 1e12, a.alpha * 1e6, a.beta / 1e9))
        fig.tight_layout()
        fig.savefig(os.path.join(a.out, "model.png"), dpi=110)
        print("wrote %s/model.{md,png}" % a.out)
    return 0


# ---------------------------------------------------------------- main

def main(argv=None):
    p = argparse.ArgumentParser(prog="gs_post.py", description=__doc__.split("\n")[0],
                                epilog="Run '%(prog)s SUBCOMMAND --help' for each subcommand.")
    sub = p.add_subparsers(dest="cmd", metavar="SUBCOMMAND")
    sub.required = True

    f = sub.add_parser("field", help="plot a field file (2D image, or 3D mid-planes) with colour bar and physical axes")
    f.add_argument("file", help="fields_NNNNNNNN.h5 or a checkpoint .h5")
    f.add_argument("--var", default="v", choices=["u", "v"], help="dataset to plot (default v)")
    f.add_argument("--L", type=float, nargs="+", help="domain lengths Lx Ly [Lz] (default: from the file's attributes "
                   "or the summary.json next to it)")
    f.add_argument("--vmin", type=float)
    f.add_argument("--vmax", type=float)
    f.add_argument("--cmap", default="inferno")
    f.add_argument("--dpi", type=int, default=110)
    f.add_argument("-o", "--output", help="PNG to write (default: next to the file)")
    f.set_defaults(func=cmd_field)

    c = sub.add_parser("convergence", help="errors and observed order of runs at h, h/2, h/4, ...",
                       description="Compares the final fields of runs of the same problem at different resolutions. "
                       "Each finer field is averaged onto the coarser cells (blocks of 2^dims cells per refinement).")
    c.add_argument("runs", nargs="+", help="run folders (output.dir of each resolution)")
    c.add_argument("--var", default="v", choices=["u", "v"])
    c.add_argument("--reference", default="finest", choices=["finest", "richardson", "successive"],
                   help="error against the finest run (its own error biases the last order upwards), against a "
                   "Richardson extrapolation of the two finest (assumes --formal-order), or the difference to the "
                   "next finer run (successive; the order needs no assumption)")
    c.add_argument("--formal-order", type=float, default=2.0, help="order used by the Richardson extrapolation")
    c.add_argument("--out", default="convergence", help="folder for convergence.{md,csv,json,png}")
    c.add_argument("--title")
    c.add_argument("--expect-order", type=float, help="exit 1 unless every observed L2 order is within --tolerance of this")
    c.add_argument("--tolerance", type=float, default=0.2)
    c.set_defaults(func=cmd_convergence)

    s = sub.add_parser("scaling", help="speed-up, efficiency and per-phase breakdown of a scaling series")
    s.add_argument("runs", nargs="+", help="run folders or glob patterns (quoted)")
    s.add_argument("--kind", default="auto", choices=["auto", "strong", "weak"],
                   help="auto: strong when every run has the same global_cells")
    s.add_argument("--out", default="scaling", help="folder for scaling.{md,csv,png}")
    s.add_argument("--title")
    s.set_defaults(func=cmd_scaling)

    m = sub.add_parser("montage", help="final images of an (F, k) sweep as one chart with F and k axes")
    m.add_argument("runs", nargs="+", help="run folders or glob patterns (quoted)")
    m.add_argument("-o", "--output", default="montage.png")
    m.add_argument("--title")
    m.add_argument("--cell-inches", type=float, default=1.6)
    m.add_argument("--dpi", type=int, default=100)
    m.add_argument("--strict", action="store_true", help="exit 1 if a run is missing or not done")
    m.set_defaults(func=cmd_montage)

    o = sub.add_parser("model", help="predicted weak and strong scaling from the halo cost model (docs/scaling.md)")
    o.add_argument("--dims", type=int, default=3, choices=[2, 3])
    o.add_argument("--bw-mem", type=float, default=4.8e12, help="memory bandwidth per GPU, B/s (H200: 4.8e12)")
    o.add_argument("--bytes-per-cell", type=float, default=32, help="bytes moved per cell update (double: 32)")
    o.add_argument("--bytes-per-value", type=int, default=8)
    o.add_argument("--t-launch", type=float, default=10e-6, help="fixed cost per step: kernel launches, s")
    o.add_argument("--alpha", type=float, default=3e-6, help="latency per message, s")
    o.add_argument("--beta", type=float, default=50e9, help="network bandwidth per GPU, B/s (InfiniBand NDR: 50e9)")
    o.add_argument("--ghost", type=int, default=1)
    o.add_argument("--no-diagonals", dest="diagonals", action="store_false",
                   help="faces only (5- and 7-point stencils); default: edges and corners too (9-, 19-, 27-point)")
    o.add_argument("--weak-box", type=int, nargs="+", default=[128, 256, 512], help="cells per axis per GPU")
    o.add_argument("--strong-n", type=int, nargs="+", default=[512, 1024, 2048], help="global cells per axis")
    o.add_argument("--no-overlap", dest="overlap", action="store_false",
                   help="halo time adds to compute (default: interior compute hides it, as the stepper overlaps them)")
    o.add_argument("--out", help="folder for model.{md,png}")
    o.add_argument("--title")
    o.set_defaults(func=cmd_model)

    a = p.parse_args(argv)
    try:
        return a.func(a) or 0
    except InputError as e:
        print("gs_post.py %s: error: %s" % (a.cmd, e), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
