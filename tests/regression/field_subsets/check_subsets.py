# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The files of field_subsets/check.sh against the full field files of the same
# run: fields_sub = every k-th cell, fields_box = the cells named (worked out
# here from the box, independently of the program), at their cadence, the same
# on every rank count; summary.json has an entry per output.
# usage: python3 check_subsets.py OUTDIR
import json
import math
import os
import sys

import h5py
import numpy as np

out = sys.argv[1]
errors = []
n, L = [24, 20, 18], [24.0, 10.0, 18.0]
h = [a / b for a, b in zip(L, n)]


def cells_in(lo, hi, d):
    """The cells i whose centre (i + 1/2) h lies in [lo, hi], as a slice."""
    inside = [i for i in range(n[d]) if lo <= (i + 0.5) * h[d] <= hi]
    return slice(inside[0], inside[-1] + 1)


def read(run, prefix, step, k):
    with h5py.File(os.path.join(out, run, "%s_%08d.h5" % (prefix, step)), "r") as f:
        return f[k][...]


box = [cells_in(2.0, 9.5, 0), cells_in(1.2, 6.0, 1), cells_in(0.0, 5.0, 2)]
cases = {  # run: (slices of the (z, y, x) array for the box output, sub-sampling stride, float32)
    "box_r1": ((box[2], box[1], box[0]), 3, False),
    "box_r3": ((box[2], box[1], box[0]), 3, False),
    "box_deflate_r3": ((box[2], box[1], box[0]), 3, True),
    "mid_x_r3": ((slice(None), slice(None), slice(12, 13)), 3, False),
    "mid_z_r2": ((slice(9, 10), slice(None), slice(None)), 5, False),
}
for run, (sel, k, f32) in cases.items():
    files = sorted(os.listdir(os.path.join(out, run)))
    for prefix, steps in [("fields", [0, 10, 20]), ("fields_sub", [0, 10, 20]), ("fields_box", [0, 5, 10, 15, 20])]:
        got = [int(f[len(prefix) + 1:-3]) for f in files if f.startswith(prefix + "_") and f[len(prefix) + 1:-3].isdigit()]
        if got != steps:
            errors.append("%s: %s files at steps %s, expected %s" % (run, prefix, got, steps))
    for step in [0, 10, 20]:
        for c in "uv":
            full = read(run, "fields", step, c)
            want_sub = full[::k, ::k, ::k]
            want_box = full[sel]
            if f32:
                want_sub, want_box = want_sub.astype(np.float32), want_box.astype(np.float32)
            sub, bx = read(run, "fields_sub", step, c), read(run, "fields_box", step, c)
            if sub.shape != want_sub.shape or sub.dtype != want_sub.dtype or not np.array_equal(sub, want_sub):
                errors.append("%s step %d %s: fields_sub %s %s is not every %d-th cell %s" % (run, step, c, sub.shape, sub.dtype, k, want_sub.shape))
            if bx.shape != want_box.shape or bx.dtype != want_box.dtype or not np.array_equal(bx, want_box):
                errors.append("%s step %d %s: fields_box %s %s is not the cells %s %s" % (run, step, c, bx.shape, bx.dtype, sel, want_box.shape))
    summary = json.load(open(os.path.join(out, run, "summary.json")))["outputs"]
    for prefix, calls, cells in [("fields_sub", 3, math.prod(math.ceil(a / k) for a in n)), ("fields_box", 5, int(np.empty(n[::-1])[sel].size))]:
        e = summary.get(prefix, {})
        on_disk = sum(os.path.getsize(os.path.join(out, run, f)) for f in files if f.startswith(prefix + "_"))
        if (e.get("calls"), e.get("cells"), e.get("bytes")) != (calls, cells, on_disk):
            errors.append("%s: summary %s calls %s cells %s bytes %s, expected %d, %d, %d" % (run, prefix, e.get("calls"), e.get("cells"), e.get("bytes"), calls, cells, on_disk))
# Several entries of output.box: each its own files, named by its plane or
# its place in the list, holding its cells, with its own summary entry.
planes = {"fields_box_mid_x": (slice(None), slice(None), slice(12, 13)),
          "fields_box_mid_y": (slice(None), slice(10, 11), slice(None)),
          "fields_box_mid_z": (slice(9, 10), slice(None), slice(None)),
          "fields_box_4": (box[2], box[1], box[0])}
files = sorted(os.listdir(os.path.join(out, "planes_r3")))
series = sorted(f[:-4] for f in files if f.startswith("fields_box") and f.endswith(".xmf"))
if series != sorted(planes):
    errors.append("planes_r3: series %s, expected %s" % (series, sorted(planes)))
summary = json.load(open(os.path.join(out, "planes_r3", "summary.json")))["outputs"]
for prefix, sel in planes.items():
    for step in [0, 5, 10, 15, 20]:
        for c in "uv":
            if step % 10 == 0:  # against the full field of the same run
                want = read("planes_r3", "fields", step, c)[sel]
            elif prefix == "fields_box_4":  # against the one-box run on 1 rank
                want = read("box_r1", "fields_box", step, c)
            else:
                continue
            got = read("planes_r3", prefix, step, c)
            if got.shape != want.shape or not np.array_equal(got, want):
                errors.append("planes_r3 step %d %s: %s %s is not the cells %s %s" % (step, c, prefix, got.shape, sel, want.shape))
    e = summary.get(prefix, {})
    on_disk = sum(os.path.getsize(os.path.join(out, "planes_r3", f)) for f in files if f.startswith(prefix + "_") and f[len(prefix) + 1:-3].isdigit())
    if (e.get("calls"), e.get("cells"), e.get("bytes"), e.get("compression")) != (5, int(np.empty(n[::-1])[sel].size), on_disk, "deflate"):
        errors.append("planes_r3: summary %s is %s, expected 5 calls, %d cells, %d bytes, deflate" % (prefix, e, np.empty(n[::-1])[sel].size, on_disk))
# The same bits whatever the rank count.
for prefix, step in [("fields_box", 15), ("fields_sub", 20)]:
    for c in "uv":
        if not np.array_equal(read("box_r1", prefix, step, c), read("box_r3", prefix, step, c)):
            errors.append("%s step %d %s: 1 and 3 ranks differ" % (prefix, step, c))
if errors:
    sys.exit("\n".join(errors))
print("ok: fields_sub every k-th cell, fields_box the box's and mid-planes' cells, several boxes each its own series, 1 rank = 3 ranks")
