#!/usr/bin/env python3
"""Source layers: every #include "folder/..." between folders of src/ must run
down the allowed graph below, so no arrow runs back up. A new folder must be
added here with what it may use.

usage: check.py SRC_DIR
"""
import pathlib
import re
import sys

# folder -> folders it may include (besides itself). Ground floor first.
ALLOWED = {
    "core": set(),
    "numerics": {"core"},
    "config": {"core", "numerics"},
    "grid": {"core", "numerics", "config"},
    "comm": {"core", "grid", "config"},
    "noise": {"core", "config"},
    "physics": {"core", "numerics", "config", "grid", "comm", "noise"},
    "init": {"core", "numerics", "config", "grid", "comm", "noise"},
    "io": {"core", "numerics", "config", "grid", "comm", "physics"},
    # in-situ adaptors see the state and the output interface, nothing of the physics or the file formats
    "insitu": {"core", "config", "grid", "comm", "outputs/output.hpp"},
    "outputs": {"core", "numerics", "config", "grid", "comm", "physics", "io", "insitu"},
    "bench": {"core", "numerics", "config", "grid", "comm", "physics", "init", "io", "driver"},
    "driver": {"core", "numerics", "config", "grid", "comm", "noise", "physics", "init", "io", "outputs"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/([^"]+)"', re.M)


def main(src):
    src = pathlib.Path(src)
    bad, edges = [], set()
    folders = sorted(p.name for p in src.iterdir() if p.is_dir())
    for folder in folders:
        if folder not in ALLOWED:
            bad.append(f"src/{folder}/: a folder the layer table does not know; add it to {__file__} with what it may use")
            continue
        for path in sorted((src / folder).rglob("*")):
            if path.suffix not in (".hpp", ".cpp", ".in"):
                continue
            for target, rest in INCLUDE.findall(path.read_text()):
                if target == folder:
                    continue
                edges.add((folder, target))
                if target not in ALLOWED[folder] and f"{target}/{rest}" not in ALLOWED[folder]:
                    bad.append(f"{path.relative_to(src.parent)}: {folder} -> {target}/{rest} runs against the layers")
    for line in bad:
        print("FAIL:", line)
    print(f"{len(edges)} folder dependencies checked: " + ", ".join(f"{a}->{b}" for a, b in sorted(edges)))
    if bad:
        return 1
    print("PASS: no include runs back up the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
