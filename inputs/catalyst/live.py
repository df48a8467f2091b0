# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# Catalyst Live (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2):
# a ParaView GUI can connect to the running simulation and show the grid and
# the isosurfaces of v at the insitu.iso values as they are computed. Nothing
# is written. With no GUI listening the run goes on: each in-situ call tries
# the connection once and carries on; rank 0 says once, at load, when
# nothing listens there.
#
# In the GUI: Catalyst > Connect (port 22222 by default), then click the eye
# next to `grid` or `isosurface` in the Pipeline Browser. docs/insitu.md has
# the steps for a cluster (SSH tunnel).
#
# grayscott sets GS_INSITU_ISO (comma-separated iso values of v).
# Optional: GS_INSITU_LIVE_URL=host:port of the GUI (default localhost:22222).
import os
import socket
import sys

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403
from vtkmodules.vtkParallelCore import vtkMultiProcessController

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


def listening_here(port):
    """Whether a socket of this host listens on `port` for loopback clients, from
    /proc/net/tcp and tcp6 (None where they cannot be read): no connection made."""
    seen, readable = False, False
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        readable = True
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, _, hexport = local.rpartition(":")
            # 0A: LISTEN; bound to any address, 127.x (IPv4) or ::1.
            loopback = address.strip("0") == "" or address.endswith("7F") or address == "0" * 24 + "01000000"
            seen = seen or (state == "0A" and int(hexport, 16) == port and loopback)
    return seen if readable else None


def why_nothing_listens(url):
    """"" when something listens at url (host:port), else why not.

    ParaView tells the simulation nothing when no GUI listens (its connection
    attempt at every call fails silently), so rank 0 asks once, at the
    script's load. For this host it reads the kernel's socket table: a probing
    connection would make a listening GUI print a failed handshake. Elsewhere
    it opens a plain TCP connection to the port and closes it."""
    host, _, port = url.rpartition(":")
    host = host or "localhost"
    if not port.isdigit():
        return "the port %r is not a number" % port
    try:
        if socket.gethostbyname(host).startswith("127."):
            listens = listening_here(int(port))
            if listens is not None:
                return "" if listens else "no socket listens on that port"
        socket.create_connection((host, int(port)), timeout=2).close()
        return ""
    except OSError as e:
        return e.strerror or str(e)


if vtkMultiProcessController.GetGlobalController().GetLocalProcessId() == 0:
    why = why_nothing_listens(options.CatalystLiveURL)
    if why:
        sys.stderr.write("grayscott: warning: insitu: live.py: nothing listens at %s for Catalyst Live (%s); "
                         "the run goes on, and connects at a later call if a ParaView GUI starts listening there\n"
                         % (options.CatalystLiveURL, why))
        sys.stderr.flush()


def catalyst_execute(info):
    # Live sends what the pipeline holds; nothing else (no extractor, no view)
    # updates the contour, so without this a client would get an empty one.
    contour.UpdatePipeline(info.time)
