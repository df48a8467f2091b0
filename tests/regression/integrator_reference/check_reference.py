# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# A run's time integrator against a numpy model written from the published
# formulas (docs/numerics.md, sections 1-3): from the run's own step-0 field,
# the model takes the run's steps in float64 and its u and v must agree with
# the run's last field file to TOL (max abs difference).
#
# The model knows the Gray-Scott right-hand side on a periodic grid with the
# 5-, 9-, 7-, 19- and 27-point stencils (h_d = L_d / n_d), and four schemes:
#   euler  y + dt f(y)
#   rk2    Heun: y1 = y + dt f(y); (y + y1 + dt f(y1)) / 2
#   rkl2   Meyer, Balsara & Aslam (J. Comput. Phys. 257, 2014), s stages
#   rk4    classic: y + dt/6 (k1 + 2 k2 + 2 k3 + k4)
# For rkl2 with time.stages = "auto" the model picks s itself (the fewest odd
# s >= 3 whose bound (s^2 + s - 2) / 4 x dt_max holds dt, dt_max from the
# stencil's largest |lambda| at the Brillouin-zone corners) and requires the
# run's summary.json to report the same s (for a fixed count too). The run
# must also move the fields (by > 1e-3) and the reaction must matter (the model
# without u v^2 lands > 1e-6 away), so that agreement says something.
#
# usage: python3 check_reference.py RUNDIR MODEL [TOL]
#   RUNDIR  output.dir of a run with output.fields_every = time.steps
#           (fields_00000000.h5 and fields_<steps>.h5), double precision
#   MODEL   euler, rk2, rkl2 or rk4: the scheme the model steps with
# Prints one line "ok|FAIL MODEL ... max|du| ... max|dv| ..." and exits 1 on FAIL.
import itertools
import json
import os
import sys

import h5py
import numpy as np

# Stencil weights by the number of non-zero offset components (0: centre,
# 1: faces, 2: edges / 2D diagonals, 3: corners) and the divisor of h^2
# (docs/numerics.md, "Grid and stencils").
STENCILS = {
    5: (2, {0: -4.0, 1: 1.0}, 1.0),
    9: (2, {0: -20.0, 1: 4.0, 2: 1.0}, 6.0),
    7: (3, {0: -6.0, 1: 1.0}, 1.0),
    19: (3, {0: -24.0, 1: 2.0, 2: 1.0, 3: 0.0}, 6.0),
    27: (3, {0: -128.0, 1: 14.0, 2: 3.0, 3: 1.0}, 30.0),
}


def axis_of(d, dims):
    """Array axis of grid dimension d (0 = x): files are (ny, nx) / (nz, ny, nx)."""
    return dims - 1 - d


def laplacian(a, stencil, h):
    dims, weights, divisor = STENCILS[stencil]
    if stencil in (5, 7):
        # Per-axis second differences: these two accept h_d per dimension.
        out = np.zeros_like(a)
        for d in range(dims):
            ax = axis_of(d, dims)
            out += (np.roll(a, 1, axis=ax) - 2.0 * a + np.roll(a, -1, axis=ax)) / (h[d] * h[d])
        return out
    assert len(set(h)) == 1, "isotropic stencils need equal h"
    out = np.zeros_like(a)
    for s in itertools.product((-1, 0, 1), repeat=dims):
        w = weights[sum(1 for c in s if c != 0)]
        if w == 0.0:
            continue
        shifted = a
        for d, c in enumerate(s):
            if c != 0:
                shifted = np.roll(shifted, -c, axis=axis_of(d, dims))  # value at x + c h_d
        out += w * shifted
    return out / (divisor * h[0] * h[0])


def max_symbol(stencil, h):
    """Largest |lambda| over the Brillouin-zone corners, from the weights."""
    dims, weights, divisor = STENCILS[stencil]
    best = 0.0
    for corner in itertools.product((0.0, np.pi), repeat=dims):
        if stencil in (5, 7):
            lam = sum((2.0 * np.cos(corner[d]) - 2.0) / (h[d] * h[d]) for d in range(dims))
        else:
            lam = sum(weights[sum(1 for c in s if c != 0)] *
                      np.cos(sum(corner[d] * s[d] for d in range(dims)))
                      for s in itertools.product((-1, 0, 1), repeat=dims)) / (divisor * h[0] * h[0])
        best = max(best, abs(lam))
    return best


def make_rhs(stencil, h, Du, Dv, F, k):
    def f(y):
        u, v = y
        uvv = u * v * v
        return (Du * laplacian(u, stencil, h) - uvv + F * (1.0 - u),
                Dv * laplacian(v, stencil, h) + uvv - (F + k) * v)
    return f


def axpy(y, a, x):
    """y + a x, per species."""
    return tuple(yi + a * xi for yi, xi in zip(y, x))


def euler(f, y, dt):
    return axpy(y, dt, f(y))


def heun(f, y, dt):
    y1 = axpy(y, dt, f(y))
    y2 = axpy(y1, dt, f(y1))
    return tuple(0.5 * (a + b) for a, b in zip(y, y2))


def rk4(f, y, dt):
    k1 = f(y)
    k2 = f(axpy(y, dt / 2, k1))
    k3 = f(axpy(y, dt / 2, k2))
    k4 = f(axpy(y, dt, k3))
    return tuple(yi + dt / 6 * (a + 2 * b + 2 * c + d) for yi, a, b, c, d in zip(y, k1, k2, k3, k4))


def rkl2_coefficients(s):
    """mu_j, nu_j, mut_j, gamt_j for j = 1..s (index 0 unused)."""
    w1 = 4.0 / (s * s + s - 2)
    b = [1.0 / 3.0] * 3 + [(j * j + j - 2) / (2.0 * j * (j + 1)) for j in range(3, s + 1)]
    a = [1.0 - bj for bj in b]
    mu, nu, mut, gamt = [None, 1.0], [None, 0.0], [None, b[1] * w1], [None, 0.0]
    for j in range(2, s + 1):
        mu.append((2 * j - 1) / j * b[j] / b[j - 1])
        nu.append(-(j - 1) / j * b[j] / b[j - 2])
        mut.append(mu[j] * w1)
        gamt.append(-a[j - 1] * mut[j])
    return mu, nu, mut, gamt


# The s = 5 coefficients as published in the project's design notes (stages 1..5).
RKL2_S5 = {
    "mu": [1, 1.5, 2.08333, 1.89, 1.86667],
    "nu": [0, -0.5, -0.83333, -1.0125, -0.896],
    "mut": [0.047619, 0.214286, 0.297619, 0.27, 0.266667],
    "gamt": [0, -0.142857, -0.198413, -0.1575, -0.146667],
}


def rkl2(s):
    mu, nu, mut, gamt = rkl2_coefficients(s)

    def step(f, y0, dt):
        m0 = f(y0)
        prev2, prev = y0, axpy(y0, mut[1] * dt, m0)
        for j in range(2, s + 1):
            mj = f(prev)
            new = tuple(mu[j] * p1 + nu[j] * p2 + (1.0 - mu[j] - nu[j]) * z + mut[j] * dt * m + gamt[j] * dt * mz
                        for p1, p2, z, m, mz in zip(prev, prev2, y0, mj, m0))
            prev2, prev = prev, new
        return prev
    return step


def auto_stages(dt, dt_max):
    s = 3
    while dt > (s * s + s - 2) / 4.0 * dt_max:
        s += 2
    return s


def read_fields(path):
    with h5py.File(path, "r") as fh:
        assert list(fh.attrs["stride"]) == [1, 1, 1] and list(fh.attrs["lo"]) == [0, 0, 0], \
            "%s is not a whole-grid field file" % path
        return int(fh.attrs["step"]), float(fh.attrs["time"]), fh["u"][...], fh["v"][...]


def main():
    np.seterr(all="ignore")  # a model past its stability limit overflows: that shows as a NaN difference
    rundir, model = sys.argv[1], sys.argv[2]
    tol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-12
    summary = json.load(open(os.path.join(rundir, "summary.json")))
    cfg = summary["config"]
    grid, phys, tcfg = cfg["grid"], cfg["physics"], cfg["time"]
    # What the model does not know must be off.
    assert grid["precision"] == "double" and cfg["output"]["fields_precision"] == "same"
    assert phys["map"] == "none" and phys["clamp"] is False
    dims, stencil, dt, steps = grid["dims"], grid["stencil"], tcfg["dt"], tcfg["steps"]
    h = [L / n for L, n in zip(grid["L"], grid["n"])]
    Du, Dv, F, k = phys["Du"], phys["Dv"], phys["F"], phys["k"]
    assert STENCILS[stencil][0] == dims

    # The model's own coefficients against the published s = 5 vector.
    got = dict(zip(("mu", "nu", "mut", "gamt"), (c[1:] for c in rkl2_coefficients(5))))
    for name, ref in RKL2_S5.items():
        assert np.allclose(got[name], ref, rtol=0, atol=6e-6), "rkl2 %s: %s, published %s" % (name, got[name], ref)

    lam = max_symbol(stencil, h)
    dt_max = 2.0 / max(Du * lam + F, Dv * lam + F + k)
    label = "%s %dD %d-point dt=%g (%.2f x dt_max %.6g)" % (model, dims, stencil, dt, dt / dt_max, dt_max)
    if tcfg["integrator"] != model:
        label += " [the run's time.integrator: %s]" % tcfg["integrator"]
    if model == "euler":
        scheme = euler
    elif model == "rk2":
        scheme = heun
    elif model == "rk4":
        scheme = rk4
    elif model == "rkl2":
        s = auto_stages(dt, dt_max) if tcfg["stages"] == "auto" else int(tcfg["stages"])
        reported = summary["time_integration"]["stages"]
        if reported != s:
            print("FAIL %s: the run reports %s stages, the model takes %d (time.stages = %s)"
                  % (label, reported, s, tcfg["stages"]))
            sys.exit(1)
        label += " s=%d (%s)" % (s, tcfg["stages"])
        scheme = rkl2(s)
    else:
        sys.exit("unknown MODEL %s" % model)

    step0, t0, u, v = read_fields(os.path.join(rundir, "fields_00000000.h5"))
    stepn, tn, u_run, v_run = read_fields(os.path.join(rundir, "fields_%08d.h5" % steps))
    assert step0 == 0 and t0 == 0.0 and stepn == steps and abs(tn - steps * dt) <= 1e-9 * max(1.0, tn)
    f = make_rhs(stencil, h, Du, Dv, F, k)
    y = (u.astype(np.float64), v.astype(np.float64))
    for _ in range(steps):
        y = scheme(f, y, dt)
    du = float(np.max(np.abs(y[0] - u_run)))
    dv = float(np.max(np.abs(y[1] - v_run)))
    # The steps move the fields far more than TOL, and the reaction's share of
    # that move is far more than TOL too, so agreement to TOL is not agreement
    # on diffusion alone (the model without u v^2 must miss by > 1e-6).
    moved = max(float(np.max(np.abs(u_run - u))), float(np.max(np.abs(v_run - v))))
    y_lin = (u.astype(np.float64), v.astype(np.float64))

    def f_linear(y):
        uu, vv = y
        return (Du * laplacian(uu, stencil, h) + F * (1.0 - uu), Dv * laplacian(vv, stencil, h) - (F + k) * vv)
    for _ in range(steps):
        y_lin = scheme(f_linear, y_lin, dt)
    reaction = max(float(np.max(np.abs(y_lin[0] - y[0]))), float(np.max(np.abs(y_lin[1] - y[1]))))
    # Written as "not (x within bounds)" so that a NaN fails.
    why = [text for bad, text in ((not (du <= tol and dv <= tol), "differs from the model by more than %g" % tol),
                                  (not (moved > 1e-3), "the fields hardly moved"),
                                  (not (reaction > 1e-6), "the reaction hardly mattered")) if bad]
    print("%s %s ranks=%d steps=%d max|du|=%.3g max|dv|=%.3g (tol %g; fields moved %.3g, reaction's share %.3g)%s"
          % ("FAIL" if why else "ok", label, summary["ranks"], steps, du, dv, tol, moved, reaction,
             ": " + "; ".join(why) if why else ""))
    sys.exit(1 if why else 0)


if __name__ == "__main__":
    main()
