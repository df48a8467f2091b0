#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every default the docs give for a key is the program's default.

usage: defaults.py HELP_TXT DOCS_DIR

HELP_TXT is the output of `grayscott --help`, whose key lines read
"  section.key  (type, unit: U, default: D)", D written as JSON. In DOCS_DIR/*.md
every table whose header has a "default" column is read: each `section.key` in
backticks in a row's first cell is documented with that row's default cell.
The documented default is the first span in backticks of that cell (the rest
is commentary, as in `"none"` (diamond_square: 0.3)), or the whole cell when
it has none; it must equal the program's default as JSON values (1 and 1.0
are equal), or as text where it is not JSON (9 (2D) / 27 (3D)). A key that
the tables never give a default fails too.
"""
import json
import os
import re
import sys

HELP_LINE = re.compile(r"^  ([A-Za-z0-9_]+\.[A-Za-z0-9_]+)  \((.*), default: (.*)\)$")
KEY = re.compile(r"`([a-z]+\.[A-Za-z0-9_]+)`")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def value(text):
    """A default as a comparable value: JSON where it parses, else the text itself."""
    try:
        return ("json", json.loads(text))
    except ValueError:
        return ("text", text.strip('"'))


def same(a, b):
    if a[0] == "text" or b[0] == "text":
        return str(a[1]) == str(b[1])
    x, y = a[1], b[1]
    if isinstance(x, bool) or isinstance(y, bool):
        return x is y
    if isinstance(x, (int, float)) and isinstance(y, (int, float)):
        return float(x) == float(y)
    if isinstance(x, list) and isinstance(y, list):
        return len(x) == len(y) and all(same(("json", p), ("json", q)) for p, q in zip(x, y))
    return x == y


def documented(docs):
    """[(where, key, default cell, default text)] of every key row of a table with a default column."""
    rows = []
    for name in sorted(os.listdir(docs)):
        if not name.endswith(".md"):
            continue
        path = os.path.join(docs, name)
        lines = open(path, encoding="utf-8").read().split("\n")
        column = None
        for number, line in enumerate(lines, 1):
            if not line.startswith("|"):
                column = None
                continue
            row = cells(line)
            if column is None:
                # A table's first line is its header.
                lower = [c.lower() for c in row]
                column = lower.index("default") if "default" in lower else -1
                continue
            if column < 0 or column >= len(row) or set(line) <= set("|-: "):
                continue
            cell = row[column]
            ticked = re.search(r"`([^`]*)`", cell)
            text = ticked.group(1) if ticked else cell
            for key in KEY.findall(row[0]):
                rows.append(("%s:%d" % (name, number), key, cell, text))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: defaults.py HELP_TXT DOCS_DIR")
    program = {}
    for line in open(sys.argv[1], encoding="utf-8"):
        m = HELP_LINE.match(line.rstrip("\n"))
        if m:
            program[m.group(1)] = m.group(3)
    if not program:
        sys.exit("FAIL: no key lines with a default in %s" % sys.argv[1])
    rows = documented(sys.argv[2])
    failures = []
    seen = set()
    for where, key, cell, text in rows:
        if key not in program:
            continue  # a key named in a table that the program does not have: not a default to compare
        seen.add(key)
        if not same(value(text), value(program[key])):
            failures.append("%s: `%s` documented default %s, the program's is %s" % (where, key, cell, program[key]))
    for key in sorted(set(program) - seen):
        failures.append("`%s`: no table row in %s/*.md gives its default (the program's is %s)" % (key, sys.argv[2], program[key]))
    if failures:
        print("FAIL: %d documented default(s) differ from `grayscott --help`:" % len(failures))
        for f in failures:
            print("  " + f)
        sys.exit(1)
    print("PASS: %d documented defaults of %d keys equal the program's" % (len(rows), len(seen)))


if __name__ == "__main__":
    main()
