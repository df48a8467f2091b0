# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# A Catalyst script that takes the fields and draws nothing (no X display
# needed), for the summary schema test's in-situ run.
from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403

grid = TrivialProducer(registrationName="grid")
options = catalyst.Options()
options.GlobalTrigger = "TimeStep"


def catalyst_execute(info):
    pass
