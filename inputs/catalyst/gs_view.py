# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Helpers shared by the ready Catalyst scripts of this folder (isosurface.py,
# slice.py, slice_contour.py): the view settings grayscott hands over in
# GS_INSITU_SETTINGS (one JSON text built from the insitu.* keys, docs/insitu.md),
# views of the asked size and background, the camera (preset cameras fitted
# beside the legend), colour maps and ranges, a colour legend in a right-hand
# margin that no picture's domain reaches into, a "step N  t = T" label above
# it and an orientation triad in 3D views.
# A script imports it from its own folder; a copy of a script elsewhere needs a
# copy of this file beside it.
import json
import math
import os

from paraview import catalyst
from paraview.servermanager import vtkSMCoreUtilities
from paraview.simple import CreateExtractor, CreateView, GetColorTransferFunction, GetScalarBar, Outline, Show, Text
from vtkmodules.vtkCommonCore import vtkDoubleArray
from vtkmodules.vtkParallelCore import vtkCommunicator, vtkMultiProcessController

# The legend, the step label and the triad are sized from the image (ParaView's
# fixed 14-px fonts were a hairline at 8192 pixels and covered a 64x48 picture).
# At 800x600: 14-px labels, a 16-px bar, in a right-hand margin of a fifth of
# the width that pictures keep free for it (frame_plane, fit_camera).
MIN_FONT_PX = 8
# ParaView draws its orientation triad in the lower left corner, in a square
# of a quarter of the image's height, the axes and their letters within about
# 0.45 to 0.8 of its side; below 150 pixels it is a smudge. gs_view sizes that
# square from the legend's font instead (TRIAD_FONTS fonts), so the triad
# scales as the legend does, its minimum font included (ParaView's own was
# 22 pixels with 3-pixel letters at 400x300).
TRIAD_FONTS = 14
TRIAD_INK = 0.85  # the share of the square, from the corner, the triad draws within (its ink: 0.45 to 0.8)
TRIAD_MIN_PX = 150
# Text widths in Arial (ParaView's legend font), as a share of the font size:
# a digit, "." or "-" and "e" are about 0.56, 0.28 and 0.56 em; 0.6 per
# character is a safe upper bound for a label.
CHAR_EM = 0.6
AUTO_LABEL_CHARS = 7  # an "auto" range's labels are unknown at load: room for "1.5e-14"
_label_chars = AUTO_LABEL_CHARS  # the widest legend label of this run's colourings (settings())
_settings = None  # the run's settings, as settings() read them
_labels = []  # (display, view) of every view's step label
_label_source = None  # the one Text source they show
_fitted = {}  # fit_camera's results, by the camera asked for
_iso_lines = {}  # lines of contour values at the foot of a view's legend margin (iso_labels), by view id
# The colours of 2D contour lines, one per insitu.iso value in turn: apart
# from each other and from the Inferno and Viridis maps they are drawn over.
LINE_COLOURS = [[0.3, 0.9, 1.0], [1.0, 0.35, 0.85], [1.0, 1.0, 1.0], [0.45, 1.0, 0.3], [0.2, 0.45, 1.0]]


def legend_layout(width_px, height_px):
    """Sizes in pixels for a width x height image: font, bar thickness, padding,
    the right-hand margin (as a share of the width), whether text fits at all
    (below about 200 x 150 pixels only the bar is drawn), the step label's font."""
    scale = min(width_px / 800.0, height_px / 600.0)
    font = max(MIN_FONT_PX, int(round(14 * scale)))
    thickness = max(3, int(round(16 * scale)))
    pad = max(2, int(round(8 * scale)))
    # bar, tick marks and the gap before the labels, the labels, a pad each side
    need = 2 * pad + thickness + 0.9 * font + _label_chars * CHAR_EM * font
    text = need <= 0.3 * width_px and 8 * font <= height_px
    if text:
        margin_px = max(0.2 * width_px, need)
    else:
        need = margin_px = 2 * pad + thickness
    return {"font": font, "thickness": thickness, "pad": pad, "text": text,
            "width": need, "margin": margin_px / float(width_px), "label_font": max(MIN_FONT_PX, int(round(0.85 * font)))}


def legend_margin(width_px, height_px=None):
    """The share of the image width the legend keeps for itself on the right."""
    return legend_layout(width_px, height_px or width_px)["margin"]


def text_color(background):
    """Black or white, whichever contrasts more with the background (WCAG's
    contrast ratio: black from a relative luminance of 0.179 up)."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in background)
    return [0.0, 0.0, 0.0] if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 else [1.0, 1.0, 1.0]


def edge_color(background):
    """Outlines and edges: the text colour, a quarter of the way back to the
    background (0.25 grey on white, 0.8 on the dark default): clear on
    either, and not a colour the Inferno or Viridis maps end in."""
    text = text_color(background)
    return [t + 0.25 * (b - t) for t, b in zip(text, background)]


def outline(source, view, s, registration_name):
    """The outline of `source`'s bounds (all ranks together) in edge_color: the
    domain's box in 3D views, a plane's edge, so that a plane whose values sit
    at the colour map's dark end does not merge with a dark background."""
    shown = Show(Outline(registrationName=registration_name, Input=source), view)
    shown.ColorArrayName = ["POINTS", ""]
    shown.DiffuseColor = edge_color(s["background"])
    shown.AmbientColor = edge_color(s["background"])
    shown.LineWidth = max(1.0, round(legend_layout(*view.ViewSize)["font"] / 14.0))
    return shown


def nice_ticks(lo, hi, count):
    """The values a legend labels: its ends and up to `count` - 2 round numbers
    between them, none closer to an end than half a step (its label would
    touch the end's); "half a step" with a tolerance, so that 0.8 stays
    between 0.2 and 0.9 although 0.9 - 0.8 < 0.1 in binary."""
    if not hi > lo or count <= 2:
        return [lo, hi]
    raw = (hi - lo) / (count - 1)
    magnitude = 10.0 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    first = math.ceil(lo / step - 1e-9)
    inner = []
    k = first
    half = 0.5 * step * (1 - 1e-6)
    while k * step <= hi:
        x = k * step
        if x - lo >= half and hi - x >= half:
            inner.append(float("%.12g" % x))
        k += 1
    return [lo] + inner + [hi]


def _labels_with(kind, decimals, values):
    """(inner format, range format, labels) with `decimals` digits after the
    point, fixed ("f") or scientific ("e"): the ends (any value, for an
    "auto" range) get up to two digits more, as many as bring them within 5%
    of a step of their value ("0.01 0.1 ... 0.4 0.46" for [0.0123, 0.4567])."""
    inner_fmt = "%." + str(decimals) + kind
    step = (values[-1] - values[0]) if len(values) == 2 else values[2] - values[1] if len(values) > 3 else \
        0.5 * (values[-1] - values[0])
    for more in (0, 1, 2):
        range_fmt = "%." + str(decimals + more) + kind
        if all(abs(float(range_fmt % x) - x) <= 0.05 * step for x in (values[0], values[-1])):
            break
    return inner_fmt, range_fmt, [range_fmt % values[0]] + [inner_fmt % x for x in values[1:-1]] + [range_fmt % values[-1]]


def tick_labels(lo, hi, count):
    """(values, inner format, labels, range format): the legend's labelled
    values and their labels, in the shortest form that fits any range: fixed
    point with the fewest decimals that write every round value exactly and
    tell every label from its neighbours ("0.2", "25000", "-1000"; never
    "0.60 0.60 0.59"), or, where that is longer, scientific ("1.2e-09",
    "2.5e+06") with the fewest digits that do the same."""
    values = nice_ticks(lo, hi, count)
    inner = values[1:-1]
    best = None
    for kind in ("f", "e"):
        for decimals in range(0, 13):
            inner_fmt, range_fmt, labels = _labels_with(kind, decimals, values)
            if len(set(labels)) == len(labels) and \
                    all(abs(float(inner_fmt % x) - x) <= 1e-9 * max(abs(x), abs(hi - lo)) for x in inner):
                width = max(len(x) for x in labels)
                if best is None or width < best[0]:
                    best = (width, inner_fmt, labels, range_fmt)
                break
    if best is None:  # a range narrower than 13 digits tell apart: the most digits there are
        inner_fmt, range_fmt, labels = _labels_with("e", 12, values)
        best = (0, inner_fmt, labels, range_fmt)
    return values, best[1], best[2], best[3]


def label_chars(spec, counts):
    """The widest label a colouring's legend draws at any of these tick counts
    (AUTO_LABEL_CHARS for an "auto" range, known only at each call)."""
    if spec.get("range") == "auto":
        return AUTO_LABEL_CHARS
    lo, hi = [float(x) for x in spec["range"]]
    return max(max(len(x) for x in bar_labels(lo, hi, n)[2]) for n in counts)


def tick_count(bar_px, font_px):
    """Labelled values a bar of bar_px holds: one per three label heights, 2 to 9."""
    return max(2, min(9, int(bar_px // (3.0 * font_px)) + 1))


# The one label of a range too narrow to draw: float's 7 digits, which tell
# none of its values apart.
CONSTANT_FORMAT = "%.7g"
COLORMAPS = {"u": "Viridis (matplotlib)", "v": "Inferno (matplotlib)"}


class WrongRun(RuntimeError):
    """Raised at load by a script that does not fit the run (a 3D-only script
    on a 2D run): grayscott prints its message as the one line it is, without
    a traceback (gs_one_line)."""

    gs_one_line = True


def settings():
    global _settings
    text = os.environ.get("GS_INSITU_SETTINGS")
    if not text:
        raise RuntimeError("GS_INSITU_SETTINGS is not set: this script is run by grayscott (insitu.script), which sets it")
    _settings = json.loads(text)
    # The legend margin is sized from the labels it will draw.
    global _label_chars
    counts = range(2, 10)
    _label_chars = max(label_chars(_settings[k], counts) for k in ("plane", "surface") if k in _settings)
    return _settings


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
    if s.get("step_label", True) and legend_layout(*s["image_size"])["text"]:
        add_step_label(view, s)
    return view


def add_step_label(view, s):
    """A "step N  t = T" label at the top of the legend margin (annotate() sets its text)."""
    global _label_source
    if not _labels:
        _label_source = Text(registrationName="step_label")
    shown = Show(_label_source, view)
    shown.WindowLocation = "Upper Right Corner"
    shown.Justification = "Right"
    shown.Color = text_color(s["background"])
    shown.FontSize = legend_layout(*s["image_size"])["label_font"]
    _labels.append((shown, view))


def annotate(info):
    """Before the views render: the step labels say this call's step and time."""
    if not _labels:
        return
    text = "step %d  t = %.6g" % (info.timestep, info.time)
    _label_source.Text = text
    for shown, view in _labels:
        width, height = view.ViewSize
        layout = legend_layout(width, height)
        # One line in the margin: a long step number or time gets a smaller font.
        room = layout["margin"] * width - layout["pad"]
        shown.FontSize = max(MIN_FONT_PX, min(layout["label_font"], int(room / (0.55 * len(text)))))


def iso_labels(view, s, colours=None):
    """Lines at the foot of the legend margin that say which contour values
    are drawn ("v = 0.1", one per insitu.iso value), each in its lines'
    colour where `colours` gives one per value, else in the text colour.
    Call it before Coloring.show_on, which keeps the legend above them."""
    width, height = view.ViewSize
    layout = legend_layout(width, height)
    if not layout["text"]:
        return
    values = list(s["iso"])
    font = layout["label_font"]
    line = 1.5 * font
    margin_px = layout["margin"] * width
    left = width - margin_px + 0.5 * (margin_px - layout["width"]) + layout["pad"]
    for i, value in enumerate(values):
        label = Text(registrationName="iso_label_%d_%d" % (id(view) % 100000, i))
        label.Text = "%s = %.6g" % (s["contour_array"], value)
        shown = Show(label, view)
        shown.WindowLocation = "Any Location"
        shown.Justification = "Left"
        shown.FontSize = font
        shown.Color = colours[i % len(colours)] if colours else text_color(s["background"])
        shown.Position = [left / width, (layout["pad"] + (len(values) - 1 - i) * line) / height]
    _iso_lines[id(view)] = len(values)


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
        """Colour `display` by this array, with a legend in the right margin: the full height, or the "top" or "bottom" half."""
        # Not simple.ColorBy: it rescales the map to the data at once, and a
        # rank holding no surface then warns "Could not determine array range".
        display.ColorArrayName = ["POINTS", self.array]
        display.LookupTable = self.lut
        bar = GetScalarBar(self.lut, view)
        width, height = view.ViewSize
        layout = legend_layout(width, height)
        font, pad = layout["font"], layout["pad"]
        colour = text_color(view.Background)
        bar.ComponentTitle = ""
        bar.WindowLocation = "Any Location"
        bar.Orientation = "Vertical"
        # A rotated title "v" reads as ">".
        bar.HorizontalTitle = 1
        bar.TitleColor = colour
        bar.LabelColor = colour
        bar.DrawScalarBarOutline = 1
        bar.ScalarBarOutlineColor = colour
        bar.ScalarBarOutlineThickness = max(1, int(round(font / 14.0)))
        bar.ScalarBarThickness = layout["thickness"]
        bar.TitleFontSize = font
        bar.LabelFontSize = font
        # Pixels from the bottom: the bars span [bottom, top], below the step
        # label and the upper bar's title. The lowest label, centred on the
        # bar's end, keeps a line's height from the image's edge: with the end
        # 7 pixels up (240x900), ParaView drew a second, cut copy of it there.
        if layout["text"]:
            bar.Title = self.array
            title = 1.6 * font
            # ParaView puts a corner text 1% of the image height from the
            # edge (9 pixels in a 900 pixel tall image: more than `pad`).
            label = 0.01 * height + 1.4 * layout["label_font"] + pad if any(v is view for _, v in _labels) else 0
            iso = _iso_lines.get(id(view), 0) * 1.5 * layout["label_font"]
            top, bottom, gap = height - pad - label - title, pad + iso + font, title + 0.6 * font + pad
        else:  # no room for text: the bar alone
            bar.Title = ""
            bar.DrawTickLabels = 0
            bar.DrawTickMarks = 0
            bar.AddRangeLabels = 0
            top, bottom, gap = height - pad, pad, 2 * pad
        length = top - bottom if half is None else 0.5 * (top - bottom - gap)
        start = top - length if half == "top" else bottom
        margin_px = layout["margin"] * width
        left = width - margin_px + 0.5 * (margin_px - layout["width"]) + pad
        bar.Position = [left / width, start / height]
        bar.ScalarBarLength = length / height
        bar.Visibility = 1
        self.bars.append((bar, tick_count(length, font) if layout["text"] else 0))
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
        if drawable(lo, hi):
            self.lut.RescaleTransferFunction(lo, hi)
        else:
            # One value as far as the colour map can tell (float): ParaView
            # would widen the range to one of its own (1 to 1.000244 for u =
            # 1 - 1e-14) and label ends no data has. Drawn as one label, at
            # the middle of a range around it, in the map's middle colour.
            centre = 0.5 * (lo + hi)
            half = max(abs(centre), 1.0) * 1e-3
            self.lut.RescaleTransferFunction(centre - half, centre + half)
        # The map's ends as ParaView rescaled it (0.2 + 1.0 * 0.7 is
        # 0.8999999999999999): a label past them is not drawn.
        points = self.lut.RGBPoints
        for bar, count in self.bars:
            if count:
                label_bar(bar, lo, hi, count, (points[0], points[-4]))


def drawable(lo, hi):
    """Whether [lo, hi] is a range ParaView colours as given (it widens one
    that float cannot tell apart: vtkSMCoreUtilities::AdjustRange)."""
    adjusted = [lo, hi]
    return hi > lo and not vtkSMCoreUtilities.AdjustRange(adjusted)


def bar_labels(lo, hi, count):
    """(values, format, labels) of a legend: every label in one format
    (ParaView's own range labels wrote "2.0e-09" beside its ticks' "1.8e-9"),
    the ends the data's own; one label for a range too narrow to draw."""
    if not drawable(lo, hi):
        value = 0.5 * (lo + hi)
        return [value], CONSTANT_FORMAT, [CONSTANT_FORMAT % value]
    values, _, _, range_fmt = tick_labels(lo, hi, count)
    return values, range_fmt, [range_fmt % x for x in values]


def label_bar(bar, lo, hi, count, ends):
    """The bar's labels: the most of up to `count` values whose widest label
    fits the legend margin at MIN_FONT_PX or more (an "auto" range's labels,
    unknown at load, get a smaller font or fewer values: never text off the
    image; the two ends of a range a few float steps wide, 9 digits each, go
    below MIN_FONT_PX rather than off the image)."""
    for n in range(count, 1, -1):
        values, fmt, labels = bar_labels(lo, hi, n)
        widest = max(len(x) for x in labels)
        font = bar.TitleFontSize if widest <= _label_chars else int(bar.TitleFontSize * _label_chars / float(widest))
        if font >= MIN_FONT_PX or n == 2:
            break
    bar.AutomaticLabelFormat = 0
    bar.LabelFormat = fmt
    bar.LabelFontSize = max(4, font)
    # The ends are custom labels too, so that one format writes them all.
    bar.AddRangeLabels = 0
    bar.UseCustomLabels = 1
    bar.CustomLabels = [min(max(x, ends[0]), ends[1]) for x in values]


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
    """camera: a dict with position, focal_point, view_up and view_angle or
    parallel_scale; one with "fit" (a preset camera, docs/insitu.md) is first
    moved so the domain fills the image beside the legend (fit_camera)."""
    if camera.get("fit") and _settings is not None:
        key = json.dumps([camera, view.ViewSize[0], view.ViewSize[1]], sort_keys=True)
        if key not in _fitted:
            _fitted[key] = fit_camera(_settings, camera, view.ViewSize)
        camera = _fitted[key]
    view.CameraFocalPoint = camera["focal_point"]
    view.CameraPosition = camera["position"]
    view.CameraViewUp = camera["view_up"]
    if "parallel_scale" in camera:
        view.CameraParallelProjection = 1
        view.CameraParallelScale = camera["parallel_scale"]
    else:
        view.CameraParallelProjection = 0
        view.CameraViewAngle = camera.get("view_angle", 30)
    # The triad in perspective views of a 3D domain; pictures of a plane say
    # which plane in their file name, and it would cover the plane's corner.
    s = _settings or {}
    view.OrientationAxesVisibility = int(show_triad(s, view.ViewSize) and "parallel_scale" not in camera)
    view.OrientationAxesLabelColor = text_color(view.Background)
    if view.OrientationAxesVisibility:
        size_triad(view)


def triad_px(size):
    """The side in pixels of the triad's square in a width x height image."""
    return min(TRIAD_FONTS * legend_layout(*size)["font"], 0.4 * min(size))


def size_triad(view):
    """The triad's square set to triad_px: ParaView keeps it in a renderer of
    its own, the one over the lower left corner (viewport not the whole view)."""
    width, height = view.ViewSize
    side = triad_px((width, height))
    renderers = view.GetRenderWindow().GetRenderers()
    renderers.InitTraversal()
    for _ in range(renderers.GetNumberOfItems()):
        renderer = renderers.GetNextItem()
        x0, y0, x1, y1 = renderer.GetViewport()
        if x0 == 0 and y0 == 0 and (x1, y1) != (1, 1):
            renderer.SetViewport(0.0, 0.0, side / float(width), side / float(height))


def show_triad(s, size):
    return bool(s.get("axes", True)) and s.get("dims", 3) == 3 and min(size) >= TRIAD_MIN_PX


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _unit(a):
    n = math.sqrt(_dot(a, a))
    return [x / n for x in a]


def _hull(points):
    """Convex hull of 2D points, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0]) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]
    return half(pts) + half(reversed(pts))


def _overlap(polygon, rect):
    """Whether a convex polygon and an axis-aligned rectangle (x0, y0, x1, y1) overlap (separating axes)."""
    x0, y0, x1, y1 = rect
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    axes = [(1.0, 0.0), (0.0, 1.0)]
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        axes.append((q[1] - p[1], p[0] - q[0]))
    for ax in axes:
        a = [ax[0] * p[0] + ax[1] * p[1] for p in polygon]
        b = [ax[0] * p[0] + ax[1] * p[1] for p in corners]
        if max(a) < min(b) or max(b) < min(a):
            return False
    return True


def project_box(s, camera, size):
    """The domain box's corners as pixels (x right, y up from the bottom left) in a width x height image."""
    width, height = size
    eye, focal = camera["position"], camera["focal_point"]
    d = _unit([f - e for f, e in zip(focal, eye)])
    r = _unit(_cross(d, camera["view_up"]))
    u = _cross(r, d)
    tan = math.tan(math.radians(camera.get("view_angle", 30)) / 2.0)
    out = []
    for corner in _box_corners(s):
        q = [c - e for c, e in zip(corner, eye)]
        z = _dot(q, d)
        out.append((0.5 * width + 0.5 * height * _dot(q, r) / (z * tan), 0.5 * height + 0.5 * height * _dot(q, u) / (z * tan)))
    return out


def _box_corners(s):
    half = [0.5 * s["length"][k] if k < s["dims"] else 0.0 for k in range(3)]
    c = s["centre"]
    return [[c[0] + i * half[0], c[1] + j * half[1], c[2] + k * half[2]] for i in (-1, 1) for j in (-1, 1) for k in (-1, 1)]


def fit_camera(s, camera, size):
    """The camera moved along and across its view direction (same direction,
    view-up and angle) so that the domain's box is as large as fits left of
    the legend margin, centred there, and clear of the triad's corner: the
    legend never covers the domain, however long the box."""
    width, height = size
    layout = legend_layout(width, height)
    pad = 0.03 * height
    x_lo, x_hi = pad, width * (1.0 - layout["margin"]) - pad
    y_lo, y_hi = pad, height - pad
    triad = TRIAD_INK * triad_px(size) if show_triad(s, size) else 0
    eye, focal, up = camera["position"], camera["focal_point"], camera["view_up"]
    d = _unit([f - e for f, e in zip(focal, eye)])
    r = _unit(_cross(d, up))
    u = _cross(r, d)
    tan = math.tan(math.radians(camera.get("view_angle", 30)) / 2.0)
    centre = s["centre"]
    rel = [[c - m for c, m in zip(corner, centre)] for corner in _box_corners(s)]
    depth = [_dot(q, d) for q in rel]
    across = [(_dot(q, r), _dot(q, u)) for q in rel]
    k = 0.5 * height / tan  # pixels per unit of (offset / depth)

    def pixels(dist, a, b):
        return [(0.5 * width + k * (x - a) / (z + dist), 0.5 * height + k * (y - b) / (z + dist)) for (x, y), z in zip(across, depth)]

    def placed(dist):
        # Shift the eye across the view until the box's extent is centred on the free area.
        a = b = 0.0
        for _ in range(30):
            p = pixels(dist, a, b)
            xs, ys = [q[0] for q in p], [q[1] for q in p]
            a += (0.5 * (min(xs) + max(xs)) - 0.5 * (x_lo + x_hi)) * dist / k
            b += (0.5 * (min(ys) + max(ys)) - 0.5 * (y_lo + y_hi)) * dist / k
        return a, b, pixels(dist, a, b)

    def fits(dist):
        p = placed(dist)[2]
        xs, ys = [q[0] for q in p], [q[1] for q in p]
        inside = min(xs) >= x_lo - 0.5 and max(xs) <= x_hi + 0.5 and min(ys) >= y_lo - 0.5 and max(ys) <= y_hi + 0.5
        return inside and not (triad and _overlap(_hull(p), (0.0, 0.0, triad, triad)))

    near = max(-z for z in depth) + 1e-6 * max(s["length"])
    lo, hi = near, 2.0 * near + max(s["length"])
    while not fits(hi):
        lo, hi = hi, 2.0 * hi
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    a, b, _ = placed(hi)
    look = [c + a * x + b * y for c, x, y in zip(centre, r, u)]
    position = [p - hi * x for p, x in zip(look, d)]
    return {"position": position, "focal_point": look, "view_up": u, "view_angle": camera.get("view_angle", 30)}


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
    usable = width_px * (1.0 - legend_margin(width_px, height_px))
    scale = 0.5 * 1.04 * max(length[up_axis], length[right_axis] * height_px / usable)  # half the image height
    shift = (0.5 * width_px - 0.5 * usable) * (2.0 * scale / height_px)  # plane centre to the usable part's centre
    focal = [c + shift * r for c, r in zip(centre, right)]
    eye = [f + 2.0 * max(length) * t for f, t in zip(focal, toward)]
    return {"position": eye, "focal_point": focal, "view_up": up, "parallel_scale": scale}
