# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""`pearson`: Pearson's map reproduced (slurm/pearson.sh): each type's run against its published description.

For every type of the table (slurm/inputs/pearson-types.tsv: type, F, k, the accepted shape classes and
dynamics verdicts, the published description and its source) it reads DIR/<type>/: the shape class of the
last field (gs_post.py pattern, by default at the "mid" threshold: Pearson's colours are relative to the
field) and the dynamics verdict of its pattern.csv, and the program's own verdict in summary.json (a
difference is a warning). It writes
- DIR/pearson.csv and DIR/pearson.md: type, (F, k), the description, the accepted classes, the program's
  class with its shares, dynamics (and period), agree or not and, where not, what differs and the measure
  that says why;
- DIR/pearson.png: the (k, F) plane on linear axes, each type at its point with its Greek label and the
  program's shape and dynamics, agreements and disagreements marked apart;
- DIR/findings.txt: "agreement: N of M types" and the disagreeing types (collect.sh adds it to result.txt).
"""
import csv
import json
import os
import sys

from .common import InputError, need_modules, num, output_file
from .pattern import analyse, rules_of, summary_of

GREEK = {"alpha": "\u03b1", "beta": "\u03b2", "gamma": "\u03b3", "delta": "\u03b4", "epsilon": "\u03b5",
         "zeta": "\u03b6", "eta": "\u03b7", "theta": "\u03b8", "iota": "\u03b9", "kappa": "\u03ba",
         "lambda": "\u03bb", "mu": "\u03bc"}
COLUMNS = ("type", "F", "k", "description", "accepted_shapes", "accepted_dynamics", "class", "shares", "dynamics",
           "period", "program_dynamics", "agree", "why", "source")


def read_types(path):
    """The types of the table, in its order: dicts with type, F, k, shapes (set), dynamics (set), description, source."""
    try:
        with open(path) as f:
            lines = [line.rstrip("\n") for line in f if not line.startswith("#") and line.strip()]
    except OSError as e:
        raise InputError("%s: cannot read the types table (%s)" % (path, e.strerror or e))
    if not lines or lines[0].split("\t") != ["type", "F", "k", "shapes", "dynamics", "description", "source"]:
        raise InputError("%s: not a types table (first line: type, F, k, shapes, dynamics, description, source, "
                         "separated by tabs)" % path)
    out = []
    for n, line in enumerate(lines[1:], 2):
        cells = line.split("\t")
        if len(cells) != 7:
            raise InputError("%s: row %d has %d columns, not 7" % (path, n, len(cells)))
        try:
            F, k = float(cells[1]), float(cells[2])
        except ValueError:
            raise InputError("%s: row %d: F and k must be numbers" % (path, n))
        out.append({"type": cells[0], "F": F, "k": k, "shapes": cells[3].split("|"),
                    "dynamics": cells[4].split("|"), "description": cells[5], "source": cells[6]})
    return out


def why_not(r, t):
    """What differs, with the measure that shows it."""
    reasons = []
    d = r["dynamics"] or {}
    if r["class"] == "uniform" or d.get("verdict") == "decayed":
        return "the pattern died out: no structure left at t = %s (%s)" % (num(r["time"]), d.get("reason") or r["reason"])
    if r["class"] not in t["shapes"]:
        reasons.append("shape %s (%s) where the description reads %s" % (r["class"], r["reason"], " or ".join(t["shapes"])))
    if d.get("verdict") not in t["dynamics"]:
        reasons.append("dynamics %s (%s) where it reads %s" % (d.get("verdict"), d.get("reason"), " or ".join(t["dynamics"])))
    return "; ".join(reasons)


def member(run_dir, t, theta, rules):
    """One type's row (None where its run left no summary.json)."""
    summary = summary_of(run_dir)
    if summary is None:
        return None
    r = analyse(run_dir, theta, rules, "required")
    d = r["dynamics"]
    program = summary.get("dynamics") or {}
    agree = r["class"] in t["shapes"] and d["verdict"] in t["dynamics"]
    return {"type": t["type"], "F": t["F"], "k": t["k"], "description": t["description"],
            "accepted_shapes": "|".join(t["shapes"]), "accepted_dynamics": "|".join(t["dynamics"]),
            "class": r["class"], "shares": " ".join("%s %.2f" % (k, v) for k, v in (r["shares"] or {}).items() if v >= 0.005),
            "dynamics": d["verdict"], "period": d.get("period"), "program_dynamics": program.get("verdict"),
            "agree": "yes" if agree else "no", "why": "" if agree else why_not(r, t), "source": t["source"]}


def markdown(rows):
    head = "| type | F | k | published (source) | class (shares) | dynamics | agrees | why not |\n|---|---|---|---|---|---|---|---|\n"
    body = ""
    for r in rows:
        period = " (period %s)" % num(r["period"]) if r.get("period") else ""
        body += "| %s %s | %g | %g | %s ([source](%s)) | %s (%s) | %s%s | %s | %s |\n" % (
            GREEK.get(r["type"], ""), r["type"], r["F"], r["k"], r["description"], r["source"], r["class"],
            r["shares"], r["dynamics"], period, r["agree"], r["why"].replace("|", "/"))
    return head + body


def plot(rows, path):
    mods = need_modules("matplotlib")
    matplotlib = mods["matplotlib"]
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(9, 7))
    for r in rows:
        ok = r["agree"] == "yes"
        ax.plot(r["k"], r["F"], "o" if ok else "x", color="tab:green" if ok else "tab:red", markersize=9)
        period = " %s" % num(r["period"], 3) if r.get("period") else ""
        # A label goes left of its point where another point sits just right of it (iota and theta, eta and lambda).
        crowded = any(0 < o["k"] - r["k"] <= 0.004 and abs(o["F"] - r["F"]) < 0.003 for o in rows)
        ax.annotate("%s  %s\n%s%s" % (GREEK.get(r["type"], r["type"]), r["type"], r["class"] + ", " + str(r["dynamics"]), period),
                    (r["k"], r["F"]), textcoords="offset points", xytext=(-6, 4) if crowded else (6, 4),
                    ha="right" if crowded else "left", fontsize=8)
    ax.set_xlabel("k (kill rate)")
    ax.set_ylabel("F (feed rate)")
    agree = sum(r["agree"] == "yes" for r in rows)
    ax.set_title("Pearson's types at his set-up: shape class, dynamics (o agrees, x not): %d of %d" % (agree, len(rows)))
    ks = [r["k"] for r in rows]
    Fs = [r["F"] for r in rows]
    ax.set_xlim(min(ks) - 0.002, max(ks) + 0.006)
    ax.set_ylim(min(Fs) - 0.004, max(Fs) + 0.006)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def cmd_pearson(a):
    rules = rules_of(a)
    types = read_types(a.table)
    if a.check_options:
        return 0
    if not os.path.isdir(a.dir):
        raise InputError("%s: no such study folder" % a.dir)
    outputs = {name: os.path.join(a.dir, name) for name in ("pearson.csv", "pearson.md", "pearson.png", "findings.txt")}
    for path in outputs.values():
        output_file(path, "DIR")
    rows, missing = [], []
    for t in types:
        run = os.path.join(a.dir, t["type"])
        if not os.path.isdir(run):
            continue  # a type the study did not run (--types)
        r = member(run, t, a.threshold, rules)
        if r is None:
            missing.append(t["type"])
            continue
        if r["program_dynamics"] != r["dynamics"]:
            sys.stderr.write("gs_post.py pearson: warning: %s: the program's summary.json says %s, pattern.csv gives %s\n"
                             % (t["type"], r["program_dynamics"], r["dynamics"]))
        rows.append(r)
    if not rows:
        raise InputError("%s: no finished run of any type (no <type>/summary.json)" % a.dir)
    with open(outputs["pearson.csv"], "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    with open(outputs["pearson.md"], "w") as f:
        f.write(markdown(rows))
    plot(rows, outputs["pearson.png"])
    agree = [r["type"] for r in rows if r["agree"] == "yes"]
    lines = ["agreement: %d of %d types agree with the published descriptions" % (len(agree), len(rows))]
    lines += ["disagree: %s (%s)" % (r["type"], r["why"]) for r in rows if r["agree"] != "yes"]
    lines += ["not finished: %s" % t for t in missing]
    with open(outputs["findings.txt"], "w") as f:
        f.write("\n".join(lines) + "\n")
    for r in rows:
        print("%-8s F %-6g k %-7g %-8s %-12s %-4s %s" % (r["type"], r["F"], r["k"], r["class"], r["dynamics"], r["agree"], r["why"]))
    print("\n".join(lines))
    print("wrote", ", ".join(outputs[n] for n in ("pearson.csv", "pearson.md", "pearson.png", "findings.txt")))
    return 1 if missing else 0
