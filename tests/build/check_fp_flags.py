#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every object of the project was compiled under the floating-point policy.

usage: check_fp_flags.py COMPILE_COMMANDS SOURCE_DIR FLAG...

Reads CMake's compile_commands.json and requires, for every source file under
SOURCE_DIR (src/ and tests/: the library, the executable, the Catalyst plugin,
the test binaries and bench helpers), that each FLAG (GS_FP_FLAGS of
cmake/GrayScottFpPolicy.cmake) is on its command line and that no later flag
undoes it (-ffp-contract=fast after -ffp-contract=off, another -march=, or
-ffast-math / -Ofast, which allow contraction and reassociation). A digest
differs between rank counts or between CPU and GPU when one object misses it.
Exit 0: all objects carry the policy; 1: one does not (named); 77: nothing to
check (no compile_commands.json from this generator, or no flags for this
compiler).
"""
import json
import os
import shlex
import sys

FORBIDDEN = ("-ffast-math", "-Ofast", "-funsafe-math-optimizations")


def tokens(entry):
    return entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])


def problems(args, flags):
    """What is wrong with one command line: missing or overridden flags, forbidden ones."""
    out = [f"{bad} is set" for bad in FORBIDDEN if bad in args]
    for flag in flags:
        if flag not in args:
            out.append(f"{flag} is missing")
            continue
        key = flag.split("=", 1)[0] + "=" if "=" in flag else None
        if key:
            last = [a for a in args if a.startswith(key)][-1]
            if last != flag:
                out.append(f"{flag} is overridden by a later {last}")
    return out


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().split("\n")[2], file=sys.stderr)
        return 2
    path, source_dir, flags = sys.argv[1], os.path.realpath(sys.argv[2]), sys.argv[3:]
    if not flags:
        print("SKIP: the floating-point policy has no flags for this compiler")
        return 77
    if not os.path.isfile(path):
        print(f"SKIP: {path} does not exist (a generator without compile_commands.json, "
              "or CMAKE_EXPORT_COMPILE_COMMANDS=OFF)")
        return 77
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    checked, failed = set(), []
    for entry in entries:
        src = os.path.realpath(os.path.join(entry.get("directory", ""), entry["file"]))
        if not src.startswith(source_dir + os.sep):
            continue
        rel = os.path.relpath(src, source_dir)
        checked.add(rel)
        for p in problems(tokens(entry), flags):
            failed.append(f"{rel}: {p}")
    # Not vacuous: the executable's and a test binary's sources must be among them.
    for needed in ("src/main.cpp", "tests/unit/unit_main.cpp", "tests/mpi/mpi_main.cpp"):
        if needed not in checked:
            failed.append(f"{needed}: not in {path}")
    for line in failed:
        print(f"FAIL: {line}", file=sys.stderr)
    if failed:
        return 1
    print(f"PASS: {len(checked)} project sources compiled with {' '.join(flags)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
