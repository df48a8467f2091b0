# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# For faults.sh: a script that needs no display (GS_TEST_VIEW unset), or one
# that makes a view the program's pre-flight check cannot see in its text
# (GS_TEST_VIEW=hidden): the script guard then fails it at load when no X
# display opens, before any render could abort the run.
import os

from paraview import catalyst
from paraview import simple

grid = simple.TrivialProducer(registrationName="grid")
options = catalyst.Options()
options.GlobalTrigger = "TimeStep"
if os.environ.get("GS_TEST_VIEW") == "hidden":
    view = getattr(simple, "Create" + "View")("RenderView")


def catalyst_execute(info):
    pass
