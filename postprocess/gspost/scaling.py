# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`scaling`: time per step, speed-up, efficiency and per-phase breakdown of a
strong or weak scaling series (one summary.json per rank count)."""
import glob
import os
import sys

from .common import InputError, make_folder, output_folder, plt, save_figure, write_table, num
from .summary import COMPLETE, PHASE_GROUPS, load_summary, loop_seconds, phase_seconds


def expand(patterns):
    """Run folders from folder names and quoted glob patterns, in order."""
    dirs = []
    for pattern in patterns:
        dirs += sorted(glob.glob(pattern)) if any(c in pattern for c in "*?[") else [pattern]
    if not dirs:
        raise InputError("no run folders match %s" % " ".join(patterns))
    return dirs


def _rank_spread(s, steps):
    """From each rank's phases (summary_version 3): the slowest rank's compute
    over the mean (1: balanced), and the spread of the ranks' halo phase, ms
    per step (what the fastest rank waited beyond the slowest). None, None for
    older summaries."""
    per = s.get("wall_time_per_rank_s")
    if not isinstance(per, dict) or not per.get("compute") or not per.get("halo_exchange"):
        return None, None
    compute, halo = per["compute"], per["halo_exchange"]
    mean = sum(compute) / len(compute)
    imbalance = max(compute) / mean if mean > 0 else None
    return imbalance, (max(halo) - min(halo)) / steps * 1e3


def _rows(runs, kind):
    base = runs[0]
    t0, p0 = loop_seconds(base), int(base["ranks"])
    rows = []
    for s in runs:
        p, t = int(s["ranks"]), loop_seconds(s)
        steps = max(1, int(s["steps"]))
        cups = float(s.get("cell_updates_per_s") or int(s["global_cells"]) * steps / t)
        if kind == "strong":
            speedup = t0 / t
            eff = speedup / (p / p0)
        else:  # weak: work per rank fixed, ideal time constant
            speedup = (t0 / t) * (p / p0)
            eff = t0 / t
        ph = phase_seconds(s)
        rows.append([p, int(s["global_cells"]), steps, t, t / steps * 1e3, cups, speedup, eff] +
                    [ph[label] / steps * 1e3 for label, _ in PHASE_GROUPS] + list(_rank_spread(s, steps)))
    return rows


def _plot(rows, kind, p0, title, path):
    pyplot = plt()
    ps = [r[0] for r in rows]
    fig, (ax1, ax2) = pyplot.subplots(1, 2, figsize=(10, 4))
    if kind == "strong":
        ax1.plot(ps, [r[6] for r in rows], "o-", label="measured")
        ax1.plot(ps, [p / p0 for p in ps], "k--", label="ideal")
        ax1.set_ylabel("speed-up vs %d rank%s" % (p0, "s" if p0 > 1 else ""))
    else:
        ax1.plot(ps, [r[4] for r in rows], "o-", label="measured")
        ax1.plot(ps, [rows[0][4]] * len(ps), "k--", label="ideal")
        ax1.set_ylabel("ms per step")
    ax1.set_xlabel("ranks")
    ax1.set_xscale("log", base=2)
    ax1.set_xticks(ps)
    ax1.set_xticklabels([str(p) for p in ps])
    ax1.set_title("%s scaling" % kind)
    ax1.legend()
    ax1.grid(True, alpha=0.3)
    x = range(len(rows))
    bottom = [0.0] * len(rows)
    for j, (label, _) in enumerate(PHASE_GROUPS):
        vals = [r[8 + j] for r in rows]
        ax2.bar(x, vals, bottom=bottom, label=label)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax2.set_xticks(list(x))
    ax2.set_xticklabels([str(p) for p in ps])
    ax2.set_xlabel("ranks")
    ax2.set_ylabel("ms per step (wall_time_s)")
    ax2.set_title("per-phase breakdown")
    ax2.legend()
    fig.suptitle(title or "%s scaling, %s" % (kind, "%d cells" % rows[0][1] if kind == "strong"
                                              else "%d cells per rank" % (rows[0][1] // max(1, rows[0][0]))))
    fig.tight_layout()
    save_figure(fig, path, dpi=110)


def cmd_scaling(a):
    output_folder(a.out)
    runs = [load_summary(d) for d in expand(a.runs)]
    for s in runs:
        if s["status"] not in COMPLETE:
            raise InputError("%s: status is '%s', not 'ok' (the run did not finish)" % (s["_path"], s["status"]))
        for key in ("ranks", "global_cells", "wall_time_s"):
            if key not in s:
                raise InputError("%s: key '%s' missing" % (s["_path"], key))
    runs.sort(key=lambda s: int(s["ranks"]))
    kind = a.kind
    if kind == "auto":
        kind = "strong" if all(int(s["global_cells"]) == int(runs[0]["global_cells"]) for s in runs) else "weak"
    rows = _rows(runs, kind)
    make_folder(a.out)
    header = ["ranks", "cells", "steps", "loop s", "ms/step", "cell updates/s",
              "speed-up", "efficiency"] + ["%s ms/step" % label for label, _ in PHASE_GROUPS] + [
              "compute imbalance", "halo spread ms/step"]
    md = os.path.join(a.out, "scaling.md")
    write_table(rows, header, md, os.path.join(a.out, "scaling.csv"), lambda i, v: num(v, 3))
    _plot(rows, kind, int(runs[0]["ranks"]), a.title, os.path.join(a.out, "scaling.png"))
    with open(md) as f:
        sys.stdout.write(f.read())
    print("wrote %s/scaling.{md,csv,png} (%s scaling)" % (a.out, kind))
    return 0
