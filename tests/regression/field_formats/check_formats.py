# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# The field files of field_formats/check.sh against the uncompressed double
# run's (ref): float32 = ref rounded to float bit for bit, deflated = ref bit
# for bit, chunks and filters as documented, checkpoints unchanged.
# usage: python3 check_formats.py OUTDIR
import os
import re
import sys

import h5py
import numpy as np

out = sys.argv[1]
errors = []
steps = [0, 10, 20]


def path(run, step):
    return os.path.join(out, run, "fields_%08d.h5" % step)


def bits(a):
    return a.view(np.uint32 if a.dtype == np.float32 else np.uint64)


def xmf_precisions(run):
    return set(re.findall(r'Precision="(\d)"', open(os.path.join(out, run, "fields.xmf")).read()))


ref = {s: {k: h5py.File(path("ref", s), "r")[k][...] for k in "uv"} for s in steps}
for s in steps:
    for k in "uv":
        if ref[s][k].dtype != np.float64:
            errors.append("ref step %d %s is %s, expected float64" % (s, k, ref[s][k].dtype))

# The reference itself: its last field file holds the state of its checkpoint (written by the other path).
with h5py.File(os.path.join(out, "ref", "checkpoints", "ckpt_00000020.h5"), "r") as g:
    for k in "uv":
        if not np.array_equal(bits(ref[20][k]), bits(g[k][...])):
            errors.append("ref step 20 %s differs from the checkpoint's state" % k)

for run, dtype, deflate in [("f32", np.float32, None), ("deflate_r1", np.float64, 6), ("deflate_r2", np.float64, 6),
                            ("deflate_r3", np.float64, 6), ("f32_deflate", np.float32, 4)]:
    chunks = None
    for s in steps:
        with h5py.File(path(run, s), "r") as f:
            for k in "uv":
                d = f[k]
                want = ref[s][k].astype(dtype)  # numpy rounds double to the nearest float, as the C++ cast does
                if d.dtype != dtype:
                    errors.append("%s step %d %s: dtype %s, expected %s" % (run, s, k, d.dtype, np.dtype(dtype)))
                    continue
                if not np.array_equal(bits(d[...]), bits(want)):
                    diff = np.count_nonzero(bits(d[...]) != bits(want))
                    errors.append("%s step %d %s: %d values differ from the double run's%s" %
                                  (run, s, k, diff, " rounded to float" if dtype == np.float32 else ""))
                if deflate is None:
                    if d.chunks is not None or d.compression is not None:
                        errors.append("%s step %d %s: chunked or compressed, expected contiguous" % (run, s, k))
                else:
                    if d.compression != "gzip" or d.compression_opts != deflate or not d.shuffle:
                        errors.append("%s step %d %s: filters gzip %s shuffle %s, expected gzip %d with shuffle" %
                                      (run, s, k, d.compression_opts, d.shuffle, deflate))
                    chunks = chunks or d.chunks
                    if d.chunks != chunks:
                        errors.append("%s step %d %s: chunks %s, other steps %s" % (run, s, k, d.chunks, chunks))
            size, ref_size = os.path.getsize(path(run, s)), os.path.getsize(path("ref", s))
            if dtype == np.float32 and deflate is None and size >= ref_size * 0.55:
                errors.append("%s step %d: %d bytes, not about half the double file's %d" % (run, s, size, ref_size))
            if deflate is not None and size >= ref_size:
                errors.append("%s step %d: %d bytes, not smaller than the uncompressed %d" % (run, s, size, ref_size))
    if run.startswith("deflate"):
        # The chunks are a function of the shape alone: the same on any rank count.
        if chunks != h5py.File(path("deflate_r1", 10), "r")["v"].chunks:
            errors.append("%s: chunks %s differ from the 1-rank run's" % (run, chunks))
    want = {"4" if dtype == np.float32 else "8"}
    if xmf_precisions(run) != want:
        errors.append("%s: fields.xmf says Precision %s, expected %s" % (run, xmf_precisions(run), want))
    # Checkpoints stay exact whatever the field outputs do.
    with h5py.File(os.path.join(out, run, "checkpoints", "ckpt_00000020.h5"), "r") as f, \
            h5py.File(os.path.join(out, "ref", "checkpoints", "ckpt_00000020.h5"), "r") as g:
        for k in "uv":
            if f[k].dtype != np.float64 or f[k].compression is not None or not np.array_equal(bits(f[k][...]), bits(g[k][...])):
                errors.append("%s: checkpoint %s is not the double run's, uncompressed" % (run, k))

# summary.json: the bytes on disk of all field files, the bytes before compression, the format.
import json  # noqa: E402
for run, precision, compression, value_bytes in [("ref", "float64", "none", 8), ("f32", "float32", "none", 4),
                                                 ("deflate_r3", "float64", "deflate", 8), ("f32_deflate", "float32", "deflate", 4)]:
    entry = json.load(open(os.path.join(out, run, "summary.json")))["outputs"]["fields"]
    on_disk = sum(os.path.getsize(path(run, s)) for s in steps)
    cells = 24 * 20 * 18
    want = {"calls": 3, "bytes": on_disk, "precision": precision, "compression": compression, "cells": cells,
            "raw_bytes": 3 * 2 * value_bytes * cells, "last": path(run, 20)}
    got = {k: entry.get(k) for k in want}
    if got != want:
        errors.append("%s: summary.json outputs.fields %s, expected %s" % (run, got, want))

if errors:
    sys.exit("\n".join(errors))
print("ok: float32 = double rounded, deflate = uncompressed bit for bit on 1, 2, 3 ranks; sizes: " +
      ", ".join("%s %d" % (r, os.path.getsize(path(r, 20))) for r in ["ref", "f32", "deflate_r2", "f32_deflate"]))
