# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`convergence`: errors and observed orders of runs of one problem at h, h/2,
h/4, ... The levels must be comparable (same domain, final time, stencil,
integrator and physics) or the study is refused naming the key; orders outside
the asymptotic range give a warning. convergence.json is written in every case,
so a study folder always says how it ended."""
import json
import math
import os
import sys

from .common import InputError, make_folder, need_modules, num, output_folder, plt, save_figure, write_table
from .field import final_field_file, read_field
from .summary import COMPLETE, cfg, grid_of, load_summary

# Config keys every level must share (besides grid.dims and grid.L, checked as the domain).
SAME_KEYS = ("grid.stencil", "time.integrator")
SPREAD = 0.2  # successive observed orders further apart than this are not yet asymptotic
# How dt follows h from one level to the next (slurm/convergence.sh --dt-scaling): the dt ratio per halving of h.
DT_SCALINGS = {"h2": 4.0, "h": 2.0, "none": 1.0}


COMPARES = ("points", "averages")


def _check_factor(fine, factor):
    for n in fine.shape:
        if n % factor:
            raise InputError("grid of %s cells is not a multiple of the refinement factor %d" % (fine.shape, factor))


def restrict(np, fine, factor):
    """Average factor^d blocks of fine cells onto one coarse cell (exact cell averages). A cell average differs
    from the value at the cell centre by h^2/24 lap(v): compared with a run's cell values, it caps the observed
    order at 2."""
    _check_factor(fine, factor)
    shape = []
    for n in fine.shape:
        shape += [n // factor, factor]
    r = fine.reshape(shape)
    return r.mean(axis=tuple(range(1, 2 * fine.ndim, 2)))


def sample_at_centres(np, fine, factor):
    """The fine field at the coarse cell centres, by Fourier interpolation on the periodic box: a coarse centre
    lies (factor - 1) / 2 fine cells past a fine centre along each axis, so each axis is shifted by that much
    (a phase e^(2 pi i k s / n) per mode; the Nyquist mode, real, by cos(pi s)) and every factor-th value kept.
    Exact for a field resolved by the fine grid, spectrally accurate for a smooth one: no h^2 term of its own,
    so a fourth-order stencil shows order 4."""
    _check_factor(fine, factor)
    shift = (factor - 1) / 2.0
    out = np.asarray(fine, dtype=float)
    for axis, n in enumerate(fine.shape):
        if factor == 1 or n == 1:
            continue
        spectrum = np.fft.rfft(out, axis=axis)
        k = np.arange(spectrum.shape[axis], dtype=float)
        phase = np.exp(2j * np.pi * k * shift / n)
        if n % 2 == 0:
            phase[-1] = np.cos(np.pi * shift)
        shape = [1] * out.ndim
        shape[axis] = -1
        out = np.fft.irfft(spectrum * phase.reshape(shape), n=n, axis=axis)
        out = np.take(out, np.arange(0, n, factor), axis=axis)
    return out


def coarsen(np, fine, factor, compare="points"):
    """The fine field on the coarse grid, as --compare says: its values at the coarse cell centres (points) or
    block averages (averages)."""
    return sample_at_centres(np, fine, factor) if compare == "points" else restrict(np, fine, factor)


def _shared_keys(s):
    physics = cfg(s, "physics", {})
    return list(SAME_KEYS) + ["physics." + k for k in (physics if isinstance(physics, dict) else {})]


def check_comparable(runs):
    base = runs[0]
    for r in runs[1:]:
        where = r["s"]["_path"]
        if r["L"] != base["L"] or r["dims"] != base["dims"]:
            raise InputError("%s: domain %s differs from %s" % (where, r["L"], base["L"]))
        if abs(r["time"] - base["time"]) > 1e-9 * max(1.0, abs(base["time"])):
            raise InputError("%s: final time %g differs from %g" % (where, r["time"], base["time"]))
        for key in sorted(set(_shared_keys(base["s"])) | set(_shared_keys(r["s"]))):
            mine, theirs = cfg(r["s"], key, "(not set)"), cfg(base["s"], key, "(not set)")
            if mine != theirs:
                raise InputError("%s: %s = %s differs from %s in %s; the levels of a convergence study must share "
                                 "stencil, integrator and physics" % (where, key, json.dumps(mine), json.dumps(theirs),
                                                                      base["s"]["_path"]))
        ratios = {nf // nc for nf, nc in zip(r["n"], base["n"])}
        if len(ratios) != 1 or any(nf % nc for nf, nc in zip(r["n"], base["n"])):
            raise InputError("%s: grid %s is not a uniform refinement of %s" % (where, r["n"], base["n"]))


def integration_of(s):
    """(integrator, stages per step) of a run, as summary.json's time_integration records them (summary_version
    4 on: the program's integrator table, so a new integrator needs nothing here). Older summaries: the configured
    integrator, stages None (unknown)."""
    ti = s.get("time_integration")
    if isinstance(ti, dict) and isinstance(ti.get("integrator"), str):
        stages = ti.get("stages_per_step")
        return ti["integrator"], stages if isinstance(stages, int) and not isinstance(stages, bool) else None
    return cfg(s, "time.integrator", "euler"), None


def dt_scaling_of(runs):
    """The dt ratio between successive levels as a --dt-scaling name ("h2", "h", "none"), or "other"."""
    names = set()
    for coarse, fine in zip(runs, runs[1:]):
        ratio = coarse["dt"] / fine["dt"] if fine["dt"] > 0 else 0.0
        per_halving = ratio ** (1.0 / math.log2(fine["n"][0] / coarse["n"][0])) if ratio > 0 else 0.0
        names.add(next((k for k, v in DT_SCALINGS.items() if abs(per_halving - v) < 1e-9 * v), "other"))
    return names.pop() if len(names) == 1 else "other"


def load_levels(a, np):
    runs = []
    for d in a.runs:
        s = load_summary(d)
        if s["status"] not in COMPLETE:
            error = s.get("error")
            raise InputError("%s: status is '%s', not 'ok' (the run did not finish%s)"
                             % (s["_path"], s["status"], ": " + error if isinstance(error, str) else ""))
        dims, n, L = grid_of(s)
        field, _ = read_field(final_field_file(s), a.var)
        integrator, stages = integration_of(s)
        runs.append({"s": s, "n": n, "L": L, "dims": dims, "h": L[0] / n[0], "field": field,
                     "time": float(s.get("time", 0.0)), "dt": float(cfg(s, "time.dt", 0.0)),
                     "integrator": integrator, "stages": stages})
    if len(runs) < 3:
        raise InputError("need at least 3 runs (h, h/2, h/4), got %d" % len(runs))
    runs.sort(key=lambda r: r["n"][0])
    check_comparable(runs)
    return runs


def error_rows(a, np, runs):
    finest = runs[-1]
    levels = runs[:-1]
    if a.reference == "richardson":
        # Extrapolate on the second-finest grid: ref = F + (F - C) / (2^p - 1), F = restricted finest.
        second = runs[-2]
        f_on_c = coarsen(np, finest["field"], finest["n"][0] // second["n"][0], a.compare)
        ref_level = f_on_c + (f_on_c - second["field"]) / (2.0 ** a.formal_order - 1.0)
        ref_n = second["n"][0]
        levels = runs[:-2] if len(runs) >= 4 else runs[:-1]
        if len(levels) < 2:
            raise InputError("richardson needs at least 4 runs for two error levels")
    else:
        ref_level, ref_n = finest["field"], finest["n"][0]
    rows = []
    for i, r in enumerate(levels):
        if a.reference == "successive":  # difference to the next finer run: no assumed order, no reference bias
            nxt = runs[i + 1]
            ref = coarsen(np, nxt["field"], nxt["n"][0] // r["n"][0], a.compare)
        else:
            ref = coarsen(np, ref_level, ref_n // r["n"][0], a.compare)
        e = r["field"] - ref
        l2 = float(np.sqrt(np.mean(e * e)))  # cell-volume-weighted L2 norm over the periodic box / volume
        linf = float(np.max(np.abs(e)))
        rows.append([r["n"][0], r["h"], int(r["s"]["steps"]), l2, linf, None, None, r["dt"], r["integrator"],
                     r["stages"]])
    # Against the finest run, each error is about C (h^p - h_f^p): the finest run's own error makes the plain
    # ratio's order too high (16, 32, 64 against 128: 2.32 for p = 2), so the order is solved with it.
    h_ref = finest["h"] if a.reference == "finest" else None
    for i in range(1, len(rows)):
        for col, o in ((3, 5), (4, 6)):
            if rows[i][col] > 0 and rows[i - 1][col] > 0 and math.isfinite(rows[i][col] + rows[i - 1][col]):
                rows[i][o] = observed_order(rows[i - 1][col], rows[i][col], rows[i - 1][1], rows[i][1], h_ref)
    return rows


def observed_order(e_coarse, e_fine, h_coarse, h_fine, h_ref=None):
    """The order p of errors e = C h^p from two levels: log(e_c / e_f) / log(h_c / h_f). With h_ref (errors
    against a run at h_ref, itself in error by C h_ref^p) e = C (h^p - h_ref^p): p solves
    (h_c^p - h_ref^p) / (h_f^p - h_ref^p) = e_c / e_f, a ratio that grows with p from 1 (p -> -inf) without
    bound; None when the error does not shrink (e_c <= e_f), so no p fits."""
    ratio = e_coarse / e_fine
    if h_ref is None:
        return math.log(ratio) / math.log(h_coarse / h_fine)
    if ratio <= 1.0:
        return None
    la, lb = math.log(h_coarse / h_ref), math.log(h_fine / h_ref)

    def model(p):
        return la / lb if p == 0 else math.expm1(p * la) / math.expm1(p * lb)
    lo, hi = -64.0, 64.0
    if not model(lo) < ratio < model(hi):
        return None
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if model(mid) < ratio else (lo, mid)
    return 0.5 * (lo + hi)


def asymptotic_warnings(orders, expect, tolerance):
    """Why the observed L2 orders do not show the asymptotic range ([] when they do)."""
    shown = ", ".join(num(o) for o in orders)
    if any(o is None for o in orders):
        return ["an error is zero, not finite or does not shrink, so an order is undefined (orders %s)" % shown]
    out = []
    if len(orders) < 2 and expect is None:
        out.append("only one observed order (%s): add a level to see whether it is asymptotic" % shown)
    spread = [abs(b - o) for o, b in zip(orders, orders[1:])]
    if spread and max(spread) > SPREAD:
        out.append("successive orders %s differ by up to %.3g (> %g): not in the asymptotic range; refine the "
                   "ladder (larger n0) or check that dt is stable at every level" % (shown, max(spread), SPREAD))
    if expect is not None and any(abs(o - expect) > tolerance for o in orders):
        out.append("orders %s are not within %g of the expected %g" % (shown, tolerance, expect))
    return out


REFERENCE_NAMES = {"finest": "finest run", "richardson": "Richardson extrapolation", "successive": "next finer run"}
SCALING_NAMES = {"h2": "dt ~ h^2", "h": "dt ~ h", "none": "dt fixed"}


def plot_title(a, runs, scaling):
    """What the plot shows, in its title: dimensions, integrator and stages per step (per level when they differ),
    how dt followed h, the reference and the levels."""
    integrators = sorted({str(r["integrator"]) for r in runs})
    stages = [r["stages"] for r in runs]
    stage_text = ("%s stages per step" % num(stages[0]) if len(set(stages)) == 1 else
                  "%s stages per step by level" % ", ".join(num(x) for x in stages))
    return ("%dD spatial convergence of %s, n = %d to %d\n%s (%s), %s, reference: %s"
            % (runs[0]["dims"], a.var, runs[0]["n"][0], runs[-1]["n"][0], "/".join(integrators), stage_text,
               SCALING_NAMES.get(scaling, "dt ratios not a power of h"), REFERENCE_NAMES[a.reference]))


def _plot(a, rows, title):
    pyplot = plt()
    fig, ax = pyplot.subplots(figsize=(5.5, 4.5))
    hs = [r[1] for r in rows]
    ax.loglog(hs, [r[3] for r in rows], "o-", label="L2")
    ax.loglog(hs, [r[4] for r in rows], "s-", label="L$\\infty$")
    for p, style in ((1, ":"), (2, "--"), (4, "-.")):
        ax.loglog(hs, [rows[-1][3] * (h / hs[-1]) ** p for h in hs], "k" + style, lw=0.8, label="slope %d" % p)
    ax.set_xlabel("h")
    ax.set_ylabel("error in %s vs %s" % (a.var, REFERENCE_NAMES[a.reference]))
    ax.set_title(title, fontsize=9)
    ax.legend()
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    save_figure(fig, os.path.join(a.out, "convergence.png"), dpi=110, metadata={"Title": title.replace("\n", "; ")})


def write_result(out, result):
    with open(os.path.join(out, "convergence.json"), "w") as f:
        json.dump(result, f, indent=1)


def study(a):
    np = need_modules("numpy", "h5py")["numpy"]
    runs = load_levels(a, np)
    rows = error_rows(a, np, runs)
    orders = [r[5] for r in rows[1:]]
    warnings = asymptotic_warnings(orders, a.expect_order, a.tolerance)
    observed_scaling = dt_scaling_of(runs)
    scaling = a.dt_scaling or observed_scaling
    title = a.title or plot_title(a, runs, scaling)
    if a.dt_scaling and observed_scaling != a.dt_scaling:
        warnings.append("--dt-scaling %s, but the levels' dt change by another ratio (%s)"
                        % (a.dt_scaling, ", ".join("%s at n = %d" % (num(r["dt"]), r["n"][0]) for r in runs)))
    failed = a.expect_order is not None and (not orders or any(o is None or abs(o - a.expect_order) > a.tolerance
                                                               for o in orders))
    header = ["n", "h", "steps", "L2 error", "Linf error", "order L2", "order Linf", "dt", "integrator",
              "stages per step"]
    md = os.path.join(a.out, "convergence.md")
    write_table(rows, header, md, os.path.join(a.out, "convergence.csv"), lambda i, v: num(v))
    with open(md, "a") as f:
        f.write("\ndt scaling: %s (%s); reference: %s, compared at %s; finest run (n = %d): %s, %s stages per step\n"
                % (scaling, {"h2": "dt0 / 4^i, steps0 * 4^i", "h": "dt0 / 2^i, steps0 * 2^i", "none": "dt0, steps0"}.get(
                    scaling, "dt ratios not a power of h"), a.reference,
                   "the coarser cell centres" if a.compare == "points" else "block averages", runs[-1]["n"][0],
                   runs[-1]["integrator"],
                   num(runs[-1]["stages"])))
    result = {"status": "failed" if failed else "warning" if warnings else "ok", "error": None,
              "warnings": warnings, "asymptotic": not warnings, "reference": a.reference, "compare": a.compare,
              "variable": a.var, "finest_n": runs[-1]["n"][0], "expect_order": a.expect_order, "tolerance": a.tolerance,
              "dt_scaling": scaling, "dt_scaling_observed": observed_scaling, "title": title.replace("\n", "; "),
              "levels": [dict(zip(["n", "h", "steps", "l2", "linf", "order_l2", "order_linf", "dt", "integrator",
                                   "stages_per_step"], r)) for r in rows],
              "runs": [{"n": r["n"][0], "dt": r["dt"], "steps": int(r["s"]["steps"]), "integrator": r["integrator"],
                        "stages_per_step": r["stages"]} for r in runs]}
    write_result(a.out, result)
    for w in warnings:
        print("gs_post.py convergence: warning: %s" % w, file=sys.stderr)
    _plot(a, rows, title)
    with open(md) as f:
        sys.stdout.write(f.read())
    print("dt scaling %s; stages per step by level: %s" % (scaling, ", ".join(
        "n = %d: %s %s" % (r["n"][0], r["integrator"], num(r["stages"])) for r in runs)))
    print("wrote %s/convergence.{md,csv,json,png}" % a.out)
    if a.expect_order is not None:
        if failed:
            print("FAIL: observed L2 orders %s, expected %g +- %g for every refinement"
                  % (", ".join(num(o) for o in orders), a.expect_order, a.tolerance))
            return 1
        print("observed L2 orders %s: all within %g of %g" % (", ".join("%.3f" % o for o in orders), a.tolerance,
                                                               a.expect_order))
    return 0


PATTERN_COLUMNS = [("wavelength", "wavelength"), ("on_fraction", "on fraction"),
                   ("boundary_per_volume", "boundary per area"), ("euler_per_volume", "Euler per area"),
                   ("components_per_volume", "components per area")]
# What "within of the finest" reports: the counts, then the statistics per area.
WITHIN_COLUMNS = [("components", "components"), ("euler", "Euler")] + PATTERN_COLUMNS


def relative_to(x, ref):
    """|x - ref| / |ref|; 0 where both are 0, None where either is unknown or only ref is 0."""
    if x is None or ref is None:
        return None
    if ref == 0:
        return 0.0 if x == 0 else None
    return abs(x - ref) / abs(ref)


def within_of_finest(hs, differences, within):
    """The coarsest h from which this level and every finer one lie within `within` of the finest level's
    value, from each level's relative difference from it (relative_to; levels ordered coarse to fine): the
    first level of the run of agreeing levels that ends at the finest (the finest itself at least)."""
    first = len(differences) - 1
    for i in range(len(differences) - 2, -1, -1):
        if differences[i] is None or differences[i] > within:
            break
        first = i
    return hs[first]


def pattern_study(a):
    """--pattern: the pattern's statistics (gs_post.py pattern) of each level's final field against h,
    and their relative change from each level to the next finer one. Converged when every statistic of
    the two finest levels agrees within --pattern-tolerance (relative)."""
    from .pattern import measure, run_threshold
    np = need_modules("numpy", "h5py", "scipy")["numpy"]
    runs = load_levels(a, np)
    if a.threshold is None:  # the levels' own theta, which must be one
        thetas = sorted(set(run_threshold(r["s"])[0] for r in runs))
        if len(thetas) > 1:
            raise InputError("the levels measured their pattern at different thresholds (%s): give --threshold"
                             % ", ".join(num(x) for x in thetas))
        a.threshold = thetas[0]
    volume = 1.0
    for x in runs[0]["L"]:
        volume *= x
    rows, stats = [], []
    for r in runs:
        v = r["field"] if a.var == "v" else read_field(final_field_file(r["s"]), "v")[0]
        m = measure(v, r["L"], a.threshold)
        m["components_per_volume"] = m["components"] / volume
        m["h"] = r["h"]
        stats.append(m)
        rows.append([r["n"][0], r["h"], int(r["s"]["steps"]), m["components"], m["euler"]] +
                    [m[key] for key, _ in PATTERN_COLUMNS])
    changes = []  # relative change of each statistic from level i to level i + 1
    for m0, m1 in zip(stats, stats[1:]):
        row = {}
        for key, _ in PATTERN_COLUMNS:
            x0, x1 = m0[key], m1[key]
            row[key] = (None if x0 is None or x1 is None else
                        abs(x1 - x0) / max(abs(x1), 1e-300) if (x0, x1) != (0, 0) else 0.0)
        changes.append(row)
    last = changes[-1]
    unconverged = [name for key, name in PATTERN_COLUMNS if last[key] is None or last[key] > a.pattern_tolerance]
    warnings = []
    if unconverged:
        warnings.append("%s of the two finest levels differ by more than %g (relative): not converged; add a finer "
                        "level" % (", ".join(unconverged), a.pattern_tolerance))
    hs = [m["h"] for m in stats]
    from_finest = [{key: relative_to(m[key], stats[-1][key]) for key, _ in WITHIN_COLUMNS} for m in stats]
    within = {key: within_of_finest(hs, [d[key] for d in from_finest], a.pattern_within) for key, _ in WITHIN_COLUMNS}
    header = ["n", "h", "steps", "components", "Euler"] + [name for _, name in PATTERN_COLUMNS]
    md = os.path.join(a.out, "convergence.md")
    write_table(rows, header, md, os.path.join(a.out, "convergence.csv"), lambda i, v: num(v))
    with open(md, "a") as f:
        f.write("\nRelative change to the next finer level (threshold v >= %s; per area: per unit %s):\n\n"
                % (a.threshold, "area" if runs[0]["dims"] == 2 else "volume"))
        f.write("| n -> 2n | " + " | ".join(name for _, name in PATTERN_COLUMNS) + " |\n")
        f.write("|" + "---|" * (len(PATTERN_COLUMNS) + 1) + "\n")
        for r, ch in zip(runs, changes):
            f.write("| %d | %s |\n" % (r["n"][0], " | ".join(num(ch[key], 3) for key, _ in PATTERN_COLUMNS)))
        f.write("\n%s (tolerance %g)\n" % ("converged" if not unconverged else "not converged: " + ", ".join(unconverged),
                                          a.pattern_tolerance))
        f.write("\nRelative difference from the finest level (n = %d):\n\n" % runs[-1]["n"][0])
        f.write("| n | " + " | ".join(name for _, name in WITHIN_COLUMNS) + " |\n")
        f.write("|" + "---|" * (len(WITHIN_COLUMNS) + 1) + "\n")
        for r, d in zip(runs, from_finest):
            f.write("| %d | %s |\n" % (r["n"][0], " | ".join(num(d[key], 3) for key, _ in WITHIN_COLUMNS)))
        f.write("\nWithin %s %% of the finest level's value from h = (this level and every finer one): %s\n"
                % (num(100 * a.pattern_within), ", ".join("%s %s" % (name, num(within[key]) if within[key] != hs[-1]
                                                                      else "%s (the finest only)" % num(hs[-1]))
                                                          for key, name in WITHIN_COLUMNS)))
    result = {"status": "warning" if warnings else "ok", "error": None, "warnings": warnings,
              "pattern": True, "converged": not unconverged, "pattern_tolerance": a.pattern_tolerance,
              "threshold": a.threshold, "finest_n": runs[-1]["n"][0],
              "levels": [dict(zip(["n", "h", "steps", "components", "euler"] + [key for key, _ in PATTERN_COLUMNS], r))
                         for r in rows],
              "relative_change": [dict(n=r["n"][0], **ch) for r, ch in zip(runs, changes)],
              "pattern_within": a.pattern_within,
              "relative_to_finest": [dict(n=r["n"][0], **d) for r, d in zip(runs, from_finest)],
              "within_from_h": within}
    write_result(a.out, result)
    for w in warnings:
        print("gs_post.py convergence: warning: %s" % w, file=sys.stderr)
    pyplot = plt()
    fig, axes = pyplot.subplots(1, len(PATTERN_COLUMNS), figsize=(3.2 * len(PATTERN_COLUMNS), 3.4))
    for ax, (i, (key, name)) in zip(axes, enumerate(PATTERN_COLUMNS)):
        ax.semilogx(hs, [float("nan") if r[5 + i] is None else r[5 + i] for r in rows], "o-")
        ax.set_xlabel("h")
        ax.set_title(name, fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
    fig.suptitle(a.title or "pattern statistics against h, finest n = %d" % runs[-1]["n"][0])
    fig.tight_layout()
    save_figure(fig, os.path.join(a.out, "convergence.png"), dpi=110)
    with open(md) as f:
        sys.stdout.write(f.read())
    print("wrote %s/convergence.{md,csv,json,png}" % a.out)
    return 0


def cmd_convergence(a):
    output_folder(a.out)
    make_folder(a.out)
    try:
        return pattern_study(a) if a.pattern else study(a)
    except InputError as e:
        # The study ends with a result file either way: a collect job's folder says why there are no orders.
        write_result(a.out, {"status": "error", "error": str(e), "warnings": [], "asymptotic": None,
                             "reference": a.reference, "variable": a.var, "levels": []})
        raise
