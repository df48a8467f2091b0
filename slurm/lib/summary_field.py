#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Print top-level fields of a grayscott summary.json, one per line ('-' if absent).
usage: summary_field.py SUMMARY.json KEY [KEY ...]"""
import json
import sys

if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0 if len(sys.argv) > 1 else 2)
try:
    with open(sys.argv[1]) as f:
        s = json.load(f)
except (OSError, ValueError) as e:
    print("summary_field.py: %s: %s" % (sys.argv[1], e), file=sys.stderr)
    sys.exit(1)
for key in sys.argv[2:]:
    v = s.get(key)
    print("-" if v is None else v)
