#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Properties of `gs_post.py model --halo-depth T` (docs/scaling.md), no run needed:
  - T = 1 is today's model: the default output and `--halo-depth 1` equal
    model_today.md (the T = 1 tables of docs/scaling.md) byte for byte, and the
    T = 1 rows of a table over T hold the same numbers;
  - the latency paid per step falls as 1/T (one exchange per block of T steps);
  - the redundant compute of the widened levels equals a count of the cells each
    level must compute, found by dilating the owned cells level by level;
  - the GPU tiles' rim work is the 6.4% / 20% (T = 2 / 4, 32^2 tiles) of design.md;
  - with the documented H200 parameters, T = 4 at 128^3 per GPU scales better
    than T = 1 and is faster per step at 4096 GPUs;
  - a ghost width wider than the box per GPU is marked, not computed;
  - --t-wait adds its wait to every step, whatever T;
  - the messages hide behind the inner compute only: its share is that of the
    stepper's plans (shrunk by j + 1 on split axes at level j, widened as the
    level on the others); --overlap-all hides them behind all of it;
  - bad arguments: exit 2, one line on stderr naming the option, no traceback.
usage: model_check.py
"""
import itertools
import os
import subprocess
import sys
from types import SimpleNamespace

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
post = os.path.join(here, "..", "..", "..", "postprocess")
sys.path.insert(0, post)
from gspost.costs import halo_messages, inner_fraction, model_step, redundant_fraction, tile_factor  # noqa: E402

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL: " + what, file=sys.stderr)


def run(*args):
    p = subprocess.run([sys.executable, os.path.join(post, "gs_post.py"), "model"] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def rows(text, first, section="Weak"):
    """The table rows of `text` whose first cell is `first`, as lists of cells, in the
    section (### Weak or ### Strong) named."""
    out = []
    text = text.split("### " + section, 1)[-1].split("### ", 1)[0]
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("|") and cells[0] == first:
            out.append(cells)
    return out


H200 = dict(dims=3, bw_mem=4.8e12, bytes_per_cell=32, bytes_per_value=8, t_launch=10e-6, alpha=3e-6, beta=50e9,
            ghost=1, diagonals=True, overlap=True, stages=1, cache_ceiling=1.4, fused_bytes_per_cell=32, tile=32)

# T = 1 is today's model, output included.
today = open(os.path.join(here, "model_today.md")).read()
for args in ([], ["--halo-depth", "1"], ["--halo-depth", "1", "1"]):
    rc, out, err = run(*args)
    check(rc == 0 and out == today, "model %s: output differs from model_today.md (rc %d, %s)" % (" ".join(args), rc, err))
rc, over_t, err = run("--halo-depth", "1", "2", "4")
check(rc == 0, "model --halo-depth 1 2 4 exited %d: %s" % (rc, err))
for box in ("128^3", "256^3", "512^3"):
    old, new = rows(today, box), [r for r in rows(over_t, box) if r[1] == "1"]
    check(len(old) == 1 and len(new) == 1 and old[0][1:8] == new[0][2:9],
          "%s: the T = 1 row of the table over T differs from today's: %s / %s" % (box, old, new))
for grid in ("512^3", "1024^3", "2048^3"):
    old, new = rows(today, grid, "Strong"), [r for r in rows(over_t, grid, "Strong") if r[1] == "1"]
    # Today's speed-ups are rounded to integers; the table over T gives three digits of the same numbers.
    same = len(old) == 1 and len(new) == 1 and all(
        round(float(o.split()[0])) == round(float(n.split()[0])) and o.split()[1] == n.split()[1]
        for o, n in zip(old[0][1:], new[0][2:]))
    check(same, "%s: the T = 1 strong-scaling row differs from today's: %s / %s" % (grid, old, new))

# Latency per step: 26 messages once per block of T steps (Euler), from 8 GPUs on.
a = SimpleNamespace(**H200)
for box in (64, 128, 256):
    m1 = model_step([2 * box] * 3, 8, a, 1)
    for depth in (2, 4, 8):
        m = model_step([2 * box] * 3, 8, a, depth)
        check(abs(m["latency"] * depth - m1["latency"]) < 1e-15 and m["messages"] * depth == 26,
              "box %d, T = %d: latency per step %g, not %g / T" % (box, depth, m["latency"], m1["latency"]))
# RK2: today one exchange per stage (2 per step); with T > 1 one per T steps.
rk2 = SimpleNamespace(**dict(H200, stages=2))
check(abs(model_step([256] * 3, 8, rk2, 1)["latency"] - 2 * 26 * 3e-6) < 1e-15, "RK2, T = 1: not two exchanges per step")
check(abs(model_step([256] * 3, 8, rk2, 4)["latency"] - 26 * 3e-6 / 4) < 1e-15, "RK2, T = 4: not one exchange per 4 steps")
# Deep halo messages: width G on faces, G^2 on edges, G^3 on corners; the whole ghost shell when every axis is split.
sizes = halo_messages([10, 12, 14], [2, 2, 2], True, 3)
check(len(sizes) == 26 and sum(sizes) == 16 * 18 * 20 - 10 * 12 * 14, "deep halo messages do not cover the ghost shell")


def dilation_count(box, levels):
    """Cells each level must compute so that the last one yields the owned box, for a stencil
    reaching every neighbour (9- or 27-point): dilate the owned cells one level at a time."""
    need = set(itertools.product(*[range(n) for n in box]))
    total = 0
    for _ in range(levels):
        total += len(need)
        need = {tuple(c + o for c, o in zip(cell, off)) for cell in need
                for off in itertools.product((-1, 0, 1), repeat=len(box))}
    return total


for box, levels in (([4, 4], 2), ([4, 4], 3), ([5, 3], 4), ([4, 4, 4], 2), ([3, 5, 4], 3)):
    hand = dilation_count(box, levels)
    owned = 1
    for n in box:
        owned *= n
    got = redundant_fraction(box, levels)
    check(abs(got - (hand / (levels * owned) - 1)) < 1e-12,
          "box %s, %d levels: redundant fraction %g, counted %g" % (box, levels, got, hand / (levels * owned) - 1))
# The block's fraction in model_step: a 4^3 box per rank (8^3 on 8 GPUs), T = 2, no tiles.
m = model_step([8] * 3, 8, SimpleNamespace(**dict(H200, tile=0)), 2)
check(abs(m["redundant"] - (6 ** 3 + 4 ** 3) / (2 * 4 ** 3) + 1) < 1e-12, "4^3, T = 2: redundant %g, not 1.1875" % m["redundant"])
check(abs(tile_factor(32, 2, 3) - 1 - 0.0645) < 5e-4 and abs(tile_factor(32, 4, 3) - 1 - 0.201) < 5e-4,
      "32^2 tiles: rim work %g / %g, not design.md's 6.4%% / 20%%" % (tile_factor(32, 2, 3) - 1, tile_factor(32, 4, 3) - 1))
check(tile_factor(32, 1, 3) == 1 and tile_factor(0, 4, 3) == 1, "one level or no tiles: rim work is not 0")

# The documented H200 parameters: T = 4 at 128^3 per GPU beats T = 1.
r128 = {r[1]: r for r in rows(over_t, "128^3")}
check(set(r128) == {"1", "2", "4"}, "128^3: rows for T = 1, 2, 4 expected, got %s" % sorted(r128))
if set(r128) == {"1", "2", "4"}:
    check(float(r128["4"][6]) > float(r128["1"][6]), "128^3: efficiency at P = 4096 with T = 4 (%s) does not beat T = 1 (%s)"
          % (r128["4"][6], r128["1"][6]))
    check(float(r128["4"][10]) < float(r128["1"][10]), "128^3: T = 4 is not faster per step at P = 4096")
m1, m4 = model_step([128 * 16] * 3, 4096, a, 1), model_step([128 * 16] * 3, 4096, a, 4)
check(m1["t"] / m4["t"] > 1.5, "128^3 at 4096 GPUs: T = 4 only %.2fx faster than T = 1" % (m1["t"] / m4["t"]))

# A ghost width wider than the box per GPU (16^3 over 4096 GPUs: 1 cell) is marked "-".
rc, out, err = run("--halo-depth", "1", "4", "--strong-n", "16")
r16 = {r[1]: r for r in rows(out, "16^3", "Strong")}
check(rc == 0 and r16.get("4", [""])[-1] == "-" and r16.get("1", ["-"])[-1] != "-",
      "16^3 strong, T = 4: the 1-cell box per GPU at P = 4096 is not marked (rc %d): %s" % (rc, r16))

# The inner share: the inner boxes of blocking/block_plans.cpp, counted by hand for a 10x10 box.
for lay, levels, inner, total in (([2, 2], 1, 8 * 8, 100), ([2, 2], 2, 8 * 8 + 6 * 6, 12 * 12 + 100),
                                  ([2, 1], 2, 8 * 12 + 6 * 10, 12 * 12 + 100)):
    got = inner_fraction([10, 10], lay, levels)
    check(abs(got - inner / total) < 1e-12, "10x10, layout %s, %d levels: inner share %g, counted %g" % (lay, levels, got, inner / total))
hide = SimpleNamespace(**dict(H200, dims=2, tile=0, t_launch=0.0, alpha=1e-3, overlap_inner=True))
m = model_step([20, 20], 4, hide, 1)  # latency-bound: the shell's compute adds to the halo
check(abs(m["t"] - (m["halo"] + (1 - 0.64) * m["compute"])) < 1e-15, "inner overlap: t %g is not halo + shell compute" % m["t"])
m = model_step([20, 20], 4, SimpleNamespace(**dict(vars(hide), overlap_inner=False)), 1)
check(abs(m["t"] - m["halo"]) < 1e-15, "--overlap-all: t %g is not the halo alone" % m["t"])
m = model_step([20, 20], 4, SimpleNamespace(**dict(vars(hide), alpha=0.0, beta=1e30)), 1)
check(abs(m["t"] - m["compute"]) < 1e-15, "inner overlap without messages: t %g is not the compute" % m["t"])

# --t-wait: a wait per step that no halo depth removes.
for depth in (1, 4):
    plain, waited = model_step([256] * 3, 8, a, depth), model_step([256] * 3, 8, SimpleNamespace(**dict(H200, t_wait=1e-4)), depth)
    check(abs(waited["t"] - plain["t"] - 1e-4) < 1e-15, "--t-wait 1e-4, T = %d: the step grew by %g s" % (depth, waited["t"] - plain["t"]))

for args, word in ((["--halo-depth", "0"], "--halo-depth"), (["--halo-depth", "two"], "--halo-depth"),
                   (["--halo-depth"], "--halo-depth"), (["--tile", "-1"], "--tile"), (["--stages", "3"], "--stages"),
                   (["--cache-ceiling", "0"], "--cache-ceiling"), (["--fused-bytes-per-cell", "-1"], "--fused-bytes-per-cell"),
                   (["--cache-ceiling", "nan"], "--cache-ceiling"), (["--ghost", "2", "--halo-depth", "2"], "--ghost"),
                   (["--overlap-all", "--no-overlap"], "--overlap-all"), (["--t-wait", "-1"], "--t-wait")):
    rc, out, err = run(*args)
    check(rc == 2 and len(err.splitlines()) == 1 and word in err and "Traceback" not in out + err,
          "model %s: expected exit 2 and one line naming %s, got %d: %r" % (" ".join(args), word, rc, err))

if failures:
    sys.exit(1)
print("PASS: model --halo-depth: T = 1 is today's model; latency 1/T; redundant compute as counted; T = 4 beats T = 1 at 128^3")
