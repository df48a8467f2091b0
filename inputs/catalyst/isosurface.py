# script-version: 2
# Catalyst script (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2):
# isosurfaces of v at the run's insitu.iso values, coloured by u, rendered to
# one PNG per in-situ step, plus the isosurface itself as an extract
# (isosurface_NNNNNN.pvtp with one zlib-compressed .vtp piece per rank) and
# isosurface.pvd, the index ParaView opens as one time series.
#
# grayscott sets, before the script is imported:
#   GS_INSITU_DIR     output.dir/insitu (images and extracts go there)
#   GS_INSITU_ISO     comma-separated iso values of v (insitu.iso)
#   GS_INSITU_LENGTH  domain lengths Lx,Ly,Lz (camera framing)
# Optional: GS_INSITU_IMAGE_SIZE=WxH (default 800x600),
#           GS_INSITU_URANGE=min,max (colour range of u, default 0.3,0.6).
import os

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403
from vtkmodules.vtkCommonDataModel import vtkPolyData
from vtkmodules.vtkIOParallelXML import vtkXMLPPolyDataWriter
from vtkmodules.vtkParallelCore import vtkMultiProcessController

iso = [float(x) for x in os.environ.get("GS_INSITU_ISO", "0.25").split(",")]
length = [float(x) for x in os.environ.get("GS_INSITU_LENGTH", "1,1,1").split(",")]
size = [int(x) for x in os.environ.get("GS_INSITU_IMAGE_SIZE", "800x600").split("x")]
urange = [float(x) for x in os.environ.get("GS_INSITU_URANGE", "0.3,0.6").split(",")]

# The simulation's block, registered under the name the adaptor gives it.
grid = TrivialProducer(registrationName="grid")

contour = Contour(registrationName="isosurface", Input=grid)
contour.ContourBy = ["POINTS", "v"]
contour.Isosurfaces = iso
# Shaded with the adaptor's normals_v (-grad v on the global field, the same on
# any rank count), not normals from gradients inside each rank's block.
contour.ComputeNormals = 0
contour.ComputeScalars = 1
contour.PointMergeMethod = "Uniform Binning"

view = CreateView("RenderView")
view.ViewSize = size
view.Background = [0.08, 0.08, 0.1]
view.OrientationAxesVisibility = 0
view.EnableRenderOnInteraction = 0
try:  # ParaView >= 5.10 chooses the background from a palette unless told
    view.UseColorPaletteForBackground = 0
except AttributeError:
    pass

shown = Show(contour, view)
shown.Representation = "Surface"
shown.SelectNormalArray = "normals_v"
ColorBy(shown, ("POINTS", "u"))
lut = GetColorTransferFunction("u")
lut.ApplyPreset("Viridis (matplotlib)", True)
lut.AutomaticRescaleRangeMode = "Never"
lut.RescaleTransferFunction(urange[0], urange[1])
shown.Specular = 0.3
shown.Ambient = 0.15
shown.Diffuse = 0.85

outline = Show(Outline(registrationName="box", Input=grid), view)
outline.DiffuseColor = [0.7, 0.7, 0.7]
outline.AmbientColor = [0.7, 0.7, 0.7]

bar = GetScalarBar(lut, view)
bar.Title = "u"
bar.ComponentTitle = ""
bar.Visibility = 1

# A fixed camera from the domain size, the same on any rank count: looking at
# the centre from the (+x, -y, +z) octant, the whole box in view.
centre = [0.5 * l for l in length]
radius = 0.5 * sum(l * l for l in length) ** 0.5
distance = radius / 0.25  # sin(15 deg) for the 30 degree view angle, less a margin
direction = [0.62, -0.55, 0.56]
norm = sum(d * d for d in direction) ** 0.5


def place_camera():
    view.CameraFocalPoint = centre
    view.CameraPosition = [c + distance * d / norm for c, d in zip(centre, direction)]
    view.CameraViewUp = [0.0, 0.0, 1.0]
    view.CameraViewAngle = 30
    view.CameraParallelProjection = 0


place_camera()

png = CreateExtractor("PNG", view, registrationName="image")
png.Trigger = "TimeStep"
png.Trigger.Frequency = 1  # grayscott calls Catalyst only on in-situ steps
png.Writer.FileName = "isosurface_{timestep:06d}{camera}.png"
png.Writer.ImageResolution = size

options = catalyst.Options()
options.GlobalTrigger = "TimeStep"
options.GlobalTrigger.Frequency = 1
options.ExtractsOutputDirectory = os.environ.get("GS_INSITU_DIR", "insitu")
options.EnableCatalystLive = 0

# The extract is written here rather than by a VTP extractor: ParaView's
# parallel extract writer asks the contour for a ghost level the render does
# not, so on more than one rank the contour ran twice per call. Writing the
# contour's own output (already updated for the render) runs it once.
controller = vtkMultiProcessController.GetGlobalController()
rank, ranks = controller.GetLocalProcessId(), controller.GetNumberOfProcesses()
series = []  # (time, file name) of every extract so far: isosurface.pvd


def write_extract(info):
    contour.UpdatePipeline(info.time)
    piece = vtkPolyData()
    piece.ShallowCopy(contour.GetClientSideObject().GetOutputDataObject(0))
    name = "isosurface_%06d.pvtp" % info.timestep
    writer = vtkXMLPPolyDataWriter()
    writer.SetController(controller)
    writer.SetInputData(piece)
    writer.SetFileName(os.path.join(options.ExtractsOutputDirectory, name))
    writer.SetNumberOfPieces(ranks)
    writer.SetStartPiece(rank)
    writer.SetEndPiece(rank)
    writer.SetCompressorTypeToZLib()
    writer.SetDataModeToAppended()
    writer.EncodeAppendedDataOff()
    writer.Write()
    if writer.GetErrorCode():
        raise IOError("cannot write the extract %s (VTK error code %d)" % (writer.GetFileName(), writer.GetErrorCode()))
    if rank == 0:
        series.append((info.time, name))
        index = os.path.join(options.ExtractsOutputDirectory, "isosurface.pvd")
        with open(index + ".tmp", "w") as f:
            f.write('<?xml version="1.0"?>\n<VTKFile type="Collection" version="0.1">\n  <Collection>\n')
            for t, n in series:
                f.write('    <DataSet timestep="%.17g" part="0" file="%s"/>\n' % (t, n))
            f.write("  </Collection>\n</VTKFile>\n")
        os.replace(index + ".tmp", index)


def catalyst_execute(info):
    # The first render of a new representation resets the camera: put it back,
    place_camera()
    # and the colour range (a fixed one, so frames of a run compare).
    lut.RescaleTransferFunction(urange[0], urange[1])
    write_extract(info)
