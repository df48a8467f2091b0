#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every summary.json that this build's grayscott wrote during the test run
(newer than the executable, anywhere under the tests' output folders) validates
against docs/summary.schema.json. Two tests' folders are left out: postprocess
edits summaries into wrong types on purpose, to test the refusals, and
config_errors places a stand-in that a refused run must leave untouched.

usage: every_summary.py GRAYSCOTT TESTS_BINARY_DIR SCHEMA
Exit 77 (skipped) when no summary was written yet (the test ran alone).
"""
import json
import os
import pathlib
import sys

import jsonschema

EDITED_ON_PURPOSE = ("regression.postprocess", "regression.config_errors")


def main():
    exe, tests_dir, schema_path = sys.argv[1:4]
    built = os.path.getmtime(exe)
    schema = json.load(open(schema_path))
    validator = jsonschema.validators.validator_for(schema)(schema)
    checked, failures = 0, []
    for path in sorted(pathlib.Path(tests_dir).rglob("summary.json")):
        if any(part in EDITED_ON_PURPOSE for part in path.parts) or not path.is_file():
            continue
        if path.stat().st_mtime < built:
            continue
        try:
            summary = json.load(open(path))
        except (OSError, ValueError) as e:
            failures.append("%s: not JSON: %s" % (path, e))
            continue
        checked += 1
        for e in sorted(validator.iter_errors(summary), key=lambda e: list(e.absolute_path))[:3]:
            failures.append("%s: %s: %s" % (path, "/".join(map(str, e.absolute_path)) or "(top)", e.message))
    for line in failures:
        print("FAIL:", line)
    if not checked:
        print("no summary.json newer than %s under %s: run the whole suite" % (exe, tests_dir))
        return 77
    print("%d summaries checked, %d problems" % (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
