# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The measured patterns of an (F, k) sweep (`montage --classes`, `--table`): each
finished member's field measured by `pattern` (docs/patterns.md), one chart of the
(F, k) plane coloured by class with the wavelength written in each cell, and the
numbers per member as CSV. A member that did not finish, or whose field cannot be
measured, keeps its cell, labelled with why, and its row, with the reason."""
import csv
import sys
import textwrap

from .common import InputError, num, output_file, plt, save_figure
from .pattern import CHANGE_LIMIT, analyse

# Class colours of the chart (RGB, 0-255; tests read them back from the pixels).
COLOURS = {"uniform": (190, 190, 190), "spots": (31, 119, 180), "stripes": (44, 160, 44),
           "holes": (255, 127, 14), "changing": (214, 39, 40)}
COLUMNS = ["F", "k", "run", "status", "class", "reason", "threshold", "wavelength", "on_fraction", "boundary_per_volume",
           "euler", "euler_per_volume", "components", "holes", "component_size_mean", "boundary_speed", "time",
           "file"]


def measure_members(cells, theta=None, change_limit=CHANGE_LIMIT):
    """{(F, k): row dict} for the members of a montage's collect()."""
    rows = {}
    for (F, k), (run, _image, reason) in sorted(cells.items()):
        row = {"F": F, "k": k, "run": run or "", "status": "not run" if run is None else "ok"}
        if reason is not None and not reason.startswith("no image"):
            row.update(status="not finished", reason=reason)
        else:
            try:
                r = analyse(run, theta, change_limit)
            except InputError as e:
                row.update(status="not measured", reason=str(e))
            else:
                row.update({key: r.get(key) for key in COLUMNS if key in r})
                row["boundary_speed"] = (r["change"] or {}).get("boundary_speed")
        if row["status"] == "not measured":  # the montage already named the members that did not finish
            print("gs_post.py montage: F=%g k=%g: %s: %s" % (F, k, row["status"], row.get("reason")), file=sys.stderr)
        rows[(F, k)] = row
    return rows


def write_csv(rows, path):
    try:
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(COLUMNS)
            for key in sorted(rows):
                w.writerow(["" if rows[key].get(c) is None else rows[key].get(c) for c in COLUMNS])
    except OSError as e:
        raise InputError("%s: cannot write (%s)" % (path, e.strerror or e))


def draw(rows, path, title, cell_inches, dpi):
    pyplot = plt()
    from matplotlib.patches import Patch, Rectangle
    Fs = sorted({key[0] for key in rows})
    ks = sorted({key[1] for key in rows})
    fig, ax = pyplot.subplots(figsize=(cell_inches * len(ks) + 2.8, cell_inches * len(Fs) + 1.2))
    for i, F in enumerate(Fs):  # F grows upwards, k to the right, as in the montage
        for j, k in enumerate(ks):
            row = rows.get((F, k), {"status": "not in the sweep", "reason": "not in the sweep"})
            cls = row.get("class")
            colour = tuple(c / 255.0 for c in COLOURS[cls]) if cls in COLOURS else (1, 1, 1)
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=colour, edgecolor="black", linewidth=0.8))
            if cls in COLOURS:
                text = "%s\n\u03bb = %s" % (cls, num(row.get("wavelength"), 3))
            else:
                text = textwrap.fill("%s: %s" % (row["status"], row.get("reason") or ""), 18)[:110]
            ax.text(j + 0.5, i + 0.5, text, ha="center", va="center", fontsize=7 if cls in COLOURS else 5.5)
    ax.set_xlim(0, len(ks))
    ax.set_ylim(0, len(Fs))
    ax.set_xticks([j + 0.5 for j in range(len(ks))])
    ax.set_xticklabels(["%g" % k for k in ks])
    ax.set_yticks([i + 0.5 for i in range(len(Fs))])
    ax.set_yticklabels(["%g" % F for F in Fs])
    ax.set_xlabel("k (kill rate)")
    ax.set_ylabel("F (feed rate)")
    ax.set_title(title or "measured patterns over (F, k) (wavelength \u03bb)")
    ax.legend(handles=[Patch(facecolor=tuple(c / 255.0 for c in rgb), edgecolor="black", label=name)
                       for name, rgb in COLOURS.items()] +
              [Patch(facecolor="white", edgecolor="black", label="not measured")],
              loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    fig.tight_layout()
    save_figure(fig, path, dpi=dpi)


def classes_and_table(a, cells):
    """montage --classes PNG / --table CSV: measure the members, draw, write. Returns the (F, k) of the members
    that could not be measured."""
    if a.classes:
        output_file(a.classes, "--classes")
    if a.table:
        output_file(a.table, "--table")
    rows = measure_members(cells, a.threshold, a.change_limit)
    if a.table:
        write_csv(rows, a.table)
        print("wrote %s (%d members)" % (a.table, len(rows)))
    if a.classes:
        draw(rows, a.classes, a.classes_title, a.cell_inches, a.dpi)
        counts = {}
        for row in rows.values():
            counts[row.get("class") or row["status"]] = counts.get(row.get("class") or row["status"], 0) + 1
        print("wrote %s (%s)" % (a.classes, ", ".join("%d %s" % (n, c) for c, n in sorted(counts.items()))))
    return {key for key, row in rows.items() if row["status"] != "ok"}  # (F, k) of the members not measured
