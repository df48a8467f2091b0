# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""What every subcommand shares: the one error type, optional modules with a
clear message when missing, output paths checked before any work, tables."""
import csv
import math
import os


class InputError(Exception):
    """A missing or malformed input or an unwritable output: one line, exit status 1."""


def need_modules(*names):
    missing = []
    mods = {}
    for n in names:
        try:
            mods[n] = __import__(n)
        except ImportError:
            missing.append(n)
    if missing:
        raise InputError("missing Python modules: %s (Debian: apt-get install %s; run with /usr/bin/python3)"
                         % (", ".join(missing), " ".join("python3-" + m for m in missing)))
    return mods


def plt():
    need_modules("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    return pyplot


def output_file(path, option):
    """Refuses, before any work, a file that cannot be written: its folder missing, or a folder in its place."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InputError("%s %s: folder %s does not exist" % (option, path, folder))
    if os.path.isdir(path):
        raise InputError("%s %s: is a folder, not a file" % (option, path))
    if not os.access(folder, os.W_OK):
        raise InputError("%s %s: folder %s is not writable" % (option, path, folder))
    return path


def output_folder(path, option="--out"):
    """Refuses, before any work, a results folder that is a file; make_folder creates it."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise InputError("%s %s: exists and is not a folder" % (option, path))
    return path


def make_folder(path, option="--out"):
    output_folder(path, option)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise InputError("%s %s: cannot create the folder (%s)" % (option, path, e.strerror or e))
    return path


def save_figure(fig, path, **kwargs):
    try:
        fig.savefig(path, **kwargs)
    except OSError as e:
        raise InputError("%s: cannot write (%s)" % (path, e.strerror or e))


def write_table(rows, header, md_path, csv_path, fmt):
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    with open(md_path, "w") as f:
        f.write("| " + " | ".join(header) + " |\n")
        f.write("|" + "---|" * len(header) + "\n")
        for r in rows:
            f.write("| " + " | ".join(fmt(i, v) for i, v in enumerate(r)) + " |\n")


def num(v, digits=4):
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "-"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "%.*g" % (digits, v)
    return str(v)
