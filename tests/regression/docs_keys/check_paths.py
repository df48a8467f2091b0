#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every repository path the docs and the source comments name exists, and
every config key the docs name is one the program accepts.

usage: check_paths.py REPO [--keys HELP_TXT]

Run it alone after moving or renaming files:

    python3 tests/regression/docs_keys/check_paths.py .

What is read. The whole text of README.md, CHANGELOG.md and docs/*.md; the
comments (and Python docstrings) of the files under src/, tests/, slurm/,
postprocess/, cmake/, inputs/ and .ci/, and of the top-level CMakeLists.txt:
`//` and `/* */` in C++ sources, `#` in shell, Python, CMake, TOML and Slurm
files; the whole text of Markdown files there. docs/history/ is not read: a
history names files as they were then.

What is a repository path. A token that starts with a top-level folder
(src/ inputs/ postprocess/ tests/ docs/ slurm/ cmake/ .ci/), or is a top-level
file (README.md, CHANGELOG.md, CMakeLists.txt), and stands at the
start of a word: `out/docs/x`, `/tmp/src/x`, `build/src/grayscott` and
`$OUT/tests/y` are not one (their first folder is not the repository's), but
`$REPO/...` and `${CMAKE_SOURCE_DIR}/...` are. In C++ comments, a path of a
src/ folder ending in a source extension (`physics/cell_update.hpp`) is read
as src/physics/cell_update.hpp. Web addresses are skipped. A token with `*`
or `{a,b}` is a pattern that must match at least one file; a token with
`...` is an elision and is skipped; a word in capitals (NAME, NNNNNN, DIR)
stands for any name where the literal path does not exist, so
`slurm/site/NAME.env` needs one slurm/site/*.env.

What is a key (--keys). HELP_TXT is the output of `grayscott --help`; its key
lines "  section.key  (...)" give the keys and their sections. In README.md
and docs/*.md, a `section.word` with one of those sections at the start of a
word is a key name and must be one of the keys, except a file name
(`insitu.md`, `parallel.md`: the word is a file extension).

In Markdown, HTML comments (the commands messages.py runs, which misspell
keys and make files on purpose) and lines quoting a program message
("error: ...", "warning: ...", which name the user's own files) are not read.
A path made by configure_file exists when PATH.in does.

Prints one line of counts on success; else one line per stale reference,
FILE:LINE: PATH (or key), and exits 1.
"""
import glob
import io
import os
import re
import sys
import tokenize

TOP_FOLDERS = ("src", "inputs", "postprocess", "tests", "docs", "slurm", "cmake", ".ci")
TOP_FILES = ("README.md", "CHANGELOG.md", "CMakeLists.txt", "LICENSE")
COMMENTED = ("src", "tests", "slurm", "postprocess", "cmake", "inputs", ".ci")
NOT_READ = ("docs/history/",)
CPP = (".cpp", ".hpp", ".h", ".cu", ".in")
HASH = (".sh", ".py", ".cmake", ".toml", ".env", ".sbatch", ".inc")
SOURCE_EXT = ("cpp", "hpp", "h", "in")
FILE_EXT = {"md", "py", "cpp", "hpp", "h", "sh", "toml", "json", "h5", "txt", "png", "env", "xdmf", "log", "cmake"}
# Capitalised file names that are names, not placeholders.
NAMES = {"README", "LICENSE", "CHANGELOG", "CMAKELISTS"}

PATH_CHARS = r"(?:[A-Za-z0-9_.*+\-/]|\{[A-Za-z0-9_.,*\-]*\})"
PATH = re.compile(
    r"(?<![A-Za-z0-9_./$~\-{}@:])"
    r"(?:\$\{?(?:REPO|CMAKE_SOURCE_DIR|repo)\}?/)?"
    r"((?:%s)/%s*|(?:%s)(?![A-Za-z0-9_.\-/]))" % (
        "|".join(re.escape(f) for f in TOP_FOLDERS), PATH_CHARS, "|".join(re.escape(f) for f in TOP_FILES)))
URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://\S*")


def src_relative(src_folders):
    return re.compile(r"(?<![A-Za-z0-9_./$~\-{}@:])((?:%s)/[A-Za-z0-9_/\-]*\.(?:%s))(?![A-Za-z0-9_])" % (
        "|".join(sorted(src_folders)), "|".join(SOURCE_EXT)))


# ---- the text of each file that may name paths ----

def cpp_comments(text):
    """[(line, comment text)] of // and /* */ comments, outside string and character literals."""
    out, i, n, line = [], 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append((line, text[i + 2:j]))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j
            for k, part in enumerate(text[i + 2:j].split("\n")):
                out.append((line + k, part))
            line += text.count("\n", i, j)
            i = j + 2
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            end = n if end < 0 else end
            line += text.count("\n", i, end)
            i = end + len(m.group(1)) + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return out


def hash_comments(text):
    """[(line, comment text)] of # comments: a # at the start of a line or after a blank, outside quotes."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        quote = None
        for i, c in enumerate(line):
            if quote:
                if c == "\\":
                    continue
                if c == quote:
                    quote = None
            elif c in "\"'" and not (c == "'" and i > 0 and line[i - 1].isalnum()):
                quote = c
            elif c == "#" and (i == 0 or line[i - 1] in " \t"):
                out.append((number, line[i + 1:]))
                break
    return out


def python_comments(text):
    """[(line, text)] of the comments and docstrings (strings standing as statements) of a Python file."""
    out = []
    try:
        previous = tokenize.NEWLINE
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                out.append((tok.start[0], tok.string[1:]))
            elif tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.NL):
                for k, part in enumerate(tok.string.split("\n")):
                    out.append((tok.start[0] + k, part))
            if tok.type not in (tokenize.COMMENT, tokenize.NL):
                previous = tok.type
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return hash_comments(text)
    return out


def markdown(text):
    """[(line, text)] of a Markdown page but its HTML comments (the commands
    messages.py runs, which make and misspell things on purpose) and the lines
    quoting a program message ("error:", "warning:"), which name the user's
    files, not the repository's."""
    out, hidden = [], False
    for number, line in enumerate(text.split("\n"), 1):
        if hidden or line.lstrip().startswith("<!--"):
            hidden = "-->" not in line
            continue
        if not re.search(r"\b(error|warning): ", line):
            out.append((number, line))
    return out


def texts(repo):
    """[(relative path, [(line, text)], is_cpp)] of every file read."""
    files = [name for name in ("README.md", "CHANGELOG.md") if os.path.isfile(os.path.join(repo, name))]
    files += sorted(os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, "docs", "*.md")))
    files.append("CMakeLists.txt")
    for top in COMMENTED:
        for root, dirs, names in os.walk(os.path.join(repo, top)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            files += sorted(os.path.relpath(os.path.join(root, n), repo) for n in names)
    out = []
    for rel in files:
        if rel.startswith(NOT_READ) or not os.path.isfile(os.path.join(repo, rel)):
            continue
        base = os.path.basename(rel)
        ext = os.path.splitext(base)[1]
        try:
            text = open(os.path.join(repo, rel), encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        if ext == ".md":
            out.append((rel, markdown(text), False))
        elif ext in CPP:
            out.append((rel, cpp_comments(text), True))
        elif ext == ".py":
            out.append((rel, python_comments(text), False))
        elif ext in HASH or base == "CMakeLists.txt" or (not ext and text.startswith("#!")):
            out.append((rel, hash_comments(text), False))
    return out


# ---- does a named path exist ----

def expand_braces(token):
    m = re.search(r"\{([^{}]*)\}", token)
    if not m:
        return [token]
    choices = m.group(1).split(",") if "," in m.group(1) else ["*"]
    return [t for c in choices for t in expand_braces(token[:m.start()] + c + token[m.end():])]


def exists(repo, token):
    for candidate in expand_braces(token):
        if not matches(repo, candidate):
            return False
    return True


def matches(repo, path):
    full = os.path.join(repo, path)
    if "*" in path:
        if glob.glob(full):
            return True
    elif os.path.exists(full) and (not path.endswith("/") or os.path.isdir(full)):
        return True
    elif os.path.isfile(full + ".in"):
        return True  # made by configure_file from PATH.in
    # A word in capitals is a placeholder for any name.
    placeholder = re.sub(r"(?<![A-Za-z0-9])([A-Z][A-Z0-9_]{1,})(?![a-z0-9])",
                         lambda m: m.group(1) if m.group(1).upper() in NAMES else "*", path)
    return placeholder != path and bool(glob.glob(os.path.join(repo, placeholder)))


def tokens(text, src_pattern):
    """The paths named in one line of text (relative to the repository)."""
    text = URL.sub(" ", text)
    found = []
    for m in PATH.finditer(text):
        token = m.group(1).rstrip(".-+,")
        if "..." in m.group(1) or token in TOP_FOLDERS:
            continue
        found.append(token)
    if src_pattern is not None:
        for m in src_pattern.finditer(text):
            found.append("src/" + m.group(1))
    return found


def check_paths(repo):
    src_folders = [d for d in os.listdir(os.path.join(repo, "src")) if os.path.isdir(os.path.join(repo, "src", d))]
    src_pattern = src_relative(src_folders)
    failures, checked, files = [], 0, set()
    for rel, lines, is_cpp in texts(repo):
        for number, line in lines:
            for token in sorted(set(tokens(line, src_pattern))):
                checked += 1
                files.add(rel)
                if not exists(repo, token):
                    failures.append("%s:%d: %s" % (rel, number, token))
    return failures, checked, len(files)


# ---- config keys named in the docs ----

def check_keys(repo, help_txt):
    keys = set()
    for line in open(help_txt, encoding="utf-8"):
        m = re.match(r"^  ([A-Za-z0-9_]+\.[A-Za-z0-9_]+)  \(", line)
        if m:
            keys.add(m.group(1))
    if not keys:
        sys.exit("FAIL: no key lines ('  section.key  (...') in %s" % help_txt)
    sections = sorted({k.split(".")[0] for k in keys})
    name = re.compile(r"(?<![A-Za-z0-9_./$\-])((?:%s)\.[A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_])" % "|".join(sections))
    pages = glob.glob(os.path.join(repo, "README.md")) + sorted(glob.glob(os.path.join(repo, "docs", "*.md")))
    failures, named, distinct = [], 0, set()
    for page in pages:
        rel = os.path.relpath(page, repo)
        for number, line in markdown(open(page, encoding="utf-8").read()):
            for m in name.finditer(URL.sub(" ", line)):
                key = m.group(1)
                if key.split(".")[1] in FILE_EXT:
                    continue
                named += 1
                distinct.add(key)
                if key not in keys:
                    failures.append("%s:%d: %s" % (rel, number, key))
    return failures, named, len(distinct & keys)


def main():
    usage = "usage: check_paths.py REPO [--keys HELP_TXT]   (REPO: the source tree, holding src/)"
    args = sys.argv[1:]
    help_txt = None
    if "--keys" in args:
        i = args.index("--keys")
        if i + 1 >= len(args):
            sys.exit(usage)
        help_txt = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1 or not os.path.isdir(os.path.join(args[0], "src")):
        sys.exit(usage)
    repo = os.path.abspath(args[0])
    path_failures, checked, files = check_paths(repo)
    if checked == 0:
        sys.exit("FAIL: no repository paths found under %s: the recognizer is broken" % repo)
    line = "docs_keys: %d repository paths named in %d files exist" % (checked, files)
    key_failures = []
    if help_txt is not None:
        key_failures, named, distinct = check_keys(repo, help_txt)
        if named == 0:
            sys.exit("FAIL: no key names found in README.md and docs/*.md: the recognizer is broken")
        line += "; %d key names in README.md and docs/ (%d distinct keys) are accepted" % (named, distinct)
    failures = path_failures + key_failures
    if failures:
        print("FAIL: %d stale reference(s): %d repository path(s) that do not exist, %d key name(s) the program "
              "does not accept:" % (len(failures), len(path_failures), len(key_failures)))
        for f in failures:
            print("  " + f)
        sys.exit(1)
    print("PASS: " + line)


if __name__ == "__main__":
    main()
