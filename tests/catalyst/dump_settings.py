# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""A Catalyst script that writes the view settings grayscott hands to the ready
scripts (GS_INSITU_SETTINGS, config/insitu_view.hpp) to output.dir/insitu/settings.json
at every call, so that bare_isosurface.py can run isosurface.py outside grayscott
with exactly the settings of a run of the same input."""
import json
import os

from paraview import catalyst  # noqa: F401  (a Catalyst script imports it)
from vtkmodules.vtkParallelCore import vtkMultiProcessController

settings = json.loads(os.environ["GS_INSITU_SETTINGS"])


def catalyst_execute(info):
    if vtkMultiProcessController.GetGlobalController().GetLocalProcessId() == 0:
        with open(os.path.join(settings["dir"], "settings.json"), "w") as f:
            json.dump(settings, f)
