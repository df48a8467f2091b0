# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""A Catalyst Live client (pvpython) for live.sh: listens on PORT as the
ParaView GUI would (Catalyst > Connect), extracts `isosurface` from the
simulation once connected, and records its cell count at every update.

usage: pvpython live_client.py PORT READY_FILE RESULT_JSON SECONDS
READY_FILE is created once the client listens; RESULT_JSON gets
{"connected": bool, "closed": bool, "cells": [count per update]} when the
simulation disconnects or SECONDS pass.
"""
import json
import sys
import time

from paraview import live
from paraview.simple import FindSource

port, ready, result, limit = int(sys.argv[1]), sys.argv[2], sys.argv[3], float(sys.argv[4])
seen = {"connected": False, "closed": False, "cells": []}


def connected(link, event):
    seen["connected"] = True
    live.ExtractCatalystData(link, "isosurface")
    live.ProcessServerNotifications()


def updated(link, event):
    source = FindSource("isosurface")
    if source is not None:
        source.UpdatePipeline()
        seen["cells"].append(source.GetDataInformation().GetNumberOfCells())


def closed(link, event):
    seen["closed"] = True


link = live.ConnectToCatalyst("localhost", port)
link.AddObserver("ConnectionCreatedEvent", connected)
link.AddObserver("UpdateEvent", updated)
link.AddObserver("ConnectionClosedEvent", closed)
open(ready, "w").close()
deadline = time.time() + limit
while not seen["closed"] and time.time() < deadline:
    live.ProcessServerNotifications()
    time.sleep(0.05)
with open(result, "w") as f:
    json.dump(seen, f)
print("live client: %s" % json.dumps(seen))
