#!/usr/bin/env python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Every relative link in the top-level *.md (README.md, CHANGELOG.md),
docs/*.md and docs/history/*.md reaches a file, and every
#anchor a heading of the page it names.

usage: links.py REPO

Anchors are GitHub's: the heading in lower case, characters other than
letters, digits, '_', '-' and spaces dropped, spaces turned into '-', and
'-1', '-2', ... added to repeated headings. Headings inside fenced blocks
are not headings. Links to web addresses (scheme:...) are not checked.
"""
import glob
import os
import re
import sys


def anchors(path):
    out, seen, fenced = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"^#+ (.*)", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else "%s-%d" % (slug, n))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: links.py REPO")
    repo = sys.argv[1]
    pages = sorted(glob.glob(os.path.join(repo, "*.md")) + glob.glob(os.path.join(repo, "docs", "*.md")) +
                   glob.glob(os.path.join(repo, "docs", "history", "*.md")))
    failures, checked = [], 0
    for page in pages:
        text = open(page, encoding="utf-8").read()
        for number, line in enumerate(text.split("\n"), 1):
            for link in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", link):
                    continue
                target, _, anchor = link.partition("#")
                path = os.path.normpath(os.path.join(os.path.dirname(page), target)) if target else page
                where = "%s:%d" % (os.path.relpath(page, repo), number)
                checked += 1
                if not os.path.exists(path):
                    failures.append("%s: (%s): no file %s" % (where, link, os.path.relpath(path, repo)))
                elif anchor and path.endswith(".md") and anchor not in anchors(path):
                    failures.append("%s: (%s): no heading of %s has the anchor #%s" % (where, link, os.path.relpath(path, repo), anchor))
    if failures:
        print("FAIL: %d of %d links in *.md, docs/*.md and docs/history/*.md lead nowhere:" % (len(failures), checked))
        for f in failures:
            print("  " + f)
        sys.exit(1)
    if checked == 0:
        sys.exit("FAIL: no links found under %s" % repo)
    print("PASS: %d links in *.md, docs/*.md and docs/history/*.md reach their file and heading" % checked)


if __name__ == "__main__":
    main()
