#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""No function in src/ is longer than LIMIT lines.

usage: function_lengths.py SRC_DIR     check a source tree (exit 1 on a violation)
       function_lengths.py --list DIR  print every function with its length, longest first
       function_lengths.py --self-test prove the checker finds what it must on a made-up tree

A function's length runs from the first line of its signature (a template<>
line included) to the line of its closing brace. Lambdas and local classes
count as part of the function that holds them: a 300-line table of lambdas
built inside one function is one 300-line function.

How a function is found, without a compiler: comments, string and character
literals (raw strings included) and preprocessor lines are blanked first, then
the braces are matched. At namespace and class scope a brace opens a function
body when the text before it (since the last ';', '{' or '}') has a parameter
list and no '=' outside parentheses; namespace, class, struct, union and enum
bodies are scanned for functions in turn; anything else at that scope (a
variable's braced initializer) is skipped. Braces of a constructor's member
initializers (x_{a}) stay part of its signature. Unbalanced braces (an #if
whose branches each open one) fail the check rather than measure wrongly.
"""
import contextlib
import io
import pathlib
import re
import sys
import tempfile

LIMIT = 150
EXTENSIONS = (".cpp", ".hpp", ".h", ".cu", ".in")

# Functions over the limit that cannot be split in the change that finds them
# (their file is being rewritten elsewhere), for the time being:
# (path relative to src/, function name) -> the length it may not grow past.
# An entry whose function is back under the limit, or gone, fails the check,
# so that the list only shrinks.
# None is over the limit today.
ALLOWED = {}

SCOPE_WORDS = re.compile(r"\b(namespace|class|struct|union|enum)\b")
QUALIFIERS = re.compile(r"(\s|\bconst\b|\bnoexcept\b|\boverride\b|\bfinal\b|\bmutable\b|&|\btry\b)*$")


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = list(text)
    i, n = 0, len(text)

    def clear(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if at_line_start and c == "#":
            j = i
            while True:  # a directive with its backslash continuations
                e = text.find("\n", j)
                e = n if e < 0 else e
                if e > 0 and text[e - 1] == "\\" and e < n:
                    j = e + 1
                    continue
                break
            clear(i, e)
            i = e
            continue
        if not c.isspace():
            at_line_start = False
        if text.startswith("//", i):
            e = text.find("\n", i)
            e = n if e < 0 else e
            clear(i, e)
            i = e
        elif text.startswith("/*", i):
            e = text.find("*/", i + 2)
            e = n if e < 0 else e + 2
            clear(i, e)
            i = e
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                i += 1
                continue
            e = text.find(")" + m.group(1) + '"', i)
            e = n if e < 0 else e + len(m.group(1)) + 2
            clear(i + 1, e - 1)
            i = e
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():
                i += 1  # a digit separator (1'000'000)
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            clear(i + 1, j)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def matching(code, start):
    """Index of the brace closing the one at `start`, or -1."""
    depth = 0
    for k in range(start, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return -1


def top_level(head):
    """`head` with what lies inside parentheses dropped (the parentheses kept)."""
    out, depth = [], 0
    for c in head:
        if c == "(":
            depth += 1
            if depth == 1:
                out.append("(")
        elif c == ")":
            depth -= 1
            if depth == 0:
                out.append(")")
        elif depth == 0:
            out.append(c)
    return "".join(out)


def without_template_parameters(text):
    """`text` with every `template <...>` prefix removed (its `class T` is not a class)."""
    while True:
        m = re.search(r"\btemplate\s*<", text)
        if not m:
            return text
        depth, k = 0, m.end() - 1
        while k < len(text):
            depth += {"<": 1, ">": -1}.get(text[k], 0)
            if depth == 0:
                break
            k += 1
        text = text[:m.start()] + " " + text[k + 1:]


def normalized(head):
    """A declaration head reduced to what tells a function: access labels, operator
    names, template parameters and what lies inside parentheses dropped."""
    head = re.sub(r"\b(public|private|protected)\s*:(?!:)", " ", head)
    head = re.sub(r"\boperator\s*\(\s*\)", "operator__call", head)
    head = re.sub(r"\boperator\s*[^\s\w(]+\s*(?=\()", "operator__op", head)
    return without_template_parameters(top_level(head))


def function_name(head):
    """The declarator's name: the qualified name before the first top-level parameter list."""
    head = re.sub(r"\b(__attribute__|alignas|__declspec)\s*\(", "(", head)
    flat = re.sub(r"\b(public|private|protected)\s*:(?!:)", " ", head)
    flat = top_level(re.sub(r"\boperator\s*\(\s*\)", "operator__call", flat))
    flat = without_template_parameters(flat)
    m = re.search(r"((?:[A-Za-z_~]\w*\s*(?:<[^;{}()]*>)?\s*::\s*)*(?:operator\s*[^\s(\w]+|[A-Za-z_~]\w*))\s*\(", flat)
    name = m.group(1) if m else flat.strip().split("\n")[-1]
    return re.sub(r"\s+", "", name).replace("operator__call", "operator()")


def signature_tail(flat):
    """What follows the parameter list, with a trailing return type and member initializers cut."""
    flat = re.sub(r"->.*$", "", flat, flags=re.S)
    params = flat.index("(")
    initializers = re.search(r"(?<!:):(?!:)", flat[params:])
    if initializers:
        flat = flat[:params + initializers.start()]
    flat = re.sub(r"\bnoexcept\s*\(\)", "noexcept", flat)
    return flat[flat.rfind(")") + 1:]


def is_function(head):
    flat = normalized(head)
    if "(" not in flat or "=" in flat or SCOPE_WORDS.search(flat):
        return False
    return QUALIFIERS.fullmatch(signature_tail(flat)) is not None


def is_scope(head):
    flat = normalized(head)
    return ("(" not in flat and SCOPE_WORDS.search(flat) is not None) or re.fullmatch(r'\s*extern\s*"\s*"\s*', head) is not None


def in_initializer_list(head):
    """Whether a '{' right after `head` belongs to a constructor's member initializer (x_{a})."""
    flat = normalized(head)
    if "=" in flat or SCOPE_WORDS.search(flat):
        return False
    m = re.search(r"\)[^()]*?(?<!:):(?!:)(.*)$", flat, flags=re.S)
    return bool(m) and re.search(r"[A-Za-z_]\w*(\s*<[^<>]*>)?\s*$", m.group(1)) is not None


def functions(text):
    """[(first line, last line, name)] of every function defined in the C++ `text`."""
    code = blank(text)
    line_of = [0] * (len(code) + 1)
    line = 1
    for k, c in enumerate(code):
        line_of[k] = line
        if c == "\n":
            line += 1
    line_of[len(code)] = line
    found = []

    def scan(begin, end):
        head_start = begin
        k = begin
        while k < end:
            c = code[k]
            if c in ";}":
                head_start = k + 1
            elif c == "{":
                head = code[head_start:k]
                close = matching(code, k)
                if close < 0 or close >= end:
                    raise ValueError("line %d: unbalanced braces" % line_of[k])
                if in_initializer_list(head):
                    k = close + 1  # x_{a}: still the signature
                    continue
                label = re.match(r"(\s*\b(public|private|protected)\s*:(?!:))*\s*", head)
                first = head_start + label.end()
                if is_function(head):
                    found.append((line_of[first], line_of[close], function_name(head)))
                elif is_scope(head):
                    scan(k + 1, close)
                head_start = close + 1
                k = close
            k += 1

    if code.count("{") != code.count("}"):
        raise ValueError("unbalanced braces (%d '{', %d '}')" % (code.count("{"), code.count("}")))
    scan(0, len(code))
    return found


def measure(src):
    """[(length, path relative to src, first line, name)] of every function under `src`."""
    rows = []
    for path in sorted(p for p in src.rglob("*") if p.is_file() and p.name.endswith(EXTENSIONS)):
        rel = path.relative_to(src).as_posix()
        try:
            for first, last, name in functions(path.read_text(encoding="utf-8")):
                rows.append((last - first + 1, rel, first, name))
        except ValueError as e:
            raise SystemExit("FAIL: src/%s: %s; the checker cannot measure its functions" % (rel, e))
    return rows


def check(src, allowed):
    rows = measure(src)
    if not rows:
        print("FAIL: no functions found under %s: the recognizer is broken" % src)
        return 1
    failures, seen = [], set()
    for length, rel, first, name in rows:
        key = (rel, name)
        if key in allowed:
            seen.add(key)
            if length > allowed[key]:
                failures.append("src/%s:%d: %s is %d lines, more than the %d it was allowed while listed in ALLOWED" %
                                (rel, first, name, length, allowed[key]))
            elif length <= LIMIT:
                failures.append("src/%s:%d: %s is %d lines now: remove it from ALLOWED in %s" %
                                (rel, first, name, length, pathlib.Path(__file__).name))
        elif length > LIMIT:
            failures.append("src/%s:%d: %s is %d lines (limit %d): split it by responsibility" % (rel, first, name, length, LIMIT))
    for rel, name in sorted(set(allowed) - seen):
        failures.append("src/%s: %s is listed in ALLOWED but no longer found: remove it from the list" % (rel, name))
    if failures:
        print("FAIL: %d function(s) in %s over %d lines or stale in ALLOWED:" % (len(failures), src, LIMIT))
        for f in failures:
            print("  " + f)
        return 1
    length, rel, first, name = max(r for r in rows if (r[1], r[3]) not in allowed)
    print("PASS: %d functions in %s, none over %d lines (%d allowed for now in ALLOWED); the longest: src/%s:%d %s, %d lines" %
          (len(rows), src, LIMIT, len(allowed), rel, first, name, length))
    return 0


def self_test():
    body = "\n".join("  x += %d;" % i for i in range(LIMIT - 2))  # with its two brace lines: LIMIT lines
    tree = {
        "a/fine.cpp": "namespace gs {\nint exact(int x) {\n%s\n}\n}  // namespace gs\n" % body,
        "a/long.cpp": ('// braces in a comment: {{{\n#if 0\n#endif\nnamespace gs {\nnamespace {\n'
                       'const char* kText = R"~(a { raw } string ")~";\n'
                       "struct Shape {\n  template <class T>\n  int member(T x) const {\n%s\n    return 1;\n  }\n};\n"
                       "}  // namespace\n}  // namespace gs\n") % body,
        "a/ctor.hpp": ("#pragma once\nclass Box {\n public:\n  Box(int a)\n      : a_{a}, b_(a) {\n%s\n    b_ += 1;\n  }\n"
                       "  int a_, b_;\n};\n") % body,
        "a/table.cpp": "static const int kTable[] = {\n%s\n};\nvoid short_one() { char c = '{'; }\n" % ",\n".join(["1"] * 300),
        "a/allowed.cpp": "void listed() {\n%s\n  x += 1;\n}\nvoid healed() {\n}\n" % body,
    }
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp)
        for rel, text in tree.items():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            (src / rel).write_text(text)
        lengths = {(rel, name): length for length, rel, _, name in measure(src)}
        expected = {("a/fine.cpp", "exact"): LIMIT, ("a/long.cpp", "member"): LIMIT + 2, ("a/ctor.hpp", "Box"): LIMIT + 2,
                    ("a/table.cpp", "short_one"): 1, ("a/allowed.cpp", "listed"): LIMIT + 1, ("a/allowed.cpp", "healed"): 2}
        if lengths != expected:
            print("FAIL: self-test measured %s, expected %s" % (sorted(lengths.items()), sorted(expected.items())))
            return 1
        report = io.StringIO()
        with contextlib.redirect_stdout(report):
            rc = check(src, {("a/allowed.cpp", "listed"): LIMIT + 1, ("a/allowed.cpp", "healed"): 3, ("a/gone.cpp", "old"): 200})
        lines = [l.strip() for l in report.getvalue().splitlines() if l.startswith("  ")]
        wanted = ["src/a/ctor.hpp:4: Box is %d lines" % (LIMIT + 2), "src/a/long.cpp:8: member is %d lines" % (LIMIT + 2),
                  "src/a/allowed.cpp:%d: healed is 2 lines now" % (LIMIT + 2), "src/a/gone.cpp: old is listed in ALLOWED"]
        if rc != 1 or len(lines) != len(wanted) or not all(any(l.startswith(w) for l in lines) for w in wanted):
            print("FAIL: self-test expected exactly these reports:\n  %s\ngot (exit %d):\n%s" % ("\n  ".join(wanted), rc, report.getvalue()))
            return 1
    print("PASS: the checker measures functions in namespaces, classes, templates and constructors, skips tables, "
          "comments and literals, and reports functions over %d lines and stale allow-list entries" % LIMIT)
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) == 3 and sys.argv[1] == "--list":
        for length, rel, first, name in sorted(measure(pathlib.Path(sys.argv[2])), reverse=True):
            print("%5d  src/%s:%d  %s" % (length, rel, first, name))
        return 0
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    return check(pathlib.Path(sys.argv[1]), ALLOWED)


if __name__ == "__main__":
    sys.exit(main())
