#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every source file of the project carries the licence line (LICENSE,
BSD-3-Clause) in its first three lines: C++ sources and headers, Python,
shell, CMake and batch scripts. Inputs, data, docs and the Kokkos patches are
not source. Prints one FAIL line per file without it and a summary.

usage: check.py REPO_ROOT        check the repository's tracked files
       check.py --self-test      the checker must refuse a file without it
"""
import os
import subprocess
import sys
import tempfile

LINE = "SPDX-License-Identifier: BSD-3-Clause"
SUFFIXES = (".cpp", ".hpp", ".inc", ".hpp.in", ".py", ".sh", ".cmake", ".sbatch")
NAMES = ("CMakeLists.txt", "run")  # run: .ci/run


def is_source(path):
    name = os.path.basename(path)
    return path.endswith(SUFFIXES) or name in NAMES and (name != "run" or path.startswith(".ci/"))


def missing(root, paths):
    bad = []
    for p in paths:
        with open(os.path.join(root, p), encoding="utf-8", errors="replace") as f:
            head = [f.readline() for _ in range(3)]
        if not any(LINE in line for line in head):
            bad.append(p)
    return bad


def check(root):
    # Tracked files and new ones git does not ignore (build folders are ignored).
    listing = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, text=True)
    if listing.returncode != 0:
        print(f"SKIP: licence: {root} is not a git checkout, so its source files cannot be listed")
        return 77
    files = listing.stdout.split()
    sources = [p for p in files if is_source(p) and os.path.exists(os.path.join(root, p))]
    bad = missing(root, sources)
    for p in bad:
        print(f"FAIL: {p}: no '{LINE}' line in its first three lines (see LICENSE)")
    print(f"{'FAIL' if bad else 'PASS'}: licence: {len(sources) - len(bad)} of {len(sources)} source files carry the licence line")
    return 1 if bad or not sources else 0


def self_test():
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["git", "init", "-q", d], check=True)
        with open(os.path.join(d, "good.cpp"), "w") as f:
            f.write(f"// Copyright (c) 2026, the grayscott developers. {LINE}\nint x;\n")
        with open(os.path.join(d, "bad.py"), "w") as f:
            f.write("#!/usr/bin/env python3\nprint(1)\n")
        with open(os.path.join(d, "notes.md"), "w") as f:
            f.write("not source\n")
        subprocess.run(["git", "-C", d, "add", "."], check=True)
        out = []
        files = subprocess.run(["git", "-C", d, "ls-files"], capture_output=True, text=True).stdout.split()
        bad = missing(d, [p for p in files if is_source(p)])
        ok = bad == ["bad.py"]
        print(f"{'PASS' if ok else 'FAIL'}: licence self-test: the checker refuses exactly bad.py (got {bad})")
        return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(check(sys.argv[1]))
