#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Source layers of src/: the folder graph that the #include "folder/..."
lines draw must have no cycle, and every arrow must run down the LAYERS table
below. The cycle check is computed from the includes alone, so it holds even
where the table would let both arrows of a cycle through; the table itself
must be acyclic too. A new folder is added to the table with what it may use.

usage: check.py SRC_DIR      check a source tree (exit 1 on a violation)
       check.py --self-test  prove the checker fails on made-up bad trees
"""
import pathlib
import re
import sys
import tempfile

# folder -> folders it may include (besides itself). Ground floor first.
# Whole folders only: a file-level exception is how a cycle got in before.
LAYERS = {
    "core": set(),
    # stand-alone helpers built beside the program (the MPI latency injector): no project code
    "tools": set(),
    "numerics": {"core"},
    "config": {"core", "numerics"},
    "grid": {"core", "numerics", "config"},
    "comm": {"core", "grid", "config"},
    "noise": {"core", "config"},
    "physics": {"core", "numerics", "config", "grid", "comm", "noise"},
    "init": {"core", "numerics", "config", "grid", "comm", "noise"},
    "io": {"core", "numerics", "config", "grid", "comm", "physics"},
    # deep halos and fused steps: the plans and the forms that run the physics' stage kernel
    "blocking": {"core", "numerics", "config", "grid", "physics"},
    # the Catalyst plugin boundary and the block it is handed: state and config,
    # and the halo exchange that brings the block's far-layer normals
    "insitu": {"core", "config", "grid", "comm"},
    "outputs": {"core", "numerics", "config", "grid", "comm", "physics", "io", "insitu"},
    "bench": {"core", "numerics", "config", "grid", "comm", "physics", "blocking", "init", "io", "driver"},
    "driver": {"core", "numerics", "config", "grid", "comm", "noise", "physics", "blocking", "init", "io", "insitu", "outputs"},
    # the program's entry for one precision: a run (driver) or the benchmark
    "app": {"core", "numerics", "config", "grid", "comm", "physics", "blocking", "init", "io", "outputs", "driver", "bench"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/([^"]+)"', re.M)
SUFFIXES = (".hpp", ".cpp", ".in")


def folder_edges(src):
    """{(from, to): first 'file: #include' that draws it} over the folders of src."""
    edges = {}
    for folder in sorted(p.name for p in src.iterdir() if p.is_dir()):
        for path in sorted((src / folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            for target, rest in INCLUDE.findall(path.read_text(errors="replace")):
                if target != folder:
                    edges.setdefault((folder, target), f"{path.relative_to(src.parent)} includes {target}/{rest}")
    return edges


def find_cycles(nodes, edges):
    """Every strongly connected group of more than one node, each as one cycle
    through it (a list of nodes, first repeated at the end). Tarjan's algorithm."""
    succ = {n: sorted(b for a, b in edges if a == n) for n in nodes}
    index, low, on_stack, stack, groups = {}, {}, set(), [], []

    def visit(n):
        index[n] = low[n] = len(index)
        stack.append(n)
        on_stack.add(n)
        for m in succ.get(n, []):
            if m not in index:
                visit(m)
                low[n] = min(low[n], low[m])
            elif m in on_stack:
                low[n] = min(low[n], index[m])
        if low[n] == index[n]:
            group = []
            while True:
                m = stack.pop()
                on_stack.discard(m)
                group.append(m)
                if m == n:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for n in sorted(nodes):
        if n not in index:
            visit(n)
    cycles = []
    for group in groups:
        # Shortest way back to the group's first node, inside the group (breadth first).
        start, inside = group[0], set(group)
        paths, seen = [[start]], {start}
        cycle = None
        while paths and cycle is None:
            nxt = []
            for path in paths:
                for m in succ[path[-1]]:
                    if m == start:
                        cycle = path + [start]
                        break
                    if m in inside and m not in seen:
                        seen.add(m)
                        nxt.append(path + [m])
                if cycle:
                    break
            paths = nxt
        cycles.append(cycle)
    return cycles


def check(src, layers=LAYERS, out=print):
    """Prints FAIL lines and a summary; returns the number of violations."""
    src = pathlib.Path(src)
    bad = []
    table_edges = {(a, b) for a, allowed in layers.items() for b in allowed}
    for cycle in find_cycles(set(layers), table_edges):
        bad.append("the layer table itself has a cycle: " + " -> ".join(cycle))
    for a, b in sorted(table_edges):
        if b not in layers:
            bad.append(f"the layer table lets {a} use '{b}', which is not a folder of the table")
    edges = folder_edges(src)
    folders = sorted(p.name for p in src.iterdir() if p.is_dir())
    for folder in folders:
        if folder not in layers:
            bad.append(f"src/{folder}/: a folder the layer table does not know; add it to {__file__} with what it may use")
    for (a, b), where in sorted(edges.items()):
        if a in layers and b not in layers.get(a, set()):
            bad.append(f"{where}: {a} -> {b} runs against the layers")
    for cycle in find_cycles(set(folders) | {b for _, b in edges}, set(edges)):
        steps = [f"{edges[(x, y)]}" for x, y in zip(cycle, cycle[1:])]
        bad.append("folder cycle " + " -> ".join(cycle) + " (" + "; ".join(steps) + ")")
    for line in bad:
        out("FAIL: " + line)
    out(f"{len(edges)} folder dependencies checked: " + ", ".join(f"{a}->{b}" for a, b in sorted(edges)))
    if not bad:
        out("PASS: no folder cycle, no include runs back up the layers")
    return len(bad)


def self_test():
    """Made-up trees the checker must refuse (and one it must accept)."""
    def tree(root, files):
        for rel, text in files.items():
            path = pathlib.Path(root) / "src" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return pathlib.Path(root) / "src"

    # A table that allows both arrows of a -> b -> a, so only the cycle check can catch it.
    loose = {"a": {"b"}, "b": {"a", "c"}, "c": set()}
    cases = [
        ("a clean tree passes", {"a/x.hpp": '#include "b/y.hpp"\n', "b/y.hpp": '#include "c/z.hpp"\n', "c/z.hpp": ""},
         {"a": {"b", "c"}, "b": {"c"}, "c": set()}, None),
        ("a two-folder cycle the table allows",
         {"a/x.cpp": '#include "b/y.hpp"\n', "b/y.hpp": '  # include "a/x.hpp"\n', "c/z.hpp": ""}, None, "folder cycle a -> b -> a"),
        ("a three-folder cycle", {"a/x.hpp": '#include "b/y.hpp"\n', "b/y.hpp": '#include "c/z.hpp"\n',
                                  "c/z.hpp": '#include "a/x.hpp"\n'}, loose, "folder cycle a -> b -> c -> a"),
        ("an arrow against the table", {"a/x.hpp": "", "c/z.hpp": '#include "a/x.hpp"\n'}, loose, "c -> a runs against the layers"),
        ("a folder the table does not know", {"a/x.hpp": "", "d/w.hpp": ""}, loose, "src/d/: a folder the layer table does not know"),
        ("a cycle in the table", {"a/x.hpp": ""}, {"a": {"b"}, "b": {"a"}}, "the layer table itself has a cycle: a -> b -> a"),
    ]
    failures = 0
    for name, files, layers, expect in cases:
        with tempfile.TemporaryDirectory() as tmp:
            lines = []
            found = check(tree(tmp, files), layers if layers is not None else loose, out=lines.append)
            text = "\n".join(lines)
            ok = found == 0 if expect is None else found > 0 and expect in text
            print(("ok:   " if ok else "FAIL: ") + name + ("" if ok else f" (expected {expect!r}, got:\n{text})"))
            failures += not ok
    print("PASS: the checker refuses every made-up violation" if not failures else f"{failures} self-test case(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(1 if check(sys.argv[1]) else 0)
