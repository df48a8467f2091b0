# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`field`: a field file or checkpoint as a picture (2D image, or the three
mid-planes of a 3D field) with a colour bar and physical axes."""
import os

from .common import InputError, need_modules, output_file, plt, save_figure
from .summary import grid_of, load_summary


def read_field(path, var):
    mods = need_modules("numpy", "h5py")
    h5py = mods["h5py"]
    if not os.path.isfile(path):
        raise InputError("%s: no such file" % path)
    try:
        with h5py.File(path, "r") as f:
            if var not in f:
                raise InputError("%s: no dataset '%s' (has %s)" % (path, var, ", ".join(f.keys())))
            if not isinstance(f[var], h5py.Dataset):
                raise InputError("%s: '%s' is a %s, not a dataset" % (path, var, type(f[var]).__name__.lower()))
            a = f[var][...]
            attrs = dict(f.attrs)
    except OSError as e:
        raise InputError("%s: not a readable HDF5 file (%s)" % (path, e))
    if a.ndim not in (2, 3):
        raise InputError("%s: dataset '%s' has %d dimensions (expected 2 or 3)" % (path, var, a.ndim))
    if a.dtype.kind not in "fiu":
        raise InputError("%s: dataset '%s' holds %s, not numbers" % (path, var, a.dtype))
    return a, attrs


def final_field_file(s):
    """fields_<steps>.h5 of a finished run."""
    steps = int(s["steps"])
    path = os.path.join(s["_dir"], "fields_%08d.h5" % steps)
    if not os.path.isfile(path):
        raise InputError("%s: missing (run with output.fields_every dividing time.steps)" % path)
    return path


def _lengths(a, attrs, shape_xyz):
    L = a.L
    if L is None and "L" in attrs:
        try:
            L = [float(x) for x in attrs["L"]]
        except (TypeError, ValueError):
            raise InputError("%s: attribute 'L' is not a list of numbers" % a.file)
    if L is None:
        sp = os.path.join(os.path.dirname(os.path.abspath(a.file)), "summary.json")
        if os.path.isfile(sp):
            L = grid_of(load_summary(sp))[2]
    if L is None:
        return [float(n) for n in shape_xyz], " (cells)"
    if len(L) < len(shape_xyz):
        raise InputError("--L needs %d lengths for this %dD field" % (len(shape_xyz), len(shape_xyz)))
    return L, ""


def cmd_field(a):
    np = need_modules("numpy")["numpy"]
    out = output_file(a.output or os.path.splitext(a.file)[0] + "_%s.png" % a.var, "-o")
    data, attrs = read_field(a.file, a.var)
    shape_xyz = list(reversed(data.shape))
    L, unit = _lengths(a, attrs, shape_xyz)
    pyplot = plt()
    if a.cmap not in pyplot.colormaps():
        raise InputError("--cmap %s: not a matplotlib colormap (e.g. inferno, viridis, gray)" % a.cmap)
    vmin = a.vmin if a.vmin is not None else float(np.nanmin(data))
    vmax = a.vmax if a.vmax is not None else float(np.nanmax(data))
    title = "%s  %s" % (a.var, os.path.basename(a.file))
    try:
        if "step" in attrs:
            title += "  step %d" % int(attrs["step"])
        if "time" in attrs:
            title += "  t = %g" % float(attrs["time"])
    except (TypeError, ValueError):
        raise InputError("%s: attribute 'step' or 'time' is not a number" % a.file)
    if data.ndim == 2:
        fig, ax = pyplot.subplots(figsize=(6, 5))
        im = ax.imshow(data, origin="lower", extent=[0, L[0], 0, L[1]], vmin=vmin, vmax=vmax, cmap=a.cmap)
        ax.set_xlabel("x" + unit)
        ax.set_ylabel("y" + unit)
        axes = [ax]
    else:
        nz, ny, nx = data.shape
        planes = [("xy (z mid)", data[nz // 2, :, :], [0, L[0], 0, L[1]], ("x", "y")),
                  ("xz (y mid)", data[:, ny // 2, :], [0, L[0], 0, L[2]], ("x", "z")),
                  ("yz (x mid)", data[:, :, nx // 2], [0, L[1], 0, L[2]], ("y", "z"))]
        fig, axes = pyplot.subplots(1, 3, figsize=(14, 4.6))
        for ax, (name, img, ext, (xl, yl)) in zip(axes, planes):
            im = ax.imshow(img, origin="lower", extent=ext, vmin=vmin, vmax=vmax, cmap=a.cmap)
            ax.set_title(name)
            ax.set_xlabel(xl + unit)
            ax.set_ylabel(yl + unit)
    fig.colorbar(im, ax=axes, label=a.var)
    fig.suptitle(title)
    save_figure(fig, out, dpi=a.dpi)
    print("wrote", out)
