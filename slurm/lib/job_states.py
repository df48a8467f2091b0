#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Print the state Slurm gives each job: one line "ID STATE" per ID asked
for, STATE as scontrol shows it (PENDING, RUNNING, CANCELLED, FAILED, ...) or
"-" when Slurm no longer knows the job (scontrol keeps an ended job MinJobAge
seconds, 300 by default; sacct, when the site has it, is asked next).
An ID is a job (1234) or an array task (1234_5); a task still pending is
shown by Slurm inside its array's record (1234_[5-7%2]) and found there.
A pending task cancelled on its own (scancel 1234_5) leaves no record at all
without accounting: Slurm takes it out of its array's pending tasks. Such a
task of an array Slurm still lists is shown as ABSENT.
One scontrol call per array or job, however many of its tasks are asked for.
usage: job_states.py ID [ID ...]"""
import re
import shutil
import subprocess
import sys


def expand(spec):
    """The task numbers of an ArrayTaskId such as '2-3%2', '1,4-6' or '5'."""
    tasks = set()
    for part in spec.split("%")[0].split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+)(?::(\d+))?)?", part.strip())
        if not m:
            continue
        first = int(m.group(1))
        last = int(m.group(2) or first)
        step = int(m.group(3) or 1)
        tasks.update(range(first, last + 1, step))
    return tasks


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return p.stdout if p.returncode == 0 else ""


def from_scontrol(base, states, arrays):
    """Every job and array task that `scontrol show job BASE` names, into states;
    the arrays it lists into arrays."""
    for line in run(["scontrol", "show", "job", "-o", base]).splitlines():
        fields = dict(re.findall(r"(\w+)=(\S*)", line))
        state = fields.get("JobState")
        if not state:
            continue
        array, task = fields.get("ArrayJobId"), fields.get("ArrayTaskId")
        if array and task:
            arrays.add(array)
            for t in expand(task):
                states.setdefault("%s_%d" % (array, t), state)
        if fields.get("JobId"):
            states.setdefault(fields["JobId"], state)


def from_sacct(ids, states):
    """The same from accounting (sites with slurmdbd), for jobs scontrol has forgotten."""
    if not ids or not shutil.which("sacct"):
        return
    out = run(["sacct", "-n", "-X", "-P", "-o", "JobID,State", "-j", ",".join(sorted({i.split("_")[0] for i in ids}))])
    for line in out.splitlines():
        job, _, state = line.partition("|")
        state = state.split(" ")[0]  # "CANCELLED by 0"
        m = re.fullmatch(r"(\d+)_\[(.*)\]", job)
        if m:
            for t in expand(m.group(2)):
                states.setdefault("%s_%d" % (m.group(1), t), state)
        elif state:
            states.setdefault(job, state)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    ids = [a for a in argv if re.fullmatch(r"\d+(_\d+)?", a)]
    if len(ids) != len(argv):
        bad = next(a for a in argv if a not in ids)
        print("job_states.py: job id %r: allowed: a job id (1234) or an array task (1234_5)" % bad, file=sys.stderr)
        return 2
    states, arrays = {}, set()
    for base in sorted({i.split("_")[0] for i in ids}):
        from_scontrol(base, states, arrays)
    from_sacct([i for i in ids if i not in states], states)
    for i in ids:
        state = states.get(i, "-")
        if state == "-" and "_" in i and i.split("_")[0] in arrays:
            state = "ABSENT"
        print(i, state)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
