"""`model`: predicted weak and strong scaling from the halo cost model
(docs/scaling.md): compute time from memory bandwidth, halo time from message
latency and network bandwidth, overlapped as the stepper overlaps them."""
import itertools
import os
import sys

from .common import make_folder, output_folder, plt, save_figure


def balanced_layout(p, dims):
    lay = [1] * dims
    n, f, factors = p, 2, []
    while n > 1:
        while n % f == 0:
            factors.append(f)
            n //= f
        f += 1
    for f in sorted(factors, reverse=True):
        i = min(range(dims), key=lambda j: lay[j])
        lay[i] *= f
    return lay


def halo_messages(box, layout, diagonals):
    """(message sizes in cells) one rank exchanges per step: faces, plus edges and
    corners for stencils with diagonal neighbours; none along an axis with one rank
    (the periodic wrap is a local copy)."""
    dims = len(box)
    sizes = []
    for offset in itertools.product((-1, 0, 1), repeat=dims):
        nz = [d for d in range(dims) if offset[d] != 0]
        if not nz or (len(nz) > 1 and not diagonals):
            continue
        if all(layout[d] == 1 for d in nz):
            continue
        cells = 1
        for d in range(dims):
            cells *= 1 if offset[d] else box[d]
        sizes.append(cells)
    return sizes


def model_step(global_n, p, a):
    dims = len(global_n)
    lay = balanced_layout(p, dims)
    box = [n / l for n, l in zip(global_n, lay)]
    cells = 1.0
    for b in box:
        cells *= b
    t_compute = cells * a.bytes_per_cell / a.bw_mem
    msgs = halo_messages(box, lay, a.diagonals)
    bytes_msgs = [2 * a.ghost * c * a.bytes_per_value for c in msgs]  # u and v
    t_halo = sum(a.alpha + b / a.beta for b in bytes_msgs)
    # The stepper computes the interior between posting and completing the messages.
    t = a.t_launch + (max(t_compute, t_halo) if a.overlap else t_compute + t_halo)
    return {"t": t, "layout": lay, "box": box, "cells": cells, "compute": t_compute, "halo": t_halo,
            "messages": len(msgs), "halo_bytes": sum(bytes_msgs)}


def cmd_model(a):
    if a.out:
        output_folder(a.out)
    counts = [2 ** i for i in range(0, 13)]  # 1 .. 4096
    lines = []
    out = lambda text="": lines.append(text)
    out("Model: t_step = %.3g s + %s(cells_per_rank * %g B / %.3g B/s, sum over messages (%.3g s + bytes / %.3g B/s))"
        % (a.t_launch, "max" if a.overlap else "sum", a.bytes_per_cell, a.bw_mem, a.alpha, a.beta))
    out("(%s halo: faces%s; u and v, %d ghost layer, %d-byte values; an axis with one rank wraps locally)"
        % ("3D" if a.dims == 3 else "2D", ", edges and corners" if a.diagonals else " only", a.ghost, a.bytes_per_value))
    out()
    show = [p for p in counts if p in (1, 8, 64, 512, 4096)] if a.dims == 3 else [1, 4, 16, 64, 256, 1024, 4096]
    weak_curves, strong_curves = {}, {}
    out("### Weak scaling (fixed box per GPU): parallel efficiency t(1) / t(P)")
    out()
    out("| box per GPU | " + " | ".join("P = %d" % p for p in show) + " | compute, P = 4096 | halo, P = 4096 |")
    out("|---|" + "---|" * (len(show) + 2))
    for b in a.weak_box:
        t1 = None
        effs = []
        curve = []
        for p in counts:
            lay = balanced_layout(p, a.dims)
            m = model_step([b * l for l in lay], p, a)
            t = m["t"]
            t1 = t1 or t
            curve.append(t1 / t)
            if p in show:
                effs.append("%.2f" % (t1 / t))
        weak_curves[b] = curve
        out("| %d^%d | %s | %.0f us | %.0f us |" % (b, a.dims, " | ".join(effs), 1e6 * m["compute"], 1e6 * m["halo"]))
    out()
    out("### Strong scaling (fixed global grid): speed-up over %s GPU and efficiency" % "one")
    out()
    out("| global grid | " + " | ".join("P = %d" % p for p in show) + " |")
    out("|---|" + "---|" * len(show))
    for n in a.strong_n:
        t1 = None
        cells = []
        curve = []
        for p in counts:
            m = model_step([n] * a.dims, p, a)
            t = m["t"]
            t1 = t1 or t
            curve.append(t1 / t)
            if p in show:
                cells.append("%.0f (%.0f%%)" % (t1 / t, 100 * t1 / t / p))
        strong_curves[n] = curve
        out("| %d^%d | %s |" % (n, a.dims, " | ".join(cells)))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        make_folder(a.out)
        with open(os.path.join(a.out, "model.md"), "w") as f:  # noqa: the tables above, for docs/scaling.md
            f.write(text)
        pyplot = plt()
        fig, (ax1, ax2) = pyplot.subplots(1, 2, figsize=(10, 4))
        for b, c in weak_curves.items():
            ax1.semilogx(counts, c, "o-", ms=3, base=2, label="%d^%d per GPU" % (b, a.dims))
        ax1.set_ylim(0, 1.05)
        ax1.set_xlabel("GPUs")
        ax1.set_ylabel("weak-scaling efficiency")
        ax1.legend()
        ax1.grid(True, alpha=0.3)
        for n, c in strong_curves.items():
            ax2.loglog(counts, c, "o-", ms=3, base=2, label="%d^%d" % (n, a.dims))
        ax2.loglog(counts, counts, "k--", lw=0.8, base=2, label="ideal")
        ax2.set_xlabel("GPUs")
        ax2.set_ylabel("strong-scaling speed-up")
        ax2.legend()
        ax2.grid(True, which="both", alpha=0.3)
        fig.suptitle(a.title or "halo cost model: %.2g TB/s memory, %.3g us + bytes / %.3g GB/s per message"
                     % (a.bw_mem / 1e12, a.alpha * 1e6, a.beta / 1e9))
        fig.tight_layout()
        save_figure(fig, os.path.join(a.out, "model.png"), dpi=110)
        print("wrote %s/model.{md,png}" % a.out)
    return 0
