# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# script-version: 2
# grid.dims: 3   (the runs this script serves; grayscott --check refuses it on a 2D run)
# Catalyst script (newer style: ParaView 5.9+ legacy Catalyst and Catalyst 2):
# isosurfaces of insitu.contour_array (v by default) at the run's insitu.iso
# values, coloured by insitu.color_array (by default the other array), rendered
# to one PNG per in-situ step, plus the isosurface itself as an extract
# (isosurface_NNNNNN.pvtp with one zlib-compressed .vtp piece per rank) and
# isosurface.pvd, the index ParaView opens as one time series.
#
# Arrays, colour range, image size, camera and background come from the
# insitu.* keys (GS_INSITU_SETTINGS, read by gs_view.py beside this file).
import os
import sys

from paraview import catalyst
from paraview.simple import *  # noqa: F401,F403
import xml.etree.ElementTree as ElementTree

from vtkmodules.vtkCommonCore import vtkFloatArray
from vtkmodules.vtkCommonDataModel import vtkPolyData
from vtkmodules.vtkCommonMisc import vtkErrorCode
from vtkmodules.vtkIOParallelXML import vtkXMLPPolyDataWriter
from vtkmodules.vtkParallelCore import vtkMultiProcessController

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gs_view  # noqa: E402

s = gs_view.settings()
# In 2D the contours are lines in the plane: slice.py draws them on the plane
# coloured by the field, with its legend. Here they would be unlit curves
# beside a legend that colours nothing, and the extract's normals (of the
# surface, from the adaptor's normals_v, given in 3D only) would not exist.
if s["dims"] != 3:
    raise gs_view.WrongRun("isosurface.py draws isosurfaces of a 3D volume; this run is 2D: use inputs/catalyst/slice.py "
                           "(the plane coloured by the field, with contour lines at insitu.iso)")

# The simulation's block, registered under the name the adaptor gives it.
grid = TrivialProducer(registrationName="grid")

contour = Contour(registrationName="isosurface", Input=grid)
contour.ContourBy = ["POINTS", s["contour_array"]]
contour.Isosurfaces = s["iso"]
# Shaded with the adaptor's normals (minus the gradient of the contoured array
# on the global field, the same on any rank count), not normals from gradients
# inside each rank's block.
contour.ComputeNormals = 0
contour.ComputeScalars = 1
contour.PointMergeMethod = "Uniform Binning"

view = gs_view.make_view(s)

shown = Show(contour, view)
shown.Representation = "Surface"
shown.SelectNormalArray = "normals_" + s["contour_array"]
gs_view.iso_labels(view, s)  # "v = 0.25" below the legend: the values drawn
colors = gs_view.Coloring(s["surface"])
colors.show_on(shown, view)
shown.Specular = 0.3
shown.Ambient = 0.15
shown.Diffuse = 0.85

gs_view.outline(grid, view, s, "box")

# A fixed camera, the same on any rank count: insitu.camera's preset ("iso" by
# default: from the (+x, -y, +z) side, the whole box in view) or its vectors.
gs_view.place_camera(view, s["camera"])

png = CreateExtractor("PNG", view, registrationName="image")
png.Trigger = "TimeStep"
png.Trigger.Frequency = 1  # grayscott calls Catalyst only on in-situ steps
png.Writer.FileName = "isosurface_{timestep:06d}{camera}.png"
png.Writer.ImageResolution = s["image_size"]

options = catalyst.Options()
options.GlobalTrigger = "TimeStep"
options.GlobalTrigger.Frequency = 1
options.ExtractsOutputDirectory = s["dir"]
options.EnableCatalystLive = 0

# The extract is written here rather than by a VTP extractor: ParaView's
# parallel extract writer asks the contour for a ghost level the render does
# not, so on more than one rank the contour ran twice per call. Writing the
# contour's own output (already updated for the render) runs it once.
controller = vtkMultiProcessController.GetGlobalController()
rank, ranks = controller.GetLocalProcessId(), controller.GetNumberOfProcesses()
series = None  # (time, file name) of every extract of the run so far: isosurface.pvd


def earlier_extracts(index, first_step):
    """The frames an earlier part of this run (before a restart) listed in
    the index, up to first_step, the step this part starts from (written
    again by it), and whose files are still there."""
    try:
        root = ElementTree.parse(index).getroot()
    except (OSError, ElementTree.ParseError):
        return []
    kept = []
    for entry in root.iter("DataSet"):
        name = entry.get("file", "")
        step = name[len("isosurface_"):-len(".pvtp")]
        if step.isdigit() and int(step) < first_step and \
                os.path.exists(os.path.join(os.path.dirname(index), name)):
            kept.append((float(entry.get("timestep", "0")), name))
    return kept


def as_extract(piece):
    """The arrays of the extract as ParaView shows them by default: the array
    the picture is coloured by (insitu.color_array, u by default) as the
    active scalars, so an opened extract is coloured like the picture (the
    contoured array, which the contour leaves active, is one value on each
    surface: one flat colour), the shading normals as the points' normals,
    and one floating-point type. The contour gives its points and the
    contoured array as float32 and interpolates the others (double on the
    grid) as double: every array is float32 here, as the points are, the
    extract being for viewing (7 digits; half the bytes of double)."""
    data = piece.GetPointData()
    scalars = colors.array if data.GetArray(colors.array) is not None else None
    for name in [data.GetArrayName(i) for i in range(data.GetNumberOfArrays())]:
        array = data.GetArray(name)
        if array is None or array.GetDataType() == vtkFloatArray().GetDataType():
            continue
        single = vtkFloatArray()
        single.DeepCopy(array)
        single.SetName(name)
        data.RemoveArray(name)
        data.AddArray(single)
    if scalars:
        data.SetActiveScalars(scalars)
    normals = data.GetArray("normals_" + s["contour_array"])
    if normals is not None:
        data.SetNormals(normals)


def write_extract(info):
    contour.UpdatePipeline(info.time)
    piece = vtkPolyData()
    piece.ShallowCopy(contour.GetClientSideObject().GetOutputDataObject(0))
    as_extract(piece)
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
        raise IOError("cannot write the extract %s: %s" % (writer.GetFileName(), vtkErrorCode.GetStringFromErrorCode(writer.GetErrorCode())))
    if rank == 0:
        global series
        index = os.path.join(options.ExtractsOutputDirectory, "isosurface.pvd")
        if series is None:  # a restarted run's index goes on from the frames before it
            series = earlier_extracts(index, info.timestep)
        series.append((info.time, name))
        with open(index + ".tmp", "w") as f:
            f.write('<?xml version="1.0"?>\n<VTKFile type="Collection" version="0.1">\n  <Collection>\n')
            for t, n in series:
                f.write('    <DataSet timestep="%.17g" part="0" file="%s"/>\n' % (t, n))
            f.write("  </Collection>\n</VTKFile>\n")
        os.replace(index + ".tmp", index)


def catalyst_execute(info):
    # The first render of a new representation resets the camera: put it back,
    gs_view.place_camera(view, s["camera"])
    # and the colour range (a fixed one, so frames of a run compare, or "auto").
    colors.update([contour], info.time)
    gs_view.annotate(info)
    write_extract(info)
