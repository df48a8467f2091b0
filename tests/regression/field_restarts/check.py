#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Restarts that change a field output key keep every file of each series readable.

usage: check.py GRAYSCOTT OUTDIR [--mpiexec MPIEXEC]

For each field output key (output.subsample_stride, output.box,
output.fields_precision, output.fields_compression, output.fields_every,
output.subsample_every, output.box_every), and all of them at once: a run on
1 rank to step 20 (checkpointed there), then a restart on 3 ranks to step 40
with that key changed. Then in every .xmf of the run:
- it lists exactly the files of its series on disk, in step order (those of
  the first run at its cadence, those of the restart at the new one);
- each entry describes its own file: the dataset's dimensions and precision,
  the time its file stores, and the origin and spacing of the cells that file
  holds (worked out here from the keys each part of the run had);
and ParaView (pvpython, Xdmf3 reader) reads every step's u and v with the
file's value type and the same range as h5py.
Two more cases: files of an earlier build (no 'lo' and 'stride' attributes)
stay listed as they were, and a damaged file is left out of the series with
one warning line while the restart runs on.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import h5py

N, L = [12, 10, 9], [12.0, 10.0, 9.0]
H = [a / b for a, b in zip(L, N)]
FIRST, LAST = 20, 40
BASE = ["/dev/null", "grid.dims=3", "grid.n=[12,10,9]", "grid.L=[12.0,10.0,9.0]", "grid.stencil=7", "time.dt=0.1",
        "init.type=spots", "init.count=3", "init.size=0.4", "output.every=0", "parallel.layout=[1,1,0]"]
# The first run's output keys; a case changes some of them at the restart.
KEYS = {"fields_every": "10", "subsample_every": "10", "subsample_stride": "3", "box_every": "5",
        "box": "[2.0,9.0,3.0,8.0,0.0,5.0]", "fields_precision": "same", "fields_compression": "none"}
CASES = {
    "stride": {"subsample_stride": "2"},
    "box": {"box": "[1.0,11.0,0.0,10.0,4.0,9.0]"},
    "precision": {"fields_precision": "float32"},
    "compression": {"fields_compression": "deflate"},
    "fields_every": {"fields_every": "15"},
    "subsample_every": {"subsample_every": "15"},
    "box_every": {"box_every": "15"},
    "all": {"subsample_stride": "2", "box": "[1.0,11.0,0.0,10.0,4.0,9.0]", "fields_precision": "float32",
            "fields_compression": "deflate", "fields_every": "15", "subsample_every": "4", "box_every": "15"},
    "legacy": {},   # attributes 'lo' and 'stride' removed from the first run's files
    "damaged": {},  # one of the first run's box files overwritten with text
}
DAMAGED = "fields_box_00000010.h5"
errors = []


def fail(msg):
    errors.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def run(args, ranks, out, keys, *extra):
    cmd = [args.mpiexec, "-n", str(ranks), args.grayscott] + BASE + ["output.%s=%s" % kv for kv in keys.items()]
    cmd += list(extra) + ["output.dir=" + out]
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    with open(out + ".log", "a") as f:
        f.write(" ".join(cmd) + "\n" + p.stdout + p.stderr)
    if p.returncode != 0:
        raise SystemExit("FAIL: %s exited %d: %s" % (" ".join(cmd), p.returncode, (p.stdout + p.stderr)[-600:]))
    return p.stderr


def layout(prefix, keys):
    """(lo, stride, count) per axis x, y, z of the files `prefix` writes under these keys."""
    if prefix == "fields_sub":
        k = int(keys["subsample_stride"])
        return [0] * 3, [k] * 3, [math.ceil(n / k) for n in N]
    if prefix == "fields_box":
        b = [float(x) for x in keys["box"].strip("[]").split(",")]
        cells = [[i for i in range(N[d]) if b[2 * d] <= (i + 0.5) * H[d] <= b[2 * d + 1]] for d in range(3)]
        return [c[0] for c in cells], [1] * 3, [len(c) for c in cells]
    return [0] * 3, [1] * 3, list(N)


def expected_steps(prefix, first, second):
    every = {"fields": "fields_every", "fields_sub": "subsample_every", "fields_box": "box_every"}[prefix]
    a, b = int(first[every]), int(second[every])
    return list(range(0, FIRST + 1, a)) + [s for s in range(FIRST + 1, LAST + 1) if s % b == 0]


def close(a, b):
    return all(abs(x - y) <= 1e-12 * max(1.0, abs(y)) for x, y in zip(a, b))


def numbers(text):
    return [float(x) for x in text.split()]


def check_series(name, out, prefix, first, second, skipped):
    """The .xmf against the files on disk and the keys each file was written with."""
    xmf = os.path.join(out, prefix + ".xmf")
    on_disk = sorted(f for f in os.listdir(out) if re.fullmatch(re.escape(prefix) + r"_\d{8}\.h5", f) and f not in skipped)
    want = ["%s_%08d.h5" % (prefix, s) for s in expected_steps(prefix, first, second)]
    if [f for f in on_disk] != [f for f in want if f not in skipped]:
        fail("%s: %s files on disk %s, expected %s" % (name, prefix, on_disk, want))
    grids = ET.parse(xmf).getroot().findall("./Domain/Grid/Grid")
    listed = [g.find("Attribute/DataItem").text.split(":")[0] for g in grids]
    if listed != on_disk:
        fail("%s: %s.xmf lists %s, the files on disk are %s" % (name, prefix, listed, on_disk))
    for g, h5 in zip(grids, listed):
        if h5 in skipped:  # reported above: listed though it cannot be read
            continue
        step = int(h5[len(prefix) + 1:-3])
        lo, stride, count = layout(prefix, first if step <= FIRST else second)
        where = "%s: %s.xmf, %s" % (name, prefix, h5)
        with h5py.File(os.path.join(out, h5), "r") as f:
            time = float(f.attrs["time"])
            if float(g.find("Time").get("Value")) != time:
                fail("%s: time %s, the file's is %r" % (where, g.find("Time").get("Value"), time))
            if list(f["u"].shape) != count[::-1]:
                fail("%s: the file holds %s cells, expected %s" % (where, f["u"].shape, count[::-1]))
            for a in g.findall("Attribute"):
                item, k = a.find("DataItem"), a.get("Name")
                shape, size = list(f[k].shape), f[k].dtype.itemsize
                if [int(x) for x in item.get("Dimensions").split()] != shape or int(item.get("Precision")) != size:
                    fail("%s: %s is %s with Precision %s, the dataset is %s of %d bytes" %
                         (where, k, item.get("Dimensions"), item.get("Precision"), shape, size))
            points = [int(x) for x in g.find("Topology").get("Dimensions").split()]
            if points != [c + 1 for c in f["u"].shape]:
                fail("%s: topology %s for a dataset of %s cells" % (where, points, f["u"].shape))
        origin, spacing = [numbers(d.text) for d in g.findall("Geometry/DataItem")]
        want_origin = [(lo[d] + 0.5 - 0.5 * stride[d]) * H[d] for d in (2, 1, 0)]
        want_spacing = [stride[d] * H[d] for d in (2, 1, 0)]
        if not close(origin, want_origin) or not close(spacing, want_spacing):
            fail("%s: origin %s spacing %s, expected %s %s" % (where, origin, spacing, want_origin, want_spacing))
    return xmf


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("grayscott")
    ap.add_argument("outdir")
    ap.add_argument("--mpiexec", default=os.environ.get("MPIEXEC", "mpiexec"))
    args = ap.parse_args()
    shutil.rmtree(args.outdir, ignore_errors=True)
    os.makedirs(args.outdir)
    here = os.path.dirname(os.path.abspath(__file__))
    xmfs = []
    for name, change in CASES.items():
        out = os.path.join(args.outdir, name)
        second = dict(KEYS, **change)
        run(args, 1, out, KEYS, "time.steps=%d" % FIRST, "checkpoint.every=%d" % FIRST)
        skipped = set()
        if name == "legacy":
            for f in os.listdir(out):
                if f.endswith(".h5"):
                    with h5py.File(os.path.join(out, f), "r+") as h:
                        for a in ("lo", "stride"):
                            if a in h.attrs:
                                del h.attrs[a]
        if name == "damaged":
            with open(os.path.join(out, DAMAGED), "w") as f:
                f.write("not an HDF5 file\n")
            skipped.add(DAMAGED)
        stderr = run(args, 3, out, second, "time.steps=%d" % LAST, "restart=latest")
        warnings = [l for l in stderr.splitlines() if "warning" in l and "test hook" not in l]
        if name == "damaged":
            if len(warnings) != 1 or DAMAGED not in warnings[0]:
                fail("damaged: expected one warning naming %s, stderr was: %s" % (DAMAGED, stderr.strip()))
            else:
                print(warnings[0])
        elif warnings:
            fail("%s: unexpected warnings: %s" % (name, warnings))
        for prefix in ("fields", "fields_sub", "fields_box"):
            xmfs.append(check_series(name, out, prefix, KEYS, second, skipped))
        print("%s: %s checked" % (name, ", ".join(change) or "files"))
    # ParaView reads each step's values (stdin closed: a reader that asks must not wait).
    try:
        p = subprocess.run(["pvpython", os.path.join(here, "check_paraview.py")] + xmfs, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=400)
        print("\n".join(l for l in p.stdout.splitlines() if l.startswith("ok")))
        if p.returncode != 0:
            fail("ParaView: %s" % "\n".join((p.stdout + p.stderr).strip().splitlines()[-15:]))
    except FileNotFoundError:
        fail("pvpython not found: install Debian's paraview and python3-paraview (bash cmake/quickstart.sh test does)")
    except subprocess.TimeoutExpired:
        fail("pvpython did not finish in 400 s (killed)")
    if errors:
        sys.exit("%d failure(s)" % len(errors))
    print("PASS")


if __name__ == "__main__":
    main()
