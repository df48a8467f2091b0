# script-version: 2
# A Catalyst script with a Python error, for the error-reporting test:
# GS_TEST_BREAK=import fails while the script loads, anything else fails in
# catalyst_execute at the first in-situ step.
import os

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403

grid = TrivialProducer(registrationName="grid")
options = catalyst.Options()
options.GlobalTrigger = "TimeStep"

if os.environ.get("GS_TEST_BREAK") == "import":
    undefined_name_at_import  # noqa: F821


def catalyst_execute(info):
    raise ValueError("deliberate failure at step %d" % info.timestep)
