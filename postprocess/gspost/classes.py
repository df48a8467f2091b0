# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The measured patterns of an (F, k) sweep (`montage --classes`, `--table`): each
finished member's field measured by `pattern` (docs/patterns.md), one chart of the
(F, k) plane on linear axes (k to the right, F up), one marker per member coloured
by its class and labelled with the class and the dynamics verdict, and the numbers
per member as CSV. A member that did not finish, or whose field cannot be measured,
keeps its marker (white), labelled with why, and its row, with the reason."""
import csv
import sys
import textwrap

from .common import InputError, num, output_file, plt, save_figure
from .pattern import analyse

# Class colours of the chart (RGB, 0-255; tests read them back from the pixels).
COLOURS = {"uniform": (190, 190, 190), "single": (140, 86, 75), "spots": (31, 119, 180), "holes": (255, 127, 14),
           "worms": (148, 103, 189), "stripes": (44, 160, 44), "mixed": (227, 119, 194)}
COLUMNS = ["F", "k", "run", "status", "class", "reason", "share_spots", "share_worms", "share_stripes", "share_holes",
           "dynamics", "dynamics_reason", "period", "median_change_rate", "median_churn", "threshold", "wavelength",
           "on_fraction", "boundary_per_volume", "euler", "euler_per_volume", "components", "holes",
           "component_size_mean", "boundary_speed", "time", "file"]


def measure_members(cells, theta=None, rules=None, dynamics_mode="auto"):
    """{(F, k): row dict} for the members of a montage's collect()."""
    rows = {}
    for (F, k), (run, _image, reason) in sorted(cells.items()):
        row = {"F": F, "k": k, "run": run or "", "status": "not run" if run is None else "ok"}
        if reason is not None and not reason.startswith("no image"):
            row.update(status="not finished", reason=reason)
        else:
            try:
                r = analyse(run, theta, rules, dynamics_mode)
            except InputError as e:
                row.update(status="not measured", reason=str(e))
            else:
                row.update({key: r.get(key) for key in COLUMNS if key in r and key != "dynamics"})
                row["boundary_speed"] = (r["change"] or {}).get("boundary_speed")
                for kind, share in (r.get("shares") or {}).items():
                    row["share_" + kind] = share
                d = r.get("dynamics") or {}
                row.update(dynamics=d.get("verdict"), dynamics_reason=d.get("reason"), period=d.get("period"),
                           median_change_rate=d.get("median_change_rate"), median_churn=d.get("median_churn"))
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


def axis_limits(values):
    """Limits of a linear axis holding values: half the smallest spacing beyond the ends (a tenth of the value,
    or 0.005, for a single value)."""
    values = sorted(values)
    gaps = [b - a for a, b in zip(values, values[1:]) if b > a]
    pad = min(gaps) / 2 if gaps else (abs(values[0]) * 0.1 or 0.005)
    return values[0] - pad, values[-1] + pad


def label_of(row):
    """The text beside a member's marker: class and dynamics verdict (and period), or why it is not measured."""
    cls = row.get("class")
    if cls in COLOURS:
        verdict = row.get("dynamics") or "no verdict"
        if row.get("period") is not None:
            verdict += " T=%s" % num(row["period"], 3)
        return "%s\n%s" % (cls, verdict)
    return textwrap.fill("%s: %s" % (row["status"], row.get("reason") or ""), 18)[:80]


def draw(rows, path, title, cell_inches, dpi):
    """One marker per member on linear k (x) and F (y) axes, coloured by class, labelled below it."""
    pyplot = plt()
    from matplotlib.lines import Line2D
    Fs = sorted({key[0] for key in rows})
    ks = sorted({key[1] for key in rows})
    fig, ax = pyplot.subplots(figsize=(cell_inches * len(ks) + 2.8, cell_inches * len(Fs) + 1.2))
    size = cell_inches * 72 * 0.35  # marker edge in points: about a third of the room per member
    for (F, k), row in sorted(rows.items()):
        cls = row.get("class")
        colour = tuple(c / 255.0 for c in COLOURS[cls]) if cls in COLOURS else (1, 1, 1)
        ax.plot([k], [F], marker="s", markersize=size, markerfacecolor=colour, markeredgecolor="black",
                markeredgewidth=0.8, linestyle="none")
        ax.annotate(label_of(row), (k, F), xytext=(0, -size / 2 - 2), textcoords="offset points", ha="center",
                    va="top", fontsize=6.5 if cls in COLOURS else 5.5)
    ax.set_xlim(*axis_limits(ks))
    low, high = axis_limits(Fs)
    ax.set_ylim(low - (high - low) * 0.08, high)  # room for the labels under the lowest markers
    ax.set_xlabel("k (kill rate)")
    ax.set_ylabel("F (feed rate)")
    ax.grid(True, linewidth=0.3, alpha=0.5)
    ax.set_title(title or "measured patterns over (F, k): class and dynamics")
    def swatch(face, name):
        return Line2D([], [], marker="s", linestyle="none", markersize=9, markeredgecolor="black",
                      markerfacecolor=face, label=name)
    ax.legend(handles=[swatch(tuple(c / 255.0 for c in rgb), name) for name, rgb in COLOURS.items()] +
              [swatch("white", "not measured")],
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
    rules = {"spot_size": a.spot_size, "worm_size": a.worm_size, "round_aspect": a.round_aspect,
             "dominant": a.dominant_share}
    rows = measure_members(cells, a.threshold, rules, a.dynamics)
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
