#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The shape classes with shares of gs_post.py pattern (postprocess/gspost/pattern.py, docs/patterns.md) on
fields drawn here with numpy (no run, no C++): a hexagonal-ish array of round discs is spots, its complement
holes, stripes across the box stripes, short capsules (aspect about 3) worms, rows of discs and capsules of the
same area mixed with shares near one half each, one ring or one disc single (one snake across the box not); the thresholds as options move
the class as they say; which components reach round the periodic box; 3D by size alone.

usage: /usr/bin/python3 tests/unit/test_shape_classes.py   (exit 1 on a failure)"""
import math
import os
import sys
import unittest

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "postprocess"))
from gspost import pattern  # noqa: E402


def grid(nx, ny):
    """Cell centres x, y (h = 1) of an ny x nx field."""
    return np.meshgrid(np.arange(nx) + 0.5, np.arange(ny) + 0.5, indexing="xy")


def wrapped(d, n):
    return (d + n / 2) % n - n / 2


def disc(x, y, cx, cy, r, L):
    dx, dy = wrapped(x - cx, L[0]), wrapped(y - cy, L[1])
    return dx * dx + dy * dy <= r * r


def capsule(x, y, cx, cy, r, half, angle, L):
    """A stadium: the points within r of the segment of half length `half` through (cx, cy) at `angle`."""
    dx, dy = wrapped(x - cx, L[0]), wrapped(y - cy, L[1])
    c, s = math.cos(angle), math.sin(angle)
    u, w = dx * c + dy * s, -dx * s + dy * c
    u = np.maximum(np.abs(u) - half, 0.0)
    return u * u + w * w <= r * r


def lattice(nx=128, ny=112, a=16.0, rows=8):
    """Centres of a hexagonal-ish lattice: rows every ny / rows, every other one shifted by a / 2."""
    out = []
    for j in range(rows):
        for i in range(int(nx // a)):
            out.append((j, (i + 0.5 * (j % 2) + 0.25) * a, (j + 0.5) * ny / rows))
    return out


def field(mask):
    return np.where(mask, 0.5, 0.0)


def classify(v, L=None, rules=None):
    L = L or [float(n) for n in reversed(v.shape)]
    m = pattern.measure(v, L, pattern.THETA)
    cls, reason, shares = pattern.classify(m, rules)
    return m, cls, shares, reason


class ShapeClasses(unittest.TestCase):
    L = [128.0, 112.0]

    def setUp(self):
        self.x, self.y = grid(128, 112)

    def discs(self, r=4.7):
        """Discs of radius 4.7 (about 70 cells)."""
        mask = np.zeros(self.x.shape, dtype=bool)
        for _, cx, cy in lattice():
            mask |= disc(self.x, self.y, cx, cy, r, self.L)
        return mask

    def capsules(self, r=2.5, half=5.0, which=lambda j: True):
        """Capsules 15 x 5 cells (about 70 cells, as a disc of radius 4.7), near upright, tilted by +-10 degrees."""
        mask = np.zeros(self.x.shape, dtype=bool)
        for j, cx, cy in lattice():
            if which(j):
                mask |= capsule(self.x, self.y, cx, cy, r, half, math.radians(80 + 20 * (j % 2)), self.L)
        return mask

    def test_discs_are_spots(self):
        m, cls, shares, reason = classify(field(self.discs()), self.L)
        self.assertEqual(m["components"], 64)
        self.assertLessEqual(max(m["component_sizes"]), pattern.SPOT_SIZE * m["wavelength"] ** 2)
        self.assertEqual(cls, "spots", reason)
        self.assertAlmostEqual(shares["spots"], 1.0)
        self.assertEqual((shares["worms"], shares["stripes"], shares["holes"]), (0.0, 0.0, 0.0))
        self.assertIn("100% of the on cells in spots", reason)

    def test_complement_of_discs_is_holes(self):
        m, cls, shares, reason = classify(field(~self.discs()), self.L)
        self.assertEqual((m["components"], m["holes"]), (1, 64))
        self.assertEqual(m["component_wraps"], [True])  # the sheet reaches round the box
        self.assertEqual(cls, "holes", reason)
        self.assertAlmostEqual(shares["holes"], 1.0)
        self.assertAlmostEqual(shares["stripes"], 1.0)  # the on set itself is one sheet

    def test_stripes_across_the_box(self):
        v = 0.25 + 0.2 * np.cos(2 * math.pi * self.x / 16.0 + 0.3)
        m, cls, shares, reason = classify(v, self.L)
        self.assertEqual(m["components"], 8)
        self.assertEqual(m["component_wraps"], [True] * 8)
        self.assertEqual(cls, "stripes", reason)
        self.assertAlmostEqual(shares["stripes"], 1.0)

    def test_short_stripe_across_a_small_box_is_a_stripe(self):
        # Stripes of period 16 across a 32 x 32 box: each 8 x 32 = 256 cells, 1 lambda^2, yet a stripe: it reaches
        # round the box (by size alone it would be a worm).
        x, y = grid(32, 32)
        m, cls, shares, reason = classify(0.25 + 0.2 * np.cos(2 * math.pi * x / 16.0 + 0.3), [32.0, 32.0])
        self.assertLessEqual(max(m["component_sizes"]), pattern.WORM_SIZE * m["wavelength"] ** 2)
        self.assertEqual(cls, "stripes", reason)

    def test_capsules_are_worms(self):
        m, cls, shares, reason = classify(field(self.capsules()), self.L)
        self.assertEqual(m["components"], 64)
        self.assertGreater(m["component_aspect_median"], 2.5)
        self.assertLess(m["component_aspect_median"], 3.5)
        self.assertLessEqual(max(m["component_sizes"]), pattern.WORM_SIZE * m["wavelength"] ** 2)
        self.assertEqual(cls, "worms", reason)
        self.assertAlmostEqual(shares["worms"], 1.0)
        # A rule that calls an aspect of 4 round makes them spots (they are smaller than lambda^2).
        self.assertEqual(classify(field(self.capsules()), self.L, {"round_aspect": 4.0})[1], "spots")

    def test_discs_and_capsules_are_mixed(self):
        mask = self.capsules(which=lambda j: j % 2 == 1)
        for j, cx, cy in lattice():
            if j % 2 == 0:
                mask |= disc(self.x, self.y, cx, cy, 4.7, self.L)
        m, cls, shares, reason = classify(field(mask), self.L)
        self.assertEqual(m["components"], 64)
        self.assertEqual(cls, "mixed", reason)
        self.assertAlmostEqual(shares["spots"], 0.5, delta=0.05)
        self.assertAlmostEqual(shares["worms"], 0.5, delta=0.05)
        self.assertAlmostEqual(shares["spots"] + shares["worms"] + shares["stripes"], 1.0)
        self.assertIn("none >= 60%", reason)
        self.assertIn("spots 5", reason)

    def test_dominant_share_moves_the_class(self):
        # Three rows of capsules in four (share of worms about 0.75): worms at 0.6, mixed at 0.8.
        mask = self.capsules(which=lambda j: j % 4 != 0)
        for j, cx, cy in lattice():
            if j % 4 == 0:
                mask |= disc(self.x, self.y, cx, cy, 4.7, self.L)
        m, cls, shares, reason = classify(field(mask), self.L)
        self.assertAlmostEqual(shares["worms"], 0.75, delta=0.05)
        self.assertEqual(cls, "worms", reason)
        self.assertEqual(classify(field(mask), self.L, {"dominant": 0.8})[1], "mixed")

    def test_sizes_move_the_class(self):
        # The discs (about 0.5 lambda^2) are worms when a spot may be at most 0.25 lambda^2.
        m, cls, _, _ = classify(field(self.discs()), self.L, {"spot_size": 0.25})
        self.assertEqual(cls, "worms")
        self.assertEqual(classify(field(self.discs()), self.L, {"spot_size": 0.1, "worm_size": 0.2})[1], "stripes")

    def test_one_ring_is_single(self):
        x, y = grid(128, 128)
        r2 = (x - 64) ** 2 + (y - 64) ** 2
        m, cls, shares, reason = classify(field((r2 <= 400.0) & (r2 >= 225.0)), [128.0, 128.0])
        self.assertEqual((m["components"], m["holes"], m["component_wraps"]), (1, 2, [False]))
        self.assertEqual(cls, "single", reason)
        self.assertIn("one on component", reason)

    def test_one_disc_cut_by_the_corner_is_single(self):
        x, y = grid(128, 128)
        m, cls, _, reason = classify(field(disc(x, y, 0.0, 0.0, 10.0, [128.0, 128.0])), [128.0, 128.0])
        self.assertEqual((m["components"], m["component_wraps"]), (1, [False]))
        self.assertEqual(cls, "single", reason)

    def test_one_snake_across_the_box_is_not_single(self):
        # One folded stripe that spans the box from top to bottom without reaching round it: a pattern that has
        # not filled the box yet, not a localized structure (Pearson's mu at t = 200000).
        x, y = grid(128, 128)
        snake = ((np.abs(x - 40) <= 2) | (np.abs(x - 56) <= 2)) & (y >= 4) & (y <= 120) | (
            (x >= 38) & (x <= 58) & (y >= 4) & (y <= 8))
        m, cls, _, reason = classify(field(snake), [128.0, 128.0])
        self.assertEqual((m["components"], m["component_wraps"]), (1, [False]))
        self.assertGreater(m["on_extent"], 0.9)
        self.assertNotEqual(cls, "single", reason)

    def test_uniform(self):
        for value in (0.0, 0.4):
            self.assertEqual(classify(np.full((32, 32), value))[1], "uniform")

    def test_wrapping(self):
        x, y = grid(128, 128)
        L = [128.0, 128.0]
        # Slanted stripes with wave vector (3, 4): one stripe that winds round the torus.
        m, cls, _, _ = classify(0.25 + 0.2 * np.cos(2 * math.pi * (3 * x + 4 * y) / 128.0 + 0.1), L)
        self.assertEqual((m["components"], m["component_wraps"], cls), (1, [True], "stripes"))
        # A long capsule along x, shorter than the box: no wrap; the same as long as the box: wraps.
        m, _, _, _ = classify(field(capsule(x, y, 64, 64, 3.0, 50.0, 0.0, L)), L)
        self.assertEqual(m["component_wraps"], [False])
        m, _, _, _ = classify(field(capsule(x, y, 64, 64, 3.0, 64.0, 0.0, L)), L)
        self.assertEqual(m["component_wraps"], [True])
        # A diagonal band that joins itself only at a corner across the periodic corner (8 neighbours): wraps.
        v = np.zeros((32, 32))
        for i in range(32):
            v[i, i] = 0.5
        m, cls, _, _ = classify(v, [32.0, 32.0])
        self.assertEqual((m["components"], m["component_wraps"]), (1, [True]))
        self.assertEqual(m["hole_wraps"], [True])  # the off set around it is one band too

    def test_3d_by_size(self):
        n = 48
        z, y, x = np.meshgrid(*(np.arange(n) + 0.5 for _ in range(3)), indexing="ij")
        L = [float(n)] * 3
        mask = np.zeros((n, n, n), dtype=bool)
        for cz in range(6, n, 12):
            for cy in range(6, n, 12):
                for cx in range(6, n, 12):
                    mask |= (x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2 <= 9.0
        m, cls, shares, reason = classify(field(mask), L)
        self.assertEqual((m["components"], cls), (64, "spots"), reason)
        self.assertIn("the aspect not used in 3D", reason)
        # Slabs normal to z, period 12: each 48 x 48 x 6 cells, far above 3 lambda^3: stripes.
        m, cls, shares, reason = classify(0.25 + 0.2 * np.cos(2 * math.pi * z / 12.0 + 0.2), L)
        self.assertEqual((m["components"], cls), (4, "stripes"), reason)
        # Short tubes along x (3 x 3 x 12 cells, aspect about 3.5, well under lambda^3): spots in 3D, by size.
        mask = np.zeros((n, n, n), dtype=bool)
        for cz in range(6, n, 12):
            for cy in range(6, n, 12):
                for cx in range(6, n, 24):
                    mask |= (np.abs(x - cx - 6) <= 6) & (np.abs(y - cy) <= 1.5) & (np.abs(z - cz) <= 1.5)
        m, cls, _, reason = classify(field(mask), L)
        self.assertGreater(m["component_aspect_median"], 2.5)
        self.assertEqual(cls, "spots", reason)


if __name__ == "__main__":
    unittest.main(verbosity=2)
