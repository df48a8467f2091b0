#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The effective configuration that `grayscott --check` prints, for the slurm/
commands' checks before anything is queued, and the plan files of the studies.

usage: config_plan.py flatten RANKS [--layout LIST] [--exclude PATTERN ...] < CHECK_OUTPUT
         checks parallel.layout (LIST instead when given: the layout the job
         asks for, when --check ran with the program's own) against RANKS
         (what can be checked without starting RANKS processes: a layout
         without 0 entries must multiply to RANKS, one with 0 entries to a
         divisor of it), then prints the
         configuration as "section.key = JSON value" lines, sorted, leaving out
         the keys that match a PATTERN (fnmatch: checkpoint.*). Exit 2 with one
         line on stderr when the layout does not fit.
       config_plan.py compare PLAN_FILE < NEW_PLAN
         plan lines are "MEMBER section.key = value" (or "study = ..."). Exit 0
         when both plans are the same; otherwise exit 1 and one line naming the
         first differing member or key and both values.
       config_plan.py runs DIR < NEW_PLAN
         for a folder without a plan file (a study made before plans were
         kept): each run of NEW_PLAN that has DIR/MEMBER/summary.json is
         compared with that summary's config, key by key for the keys of the
         plan. Exit 0 when none differs; otherwise exit 1 and one line.
Never a traceback: bad input is one line on stderr, exit 2."""
import os
import fnmatch
import json
import sys


def die(msg, code=2):
    print(msg, file=sys.stderr)
    sys.exit(code)


def flatten(args):
    if not args or not args[0].isdigit():
        die("config_plan.py: flatten needs RANKS")
    ranks = int(args[0])
    excludes = []
    layout = None
    rest = args[1:]
    while rest:
        if rest[0] not in ("--exclude", "--layout") or len(rest) < 2:
            die("config_plan.py: unexpected argument %r" % rest[0])
        if rest[0] == "--layout":
            try:
                layout = json.loads(rest[1])
            except ValueError:
                die("config_plan.py: --layout %r is not a list" % rest[1])
        else:
            excludes.append(rest[1])
        rest = rest[2:]
    text = sys.stdin.read()
    start = text.find("{")
    try:
        cfg, _ = json.JSONDecoder().raw_decode(text[start:]) if start >= 0 else (None, 0)
    except ValueError as e:
        cfg = None
    if not isinstance(cfg, dict):
        die("the program's --check printed no configuration (is GS_BIN the grayscott program?)")
    if layout is not None and isinstance(cfg.get("parallel"), dict):
        cfg["parallel"]["layout"] = layout
    layout = cfg.get("parallel", {}).get("layout")
    if isinstance(layout, list) and layout and all(isinstance(x, int) and x >= 0 for x in layout):
        fixed = 1
        for x in layout:
            fixed *= x if x else 1
        zeros = layout.count(0)
        if (zeros == 0 and fixed != ranks) or (zeros and ranks % fixed):
            die("key 'parallel.layout': %s does not fit the %d rank%s of the job; the product of its entries must "
                "equal the rank count (0 entries are chosen automatically)" % (json.dumps(layout), ranks,
                                                                                "s" if ranks > 1 else ""))
    lines = []
    for section, keys in cfg.items():
        if not isinstance(keys, dict):
            continue
        for key, value in keys.items():
            name = section + "." + key
            if any(fnmatch.fnmatchcase(name, p) for p in excludes):
                continue
            lines.append("%s = %s" % (name, json.dumps(value, sort_keys=True)))
    print("\n".join(sorted(lines)))


def parse(text):
    """{member: {key: value}} in order, from plan lines."""
    plan = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        head, sep, value = line.partition(" = ")
        if not sep:
            continue
        member, _, key = head.rpartition(" ")
        plan.setdefault(member, {})[key] = value
    return plan


def compare(args):
    if len(args) != 1:
        die("config_plan.py: compare needs PLAN_FILE")
    try:
        with open(args[0]) as f:
            old = parse(f.read())
    except (OSError, UnicodeDecodeError) as e:
        die("%s: cannot read: %s" % (args[0], e))
    new = parse(sys.stdin.read())
    if old == new:
        return 0
    # Study-wide lines (no member) first, then the member list, then key by key.
    for key in list(old.get("", {})) + [k for k in new.get("", {}) if k not in old.get("", {})]:
        a, b = old.get("", {}).get(key, "(not set)"), new.get("", {}).get(key, "(not set)")
        if a != b:
            die("%s = %s there, %s now" % (key, a, b), 1)
    om, nm = [m for m in old if m], [m for m in new if m]
    if om != nm:
        die("runs %s there, %s now" % (" ".join(om) or "(none)", " ".join(nm) or "(none)"), 1)
    for m in nm:
        for key in list(old[m]) + [k for k in new[m] if k not in old[m]]:
            a, b = old[m].get(key, "(not set)"), new[m].get(key, "(not set)")
            if a != b:
                die("%s = %s there, %s now (run %s)" % (key, a, b, m), 1)
    die("the plans differ", 1)


def runs(args):
    if len(args) != 1:
        die("config_plan.py: runs needs DIR")
    new = parse(sys.stdin.read())
    for m, keys in new.items():
        if not m:
            continue
        path = os.path.join(args[0], m, "summary.json")
        try:
            with open(path) as f:
                cfg = json.load(f).get("config")
        except (OSError, ValueError, AttributeError):
            continue  # no run there, or one the collector reports as unreadable
        if not isinstance(cfg, dict):
            continue
        for key, value in keys.items():
            section, _, name = key.partition(".")
            if not isinstance(cfg.get(section), dict) or name not in cfg[section]:
                continue
            old = json.dumps(cfg[section][name], sort_keys=True)
            if old != value:
                die("%s = %s in %s/summary.json, %s now" % (key, old, m, value), 1)
    return 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    if argv[0] == "flatten":
        flatten(argv[1:])
        return 0
    if argv[0] == "compare":
        return compare(argv[1:])
    if argv[0] == "runs":
        return runs(argv[1:])
    die("config_plan.py: unknown command %r (flatten or compare)" % argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
