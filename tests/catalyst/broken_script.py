# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# A Catalyst script that fails on purpose, for the error-reporting tests
# (errors.sh, faults.sh). GS_TEST_BREAK chooses how:
#   import      a NameError while the script loads;
#   import1     the same, on rank 1 only;
#   import_each a ValueError at load on every rank, its text naming the rank;
#   execute     a ValueError in catalyst_execute at the first in-situ step;
#   rank1       a ValueError in catalyst_execute on rank 1 only, at step 10
#               (rank 0 would go on to render: the call must still end on both);
#   exit        sys.exit(3) in catalyst_execute;
#   write       renders one PNG per call; at step 10 rank 0 puts a file where
#               the in-situ folder was, so the image cannot be written;
#   png         the same, but rank 0 puts a folder where step 10's image goes;
#   third       renders one PNG per call; a ValueError in catalyst_execute at
#               the third call, on every rank (before its PNG);
#   rmdir       at step 10 rank 0 removes output.dir (the in-situ folder's
#               parent), as a user's rm -rf during the run would;
#   once        writes a file of its own (no extractor) at the first call only:
#               the scripts stop writing, which the program must notice;
#   finalize    a ValueError in catalyst_finalize (at the end of the run);
#   finalize1   the same, on rank 1 only;
#   vtklog      fails nothing; VTK logs an error and a warning at every call;
#   subnormal   fails unless the call runs with IEEE subnormals (the solver
#               flushes them to zero; ParaView and Python must not).
import os
import shutil
import sys

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403
from vtkmodules.vtkCommonCore import vtkLogger
from vtkmodules.vtkParallelCore import vtkMultiProcessController

mode = os.environ.get("GS_TEST_BREAK", "execute")
rank = vtkMultiProcessController.GetGlobalController().GetLocalProcessId()
folder = os.environ.get("GS_INSITU_DIR", "insitu")

grid = TrivialProducer(registrationName="grid")
options = catalyst.Options()
options.GlobalTrigger = "TimeStep"
options.ExtractsOutputDirectory = folder

if mode == "import" or (mode == "import1" and rank == 1):
    undefined_name_at_import  # noqa: F821
if mode == "import_each":
    raise ValueError("deliberate failure at load on rank %d" % rank)

if mode in ("rank1", "write", "png", "third"):
    # A collective pipeline after catalyst_execute: an image of the grid's outline.
    view = CreateView("RenderView")
    view.ViewSize = [200, 150]
    Show(Outline(Input=grid), view)
    png = CreateExtractor("PNG", view, registrationName="image")
    png.Trigger = "TimeStep"
    png.Writer.FileName = "broken_{timestep:06d}.png"
    png.Writer.ImageResolution = [200, 150]


calls = 0


def catalyst_execute(info):
    global calls
    calls += 1
    if mode == "third" and calls == 3:
        raise ValueError("deliberate failure at the third call (step %d)" % info.timestep)
    if mode == "execute":
        raise ValueError("deliberate failure at step %d" % info.timestep)
    if mode == "subnormal" and not (5e-324 * 1.0 > 0.0 and 2.2250738585072014e-308 / 2.0 > 0.0):
        raise FloatingPointError("subnormal numbers are flushed to zero inside the in-situ call")
    if mode == "vtklog":
        from vtkmodules.vtkIOXML import vtkXMLImageDataReader
        reader = vtkXMLImageDataReader()  # an error: no such file
        reader.SetFileName(os.path.join(folder, "no_such_file.vti"))
        reader.Update()
        vtkLogger.Log(vtkLogger.VERBOSITY_WARNING, __file__, 0, "deliberate warning at step %d" % info.timestep)
    if mode == "exit":
        sys.exit(3)
    if mode == "rmdir" and rank == 0 and info.timestep >= 10:
        shutil.rmtree(os.path.dirname(os.path.abspath(folder)))
    if mode == "once" and rank == 0 and calls == 1:
        with open(os.path.join(folder, "once_%06d.txt" % info.timestep), "w") as f:
            f.write("written at the first call only\n")
    if mode == "rank1" and rank == 1 and info.timestep >= 10:
        raise ValueError("deliberate failure on rank 1 at step %d" % info.timestep)
    if mode == "write" and rank == 0 and info.timestep >= 10 and os.path.isdir(folder):
        shutil.rmtree(folder)
        open(folder, "w").close()
    if mode == "png" and rank == 0 and info.timestep >= 10:
        os.makedirs(os.path.join(folder, "broken_%06d.png" % info.timestep), exist_ok=True)


def catalyst_finalize():
    if mode == "finalize" or (mode == "finalize1" and rank == 1):
        raise ValueError("deliberate failure in catalyst_finalize on rank %d" % rank)
