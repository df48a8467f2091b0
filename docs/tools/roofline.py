#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Roofline plot and Markdown table from `grayscott --benchmark --json` files.

usage: /usr/bin/python3 docs/tools/roofline.py OUT.png RUN.json [RUN.json ...]

Each JSON is one run (one rank count / backend). x: arithmetic intensity of the
kernel (flops per byte it must move); y: achieved GFLOP/s. The slanted roofs are
the copy and triad bandwidth that the same run measured; no compute roof is
drawn (the benchmark does not measure peak flops).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def per_cpu(c):
    """Cell updates per CPU second per rank and thread (older files: derived from cpu_share)."""
    if "cell_updates_per_cpu_second" in c:
        return c["cell_updates_per_cpu_second"]
    share = c.get("cpu_share", 0)
    return c["cell_updates_per_second"] / share if share > 0 else float("nan")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, runs = sys.argv[1], [json.load(open(p)) for p in sys.argv[2:]]
    fig, ax = plt.subplots(figsize=(11, 5.5))
    markers = {"2d-5pt": "o", "2d-9pt": "s", "3d-7pt": "^", "3d-19pt": "v", "3d-27pt": "D"}
    colors = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple"]
    xs = [c["flops_per_cell"] / c["bytes_per_cell"] for r in runs for c in r["cases"]]
    lo, hi = min(xs) / 1.5, max(xs) * 1.5
    print("| run | case | cell updates/s | B/cell | GB/s | fraction of copy | CPU share | cells/cpu_s |")
    print("|---|---|---|---|---|---|---|---|")
    for i, r in enumerate(runs):
        color = colors[i % len(colors)]
        label = f'{r["ranks"]} rank(s) x {r["threads_per_rank"]} thread(s), {r["backend"]}'
        if r.get("host_arch", "default") != "default":
            label += f', -march={r["host_arch"]}'
        for bw, style, name in ((r["copy_bandwidth_bytes_per_s"], "-", "copy"),
                                (r["triad_bandwidth_bytes_per_s"], ":", "triad")):
            ax.plot([lo, hi], [lo * bw / 1e9, hi * bw / 1e9], style, color=color, lw=1,
                    label=f"{label}: {name} {bw / 1e9:.1f} GB/s")
        for c in r["cases"]:
            stem = c["case"].split("-double")[0]
            ai = c["flops_per_cell"] / c["bytes_per_cell"]
            gflops = c["cell_updates_per_second"] * c["flops_per_cell"] / 1e9
            ax.plot(ai, gflops, markers.get(stem, "x"), color=color, mfc="none" if c["integrator"] == "rk2" else color)
            print(f'| {label} | {c["case"]} | {c["cell_updates_per_second"]:.3g} | {c["bytes_per_cell"]:.0f} | '
                  f'{c["achieved_bandwidth_bytes_per_s"] / 1e9:.2f} | {c["fraction_of_copy_bandwidth"]:.2f} | '
                  f'{c.get("cpu_share", float("nan")):.2f} | {per_cpu(c):.3g} |')
    for stem, m in markers.items():
        ax.plot([], [], m, color="gray", label=f"{stem} (filled: Euler, open: RK2)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (flop / byte moved)")
    ax.set_ylabel("GFLOP/s (double)")
    ax.set_title("Gray-Scott step: roofline from grayscott --benchmark")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
