# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The cost model behind `model` (docs/scaling.md): time per step of one rank
from memory bandwidth, message latency and network bandwidth, for today's
scheme (halo_depth T = 1: one exchange of one ghost layer per stage, one pass
over memory per stage) and for deep halos (T > 1: ghost width G = T * stages,
one exchange every T steps, the stage levels of a block fused in cache)."""
import itertools


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


def halo_messages(box, layout, diagonals, width=1):
    """(message sizes in cells) one rank exchanges per exchange: faces (width x face),
    plus edges (width^2 x edge) and corners (width^3) when diagonals; none along an
    axis with one rank (the periodic wrap is a local copy)."""
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
            cells *= width if offset[d] else box[d]
        sizes.append(cells)
    return sizes


def volume(box, grow=0):
    cells = 1.0
    for b in box:
        cells *= b + 2 * grow
    return cells


def level_cells(box, levels):
    """Cells each stage level of a block computes: level j widens the owned box by
    G - 1 - j on every side of every axis (G = levels: the ghosts of every axis,
    periodic wraps included, are filled once per block), so the last level
    computes the owned box and each earlier one the cells the next one reads."""
    return [volume(box, levels - 1 - j) for j in range(levels)]


def redundant_fraction(box, levels):
    """Extra cell updates of a block over levels x owned cells (0 for one level)."""
    return sum(level_cells(box, levels)) / (levels * volume(box)) - 1


def inner_fraction(box, layout, levels, shrink1=1):
    """Share of a block's cell updates the stepper computes while the messages
    travel (blocking/block_plans.cpp): level j's inner box is the owned box
    shrunk by j + 1 (one level: by the ghost width, shrink1) along each axis
    split over ranks, and widened as the level is along the others; the rest,
    the shell, waits for the ghosts."""
    inner = total = 0.0
    for j in range(levels):
        widen = levels - 1 - j
        cut = shrink1 if levels == 1 else j + 1
        total += volume(box, widen)
        cells = 1.0
        for b, p in zip(box, layout):
            cells *= max(0.0, b - 2 * cut) if p > 1 else b + 2 * widen
        inner += cells
    return inner / total


def overlapped(t_compute, t_halo, a, inner):
    """The stepper's order: post, inner compute, wait, shell compute. The
    messages hide behind the inner part only (the default), or behind all of
    the compute (--overlap-all, the model's first form), or behind none
    (--no-overlap)."""
    if not a.overlap:
        return t_compute + t_halo
    if getattr(a, "overlap_inner", True):
        return max(inner * t_compute, t_halo) + (1 - inner) * t_compute
    return max(t_compute, t_halo)


def tile_factor(tile, levels, dims):
    """The GPU form streams tiles of tile^(dims-1) cells along the last axis; level j of a
    tile recomputes a rim of levels - 1 - j (as the block does): updates per owned update.
    tile = 0: no tiles (the CPU wavefront sweeps whole rows or planes)."""
    if not tile or levels == 1:
        return 1.0
    return sum((tile + 2 * (levels - 1 - j)) ** (dims - 1) for j in range(levels)) / (levels * tile ** (dims - 1))


def model_block(global_n, p, a, depth):
    """Time of one block of `depth` steps on one rank, and its parts. depth = 1 is
    today's scheme, stage by stage; a.stages stages per step (1 Euler, 2 RK2)."""
    dims = len(global_n)
    lay = balanced_layout(p, dims)
    box = [n / l for n, l in zip(global_n, lay)]
    cells = volume(box)
    stages = getattr(a, "stages", 1)
    if depth == 1:  # one exchange of one layer and one pass over memory per stage
        t_compute = cells * a.bytes_per_cell / a.bw_mem
        msgs = halo_messages(box, lay, a.diagonals)
        bytes_msgs = [2 * a.ghost * c * a.bytes_per_value for c in msgs]  # u and v
        t_halo = sum(a.alpha + b / a.beta for b in bytes_msgs)
        t = a.t_launch + overlapped(t_compute, t_halo, a, inner_fraction(box, lay, 1, a.ghost))
        # The wait (--t-wait) is per step, whatever the stages and messages.
        return {"t": stages * t + getattr(a, "t_wait", 0.0), "layout": lay, "box": box, "cells": cells, "compute": stages * t_compute,
                "halo": stages * t_halo, "latency": stages * a.alpha * len(msgs), "messages": stages * len(msgs),
                "halo_bytes": stages * sum(bytes_msgs), "redundant": 0.0, "width": a.ghost, "memory": stages * t_compute,
                "cache": 0.0}
    levels = depth * stages
    width = levels  # one layer per stage level the block advances
    # The dependency cone of any stencil reaches diagonal ghosts after two levels: always edges and corners.
    msgs = halo_messages(box, lay, True, width)
    bytes_msgs = [2 * c * a.bytes_per_value for c in msgs]
    t_halo = sum(a.alpha + b / a.beta for b in bytes_msgs)
    per_level = level_cells(box, levels)
    tiles = tile_factor(a.tile, levels, dims)
    updates = sum(per_level) * tiles
    # Memory: one read and one write of the state per block over the level-0 box (the
    # levels between stay in cache); a tile re-reads its rim, so the read half grows with it.
    read_rim = ((a.tile + 2 * levels) / a.tile) ** (dims - 1) if a.tile else 1.0
    t_memory = per_level[0] * a.fused_bytes_per_cell * (read_rim + 1) / 2 / a.bw_mem
    # In cache the kernel is bounded by its arithmetic and cache bandwidth instead.
    t_cache = updates / (a.cache_ceiling * a.bw_mem / a.bytes_per_cell)
    t_compute = max(t_memory, t_cache)
    t = a.t_launch + overlapped(t_compute, t_halo, a, inner_fraction(box, lay, levels)) + depth * getattr(a, "t_wait", 0.0)
    return {"t": t, "layout": lay, "box": box, "cells": cells, "compute": t_compute, "halo": t_halo,
            "latency": a.alpha * len(msgs), "messages": len(msgs), "halo_bytes": sum(bytes_msgs),
            "redundant": updates / (levels * cells) - 1, "width": width, "memory": t_memory, "cache": t_cache}


def model_step(global_n, p, a, depth=1):
    """Time per step (a block of `depth` steps divided by depth) and its parts, per step."""
    m = model_block(global_n, p, a, depth)
    per_step = dict(m)
    for k in ("t", "compute", "halo", "latency", "messages", "halo_bytes", "memory", "cache"):
        per_step[k] = m[k] / depth
    return per_step
