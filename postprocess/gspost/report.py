# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""gs_post.py summary: a run's summary.json in a few lines: how it ended, the
grid and integrator, the ranks, the speed, and the build that made it (the
version and source commit, summary_version 6 on). Read through load_summary,
so a summary that is not valid is one error line."""
from .summary import cfg, grid_of, load_summary


def _g(x):
    return "%.4g" % x if isinstance(x, (int, float)) else "-"


def describe(s):
    """The lines that describe one run."""
    dims, n, _ = grid_of(s)
    status = s.get("status", "?")
    lines = ["%s: %s, %d steps to t = %s, digest %s" % (s["_path"], status, s["steps"], _g(s.get("time")),
                                                      s.get("digest", "-"))]
    if s.get("error"):
        lines.append("  error: %s" % s["error"])
    ti = s.get("time_integration") or {}
    integrator = ti.get("integrator") or cfg(s, "time.integrator", "?")
    layout = "x".join(str(x) for x in s.get("layout", [])) or "?"
    lines.append("  grid %dD %s, %s-point stencil, %s dt = %s, %s rank%s (layout %s)"
                 % (dims, "x".join(map(str, n)), cfg(s, "grid.stencil", "?"), integrator, _g(cfg(s, "time.dt", "?")),
                    s.get("ranks", "?"), "" if s.get("ranks") == 1 else "s", layout))
    wall = s.get("wall_time_s") or {}
    lines.append("  wall time %s s (time loop %s s), %s cell updates/s"
                 % (_g(wall.get("total")), _g(wall.get("time_loop")), _g(s.get("cell_updates_per_s"))))
    build = s.get("build")
    kokkos = s.get("kokkos") or {}
    if isinstance(build, dict):
        modified = {True: ", modified (uncommitted changes)", False: "", None: ", modified or not: unknown"}
        lines.append("  built by grayscott %s, commit %s%s; Kokkos %s %s"
                     % (build.get("version"), build.get("commit"), modified.get(build.get("modified"), ""),
                        kokkos.get("backend", "?"), kokkos.get("version", "?")))
    else:
        lines.append("  build not recorded (summary_version %s; the version and commit are recorded from 6 on)"
                     % s.get("summary_version", 1))
    return lines


def cmd_summary(a):
    for i, run in enumerate(a.runs):
        s = load_summary(run)
        if i:
            print()
        print("\n".join(describe(s)))
    return 0
