# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# inputs/catalyst/isosurface.py, plus a count of the contour filter's
# executions on each rank, written at the end of the run to
# GS_INSITU_DIR/contour_runs_R.txt (isosurface.sh: once per call, on any
# rank count).
import os
import sys

script = os.environ["GS_TEST_ISOSURFACE_SCRIPT"]
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))  # its gs_view.py
exec(open(script).read())

from vtkmodules.vtkParallelCore import vtkMultiProcessController  # noqa: E402

rank = vtkMultiProcessController.GetGlobalController().GetLocalProcessId()
runs = [0]
contour.GetClientSideObject().AddObserver("EndEvent", lambda obj, event: runs.__setitem__(0, runs[0] + 1))


def catalyst_finalize():
    with open(os.path.join(options.ExtractsOutputDirectory, "contour_runs_%d.txt" % rank), "w") as f:
        f.write("%d\n" % runs[0])
