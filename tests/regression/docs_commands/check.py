#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every command block in README.md and docs/*.md runs as written.

usage: check.py GRAYSCOTT OUTDIR REPO [PAGE ...]
       check.py --self-test OUTDIR

Alone, from the checkout: python3 tests/regression/docs_commands/check.py
build/src/grayscott /tmp/docs-check . docs/io.md
PAGE (README.md, docs/io.md, ...) runs those pages only; by default every
page runs: README.md first, then docs/*.md in name order (docs/history/ is a
lab notebook of commands as they were then, and is not read).

Where the blocks run. OUTDIR/work is a fresh copy of the checkout (the files
git tracks, as they are in the working tree) with `build` a link to the
build folder of GRAYSCOTT, as after the quick start; every block runs there,
one after another, in one shared folder: a block may use what an earlier
block made (`out/...`), and two commands that write the same default output
folder collide as they would for a reader. A page makes what its own
commands read: the order across pages is this checker's, not a reader's. `grayscott` alone is not on PATH
(the docs say build/src/grayscott, or name the installed command in a block
marked not run). The folder is removed when every block passed, and kept for
a look when one failed.

The convention. Every fenced block has an info string saying what it is:
  bash     commands: run as one bash script (pipefail), every line, as a
           reader pasting them would; each command that fails is named with
           its doc line, and fails the block
  console  commands after "$ " (continued by a trailing backslash), each
           followed by the output it prints: the quoted lines must match
           consecutive lines of the command's stdout and stderr, where "..."
           inside a line stands for any text and a line "..." for any lines
  python   a script run with the tests' Python (GS_PYTHON: numpy, h5py)
  text, toml, cpp, json
           not commands (formulas, layouts, input files, listings, sample
           logs of a real cluster); a text block whose line starts like a
           command (build/src/grayscott, mpiexec, slurm/..., ctest, ...) is
           refused: make it a bash block, or mark it not run
A block without an info string, or with another one, is refused.

An HTML comment right before a block (invisible on the rendered page) says
how it runs, one directive per line:

    <!-- commands:
    small: grid.n=512 => grid.n=48
    dry run
    -->

  small: OLD => NEW   replace the text OLD by NEW before running (smaller
                      grids, fewer steps); OLD must occur in the block
  dry run             every slurm/*.sh in the block that has neither --local
                      nor a --dry-run of its own runs with --dry-run: the
                      arguments, the site file and the input (grayscott
                      --check, every member of a study) are checked as at
                      submission, and nothing is queued (the jobs themselves
                      are the slurm label's tests, on a one-node test
                      cluster); --local studies run for real
  site: NAME          with dry run: `--site mysite` (the reader's own site
                      file, copied from a generic one) runs as `--site NAME`
  checkout: PATH      a console block whose quoted output names the checkout
                      by an example path (/home/me/gs): that path stands for
                      the folder the commands run in
  not run: REASON     a bash, console or python block that cannot run here
                      (a GPU, a site's Kokkos, the package installer, the test
                      suite itself); the reason is printed
  catalyst            runs only in a build with ParaView Catalyst, under
                      xvfb-run; noted and skipped in a build without it
  pvpython            a python block that runs with ParaView's pvpython
  file: NAME          a toml or text block: its text is written to NAME in the
                      working folder, for the blocks after it
  exit: N             a console block whose commands are refused: each must
                      exit with N (not 0) and print what the block quotes
  timeout: S          this block's limit in seconds (default 120, or the
                      environment's GS_DOCS_BLOCK_TIMEOUT)
A one-line form `<!-- commands: DIRECTIVE -->` holds one directive. Blocks
quoting messages under a `<!-- messages: -->` comment are docs_keys'
(messages.py) and are text here.

Prints one line per block (ran, not run, skipped) and exits 1 when a block
failed, naming FILE:LINE, the command and the last lines it printed.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

RUN_KINDS = ("bash", "console", "python")
TEXT_KINDS = ("text", "toml", "cpp", "json")
# First words of a line that make a text block look like commands.
COMMAND_WORDS = re.compile(
    r"^\s*(\$ |(build[^/\s]*/src/)?grayscott(\s|$)|gs-[a-z-]+(\s|$)|mpiexec\s|mpirun\s|srun\s|sbatch\s|"
    r"slurm/[\w./-]*\.sh(\s|$)|bash\s|cmake\s|ctest\s|python3?\s|/usr/bin/python3\s|pvpython\s|module\s|cd\s|export\s)")
DIRECTIVE = re.compile(r"^(small|not run|file|timeout|exit|site|checkout):\s*(.*)$|^(dry run|catalyst|pvpython)$")
DEFAULT_TIMEOUT = int(os.environ.get("GS_DOCS_BLOCK_TIMEOUT", "120"))


class Block:
    def __init__(self, page, line, kind, text, directives):
        self.page, self.line, self.kind, self.text, self.directives = page, line, kind, text, directives

    @property
    def where(self):
        return "%s:%d" % (self.page, self.line)

    def get(self, name):
        return [v for k, v in self.directives if k == name]


def parse(path, page):
    """[Block] of a Markdown page, and [problem] for malformed comments."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, problems, pending = [], [], None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("<!-- commands:"):
            start = i
            body = line[len("<!-- commands:"):]
            while "-->" not in body and i + 1 < len(lines):
                i += 1
                body += "\n" + lines[i]
            body = body.split("-->")[0]
            pending = []
            for d in (x.strip() for x in body.split("\n")):
                if not d:
                    continue
                m = DIRECTIVE.match(d)
                if not m:
                    problems.append("%s:%d: unknown directive '%s' (small: OLD => NEW, dry run, not run: REASON, catalyst, "
                                    "pvpython, file: NAME, exit: N, site: NAME, checkout: PATH, timeout: S)" % (page, start + 1, d))
                    continue
                pending.append((m.group(1), m.group(2).strip()) if m.group(1) else (m.group(3), ""))
            i += 1
            continue
        if line.startswith("```"):
            kind = line[3:].strip()
            start = i
            i += 1
            body = []
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append(Block(page, start + 1, kind, "\n".join(body), pending or []))
            pending = None
        elif line.strip() and pending is not None:
            problems.append("%s:%d: a '<!-- commands:' comment must stand right before its block" % (page, i + 1))
            pending = None
        i += 1
    if pending is not None:
        problems.append("%s: a '<!-- commands:' comment at the end of the page, with no block after it" % page)
    return blocks, problems


def substitute(block):
    """The block's text with its small: substitutions and dry runs applied, or raise ValueError."""
    text = block.text
    for sub in block.get("small"):
        if "=>" not in sub:
            raise ValueError("small: '%s' is not OLD => NEW" % sub)
        old, new = (s.strip() for s in sub.split("=>", 1))
        if old not in text:
            raise ValueError("small: '%s' does not occur in the block (stale marker?)" % old)
        text = text.replace(old, new)
    for site in block.get("site"):
        if "--site mysite" not in text:
            raise ValueError("site: no '--site mysite' in the block")
        text = text.replace("--site mysite", "--site " + site)
    if block.get("dry run"):
        out = []
        for line in text.split("\n"):
            if "--local" not in line and "--dry-run" not in line:
                line = re.sub(r"((^|\s)(\./)?slurm/\w+\.sh)(?!\S)(?! --dry-run)", r"\1 --dry-run", line)
            out.append(line)
        if out == text.split("\n"):
            raise ValueError("dry run: no slurm/*.sh command without --local in the block")
        text = "\n".join(out)
    return text


def looks_like_commands(block):
    for n, line in enumerate(block.text.split("\n")):
        if COMMAND_WORDS.match(line):
            return block.line + 1 + n, line.strip()
    return None


def console_commands(text, first_line):
    """[(doc line, command, [quoted output lines])] of a console block."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError("line %d: output before any '$ ' command" % (first_line + i))
        at, command = first_line + i, lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        quoted = []
        while i < len(lines) and not lines[i].startswith("$ "):
            quoted.append(lines[i])
            i += 1
        while quoted and not quoted[-1].strip():
            quoted.pop()
        out.append((at, command, quoted))
    return out


def line_pattern(quote):
    return re.compile("^" + ".*".join(re.escape(part) for part in quote.split("...")) + "$")


def matches(quoted, printed):
    """Whether the quoted lines match consecutive printed lines ('...' lines: any lines)."""
    def at(q, p):
        if q == len(quoted):
            return True
        if quoted[q].strip() == "...":
            return any(at(q + 1, k) for k in range(p, len(printed) + 1))
        return p < len(printed) and line_pattern(quoted[q].rstrip()).match(printed[p].rstrip()) is not None and at(q + 1, p + 1)
    return any(at(0, p) for p in range(len(printed) + 1))


def tail(text, n=8):
    return "\n".join("    " + l for l in text.rstrip("\n").split("\n")[-n:])


def run(argv, cwd, env, timeout, prefix=()):
    """(exit code, output) of one command in its own session; 124 on timeout. The output goes
    to a file, not a pipe: a process the block leaves in the background (an X server) would
    hold a pipe open after the block ended."""
    with tempfile.TemporaryFile() as log:
        p = subprocess.Popen(list(prefix) + argv, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            rc, note = p.wait(timeout=timeout), ""
        except subprocess.TimeoutExpired:
            rc, note = 124, "\n(killed after %d s)" % timeout
        # What the block left running (its whole session) ends with it.
        for sig in (15, 9):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        p.wait()
        log.seek(0)
        return rc, log.read().decode("utf-8", "replace") + note


# Every command runs, as a reader pasting the lines one by one would run them; each
# failure is reported with its line, and the block fails when one failed.
BASH_PREAMBLE = ("set -o pipefail; docs_failed=0\n"
                 "trap 'rc=$?; docs_failed=1; echo \"docs_commands: block line $LINENO exited $rc: $BASH_COMMAND\"' ERR\n")
BASH_END = "\nexit $docs_failed\n"


def run_block(block, text, work, env, python, prefix):
    """None when the block passed, else a message."""
    timeout = int((block.get("timeout") or [DEFAULT_TIMEOUT])[0])
    if block.kind == "bash":
        rc, out = run(["bash", "--noprofile", "--norc", "-c", BASH_PREAMBLE + text + BASH_END], work, env, timeout, prefix)
        if rc:
            failed = ["%s:%d: '%s' exited %s" % (block.page, block.line + int(m.group(1)) - 2, m.group(3), m.group(2))
                      for m in re.finditer(r"docs_commands: block line (\d+) exited (\d+): (.*)", out)]
            # (block line - 2: the preamble's 2 lines; the fence is the block's line 0)
            if failed and rc != 124:
                return "\n".join(failed) + ":\n" + tail(out)
            return "%s: the block exited %d%s:\n%s" % (block.where, rc, "".join("\n" + f for f in failed), tail(out))
        return None
    if block.kind == "python":
        script = os.path.join(work, ".docs_block.py")
        with open(script, "w") as f:
            f.write(text + "\n")
        interpreter = "pvpython" if block.get("pvpython") else python
        rc, out = run([interpreter, script], work, env, timeout, prefix)
        return None if rc == 0 else "%s: the %s script exited %d:\n%s" % (block.where, interpreter, rc, tail(out))
    try:
        commands = console_commands(text, block.line + 1)
    except ValueError as e:
        return "%s: %s" % (block.where, e)
    expected = int((block.get("exit") or ["0"])[0])
    for path in block.get("checkout"):
        commands = [(at, command, [q.replace(path, work) for q in quoted]) for at, command, quoted in commands]
    for at, command, quoted in commands:
        rc, out = run(["bash", "--noprofile", "--norc", "-o", "pipefail", "-c", command], work, env, timeout, prefix)
        if rc != expected:
            return "%s:%d: '%s' exited %d%s:\n%s" % (block.page, at, command, rc,
                                                   " (the block says exit %d)" % expected if expected else "", tail(out))
        if quoted and not matches(quoted, out.split("\n")):
            return "%s:%d: '%s' did not print the quoted lines:\n%s\n  it printed:\n%s" % (
                block.page, at, command, "\n".join("    " + q for q in quoted), tail(out, 40))
    return None


def has_catalyst(binary):
    p = subprocess.run([binary, "/dev/null", "--check", "insitu.script=/nonexistent.py"], capture_output=True, text=True)
    return "no ParaView Catalyst" not in p.stderr


def make_work(repo, build, work):
    """A fresh copy of the checkout's tracked files (else of the tree, less build folders), build/ a link."""
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    try:
        files = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True, check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        files = [os.path.relpath(os.path.join(d, f), repo) for d, subdirs, fs in os.walk(repo) for f in fs
                 if not os.path.relpath(d, repo).split(os.sep)[0].startswith(("build", ".git"))]
    for rel in filter(None, files):
        src = os.path.join(repo, rel)
        if not os.path.isfile(src):
            continue  # removed in the working tree
        dst = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
    os.symlink(build, os.path.join(work, "build"))


def check_pages(repo, pages, binary, outdir, only_parse=False):
    """(failures, lines printed) for the pages."""
    work = os.path.join(os.path.abspath(outdir), "work")
    python = os.environ.get("GS_PYTHON", "/usr/bin/python3")
    env = dict(os.environ)
    env.pop("GS_BIN", None)
    failures, report = [], []
    blocks = []
    for page in pages:
        b, problems = parse(os.path.join(repo, page), page)
        blocks += b
        failures += problems
    for b in blocks:
        if b.kind not in RUN_KINDS + TEXT_KINDS:
            failures.append("%s: a block %s: give it one of %s (commands) or %s (not commands)" % (
                b.where, "with info string '%s'" % b.kind if b.kind else "without an info string",
                ", ".join(RUN_KINDS), ", ".join(TEXT_KINDS)))
        elif b.kind in TEXT_KINDS and not b.get("file"):
            hit = looks_like_commands(b)
            if hit:
                failures.append("%s:%d: a %s block holds a command ('%s'): make it a bash block, or mark it "
                                "'<!-- commands: not run: REASON -->'" % (b.page, hit[0], b.kind, hit[1][:80]))
        elif b.kind in RUN_KINDS and b.get("file"):
            failures.append("%s: file: is for toml and text blocks" % b.where)
        for name in ("exit", "checkout"):
            if b.get(name) and b.kind != "console":
                failures.append("%s: %s: is for console blocks" % (b.where, name))
    if failures or only_parse:
        return failures, report
    build = os.path.dirname(os.path.dirname(os.path.abspath(binary)))
    make_work(repo, build, work)
    catalyst = has_catalyst(binary)
    xvfb = shutil.which("xvfb-run")
    t_all = time.time()
    for b in blocks:
        if b.kind in TEXT_KINDS:
            for name in b.get("file"):
                with open(os.path.join(work, name), "w") as f:
                    f.write(b.text + "\n")
                report.append("file     %s: %s" % (b.where, name))
            continue
        reason = b.get("not run")
        if reason:
            report.append("not run  %s: %s" % (b.where, reason[0]))
            continue
        prefix = ()
        if b.get("catalyst"):
            if not catalyst:
                report.append("skipped  %s: needs a build with ParaView Catalyst" % b.where)
                continue
            if not xvfb:
                failures.append("%s: needs xvfb-run (Debian: xvfb) for its in-situ rendering" % b.where)
                continue
            prefix = (xvfb, "-a", "-s", "-screen 0 1024x768x24 -noreset")
        try:
            text = substitute(b)
        except ValueError as e:
            failures.append("%s: %s" % (b.where, e))
            continue
        t0 = time.time()
        problem = run_block(b, text, work, env, python, prefix)
        how = ", ".join(k + (" " + v if v and k != "small" else "") for k, v in b.directives if k in ("dry run", "catalyst")) or "as written"
        if b.get("small"):
            how = "small sizes" + ("" if how == "as written" else ", " + how)
        if problem:
            failures.append(problem)
            report.append("FAILED   %s (%s, %.1f s)" % (b.where, how, time.time() - t0))
        else:
            report.append("ran      %s (%s, %.1f s)" % (b.where, how, time.time() - t0))
    report.append("all blocks: %.0f s" % (time.time() - t_all))
    if not failures:
        shutil.rmtree(work, ignore_errors=True)
    else:
        report.append("working folder kept: %s" % work)
    return failures, report


SELF_TEST_PAGE = """# Planted

```
echo no info string
```

```text
build/src/grayscott inputs/default.toml
```

```bash
true
false
```

```console
$ echo one; echo two
one
three
```

<!-- commands:
small: grid.n=512 => grid.n=64
-->
```bash
echo grid.n=256
```

<!-- commands: not run: a reason -->
```bash
false
```

```console
$ printf 'a\\nb\\nc\\n'
a
...
c
```
"""


def self_test(outdir):
    """The checker must see each kind of planted fault, and pass what is right."""
    repo = os.path.join(os.path.abspath(outdir), "planted")
    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(os.path.join(repo, "docs"))
    with open(os.path.join(repo, "docs", "p.md"), "w") as f:
        f.write(SELF_TEST_PAGE)
    failures, _ = check_pages(repo, ["docs/p.md"], "", outdir, only_parse=True)
    expected_parse = ["docs/p.md:3: a block without an info string", "docs/p.md:8: a text block holds a command"]
    problems = [e for e in expected_parse if not any(f.startswith(e) for f in failures)]
    if len(failures) != len(expected_parse):
        problems.append("%d problems reported, %d planted" % (len(failures), len(expected_parse)))
    # Now without the two malformed blocks: the runs.
    with open(os.path.join(repo, "docs", "p.md"), "w") as f:
        f.write(SELF_TEST_PAGE.replace("```\necho no info string", "```text\nno info string").replace(
            "```text\nbuild/src/grayscott", "<!-- commands: not run: planted -->\n```bash\nbuild/src/grayscott"))
    fake = os.path.join(repo, "build", "src", "grayscott")
    os.makedirs(os.path.dirname(fake))
    with open(fake, "w") as f:
        f.write("#!/bin/sh\necho 'no ParaView Catalyst' >&2\n")
    os.chmod(fake, 0o755)
    runs, _ = check_pages(repo, ["docs/p.md"], fake, os.path.join(outdir, "planted_out"))
    for e in ["docs/p.md:14: 'false' exited 1", "docs/p.md:18: 'echo one; echo two' did not print the quoted lines",
              "docs/p.md:26: small: 'grid.n=512' does not occur"]:
        if not any(f.startswith(e) for f in runs):
            problems.append("not reported: " + e)
    if len(runs) != 3:
        problems.append("%d failures in the runs, 3 planted:\n%s" % (len(runs), "\n".join(runs)))
    shutil.rmtree(repo, ignore_errors=True)
    shutil.rmtree(os.path.join(outdir, "planted_out"), ignore_errors=True)
    if problems:
        print("FAIL: the checker missed planted faults:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print("PASS: a block without an info string, a command in a text block, a failing command, a differing "
          "quoted output and a stale small: marker are reported; '...' and 'not run' are honoured")
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        sys.exit(self_test(sys.argv[2]))
    if len(sys.argv) < 4:
        sys.exit("usage: check.py GRAYSCOTT OUTDIR REPO [PAGE ...] | check.py --self-test OUTDIR")
    binary, outdir, repo = os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3])
    if not os.access(binary, os.X_OK):
        sys.exit("FAIL: %s is not an executable" % binary)
    pages = sys.argv[4:] or ["README.md"] + sorted(os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, "docs", "*.md")))
    os.makedirs(outdir, exist_ok=True)
    if self_test(outdir):
        sys.exit(1)
    failures, report = check_pages(repo, pages, binary, outdir)
    print("\n".join(report))
    if failures:
        print("FAIL: %d problem(s) in the command blocks of %s:\n%s" % (len(failures), ", ".join(pages), "\n".join(failures)),
              file=sys.stderr)
        sys.exit(1)
    print("PASS: every command block of %d page(s) ran or is marked not run" % len(pages))


if __name__ == "__main__":
    main()
