#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Property test of the input loader: many generated inputs, every outcome is
exit 0 or exit 2 with one error line, never a crash, a signal or a hang.

usage: check.py GRAYSCOTT OUTDIR [--count N] [--seed S] [--mpiexec MPIEXEC]

The keys, their types and the allowed words come from `grayscott --help`, so a
new key is fuzzed without editing this file. Each input mixes valid keys with
valid, invalid and extreme values, wrong types, unknown keys and sections,
duplicates, broken syntax, non-finite and huge numbers, long strings, control
characters, NUL and non-UTF-8 bytes, and malformed command-line overrides.
Every run uses --check (validate only), so no input starts a simulation; a few
run on 2 ranks. Deterministic for a given seed; a failing input is kept in
OUTDIR as fail_NNN.toml with its command line in fail_NNN.args.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

TIMEOUT_S = 30
CRASH_MARKS = [b"terminate called", b"MPI_ABORT", b"Segmentation", b"core dumped", b"Aborted",
               b"signal", b"Kokkos::abort", b"Assertion", b"what():", b"exited on signal"]


def read_keys(binary):
    """[(key, type, allowed words)] from the key lines of --help."""
    text = subprocess.run([binary, "--help"], capture_output=True, check=True, text=True).stdout
    keys = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^  ([A-Za-z0-9_]+\.[A-Za-z0-9_]+)  \(([^,]+), unit: .*, default: (.*)\)$", line)
        if not m:
            continue
        help_text = lines[i + 1] if i + 1 < len(lines) else ""
        words = sorted(set(re.findall(r'"([a-z0-9_]+)"', help_text + " " + m.group(3))))
        keys.append((m.group(1), m.group(2), words, m.group(3)))
    if len(keys) < 10:
        sys.exit("FAIL: found only %d keys in '%s --help'" % (len(keys), binary))
    return keys


INTS = ["0", "1", "2", "3", "4", "5", "7", "9", "16", "19", "27", "-1", "100000", "1048576", "1099511627776",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999999", "1_000", "0x10", "0o17",
        "0b101", "+3", "007", "1__0"]
REALS = ["0.0", "-0.0", "1.0", "0.5", "0.055", "1e-300", "5e-324", "1e300", "1.7976931348623157e308", "1e400",
         "-1e400", "nan", "+nan", "-nan", "inf", "+inf", "-inf", "1e-145", "6.02e23", "-2.5", ".5", "1.", "1e",
         "0.1_1"]
BOOLS = ["true", "false", "True", "FALSE", "1", "yes"]
OTHER = ['""', '"x"', "[]", "[[]]", "[1, 2]", "[1, 2, 3, 4]", '[1, "a"]', "[nan, inf]", "[0.03, 0.07]",
         "{a = 1}", "{}", "1979-05-27", "1979-05-27T07:32:00Z", "07:32:00", "'lit'", '"""multi\nline"""',
         "'''raw\\n'''", '"\\u0000"', '"\\u001b[31m"', '"a\\tb"', '"\\uD800"', '"\\U0010FFFF"']


def long_string(rng):
    return '"' + "x" * rng.choice([300, 5000, 200000]) + '"'


def value_for(rng, ktype, words):
    """TOML text of a value for a key of `ktype`: usually plausible, often wrong."""
    r = rng.random()
    if r < 0.45:
        if "string" in ktype or "none" in ktype:
            if words and rng.random() < 0.8:
                return '"%s"' % rng.choice(words)
            return rng.choice(['"out/x"', '""', '"a b"', '"/proc/forbidden"', '"inputs/none.py"'])
        if "boolean" in ktype:
            return rng.choice(["true", "false"])
        if ktype.startswith("list") or "or list" in ktype:
            if rng.random() < 0.5:
                pool = INTS if "integer" in ktype else REALS
                return "[" + ", ".join(rng.choice(pool) for _ in range(rng.randint(0, 4))) + "]"
        return rng.choice(INTS if "integer" in ktype else REALS)
    if r < 0.9:
        return rng.choice(INTS + REALS + BOOLS + OTHER)
    if r < 0.95:
        return long_string(rng)
    depth = rng.choice([3, 50, 5000])
    return "[" * depth + "1" + "]" * depth


def clean_value(rng, ktype, words, default):
    """A value the key should accept: its default, one of its words, or a nearby number."""
    if words and (default.startswith('"') or rng.random() < 0.3) and "or list" not in ktype:
        return '"%s"' % rng.choice(words)
    if re.fullmatch(r"[0-9.e+-]+", default) and "." in default and rng.random() < 0.5:
        return repr(float(default) * rng.choice([0.5, 0.9, 1.0]))
    return default


def section_lines(rng, keys, clean):
    """[section] -> [lines] for a random subset of keys, plus mutations unless clean."""
    sections = {}
    for key, ktype, words, default in rng.sample(keys, rng.randint(0, min(12, len(keys)))):
        sec, name = key.split(".", 1)
        value = clean_value(rng, ktype, words, default) if clean else value_for(rng, ktype, words)
        sections.setdefault(sec, []).append("%s = %s" % (name, value))
    secs = [k.split(".")[0] for k, *_ in keys]
    for _ in range(0 if clean else rng.choice([0, 0, 1, 2])):
        kind = rng.randrange(8)
        sec = rng.choice(secs)
        if kind == 0:
            sections.setdefault(sec, []).append("%s = 1" % rng.choice(["nosuch", "n2", "Dt", "dimz", "ñ"]))
        elif kind == 1:
            sections.setdefault(rng.choice(["gird", "Grid", "extra", "grid.sub", "a.b.c"]), []).append("x = 1")
        elif kind == 2 and sections.get(sec):
            sections[sec].append(sections[sec][0])  # duplicate key
        elif kind == 3:
            sections.setdefault(sec, []).append("sub.key = 3")  # dotted key inside a section
        elif kind == 4:
            sections.setdefault(sec, []).append("%s = { n = 4 }" % rng.choice(["t", "n"]))
        elif kind == 5:
            sections.setdefault(sec, []).append('"quoted key" = 1')
        elif kind == 6:
            sections.setdefault(sec, []).append("= 5")
        else:
            sections.setdefault(sec, []).append("x = ")
    return sections


def render(rng, keys, clean):
    sections = section_lines(rng, keys, clean)
    out = []
    if not clean and rng.random() < 0.1:
        out.append(rng.choice(["dims = 2", "grid = 3", "grid.n = 4", "[[grid]]", "title = 'x'"]))
    for sec, lines in sections.items():
        out.append("[%s]" % sec)
        out.extend(lines)
        if rng.random() < 0.05:
            out.append("[%s]" % sec)  # duplicate table header
    text = "\n".join(out) + "\n"
    data = text.encode("utf-8")
    # Byte-level damage: the loader must survive whatever a file system hands it.
    r = rng.random() if not clean else 1.0
    if r < 0.05:
        data = b""
    elif r < 0.1:
        data = data[: rng.randrange(len(data) + 1)]
    elif r < 0.15:
        pos = rng.randrange(len(data) + 1)
        data = data[:pos] + rng.choice([b"\x00", b"\xff\xfe", b"\xc3\x28", b"\x80", b"\x1b[2J", b"\r", b"\x7f"]) + data[pos:]
    elif r < 0.18:
        data = b"\xef\xbb\xbf" + data  # UTF-8 byte-order mark
    elif r < 0.21:
        data = data.replace(b"\n", b"\r\n")
    elif r < 0.24:
        data += rng.choice([b'[grid]\nn = "\xff"\n', b"# \xfe comment\n", b"[\xe9]\n", b'x = "\x00"\n'])
    elif r < 0.27:
        data += rng.choice([b"[grid\n", b"n = [1, 2\n", b'n = "open\n', b"n = 1 2\n", b"[]\n", b"[.]\n", b"=\n",
                            b"n == 3\n", b"'''\n", b"[grid]]\n", b"n = 0x\n"])
    return data


def overrides(rng, keys, clean):
    args = []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        r = rng.random()
        key, ktype, words, default = rng.choice(keys)
        if clean:
            args.append(("%s=%s" % (key, clean_value(rng, ktype, words, default))).encode())
        elif r < 0.5:
            value = value_for(rng, ktype, words)
            if len(value) > 60000:  # execve refuses one argument over 128 KiB
                value = value[:30000]
            args.append(("%s=%s" % (key, value)).encode())
        elif r < 0.6 and words:
            args.append(("%s=%s" % (key, rng.choice(words))).encode())  # bare word
        else:
            args.append(rng.choice([b"grid.n", b"=3", b"grid.n=", b"n=4", b"grid=3", b".=.", b"grid.n==4",
                                    b"grid.nn=4", b"grid.n=[1,2", b"grid.n=\xff", b"output.dir=\xc3\x28",
                                    b"time.dt=nan", b"time.dt=1e400", b"grid.n=4\nx", b"restart=",
                                    b"a.b.c=1", b"grid.n=" + b"9" * 400, b"-x", b"--", b"physics.F=\x1b[31m"]))
    return args


def check(binary, mpiexec, outdir, work, case):
    index, data, args, ranks = case
    path = os.path.join(work, "in_%03d.toml" % index)
    with open(path, "wb") as f:
        f.write(data)
    cmd = [binary.encode(), path.encode(), b"--check"] + args
    if ranks > 1:
        cmd = [mpiexec.encode(), b"--quiet", b"-n", str(ranks).encode()] + cmd  # --quiet: no launcher report on exit 2
    # A lone process starts MPI without a launcher daemon: the same program, a third of the start-up time.
    # Isolated singletons share one session folder name, so each case gets its own TMPDIR.
    tmp = os.path.join(work, "tmp_%03d" % index)
    os.makedirs(tmp)
    env = dict(os.environ, OMPI_MCA_ess_singleton_isolated="1", TMPDIR=tmp)
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S, cwd=work, env=env)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, err = "hang (killed after %d s)" % TIMEOUT_S, e.stderr or b""
    problem = None
    lines = [l for l in err.split(b"\n") if l.strip()]
    if rc not in (0, 2):
        problem = "exit code %s" % rc
    elif any(m in err for m in CRASH_MARKS):
        problem = "crash message on stderr"
    elif rc == 2:
        if len(lines) != 1 or err.count(b"\n") != 1:
            problem = "exit 2 with %d stderr lines, expected one" % len(lines)
        elif not lines[0].startswith(b"grayscott: error: "):
            problem = "exit 2 without 'grayscott: error: '"
        elif not re.match(rb"grayscott: error: (%s|command line): .{12}" % re.escape(path.encode()), lines[0]):
            problem = "the error line does not start with the input file or 'command line' and say what is wrong"
    if problem is None:
        return None, rc, lines[0] if rc == 2 else b""
    keep = os.path.join(outdir, "fail_%03d" % index)
    shutil.copyfile(path, keep + ".toml")
    with open(keep + ".args", "wb") as f:
        f.write(b"\n".join(cmd) + b"\n")
    return "case %d (%d rank%s): %s\n    input: %s.toml  args: %s\n    stderr: %s" % (
        index, ranks, "s" if ranks > 1 else "", problem, keep, b" ".join(args)[:300],
        err[:600].decode("utf-8", "replace")), rc, b""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--mpiexec", default=os.environ.get("MPIEXEC", "mpiexec"))
    ap.add_argument("--jobs", type=int, default=8)  # runs mostly wait on MPI start-up
    a = ap.parse_args()
    shutil.rmtree(a.outdir, ignore_errors=True)
    os.makedirs(a.outdir)
    keys = read_keys(a.binary)
    rng = random.Random(a.seed)
    cases = []
    for i in range(a.count):
        ranks = 2 if i % 40 == 39 else 1
        clean = rng.random() < 0.3  # inputs that should load, so that acceptance is tested too
        cases.append((i, render(rng, keys, clean), overrides(rng, keys, clean), ranks))
    work = tempfile.mkdtemp(prefix="work_", dir=a.outdir)
    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda c: check(a.binary, a.mpiexec, a.outdir, work, c), cases))
    failures = [r[0] for r in results if r[0]]
    cores = [f for f in os.listdir(work) if f.startswith("core")]
    if cores:
        failures.append("core files left in %s: %s" % (work, cores))
    ok = sum(1 for r in results if r[1] == 0)
    refused = sum(1 for r in results if r[1] == 2)
    distinct = len({re.sub(rb"[0-9]+", b"N", r[2])[:60] for r in results if r[1] == 2})
    print("%d inputs (seed %d, %d keys from --help): %d accepted, %d refused with one line (%d distinct kinds)" % (
        a.count, a.seed, len(keys), ok, refused, distinct))
    # A generator that only ever makes broken files tests nothing: both outcomes must occur.
    if ok < a.count // 20 or refused < a.count // 4:
        failures.append("the generated inputs are too one-sided (%d accepted, %d refused)" % (ok, refused))
    if failures:
        print("FAIL: %d of %d inputs broke the rule 'exit 0, or exit 2 with one error line':" % (len(failures), a.count))
        for f in failures[:20]:
            print("  " + f)
        sys.exit(1)
    shutil.rmtree(work)
    print("PASS: every input ended in exit 0 or exit 2 with one error line; no crash, no hang")


if __name__ == "__main__":
    main()
