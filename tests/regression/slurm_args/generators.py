# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Argument generators of regression.slurm_args: for each slurm/ command a
mix of valid and invalid values of its options (the invalid ones are the
cases of issue 16 and their neighbours), flags, a present, missing or absent
INPUT, and well- or ill-formed key=value overrides. Deterministic for a given
random.Random."""

INTS_BAD = ["0", "-1", "x", "", "1.5", "08x", "99999999999", "1e3", " 2", "nan"]
REALS_BAD = ["nan", "inf", "-inf", "-0.2", "fast", "", "1e400", "0x10", "1,5", "0"]
TIMES = ["00:05:00", "10", "1-00:00:00", "05:00", "2-12"]
TIMES_BAD = ["abc", "", "1:2:3:4", "00:00:00", "-5", "1h"]
OVERRIDES = ["time.steps=5", "grid.n=32", 'output.dir="out/with space"', "output.dir=out/run", "physics.F=0.03",
             "restart=latest"]
OVERRIDES_BAD = ["foo", "--nodes", "=3", "a b", "x=1\ny=2", "grid.nn=32", "physics.F=-1"]


def pick(rng, good, bad, p_bad=0.15):
    return rng.choice(bad) if rng.random() < p_bad else rng.choice(good)


def gen_submit(rng):
    opts = {
        "--site": lambda: pick(rng, ["localhost", "generic-cpu"], ["", "nosuch", "../x", "a b"]),
        "--nodes": lambda: pick(rng, ["1", "2", "08", "16"], INTS_BAD),
        "--ranks-per-node": lambda: pick(rng, ["1", "4"], INTS_BAD),
        "--threads": lambda: pick(rng, ["1", "2"], INTS_BAD),
        "--time": lambda: pick(rng, TIMES, TIMES_BAD),
        "--max-chain": lambda: pick(rng, ["3", "20"], INTS_BAD),
        "--signal-margin": lambda: pick(rng, ["60", "120"], INTS_BAD + ["70000"]),
        "--name": lambda: pick(rng, ["run1", "gs.long"], ["", "a b", "a/b", "x" * 200]),
        "--dependency": lambda: pick(rng, ["afterok:12", "afterany:3:4", "singleton"], ["", "afterok:", "12", "after ok"]),
        "--sbatch": lambda: pick(rng, ["--exclusive", "--constraint=cpu"], ["--job-name=x", "--output=y", "-o z"]),
    }
    flags = ["--gpu", "--chain"]
    return build(rng, opts, flags)


def gen_sweep(rng):
    axis_good = ["0.03:0.04:2", "0.01:0.07:3", "0.05:0.05:1", "0.07:0.01:2"]
    axis_bad = ["nan:0.07:3", "-0.02:0.07:3", "0.07:0.01:0", "0.07", "abc:def:2", "0.01:0.02:1001", "1:2:3:4", ""]
    opts = {
        "--F": lambda: pick(rng, axis_good, axis_bad),
        "--k": lambda: pick(rng, axis_good, axis_bad),
        "--out": lambda: pick(rng, ["out/sweep", "sw2"], ["", "with space", "a\tb"]),
        "--site": lambda: pick(rng, ["localhost"], ["nosuch", ""]),
        "--ranks-per-node": lambda: pick(rng, ["1", "2"], INTS_BAD),
        "--time": lambda: pick(rng, TIMES, TIMES_BAD),
        "--max-parallel": lambda: pick(rng, ["2", "10"], INTS_BAD + ["lots"]),
        "--dominant-share": lambda: pick(rng, ["0.7", "1"], REALS_BAD + ["0.5", "1.5"]),
        "--round-aspect": lambda: pick(rng, ["1.75", "2"], REALS_BAD + ["0.5"]),
        "--dynamics": lambda: pick(rng, ["auto", "required"], ["", "always"]),
    }
    return build(rng, opts, [])


def gen_scaling(rng):
    opts = {
        "--kind": lambda: pick(rng, ["strong", "weak"], ["", "both"], 0.1),
        "--ranks": lambda: pick(rng, ["1,2,4", "1", "2,4,8"], ["1,2,x", "", "1,,2", "1,1", "0,2", ",1", "3"]),
        "--per-node": lambda: pick(rng, ["4", "2"], INTS_BAD + ["many"]),
        "--box": lambda: pick(rng, ["16", "8,8", "8,8,8"], ["big", "", "0", "8,8,8,8", "8,x"]),
        "--h": lambda: pick(rng, ["1.0", "0.5"], REALS_BAD + ["small"]),
        "--dims": lambda: pick(rng, ["2", "3"], ["1", "4", "x", ""]),
        "--out": lambda: pick(rng, ["out/s", "s 2"], ["", "a\nb"]),
        "--site": lambda: pick(rng, ["localhost"], ["nosuch"]),
        "--time": lambda: pick(rng, TIMES, TIMES_BAD),
    }
    args = build(rng, opts, ["--gpu", "--local"], required=("--kind",) if rng.random() < 0.9 else ())
    return args


def gen_convergence(rng):
    opts = {
        "--n0": lambda: pick(rng, ["4", "16"], INTS_BAD),
        "--levels": lambda: pick(rng, ["3", "4"], INTS_BAD + ["2", "11"]),
        "--dt0": lambda: pick(rng, ["0.2", "1e-3", ".5"], REALS_BAD),
        "--steps0": lambda: pick(rng, ["10", "2"], INTS_BAD),
        "--out": lambda: pick(rng, ["out/c", "c 2"], ["", "a\rb"]),
        "--ranks": lambda: pick(rng, ["1", "2"], INTS_BAD),
        "--site": lambda: pick(rng, ["localhost"], ["nosuch"]),
        "--time": lambda: pick(rng, TIMES, TIMES_BAD),
        "--reference": lambda: pick(rng, ["finest", "richardson", "successive"], ["best", ""]),
        "--expect-order": lambda: pick(rng, ["2", "2.0"], REALS_BAD),
        "--tolerance": lambda: pick(rng, ["0.2", "0.15"], REALS_BAD + ["loose"]),
    }
    return build(rng, opts, ["--local"])


def build(rng, opts, flags, required=()):
    args = []
    names = list(required) + rng.sample(sorted(opts), k=min(len(opts), rng.randint(0, 4)))
    for name in names:
        if rng.random() < 0.03:
            args.append(name)  # a value-taking option at the end, with no value
            return args
        args += [name, opts[name]()]
    args += [f for f in flags if rng.random() < 0.3]
    r = rng.random()
    if r < 0.05:
        return args + ["--bogus", "input.toml"]
    if r < 0.09:
        return args  # no input
    args.append("input.toml" if r > 0.12 else "missing.toml")
    for _ in range(rng.randint(0, 2)):
        args.append(pick(rng, OVERRIDES, OVERRIDES_BAD, 0.2))
    return args


GENERATORS = {"submit.sh": gen_submit, "sweep.sh": gen_sweep, "scaling.sh": gen_scaling,
              "convergence.sh": gen_convergence}
