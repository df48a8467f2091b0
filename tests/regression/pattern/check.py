#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""pattern.csv and summary.json's pattern from real runs.

usage: check.py GRAYSCOTT OUTDIR INPUT_2D INPUT_3D [--mpiexec MPIEXEC]

For a 2D and a 3D input (pattern-3d.toml here: the 7-point stencil, whose own
halo exchange has no corners):
- pattern.csv has a header and one row per progress line, in step order, and
  each line's chi= is that row's Euler characteristic;
- the derived columns follow from the counts (fraction, boundary, Euler);
- summary.json's pattern is the last row, value for value;
- 1 rank and 3 ranks write the same file, byte for byte;
- a restart from a checkpoint before the end (as after a crash past it)
  leaves the file byte for byte that of the uninterrupted run: the rows
  before the checkpoint kept, no duplicates; so does a run continued with
  restart=latest and a larger time.steps;
- output.pattern_threshold = "off" writes no file, no chi= and a null pattern,
  and a fixed threshold is the theta of every row;
- gs_post.py pattern, an independent count after the run (scipy), gives the
  last row's Euler characteristic, fraction and boundary from the last field file,
  at the run's own theta read from its summary.json (no --threshold given).
"""
import argparse
import csv
import json
import math
import os
import re
import shutil
import subprocess
import sys

LINE = re.compile(r"^step (\d+)/\d+  .*\]  chi=(-?\d+)  [0-9.e+-]+ steps/s")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def run(args, ranks, out, *overrides):
    cmd = [args.mpiexec, "-n", str(ranks), args.grayscott] + list(overrides) + ["output.dir=" + out]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    with open(out + ".log", "w") as f:
        f.write(p.stdout + p.stderr)
    if p.returncode != 0:
        raise SystemExit("FAIL: %s exited %d: %s" % (" ".join(cmd), p.returncode, (p.stdout + p.stderr)[-600:]))
    return p.stdout


def rows_of(out):
    with open(os.path.join(out, "pattern.csv"), newline="") as f:
        return list(csv.DictReader(f))


def check_run(name, out, stdout, dims):
    """Rows against the progress lines, the counts and the summary."""
    rows = rows_of(out)
    lines = [LINE.match(l) for l in stdout.splitlines() if l.startswith("step ")]
    if not rows or None in lines:
        fail("%s: %d rows, progress lines without chi=: %s" % (name, len(rows), [l for l in stdout.splitlines() if l.startswith("step ") and not LINE.match(l)][:2]))
        return rows
    steps = [int(r["step"]) for r in rows]
    if steps != sorted(set(steps)):
        fail("%s: rows not one per step in order: %s" % (name, steps))
    # A restart prints the lines from its first step; the rows before are the earlier run's.
    from_step = int(lines[0].group(1))
    if [(int(m.group(1)), int(m.group(2))) for m in lines] != [(int(r["step"]), int(r["euler_characteristic"])) for r in rows if int(r["step"]) >= from_step]:
        fail("%s: progress lines (step, chi) %s differ from pattern.csv %s"
             % (name, [(m.group(1), m.group(2)) for m in lines][:5], [(r["step"], r["euler_characteristic"]) for r in rows][:5]))
    summary = json.load(open(os.path.join(out, "summary.json")))
    cfg = summary["config"]
    n = cfg["grid"]["n"]
    L = cfg["grid"]["L"]
    h = [L[d] / n[d] for d in range(dims)]
    total = math.prod(n[:dims])
    for r in rows:
        c = {k: int(v) for k, v in r.items() if k in ("on_cells", "vertices") or k.startswith(("edges_", "faces_"))}
        if dims == 2:
            euler = c["vertices"] - c["edges_x"] - c["edges_y"] + c["on_cells"]
            bx, by = 2 * c["edges_x"] - 2 * c["on_cells"], 2 * c["edges_y"] - 2 * c["on_cells"]
            boundary, density = bx + by, (bx * h[0] + by * h[1]) / (total * h[0] * h[1])
            fraction, density_name, boundary_name = float(r["area_fraction"]), "boundary_length_per_area", "boundary_edges"
        else:
            euler = c["vertices"] - sum(c["edges_" + a] for a in "xyz") + sum(c["faces_" + a] for a in "xyz") - c["on_cells"]
            b = [2 * c["faces_" + a] - 2 * c["on_cells"] for a in "xyz"]
            boundary = sum(b)
            density = (b[0] * h[1] * h[2] + b[1] * h[0] * h[2] + b[2] * h[0] * h[1]) / (total * h[0] * h[1] * h[2])
            fraction, density_name, boundary_name = float(r["volume_fraction"]), "surface_area_per_volume", "boundary_faces"
        if int(r["euler_characteristic"]) != euler or int(r[boundary_name]) != boundary:
            fail("%s step %s: Euler %s / boundary %s, the counts give %d / %d" % (name, r["step"], r["euler_characteristic"], r[boundary_name], euler, boundary))
        if fraction != c["on_cells"] / total or not math.isclose(float(r[density_name]), density, rel_tol=1e-12):
            fail("%s step %s: fraction or boundary density differ from the counts" % (name, r["step"]))
        if c["on_cells"] == 0 and r is rows[-1]:
            fail("%s: nothing is on at the last step; the run shows no pattern to measure" % name)
    last = {k: (float(v) if k in ("t", "theta") or "fraction" in k or "per_" in k else int(v)) for k, v in rows[-1].items()}
    if summary.get("pattern") != last:
        fail("%s: summary.json pattern %s is not the last row %s" % (name, summary.get("pattern"), last))
    if summary["steps"] != int(rows[-1]["step"]):
        fail("%s: the last row is step %s, the run ended at %s" % (name, rows[-1]["step"], summary["steps"]))
    return rows


def post_agrees(args, out, last, dims, name):
    """gs_post.py pattern (scipy's components, docs/patterns.md) on the last
    field file gives the same Euler characteristic, fraction and boundary."""
    here = os.path.dirname(os.path.abspath(__file__))
    post = os.path.join(here, "..", "..", "..", "postprocess", "gs_post.py")
    # No --threshold: the run's own theta, from its summary.json (the 2D case sets 0.2, not the default 0.25).
    p = subprocess.run([sys.executable, post, "pattern", out], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        fail("%s: gs_post.py pattern failed: %s" % (name, (p.stdout + p.stderr)[-400:]))
        return
    got = json.load(open(os.path.join(out, "pattern.json")))
    if got["threshold"] != float(last["theta"]) or got.get("threshold_source") != "run":
        fail("%s: gs_post.py pattern measured at theta %r (%s), the run at %s"
             % (name, got["threshold"], got.get("threshold_source"), last["theta"]))
    fraction = "area_fraction" if dims == 2 else "volume_fraction"
    density = "boundary_length_per_area" if dims == 2 else "surface_area_per_volume"
    if (got["euler"] != int(last["euler_characteristic"]) or got["on_fraction"] != float(last[fraction])
            or not math.isclose(got["boundary_per_volume"], float(last[density]), rel_tol=1e-12)):
        fail("%s: after the run, gs_post.py pattern gives chi %s, fraction %r, boundary %r; the run's last row %s, %s, %s"
             % (name, got["euler"], got["on_fraction"], got["boundary_per_volume"], last["euler_characteristic"],
                last[fraction], last[density]))
    else:
        print("%s: gs_post.py pattern agrees with the last row (chi %d, %d components)" % (name, got["euler"], got["components"]))
    # Given one checkpoint file, it finds the run's summary.json one folder up.
    folder = os.path.join(out, "checkpoints")
    last_ckpt = sorted(f for f in os.listdir(folder) if f.endswith(".h5"))[-1]
    one = os.path.join(out, "pattern_of_checkpoint.json")
    p = subprocess.run([sys.executable, post, "pattern", os.path.join(folder, last_ckpt), "-o", one], capture_output=True, text=True, timeout=300)
    got = json.load(open(one)) if p.returncode == 0 else {}
    if (got.get("threshold"), got.get("threshold_source"), got.get("euler")) != (float(last["theta"]), "run", int(last["euler_characteristic"])):
        fail("%s: gs_post.py pattern %s gave theta %r (%s), chi %r; the run's %s, %s: %s"
             % (name, last_ckpt, got.get("threshold"), got.get("threshold_source"), got.get("euler"), last["theta"],
                last["euler_characteristic"], (p.stdout + p.stderr)[-300:]))


def same_file(a, b, what):
    pa, pb = os.path.join(a, "pattern.csv"), os.path.join(b, "pattern.csv")
    if open(pa, "rb").read() != open(pb, "rb").read():
        fail("%s: %s and %s differ" % (what, pa, pb))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("grayscott")
    ap.add_argument("outdir")
    ap.add_argument("input_2d")
    ap.add_argument("input_3d")
    ap.add_argument("--mpiexec", default=os.environ.get("MPIEXEC", "mpiexec"))
    args = ap.parse_args()
    shutil.rmtree(args.outdir, ignore_errors=True)
    os.makedirs(args.outdir)
    o = lambda name: os.path.join(args.outdir, name)
    cases = [("2d", 2, [args.input_2d, "time.steps=300", "output.log_every=30", "output.every=0", "output.pattern_threshold=0.2"]),
             ("3d", 3, [args.input_3d])]
    for name, dims, base in cases:
        full = run(args, 1, o(name + "_r1"), *base, "checkpoint.every=60", "checkpoint.keep=10", "output.fields_every=60")
        rows = check_run(name + " 1 rank", o(name + "_r1"), full, dims)
        post_agrees(args, o(name + "_r1"), rows[-1], dims, name)
        print("%s: %d rows, chi %s, last %s" % (name, len(rows), [r["euler_characteristic"] for r in rows],
                                               {k: rows[-1][k] for k in list(rows[-1])[3:6]}))
        if len({r["euler_characteristic"] for r in rows}) < 2:
            fail("%s: the Euler characteristic never changes; the test needs a pattern that evolves" % name)
        three = run(args, 3, o(name + "_r3"), *base)
        check_run(name + " 3 ranks", o(name + "_r3"), three, dims)
        same_file(o(name + "_r1"), o(name + "_r3"), name + ": 1 and 3 ranks")
        # A crash after step 60's checkpoint: the rows up to the end are in
        # the file; the restart from step 60 must drop and rewrite them.
        crashed = o(name + "_crash")
        shutil.copytree(o(name + "_r1"), crashed)
        os.remove(os.path.join(crashed, "summary.json"))
        ckpt = sorted(f for f in os.listdir(os.path.join(crashed, "checkpoints")) if f.endswith(".h5"))[0]
        before = open(os.path.join(crashed, "pattern.csv"), "rb").read()
        redo = run(args, 2, crashed, *base, "checkpoint.every=60", "checkpoint.keep=10",
                   "restart=" + os.path.join(crashed, "checkpoints", ckpt))
        check_run(name + " restarted", crashed, redo, dims)
        same_file(o(name + "_r1"), crashed, name + ": restart from " + ckpt)
        if open(os.path.join(crashed, "pattern.csv"), "rb").read() != before:
            fail("%s: the restart changed pattern.csv" % name)
        # Continued: run to step 60, then restart=latest to the end.
        part = o(name + "_continued")
        run(args, 1, part, *base, "checkpoint.every=60", "time.steps=60")
        rest = run(args, 3, part, *base, "restart=latest")
        check_run(name + " continued", part, rest, dims)
        same_file(o(name + "_r1"), part, name + ": run to 60 then restart=latest")
    # Off, and a fixed threshold.
    off = run(args, 1, o("off"), args.input_2d, "time.steps=40", "output.every=0", "output.pattern_threshold=off")
    if os.path.exists(o("off/pattern.csv")) or "chi=" in off or json.load(open(o("off/summary.json")))["pattern"] is not None:
        fail("output.pattern_threshold = \"off\" still measured the pattern")
    run(args, 1, o("fixed"), args.input_2d, "time.steps=40", "output.every=0", "output.pattern_threshold=0.125")
    if {r["theta"] for r in rows_of(o("fixed"))} != {"0.125"}:
        fail("a fixed output.pattern_threshold = 0.125 is not every row's theta")
    if failures:
        sys.exit(1)
    print("PASS")


if __name__ == "__main__":
    main()
