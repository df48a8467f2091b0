#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The dynamics verdict of gs_post.py pattern (postprocess/gspost/dynamics.py; the rules of docs/patterns.md,
the same as the program's) on pattern.csv series made by hand, no run and no C++:
  a v_mean series sin(2 pi t / 200) every 10 -> oscillating, period 200 +- 5 (and in time units when dt != 1);
  constant with zero rates (or a few cells flickering across theta) -> steady; white noise or a random walk
  with large churn -> chaotic; a periodic mean with the whole on set replaced each period -> chaotic;
  monotonic growth with gained >> lost -> evolving; the last on_cells 0 (or all) -> decayed, before steady;
  too few rows or missing columns -> null, with a reason naming output.dynamics_window and output.pattern_every.
The helper change_rate() on two hand-made fields: a sinusoid moved by s cells gives the RMS change
A sqrt(2) |sin(pi s h / P)| / tau; a square wave moved by s cells gains and loses s cells per stripe edge and row.
Then the command line: "dynamics" beside "class" in pattern.json; --dynamics required without a verdict
exits 1 with one line naming what is needed and writes nothing.

usage: /usr/bin/python3 tests/unit/test_dynamics.py   (exit 1 on a failure)"""
import csv
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "postprocess"))
from gspost import dynamics  # noqa: E402

TOTAL = 128 * 128
COLUMNS = ["step", "t", "theta", "euler_characteristic", "area_fraction", "on_cells", "v_mean", "change_window",
           "v_change_rate", "cells_gained", "cells_lost"]


def series(v_mean, rate, gained, lost, on, last_step=2000, every=10, dt=1.0, tau=10.0):
    """pattern.csv rows every `every` steps from 0 to last_step; the functions take the row's time t; the first
    row has no measure (NaN, -1) as the program writes it."""
    rows = []
    for step in range(0, last_step + 1, every):
        t = step * dt
        first = step == 0
        rows.append({"step": step, "t": t, "on_cells": on(t), "v_mean": v_mean(t),
                     "change_window": math.nan if first else tau, "v_change_rate": math.nan if first else rate(t),
                     "cells_gained": -1 if first else gained(t), "cells_lost": -1 if first else lost(t)})
    return rows


def sine(period):
    return series(lambda t: 0.2 + 0.01 * math.sin(2 * math.pi * t / period),
                  lambda t: 0.01 * 2 * math.pi / period * abs(math.cos(2 * math.pi * t / period)),
                  lambda t: 30, lambda t: 30, lambda t: 4000 + int(300 * math.sin(2 * math.pi * t / period)))


class Verdict(unittest.TestCase):
    def test_sine_is_oscillating_with_its_period(self):
        d = dynamics.verdict(sine(200.0), TOTAL)
        self.assertEqual(d["verdict"], "oscillating", d["reason"])
        self.assertAlmostEqual(d["period"], 200.0, delta=5.0)
        self.assertGreaterEqual(d["autocorrelation_peak"], dynamics.RHO_PERIODIC)
        self.assertEqual(d["span"], [1000.0, 2000.0])
        self.assertEqual(d["rows"], 101)
        self.assertEqual(d["interval"], 10.0)

    def test_period_in_time_units(self):
        # Rows every 10 steps of dt = 0.5: the interval is 5 time units; sin(2 pi t / 100) has period 100 +- 2.5.
        # A last row at a step off the interval (a run's last step) is left out of the even series.
        rows = series(lambda t: 0.2 + 0.01 * math.sin(2 * math.pi * t / 100.0), lambda t: 1e-3, lambda t: 5,
                      lambda t: 5, lambda t: 4000, last_step=4000, dt=0.5)
        rows.append(dict(rows[-1], step=4005, t=2002.5))
        d = dynamics.verdict(rows, TOTAL)
        self.assertEqual(d["verdict"], "oscillating", d["reason"])
        self.assertEqual(d["interval"], 5.0)
        self.assertAlmostEqual(d["period"], 100.0, delta=2.5)

    def test_columns_as_lists(self):
        rows = sine(200.0)
        columns = {k: [r[k] for r in rows] for k in rows[0]}
        self.assertEqual(dynamics.verdict(columns, TOTAL)["verdict"], "oscillating")

    def test_constant_is_steady(self):
        d = dynamics.verdict(series(lambda t: 0.2, lambda t: 0.0, lambda t: 0, lambda t: 0, lambda t: 4000), TOTAL)
        self.assertEqual(d["verdict"], "steady", d["reason"])
        self.assertIsNone(d["period"])
        self.assertEqual(d["median_change_rate"], 0.0)
        self.assertEqual(d["median_churn"], 0.0)

    def test_steady_reads_the_rate_alone(self):
        # A frozen lattice keeps a few cells at theta that flicker across it: crossings do not break steady.
        rows = series(lambda t: 0.2, lambda t: 1e-8, lambda t: 3, lambda t: 3, lambda t: 4000)
        self.assertEqual(dynamics.verdict(rows, TOTAL)["verdict"], "steady")
        # One rate above R_STEADY in the last quarter of the span does.
        rows = series(lambda t: 0.2, lambda t: 0.0, lambda t: 0, lambda t: 0, lambda t: 4000)
        rows[-3]["v_change_rate"] = 2 * dynamics.R_STEADY
        self.assertNotEqual(dynamics.verdict(rows, TOTAL)["verdict"], "steady")
        # Before the last quarter of the span it does not matter.
        rows = series(lambda t: 0.2, lambda t: 0.0, lambda t: 0, lambda t: 0, lambda t: 4000)
        rows[-40]["v_change_rate"] = 1.0
        self.assertEqual(dynamics.verdict(rows, TOTAL)["verdict"], "steady")

    def test_periodic_mean_with_the_on_set_replaced_is_chaotic(self):
        # The mean of v repeats every 200, but 2 * 300 / 4000 / 10 = 0.015 of the on set is replaced per time unit:
        # 3 on sets per period (>= CHURN_PER_PERIOD): chaotic, no period. At 0.0045 (0.9 per period): oscillating.
        for swapped, want in ((300, "chaotic"), (90, "oscillating")):
            rows = series(lambda t: 0.2 + 0.01 * math.sin(2 * math.pi * t / 200.0), lambda t: 1e-3,
                          lambda t: swapped, lambda t: swapped, lambda t: 4000)
            d = dynamics.verdict(rows, TOTAL)
            self.assertEqual(d["verdict"], want, d["reason"])
            self.assertGreaterEqual(d["autocorrelation_peak"], dynamics.RHO_PERIODIC)
            if want == "chaotic":
                self.assertIsNone(d["period"])
                self.assertIn("replaced per period", d["reason"])
            else:
                self.assertAlmostEqual(d["period"], 200.0, delta=5.0)

    def test_noise_with_churn_is_chaotic(self):
        rng = random.Random(3)
        noise = {t: rng.gauss(0.0, 1.0) for t in range(0, 2001, 10)}
        # 2 min(500, 480) / 5000 / 10 = 0.0192 of the on set replaced per time unit.
        d = dynamics.verdict(series(lambda t: 0.2 + 1e-3 * noise[int(t)], lambda t: 1e-3, lambda t: 500,
                                    lambda t: 480, lambda t: 5000), TOTAL)
        self.assertEqual(d["verdict"], "chaotic", d["reason"])
        self.assertAlmostEqual(d["median_churn"], 0.0192)
        self.assertLess(d["autocorrelation_peak"], dynamics.RHO_PERIODIC)
        walk, x = {}, 0.0
        for t in range(0, 2001, 10):
            x += rng.gauss(0.0, 1.0)
            walk[t] = x
        d = dynamics.verdict(series(lambda t: 0.2 + 1e-4 * walk[int(t)], lambda t: 1e-3, lambda t: 500,
                                    lambda t: 480, lambda t: 5000), TOTAL)
        self.assertEqual(d["verdict"], "chaotic", d["reason"])

    def test_growth_is_evolving(self):
        # The on set grows: 40 cells gained, 1 lost per window: churn 2 * 1 / on / 10, about 4e-5.
        d = dynamics.verdict(series(lambda t: 0.1 + 0.05 * (1 - math.exp(-t / 3000.0)),
                                    lambda t: 0.05 / 3000.0 * math.exp(-t / 3000.0), lambda t: 40, lambda t: 1,
                                    lambda t: 2000 + int(4 * t)), TOTAL)
        self.assertEqual(d["verdict"], "evolving", d["reason"])
        self.assertLess(d["median_churn"], dynamics.CHURN_CHAOTIC)
        self.assertIsNone(d["period"])

    def test_churn_threshold(self):
        # Just at CHURN_CHAOTIC: chaotic; just below: evolving (on 5000, tau 10: 25 cells is 1e-3).
        for swapped, want in ((25, "chaotic"), (24, "evolving")):
            d = dynamics.verdict(series(lambda t: 0.2 + 1e-4 * t, lambda t: 1e-3, lambda t: swapped,
                                        lambda t: swapped, lambda t: 5000), TOTAL)
            self.assertEqual(d["verdict"], want, d["reason"])

    def test_empty_or_full_is_decayed(self):
        # The rates are zero too: decayed comes before steady.
        rows = series(lambda t: 0.0, lambda t: 0.0, lambda t: 0, lambda t: 0, lambda t: 0 if t > 500 else 100)
        d = dynamics.verdict(rows, TOTAL)
        self.assertEqual(d["verdict"], "decayed", d["reason"])
        rows = series(lambda t: 0.4, lambda t: 0.0, lambda t: 0, lambda t: 0, lambda t: TOTAL)
        self.assertEqual(dynamics.verdict(rows, TOTAL)["verdict"], "decayed")

    def test_too_few_rows_is_null(self):
        rows = series(lambda t: 0.2, lambda t: 0.0, lambda t: 0, lambda t: 0, lambda t: 0, last_step=2000, every=100)
        d = dynamics.verdict(rows, TOTAL)  # 11 rows from t = 1000: fewer than 16, decayed or not
        self.assertIsNone(d["verdict"])
        self.assertEqual(d["rows"], 11)
        self.assertIn("16 needed", d["reason"])
        self.assertIn("output.dynamics_window", d["reason"])
        self.assertIn("output.pattern_every <= 62 steps", d["reason"])  # 2000 / 32
        self.assertEqual(dynamics.verdict([], TOTAL)["verdict"], None)

    def test_missing_columns_is_null(self):
        rows = [{"step": s, "t": float(s), "on_cells": 10} for s in range(0, 2001, 10)]
        d = dynamics.verdict(rows, TOTAL)
        self.assertIsNone(d["verdict"])
        self.assertIn("v_change_rate", d["reason"])
        self.assertIn("output.pattern_every", d["reason"])

    def test_unmeasured_rows_are_not_counted(self):
        rows = sine(200.0)
        for r in rows[150:]:
            r.update(v_change_rate=math.nan, change_window=math.nan, cells_gained=-1, cells_lost=-1)
        d = dynamics.verdict(rows, TOTAL)
        self.assertEqual(d["rows"], 50)


class ChangeRate(unittest.TestCase):
    def test_translating_sinusoid(self):
        import numpy as np
        n, h, P, A, tau = 256, 0.5, 16.0, 0.2, 10.0  # 8 periods across the 128-long box
        x = (np.arange(n) + 0.5) * h
        for s in (1, 2, 5):  # cells moved per window: speed c = s h / tau
            v0 = np.tile(0.25 + A * np.cos(2 * math.pi * x / P), (32, 1))
            v1 = np.tile(0.25 + A * np.cos(2 * math.pi * (x - s * h) / P), (32, 1))
            got = dynamics.change_rate(v0, v1, tau, 0.25)
            want = A * math.sqrt(2) * abs(math.sin(math.pi * s * h / P)) / tau
            self.assertAlmostEqual(got["v_change_rate"], want, delta=1e-12 * want)
            self.assertEqual(got["cells_gained"], got["cells_lost"])

    def test_square_wave_crossings(self):
        import numpy as np
        v0 = np.zeros((20, 64))
        for start in range(0, 64, 16):
            v0[:, start:start + 8] = 0.5  # 4 stripes 8 wide
        v1 = np.roll(v0, 3, axis=1)
        got = dynamics.change_rate(v0, v1, 2.0, 0.25)
        self.assertEqual((got["cells_gained"], got["cells_lost"]), (3 * 20 * 4, 3 * 20 * 4))
        self.assertAlmostEqual(got["v_change_rate"], 0.5 * math.sqrt(2 * 3 * 4 / 64.0) / 2.0)
        # The churn of that row: 2 * 240 / 640 on cells / tau 2.
        row = {"on_cells": int((v1 >= 0.25).sum()), "change_window": 2.0, **got}
        self.assertAlmostEqual(2 * min(row["cells_gained"], row["cells_lost"]) / row["on_cells"] / row["change_window"],
                               0.375)


class CommandLine(unittest.TestCase):
    """gs_post.py pattern on a folder with two field files and a pattern.csv."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="test_dynamics_")
        self.run_dir = os.path.join(self.dir, "run")
        os.makedirs(self.run_dir)
        import h5py
        import numpy as np
        x = np.arange(64) + 0.5
        for step in (1900, 2000):
            v = np.tile(np.where(np.cos(2 * math.pi * (x - step / 100.0) / 16.0) > 0, 0.5, 0.0), (64, 1))
            with h5py.File(os.path.join(self.run_dir, "fields_%08d.h5" % step), "w") as f:
                f["u"] = 1 - v
                f["v"] = v
                f.attrs["step"] = step
                f.attrs["time"] = float(step)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write_csv(self, rows, columns):
        with open(os.path.join(self.run_dir, "pattern.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(columns)
            for r in rows:
                w.writerow(["nan" if isinstance(r.get(c), float) and math.isnan(r[c]) else r.get(c, 0)
                            for c in columns])

    def post(self, *args):
        return subprocess.run([sys.executable, os.path.join(ROOT, "postprocess", "gs_post.py"), "pattern",
                               self.run_dir] + list(args), capture_output=True, text=True)

    def result(self):
        with open(os.path.join(self.run_dir, "pattern.json")) as f:
            return json.load(f)

    def text(self):
        with open(os.path.join(self.run_dir, "pattern.json")) as f:
            return f.read()

    def test_verdict_in_the_json(self):
        self.write_csv(sine(200.0), COLUMNS)
        p = self.post("--dynamics", "required")
        self.assertEqual(p.returncode, 0, p.stderr)
        r = self.result()
        self.assertEqual(r["class"], "stripes")
        self.assertEqual(r["dynamics"]["verdict"], "oscillating")
        self.assertAlmostEqual(r["dynamics"]["period"], 200.0, delta=5.0)
        for key in ("reason", "median_change_rate", "median_churn", "span", "rows", "autocorrelation_peak"):
            self.assertIn(key, r["dynamics"])
        self.assertIn("dynamics                oscillating", p.stdout)

    def test_without_the_columns(self):
        old = [c for c in COLUMNS if c not in dynamics.COLUMNS]
        self.write_csv(sine(200.0), old)
        p = self.post()
        self.assertEqual(p.returncode, 0, p.stderr)
        d = self.result()["dynamics"]
        self.assertIsNone(d["verdict"])
        self.assertIn("output.dynamics_window = 10", d["reason"])
        self.assertIn("output.pattern_every <= 62 steps", d["reason"])
        # Required: one line naming what is needed, exit 1, the JSON not written over.
        before = self.text()
        p = self.post("--dynamics", "required")
        lines = p.stderr.strip().splitlines()
        self.assertEqual((p.returncode, len(lines)), (1, 1), p.stderr)
        self.assertIn("output.dynamics_window", lines[0])
        self.assertIn("--dynamics required", lines[0])
        self.assertEqual(self.text(), before)
        # And with -o elsewhere: not created.
        other = os.path.join(self.dir, "other.json")
        p = self.post("--dynamics", "required", "-o", other)
        self.assertEqual(p.returncode, 1)
        self.assertFalse(os.path.exists(other))

    def test_too_few_rows_required(self):
        self.write_csv(sine(200.0)[::10], COLUMNS)  # 21 rows, 10 of them in the second half
        p = self.post("--dynamics", "required")
        self.assertEqual(p.returncode, 1)
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        self.assertIn("16 needed", p.stderr)

    def test_bad_option_values(self):
        for args, needle in ((["--dynamics", "maybe"], "--dynamics"),
                             (["--change-limit", "0.002"], "--change-limit was removed"),
                             (["--dominant-share", "0.4"], "--dominant-share"),
                             (["--round-aspect", "x"], "--round-aspect"),
                             (["--spot-size", "2", "--worm-size", "1"], "--worm-size")):
            p = self.post(*args)
            lines = p.stderr.strip().splitlines()
            self.assertEqual((p.returncode, len(lines)), (2, 1), (args, p.stderr))
            self.assertIn(needle, lines[0])


if __name__ == "__main__":
    unittest.main(verbosity=2)
