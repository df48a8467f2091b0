# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`model`: predicted weak and strong scaling from the halo cost model
(docs/scaling.md, costs in costs.py): compute time from memory bandwidth, halo
time from message latency and network bandwidth, overlapped as the stepper
overlaps them; with --halo-depth, the same tables for each halo_depth T."""
import os
import sys

from .common import make_folder, output_folder, plt, save_figure
from .costs import balanced_layout, model_step

COUNTS = [2 ** i for i in range(0, 13)]  # 1 .. 4096 GPUs


def fits(m):
    """A deep halo cannot be wider than the box it comes from (one neighbour per direction)."""
    return m["width"] <= min(m["box"])


def header(a, depths):
    inner = a.overlap and a.overlap_inner  # the stepper's order: post, inner cells, wait, shell cells
    lines = ["Model: t_step = %.3g s + %s(%s * %g B / %.3g B/s, sum over messages (%.3g s + bytes / %.3g B/s))%s"
             % (a.t_launch, "max" if a.overlap else "sum", "inner_cells" if inner else "cells_per_rank", a.bytes_per_cell,
                a.bw_mem, a.alpha, a.beta, " + shell_cells * %g B / %.3g B/s" % (a.bytes_per_cell, a.bw_mem) if inner else "")
             + (" + %.3g s wait per step" % a.t_wait if getattr(a, "t_wait", 0.0) else ""),
             "(%s halo: faces%s; u and v, %d ghost layer, %d-byte values; an axis with one rank wraps locally)"
             % ("3D" if a.dims == 3 else "2D", ", edges and corners" if a.diagonals else " only", a.ghost, a.bytes_per_value)]
    if depths != [1]:
        tiles = "x".join([str(a.tile)] * (a.dims - 1)) + " tiles streamed along the last axis" if a.tile else "no tiles"
        lines += ["halo_depth T > 1, per block of T steps (%d stage%s each): ghost width G = %s, one exchange of faces, "
                  "edges and corners; t_launch once; level j computes the box widened by G - 1 - j; fused: %g B per cell of "
                  "the level-0 box from memory, at most %g x the streaming rate in cache; %s. Times below are per step."
                  % (a.stages, "s" if a.stages > 1 else "", "T" if a.stages == 1 else "%d T" % a.stages,
                     a.fused_bytes_per_cell, a.cache_ceiling, tiles)]
    return lines + [""]


def weak_tables(a, depths, out):
    over_t = depths != [1]
    show = [p for p in COUNTS if p in (1, 8, 64, 512, 4096)] if a.dims == 3 else [1, 4, 16, 64, 256, 1024, 4096]
    out("### Weak scaling (fixed box per GPU): parallel efficiency t(1) / t(P)" + (" of the same T" if over_t else ""))
    out()
    extra = [" us per step, P = 1", " us per step, P = 4096", " speed-up over T = 1, P = 4096", " latency, P = 4096",
             " redundant"] if over_t else []
    out("| box per GPU |%s " % (" T |" if over_t else "") + " | ".join("P = %d" % p for p in show)
        + " | compute, P = 4096 | halo, P = 4096 |" + " |".join(extra) + (" |" if over_t else ""))
    out("|---|" + "---|" * (len(show) + 2 + over_t + len(extra)))
    curves = {}
    for b in a.weak_box:
        for depth in depths:
            t1, effs, curve = None, [], []
            for p in COUNTS:
                lay = balanced_layout(p, a.dims)
                m = model_step([b * l for l in lay], p, a, depth)
                t1 = t1 or m["t"]
                curve.append(t1 / m["t"])
                if p in show:
                    effs.append("%.2f" % (t1 / m["t"]))
            today = model_step([b * l for l in lay], p, a, 1)  # P = 4096, today's scheme
            if not fits(m):
                out("| %d^%d |%s ghost width %d exceeds the box |" % (b, a.dims, " %d |" % depth if over_t else "", m["width"]))
                continue
            curves[(b, depth)] = curve
            cells = ["%d^%d" % (b, a.dims)] + (["%d" % depth] if over_t else []) + effs
            cells += ["%.0f us" % (1e6 * m["compute"]), "%.0f us" % (1e6 * m["halo"])]
            if over_t:
                cells += ["%.1f" % (1e6 * t1), "%.1f" % (1e6 * m["t"]), "%.2f" % (today["t"] / m["t"]),
                          "%.1f us" % (1e6 * m["latency"]),
                          "%.1f%%" % (100 * m["redundant"])]
            out("| " + " | ".join(cells) + " |")
    return show, curves


def strong_tables(a, depths, out, show):
    over_t = depths != [1]
    out()
    out("### Strong scaling (fixed global grid): speed-up over one GPU%s and efficiency"
        % (" with T = 1" if over_t else ""))
    out()
    out("| global grid |%s " % (" T |" if over_t else "") + " | ".join("P = %d" % p for p in show) + " |")
    out("|---|" + "---|" * (len(show) + over_t))
    curves = {}
    for n in a.strong_n:
        t1 = model_step([n] * a.dims, 1, a, 1)["t"]  # today's scheme on one GPU: the common reference
        for depth in depths:
            cells, curve = [], []
            for p in COUNTS:
                m = model_step([n] * a.dims, p, a, depth)
                ok = fits(m)
                curve.append(t1 / m["t"] if ok else float("nan"))
                if p in show:
                    s = t1 / m["t"]
                    digits = "%.0f" if s >= 100 or not over_t else "%.3g"  # today's table keeps its format
                    cells.append((digits % s + " (%.0f%%)" % (100 * s / p)) if ok else "-")
            curves[(n, depth)] = curve
            out("| %d^%d |%s %s |" % (n, a.dims, " %d |" % depth if over_t else "", " | ".join(cells)))
    if over_t:
        out()
        out("(-: the ghost width G exceeds the box per GPU there.)")
    return curves


def plot(a, depths, weak_curves, strong_curves, path):
    pyplot = plt()
    fig, (ax1, ax2) = pyplot.subplots(1, 2, figsize=(10, 4))
    styles = ["o-", "s--", "^:", "d-."]  # one per T; one colour per box or grid
    colour = lambda key, keys: "C%d" % (sorted(set(k for k, _ in keys)).index(key) % 10)
    for (b, depth), c in weak_curves.items():
        label = "%d^%d per GPU" % (b, a.dims) + ("" if depths == [1] else ", T = %d" % depth)
        ax1.semilogx(COUNTS, c, styles[depths.index(depth) % 4], color=colour(b, weak_curves), ms=3, base=2, label=label)
    ax1.set_ylim(0, 1.05)
    ax1.set_xlabel("GPUs")
    ax1.set_ylabel("weak-scaling efficiency")
    ax1.legend(fontsize="small", loc="lower left")
    ax1.grid(True, alpha=0.3)
    for (n, depth), c in strong_curves.items():
        label = "%d^%d" % (n, a.dims) + ("" if depths == [1] else ", T = %d" % depth)
        ax2.loglog(COUNTS, c, styles[depths.index(depth) % 4], color=colour(n, strong_curves), ms=3, base=2, label=label)
    ax2.loglog(COUNTS, COUNTS, "k--", lw=0.8, base=2, label="ideal")
    ax2.set_xlabel("GPUs")
    ax2.set_ylabel("strong-scaling speed-up" + ("" if depths == [1] else " over T = 1 on one GPU"))
    ax2.legend(fontsize="small")
    ax2.grid(True, which="both", alpha=0.3)
    fig.suptitle(a.title or "halo cost model: %.2g TB/s memory, %.3g us + bytes / %.3g GB/s per message"
                 % (a.bw_mem / 1e12, a.alpha * 1e6, a.beta / 1e9))
    fig.tight_layout()
    save_figure(fig, path, dpi=110)


def cmd_model(a):
    if a.out:
        output_folder(a.out)
    depths = sorted(set(a.halo_depth))
    if a.fused_bytes_per_cell is None:
        a.fused_bytes_per_cell = a.bytes_per_cell
    lines = []
    out = lambda text="": lines.append(text)
    for line in header(a, depths):
        out(line)
    show, weak_curves = weak_tables(a, depths, out)
    strong_curves = strong_tables(a, depths, out, show)
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        make_folder(a.out)
        with open(os.path.join(a.out, "model.md"), "w") as f:  # the tables above, for docs/scaling.md
            f.write(text)
        plot(a, depths, weak_curves, strong_curves, os.path.join(a.out, "model.png"))
        print("wrote %s/model.{md,png}" % a.out)
    return 0
