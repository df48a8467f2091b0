# Helpers shared by the ready Catalyst scripts of this folder (isosurface.py,
# slice.py, slice_contour.py): the view settings grayscott hands over in
# GS_INSITU_SETTINGS (one JSON text built from the insitu.* keys, docs/insitu.md),
# views of the asked size and background, the camera, colour maps and ranges,
# and a colour legend in a right-hand margin that pictures of planes leave free.
# A script imports it from its own folder; a copy of a script elsewhere needs a
# copy of this file beside it.
import json
import math
import os

from paraview import catalyst
from paraview.simple import ColorBy, CreateExtractor, CreateView, GetColorTransferFunction, GetScalarBar
from vtkmodules.vtkCommonCore import vtkDoubleArray
from vtkmodules.vtkParallelCore import vtkCommunicator, vtkMultiProcessController

# Pixels a vertical legend takes at ParaView's default fonts (bar, ticks,
# labels such as "0.50", the title), and the share of the image width that
# frame_plane() keeps free for it on the right: a fifth, more in small images.
LEGEND_PX = 100


def legend_margin(width_px):
    return max(0.2, LEGEND_PX / float(width_px))

COLORMAPS = {"u": "Viridis (matplotlib)", "v": "Inferno (matplotlib)"}


class WrongRun(RuntimeError):
    """Raised at load by a script that does not fit the run (a 3D-only script
    on a 2D run): grayscott prints its message as the one line it is, without
    a traceback (gs_one_line)."""

    gs_one_line = True


def settings():
    text = os.environ.get("GS_INSITU_SETTINGS")
    if not text:
        raise RuntimeError("GS_INSITU_SETTINGS is not set: this script is run by grayscott (insitu.script), which sets it")
    return json.loads(text)


def make_view(s):
    view = CreateView("RenderView")
    view.ViewSize = s["image_size"]
    view.OrientationAxesVisibility = 0
    view.EnableRenderOnInteraction = 0
    try:  # ParaView >= 5.10 chooses the background from a palette unless told
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.Background = s["background"]
    return view


def png_extractor(view, s, file_name, registration_name="image"):
    """A PNG of `view` at every call (grayscott calls Catalyst only on in-situ steps)."""
    png = CreateExtractor("PNG", view, registrationName=registration_name)
    png.Trigger = "TimeStep"
    png.Trigger.Frequency = 1
    png.Writer.FileName = file_name
    png.Writer.ImageResolution = s["image_size"]
    return png


def catalyst_options(s):
    """The script's `options`: run at every call, write under output.dir/insitu, no Live."""
    options = catalyst.Options()
    options.GlobalTrigger = "TimeStep"
    options.GlobalTrigger.Frequency = 1
    options.ExtractsOutputDirectory = s["dir"]
    options.EnableCatalystLive = 0
    return options


class Coloring:
    """One array's colour map and range: fixed, or "auto" (what is shown, over all ranks, per call)."""

    def __init__(self, spec):
        self.array = spec["array"]
        self.auto = spec["range"] == "auto"
        self.range = [0.0, 1.0] if self.auto else [float(x) for x in spec["range"]]
        self.lut = GetColorTransferFunction(self.array)
        self.lut.ApplyPreset(COLORMAPS[self.array], True)
        self.lut.AutomaticRescaleRangeMode = "Never"
        self.bars = []
        self.apply()

    def show_on(self, display, view, half=None):
        """Colour `display` by this array, with a legend: the full height, or the "top" or "bottom" half."""
        ColorBy(display, ("POINTS", self.array))
        display.LookupTable = self.lut
        bar = GetScalarBar(self.lut, view)
        bar.Title = self.array
        bar.ComponentTitle = ""
        # A vertical bar in the right margin, clear of a framed plane.
        bar.WindowLocation = "Any Location"
        bar.Orientation = "Vertical"
        width = view.ViewSize[0]
        margin = legend_margin(width)
        bottom, length = {None: (0.1, 0.8), "top": (0.55, 0.4), "bottom": (0.05, 0.4)}[half]
        bar.Position = [1.0 - margin + max(0.0, margin * width - 0.9 * LEGEND_PX) / (2.0 * width), bottom]
        bar.ScalarBarLength = length
        bar.Visibility = 1
        self.bars.append(bar)
        self.apply()

    def update(self, proxies, time):
        """Before a render: a fixed range is put back (a first render resets it), an auto one recomputed."""
        if self.auto:
            found = all_ranks_range(proxies, self.array, time)
            if found:
                self.range = found
        self.apply()

    def apply(self):
        lo, hi = self.range
        if hi <= lo:  # a constant field: a range ParaView can draw
            hi = lo + max(abs(lo), 1.0) * 1e-6
        self.lut.RescaleTransferFunction(lo, hi)
        fmt = label_format(lo, hi)
        for bar in self.bars:
            bar.AutomaticLabelFormat = 0
            bar.LabelFormat = fmt
            bar.RangeLabelFormat = fmt
            bar.AddRangeLabels = 1


def label_format(lo, hi):
    """Fixed-point labels with enough decimals to tell the ends apart: "0.60", not "6.0e-01"."""
    span = abs(hi - lo)
    decimals = 2 if span >= 0.1 or span == 0 else min(8, 1 - int(math.floor(math.log10(span))))
    return "%-#." + str(decimals) + "f"


def all_ranks_range(proxies, array, time):
    """[min, max] of `array` in the proxies' outputs over all ranks, or None where none holds a value."""
    lo, hi = math.inf, -math.inf
    for proxy in proxies:
        proxy.UpdatePipeline(time)
        data = proxy.GetClientSideObject().GetOutputDataObject(0)
        values = data.GetPointData().GetArray(array) if data is not None and data.GetPointData() else None
        if values is not None and values.GetNumberOfTuples() > 0:
            a, b = values.GetRange()
            lo, hi = min(lo, a), max(hi, b)
    send, got = vtkDoubleArray(), vtkDoubleArray()
    send.SetNumberOfValues(2)
    send.SetValue(0, lo)
    send.SetValue(1, -hi)
    vtkMultiProcessController.GetGlobalController().AllReduce(send, got, vtkCommunicator.MIN_OP)
    lo, hi = got.GetValue(0), -got.GetValue(1)
    return [lo, hi] if lo <= hi else None


def place_camera(view, camera):
    """camera: a dict with position, focal_point, view_up and view_angle or parallel_scale."""
    view.CameraFocalPoint = camera["focal_point"]
    view.CameraPosition = camera["position"]
    view.CameraViewUp = camera["view_up"]
    if "parallel_scale" in camera:
        view.CameraParallelProjection = 1
        view.CameraParallelScale = camera["parallel_scale"]
    else:
        view.CameraParallelProjection = 0
        view.CameraViewAngle = camera.get("view_angle", 30)


def frame_plane(s, axis, up_axis, origin=None):
    """The camera looking down -`axis` at the plane through `origin` (default the
    domain centre), `up_axis` upwards, parallel projection: the whole plane in
    the image left of the legend margin, as large as fits."""
    centre = list(origin or s["centre"])
    length = s["length"]
    width_px, height_px = s["image_size"]
    up = [1.0 if d == up_axis else 0.0 for d in range(3)]
    toward = [1.0 if d == axis else 0.0 for d in range(3)]  # from the plane to the eye
    # right = forward x up, forward = -toward
    right = [-(toward[1] * up[2] - toward[2] * up[1]), -(toward[2] * up[0] - toward[0] * up[2]), -(toward[0] * up[1] - toward[1] * up[0])]
    right_axis = max(range(3), key=lambda d: abs(right[d]))
    usable = width_px * (1.0 - legend_margin(width_px))
    scale = 0.5 * 1.04 * max(length[up_axis], length[right_axis] * height_px / usable)  # half the image height
    shift = (0.5 * width_px - 0.5 * usable) * (2.0 * scale / height_px)  # plane centre to the usable part's centre
    focal = [c + shift * r for c, r in zip(centre, right)]
    eye = [f + 2.0 * max(length) * t for f, t in zip(focal, toward)]
    return {"position": eye, "focal_point": focal, "view_up": up, "parallel_scale": scale}
