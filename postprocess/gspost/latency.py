# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`latency`: the table of a latency study (slurm/latency.sh): per case
(dimensions, stencil, ranks, injected latency alpha, halo_depth T) the median
over repeats of the time per step, the compute and halo phases and the cell
updates/s, beside what the cost model (costs.py, the model behind `model`)
predicts for the same alpha, beta, box, layout and the measured compute."""
import argparse
import csv
import os
import re
import statistics
import sys

from .common import InputError, make_folder, output_folder
from .costs import balanced_layout, model_step
from .summary import COMPLETE, load_summary, loop_seconds

MANIFEST = "latency-runs.tsv"  # run folder, alpha (us, 0: no injector), beta (B/s), repeat
REPORT = re.compile(r"^mpi_delay: rank (\d+): .*: (\d+) sends \((\d+) bytes\), (\d+) receives; "
                    r"slept ([0-9.]+) s in (\d+) sleeps, woke ([0-9.]+) us late on average; cpu ([0-9.]+) s$")


def read_manifest(folder):
    path = os.path.join(folder, MANIFEST)
    try:
        with open(path) as f:
            rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    except OSError as e:
        raise InputError("%s: cannot read (%s); is it a folder of slurm/latency.sh?" % (path, e.strerror or e))
    runs = []
    for i, r in enumerate(rows, 1):
        try:
            name, alpha, beta, repeat = r
            runs.append((name, float(alpha), float(beta), int(repeat)))
        except ValueError:
            raise InputError("%s line %d: expected 'run<TAB>alpha_us<TAB>beta<TAB>repeat', got %r" % (path, i, "\t".join(r)))
    return runs


def injector_reports(log):
    """Per rank (sends, bytes, sleeps, late us, cpu s) from the injector's lines in a run's log; {} without."""
    out = {}
    if os.path.exists(log):
        with open(log, errors="replace") as f:
            for line in f:
                m = REPORT.match(line.strip())
                if m:
                    out[int(m.group(1))] = (int(m.group(2)), int(m.group(3)), int(m.group(6)), float(m.group(7)),
                                            float(m.group(8)))
    return out


def cpu_seconds(path):
    """User + system CPU seconds of the whole launch (/usr/bin/time -f '%e %U %S'), None without the file."""
    try:
        with open(path) as f:
            fields = f.read().split()[-3:]
        return float(fields[1]) + float(fields[2])
    except (OSError, ValueError, IndexError):
        return None


def measure(folder, name, alpha, beta):
    s = load_summary(os.path.join(folder, name, "summary.json"))
    if s["status"] not in COMPLETE:
        raise InputError("%s: status %s; rerun the study or remove the run" % (s["_path"], s["status"]))
    cfg = s["config"]
    steps = max(1, int(s["steps"]))
    w = s.get("wall_time_s") or {}
    n = cfg["grid"]["n"]
    dims = int(cfg["grid"]["dims"])
    reports = injector_reports(os.path.join(folder, name + ".log"))
    if alpha > 0 and len(reports) != int(s["ranks"]):
        raise InputError("%s.log: %d injector reports for %d ranks; was libgs_mpi_delay.so preloaded?"
                         % (os.path.join(folder, name), len(reports), s["ranks"]))
    depth = int(cfg["parallel"]["halo_depth"])
    return {
        "key": (dims, int(cfg["grid"]["stencil"]), int(s["ranks"]), alpha, depth),
        "layout": list(s["layout"]),
        "global_n": n if isinstance(n, list) else [n] * dims,
        "beta": beta,
        "ms_step": 1e3 * loop_seconds(s) / steps,
        "compute": 1e3 * float(w.get("compute", 0)) / steps,
        "halo": 1e3 * float(w.get("halo_exchange", 0)) / steps,
        "cups": float(s.get("cell_updates_per_s") or 0),
        # messages per exchange per rank: rank 0's sends over its exchanges
        "messages": reports[0][0] / -(-steps // depth) if reports else None,
        "late_us": statistics.mean(r[3] for r in reports.values()) if reports else None,
        "cpu": cpu_seconds(os.path.join(folder, name + ".time")),
        "steps": steps,
    }


def model_args(dims, stencil, alpha_s, beta, bw_mem, overlap_inner, t_wait=0.0):
    """The options of `gs_post.py model` that describe this machine's runs: no launch cost, one rank per
    box, no tiles, the compute of the measured rate (bw_mem chosen so), in-cache rate = streaming rate."""
    return argparse.Namespace(dims=dims, bw_mem=bw_mem, bytes_per_cell=32, bytes_per_value=8, t_launch=0.0,
                              alpha=alpha_s, beta=beta, ghost=1, diagonals=stencil not in (5, 7), overlap=True,
                              stages=1, cache_ceiling=1.0, fused_bytes_per_cell=32, tile=0,
                              overlap_inner=overlap_inner, t_wait=t_wait)


def predict(case, compute_ms, overlap_inner, wait_ms=0.0):
    """Model time per step and exposed halo per step (ms) with the compute scaled to the measured one
    (and wait_ms per step of --t-wait)."""
    dims, stencil, ranks, alpha, depth = case["key"]
    if case["layout"] != balanced_layout(ranks, dims):
        raise InputError("layout %s of %d ranks is not the model's %s" % (case["layout"], ranks, balanced_layout(ranks, dims)))
    unit = model_step(case["global_n"], ranks, model_args(dims, stencil, 0.0, 1.0, 1.0, overlap_inner), depth)
    bw = unit["compute"] / (compute_ms * 1e-3)  # compute time is 1 / bw_mem times a count of bytes
    m = model_step(case["global_n"], ranks, model_args(dims, stencil, alpha * 1e-6, case["beta"], bw, overlap_inner,
                                                       wait_ms * 1e-3), depth)
    return 1e3 * m["t"], max(0.0, round(1e3 * (m["t"] - m["compute"]), 12)), m


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def by_depth(rows, header, fmt):
    """The same rows as two tables over T: the halo per step measured / modelled
    (the stepper's overlap), and the cell updates/s."""
    col = {h: i for i, h in enumerate(header)}
    depths = sorted({r[col["T"]] for r in rows})
    cases = {}
    for r in rows:
        cases.setdefault(tuple(r[col[h]] for h in ("dims", "stencil", "ranks", "layout", "box", "alpha us")), {})[r[col["T"]]] = r
    out = []
    for title, cell in (("halo ms per step, measured / model / model + wait",
                         lambda r: "%s / %s / %s" % tuple(fmt(r[col[h]]) for h in ("halo ms", "model halo ms", "model + wait halo ms"))),
                        ("cell updates/s", lambda r: fmt(r[col["cell updates/s"]]))):
        out += ["", "%s, by T:" % title, "",
                "| dims | stencil | ranks | layout | box | alpha us | " + " | ".join("T = %d" % t for t in depths) + " |",
                "|" + "---|" * (6 + len(depths))]
        for key in sorted(cases, key=lambda k: k[:5] + (float(k[5]),)):
            out.append("| " + " | ".join(str(k) for k in key) + " | "
                       + " | ".join(cell(cases[key][t]) if t in cases[key] else "-" for t in depths) + " |")
    return out


def cmd_latency(a):
    a.out = a.out or a.folder
    output_folder(a.out)
    runs = read_manifest(a.folder)
    if not runs:
        raise InputError("%s: no runs listed" % os.path.join(a.folder, MANIFEST))
    groups = {}
    for name, alpha, beta, _ in runs:
        m = measure(a.folder, name, alpha, beta)
        groups.setdefault(m["key"], []).append(m)
    header = ["dims", "stencil", "ranks", "layout", "box", "alpha us", "T", "runs", "ms/step", "compute ms", "halo ms",
              "cell updates/s", "messages", "model ms/step", "model halo ms", "model --overlap-all halo ms", "model + wait halo ms",
              "latency ms", "wake late us", "cpu s"]
    rows = []
    medians = {key: {k: median(m[k] for m in ms) for k in ("ms_step", "compute", "halo", "cups", "messages", "late_us", "cpu")}
               for key, ms in groups.items()}
    for key in sorted(groups):
        ms = groups[key]
        case = ms[0]
        dims, stencil, ranks, alpha, depth = key
        med = medians[key]
        t_new, halo_new, m = predict(case, med["compute"], True)
        _, halo_old, _ = predict(case, med["compute"], False)
        # The wait: the halo phase of the same case without injected latency (none without such runs).
        base = medians.get((dims, stencil, ranks, 0.0, depth))
        halo_wait = predict(case, med["compute"], True, base["halo"])[1] if base else None
        box = "x".join("%g" % (n / l) for n, l in zip(case["global_n"], case["layout"]))
        rows.append([dims, stencil, ranks, "x".join(map(str, case["layout"])), box, "%g" % alpha, depth, len(ms),
                     med["ms_step"], med["compute"], med["halo"], med["cups"],
                     m["messages"] * depth if med["messages"] is None else med["messages"],
                     t_new, halo_new, halo_old, halo_wait, 1e3 * m["latency"], med["late_us"], med["cpu"]])
    fmt = lambda v: "-" if v is None else ("%.3g" % v if isinstance(v, float) else str(v))
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(fmt(v) for v in r) + " |" for r in rows]
    lines += by_depth(rows, header, fmt)
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    make_folder(a.out)
    with open(os.path.join(a.out, "latency.md"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "latency.csv"), "w", newline="") as f:
        csv.writer(f).writerows([header] + rows)
    print("wrote %s/latency.{md,csv}" % a.out)
    return 0
