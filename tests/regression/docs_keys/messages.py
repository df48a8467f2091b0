#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every message the docs quote is one the program prints today.

usage: messages.py GRAYSCOTT OUTDIR DOCS_DIR

A quoted message is a line starting with "grayscott: error:" or
"grayscott: warning:" inside a fenced block of DOCS_DIR/*.md or of the
CHANGELOG.md beside DOCS_DIR (its compatibility policy quotes the refusals),
except a `console` block, whose commands stand in the block itself and are
run by regression.docs_commands (tests/regression/docs_commands/check.py).
The block must be
preceded by an HTML comment (invisible on the rendered page) that names, one
per quoted line and in the same order, the command that provokes it:

    <!-- messages: one command per line below
    grayscott /dev/null physics.Fk=1
    printf '[init]\\ntype = "blob"\\n' > x.toml; grayscott x.toml
    -->

Each command runs with bash in a fresh scratch folder, where `grayscott` and
`mpiexec` are this build's binary and launcher and $REPO is the source tree.
The quoted line must equal a line the command printed on stderr; `...` in the
quote stands for any text (the only parametrisation, written where the docs
elide something). A command prefixed with `[no-catalyst]` provokes a message
only a build without ParaView Catalyst prints; it is skipped, with a note, in
a build with Catalyst. One prefixed with `[catalyst]` needs a build with
Catalyst and runs under xvfb-run (ParaView renders through X); it is skipped,
with a note, in a build without Catalyst. A quoted message without a command
fails the test.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

QUOTE = re.compile(r"^(grayscott: (error|warning): .*)$")


def blocks(path):
    """[(line number, [commands], [(line number, quoted message)])] for every fenced block quoting a message."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    i = 0
    commands = None
    while i < len(lines):
        line = lines[i]
        if line.startswith("<!-- messages:"):
            commands = []
            i += 1
            while i < len(lines) and not lines[i].startswith("-->"):
                if lines[i].strip():
                    commands.append(lines[i].strip())
                i += 1
            i += 1
            continue
        if line.startswith("```"):
            start = i
            quoted = []
            # A console block holds its commands: regression.docs_commands runs them and compares.
            console = line[3:].strip() == "console"
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                m = QUOTE.match(lines[i])
                if m and not console:
                    quoted.append((i + 1, m.group(1)))
                i += 1
            if quoted:
                out.append((start + 1, commands, quoted))
            commands = None
        elif line.strip():
            commands = None  # a comment applies to the block right after it only
        i += 1
    return out


def pattern(quote):
    return re.compile("^" + ".*".join(re.escape(part) for part in quote.split("...")) + "$")


def has_catalyst(binary):
    """A build without Catalyst refuses insitu.script before looking for the file."""
    p = subprocess.run([binary, "/dev/null", "--check", "insitu.script=/nonexistent.py"], capture_output=True, text=True)
    return "no ParaView Catalyst" not in p.stderr


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: messages.py GRAYSCOTT OUTDIR DOCS_DIR")
    binary, outdir, docs = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    repo = os.path.dirname(os.path.abspath(docs))
    os.makedirs(outdir, exist_ok=True)
    bindir = os.path.join(os.path.abspath(outdir), "bin")
    os.makedirs(bindir, exist_ok=True)
    link = os.path.join(bindir, "grayscott")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(binary, link)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""), REPO=repo)
    if "MPIEXEC" in os.environ:
        mpi_link = os.path.join(bindir, "mpiexec")
        if not os.path.lexists(mpi_link):
            os.symlink(shutil.which(os.environ["MPIEXEC"]) or os.environ["MPIEXEC"], mpi_link)
    catalyst = has_catalyst(binary)
    failures, checked, skipped = [], 0, []
    pages = [os.path.join(docs, name) for name in sorted(os.listdir(docs)) if name.endswith(".md")]
    pages += [p for p in [os.path.join(repo, "CHANGELOG.md")] if os.path.isfile(p)]
    for path in pages:
        for start, commands, quoted in blocks(path):
            where = "%s:%d" % (os.path.relpath(path, repo), start)
            if commands is None or len(commands) != len(quoted):
                failures.append("%s: %d quoted message(s) but %s; put '<!-- messages:' with one command per quoted line "
                                "right before the block" % (where, len(quoted),
                                                            "no command comment" if commands is None else "%d command(s)" % len(commands)))
                continue
            for (line_no, quote), command in zip(quoted, commands):
                at = "%s:%d" % (os.path.relpath(path, repo), line_no)
                if command.startswith("[no-catalyst]"):
                    if catalyst:
                        skipped.append((at, "without"))
                        continue
                    command = command[len("[no-catalyst]"):].strip()
                elif command.startswith("[catalyst]"):
                    if not catalyst:
                        skipped.append((at, "with"))
                        continue
                    command = "xvfb-run -a -s '-screen 0 1024x768x24 -noreset' " + command[len("[catalyst]"):].strip()
                scratch = tempfile.mkdtemp(dir=outdir, prefix="msg_")
                try:
                    p = subprocess.run(["bash", "-c", command], capture_output=True, text=True, errors="replace",
                                       cwd=scratch, env=env, timeout=120)
                    stderr = p.stderr
                except subprocess.TimeoutExpired:
                    stderr = "(the command hung)"
                shutil.rmtree(scratch, ignore_errors=True)
                checked += 1
                if not any(pattern(quote).match(l) for l in stderr.splitlines()):
                    failures.append("%s: the docs quote\n      %s\n    but `%s` prints\n      %s" % (
                        at, quote, command, "\n      ".join(stderr.splitlines()[:4]) or "(nothing on stderr)"))
    for at, needs in skipped:
        print("note: %s needs a build %s Catalyst; not checked in this one" % (at, needs))
    if failures:
        print("FAIL: %d quoted message(s) in %s/*.md and CHANGELOG.md differ from what the program prints:" % (len(failures), docs))
        for f in failures:
            print("  " + f)
        sys.exit(1)
    if checked == 0:
        sys.exit("FAIL: no quoted messages found in %s/*.md; the marking changed?" % docs)
    print("PASS: %d quoted messages in %s/*.md and CHANGELOG.md are printed verbatim by the program" % (checked, docs))


if __name__ == "__main__":
    main()
