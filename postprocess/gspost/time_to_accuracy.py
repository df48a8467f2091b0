# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`time-to-accuracy`: error against wall time for Heun and rkl2 runs, and
rkl2 runs of the fourth-order stencil, on the smooth convergence problems (a
slurm/time_to_accuracy.sh folder). Each run's error is its difference from the
folder's reference run (a finer grid) sampled at the run's cell centres, so it
holds the space error as well as the time error; its cost is the median loop
time of its repeats."""
import csv
import glob
import json
import math
import os
import statistics
import sys

from .common import InputError, make_folder, need_modules, num, output_folder, plt, save_figure, write_table
from .convergence import coarsen, integration_of
from .field import final_field_file, read_field
from .summary import COMPLETE, cfg, grid_of, load_summary, loop_seconds, phase_seconds

FIELDS = ("dims", "name", "role", "integrator", "n", "dt", "steps", "dir")  # and "order" (2 where absent)
CHECK_ROLE = "order4-dt4"  # an order-4 level again at dt / 4, untimed: its difference is the time error
DEFAULT_MARGIN = 0.01  # rkl2's time error adds to the space error: "no larger than Heun's" is never met exactly
# A comparison of loop times that are mostly output (the final field file of a small level) measures the file
# system: above this share of the loop outside the compute phase, the verdicts compare compute times.
OUTPUT_SHARE = 0.5
NOISE_S = 0.01  # a compared time below this is timer and cache noise, and the verdict says so


def read_plan(folder):
    path = os.path.join(folder, "runs.tsv")
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f, delimiter="\t"))
    except FileNotFoundError:
        raise InputError("%s: no such file (is this a slurm/time_to_accuracy.sh folder?)" % path)
    except OSError as e:
        raise InputError("%s: cannot read (%s)" % (path, e.strerror or e))
    if not rows or any(k not in rows[0] for k in FIELDS):
        raise InputError("%s: not a table with the columns %s" % (path, ", ".join(FIELDS)))
    return rows


def load_run(folder, row, var):
    run_dir = os.path.join(folder, row["dir"])
    s = load_summary(run_dir)
    if s["status"] not in COMPLETE:
        raise InputError("%s: status is '%s', not 'ok'" % (s["_path"], s["status"]))
    dims, n, L = grid_of(s)
    field, _ = read_field(final_field_file(s), var)
    times, computes = [], []
    for p in sorted(glob.glob(os.path.join(folder, "d%s" % row["dims"], "times", row["name"] + ".r*.json"))):
        t = load_summary(p)
        times.append(loop_seconds(t))
        computes.append(phase_seconds(t)["compute"])
    if not times:
        times, computes = [loop_seconds(s)], [phase_seconds(s)["compute"]]
    integrator, stages = integration_of(s)
    ti = s.get("time_integration") if isinstance(s.get("time_integration"), dict) else {}
    limit = ti.get("dt_explicit_limit")
    dt = float(cfg(s, "time.dt"))
    order = cfg(s, "grid.order", None)
    order = int(order) if isinstance(order, int) else int(row.get("order") or 2)
    return {"row": row, "s": s, "dims": dims, "n": n[0], "L": L, "field": field, "dt": dt, "order": order,
            "steps": int(s["steps"]), "time": float(s.get("time", 0.0)), "integrator": integrator, "stages": stages,
            "limit": float(limit) if isinstance(limit, (int, float)) else None, "loop": statistics.median(times),
            "loop_min": min(times), "loop_max": max(times), "repeats": len(times),
            "compute": statistics.median(computes) if all(c > 0 for c in computes) else None,
            "output_share": 1.0 - statistics.median(computes) / statistics.median(times)
            if all(c > 0 for c in computes) else None}


def analyse(np, folder, rows, var, margin):
    by_dims = {}
    for row in rows:
        by_dims.setdefault(int(row["dims"]), []).append(row)
    results = {}
    for dims, group in sorted(by_dims.items()):
        refs = [r for r in group if r["role"] == "reference"]
        if len(refs) != 1:
            raise InputError("%s/runs.tsv: %dD has %d reference runs, not 1" % (folder, dims, len(refs)))
        ref = load_run(folder, refs[0], var)
        runs = [load_run(folder, row, var) for row in group if row["role"] not in ("reference", CHECK_ROLE)]
        checks = {r["n"]: r for r in (load_run(folder, row, var) for row in group if row["role"] == CHECK_ROLE)}
        heun_field = {r["n"]: r["field"] for r in runs if r["row"]["role"] == "heun"}
        for r in runs:
            if abs(r["time"] - ref["time"]) > 1e-9 * max(1.0, ref["time"]):
                raise InputError("%s: final time %g differs from the reference's %g" % (r["s"]["_path"], r["time"],
                                                                                        ref["time"]))
            if ref["n"] % r["n"]:
                raise InputError("%s: grid %d does not divide the reference's %d" % (r["s"]["_path"], r["n"], ref["n"]))
            e = r["field"] - coarsen(np, ref["field"], ref["n"] // r["n"])
            r["l2"] = float(np.sqrt(np.mean(e * e)))
            r["linf"] = float(np.max(np.abs(e)))
            # Against Heun on the same grid: the same space error, so what is left is the difference of the time
            # errors (Heun's, at dt0 / 4^i, is the smaller by far: this is about the run's own time error).
            h = heun_field.get(r["n"])
            r["vs_heun_l2"] = None if h is None or r["row"]["role"] == "heun" or r["order"] != 2 else \
                float(np.sqrt(np.mean((r["field"] - h) ** 2)))
            # Order 4 against itself at dt / 4: rkl2's time error is of order 2, so v(dt) - v(dt / 4) is 15/16
            # of v(dt)'s time error.
            c = checks.get(r["n"]) if r["row"]["role"] == "order4" else None
            r["time_error_l2"] = None if c is None else float(np.sqrt(np.mean((r["field"] - c["field"]) ** 2))) * 16 / 15
        for r in runs:
            r.pop("field")
        ref.pop("field")
        results[dims] = {"reference": ref, "runs": runs, "findings": findings(runs, margin)}
    return results


def cost_basis(runs):
    """What the verdicts compare: "loop" (the loop time), or "compute" (the compute phase) when more than
    OUTPUT_SHARE of a compared run's loop is spent outside it (field output, on small levels), and the largest such
    share."""
    shares = [r["output_share"] for r in runs if r["output_share"] is not None]
    share = max(shares) if shares else None
    usable = all(r["compute"] is not None for r in runs)
    return ("compute" if usable and share is not None and share > OUTPUT_SHARE else "loop"), share


def findings(runs, margin):
    """At the finest level: the fastest rkl2 run with an L2 error no larger than Heun's (times 1 + margin), and its
    share of Heun's time; over the levels: the study's sums (Heun at dt0 / 4^i, rkl2 at dt0 / 2^i); for the order-4
    runs: their errors and observed orders, their time error's largest share of their error, and the cheapest one
    that reaches Heun's error at the finest order-2 level, with its share of Heun's time and of the fastest rkl2
    run's there. Times are loop times, or compute times where output dominates the loops (cost_basis); a ratio with
    a time below NOISE_S is flagged as noise."""
    finest = max(r["n"] for r in runs if r["order"] == 2)
    heun = [r for r in runs if r["n"] == finest and r["row"]["role"] == "heun"]
    out = {"finest_n": finest}
    best = None
    if heun:
        h = heun[0]
        fine = [r for r in runs if r["n"] == finest and r["order"] == 2]
        basis, share = cost_basis(fine)
        ok = [r for r in fine if r["integrator"] == "rkl2" and r["l2"] <= h["l2"] * (1 + margin)]
        best = min(ok, key=lambda r: r[basis]) if ok else None
        out.update({"heun_l2": h["l2"], "heun_loop_s": h["loop"], "heun_compute_s": h["compute"], "margin": margin,
                    "cost_basis": basis, "output_share_max": share,
                    "heun_cost_s": h[basis],
                    "rkl2_best": None if best is None else {"dt": best["dt"], "stages": best["stages"], "l2": best["l2"],
                                                            "loop_s": best["loop"], "compute_s": best["compute"],
                                                            "cost_s": best[basis], "l2_ratio": best["l2"] / h["l2"]},
                    "time_ratio": None if best is None else best[basis] / h[basis],
                    "timing_noise": best is not None and min(best[basis], h[basis]) < NOISE_S})
    order4 = sorted((r for r in runs if r["row"]["role"] == "order4"), key=lambda r: r["n"])
    if order4:
        out["order4_levels"] = [{"n": r["n"], "dt": r["dt"], "stages": r["stages"], "l2": r["l2"],
                                 "time_error_l2": r["time_error_l2"], "loop_s": r["loop"], "compute_s": r["compute"]}
                                for r in order4]
        errs = [r["time_error_l2"] / r["l2"] for r in order4 if r["time_error_l2"] is not None and r["l2"] > 0]
        out["order4_time_error_share_max"] = max(errs) if errs else None
        out["order4_orders"] = [math.log(a["l2"] / b["l2"]) / math.log(b["n"] / a["n"])
                                for a, b in zip(order4, order4[1:]) if a["l2"] > 0 and b["l2"] > 0]
        if heun:
            h = heun[0]
            reach = [r for r in order4 if r["l2"] <= h["l2"] * (1 + margin)]
            # The cheapest order-4 run that reaches Heun's error at the finest order-2 level, against Heun there
            # and against the fastest rkl2 run there that reaches it, each pair judged on the time cost_basis picks.
            best4 = min(reach, key=lambda r: r["compute"] if r["compute"] is not None else r["loop"]) if reach else None
            out["order4_best"] = None
            if best4 is not None:
                vs = {}
                for what, other in (("heun", h), ("rkl2", best)):
                    if other is None:
                        continue
                    basis4, _ = cost_basis([best4, other])
                    vs[what] = {"cost_basis": basis4, "cost_s": best4[basis4], "other_cost_s": other[basis4],
                                "time_ratio": best4[basis4] / other[basis4] if other[basis4] > 0 else None,
                                "timing_noise": min(best4[basis4], other[basis4]) < NOISE_S}
                out["order4_best"] = {"n": best4["n"], "dt": best4["dt"], "stages": best4["stages"], "l2": best4["l2"],
                                      "l2_ratio": best4["l2"] / h["l2"], "loop_s": best4["loop"],
                                      "compute_s": best4["compute"], "against": vs}
    levels = sorted({r["n"] for r in runs if r["order"] == 2})
    pairs = []
    for n in levels:
        h = [r for r in runs if r["n"] == n and r["row"]["role"] == "heun"]
        k = [r for r in runs if r["n"] == n and r["row"]["role"] == "rkl2-study"]
        if not h or not k:
            return out
        pairs.append((n, h[0], k[0]))
    basis, share = cost_basis([r for _, h, k in pairs for r in (h, k)])
    heun_sum = sum(h[basis] for _, h, _ in pairs)
    study_sum = sum(k[basis] for _, _, k in pairs)
    per_level = [{"n": n, "heun_l2": h["l2"], "rkl2_l2": k["l2"], "heun_loop_s": h["loop"], "rkl2_loop_s": k["loop"],
                  "heun_compute_s": h["compute"], "rkl2_compute_s": k["compute"]} for n, h, k in pairs]
    out.update({"study_heun_loop_s": sum(h["loop"] for _, h, _ in pairs),
                "study_rkl2_loop_s": sum(k["loop"] for _, _, k in pairs),
                "study_cost_basis": basis, "study_output_share_max": share,
                "study_heun_cost_s": heun_sum, "study_rkl2_cost_s": study_sum,
                "study_timing_noise": min(heun_sum, study_sum) < NOISE_S,
                "study_time_ratio": study_sum / heun_sum if heun_sum > 0 else None,
                "study_levels": per_level,
                "study_rkl2_error_ratio_max": max(p["rkl2_l2"] / p["heun_l2"] for p in per_level)})
    return out


def _separate(fig, labels, points, step=9):
    """Moves annotations down (in offset points) until none overlaps an earlier one or a marker (points: display
    coordinates)."""
    from matplotlib.transforms import Bbox
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    placed = [Bbox.from_extents(x - 5, y - 5, x + 5, y + 5) for x, y in points]
    for t in labels:
        for _ in range(16):
            box = t.get_window_extent(renderer).padded(2)
            if not any(box.overlaps(b) for b in placed):
                break
            x, y = t.xyann
            t.xyann = (x, y - step)
        placed.append(t.get_window_extent(renderer))


def figure(results):
    """The plot of error against time for each dimension: x is the time the verdicts compare (loop time, or
    compute time where output dominates the loops), every rkl2 point names its stages per step, labels do not
    overlap and the legend sits below the axes, off the data."""
    pyplot = plt()
    fig, axes = pyplot.subplots(1, len(results), figsize=(5.8 * len(results), 5.6), squeeze=False)
    panels = []
    for ax, (dims, res) in zip(axes[0], sorted(results.items())):
        runs = res["runs"]
        finest = res["findings"]["finest_n"]
        basis, share = cost_basis(runs)
        heun = sorted((r for r in runs if r["row"]["role"] == "heun"), key=lambda r: r["n"])
        study = sorted((r for r in runs if r["row"]["role"] == "rkl2-study"), key=lambda r: r["n"])
        fine = sorted((r for r in runs if r["n"] == finest and r["integrator"] == "rkl2" and r["order"] == 2),
                      key=lambda r: r["dt"])
        order4 = sorted((r for r in runs if r["row"]["role"] == "order4"), key=lambda r: r["n"])
        labels = []
        ax.loglog([r[basis] for r in heun], [r["l2"] for r in heun], "o-", color="C0",
                  label="Heun (rk2, 2 stages per step), dt0 / 4^i (today's study); labels: n")
        for r in heun:
            labels.append(ax.annotate("%d" % r["n"], (r[basis], r["l2"]), textcoords="offset points", xytext=(-14, 4),
                                      fontsize=7, color="C0"))
        if study:
            ax.loglog([r[basis] for r in study], [r["l2"] for r in study], "s--", color="C1", mfc="none",
                      label="rkl2, dt0 / 2^i (--dt-scaling h); labels: n, stages per step")
            for r in study:
                if r["n"] != finest:
                    labels.append(ax.annotate("%d, s=%s" % (r["n"], num(r["stages"])), (r[basis], r["l2"]),
                                              textcoords="offset points", xytext=(4, 4), fontsize=7, color="C1"))
        ax.loglog([r[basis] for r in fine], [r["l2"] for r in fine], "^-", color="C3",
                  label="rkl2 at n = %d; labels: dt / explicit limit, stages per step" % finest)
        for r in fine:
            lim = r["limit"]
            labels.append(ax.annotate("%s, s=%s" % ("%s x" % num(r["dt"] / lim, 3) if lim else "dt %s" % num(r["dt"]),
                                                    num(r["stages"])),
                                      (r[basis], r["l2"]), textcoords="offset points", xytext=(4, -10), fontsize=7,
                                      color="C3"))
        if order4:
            ax.loglog([r[basis] for r in order4], [r["l2"] for r in order4], "D-", color="C2",
                      label="order 4 (radius-2 cross), rkl2; labels: n, stages per step")
            for r in order4:
                labels.append(ax.annotate("%d, s=%s" % (r["n"], num(r["stages"])), (r[basis], r["l2"]),
                                          textcoords="offset points", xytext=(4, 4), fontsize=7, color="C2"))
        ref = res["reference"]
        ax.set_title("%dD: error vs %s time (reference %d^%d, order %d, rkl2 dt %s)"
                     % (dims, basis, ref["n"], dims, ref["order"], num(ref["dt"])), fontsize=9)
        ax.set_xlabel("loop wall time, s (one core)" if basis == "loop" else
                      "compute time, s (one core; up to %.0f %% of a loop is output)" % (100 * share))
        ax.set_ylabel("L2 error of v against the reference")
        ax.grid(True, which="both", alpha=0.3)
        ax.margins(0.15)
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.14), frameon=False)
        panels.append((ax, labels, [(r[basis], r["l2"]) for r in heun + study + fine + order4]))
    fig.tight_layout()
    for ax, labels, points in panels:
        _separate(fig, labels, [tuple(ax.transData.transform(p)) for p in points])
    return fig


def _plot(results, path):
    save_figure(figure(results), path, dpi=110, bbox_inches="tight")


def timing_words(basis, share):
    if basis == "compute":
        return ("of compute (judged on compute time: up to %.0f %% of a compared run's loop is outside it, "
                "field files, images, diagnostics)" % (100 * share))
    return "of loop time"


def noise_words(noise):
    return (" (NOTE: a time compared is under %g ms: the ratio is timing noise; time larger levels)" % (1000 * NOISE_S)
            if noise else "")


def order4_lines(dims, f):
    """The verdict lines of the order-4 runs (none where the study ran none)."""
    levels = f.get("order4_levels")
    if not levels:
        return []
    share = f["order4_time_error_share_max"]
    lines = ["%dD order 4 (rkl2, n = %s): L2 error %s, observed orders %s; its time error (against the same run at "
             "dt / 4) at most %s of its error at any level" % (
                 dims, ", ".join(str(l["n"]) for l in levels), ", ".join(num(l["l2"]) for l in levels),
                 ", ".join(num(o, 3) for o in f["order4_orders"]) or "-",
                 "-" if share is None else num(share, 3))]
    if "heun_l2" not in f:
        return lines
    best = f.get("order4_best")
    within = "no larger than Heun's" if not f["margin"] else "at most %s x Heun's" % num(1 + f["margin"])
    if best is None:
        lines.append("%dD order 4: no order-4 run reached an error %s at n = %d" % (dims, within, f["finest_n"]))
        return lines
    parts = []
    for what, name in (("heun", "Heun's"), ("rkl2", "the fastest such rkl2 run's")):
        v = best["against"].get(what)
        if v is not None and v["time_ratio"] is not None:
            parts.append("%s = %s of %s %s s (%s)%s" % (
                num(v["cost_s"]), num(v["time_ratio"], 3), name, num(v["other_cost_s"]),
                "compute time" if v["cost_basis"] == "compute" else "loop time", noise_words(v["timing_noise"])))
    lines.append("%dD order 4: the cheapest run with an error %s at n = %d: n = %d, dt = %s, %s stages, L2 error %s "
                 "(%s x Heun's) in %s" % (dims, within, f["finest_n"], best["n"], num(best["dt"]), num(best["stages"]),
                                          num(best["l2"]), num(best["l2_ratio"], 4), "; ".join(parts)))
    return lines


def cmd_time_to_accuracy(a):
    np = need_modules("numpy", "h5py")["numpy"]
    folder = a.folder
    out = a.out or folder
    output_folder(out)
    rows = read_plan(folder)
    results = analyse(np, folder, rows, a.var, a.margin)
    header = ["dims", "n", "order", "integrator", "dt", "dt / explicit limit", "stages per step", "steps",
              "stage evaluations", "L2 error", "Linf error", "L2 difference from Heun", "time error (vs dt/4)",
              "loop s (median)", "loop s min", "loop s max", "repeats", "compute s"]
    table = []
    for dims, res in sorted(results.items()):
        for r in sorted(res["runs"], key=lambda r: (r["n"], r["order"], r["integrator"] != "rk2", r["dt"])):
            table.append([dims, r["n"], r["order"], "heun (rk2)" if r["integrator"] == "rk2" else r["integrator"], r["dt"],
                          r["dt"] / r["limit"] if r["limit"] else None, r["stages"], r["steps"],
                          r["steps"] * r["stages"] if r["stages"] else None, r["l2"], r["linf"], r["vs_heun_l2"],
                          r["time_error_l2"], r["loop"], r["loop_min"], r["loop_max"], r["repeats"], r["compute"]])
    make_folder(out)
    md = os.path.join(out, "time_to_accuracy.md")
    write_table(table, header, md, os.path.join(out, "time_to_accuracy.csv"), lambda i, v: num(v))
    lines = []
    for dims, res in sorted(results.items()):
        ref, f = res["reference"], res["findings"]
        lines.append("%dD reference: rkl2 with the order-%d stencil on %d^%d cells, dt = %s (%s stages per step, %d "
                     "steps, t = %s), its final v sampled at each run's cell centres (Fourier interpolation); the "
                     "error of a run holds its space error and its time error."
                     % (dims, ref["order"], ref["n"], dims, num(ref["dt"]), num(ref["stages"]), ref["steps"],
                        num(ref["time"])))
        if "heun_l2" in f:
            best = f["rkl2_best"]
            within = "no larger than Heun's" if not f["margin"] else "at most %s x Heun's" % num(1 + f["margin"])
            what = timing_words(f["cost_basis"], f["output_share_max"])
            lines.append("%dD finest level n = %d: Heun L2 error %s in %s s %s; %s%s" % (
                dims, f["finest_n"], num(f["heun_l2"]), num(f["heun_cost_s"]), what,
                "no rkl2 run reached an error %s" % within if best is None else
                "the fastest rkl2 run with an error %s: dt = %s, %s stages, L2 error %s (%s x Heun's) in %s s = %s "
                "of Heun's time" % (within, num(best["dt"]), num(best["stages"]), num(best["l2"]),
                                    num(best["l2_ratio"], 5), num(best["cost_s"]), num(f["time_ratio"], 3)),
                noise_words(f["timing_noise"])))
        if "study_time_ratio" in f:
            lines.append("%dD whole study (n = %s): Heun (dt0 / 4^i) %s s, rkl2 (dt0 / 2^i) %s s %s = %s of Heun's "
                         "time%s; rkl2's L2 error at most %s x Heun's at any level" % (
                             dims, ", ".join(str(p["n"]) for p in f["study_levels"]), num(f["study_heun_cost_s"]),
                             num(f["study_rkl2_cost_s"]), timing_words(f["study_cost_basis"], f["study_output_share_max"]),
                             num(f["study_time_ratio"], 3), noise_words(f["study_timing_noise"]),
                             num(f["study_rkl2_error_ratio_max"], 5)))
        lines.extend(order4_lines(dims, f))
    with open(md, "a") as fh:
        fh.write("\n" + "\n\n".join(lines) + "\n")
    with open(os.path.join(out, "time_to_accuracy.json"), "w") as fh:
        json.dump({str(d): {"reference": {k: v for k, v in res["reference"].items() if k not in ("row", "s")},
                            "findings": res["findings"],
                            "runs": [{k: v for k, v in r.items() if k not in ("row", "s")} for r in res["runs"]]}
                   for d, res in results.items()}, fh, indent=1)
    _plot(results, os.path.join(out, "time_to_accuracy.png"))
    with open(md) as fh:
        sys.stdout.write(fh.read())
    print("wrote %s/time_to_accuracy.{md,csv,json,png}" % out)
    return 0
