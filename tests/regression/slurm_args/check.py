#!/usr/bin/python3
"""Property test of the slurm/ commands' argument handling, with no Slurm:
generated, seeded argument sets for submit.sh, sweep.sh, scaling.sh,
convergence.sh and cancel.sh, run with stub sbatch/scancel/squeue/scontrol
first on PATH that record every call.

Every outcome must be one of:
  - exit 2 with exactly one line on stderr, no recorded sbatch or scancel call
    and no file written (a refusal comes before anything is submitted);
  - exit 0 with --dry-run: nothing recorded and nothing written; the printed
    commands then run with bash (exit 0) and make exactly the sbatch calls
    that the same arguments without --dry-run make;
  - exit 0 otherwise, with at least one recorded call (or --help).
Never a traceback, a bash error ("unbound variable", "syntax error", ...) or
another exit code.

usage: check.py OUTDIR [--count N] [--seed S]
A failing case is kept in OUTDIR/fail_NNN/ with its command line in args.txt.
"""
import argparse
import os
import random
import shlex
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TIMEOUT_S = 60
BASH_ERRORS = ["Traceback", "unbound variable", "syntax error", "command not found", "bad substitution",
               "division by", "value too great", "invalid number", "integer expression expected", "No such file"]

STUB_SBATCH = r"""#!/bin/bash
# Stub sbatch: records its arguments and the GS_* environment, prints a job id.
n=$(( $(cat "$GS_STUB_DIR/count" 2>/dev/null || echo 1000) + 1 ))
echo "$n" >"$GS_STUB_DIR/count"
{ printf 'sbatch'; printf ' %q' "$@"; printf ' |'; env | grep '^GS_' | grep -v '^GS_STUB_DIR=' | sort | tr '\n' ' '; echo; } >>"$GS_STUB_DIR/calls"
echo "$n;stub"
"""
STUB_RECORD = r"""#!/bin/bash
{ printf '%s' "$(basename "$0")"; printf ' %q' "$@"; echo; } >>"$GS_STUB_DIR/calls"
"""
STUB_SQUEUE = r"""#!/bin/bash
# Stub squeue: every job is RUNNING.
echo RUNNING
"""

INTS_BAD = ["0", "-1", "x", "", "1.5", "08x", "99999999999", "1e3", " 2", "nan"]
REALS_BAD = ["nan", "inf", "-inf", "-0.2", "fast", "", "1e400", "0x10", "1,5", "0"]
TIMES = ["00:05:00", "10", "1-00:00:00", "05:00", "2-12"]
TIMES_BAD = ["abc", "", "1:2:3:4", "00:00:00", "-5", "1h"]
OVERRIDES = ["time.steps=5", "grid.n=32", 'output.dir="out/with space"', "output.dir=out/run", "physics.F=0.03",
             "restart=latest"]
OVERRIDES_BAD = ["foo", "--nodes", "=3", "a b", "x=1\ny=2"]


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


def listing(d):
    out = set()
    for base, dirs, files in os.walk(d):
        for n in dirs + files:
            out.add(os.path.relpath(os.path.join(base, n), d))
    return out - {"input.toml", "stub", "stub/sbatch", "stub/scancel", "stub/squeue", "stub/scontrol", "stub/calls",
                  "stub/count"}


def run(cmd, cwd, env, shell_text=None):
    if shell_text is not None:
        cmd = ["bash", "-c", shell_text]
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=TIMEOUT_S)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def reset(d):
    for n in os.listdir(d):
        p = os.path.join(d, n)
        if n in ("input.toml", "stub"):
            continue
        shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    for n in ("calls", "count"):
        if os.path.exists(os.path.join(d, "stub", n)):
            os.remove(os.path.join(d, "stub", n))


def calls(d):
    p = os.path.join(d, "stub", "calls")
    return open(p).read() if os.path.exists(p) else ""


def check_case(script, args, d, env):
    """(exit code, '' when the case holds the properties, else what went wrong)."""
    cmd = [os.path.join(ROOT, "slurm", script)] + args
    reset(d)
    rc, out, err = run(cmd, d, env)
    return rc, check_outcome(cmd, args, d, env, rc, out, err)


def check_outcome(cmd, args, d, env, rc, out, err):
    bad = [m for m in BASH_ERRORS if m in err and not (m == "No such file" and rc == 2)]
    if bad:
        return "stderr holds %r: %s" % (bad[0], err.strip()[-300:])
    if rc == 2:
        lines = [l for l in err.splitlines() if l.strip()]
        if len(lines) != 1:
            return "exit 2 with %d stderr lines: %r" % (len(lines), err[-300:])
        if calls(d):
            return "refused (%s) after recording calls: %s" % (lines[0], calls(d)[:300])
        if listing(d):
            return "refused (%s) but wrote %s" % (lines[0], sorted(listing(d))[:5])
        return ""
    if rc != 0:
        return "exit %d: %s" % (rc, err.strip()[-300:])
    if "--help" in args or "-h" in args:
        return ""
    if "--dry-run" not in args:
        return "" if calls(d) else "exit 0 but no sbatch call recorded"
    if calls(d) or listing(d):
        return "--dry-run recorded calls or wrote files: %s %s" % (calls(d)[:200], sorted(listing(d))[:5])
    if "--local" in args:
        # Local runs would start real programs (regression.convergence_* runs them): only parse the plan.
        rc2, _, err2 = run(["bash", "-n", "-c", out], d, env)
        return "" if rc2 == 0 else "the printed commands do not parse: %s" % err2.strip()[-300:]
    rc2, _, err2 = run(None, d, env, shell_text=out)
    if rc2 != 0:
        return "the printed commands failed (exit %d): %s" % (rc2, err2.strip()[-300:])
    printed = calls(d)
    if not printed:
        return "the printed commands made no sbatch call"
    reset(d)
    rc3, _, err3 = run([a for a in cmd if a != "--dry-run"], d, env)
    if rc3 != 0:
        return "the same arguments without --dry-run failed (exit %d): %s" % (rc3, err3.strip()[-300:])
    if calls(d) != printed:
        return "the printed commands and the real run differ:\n  printed: %s\n  real:    %s" % (printed, calls(d))
    return ""


def cancel_cases(d, env):
    """cancel.sh: a folder without chain.log is refused; a chain folder gets STOP and scancel."""
    problems = []
    reset(d)
    rc, _, err = run([os.path.join(ROOT, "slurm", "cancel.sh"), "nochain"], d, env)
    if rc != 2 or len(err.strip().splitlines()) != 1 or calls(d):
        problems.append("cancel.sh nochain: exit %d, stderr %r, calls %r" % (rc, err, calls(d)))
    os.makedirs(os.path.join(d, "run"))
    with open(os.path.join(d, "run", "chain.log"), "w") as f:
        f.write("job 7 link 0: submitted by slurm/submit.sh\njob 7 link 0: started on n1\njob 7 link 0: resubmitted as 8\n")
    rc, _, err = run([os.path.join(ROOT, "slurm", "cancel.sh"), "run"], d, env)
    if rc != 0 or not os.path.exists(os.path.join(d, "run", "STOP")) or "scancel 7 8" not in calls(d):
        problems.append("cancel.sh run: exit %d, stderr %r, calls %r" % (rc, err, calls(d)))
    return problems


def make_workdir(d):
    os.makedirs(os.path.join(d, "stub"))
    for name, text in (("sbatch", STUB_SBATCH), ("scancel", STUB_RECORD), ("scontrol", STUB_RECORD),
                       ("squeue", STUB_SQUEUE)):
        with open(os.path.join(d, "stub", name), "w") as f:
            f.write(text)
        os.chmod(os.path.join(d, "stub", name), 0o755)
    shutil.copy(os.path.join(ROOT, "tests", "regression", "digest_ranks", "pattern-2d.toml"), os.path.join(d, "input.toml"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=16)
    a = ap.parse_args()
    shutil.rmtree(a.outdir, ignore_errors=True)
    local = threading.local()
    made = []
    lock = threading.Lock()

    def workdir():
        """One folder with its own stubs per worker thread."""
        if not hasattr(local, "d"):
            with lock:
                d = os.path.join(a.outdir, "work%d" % len(made))
                made.append(d)
            make_workdir(d)
            local.d = d
            local.env = dict(os.environ, PATH=os.path.join(d, "stub") + ":" + os.environ.get("PATH", "/usr/bin:/bin"),
                             GS_STUB_DIR=os.path.join(d, "stub"), GS_BIN="/bin/true", MPIEXEC="mpiexec")
            local.env.pop("GS_SWEEP_FILE", None)
        return local.d, local.env

    rng = random.Random(a.seed)
    cases = []
    for i in range(a.count):
        script = sorted(GENERATORS)[i % len(GENERATORS)]
        args = GENERATORS[script](rng)
        if "--local" in args and "--dry-run" not in args:
            args.insert(0, "--dry-run")  # a local run would start the program
        elif rng.random() < 0.35:
            args.insert(rng.randint(0, len(args)), "--dry-run")
        cases.append((i, script, args))

    def one(case):
        i, script, args = case
        d, env = workdir()
        rc, problem = check_case(script, args, d, env)
        kept = ""
        if problem:
            kept = os.path.join(a.outdir, "fail_%03d" % i)
            shutil.copytree(d, kept, dirs_exist_ok=True)
            with open(os.path.join(kept, "args.txt"), "w") as f:
                f.write(script + " " + " ".join(shlex.quote(x) for x in args) + "\n")
        return script, args, rc, problem

    failures, outcomes = [], {}
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for script, args, rc, problem in pool.map(one, cases):
            outcomes[(script, rc)] = outcomes.get((script, rc), 0) + 1
            if problem:
                failures.append("%s %s\n    %s" % (script, " ".join(shlex.quote(x) for x in args), problem))
    d, env = workdir()
    failures += cancel_cases(d, env)
    # Not vacuous: every script both refused some sets and accepted others.
    for script in GENERATORS:
        for rc in (0, 2):
            if outcomes.get((script, rc), 0) < 3:
                failures.append("%s: only %d argument sets ended with exit %d; generate more" %
                                (script, outcomes.get((script, rc), 0), rc))
    print("outcomes:", ", ".join("%s exit %d: %d" % (k[0], k[1], v) for k, v in sorted(outcomes.items())))
    for f in failures:
        print("FAIL:", f)
    print("%d argument sets (seed %d), %d failures" % (a.count, a.seed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
