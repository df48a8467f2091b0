# script-version: 2
# Catalyst Live (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2):
# a ParaView GUI can connect to the running simulation and show the grid and
# the isosurfaces of v at the insitu.iso values as they are computed. Nothing
# is written. With no GUI listening the run goes on: each in-situ call tries
# the connection once and carries on.
#
# In the GUI: Catalyst > Connect (port 22222 by default), then click the eye
# next to `grid` or `isosurface` in the Pipeline Browser. docs/insitu.md has
# the steps for a cluster (SSH tunnel).
#
# grayscott sets GS_INSITU_ISO (comma-separated iso values of v).
# Optional: GS_INSITU_LIVE_URL=host:port of the GUI (default localhost:22222).
import os

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403

iso = [float(x) for x in os.environ.get("GS_INSITU_ISO", "0.25").split(",")]

grid = TrivialProducer(registrationName="grid")
contour = Contour(registrationName="isosurface", Input=grid)
contour.ContourBy = ["POINTS", "v"]
contour.Isosurfaces = iso
contour.ComputeNormals = 1

options = catalyst.Options()
options.GlobalTrigger = "TimeStep"
options.GlobalTrigger.Frequency = 1
options.EnableCatalystLive = 1
options.CatalystLiveTrigger = "TimeStep"
options.CatalystLiveTrigger.Frequency = 1
options.CatalystLiveURL = os.environ.get("GS_INSITU_LIVE_URL", "localhost:22222")


def catalyst_execute(info):
    # Live sends what the pipeline holds; nothing else (no extractor, no view)
    # updates the contour, so without this a client would get an empty one.
    contour.UpdatePipeline(info.time)
