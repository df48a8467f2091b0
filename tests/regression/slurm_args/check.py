#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
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

GS_BIN is the grayscott program given with --bin: the commands run its --check
before anything is queued, so an override it refuses is a refusal too.

usage: check.py OUTDIR --bin GRAYSCOTT [--count N] [--seed S]
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

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generators import GENERATORS  # noqa: E402

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

def listing(d):
    out = set()
    for base, dirs, files in os.walk(d):
        for n in dirs + files:
            out.add(os.path.relpath(os.path.join(base, n), d))
    return out - {"input.toml", "conv.toml", "stub", "stub/sbatch", "stub/scancel", "stub/squeue", "stub/scontrol", "stub/calls",
                  "stub/count"}


def run(cmd, cwd, env, shell_text=None):
    if shell_text is not None:
        cmd = ["bash", "-c", shell_text]
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=TIMEOUT_S)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def reset(d):
    for n in os.listdir(d):
        p = os.path.join(d, n)
        if n in ("input.toml", "conv.toml", "stub"):
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
    """cancel.sh: a folder without chain.log or jobs.txt is refused; a chain folder gets STOP and scancel;
    a study folder (jobs.txt) gets scancel of its collect job, then of its members."""
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
    # A study's folder (jobs.txt, as slurm/lib/study.sh writes it): the collect job is cancelled
    # first, then the array once. (The stub squeue says RUNNING: the collect job writes result.txt.)
    reset(d)
    study = os.path.join(d, "study")
    os.makedirs(study)
    with open(os.path.join(study, "jobs.txt"), "w") as f:
        f.write("# the jobs of this study\nstudy sweep\nmember 7_0 %s/F0.03_k0.06\nmember 7_1 %s/F0.04_k0.06\n"
                "collect 9 montage\n" % (study, study))
    rc, out, err = run([os.path.join(ROOT, "slurm", "cancel.sh"), "study"], d, env)
    if rc != 0 or calls(d) != "scancel 9\nscancel 7\n" or "9 (montage job, running), 7 (the members' job array, running)" not in out:
        problems.append("cancel.sh study: exit %d, stdout %r, stderr %r, calls %r" % (rc, out, err, calls(d)))
    reset(d)
    os.makedirs(study)
    with open(os.path.join(study, "jobs.txt"), "w") as f:
        f.write("study sweep\nmember 7_0 %s/F0.03_k0.06\n" % study)
    # Refused in one line, nothing cancelled: --keep-running on a study; a sweep without jobs.txt.
    os.makedirs(os.path.join(d, "oldsweep", "F0.03_k0.06"))
    open(os.path.join(d, "oldsweep", "sweep.txt"), "w").write("physics.F=0.03 physics.k=0.06 output.dir=x\n")
    open(os.path.join(d, "oldsweep", "F0.03_k0.06", "chain.log"), "w").write("job 41_0: started on n1\n")
    for args, want in ((["--keep-running", "study"], "--keep-running is for a restart chain"),
                       (["oldsweep"], "cancel its array 41 and its montage job with scancel")):
        rc, _, err = run([os.path.join(ROOT, "slurm", "cancel.sh")] + args, d, env)
        if rc != 2 or len(err.strip().splitlines()) != 1 or want not in err or calls(d):
            problems.append("cancel.sh %s: exit %d, stderr %r, calls %r" % (" ".join(args), rc, err, calls(d)))
    return problems


def make_workdir(d):
    os.makedirs(os.path.join(d, "stub"))
    for name, text in (("sbatch", STUB_SBATCH), ("scancel", STUB_RECORD), ("scontrol", STUB_RECORD),
                       ("squeue", STUB_SQUEUE)):
        with open(os.path.join(d, "stub", name), "w") as f:
            f.write(text)
        os.chmod(os.path.join(d, "stub", name), 0o755)
    shutil.copy(os.path.join(ROOT, "tests", "regression", "digest_ranks", "pattern-2d.toml"), os.path.join(d, "input.toml"))
    # convergence.sh sets one grid.n for every axis: the pattern's uneven grid would always be refused by the program.
    shutil.copy(os.path.join(ROOT, "slurm", "inputs", "convergence-2d.toml"), os.path.join(d, "conv.toml"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--bin", required=True, help="the grayscott program (GS_BIN)")
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
                             GS_STUB_DIR=os.path.join(d, "stub"), GS_BIN=os.path.abspath(a.bin), MPIEXEC="mpiexec")
            local.env.pop("GS_SWEEP_FILE", None)
        return local.d, local.env

    rng = random.Random(a.seed)
    cases = []
    for i in range(a.count):
        script = sorted(GENERATORS)[i % len(GENERATORS)]
        args = GENERATORS[script](rng)
        if script == "convergence.sh":
            args = ["conv.toml" if x == "input.toml" else x for x in args]
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
