# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The dynamics verdict of a run: steady, oscillating, chaotic, evolving or decayed, from the rows of its
pattern.csv (docs/patterns.md, "Dynamics"). The same rules, constants and order as the program's
src/physics/dynamics.cpp (the shared spec): a change made here is made there.

verdict(rows, total_cells) takes plain Python values (a list of row dicts, or a dict of column lists) so
that it can be tested on series made by hand; read_pattern_csv() reads a run's file into such rows.
change_rate() gives the measures of one row (v_change_rate, cells_gained, cells_lost) from two fields.
No numpy: the rules are a few sums over at most some thousands of rows."""
import csv
import math
import os

from .common import InputError

MIN_ROWS = 16          # measured rows needed in the judged span: fewer cannot show a period of n//3 rows
R_STEADY = 1e-6        # v per time unit: below this v no longer moves (round-off of a settled state)
RHO_PERIODIC = 0.6     # autocorrelation peak at or above this: the series repeats itself (a period)
CHURN_CHAOTIC = 1e-3   # share of the on set replaced per time unit at or above this: restless, chaotic
CHURN_PER_PERIOD = 1.0  # a periodic mean with at least the whole on set replaced each period: chaotic (the mean
                        # comes back, the pattern does not: Pearson's beta and epsilon)
COLUMNS = ("v_mean", "change_window", "v_change_rate", "cells_gained", "cells_lost")
NEEDED = ("step", "t", "on_cells") + COLUMNS
VERDICTS = ("steady", "oscillating", "chaotic", "evolving", "decayed")


def needed_text(last_step=None):
    """What a run needs for a verdict, one line."""
    every = max(1, int(last_step) // (2 * MIN_ROWS)) if last_step else None
    return ("run with output.dynamics_window = 10 and output.pattern_every <= %s steps (at least %d measured rows "
            "in the second half of the run)" % (every if every else "time.steps / %d" % (2 * MIN_ROWS), MIN_ROWS))


def _num(x):
    """A float of a csv cell or a number; NaN for an empty or unreadable one."""
    if x is None:
        return math.nan
    try:
        return float(x)
    except (TypeError, ValueError):
        return math.nan


def _rows_of(rows):
    """A list of row dicts from a list of dicts or a dict of equally long column lists."""
    if isinstance(rows, dict):
        names = list(rows)
        n = len(rows[names[0]]) if names else 0
        return [{k: rows[k][i] for k in names} for i in range(n)]
    return list(rows)


def _median(xs):
    s = sorted(xs)
    n = len(s)
    if n == 0:
        return None
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def interval_of(rows):
    """(steps, time) between rows: the most common step difference of consecutive rows (the smallest of equally
    common ones), and its time: the median t difference of the consecutive pairs with that step difference."""
    diffs = {}
    for a, b in zip(rows, rows[1:]):
        d = int(b["step"]) - int(a["step"])
        if d > 0:
            diffs.setdefault(d, []).append(b["t"] - a["t"])
    if not diffs:
        return None, None
    steps = max(sorted(diffs), key=lambda d: len(diffs[d]))
    return steps, _median(diffs[steps])


def autocorrelation(x, top):
    """rho(m) = sum x[i] x[i+m] / sum x^2 (biased) for m = 0 .. top; x already has its mean/line removed."""
    s2 = sum(a * a for a in x)
    return [sum(x[i] * x[i + m] for i in range(len(x) - m)) / s2 for m in range(top + 1)]


def detrended(y):
    """y minus its least-squares line over the index."""
    n = len(y)
    mi = (n - 1) / 2.0
    my = sum(y) / n
    sxx = sum((i - mi) ** 2 for i in range(n))
    slope = sum((i - mi) * (v - my) for i, v in enumerate(y)) / sxx if sxx > 0 else 0.0
    return [v - my - slope * (i - mi) for i, v in enumerate(y)]


def periodicity(values):
    """(m_p, rho_p, refined m) of rule 4 for an evenly spaced series, or (None, None, None) when it has no
    variation or no lag with rho < 0 in 1 .. n//3. The peak is sought in 1 .. n//3; the parabola's right
    neighbour may be lag n//3 + 1 (as the program's periodic_peak)."""
    n = len(values)
    if n < 4:
        return None, None, None
    x = detrended(values)
    mean = sum(x) / n
    if math.sqrt(sum((a - mean) ** 2 for a in x) / n) == 0.0:
        return None, None, None
    top = n // 3
    rho = autocorrelation(x, min(top + 1, n - 1))
    first = next((m for m in range(1, top + 1) if rho[m] < 0), None)
    if first is None:
        return None, None, None
    m_p = max(range(first, top + 1), key=lambda m: rho[m])  # the first of equal maxima
    refined = float(m_p)
    if m_p + 1 < len(rho):
        a, b, c = rho[m_p - 1], rho[m_p], rho[m_p + 1]
        denom = a - 2 * b + c
        if denom < 0:  # a maximum: the vertex of the parabola lies within half a lag of m_p
            refined = m_p + 0.5 * (a - c) / denom
    return m_p, rho[m_p], refined


def verdict(rows, total_cells):
    """The dynamics verdict of pattern.csv rows (dicts with step, t, on_cells, v_mean, change_window,
    v_change_rate, cells_gained, cells_lost; or a dict of such columns), total_cells the cells of the grid.
    Returns {"verdict", "period", "reason", "median_change_rate", "median_churn", "span", "rows",
    "autocorrelation_peak", "interval"} (the names of the program's summary.json dynamics, and the interval)."""
    rows = [{k: _num(v) for k, v in r.items()} for r in _rows_of(rows)]
    out = {"verdict": None, "period": None, "reason": "", "median_change_rate": None, "median_churn": None,
           "span": None, "rows": 0, "autocorrelation_peak": None, "interval": None}
    if not rows:
        out["reason"] = "pattern.csv has no rows: " + needed_text()
        return out
    missing = [c for c in NEEDED if c not in rows[0]]
    if missing:
        out["reason"] = "pattern.csv has no %s column%s: %s" % (", ".join(missing), "s" if len(missing) > 1 else "",
                                                                needed_text(rows[-1].get("step")))
        return out
    t_last = rows[-1]["t"]
    span = [r for r in rows if math.isfinite(r["v_change_rate"]) and r["t"] >= t_last / 2]
    out["rows"] = len(span)
    if span:
        out["span"] = [span[0]["t"], span[-1]["t"]]
    # 1. enough rows.
    if len(span) < MIN_ROWS:
        out["reason"] = ("%d measured rows from t = %s to %s, %d needed: %s"
                         % (len(span), "%g" % (t_last / 2), "%g" % t_last, MIN_ROWS, needed_text(rows[-1]["step"])))
        return out
    rates = [r["v_change_rate"] for r in span]
    churn = [2.0 * min(r["cells_gained"], r["cells_lost"]) / max(r["on_cells"], 1.0) / r["change_window"]
             for r in span if r["change_window"] > 0]
    out["median_change_rate"] = _median(rates)
    out["median_churn"] = _median(churn)
    # 2. decayed: the last row's on set is empty or everything.
    last_on = rows[-1]["on_cells"]
    if last_on == 0 or last_on == total_cells:
        out.update(verdict="decayed", reason="the last row (t = %g) has %s on cells of %d"
                   % (t_last, "no" if last_on == 0 else "all", total_cells))
        return out
    # 3. steady: the last quarter (at least 4 rows) of the span with v all but still. Cells crossing theta do not
    # count: a frozen lattice keeps a few cells at theta that flicker across it.
    tail = span[-max(4, len(span) // 4):]
    if all(r["v_change_rate"] <= R_STEADY for r in tail):
        out.update(verdict="steady", reason="the last %d rows (t >= %g): v changes at most %g per time unit (<= %g)"
                   % (len(tail), tail[0]["t"], max(r["v_change_rate"] for r in tail), R_STEADY))
        return out
    median_churn = out["median_churn"] if out["median_churn"] is not None else 0.0
    # 4. oscillating: a peak of the autocorrelation of v_mean (its line removed) past its first negative lag; but
    # chaotic where at least the whole on set is replaced each period.
    steps, dt_rows = interval_of(span)
    if steps:
        out["interval"] = dt_rows
        even = [r["v_mean"] for r in span if int(r["step"]) % steps == 0]
        m_p, rho_p, refined = periodicity(even)
        out["autocorrelation_peak"] = rho_p
        if rho_p is not None and rho_p >= RHO_PERIODIC:
            period = refined * dt_rows
            repeats = "v_mean repeats every %.4g time units (autocorrelation %.3f >= %g at lag %d of %d rows %g apart)" % (
                period, rho_p, RHO_PERIODIC, m_p, len(even), dt_rows)
            if median_churn * period < CHURN_PER_PERIOD:
                out.update(verdict="oscillating", period=period, reason=repeats)
            else:
                out.update(verdict="chaotic", reason="%s, but %.3g of the on set is replaced per period (>= %g)"
                           % (repeats, median_churn * period, CHURN_PER_PERIOD))
            return out
    # 5. chaotic or evolving by the churn of the on set.
    peak = out["autocorrelation_peak"]
    rho_text = "" if peak is None else ", autocorrelation peak %.3f < %g" % (peak, RHO_PERIODIC)
    if median_churn >= CHURN_CHAOTIC:
        out.update(verdict="chaotic", reason="%.3g of the on set replaced per time unit (median, >= %g)%s"
                   % (median_churn, CHURN_CHAOTIC, rho_text))
    else:
        out.update(verdict="evolving", reason="v changes at %.3g per time unit (median), %.3g of the on set replaced "
                   "per time unit (< %g)%s" % (out["median_change_rate"], median_churn, CHURN_CHAOTIC, rho_text))
    return out


def read_pattern_csv(path):
    """(header names, rows as dicts of floats) of a run's pattern.csv."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            rows = [{k: _num(v) for k, v in r.items() if k is not None} for r in reader]
            names = list(reader.fieldnames or [])
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise InputError("%s: cannot read (%s)" % (path, getattr(e, "strerror", None) or e))
    return names, rows


def of_run(run_dir, total_cells, last_step=None):
    """The "dynamics" of a run folder: verdict() of its pattern.csv, or a null verdict saying what is needed
    (last_step: the run's last step where known, for the interval to name)."""
    path = os.path.join(run_dir, "pattern.csv")
    if not os.path.isfile(path):
        out = verdict([], total_cells)
        out["reason"] = "%s: no such file (the run measured no pattern): %s" % (path, needed_text(last_step))
        return out
    names, rows = read_pattern_csv(path)
    if rows and not all(c in names for c in NEEDED):
        missing = [c for c in NEEDED if c not in names]
        out = verdict([], total_cells)
        out["reason"] = "%s has no dynamics columns (%s): %s" % (path, ", ".join(missing),
                                                                 needed_text(rows[-1].get("step")))
        return out
    return verdict(rows, total_cells)


def change_rate(v_then, v_now, tau, theta):
    """The measures of one row from two fields tau apart (numpy arrays): v_change_rate = RMS over the cells of
    v_now - v_then, over tau; cells_gained: v_then < theta <= v_now; cells_lost: v_now < theta <= v_then."""
    import numpy as np
    d = np.asarray(v_now, dtype=float) - np.asarray(v_then, dtype=float)
    on_then, on_now = np.asarray(v_then) >= theta, np.asarray(v_now) >= theta
    return {"v_change_rate": float(np.sqrt(np.mean(d * d))) / tau,
            "cells_gained": int((on_now & ~on_then).sum()), "cells_lost": int((on_then & ~on_now).sum())}
