# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`montage`: the final images of an (F, k) sweep as one chart with F and k axes.

The members are read from the sweep's manifest (sweep.txt, written by
slurm/sweep.sh: one line of key=value overrides per array task, with
physics.F, physics.k and output.dir), so a member that left nothing is still
known and a re-run into the same folder is not confused with the old results.
Every member that can be drawn is; each other cell says why (no summary.json,
a stale one, failed with its error, no image), with one line per such member.
With --classes and --table it also measures each member's pattern (gspost/classes.py).
"""
import glob
import os
import shlex
import sys
import textwrap

from .common import InputError, output_file, plt, save_figure
from .scaling import expand
from .summary import COMPLETE, cfg, load_summary

MANIFEST = "sweep.txt"


def read_manifest(path):
    """[(F, k, run folder)] of a sweep manifest, in task order."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError("%s: cannot read the sweep manifest (%s)" % (path, getattr(e, "strerror", None) or e))
    members = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            settings = dict(tok.split("=", 1) for tok in shlex.split(line) if "=" in tok)
        except ValueError as e:
            raise InputError("%s: line %d: %s" % (path, number, e))
        try:
            F, k = float(settings["physics.F"]), float(settings["physics.k"])
            run = settings["output.dir"]
        except KeyError as e:
            raise InputError("%s: line %d: no %s (expected physics.F=... physics.k=... output.dir=...)"
                             % (path, number, e.args[0]))
        except ValueError:
            raise InputError("%s: line %d: physics.F or physics.k is not a number" % (path, number))
        members.append((F, k, run))
    if not members:
        raise InputError("%s: the sweep manifest lists no runs" % path)
    return members


def last_image(run_dir):
    """The image of the highest step: by number, since a restart that raised
    time.steps past a power of ten names its images one digit wider (docs/io.md)."""
    steps = {}
    for path in glob.glob(os.path.join(glob.escape(run_dir), "v_*.png")):
        digits = os.path.basename(path)[2:-4]
        if digits.isdigit():
            steps[path] = int(digits)
    return max(steps, key=steps.get) if steps else None


def member_state(run, F, k, manifest_time):
    """(image path or None, reason it is not drawn or None)."""
    if not os.path.exists(os.path.join(run, "summary.json")):
        return None, "no summary.json"
    try:
        s = load_summary(run)
    except InputError as e:
        return None, "bad summary.json: %s" % str(e).split(": ", 1)[-1]
    if manifest_time is not None and os.path.getmtime(s["_path"]) < manifest_time:
        return None, "stale summary.json (older than %s)" % MANIFEST
    try:
        sF, sk = float(cfg(s, "physics.F")), float(cfg(s, "physics.k"))
    except (InputError, TypeError, ValueError):
        return None, "summary.json has no physics.F, physics.k"
    if abs(sF - F) > 1e-9 * max(1.0, abs(F)) or abs(sk - k) > 1e-9 * max(1.0, abs(k)):
        return None, "summary.json is of F=%g, k=%g" % (sF, sk)
    if s["status"] not in COMPLETE:
        error = s.get("error")
        return None, s["status"] + (": " + error if isinstance(error, str) and error else "")
    image = last_image(s["_dir"])
    return (image, None) if image else (None, "no image (output.every)")


def collect(a):
    """{(F, k): (run, image, reason)} from the manifest, or from run folders and patterns."""
    runs = a.runs
    manifest = a.manifest
    if manifest is None and len(runs) == 1 and os.path.isfile(os.path.join(runs[0], MANIFEST)):
        manifest = os.path.join(runs[0], MANIFEST)
    elif manifest is None and len(runs) == 1 and os.path.basename(runs[0]) == MANIFEST:
        manifest = runs[0]
    cells = {}
    if manifest is not None:
        if manifest != a.manifest and len(runs) > 1:
            raise InputError("give either a sweep folder (or --manifest) or run folders, not both")
        when = os.path.getmtime(manifest) if os.path.isfile(manifest) else None
        for F, k, run in read_manifest(manifest):
            image, reason = member_state(run, F, k, when)
            cells[(round(F, 10), round(k, 10))] = (run, image, reason)
        return cells
    if not runs:
        raise InputError("give the sweep folder (holding %s), --manifest FILE, or run folders" % MANIFEST)
    unplaced = []  # without a readable summary a run folder has no (F, k) to be drawn at
    for run in expand(runs):
        try:
            s = load_summary(run)
            F, k = float(cfg(s, "physics.F")), float(cfg(s, "physics.k"))
        except (InputError, TypeError, ValueError) as e:
            unplaced.append(str(e))
            continue
        image, reason = member_state(run, F, k, None)
        cells[(round(F, 10), round(k, 10))] = (run, image, reason)
    if not cells:
        raise InputError(unplaced[0] if len(unplaced) == 1 else
                         "none of the %d run folders has a readable summary.json (first: %s)" % (len(unplaced), unplaced[0]))
    for why in unplaced:
        print("gs_post.py montage: not placed: %s" % why, file=sys.stderr)
    return cells


def cmd_montage(a):
    output_file(a.output, "-o")
    for path, option in ((a.classes, "--classes"), (a.table, "--table")):
        if path:
            output_file(path, option)
    cells = collect(a)
    Fs = sorted({key[0] for key in cells})
    ks = sorted({key[1] for key in cells})
    pyplot = plt()
    import matplotlib.image as mpimg
    size = a.cell_inches
    fig, axes = pyplot.subplots(len(Fs), len(ks), figsize=(size * len(ks) + 1.2, size * len(Fs) + 1.0), squeeze=False)
    missing, drawn = set(), 0  # missing: the (F, k) of members not drawn (or, below, not measured), each once
    for i, F in enumerate(reversed(Fs)):  # F grows upwards, as in Pearson's chart
        for j, k in enumerate(ks):
            ax = axes[i][j]
            ax.set_xticks([])
            ax.set_yticks([])
            run, image, reason = cells.get((F, k), (None, None, "not in the sweep"))
            if image is not None:
                try:
                    ax.imshow(mpimg.imread(image))
                    drawn += 1
                except (OSError, ValueError, SyntaxError):
                    reason = "unreadable image %s" % os.path.basename(image)
            if image is None or reason is not None:
                missing.add((F, k))
                ax.text(0.5, 0.5, textwrap.fill(reason, 16)[:120], ha="center", va="center", fontsize=6,
                        transform=ax.transAxes)
                if run is not None:
                    print("gs_post.py montage: F=%g k=%g: %s: %s" % (F, k, run, reason), file=sys.stderr)
            if j == 0:
                ax.set_ylabel("%g" % F, rotation=0, ha="right", va="center")
            if i == len(Fs) - 1:
                ax.set_xlabel("%g" % k)
    fig.supxlabel("k (kill rate)")
    fig.supylabel("F (feed rate)")
    fig.suptitle(a.title or "Gray-Scott patterns over (F, k)")
    fig.tight_layout()
    save_figure(fig, a.output, dpi=a.dpi)
    print("wrote %s (%d F x %d k, %d missing; %d drawn)" % (a.output, len(Fs), len(ks), len(missing), drawn))
    if a.classes or a.table:
        from .classes import classes_and_table
        missing |= classes_and_table(a, cells)
    if not drawn:
        raise InputError("no member of the sweep could be drawn (%d of %d missing); %s shows why"
                         % (len(missing), len(Fs) * len(ks), a.output))
    return 1 if missing and a.strict else 0
