#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Postprocessing for grayscott runs: run summaries, field plots, convergence, scaling, sweep montage.

Reads only the documented artifacts: summary.json (docs/io.md, checked against
docs/summary.schema.json) and the HDF5 field/checkpoint layout (datasets u, v;
shape (ny, nx) or (nz, ny, nx)). Every subcommand has --help. Every error is
one line on stderr: exit 1 for bad input or an output that cannot be written,
2 for a bad option. The subcommands live in gspost/, one module each.
"""
import argparse
import math
import sys

from gspost.common import InputError
from gspost.convergence import cmd_convergence
from gspost.field import cmd_field
from gspost.latency import cmd_latency
from gspost.model import cmd_model
from gspost.montage import cmd_montage
from gspost.dynamics import MIN_ROWS
from gspost.pattern import DOMINANT, ROUND_ASPECT, SPOT_SIZE, THETA, WORM_SIZE, cmd_pattern
from gspost.pearson import cmd_pearson
from gspost.report import cmd_summary
from gspost.scaling import cmd_scaling
from gspost.time_to_accuracy import cmd_time_to_accuracy


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad option is one line (no usage block) and exit status 2."""

    def error(self, message):
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def number(lo, inclusive, kind=float):
    """An argparse type: a finite number > lo (>= lo when inclusive)."""
    def parse(text):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not %s" % (text, "an integer" if kind is int else "a number"))
        if not math.isfinite(v) or v < lo or (v == lo and not inclusive):
            raise argparse.ArgumentTypeError("%s is out of range; allowed: a finite number %s %g"
                                             % (text, ">=" if inclusive else ">", lo))
        return v
    return parse


positive = number(0, False)


def threshold(text):
    """An argparse type: a finite number, or "mid" (halfway between the smallest and largest v)."""
    if text == "mid":
        return text
    try:
        return number(-math.inf, False)(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError("%r: allowed: a finite number, or mid" % text)

non_negative = number(0, True)
count = number(1, True, int)
non_negative_count = number(0, True, int)


def share_above_half(text):
    """An argparse type: a share in (0.5, 1]: above a half, so that at most one kind of piece dominates."""
    v = number(0.5, False)(text)
    if v > 1:
        raise argparse.ArgumentTypeError("%s is out of range; allowed: a share > 0.5 and <= 1" % text)
    return v


def class_options(parser, prefix=""):
    """The shape class thresholds (docs/patterns.md, "The classes") and the dynamics mode: pattern and montage."""
    parser.add_argument("--dominant-share", type=share_above_half, default=DOMINANT,
                        help=prefix + "a class (spots, worms, stripes, holes) when at least this share of its set lies "
                        "in its kind of component, else mixed; > 0.5 and <= 1 (default %g)" % DOMINANT)
    parser.add_argument("--round-aspect", type=number(1, True), default=ROUND_ASPECT,
                        help=prefix + "2D: a spot's largest aspect (sqrt of the ratio of its principal second moments; "
                        "1 a disk, 2 an ellipse twice as long as wide), >= 1 (default %g)" % ROUND_ASPECT)
    parser.add_argument("--spot-size", type=positive, default=SPOT_SIZE,
                        help=prefix + "a spot's largest size in wavelength^dims (default %g)" % SPOT_SIZE)
    parser.add_argument("--worm-size", type=positive, default=WORM_SIZE,
                        help=prefix + "a worm's largest size in wavelength^dims, above --spot-size; larger components "
                        "are stripes (default %g)" % WORM_SIZE)
    parser.add_argument("--dynamics", choices=["auto", "required"], default="auto",
                        help=prefix + "the dynamics verdict from the run's pattern.csv (steady, oscillating, chaotic, "
                        "evolving, decayed; at least %d measured rows in the second half of the run; docs/patterns.md): "
                        "auto (default): null with the reason where the run wrote no dynamics columns or too few "
                        "rows; required: then an error%s" % (
                            MIN_ROWS, " (the member is not measured)" if prefix else ", nothing written"))
    parser.add_argument("--change-limit", help=argparse.SUPPRESS)  # removed: refused in one line (main)


def main(argv=None):
    p = OneLineParser(prog="gs_post.py", description=__doc__.split("\n")[0],
                                epilog="Run '%(prog)s SUBCOMMAND --help' for each subcommand.")
    sub = p.add_subparsers(dest="cmd", metavar="SUBCOMMAND")
    sub.required = True

    r = sub.add_parser("summary", help="a run's summary.json in a few lines: status, grid, ranks, speed, build (version, commit)")
    r.add_argument("runs", nargs="+", metavar="RUN", help="a run's output.dir or its summary.json")
    r.set_defaults(func=cmd_summary)

    f = sub.add_parser("field", help="plot a field file (2D image, or 3D mid-planes) with colour bar and physical axes")
    f.add_argument("file", help="fields_NNNNNNNN.h5 or a checkpoint .h5")
    f.add_argument("--var", default="v", choices=["u", "v"], help="dataset to plot (default v)")
    f.add_argument("--L", type=positive, nargs="+", help="domain lengths Lx Ly [Lz] (default: from the file's attributes "
                   "or the summary.json next to it)")
    f.add_argument("--vmin", type=number(-math.inf, False))
    f.add_argument("--vmax", type=number(-math.inf, False))
    f.add_argument("--cmap", default="inferno")
    f.add_argument("--dpi", type=count, default=110)
    f.add_argument("-o", "--output", help="PNG to write (default: next to the file)")
    f.set_defaults(func=cmd_field)

    c = sub.add_parser("convergence", help="errors and observed order of runs at h, h/2, h/4, ...",
                       description="Compares the final fields of runs of the same problem at different resolutions. "
                       "Each finer field is compared at the coarser cell centres (Fourier interpolation on the "
                       "periodic box), or averaged onto the coarser cells with --compare averages.")
    c.add_argument("runs", nargs="+", help="run folders (output.dir of each resolution)")
    c.add_argument("--var", default="v", choices=["u", "v"])
    c.add_argument("--reference", choices=["finest", "richardson", "successive"],
                   help="successive (default): the difference to the next finer run, whose ratios give the order "
                   "without assuming it; finest: the error against the finest run, each order solved with the "
                   "finest run's own error taken into account; richardson: against a Richardson extrapolation of "
                   "the two finest (assumes --formal-order)")
    c.add_argument("--formal-order", type=positive, default=2.0, help="order used by the Richardson extrapolation")
    c.add_argument("--compare", choices=["points", "averages"], default="points",
                   help="points (default): the finer field at the coarser cell centres, by Fourier interpolation "
                   "(spectrally accurate for a smooth field; shows order 4 of grid.order = 4); averages: block "
                   "averages of the finer cells, which differ from the centre values by h^2/24 lap(v) and so cap "
                   "the observed order at 2")
    c.add_argument("--out", default="convergence", help="folder for convergence.{md,csv,json,png}")
    c.add_argument("--title")
    c.add_argument("--expect-order", type=number(-math.inf, False), help="exit 1 unless every observed L2 order is within --tolerance of this")
    c.add_argument("--tolerance", type=positive, default=0.2)
    c.add_argument("--dt-scaling", choices=["h2", "h", "none"],
                   help="how the study scaled dt with h (slurm/convergence.sh --dt-scaling), recorded in "
                   "convergence.{md,json}; a warning when the levels' dt say otherwise (default: read from the levels)")
    c.add_argument("--pattern", action="store_true",
                   help="compare the pattern's statistics (gs_post.py pattern: wavelength, on fraction, boundary, Euler "
                   "characteristic and components per area) across the levels instead of pointwise errors: for "
                   "patterns that settle into equivalent but shifted arrangements")
    c.add_argument("--threshold", type=threshold,
                   help="--pattern: theta of the on set v >= theta, a number or mid (default: the levels' own, "
                   "from their summary.json: output.pattern_threshold, else the first insitu.iso, else %g)" % THETA)
    c.add_argument("--pattern-tolerance", type=positive, default=0.05,
                   help="--pattern: converged when every statistic of the two finest levels agrees within this "
                   "relative difference (default 0.05)")
    c.add_argument("--pattern-within", type=positive, default=0.025,
                   help="--pattern: for each statistic, the coarsest h from which it and every finer level lie within "
                   "this relative difference of the finest level's value (default 0.025)")
    c.set_defaults(func=cmd_convergence)

    s = sub.add_parser("scaling", help="speed-up, efficiency and per-phase breakdown of a scaling series")
    s.add_argument("runs", nargs="+", help="run folders or glob patterns (quoted)")
    s.add_argument("--kind", default="auto", choices=["auto", "strong", "weak"],
                   help="auto: strong when every run has the same global_cells")
    s.add_argument("--out", default="scaling", help="folder for scaling.{md,csv,png}")
    s.add_argument("--title")
    s.set_defaults(func=cmd_scaling)

    m = sub.add_parser("montage", help="final images of an (F, k) sweep as one chart with F and k axes")
    m.add_argument("runs", nargs="*", help="the sweep folder (holding sweep.txt), or run folders or glob patterns (quoted)")
    m.add_argument("--manifest", help="the sweep's sweep.txt (default: SWEEP_DIR/sweep.txt when one folder is given)")
    m.add_argument("-o", "--output", default="montage.png")
    m.add_argument("--title")
    m.add_argument("--cell-inches", type=positive, default=1.6)
    m.add_argument("--dpi", type=count, default=100)
    m.add_argument("--classes", metavar="PNG", help="also a chart of the (F, k) plane coloured by each member's measured "
                   "pattern class, its wavelength written in the cell (gs_post.py pattern, docs/patterns.md)")
    m.add_argument("--table", metavar="CSV", help="also the measured pattern numbers of each member, one row each")
    m.add_argument("--threshold", type=threshold,
                   help="--classes, --table: theta of the on set v >= theta, a number or mid (default: each "
                   "member's own, from its summary.json, else %g; slurm/sweep.sh gives mid)" % THETA)
    class_options(m, "--classes, --table: ")
    m.add_argument("--classes-title")
    m.add_argument("--strict", action="store_true", help="exit 1 if a member is missing or not done (default: exit 0 when one was drawn)")
    m.set_defaults(func=cmd_montage)

    q = sub.add_parser("pattern", help="components, wavelength, Euler characteristic and class (spots, stripes, ...) of a run's field",
                       description="Measures the on set {v >= threshold} of a run's last field output (fields_*.h5, else "
                       "its checkpoints) on the periodic box: connected components and holes with their sizes, area "
                       "fraction, boundary and Euler characteristic per area, the dominant wavelength of v, each "
                       "component's kind (spot, worm, stripe) and the class with the shares (uniform, single, spots, "
                       "holes, worms, stripes, mixed), and the dynamics verdict of the run's pattern.csv (steady, "
                       "oscillating, chaotic, evolving, decayed); rules in docs/patterns.md. Prints a table, writes "
                       "the numbers as JSON.")
    q.add_argument("run", help="a run folder (output.dir), or one field file or checkpoint (no change measure)")
    q.add_argument("--threshold", type=threshold,
                   help="theta of the on set v >= theta: a number, or mid (halfway between the smallest and the largest "
                   "v of the last output) (default: the run's own, from its summary.json: output.pattern_threshold, "
                   "else the first insitu.iso; %g where the run has no summary.json)" % THETA)
    class_options(q)
    q.add_argument("-o", "--output", help="JSON to write (default: RUN/pattern.json)")
    q.set_defaults(func=cmd_pattern)

    r = sub.add_parser("pearson", help="Pearson's map reproduced: each type's run against its published description "
                       "(slurm/pearson.sh; docs/patterns.md)",
                       description="Reads DIR/<type>/ for each type of the table: the shape class of its last field "
                       "and the dynamics verdict of its pattern.csv (as gs_post.py pattern), against the classes its "
                       "published description reads; writes DIR/pearson.csv, pearson.md (the table), pearson.png (the "
                       "(k, F) plane on linear axes) and findings.txt (the count of agreements). Exit 1 when a type's "
                       "run did not finish.")
    r.add_argument("dir", help="the study folder (slurm/pearson.sh --out)")
    r.add_argument("--table", required=True, help="the types table (slurm/inputs/pearson-types.tsv)")
    r.add_argument("--threshold", type=threshold, default="mid",
                   help="theta of the on set v >= theta, a number or mid (default mid: Pearson's colours are relative "
                   "to each field)")
    class_options(r)
    r.add_argument("--check-options", action="store_true", help="check the options and the table, write nothing")
    r.set_defaults(func=cmd_pearson)

    o = sub.add_parser("model", help="predicted weak and strong scaling from the halo cost model (docs/scaling.md)")
    o.add_argument("--dims", type=int, default=3, choices=[2, 3])
    o.add_argument("--bw-mem", type=positive, default=4.8e12, help="memory bandwidth per GPU, B/s (H200: 4.8e12)")
    o.add_argument("--bytes-per-cell", type=positive, default=32, help="bytes moved per cell update (double: 32)")
    o.add_argument("--bytes-per-value", type=count, default=8)
    o.add_argument("--t-launch", type=non_negative, default=10e-6, help="fixed cost per step: kernel launches, s")
    o.add_argument("--alpha", type=non_negative, default=3e-6, help="latency per message, s")
    o.add_argument("--beta", type=positive, default=50e9, help="network bandwidth per GPU, B/s (InfiniBand NDR: 50e9)")
    o.add_argument("--ghost", type=count, default=1)
    o.add_argument("--no-diagonals", dest="diagonals", action="store_false",
                   help="faces only (5- and 7-point stencils); default: edges and corners too (9-, 19-, 27-point)")
    o.add_argument("--weak-box", type=count, nargs="+", default=[128, 256, 512], help="cells per axis per GPU")
    o.add_argument("--strong-n", type=count, nargs="+", default=[512, 1024, 2048], help="global cells per axis")
    o.add_argument("--no-overlap", dest="overlap", action="store_false",
                   help="halo time adds to compute (default: interior compute hides it, as the stepper overlaps them)")
    o.add_argument("--overlap-all", dest="overlap_inner", action="store_false",
                   help="the messages hide behind all of the compute: t = max(t_compute, t_halo) (default: behind the "
                   "inner compute only, as the stepper orders them (post, inner, wait, shell): "
                   "t = max(t_inner, t_halo) + t_shell)")
    o.add_argument("--t-wait", type=non_negative, default=0.0,
                   help="per step: halo time that is neither latency nor bandwidth and that no T removes (transport "
                   "of large messages without asynchronous progress, waits for a rank that shares a core); measured "
                   "as the halo phase per step without injected latency (docs/scaling.md), s (default 0)")
    o.add_argument("--halo-depth", type=count, nargs="+", default=[1], metavar="T",
                   help="parallel.halo_depth: steps per halo exchange; several give a table over T (default 1: "
                   "today's scheme, one exchange of --ghost layers and one pass over memory per stage)")
    o.add_argument("--stages", type=int, default=1, choices=[1, 2], help="stages per step: 1 Euler, 2 RK2 (Heun)")
    o.add_argument("--cache-ceiling", type=positive, default=1.4,
                   help="T > 1: cell updates/s with the data in cache, as a multiple of the streaming rate "
                   "bw-mem / bytes-per-cell (H200, 27-point, double, no FMA: about 1.4; docs/scaling.md)")
    o.add_argument("--fused-bytes-per-cell", type=positive,
                   help="T > 1: bytes per cell of the widened box moved per block of T steps (default: "
                   "--bytes-per-cell, one read and one write of the state)")
    o.add_argument("--tile", type=non_negative_count, default=32,
                   help="T > 1: the GPU form's tile edge, cells (tiles of TILE^(dims-1) streamed along the last axis, "
                   "each level recomputing its rim); 0: no tiles (the CPU wavefront)")
    o.add_argument("--out", help="folder for model.{md,png}")
    o.add_argument("--title")
    o.set_defaults(func=cmd_model)

    t = sub.add_parser("latency", help="table of a latency study (slurm/latency.sh) beside the cost model",
                       description="Medians over the repeats of each case of a slurm/latency.sh folder (its "
                       "latency-runs.tsv): time per step, compute and halo phases, cell updates/s, and the model's "
                       "time per step and exposed halo for the same alpha, beta, box and layout with the measured compute.")
    t.add_argument("folder", help="the study folder (slurm/latency.sh --out)")
    t.add_argument("--out", help="folder for latency.{md,csv} (default: the study folder)")
    t.set_defaults(func=cmd_latency)

    e = sub.add_parser("time-to-accuracy", help="error against wall time of Heun and rkl2 runs (slurm/time_to_accuracy.sh)",
                       description="Reads a slurm/time_to_accuracy.sh folder (its runs.tsv): each run's error against "
                       "the reference run averaged onto its grid, its median loop time over the repeats; writes "
                       "time_to_accuracy.{md,csv,json,png}.")
    e.add_argument("folder", help="the study folder (slurm/time_to_accuracy.sh --out)")
    e.add_argument("--var", default="v", choices=["u", "v"])
    e.add_argument("--out", help="folder for the outputs (default: the study folder)")
    e.add_argument("--margin", type=non_negative, default=0.01,
                   help="an rkl2 run counts as reaching Heun's accuracy when its L2 error is at most (1 + MARGIN) "
                   "times Heun's (default 0.01: rkl2's time error adds to the same space error, so 0 is never met)")
    e.set_defaults(func=cmd_time_to_accuracy)

    a = p.parse_args(argv)
    if hasattr(a, "worm_size"):  # a subcommand with class_options (pattern, montage, ...)
        parser = sub.choices[a.cmd]
        if a.change_limit is not None:
            parser.error("--change-limit was removed: the dynamics verdict of the run's pattern.csv replaces it "
                         "(docs/patterns.md)")
        if a.worm_size <= a.spot_size:
            parser.error("--worm-size %g is not above --spot-size %g: a worm is larger than a spot"
                         % (a.worm_size, a.spot_size))
    if a.cmd == "convergence" and a.pattern and (a.expect_order is not None or a.reference is not None):
        c.error("--pattern with --expect-order or --reference: the statistics of a pattern have no order; give one of them")
    if a.cmd == "convergence" and a.reference is None:
        a.reference = "finest" if a.pattern else "successive"
    if a.cmd == "model" and not a.overlap_inner and not a.overlap:
        o.error("--overlap-all with --no-overlap: give one of them")
    if a.cmd == "model" and a.ghost != 1 and a.halo_depth != [1]:
        o.error("--ghost %d with --halo-depth: a deep halo's ghost width is halo_depth x stages; give one of them" % a.ghost)
    try:
        return a.func(a) or 0
    except InputError as e:
        print("gs_post.py %s: error: %s" % (a.cmd, e), file=sys.stderr)
    except OSError as e:  # a file that vanished or cannot be written midway: name it, no traceback
        print("gs_post.py %s: error: %s: %s" % (a.cmd, e.filename or "I/O", e.strerror or e), file=sys.stderr)
    except KeyboardInterrupt:
        print("gs_post.py %s: interrupted" % a.cmd, file=sys.stderr)
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
