# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The yardstick for the cost section of docs/insitu.md: inputs/catalyst/isosurface.py's
pipeline (the same contour, view, render, PNG and extract) run by pvbatch on field
files, without the simulation or the adaptor, timed per frame.

usage: mpiexec -n R pvbatch bare_isosurface.py RUN STEPS RESULT_JSON
  RUN: output.dir of a grayscott run with fields_NNNNNNNN.h5 at STEPS (comma-separated),
       its summary.json and insitu/settings.json (the run's in-situ view settings, written
       by dump_settings.py as its insitu.script); frames go to RUN/bare/
  RESULT_JSON: {"startup_s": the first frame, "seconds_per_frame": the mean of the others}

Each rank builds the block the adaptor would hand over on R ranks split along x
(grayscott's layout for 2 ranks in 3D): its cells plus the periodic high-side
point layer, u, v and normals_v (-grad v), as a vtkImageData with the global
whole extent. Reading the file and building the block are not timed; each
frame's time runs from handing the block to the producer to the written PNG
and extract, as the program's own per-call figure covers the call.
"""
import json
import os
import sys
import time
import types

import h5py
import numpy as np
from paraview import simple
from vtkmodules.util.numpy_support import numpy_to_vtk
from vtkmodules.vtkCommonDataModel import vtkImageData
from vtkmodules.vtkParallelCore import vtkMultiProcessController

run, steps, result = sys.argv[1], [int(s) for s in sys.argv[2].split(",")], sys.argv[3]
controller = vtkMultiProcessController.GetGlobalController()
rank, ranks = controller.GetLocalProcessId(), controller.GetNumberOfProcesses()
cfg = json.load(open(os.path.join(run, "summary.json")))["config"]
n = [int(x) for x in cfg["grid"]["n"]]
L = [float(x) for x in cfg["grid"]["L"]]
h = [L[d] / n[d] for d in range(3)]
x0 = rank * (n[0] // ranks) + min(rank, n[0] % ranks)
nx = n[0] // ranks + (1 if rank < n[0] % ranks else 0)
out = os.path.join(run, "bare")
if rank == 0:
    os.makedirs(out, exist_ok=True)
controller.Barrier()

# The settings grayscott hands over for this input, writing to RUN/bare/.
settings = json.load(open(os.path.join(run, "insitu", "settings.json")))
settings["dir"] = out
os.environ["GS_INSITU_SETTINGS"] = json.dumps(settings)


def block(step):
    with h5py.File(os.path.join(run, "fields_%08d.h5" % step), "r") as f:
        u, v = f["u"][...], f["v"][...]  # (z, y, x)
    xs = np.arange(x0 - 1, x0 + nx + 2) % n[0]  # one more cell each side for the normals
    ys, zs = np.arange(-1, n[1] + 2) % n[1], np.arange(-1, n[2] + 2) % n[2]
    u, v = u[np.ix_(zs, ys, xs)], v[np.ix_(zs, ys, xs)]
    inner = (slice(1, -1),) * 3
    grad = [-(np.roll(v, -1, axis=a) - np.roll(v, 1, axis=a))[inner] / (2 * h[d]) for d, a in ((0, 2), (1, 1), (2, 0))]
    image = vtkImageData()
    image.SetExtent(x0, x0 + nx, 0, n[1], 0, n[2])
    image.SetSpacing(*h)
    image.SetOrigin(*[0.5 * s for s in h])
    for name, values in (("u", u[inner]), ("v", v[inner]), ("normals_v", np.stack(grad, axis=-1))):
        array = numpy_to_vtk(np.ascontiguousarray(values).reshape(-1, 1 if name != "normals_v" else 3), deep=1)
        array.SetName(name)
        image.GetPointData().AddArray(array)
    image.GetPointData().SetActiveScalars("v")
    return image


script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "inputs", "catalyst", "isosurface.py")
# The script's producer holds the first block from its creation, as Catalyst's does.
first_image = block(steps[0])
make_producer = simple.TrivialProducer


def producer_with_data(**kwargs):
    proxy = make_producer(**kwargs)
    proxy.GetClientSideObject().SetOutput(first_image)
    return proxy


simple.TrivialProducer = producer_with_data
# The script finds its helpers (gs_view.py) beside itself through __file__, as Catalyst sets it.
pipeline = {"__file__": script}
exec(compile(open(script).read(), script, "exec"), pipeline)  # the same proxies, properties and extract writer

times = []
for step in steps:
    image = first_image if step == steps[0] else block(step)
    controller.Barrier()
    t0 = time.perf_counter()
    producer = pipeline["grid"]
    producer.GetClientSideObject().SetOutput(image)
    producer.MarkModified(producer)
    info = types.SimpleNamespace(time=step * float(cfg["time"]["dt"]), timestep=step)
    pipeline["catalyst_execute"](info)
    # The script's PNG extractor, which only Catalyst triggers, as a screenshot of the same view and size.
    pipeline["SaveScreenshot"](os.path.join(out, "isosurface_%06d.png" % step), pipeline["view"],
                               ImageResolution=settings["image_size"])
    controller.Barrier()
    times.append(time.perf_counter() - t0)
if rank == 0:
    with open(result, "w") as f:
        json.dump({"startup_s": times[0], "seconds_per_frame": sum(times[1:]) / max(1, len(times) - 1),
                   "frames": times}, f)
    print("bare pipeline: first frame %.3f s, then %.3f s per frame" % (times[0], sum(times[1:]) / max(1, len(times) - 1)))
