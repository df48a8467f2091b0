# script-version: 2
# Catalyst script (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2):
# coloured images of v with a colour bar, one PNG per in-situ step.
#   2D runs: the whole plane, with contour lines of v at the insitu.iso values
#            (slice_NNNNNN.png);
#   3D runs: the three mid-planes through the domain centre
#            (slice_xy_NNNNNN.png, slice_xz_NNNNNN.png, slice_yz_NNNNNN.png).
#
# grayscott sets, before the script is imported:
#   GS_INSITU_DIR     output.dir/insitu (images go there)
#   GS_INSITU_ISO     comma-separated iso values of v (insitu.iso)
#   GS_INSITU_DIMS    2 or 3
#   GS_INSITU_LENGTH  domain lengths Lx,Ly,Lz
# Optional: GS_INSITU_VRANGE=min,max (colour range of v, default 0,0.5),
#           GS_INSITU_IMAGE_SIZE=WxH (default 800x700).
import os

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403

iso = [float(x) for x in os.environ.get("GS_INSITU_ISO", "0.25").split(",")]
dims = int(os.environ.get("GS_INSITU_DIMS", "2"))
length = [float(x) for x in os.environ.get("GS_INSITU_LENGTH", "1,1,1").split(",")]
vrange = [float(x) for x in os.environ.get("GS_INSITU_VRANGE", "0,0.5").split(",")]
size = [int(x) for x in os.environ.get("GS_INSITU_IMAGE_SIZE", "800x700").split("x")]

grid = TrivialProducer(registrationName="grid")

lut = GetColorTransferFunction("v")
lut.ApplyPreset("Inferno (matplotlib)", True)
lut.AutomaticRescaleRangeMode = "Never"
lut.RescaleTransferFunction(vrange[0], vrange[1])

centre = [0.5 * l for l in length]
# (name, normal, view-up, in-plane axes) for each picture.
planes = [("", 2, [0, 1, 0], (0, 1))] if dims == 2 else [
    ("_xy", 2, [0, 1, 0], (0, 1)),
    ("_xz", 1, [0, 0, 1], (0, 2)),
    ("_yz", 0, [0, 0, 1], (1, 2)),
]

views = []
for suffix, axis, up, (a, b) in planes:
    view = CreateView("RenderView")
    view.ViewSize = size
    view.OrientationAxesVisibility = 0
    view.EnableRenderOnInteraction = 0
    try:  # ParaView >= 5.10 chooses the background from a palette unless told
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.Background = [0.08, 0.08, 0.1]
    if dims == 2:
        shown = Show(grid, view)
        # Polygons between the points, colours interpolated, unlit: every rank
        # draws exactly its own dual cells, so the image does not depend on the
        # rank count (the "Slice" representation drew each rank's block as
        # texels around its points, and the seams shifted pixels: 2-8% of them
        # differed between 1 and 4 ranks).
        shown.Representation = "Surface"
        shown.Ambient = 1.0
        shown.Diffuse = 0.0
        shown.InterpolateScalarsBeforeMapping = 1
        lines = Contour(registrationName="lines", Input=grid)
        lines.ContourBy = ["POINTS", "v"]
        lines.Isosurfaces = iso
        line_display = Show(lines, view)
        line_display.ColorArrayName = ["POINTS", ""]
        line_display.DiffuseColor = [0.3, 0.9, 1.0]
        line_display.AmbientColor = [0.3, 0.9, 1.0]
        line_display.LineWidth = 1.5
    else:
        cut = Slice(registrationName="slice" + suffix, Input=grid)
        cut.SliceType = "Plane"
        cut.SliceType.Origin = centre
        cut.SliceType.Normal = [1.0 if d == axis else 0.0 for d in range(3)]
        shown = Show(cut, view)
        shown.Representation = "Surface"
    ColorBy(shown, ("POINTS", "v"))
    shown.LookupTable = lut
    bar = GetScalarBar(lut, view)
    bar.Title = "v"
    bar.ComponentTitle = ""
    bar.Visibility = 1
    # Looking down the plane's normal, the whole plane in view, parallel projection.
    eye = list(centre)
    eye[axis] += 2.0 * max(length)
    view.CameraFocalPoint = centre
    view.CameraPosition = eye
    view.CameraViewUp = up
    view.CameraParallelProjection = 1
    view.CameraParallelScale = 0.55 * max(length[a], length[b])
    views.append((view, list(eye), up, max(length[a], length[b])))

    png = CreateExtractor("PNG", view, registrationName="image" + suffix)
    png.Trigger = "TimeStep"
    png.Trigger.Frequency = 1  # grayscott calls Catalyst only on in-situ steps
    png.Writer.FileName = "slice" + suffix + "_{timestep:06d}.png"
    png.Writer.ImageResolution = size

options = catalyst.Options()
options.GlobalTrigger = "TimeStep"
options.GlobalTrigger.Frequency = 1
options.ExtractsOutputDirectory = os.environ.get("GS_INSITU_DIR", "insitu")
options.EnableCatalystLive = 0


def catalyst_execute(info):
    # A representation's first render resets the camera and the colour range: put them back.
    lut.RescaleTransferFunction(vrange[0], vrange[1])
    for view, eye, up, side in views:
        view.CameraFocalPoint = centre
        view.CameraPosition = eye
        view.CameraViewUp = up
        view.CameraParallelProjection = 1
        view.CameraParallelScale = 0.55 * side
